import SDUIEnvironment

/// A stack child during the stack algorithm (kept in a reusable scratch buffer).
struct StackItem {
    var node: Int32
    var priority: Double
    var flexibility: Double
    var minimum: Double
}

/// A diagnostic found while computing, turned into a `LayoutDiagnostic` by the output pass.
struct ComputeDiagnostic: Sendable {
    var code: StaticString
    var severity: LayoutDiagnostic.Severity
    var node: Int32
    var message: DiagnosticMessage
}

/// A diagnostic's message, kept as its values until a result's `diagnostics` are read (the frequent ones
/// cost no string per pass).
enum DiagnosticMessage: Sendable {
    case text(String)
    /// A text cut at its own `lineLimit` of `lines` lines.
    case truncatedAtLimit(lines: Int)
    /// A text cut to the `lines` lines that fit the proposal.
    case truncatedToFit(lines: Int, width: Double, height: Double)
    /// A word (`isNumber`: a number) broken between a line ending in `before` and the next, `after` (the lines'
    /// own strings, kept by reference: no string is made per broken word until the message is read).
    case brokenWord(isNumber: Bool, before: String, after: String)

    var description: String {
        switch self {
        case .text(let text): return text
        case .brokenWord(let isNumber, let before, let after):
            return "a \(isNumber ? "number" : "word") is broken across lines (wider than the line): \"\(before)\" / \"\(after)\""
        case .truncatedAtLimit(let lines): return "text truncated at its lineLimit of \(lines) line\(lines == 1 ? "" : "s")"
        case .truncatedToFit(let lines, let width, let height):
            return "text truncated: \(lines) line\(lines == 1 ? "" : "s") fit in \(formatSize((width, height)))"
        }
    }
}

/// The pass's own per-node buffers without bounds checks (checked in debug builds): taken with the tree's
/// (`LayoutTreeView`) in `beginPass` and again in `growBuffers`, the only place a buffer grows during compute
/// (virtualised rows realised mid-pass).
///
/// So a function must not keep a copy of these (or of `LayoutState.view`) across a call that may lay out a child:
/// it re-reads `s.ptr` after the call (a load, not the checked subscript's loads and compare).
struct PassPointers {
    var geometry: UncheckedBuffer<NodeGeometry>
    var placementRecords: UncheckedBuffer<PlacementRecord>
    /// `measurements.versions`.
    var versions: UncheckedBuffer<UInt32>
    /// `scratch.stackItems`: at least one item per node, so nested stacks never grow it (their regions hold
    /// disjoint children).
    var stackItems: UncheckedBuffer<StackItem>
    /// `scratch.sortItems`.
    var sortItems: UncheckedBuffer<StackItem>
}

/// Buffers the algorithms borrow while they run, reused across passes (no allocation once warm); each is used
/// as a stack — a call takes a region above what its callers hold and gives it back before it returns.
struct ComputeScratch {
    /// A stack's visible children with their flexibility (`stackLayout`'s steps 1–5).
    var stackItems = NodeBuffer<StackItem>()
    /// Scratch for sorting a stack's children (`sortStackItems`): one item per node, like `stackItems`.
    var sortItems = NodeBuffer<StackItem>()
    /// First free entry of `stackItems`.
    var stackTop = 0
    /// The columns of the GridItem grids being laid out (a nested grid's columns sit above its parent's).
    var gridTracks = ContiguousArray<GridTrack>()
    /// Children's sizes for `viewThatFits` and `flow`.
    var sizes = ContiguousArray<(Double, Double)>()
    /// A flow's lines.
    var flowLines = ContiguousArray<FlowLine>()
    /// Ideal sizes of partial layer chains, per `computeLayeredNode` call (`layerCall`).
    var layerIdeals = NodeBuffer<LayerIdeal>()
    var layerCall: UInt32 = 0
}

/// The placements of the full pass before the current one (see `PlacementRecord`): swapped with the current
/// pass's buffers (`LayoutState.geometry`, `placementRecords`, `placedTexts`, `layerBoxes`) at the start of a pass.
struct SparePlacements {
    var geometry = NodeBuffer<NodeGeometry>()
    var records = NodeBuffer<PlacementRecord>()
    var placedTexts = ContiguousArray<PlacedText>()
    var layerBoxes = NodeBuffer<LayerBox>()
}

