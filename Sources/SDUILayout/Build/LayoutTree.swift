import Foundation
import SDUIEnvironment
import SDUISchema

/// The kind of a flat layout node: the algorithm that sizes and places it.
enum NodeKind: UInt8 {
    case vstack, hstack, zstack, grid, scroll, text, image, button, spacer, divider, color, custom
    /// `viewThatFits`, `flow`, `hgrid` (`LazyHGrid`), `label`, an `image` with `systemName` (an SF Symbol).
    case viewThatFits, flow, hgrid, label, symbol
    /// `toggle`, `textField`, `stepper`, `picker`: a control of UIKit's size and a label (`InputSpec`).
    case input
}

/// Sentinel for "no value" in the `Double` fields of `FlatNode` (an absent frame width, a missing aspect ratio).
let unset = Double.nan

/// One node of the flattened layout tree: size-class values resolved and modifiers folded into fields.
///
/// The top-level modifier keys are folded into fields and apply from the content outward: aspectRatio → padding →
/// frame (background and cornerRadius do not change geometry) — the fast path. A node with a `modifiers` chain has
/// layers instead (`hasLayers`). `Compute/` reads only these fields and the layers, never schema types.
struct FlatNode {
    // Field order: the 4-byte fields, then the 1-byte ones, then the `Double`s, so the struct has no padding
    // holes (144 bytes; 168 in document order of the sections). The build writes one per node and the compute
    // steps read them all the time: fewer cache lines per node.

    // MARK: Structure (indices into `LayoutTree.nodes`, -1 for none)
    var parent: Int32 = -1
    /// Index of the node among its parent's payload children (or among a virtualised grid's items): with
    /// `parent` it gives the path id and the JSON Pointer on demand, so building creates no strings.
    var childIndex: Int32 = 0
    var firstChild: Int32 = -1
    var nextSibling: Int32 = -1
    /// Visible children (hidden ones take no part in layout).
    var visibleChildCount: Int32 = 0
    /// Grid: the number of columns (with GridItems: the number of items, from `firstGridItem`); hgrid: its rows;
    /// viewThatFits: its axes (`Axis.Set` bits); SF Symbol image: its text style (index in `TextStyle.allCases`).
    var columns: Int32 = 1
    /// Grid with GridItem columns: its first item in `LayoutTree.gridItems` (-1: a column count). An input: its
    /// `InputSpec` in `LayoutTree.inputs`.
    var firstGridItem: Int32 = -1
    /// Index into `LayoutTree.texts` for text nodes and button titles; -1 otherwise.
    var textIndex: Int32 = -1

    // MARK: Kind and flags
    var kind: NodeKind = .color
    /// `visible: false`, or inside a hidden subtree.
    var isHidden = false
    /// A button, or a node with an `action`: its frame should be at least 44×44 pt.
    var isTappable = false
    /// color, image, spacer or divider: sized by arithmetic, not worth a cache lookup.
    var isSimpleLeaf = false
    /// Placed nodes whose final size is checked (tap targets, containers that may overflow).
    var needsPlacementCheck = false
    /// A `color` with no padding, no aspect ratio and no min/max frame: its size on each axis is its frame's fixed
    /// value, or the proposal (10 when unspecified), and its content sits at its origin — computed without the
    /// modifier layers (set by the build; `computeLeafNode`).
    var isPlainColor = false
    /// Stacks and scrolls: true for the horizontal axis.
    var isHorizontal = false
    /// The node's parent lays it out along a stack axis (spacers and dividers need to know which one).
    var stackAxisOfParent: StackAxisContext = .none
    /// The axis along which the node's proposal is (or derives from) a stack's share: set for a stack's
    /// children, and passed on through zstacks (and unknown types) that do not fix their own size along it.
    /// A node taking more than its share along this axis is not an overflow (its stack is, if anything).
    var shareAxis: StackAxisContext = .none
    /// Stacks: whether step 5 of `stackLayout` can take its closed form (see `StackChildShape`); set once per
    /// tree as the children are appended (`StackChildren`).
    var stackChildShape: StackChildShape = .general
    /// Stacks and scrolls: the payload gave no `spacing`, so SwiftUI's default applies — 8 between views,
    /// none next to a spacer (a `Spacer` has no spacing preference of its own).
    var hasDefaultSpacing = true
    /// Spacer: the payload gave no `minLength` (SwiftUI's `Spacer(minLength: nil)`).
    var hasDefaultMinLength = false
    /// Modifiers: `aspectRatio` with content mode fill; padding; a frame.
    var aspectFill = false
    var hasPadding = false
    var hasFrame = false
    /// The node has a `modifiers` chain: its modifiers (the top-level modifier keys included) are layers (`LayoutTree.layers`,
    /// found through `LayoutTree.layered`), laid out by `computeLayeredNode`; the folded fields above are unset.
    var hasLayers = false

