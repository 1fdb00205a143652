import SDUIEnvironment

/// What the layout algorithms may read of the tree being laid out — the narrow tree interface (taffy's
/// `LayoutPartialTree`): the flat nodes, their frame and padding specs, the text runs, the GridItem columns, the
/// modifier layers and the inputs' controls, and the Dynamic Type size. Read only, and nothing else of the
/// `LayoutTree`: not the payload it was built from, the nodes' identities or sources, the build's diagnostics or
/// fonts. (`LayoutState.view`; the algorithms write only the pass's own buffers, `PassPointers`.)
///
/// Held in the pass state, not passed as a parameter of its own: each algorithm already takes the state, and a
/// second aggregate passed by value to every child's layout costs a copy per call.
///
/// The buffers are the tree's, at the addresses they had when the view was taken (`LayoutState.takePointers`: in
/// `beginPass`, after a virtualised grid realised rows mid-pass — `growBuffers` — and before an upward relayout), so
/// the tree is not changed during a pass except by that realisation.
struct LayoutTreeView {
    var nodes: TreeBuffer<FlatNode>
    /// Frame specs per node (meaningful where `FlatNode.hasFrame`).
    var frames: TreeBuffer<FrameSpec>
    /// Padding per node (meaningful where `FlatNode.hasPadding`).
    var paddings: TreeBuffer<PaddingSpec>
    /// The text runs, by `FlatNode.textIndex`.
    var texts: TreeBuffer<TextSpec>
    /// GridItem columns (`FlatNode.firstGridItem`, `columns` items each).
    var gridItems: TreeBuffer<GridItemSpec>
    /// The modifier layers of the layered nodes (`LayoutTree.layers`).
    var layers: TreeBuffer<LayoutLayer>
    /// The layered nodes in node order (`layered(_:)`).
    var layeredNodes: TreeBuffer<LayeredNode>
    /// The inputs' controls (`FlatNode.firstGridItem` of an input).
    var inputs: TreeBuffer<InputSpec>
    /// How many layered nodes extend into the safe area (`LayoutTree.ignoresSafeAreaCount`).
    var ignoresSafeAreaCount: Int
    /// The Dynamic Type size the tree's values were resolved for (a symbol's side).
    var contentSize: ContentSizeCategory

    init(_ tree: LayoutTree) {
        nodes = TreeBuffer(tree.nodes.unchecked)
        frames = TreeBuffer(tree.frames.unchecked)
        paddings = TreeBuffer(tree.paddings.unchecked)
        texts = TreeBuffer(tree.texts)
        gridItems = TreeBuffer(tree.gridItems)
        layers = TreeBuffer(tree.layers)
        layeredNodes = TreeBuffer(tree.layeredNodes)
        inputs = TreeBuffer(tree.inputs)
        ignoresSafeAreaCount = tree.ignoresSafeAreaCount
        contentSize = tree.contentSize
    }

    /// The layers of layered node `node` (which must be one), as `LayoutTree.layered(_:)`.
    /// - Complexity: O(log layered nodes).
    func layered(_ node: Int32) -> LayeredNode {
        LayeredNode.find(node, count: layeredNodes.count) { layeredNodes[$0] }
    }
}

/// A read-only view of one of the tree's buffers: one load per access, bounds checked in debug builds only (the
/// indices come from the tree itself). Valid while the buffer is neither grown nor replaced (see `LayoutTreeView`).
struct TreeBuffer<Element> {
    let base: UnsafePointer<Element>?
    let count: Int

    init(_ buffer: UncheckedBuffer<Element>) where Element: BitwiseCopyable {
        base = UnsafePointer(buffer.base)
        count = buffer.count
    }

    /// An array's elements where they are (read only: a shared template's array is not made unique).
    /// `withUnsafeBufferPointer` promises the buffer for its call only; this relies on a native array's elements
    /// staying at one address while its storage lives and is not written — as `ComponentNode.children(at:)` does. The
    /// tree holds these arrays for the whole pass and the pass writes only its own buffers; a change of the tree mid-pass
    /// (a virtualised grid realising rows) takes the view again (`LayoutState.takePointers`).
    init(_ array: ContiguousArray<Element>) {
        (base, count) = array.withUnsafeBufferPointer { ($0.baseAddress, $0.count) }
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        unsafeAddress {
            assert(UInt(bitPattern: index) < UInt(bitPattern: count), "TreeBuffer index out of range")
            return base.unsafelyUnwrapped + index
        }
    }

    /// Elements `range` (within bounds) as a buffer pointer.
    @inline(__always)
    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
        assert(range.lowerBound >= 0 && range.upperBound <= count, "TreeBuffer slice out of range")
        return UnsafeBufferPointer(start: base.map { $0 + range.lowerBound }, count: range.count)
    }

    /// A pointer to element `index` (the text measurer reads a run's string in place).
    @inline(__always)
    func pointer(at index: Int) -> UnsafePointer<Element> {
        assert(UInt(bitPattern: index) < UInt(bitPattern: count), "TreeBuffer index out of range")
        return base.unsafelyUnwrapped + index
    }
}