/// Everything `Compute/` reads and writes: the flat tree plus scratch buffers reused across layouts.
struct LayoutState {
    /// The tree being laid out: a screen's shared template (read only), or a tree of the engine's own (viewport
    /// layouts; `LayoutEngine.ownTree` while a template is laid out).
    var tree = LayoutTree()
    /// Where each node sits, in this pass (one of the two alternating sets of placements, see `PlacementRecord`).
    var geometry = NodeBuffer<NodeGeometry>()
    /// Per node, the proposal its placement in `geometry` was made for (`PlacementRecord`).
    var placementRecords = NodeBuffer<PlacementRecord>()
    /// The other set of placements: the previous full pass's geometry, records, placed texts and layer boxes.
    var spare = SparePlacements()
    /// The output step's plan of an upward relayout (`IncrementalOutput.startUpward`): its buffers kept from pass to pass.
    var outputPlan = IncrementalOutput()
    /// Each layer's box in this pass (parallel to `tree.layers`).
    var layerBoxes = NodeBuffer<LayerBox>()
    /// Nodes placed in this pass that are laid out again after compute (`extendIntoSafeArea`): a placement that
    /// contains one is not remembered (`placementEvents`).
    var volatilePlacements = 0
    /// Placement records of another epoch are not reusable (`PlacementRecord`); 0 is never current.
    var placementEpoch: UInt32 = 1
    /// This pass may reuse and record placements (a full layout; not a viewport layout).
    var remembersPlacements = false
    /// Placements reused since the engine was made (tests: that going back to a width reuses, and what).
    var placementsReused = 0
    /// While an upward relayout places an ancestor again: the last layout's diagnostics its reused placements report
    /// again (`DiagnosticReplay`, inactive otherwise).
    var replay = DiagnosticReplay()
    /// Sizes nodes gave for proposals, kept across full layouts of the same tree (see `MeasureCache`).
    var measurements = MeasureCache()
    /// Whether `measurements` may be kept into the next pass: false after a viewport layout, or when another
    /// tree was taken (`LayoutEngine.prepareTree`).
    var measurementsAreCurrent = false
    /// The algorithms' reusable buffers.
    var scratch = ComputeScratch()
    var text = TextMeasurementSeam()
    /// Final text layouts of this pass, per text index (set when the text node is placed).
    var placedTexts = ContiguousArray<PlacedText>()
    /// The text indices written since the last result was made (`noteTextWrite`); nil: not recorded (a full pass,
    /// or the texts were changed otherwise). The boxes the results hold their texts in are `LastResult`'s.
    var textWrites: [Int32]?
    /// The splices of the text runs (`TableSplice`: a state change's template items inserted or removed) made to
    /// `placedTexts` since the last result was made, in order, before any of `textWrites`.
    var textSplices: [TableSplice] = []
    var diagnostics = ContiguousArray<ComputeDiagnostic>()
    /// Per text index: the text as the measurer measured it, kept across passes of the same tree.
    var textHandles = ContiguousArray<PreparedTextHandle>()
    /// Whether `textHandles` are those of an earlier tree (or cache), to be checked against this tree's strings.
    var textHandlesAreHints = true
    /// Viewport layouts: the visible range of the virtualised grid being placed, in its content coordinates.
    var lazyWindow: LazyWindow? = nil
    /// Viewport layouts: the realised range of the root scroll's content (min, max), in content coordinates.
    var viewport: (Double, Double)? = nil
    /// Viewport layouts: measured rows of the virtualised grids, kept across layouts of the same tree.
    var lazyRows: [LazyRowModel] = []
    /// What the algorithms read of `tree` (the narrow tree interface), taken with `ptr`.
    var view: LayoutTreeView
    /// This pass's unchecked views of the buffers above.
    var ptr: PassPointers

    init() {
        view = LayoutTreeView(tree)
        ptr = PassPointers(geometry: geometry.unchecked, placementRecords: placementRecords.unchecked,
                           versions: measurements.versions.unchecked, stackItems: scratch.stackItems.unchecked,
                           sortItems: scratch.sortItems.unchecked)
    }