    // MARK: Containers
    /// Stack spacing, or grid row spacing.
    var spacing: Double = 8
    /// Stacks and scrolls: the sum of the gaps between visible children (built once per tree).
    var spacingTotal: Double = 0
    /// The gap before this node in its stack (0 for the first visible child, and outside stacks).
    var gapBefore: Double = 0
    /// Grid column spacing; hgrid: row spacing; flow: the space between lines.
    var columnSpacing: Double = 8
    /// Stack / zstack / grid-item / text alignment as fractions (0 leading/top … 1 trailing/bottom).
    var alignX: Double = 0.5
    var alignY: Double = 0.5
    /// Grid: minimum column width (0: none).
    var minColumnWidth: Double = 0
    /// Spacer: minimum length along the stack axis; label: 1 when it has a symbol.
    var minLength: Double = 8

    // MARK: Modifiers
    /// Width ÷ height (NaN: none).
    var aspectRatio: Double = unset
    var layoutPriority: Double = 0

    // MARK: Leaves
    /// Button: padding the style adds around its title.
    var labelPadH: Double = 0, labelPadV: Double = 0
}

/// A frame modifier with values resolved: fixed sizes and flexible bounds (NaN: none; a max may be +infinity);
/// the payload model's record keeps them checked (`FrameValues`), so the build copies them.
typealias FrameSpec = FrameValues

/// Padding with values resolved (`PaddingValues`, checked in the payload model's record).
typealias PaddingSpec = PaddingValues

/// Which stack axis the node sits on (spacers and dividers orient themselves by it, as in SwiftUI).
enum StackAxisContext: UInt8 { case none, vertical, horizontal }

/// A prepared text: the string and its font, resolved from the Dynamic Type table once per build.
struct TextSpec {
    var string: String
    var fontSize: Double
    var fontWeight: Int
    var lineHeight: Double
    /// nil: unlimited.
    var lineLimit: Int?
    var alignment: Alignment
    /// The text style the font comes from, and a weight that does not depend on the Dynamic Type size (the
    /// payload's `weight`; a prominent button's semibold), so the run can be resolved for another size
    /// (`resolveFont`).
    var fontStyle: TextStyle
    var fixedWeight: FontWeight?
    /// SwiftUI's `lineSpacing`: points added between lines (in `lineHeight`, the line stride; the last line's
    /// is taken off the text's height, `computeTextLayout`).
    var lineSpacing = 0.0
    /// SwiftUI's `minimumScaleFactor` (1: the font never shrinks).
    var minimumScaleFactor = 1.0
    /// The payload's `fontFamily`, `fontSize` and `italic`, with the face picked for them (`TextFontChoice`).
    var choice = TextFontChoice.none
    /// The font as `TextMeasurer` takes it.
    var font: FontSpec { FontSpec(size: fontSize, weight: fontWeight, lineHeight: lineHeight, face: choice.face) }

    /// A run of `string` with the font of `style` at `contentSize` (weight `fixedWeight`, or the style's), or the
    /// font `choice` asks for.
    init(string: String, style: TextStyle, fixedWeight: FontWeight?, contentSize: ContentSizeCategory,
         lineLimit: Int?, alignment: Alignment, lineSpacing: Double = 0, minimumScaleFactor: Double = 1,
         choice: TextFontChoice = .none) {
        self.string = string
        self.lineSpacing = lineSpacing
        self.minimumScaleFactor = minimumScaleFactor
        self.fontStyle = style
        self.fixedWeight = fixedWeight
        self.lineLimit = lineLimit
        self.alignment = alignment
        self.choice = choice
        self.fontSize = 0; self.fontWeight = 0; self.lineHeight = 0
        resolveFont(contentSize)
    }

