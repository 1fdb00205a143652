/// SwiftUI's `ScrollView`: the content is proposed an unspecified length along the scroll axis (and the
/// scroll's own proposal across it); several children are stacked as a `LazyVStack`/`LazyHStack` with the
/// scroll's `spacing` (default 8, SwiftUI's stack default) and center alignment across the axis.
///
/// The scroll view takes the whole proposal along its scroll axis and its content's size across it (proposed
/// nothing along the scroll axis, the content's size there too): a vertical ScrollView of 50-wide content offered
/// 100×100 is 50×100 (MetalUI's probe SC2, measured; the well-known "a ScrollView is only as wide as its content"
/// — content that should fill the width says `frame(maxWidth: .infinity)`). Content is placed at scroll offset 0.
func computeScrollLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let proposal = input.proposal
    let horizontal = s.view.nodes[Int(node)].isHorizontal
    // Step 1: the content proposal.
    let content = horizontal
        ? Proposal(width: .nan, height: proposal.height)
        : Proposal(width: proposal.width, height: .nan)
    // Step 2: the content, stacked along the axis.
    let size = computeStackLayout(node, LayoutInput(content, input.mode), &s).size
    // Step 3: the scroll view's own size: the proposal along the axis, the content's answer across it.
    let width = horizontal && proposal.width.isFinite ? proposal.width : size.0
    let height = !horizontal && proposal.height.isFinite ? proposal.height : size.1
    return LayoutOutput(width: width, height: height)
}
