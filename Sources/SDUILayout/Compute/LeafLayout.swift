/// Leaves that take what they are offered: `color`, `image` (resizable, boxed by its aspect ratio),
/// `spacer` and `divider`.
///
/// - color / image: the proposal in each dimension; unspecified → 10 pt (SwiftUI's ideal size of a shape
///   or `Color`); infinite stays infinite (only flexibility probes propose infinity).
/// - spacer: along its stack's axis max(minLength, proposal), unspecified → minLength; 0 across. Outside
///   a stack it expands on both axes the same way.
/// - divider: 1 pt thick across its stack's axis, the proposal along the other (unspecified → 0).
@inline(always)
func computeLeafLayout(_ node: Int32, _ proposal: Proposal, _ s: inout LayoutState) -> (Double, Double) {
    let i = Int(node)
    switch s.ptr.nodes[i].kind {
    case .spacer:
        let m = s.ptr.nodes[i].minLength
        func along(_ v: Double) -> Double { v.isNaN ? m : max(m, v) }
        switch s.ptr.nodes[i].stackAxisOfParent {
        case .vertical: return (0, along(proposal.height))
        case .horizontal: return (along(proposal.width), 0)
        case .none: return (along(proposal.width), along(proposal.height))
        }
    case .divider:
        if s.ptr.nodes[i].stackAxisOfParent == .horizontal {
            return (1, proposal.height.isNaN ? 0 : proposal.height)
        }
        return (proposal.width.isNaN ? 0 : proposal.width, 1)
    default:
        return (proposal.width.isNaN ? 10 : proposal.width, proposal.height.isNaN ? 10 : proposal.height)
    }
}