    /// Sets the font from Apple's Dynamic Type table for `fontStyle` at `contentSize` (`TextFontChoice.resolve`
    /// when the payload names a family or a size).
    @inline(__always)
    mutating func resolveFont(_ contentSize: ContentSizeCategory) {
        let metrics = DynamicTypeTable.metrics(fontStyle, contentSize)
        if choice.isDefault {
            fontSize = metrics.size
            lineHeight = metrics.lineHeight + lineSpacing
            fontWeight = (fixedWeight ?? metrics.weight).cssWeight
        } else {
            (fontSize, lineHeight, fontWeight) = choice.resolve(style: fontStyle, metrics: metrics, fixedWeight: fixedWeight)
            lineHeight += lineSpacing
        }
    }
}

/// A screen flattened for layout: arrays of structs in document pre-order, indexed by `Int32`.
///
/// Node 0 is the root. Children of a node are linked through `firstChild` / `nextSibling`; because the order is
/// pre-order, every node's index is greater than its parent's.
struct LayoutTree {
    var nodes = NodeBuffer<FlatNode>()
    /// Frame modifiers per node (meaningful where `hasFrame`), kept apart so `FlatNode` stays small.
    var frames = NodeBuffer<FrameSpec>()
    /// Padding per node (meaningful where `hasPadding`).
    var paddings = NodeBuffer<PaddingSpec>()
    /// Per node, the payload node it was built from (in memory `source` keeps: see `PayloadSource`): where everything
    /// a later stage asks of a node besides its geometry is read (`NodeContent`), by the node's index.
    var sources = NodeBuffer<UnsafePointer<ComponentNode>>()
    /// Nodes the four per-node buffers all have room for (at most the smallest capacity: `reserveNodes` checks this
    /// one number, not four).
    var nodeCapacity = 0
    /// What a result needs to name each node (parent, child index, text, hidden), in document order, as the
    /// array every `LayoutResult` of a tree of an engine's own shares (copy-on-write): made from `nodes` by the
    /// first result and dropped whenever the nodes change (`removeAll`, realised rows, `LayoutState.truncate`).
    /// A shared template's results read its frozen `nodes` instead (`outputLinks()`), so the build writes no
    /// links of its own.
    var linksArray: ContiguousArray<OutputLink>?
    /// The payload the tree was built from (ids and types are read from it when a result's nodes are read).
    var source: PayloadSource?
    /// The root's `pinnedViews` (`PinnedScrollableViews` bits): the sections' views a root scroll keeps in its viewport.
    var rootPinnedViews: UInt8 = 0
    /// The payload nodes state changes put in place of the ones the tree was built from (`replaceSource(of:from:)`),
    /// by node; `sources` points into them.
    var replacedSources: [Int32: ReplacedSource] = [:]
    /// The texts state changes gave text nodes, buttons and labels whose payload node was left in place, by node:
    /// what their content's `text` is now (`NodeContent.text`; their content records hold the text they were built
    /// with). A node whose payload node is replaced leaves it.
    var changedTexts: [Int32: String] = [:]
    var texts = ContiguousArray<TextSpec>()
    /// GridItem columns of the grids that have them (`FlatNode.firstGridItem`, `columns` items each).
    var gridItems = ContiguousArray<GridItemSpec>()
    /// The modifier layers of the layered nodes (`FlatNode.hasLayers`): per node its content layer, then one per
    /// element of its full chain, innermost first (`LayoutLayer`).
    var layers = ContiguousArray<LayoutLayer>()
    /// The layered nodes in node order, with where their layers are (`layered(_:)`).
    var layeredNodes = ContiguousArray<LayeredNode>()
    /// How many layered nodes extend into the safe area (`LayeredNode.ignoresSafeArea`).
    var ignoresSafeAreaCount = 0
    /// The controls of input nodes (`FlatNode.firstGridItem` of an input).
    var inputs = ContiguousArray<InputSpec>()
    /// The state the screen was resolved in: a text field shows its variable's value.
    var inputState = ScreenState()
    /// Problems found while building (unknown types, frame conflicts, images without aspect ratio…), in the order
    /// the build found them; appended only by `report(_:about:pointerSuffix:)`.
    var buildDiagnostics: [LayoutDiagnostic] = []
    /// For each of `buildDiagnostics`, the node it names (what a splice needs to name it again where the node moves).
    var buildDiagnosticOwners: [DiagnosticOwner] = []
    var screenID = ""
    /// The traits values were resolved against (virtualised rows are built later with the same ones).
    var sizeClass: UserInterfaceSizeClass = .compact
    var contentSize: ContentSizeCategory = .large
    /// Names (id, JSON Pointer) of nodes that had diagnostics, made once per tree (index → name); only nodes
    /// of the built tree, not realised rows, are kept.
    var diagnosticNames: [Int32: (id: String, pointer: String)] = [:]
    /// Nodes in the tree as built (realised rows of virtualised grids come after them).
    var builtCount = 0
    /// Grids whose items are realised on demand (viewport layouts only): node index → source children.
    var lazyGrids: [LazyGridSource] = []
    /// The grids in the root vertical scroll's column (SwiftUI's `LazyVGrid` in a `ScrollView`), in node order: their
    /// children are lazy items, which appear as they scroll into view.
    var lazyGridNodes: [Int32] = []
    /// Some node's properties are size-class maps (the tree holds the values for `sizeClass`); otherwise the
    /// tree is the same for both size classes.
    var usesSizeClasses = false
    /// The fonts the text runs' faces were picked from (`TreeBuilder.fonts`), whether some run names a family
    /// (the tree then depends on them), and the runs whose family they do not have (`font-not-found`).
    var fonts = FontCollection()
    var usesFontFamilies = false
    var fontMisses: [(text: Int32, family: String)] = []
    /// The runs measured in a face of another weight or style than they ask for (`font-face-substituted`).
    var fontSubstitutions: [(text: Int32, face: FontFace, weight: Int, isItalic: Bool)] = []
    /// The faces matched while building (a screen asks for a few, over and over: a card's title and price).
    var fontMatches: [(family: String, weight: Int, isItalic: Bool, face: FontFace?)] = []
    /// The buffers are a `LayoutTemplate`'s, shared with other engines: read only (see `NodeBuffer.freeze`).
    var isShared: Bool { nodes.isFrozen }

