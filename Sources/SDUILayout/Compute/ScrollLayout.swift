/// SwiftUI's `ScrollView`: the content is proposed an unspecified length along the scroll axis (and the
/// scroll's own proposal across it); several children are stacked as a `LazyVStack`/`LazyHStack` with the
/// scroll's `spacing` (default 8, SwiftUI's stack default) and center alignment across the axis.
///
/// The scroll view itself takes the whole proposal (it fills the window as a root); proposed nothing along
/// an axis, it takes its content's size there. Content is placed at scroll offset 0.
func computeScrollLayout(_ node: Int32, _ proposal: Proposal, _ mode: ComputeMode, _ s: inout LayoutState) -> (Double, Double) {
    let horizontal = s.ptr.nodes[Int(node)].isHorizontal
    // Step 1: the content proposal.
    let content = horizontal
        ? Proposal(width: .nan, height: proposal.height)
        : Proposal(width: proposal.width, height: .nan)
    // Step 2: the content, stacked along the axis.
    let size = computeStackLayout(node, content, mode, &s)
    // Step 3: the scroll view's own size.
    let width = proposal.width.isFinite ? proposal.width : size.0
    let height = proposal.height.isFinite ? proposal.height : size.1
    // Step 4: content narrower than the scroll view is centred across the axis (as SwiftUI does).
    if mode == .place {
        let slack = horizontal ? max(0, height - size.1) : max(0, width - size.0)
        if slack > 0 {
            var child = s.ptr.nodes[Int(node)].firstChild
            while child >= 0 {
                if horizontal { s.ptr.geometry[Int(child)].y += slack / 2 } else { s.ptr.geometry[Int(child)].x += slack / 2 }
                child = s.ptr.nodes[Int(child)].nextSibling
            }
        }
    }
    return (width, height)
}
