/// The driver: sizes (and in `.place` mode places) one node through its modifier layers, outermost first:
/// frame → padding → aspectRatio → content (the modifiers were applied content-outward, so the proposal
/// travels through them in reverse).
///
/// Measurements are cached per node and per pass (Yoga-style slots), so a stack's flexibility probes and
/// its final proposal cost one computation each per distinct proposal.
func computeNodeLayout(_ node: Int32, _ proposal: Proposal, _ mode: ComputeMode, _ s: inout LayoutState) -> (Double, Double) {
    let i = Int(node)
    // Step 1: hidden nodes take no space (SwiftUI: an `if false` view does not exist).
    if s.tree.nodes[i].isHidden { return (0, 0) }
    // Step 2: a measurement seen earlier in this pass (leaves are cheaper to compute than to look up).
    let isLeaf = s.tree.nodes[i].isSimpleLeaf
    if mode == .measure && !isLeaf, let cached = s.cachedSize(node, proposal) { return cached }
    // Step 3: the modifier layers and the content.
    var contentX = 0.0, contentY = 0.0
    let size = computeFrameLayout(node, proposal, mode, &contentX, &contentY, &s)
    if !isLeaf { s.cache(node, proposal, size.0, size.1) }
    // Step 4: in place mode, record the node's size and content offset (the parent records its position).
    if mode == .place {
        let old = s.geometry[i]
        s.geometry[i] = NodeGeometry(x: old.x, y: old.y, width: size.0, height: size.1, contentX: contentX, contentY: contentY)
        if s.tree.nodes[i].needsPlacementCheck { checkPlacedNode(node, proposal, size, &s) }
    }
    return size
}

/// Diagnostics that only make sense for a node's final size: overflow and small tap targets.
private func checkPlacedNode(_ node: Int32, _ proposal: Proposal, _ size: (Double, Double), _ s: inout LayoutState) {
    let i = Int(node)
    if s.tree.nodes[i].isTappable && (size.0 < 44 || size.1 < 44) {
        s.report("tap-target-too-small", .warning, node,
                 "tap target is \(formatSize(size)); Apple's minimum is 44×44 pt")
    }
    switch s.tree.nodes[i].kind {
    case .vstack, .hstack, .zstack, .grid:
        // Along a parent stack's axis a child is offered a share while the stack is still dividing its
        // length; taking more than that share is how stacks work, not an overflow — also for a node that gets
        // the share through zstacks or padding (`FlatNode.shareAxis`). If the children do not fit, the parent
        // stack itself overflows and is reported.
        let axis = s.tree.nodes[i].shareAxis
        let overflowsWidth = axis != .horizontal && proposal.width.isFinite && size.0 > proposal.width + 0.5
        let overflowsHeight = axis != .vertical && proposal.height.isFinite && size.1 > proposal.height + 0.5
        if overflowsWidth || overflowsHeight {
            s.report("content-overflow", .warning, node,
                     "content needs \(formatSize(size)) but is offered \(formatSize((proposal.width, proposal.height)))")
        }
    default:
        break
    }
}

func formatSize(_ size: (Double, Double)) -> String {
    func f(_ v: Double) -> String {
        if v.isNaN { return "nil" }
        if v.isInfinite { return "∞" }
        let rounded = (v * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
    }
    return f(size.0) + "×" + f(size.1)
}

/// The content layer: dispatches to the algorithm of the node's kind.
@inline(__always)
func computeContentLayout(_ node: Int32, _ proposal: Proposal, _ mode: ComputeMode, _ s: inout LayoutState) -> (Double, Double) {
    switch s.tree.nodes[Int(node)].kind {
    case .vstack, .hstack:
        return computeStackLayout(node, proposal, mode, &s)
    case .zstack, .custom:
        return computeZStackLayout(node, proposal, mode, &s)
    case .grid:
        return computeGridLayout(node, proposal, mode, &s)
    case .scroll:
        return computeScrollLayout(node, proposal, mode, &s)
    case .text, .button:
        return computeTextLayout(node, proposal, mode, &s)
    case .color, .image, .spacer, .divider:
        return computeLeafLayout(node, proposal, &s)
    }
}