    mutating func removeAll() {
        nodes.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        paddings.removeAll(keepingCapacity: true)
        sources.removeAll(keepingCapacity: true)
        replacedSources.removeAll()
        changedTexts.removeAll()
        linksArray = nil
        texts.removeAll(keepingCapacity: true)
        gridItems.removeAll(keepingCapacity: true)
        layers.removeAll(keepingCapacity: true)
        layeredNodes.removeAll(keepingCapacity: true)
        ignoresSafeAreaCount = 0
        inputs.removeAll(keepingCapacity: true)
        buildDiagnostics.removeAll(keepingCapacity: true)
        buildDiagnosticOwners.removeAll(keepingCapacity: true)
        lazyGrids.removeAll(keepingCapacity: true)
        lazyGridNodes.removeAll(keepingCapacity: true)
        diagnosticNames.removeAll()
        builtCount = 0
        usesSizeClasses = false
        usesFontFamilies = false
        fontMisses.removeAll()
        fontSubstitutions.removeAll()
        fontMatches.removeAll()
    }

    /// Makes the buffers read-only (a template's; see `NodeBuffer.freeze`).
    func freeze() {
        nodes.freeze(); frames.freeze(); paddings.freeze(); sources.freeze()
    }

    /// Whether the children of `node` are in the root vertical scroll's column — the scroll's own children, and
    /// the children of a vstack in the column without a frame or aspect ratio (padding is fine), at any depth:
    /// each gives its children an unspecified height, so a grid there can be virtualised (viewport layouts).
    /// Asked for grids of viewport builds only, so kept out of line (inlined, it would grow every build's code).
    /// - Complexity: O(depth).
    @inline(never)
    func childrenAreInScrollColumn(_ node: Int32) -> Bool {
        var i = node
        while i >= 0 {
            let n = nodes[Int(i)]
            if n.parent < 0 { return n.kind == .scroll && !n.isHorizontal }
            guard n.kind == .vstack && !n.hasFrame && n.aspectRatio.isNaN && !n.hasLayers else { return false }
            i = n.parent
        }
        return false
    }

