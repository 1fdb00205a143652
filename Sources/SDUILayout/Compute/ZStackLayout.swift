/// SwiftUI's `ZStack`: every child gets the full proposal; the stack is the union of the children aligned
/// at the stack's alignment (so its size is the largest width × the largest height).
///
/// Unknown component types with children are laid out the same way.
func computeZStackLayout(_ node: Int32, _ proposal: Proposal, _ mode: ComputeMode, _ s: inout LayoutState) -> (Double, Double) {
    let flat = s.tree.nodes[Int(node)]
    // Step 1: size every visible child at the stack's proposal.
    var width = 0.0, height = 0.0
    var child = flat.firstChild
    while child >= 0 {
        if !s.tree.nodes[Int(child)].isHidden {
            let size = computeNodeLayout(child, proposal, mode, &s)
            width = max(width, size.0)
            height = max(height, size.1)
        }
        child = s.tree.nodes[Int(child)].nextSibling
    }
    // Step 2: align each child inside the union.
    if mode == .place {
        child = flat.firstChild
        while child >= 0 {
            let c = Int(child)
            if !s.tree.nodes[c].isHidden {
                s.geometry[c].x = (width - s.geometry[c].width) * flat.alignX
                s.geometry[c].y = (height - s.geometry[c].height) * flat.alignY
            }
            child = s.tree.nodes[c].nextSibling
        }
    }
    return (width, height)
}