    /// Takes the tree's buffers for `view` and the pass's for `ptr` (after any of them grew or the tree changed).
    mutating func takePointers() {
        view = LayoutTreeView(tree)
        ptr = PassPointers(geometry: geometry.unchecked, placementRecords: placementRecords.unchecked,
                           versions: measurements.versions.unchecked, stackItems: scratch.stackItems.unchecked,
                           sortItems: scratch.sortItems.unchecked)
    }

    /// Prepares buffers for a pass over the current tree (O(n) clears, no allocation once warm); `keepsMeasurements`:
    /// this pass may use the measurements of earlier passes (a full layout of the tree they were made for);
    /// `overLastPass`: the pass re-places what the last pass placed, after some nodes were invalidated (an
    /// incremental update: the nodes left valid are in the last pass's placements, at the proposals they will
    /// get again). `last`: the last results' texts (a full pass lets the one before the last go: `dropRetiredTexts`).
    mutating func beginPass(keepsMeasurements: Bool, overLastPass: Bool = false, last: inout LastResult) {
        let n = tree.nodes.count
        if keepsMeasurements && measurementsAreCurrent {
            // Another full pass of the same tree: write over the placements of the pass before the last
            // (`PlacementRecord`); an incremental pass writes over the last one's, where every node it does not lay
            // out again still is.
            if !overLastPass {
                swap(&geometry, &spare.geometry)
                swap(&placementRecords, &spare.records)
                swap(&placedTexts, &spare.placedTexts)
                swap(&layerBoxes, &spare.layerBoxes)
            }
        } else {
            measurements.removeAll(nodes: n)
            placementEpoch &+= 1
            if placementEpoch == 0 {
                placementEpoch = 1
                placementRecords.removeAll(); spare.records.removeAll()
            }
        }
        if !overLastPass { textWrites = nil; last.dropRetiredTexts() }
        measurementsAreCurrent = keepsMeasurements
        remembersPlacements = keepsMeasurements
        if placementRecords.count != n {
            placementRecords.removeAll()
            placementRecords.append(contentsOf: repeatElement(PlacementRecord(), count: n))
        }
        // No reset needed when the size matches: every visible node's geometry is rewritten when it is
        // placed (its parent sets x and y), and hidden nodes are output with zero frames.
        if geometry.count != n {
            geometry.removeAll()
            geometry.append(contentsOf: repeatElement(NodeGeometry(), count: n))
        }
        if placedTexts.count != tree.texts.count {
            placedTexts = ContiguousArray(repeating: PlacedText(), count: tree.texts.count)
            textWrites = nil
        }
        if layerBoxes.count != tree.layers.count { resizeLayerBuffers() }
        volatilePlacements = 0
        if scratch.stackItems.count < n + 1 {
            scratch.stackItems.append(contentsOf: repeatElement(StackItem(node: -1, priority: 0, flexibility: 0, minimum: 0),
                                                          count: n + 1 - scratch.stackItems.count))
        }
        if scratch.sortItems.count < n + 1 {
            scratch.sortItems.append(contentsOf: repeatElement(StackItem(node: -1, priority: 0, flexibility: 0, minimum: 0),
                                                         count: n + 1 - scratch.sortItems.count))
        }
        diagnostics.removeAll(keepingCapacity: true)
        scratch.stackTop = 0
        takePointers()
    }

    /// Grows the per-node buffers after nodes were appended (virtualised rows realised mid-pass).
    mutating func growBuffers() {
        let n = tree.nodes.count
        while geometry.count < n { geometry.append(NodeGeometry()) }
        while placementRecords.count < n { placementRecords.append(PlacementRecord()) }
        measurements.grow(nodes: n)
        if placedTexts.count < tree.texts.count { textWrites = nil }
        while placedTexts.count < tree.texts.count { placedTexts.append(PlacedText()) }
        if layerBoxes.count < tree.layers.count { resizeLayerBuffers() }
        while scratch.stackItems.count < n + 1 { scratch.stackItems.append(StackItem(node: -1, priority: 0, flexibility: 0, minimum: 0)) }
        while scratch.sortItems.count < n + 1 { scratch.sortItems.append(StackItem(node: -1, priority: 0, flexibility: 0, minimum: 0)) }
        takePointers()
    }

