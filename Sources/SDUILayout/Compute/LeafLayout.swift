/// Leaves that take what they are offered: `color`, `image` (resizable, boxed by its aspect ratio),
/// `spacer` and `divider`.
///
/// - color / image: the proposal in each dimension; unspecified → 10 pt (SwiftUI's ideal size of a shape
///   or `Color`); infinite stays infinite (only flexibility probes propose infinity).
/// - spacer: along its stack's axis max(minLength, proposal), unspecified → minLength; 0 across. Outside
///   a stack it expands on both axes the same way.
/// - divider: 1 pt thick across its stack's axis, the proposal along the other (unspecified → 0).
@inline(always)
func computeLeafLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    LayoutOutput(leafSize(node, input.proposal, &s))
}

/// `computeLeafLayout`'s size.
@inline(always)
private func leafSize(_ node: Int32, _ proposal: Proposal, _ s: inout LayoutState) -> (Double, Double) {
    let i = Int(node)
    switch s.view.nodes[i].kind {
    case .spacer:
        let m = s.view.nodes[i].minLength
        // (Spelt out, not a nested function: the compiler did not inline one into the stacks' loops.)
        let width = proposal.width, height = proposal.height
        switch s.view.nodes[i].stackAxisOfParent {
        case .vertical: return (0, height.isNaN ? m : maxOf(m, height))
        case .horizontal: return (width.isNaN ? m : maxOf(m, width), 0)
        case .none: return (width.isNaN ? m : maxOf(m, width), height.isNaN ? m : maxOf(m, height))
        }
    case .divider:
        if s.view.nodes[i].stackAxisOfParent == .horizontal {
            return (1, proposal.height.isNaN ? 0 : proposal.height)
        }
        return (proposal.width.isNaN ? 0 : proposal.width, 1)
    default:
        return (proposal.width.isNaN ? 10 : proposal.width, proposal.height.isNaN ? 10 : proposal.height)
    }
}