    /// Makes room for `n` more nodes in the four per-node buffers (`nodes`, `frames`, `paddings`, `sources`), which
    /// always hold the same number of elements and grow together: the build then appends a node's records with
    /// one capacity check (`appendAssumingCapacity`).
    ///
    /// `mutating` also because a non-mutating method called on the build's `inout` tree gets a copy of the whole
    /// struct (a `memcpy` per call, seen in the build's machine code).
    @inline(__always)
    mutating func reserveNodes(_ n: Int) {
        let needed = nodes.count + n
        if needed > nodeCapacity { growNodes(needed) }
    }

    @inline(never)
    private mutating func growNodes(_ needed: Int) {
        nodes.reserve(needed); frames.reserve(needed); paddings.reserve(needed); sources.reserve(needed)
        nodeCapacity = min(nodes.capacity, frames.capacity, paddings.capacity, sources.capacity)
    }

    /// The links of the nodes as the results of this tree read them: a shared template's own `nodes` (frozen:
    /// never written again, so no copy), or for a tree of an engine's own — which its next build rewrites — an
    /// array shared by its results (`linksArray`: one copy per tree, not per pass).
    mutating func outputLinks() -> OutputLinks {
        if nodes.isFrozen {
            // Sources a state change replaced are written into a copy, frozen here before a result shares it.
            if !sources.isFrozen { sources.freeze() }
            return OutputLinks(frozen: nodes, sources: sources, paddings: paddings)
        }
        if let linksArray, linksArray.count == nodes.count { return OutputLinks(linksArray) }
        let flat = nodes.unchecked, pointers = sources.unchecked, padding = paddings.unchecked
        let count = min(flat.count, pointers.count, padding.count)
        let made = ContiguousArray<OutputLink>(unsafeUninitializedCapacity: count) { links, initialized in
            for i in 0..<count {
                (links.baseAddress! + i).initialize(to: OutputLink(flat[i], node: Int32(truncatingIfNeeded: i), source: pointers[i],
                                                                   padding: padding[i]))
            }
            initialized = count
        }
        linksArray = made
        return OutputLinks(made)
    }

    /// Makes the node at flat node `index`'s place in `root`'s tree (its child slots from the root) the payload node
    /// of `index` (a state change changed it): what its content is read from from now on. false: `root`'s tree has no
    /// node there (nothing changed).
    ///
    /// The node is copied once, read where it lies in `root`. A holder no result shares is written in place; a
    /// template's frozen `sources` are copied first (results of the tree as it was keep theirs), or made writable
    /// again when nothing else holds them any more.
    mutating func replaceSource(of index: Int32, from root: ComponentNode) -> Bool {
        guard index >= 0, Int(index) < sources.count else { return false }
        return Self.withSlots(of: index, in: nodes.unchecked) { slots in
            root.withView(at: slots) { node in setSource(of: index, to: node) }
        }
    }

    /// Takes `text` as node `index`'s content text (`changedTexts`) without replacing its payload node, when its
    /// content's text is the one text a state change sets (a text's `text`, a button's or label's `title`); false
    /// for any other node (its payload node is to be replaced).
    mutating func keepSource(of index: Int32, changingTextTo text: String) -> Bool {
        guard index >= 0, Int(index) < sources.count else { return false }
        switch sources[Int(index)].pointee.type {
        case .text, .button, .label:
            changedTexts[index] = text
            return true
        default:
            return false
        }
    }

    /// `node` in the holder of flat node `index` (`replacedSources`), and the holder's node its source.
    private mutating func setSource(of index: Int32, to node: borrowing ComponentNode) {
        let holder: ReplacedSource
        if let k = replacedSources.index(forKey: index), isKnownUniquelyReferenced(&replacedSources.values[k]) {
            // Only this tree holds it (no result): changed where it lies.
            holder = replacedSources.values[k]
            holder.withUnsafeMutablePointerToElements { $0.pointee = copy node }
        } else {
            holder = ReplacedSource.make(copy node)
            replacedSources[index] = holder
        }
        if !changedTexts.isEmpty { changedTexts[index] = nil }
        guard sources[Int(index)] != holder.node else { return }
        if sources.isFrozen && !sources.thawIfUnique() {
            sources = NodeBuffer(copying: sources)
            nodeCapacity = min(nodeCapacity, sources.capacity)
        }
        sources[Int(index)] = holder.node
        linksArray = nil
    }

