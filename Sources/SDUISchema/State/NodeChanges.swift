/// The kept nodes of a spliced change set that only moved (`NodeChanges.translated`).
package struct TranslatedNodes: Hashable, Sendable {
    /// The nodes, ascending.
    package var nodes: [Int32]
    /// The nodes of `nodes` with modifier boxes (in both results), ascending.
    package var layered: [Int32]

    package init(nodes: [Int32], layered: [Int32]) {
        self.nodes = nodes
        self.layered = layered
    }
}

/// What one change of state changed in a screen's flat tree, node by node: one value made once by the state update
/// (`StateUpdate.changes`), extended by layout with the nodes whose frames moved (`LayoutResult.changes`), and read
/// by the display list and the views (`DisplayListUpdater`, `Reconciler`) — the one answer to "what changed".
///
/// Nodes are given by index in the flat tree (a node's pre-order number over `ComponentNode.forEachView`), each
/// list ascending and without repeats. A node may be in more than one list.
public struct NodeChanges: Hashable, Sendable {
    /// Nodes whose text changed and nothing else of their layout: a text's `text`, a button's `title`, a control's
    /// `label`, the text a text field or menu picker shows. Their text runs are measured again.
    public var text: [Int32] = []
    /// Nodes whose content changed in a way that does not move anything: colors, an image's URL, accessibility, the
    /// drawing modifiers, a control's value.
    public var paint: [Int32] = []
    /// Nodes whose layout inputs changed (a size, a padding, visibility, a font): each one's subtree is built again
    /// and laid out, so everything in it may differ.
    public var size: [Int32] = []
    /// Nodes whose children were inserted, removed or moved (a template's items): the nodes after each are numbered
    /// anew, so an index after the first of these names another node than before.
    public var structure: [Int32] = []
    /// Nodes whose frame, visibility, text run or modifier boxes differ from the last layout's — filled by layout
    /// (`LayoutResult.changes`); empty in a state update's change set.
    public var frames: [Int32] = []
    /// For a change of `structure` whose children were spliced into the kept tree: how the node numbers moved, one
    /// entry per structure node, in the order they were applied (from the last structure node in the tree to the
    /// first; each numbered as the tree stood after the ones before it), so a consumer keyed by node number can
    /// renumber what it keeps instead of making it again. Empty when the tree was made anew.
    public var spliced: [NodeSplice] = []
    /// After a splice (`spliced`), the kept nodes of `frames` whose content did not change (`content`) and whose only
    /// change is where they are — the same size, visibility and text layout, and modifier boxes in neither or moved
    /// with the frame in both (`LayoutResult.translation(of:since:in:withLayers:)` with layers): filled by layout with
    /// `frames` (`LayoutResult.changes`) from the same comparison. nil: not known (ask `translation` node by node).
    /// One optional value, so a change set without a splice copies no array for it.
    package var translated: TranslatedNodes?

    /// No change.
    public init() {}

    /// A change set of these lists (each is sorted and its repeats dropped).
    public init(text: [Int32] = [], paint: [Int32] = [], size: [Int32] = [], structure: [Int32] = [], frames: [Int32] = []) {
        self.text = Self.normalized(text)
        self.paint = Self.normalized(paint)
        self.size = Self.normalized(size)
        self.structure = Self.normalized(structure)
        self.frames = Self.normalized(frames)
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        text.isEmpty && paint.isEmpty && size.isEmpty && structure.isEmpty && frames.isEmpty && spliced.isEmpty
    }

    /// The nodes whose content changed (text, paint or size), ascending, each once.
    public var content: [Int32] { Self.merged(Self.merged(text, paint), size) }

    /// `nodes` ascending, each once.
    static func normalized(_ nodes: [Int32]) -> [Int32] {
        guard nodes.count > 1 else { return nodes }
        var sorted = nodes
        if !zip(sorted, sorted.dropFirst()).allSatisfy({ $0 < $1 }) {
            sorted.sort()
            var kept = 0
            for i in sorted.indices where kept == 0 || sorted[kept - 1] != sorted[i] {
                sorted[kept] = sorted[i]
                kept += 1
            }
            sorted.removeLast(sorted.count - kept)
        }
        return sorted
    }

    /// The union of two ascending lists without repeats, ascending.
    /// - Complexity: O(a + b).
    public static func merged(_ a: [Int32], _ b: [Int32]) -> [Int32] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var result: [Int32] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || i < a.count && a[i] < b[j] {
                result.append(a[i]); i += 1
            } else if i == a.count || b[j] < a[i] {
                result.append(b[j]); j += 1
            } else {
                result.append(a[i]); i += 1; j += 1
            }
        }
        return result
    }
}

/// How one node's children were spliced, in flat-tree node numbers (`NodeChanges.spliced`): the nodes of `oldRange`
/// (numbered as before) are replaced by `runs`, laid out in order from `oldRange.lowerBound`; the nodes before the
/// range keep their numbers, those after it move by `delta`.
public struct NodeSplice: Hashable, Sendable {
    /// A run of the new nodes of the range.
    public enum Run: Hashable, Sendable {
        /// Old nodes kept, in their order (their numbers before the change): a kept child's subtree, or adjacent ones.
        case kept(Range<Int32>)
        /// This many new nodes (made children's subtrees).
        case inserted(Int32)

        /// The nodes in the run.
        public var count: Int32 {
            switch self {
            case .kept(let range): return Int32(range.count)
            case .inserted(let count): return count
            }
        }
    }

    /// The node whose children were spliced (its number is the same before and after).
    public var node: Int32
    /// The old nodes its children were.
    public var oldRange: Range<Int32>
    /// The new nodes of its children, in order.
    public var runs: [Run]

    public init(node: Int32, oldRange: Range<Int32>, runs: [Run]) {
        self.node = node
        self.oldRange = oldRange
        self.runs = runs
    }

    /// How far the nodes after the range moved.
    public var delta: Int32 { runs.reduce(0) { $0 + $1.count } - Int32(oldRange.count) }

    /// The new number of old node `old`, or nil when it was removed.
    /// - Complexity: O(runs).
    public func newNumber(ofOld old: Int32) -> Int32? {
        if old < oldRange.lowerBound { return old }
        if old >= oldRange.upperBound { return old + delta }
        var at = oldRange.lowerBound
        for run in runs {
            if case .kept(let range) = run, range.contains(old) { return at + old - range.lowerBound }
            at += run.count
        }
        return nil
    }

    /// The new number of old node `old` after each of `splices` in turn (each numbered as the tree stood after the
    /// ones before it), or nil when one removed it.
    /// - Complexity: O(total runs).
    public static func newNumber(ofOld old: Int32, through splices: some Sequence<NodeSplice>) -> Int32? {
        var number: Int32? = old
        for splice in splices { number = number.flatMap(splice.newNumber(ofOld:)) }
        return number
    }
}
