/// What a parent asks of a child, and what the child answers: the values every container algorithm takes and
/// returns (`computeStackLayout(node, input, &state) -> LayoutOutput`, …), as taffy's `LayoutInput` and
/// `LayoutOutput`.

/// A size proposal (SwiftUI's `ProposedViewSize`): NaN means "unspecified" (SwiftUI's `nil`, ideal size),
/// `+infinity` means unbounded (SwiftUI's `.infinity`, the maximum probe).
struct Proposal {
    var width: Double
    var height: Double
    static let unspecified = Proposal(width: .nan, height: .nan)
}

/// Whether a compute call only sizes a node or also places its subtree.
enum ComputeMode { case measure, place }

/// A request to lay out one node: the size proposed to it, and whether it is only sized (`measure`: a parent's
/// probe, answered from the measurement cache when it was asked before) or also placed (`place`: its subtree's
/// geometry is written).
struct LayoutInput {
    var proposal: Proposal
    var mode: ComputeMode

    @inline(__always)
    init(_ proposal: Proposal, _ mode: ComputeMode) {
        self.proposal = proposal
        self.mode = mode
    }

    /// Sizes a node for `proposal` without placing it.
    @inline(__always)
    static func measure(_ proposal: Proposal) -> LayoutInput { LayoutInput(proposal, .measure) }

    /// Sizes and places a node (and its subtree) for `proposal`.
    @inline(__always)
    static func place(_ proposal: Proposal) -> LayoutInput { LayoutInput(proposal, .place) }
}

/// A node's answer to a `LayoutInput`: the size it takes. In place mode the node's own size and content offset,
/// and its children's positions, are in the pass's geometry (its parent writes its position).
struct LayoutOutput {
    var width: Double
    var height: Double

    @inline(__always)
    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    @inline(__always)
    init(_ size: (Double, Double)) {
        self.width = size.0
        self.height = size.1
    }

    /// No size: a hidden node, an empty container.
    static let zero = LayoutOutput(width: 0, height: 0)

    /// The size as (width, height), for the arithmetic of callers that take both.
    @inline(__always) var size: (Double, Double) { (width, height) }
}

/// Where a node sits relative to its parent's content origin, its size, and where its content starts.
struct NodeGeometry {
    var x: Double = 0, y: Double = 0, width: Double = 0, height: Double = 0
    /// Offset of the content box (inside padding and frame alignment) from the node's origin.
    var contentX: Double = 0, contentY: Double = 0
}