    /// Shrinks the per-node buffers back to `count` nodes (dropping realised rows).
    mutating func truncate(nodes count: Int, texts textCount: Int, diagnostics diagnosticCount: Int) {
        tree.truncateBuildDiagnostics(to: diagnosticCount)
        tree.nodes.truncate(to: count)
        tree.frames.truncate(to: count)
        tree.paddings.truncate(to: count)
        tree.sources.truncate(to: count)
        tree.linksArray = nil
        tree.texts.truncate(to: textCount)
        if let firstRemoved = tree.layeredNodes.firstIndex(where: { Int($0.node) >= count }) {
            tree.layers.truncate(to: Int(tree.layeredNodes[firstRemoved].firstLayer))
            tree.layeredNodes.truncate(to: firstRemoved)
            tree.ignoresSafeAreaCount = tree.layeredNodes.reduce(0) { $0 + ($1.ignoresSafeArea ? 1 : 0) }
            layerBoxes.truncate(to: tree.layers.count)
        }
        geometry.truncate(to: count)
        placementRecords.truncate(to: count)
        scratch.gridTracks.removeAll(keepingCapacity: true)
        if placedTexts.count > textCount { textWrites = nil }
        placedTexts.truncate(to: textCount)
        // Realised texts are gone: their handles would describe other items next time.
        textHandles.truncate(to: textCount)
    }

    /// Sizes the layer buffers to the tree's layers (a new tree, or layers of realised rows).
    @inline(never)
    mutating func resizeLayerBuffers() {
        let n = tree.layers.count
        layerBoxes.truncate(to: n)
        if layerBoxes.count < n { layerBoxes.append(contentsOf: repeatElement(LayerBox(), count: n - layerBoxes.count)) }
        if spare.layerBoxes.count != n {
            spare.layerBoxes.truncate(to: n)
            spare.layerBoxes.append(contentsOf: repeatElement(LayerBox(), count: n - spare.layerBoxes.count))
        }
        scratch.layerIdeals.truncate(to: n)
        if scratch.layerIdeals.count < n { scratch.layerIdeals.append(contentsOf: repeatElement(LayerIdeal(), count: n - scratch.layerIdeals.count)) }
    }

    /// The cached size of `node` for `proposal` (`MeasureCache`), if it was measured.
    @inline(__always)
    func cachedSize(_ node: Int32, _ proposal: Proposal) -> LayoutOutput? {
        measurements.size(node, proposal)
    }

    /// Remembers the size of `node` for `proposal`.
    @inline(__always)
    mutating func cache(_ node: Int32, _ proposal: Proposal, _ size: LayoutOutput) {
        measurements.insert(node, proposal, size.width, size.height)
    }

    mutating func report(_ code: StaticString, _ severity: LayoutDiagnostic.Severity, _ node: Int32, _ message: String) {
        diagnostics.append(ComputeDiagnostic(code: code, severity: severity, node: node, message: .text(message)))
    }

    mutating func report(_ code: StaticString, _ severity: LayoutDiagnostic.Severity, _ node: Int32, _ message: DiagnosticMessage) {
        diagnostics.append(ComputeDiagnostic(code: code, severity: severity, node: node, message: message))
    }
}

/// The visible range of a virtualised grid during a viewport layout.
struct LazyWindow {
    var grid: Int32
    var minY: Double
    var maxY: Double
    var source: Int
}

@inline(__always) func isUnspecified(_ value: Double) -> Bool { value.isNaN }

extension ContiguousArray {
    /// Drops elements after the first `n` (the fast path of `removeLast`, unlike `removeSubrange`).
    @inline(__always) mutating func truncate(to n: Int) { if count > n { removeLast(count - n) } }
}

extension Array {
    /// Drops elements after the first `n`.
    @inline(__always) mutating func truncate(to n: Int) { if count > n { removeLast(count - n) } }
}

/// `Swift.max(x, y)` and `Swift.min(x, y)` for `Double`, bit for bit (`y >= x ? y : x` and `y < x ? y : x`:
/// a NaN `y` gives `x`, equal values give `y`, so signed zeros and NaNs come out as before). Spelt out because
/// the generic functions are not inlined into large callers: in the stacks' loops, where the leaves' modifier
/// layers are inlined, each use was a call, which also spills
/// every live `Double` (all vector registers are caller-saved).
@inline(__always)
func maxOf(_ x: Double, _ y: Double) -> Double { y >= x ? y : x }

@inline(__always)
func minOf(_ x: Double, _ y: Double) -> Double { y < x ? y : x }
