import SDUIEnvironment

/// A size proposal (SwiftUI's `ProposedViewSize`): NaN means "unspecified" (SwiftUI's `nil`, ideal size),
/// `+infinity` means unbounded (SwiftUI's `.infinity`, the maximum probe).
struct Proposal {
    var width: Double
    var height: Double
    static let unspecified = Proposal(width: .nan, height: .nan)
}

/// Whether a compute call only sizes a node or also places its children.
enum ComputeMode { case measure, place }

/// Where a node sits relative to its parent's content origin, its size, and where its content starts.
struct NodeGeometry {
    var x: Double = 0, y: Double = 0, width: Double = 0, height: Double = 0
    /// Offset of the content box (inside padding and frame alignment) from the node's origin.
    var contentX: Double = 0, contentY: Double = 0
}

/// One cached measurement: a proposal and the size it produced.
struct MeasureSlot {
    var proposedWidth: Double = 0, proposedHeight: Double = 0, width: Double = 0, height: Double = 0
}

/// A stack child during the stack algorithm (kept in a reusable scratch buffer).
struct StackItem {
    var node: Int32
    var priority: Double
    var flexibility: Double
    var minimum: Double
    var width: Double
    var height: Double
}

/// A diagnostic found while computing, turned into a `LayoutDiagnostic` by the output pass.
struct ComputeDiagnostic {
    var code: StaticString
    var severity: LayoutDiagnostic.Severity
    var node: Int32
    var message: String
}

/// Everything `Compute/` reads and writes: the flat tree plus scratch buffers reused across layouts.
struct LayoutState {
    /// Slots per node in the measurement cache (Yoga keeps 8 measure slots; stacks here probe at most 3 sizes).
    static let slotsPerNode = 4

    var tree = LayoutTree()
    var geometry = ContiguousArray<NodeGeometry>()
    var slots = ContiguousArray<MeasureSlot>()
    var slotGeneration = ContiguousArray<UInt32>()
    var slotCount = ContiguousArray<UInt8>()
    var generation: UInt32 = 0
    var stackScratch = ContiguousArray<StackItem>()
    var text = TextMeasurementSeam()
    /// Final text layouts of this pass, per text index (set when the text node is placed).
    var placedTexts = ContiguousArray<PlacedText>()
    var diagnostics = ContiguousArray<ComputeDiagnostic>()
    /// Viewport layouts: the visible range of the virtualised grid being placed, in its content coordinates.
    var lazyWindow: LazyWindow? = nil
    /// Viewport layouts: the realised range of the root scroll's content (min, max), in content coordinates.
    var viewport: (Double, Double)? = nil
    /// Viewport layouts: measured rows of the virtualised grids, kept across layouts of the same tree.
    var lazyRows = LazyRowModel()
    /// Scratch for the output traversal.
    var traversal = ContiguousArray<Int32>()
    var outputIndex = ContiguousArray<Int32>()
    var order = ContiguousArray<Int32>()
    var frames = ContiguousArray<Rect>()
    /// The nodes' names for a full layout of the current tree (frames filled in per pass); emptied on rebuild.
    var template: [LayoutNode] = []
    var originX = ContiguousArray<Double>()
    var originY = ContiguousArray<Double>()

    /// Prepares buffers for a pass over the current tree (O(n) clears, no allocation once warm).
    mutating func beginPass() {
        let n = tree.nodes.count
        generation &+= 1
        if generation == 0 { generation = 1; slotGeneration.removeAll(keepingCapacity: true) }
        if geometry.count != n {
            geometry = ContiguousArray(repeating: NodeGeometry(), count: n)
        } else {
            geometry.withUnsafeMutableBufferPointer { buffer in
                for i in buffer.indices { buffer[i] = NodeGeometry() }
            }
        }
        if slotGeneration.count != n {
            slotGeneration = ContiguousArray(repeating: 0, count: n)
            slotCount = ContiguousArray(repeating: 0, count: n)
            slots = ContiguousArray(repeating: MeasureSlot(), count: n * Self.slotsPerNode)
        }
        if placedTexts.count != tree.texts.count {
            placedTexts = ContiguousArray(repeating: PlacedText(), count: tree.texts.count)
        }
        diagnostics.removeAll(keepingCapacity: true)
        stackScratch.removeAll(keepingCapacity: true)
    }

    /// Grows the per-node buffers after nodes were appended (virtualised rows realised mid-pass).
    mutating func growBuffers() {
        let n = tree.nodes.count
        while geometry.count < n {
            geometry.append(NodeGeometry()); slotGeneration.append(0); slotCount.append(0)
            for _ in 0..<Self.slotsPerNode { slots.append(MeasureSlot()) }
        }
        while placedTexts.count < tree.texts.count { placedTexts.append(PlacedText()) }
    }

    /// Shrinks the per-node buffers back to `count` nodes (dropping realised rows).
    mutating func truncate(nodes count: Int, texts textCount: Int, diagnostics diagnosticCount: Int) {
        tree.buildDiagnostics.removeSubrange(diagnosticCount...)
        tree.nodes.removeSubrange(count...)
        tree.labels.removeSubrange(count...)
        tree.texts.removeSubrange(textCount...)
        geometry.removeSubrange(count...)
        slotGeneration.removeSubrange(count...)
        slotCount.removeSubrange(count...)
        slots.removeSubrange((count * Self.slotsPerNode)...)
        placedTexts.removeSubrange(textCount...)
    }

    /// The cached size of `node` for `proposal`, if this pass measured it already.
    @inline(__always)
    func cachedSize(_ node: Int32, _ proposal: Proposal) -> (Double, Double)? {
        let i = Int(node)
        guard slotGeneration[i] == generation else { return nil }
        let base = i * Self.slotsPerNode
        let wBits = proposal.width.bitPattern, hBits = proposal.height.bitPattern
        for k in 0..<Int(slotCount[i]) {
            let slot = slots[base + k]
            if slot.proposedWidth.bitPattern == wBits && slot.proposedHeight.bitPattern == hBits {
                return (slot.width, slot.height)
            }
        }
        return nil
    }

    /// Remembers the size of `node` for `proposal` (round-robin over the node's slots).
    @inline(__always)
    mutating func cache(_ node: Int32, _ proposal: Proposal, _ width: Double, _ height: Double) {
        let i = Int(node)
        if slotGeneration[i] != generation { slotGeneration[i] = generation; slotCount[i] = 0 }
        let count = Int(slotCount[i])
        let k = count < Self.slotsPerNode ? count : Int(generation &+ UInt32(node)) % Self.slotsPerNode
        slots[i * Self.slotsPerNode + k] = MeasureSlot(proposedWidth: proposal.width, proposedHeight: proposal.height,
                                                       width: width, height: height)
        if count < Self.slotsPerNode { slotCount[i] = UInt8(count + 1) }
    }

    mutating func report(_ code: StaticString, _ severity: LayoutDiagnostic.Severity, _ node: Int32, _ message: String) {
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