    /// Calls `body` with flat node `index`'s child slots from the root (the path of `childIndex`es, in a temporary
    /// buffer); false when a link on the way up is broken.
    /// - Complexity: O(depth).
    private static func withSlots(of index: Int32, in nodes: UncheckedBuffer<FlatNode>,
                                  _ body: (UnsafeBufferPointer<Int32>) -> Bool) -> Bool {
        var depth = 0
        var i = index
        while i > 0, Int(i) < nodes.count { depth += 1; i = nodes[Int(i)].parent }
        guard i == 0 else { return false }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: depth) { slots in
            var i = index
            for k in stride(from: depth - 1, through: 0, by: -1) {
                slots[k] = nodes[Int(i)].childIndex
                i = nodes[Int(i)].parent
            }
            return body(UnsafeBufferPointer(slots))
        }
    }

    /// The node of `root`'s tree at flat node `index`'s place (its child slots from the root), or nil.
    /// - Complexity: O(depth).
    func payloadNode(at index: Int32, in root: ComponentNode) -> ComponentNode? {
        var found: ComponentNode?
        _ = Self.withSlots(of: index, in: nodes.unchecked) { slots in root.withView(at: slots) { found = copy $0 } }
        return found
    }

    /// `node` in memory the tree's source keeps (a node the model gives by value: see `PayloadSource.keep(_:)`).
    func keepSource(_ node: ComponentNode) -> UnsafePointer<ComponentNode> {
        guard let source else { preconditionFailure("LayoutTree.keepSource: the tree has no payload source") }
        return source.keep(node)
    }

    /// The id and JSON Pointer of node `index` for a diagnostic (made once per node and tree).
    mutating func diagnosticName(_ index: Int32) -> (id: String, pointer: String) {
        if let name = diagnosticNames[index] { return name }
        let name = (id: id(of: index), pointer: pointer(forPath: path(of: index)))
        if Int(index) < builtCount { diagnosticNames[index] = name }
        return name
    }
}

/// A grid whose items are not flattened up front: its children stay in the payload and are built row by row.
struct LazyGridSource {
    var node: Int32
    var items: [ComponentNode]
}

/// A result's links, one per output node in output order: read from a shared template's frozen nodes, or an
/// array.
struct OutputLinks {
    private let frozen: NodeBuffer<FlatNode>?
    private let frozenSources: NodeBuffer<UnsafePointer<ComponentNode>>?
    private let frozenPaddings: NodeBuffer<PaddingSpec>?
    private let array: ContiguousArray<OutputLink>
    let count: Int

    /// The links of a shared template's nodes (the buffers are frozen: never written again while anything holds them).
    init(frozen nodes: NodeBuffer<FlatNode>, sources: NodeBuffer<UnsafePointer<ComponentNode>>, paddings: NodeBuffer<PaddingSpec>) {
        assert(nodes.isFrozen && sources.isFrozen && paddings.isFrozen, "OutputLinks: only a frozen (template) buffer is shared")
        frozen = nodes; frozenSources = sources; frozenPaddings = paddings; array = []; count = nodes.count
    }

    init(_ links: ContiguousArray<OutputLink>) {
        frozen = nil; frozenSources = nil; frozenPaddings = nil; array = links; count = links.count
    }

    /// No links (a result given as `LayoutNode` values).
    static var empty: OutputLinks { OutputLinks([]) }

    @inline(__always)
    subscript(index: Int) -> OutputLink {
        if let frozen, let frozenSources {
            return OutputLink(frozen[index], node: Int32(truncatingIfNeeded: index), source: frozenSources[index], padding: PaddingSpec())
        }
        return array[index]
    }

    /// The padding the build resolved for node `index` (zero for none; a node with a modifier chain has its padding
    /// in its layers).
    func padding(at index: Int) -> PaddingSpec {
        if let frozenPaddings { return frozenPaddings[index] }
        return array[index].padding
    }

    /// The path id of node `index` (`root.0.3`: its child slots from the root), the id of a node without a payload
    /// id (`pathID(of:slot:parent:)`). - Complexity: O(depth).
    func pathID(at index: Int) -> String {
        SDUILayout.pathID(of: index, slot: { self[$0].childIndex }, parent: { Int(self[$0].parent) }, count: count)
    }
}

