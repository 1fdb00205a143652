/// SwiftUI's `ZStack`: every child gets the full proposal; the stack is the union of the children aligned
/// at the stack's alignment (so its size is the largest width × the largest height).
///
/// Unknown component types with children are laid out the same way.
func computeZStackLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let mode = input.mode
    let flat = s.view.nodes[Int(node)]
    // Step 1: size every visible child at the stack's proposal.
    var width = 0.0, height = 0.0
    var child = flat.firstChild
    while child >= 0 {
        if !s.view.nodes[Int(child)].isHidden {
            let size = computeChildLayout(child, input, &s)
            width = maxOf(width, size.width)
            height = maxOf(height, size.height)
        }
        child = s.view.nodes[Int(child)].nextSibling
    }
    // Step 2: align each child inside the union.
    if mode == .place {
        child = flat.firstChild
        while child >= 0 {
            let c = Int(child)
            if !s.view.nodes[c].isHidden {
                s.ptr.geometry[c].x = (width - s.ptr.geometry[c].width) * flat.alignX
                s.ptr.geometry[c].y = (height - s.ptr.geometry[c].height) * flat.alignY
            }
            child = s.view.nodes[c].nextSibling
        }
    }
    return LayoutOutput(width: width, height: height)
}
