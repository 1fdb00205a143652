/// SwiftUI's `aspectRatio(_:contentMode:)`: proposes the content the largest box of the ratio that fits
/// (`fit`) or the smallest that fills (`fill`) the proposal, and takes the content's size.
///
/// An unspecified dimension follows the other one (`w` → `w / ratio`); when both are unspecified the box
/// is derived from the content's ideal width. Infinite proposals (flexibility probes) stay infinite.
/// (Applied by `computeModifierLayers`.)
///
/// The box of `ratio` for `proposal`.
@inline(always)
func aspectRatioBox(ratio: Double, fill: Bool, proposal: Proposal, idealWidth: () -> Double) -> Proposal {
    let w = proposal.width, h = proposal.height
    switch (w.isNaN, h.isNaN) {
    case (true, true):
        let ideal = idealWidth()
        return Proposal(width: ideal, height: ideal / ratio)
    case (false, true):
        return Proposal(width: w, height: w / ratio)
    case (true, false):
        return Proposal(width: h * ratio, height: h)
    case (false, false):
        let wider = w / h > ratio
        if wider != fill {
            return Proposal(width: h * ratio, height: h)
        }
        return Proposal(width: w, height: w / ratio)
    }
}