/// The path id of node `index` (`root.0.3`): `root`, then the child slot (`slot`) of each node on the way down from
/// the root (node 0) to it, found up the `parent` chain; a chain that leaves `0..<count` ends there (`root`).
/// The one way a result's, a diagnostic's and a tree's path ids are made. - Complexity: O(depth).
func pathID(of index: Int, slot: (Int) -> Int32, parent: (Int) -> Int, count: Int) -> String {
    var depth = 0, i = index
    while i > 0, i < count {
        depth += 1
        i = parent(i)
    }
    // The slots from the root down, then the bytes — "root", then each slot's component
    // (`pathComponent(forChildIndex:)`: a child index's written here in decimal) — in temporary memory, made one
    // string: appending each component to a string, or to arrays made for the purpose, costs more than the digits.
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(depth, 1)) { slots in
        var i = index
        for d in stride(from: depth - 1, through: 0, by: -1) {
            slots[d] = slot(i)
            i = parent(i)
        }
        var length = 4
        for d in 0..<depth {
            let s = slots[d]
            length += s >= 0 ? 1 + decimalDigits(s) : pathComponent(forChildIndex: s).utf8.count
        }
        return String(unsafeUninitializedCapacity: length) { bytes in
            var at = 0
            for byte in "root".utf8 { bytes[at] = byte; at += 1 }
            for d in 0..<depth {
                let s = slots[d]
                guard s >= 0 else {
                    for byte in pathComponent(forChildIndex: s).utf8 { bytes[at] = byte; at += 1 }
                    continue
                }
                bytes[at] = UInt8(ascii: ".")
                at += decimalDigits(s) + 1
                var value = Int(s), k = at - 1
                repeat {
                    bytes[k] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                    k -= 1
                } while value > 0
            }
            return at
        }
    }
}

/// The number of decimal digits of `value` (≥ 0).
private func decimalDigits(_ value: Int32) -> Int {
    var digits = 1, power = 10
    while Int(value) >= power { digits += 1; power *= 10 }
    return digits
}

/// One output node's structure: enough to name it (id, path, pointer, type) and to read its payload facts.
struct OutputLink {
    /// Index of the parent in the result's nodes; -1 for the root.
    var parent: Int32
    /// Index among the parent's payload children.
    var childIndex: Int32
    /// Index into the pass's placed texts; -1 for none (or hidden).
    var textIndex: Int32
    var isHidden: Bool
    /// The node's index in the tree the result was laid out from.
    var node: Int32
    /// The payload node (in memory the result's `PayloadSource` keeps).
    var source: UnsafePointer<ComponentNode>
    /// The padding the build resolved (links in an array only: a template's are read from its frozen buffer).
    var padding: PaddingSpec

    @inline(__always)
    init(parent: Int32, childIndex: Int32, textIndex: Int32, isHidden: Bool, node: Int32, source: UnsafePointer<ComponentNode>,
         padding: PaddingSpec) {
        self.parent = parent; self.childIndex = childIndex; self.textIndex = textIndex; self.isHidden = isHidden
        self.node = node; self.source = source; self.padding = padding
    }

    /// The link of built node `index` (a hidden node's text is not output).
    @inline(__always)
    init(_ flat: FlatNode, node index: Int32, source: UnsafePointer<ComponentNode>, padding: PaddingSpec) {
        self.init(parent: flat.parent, childIndex: flat.childIndex, textIndex: flat.isHidden ? -1 : flat.textIndex,
                  isHidden: flat.isHidden, node: index, source: source, padding: padding)
    }
}

extension LayoutTree {
    /// The path id of node `index` (`root.0.3`), from the parent chain (diagnostics only: O(depth)).
    func path(of index: Int32) -> String {
        let nodes = self.nodes
        return pathID(of: Int(index), slot: { nodes[$0].childIndex }, parent: { Int(nodes[$0].parent) }, count: nodes.count)
    }

    /// The payload id of node `index`, or its path id when it has none (diagnostics only).
    func id(of index: Int32) -> String {
        guard index >= 0, Int(index) < sources.count, let id = NodeIdentity(sources[Int(index)]).id else { return path(of: index) }
        return id
    }
}
