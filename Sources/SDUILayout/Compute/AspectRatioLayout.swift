/// SwiftUI's `aspectRatio(_:contentMode:)`: proposes the content the largest box of the ratio that fits
/// (`fit`) or the smallest that fills (`fill`) the proposal, and takes the content's size.
///
/// An unspecified dimension follows the other one (`w` → `w / ratio`); when both are unspecified the box
/// is derived from the content's ideal width. Infinite proposals (flexibility probes) stay infinite.
/// (Applied by `computeModifierLayers`.)
///
/// The box of `ratio` for `proposal`, each side at most `LayoutLimits.maxLength` unless infinite (a probe):
/// `fill` boxes nested inside each other grow by up to the ratio per level, which would overflow to infinity.
@inline(always)
func aspectRatioBox(ratio: Double, fill: Bool, proposal: Proposal, idealWidth: () -> Double) -> Proposal {
    let w = proposal.width, h = proposal.height
    let box: Proposal
    switch (w.isNaN, h.isNaN) {
    case (true, true):
        let ideal = idealWidth()
        box = Proposal(width: ideal, height: ideal / ratio)
    case (false, true):
        box = Proposal(width: w, height: w / ratio)
    case (true, false):
        box = Proposal(width: h * ratio, height: h)
    case (false, false):
        let wider = w / h > ratio
        if wider != fill {
            box = Proposal(width: h * ratio, height: h)
        } else {
            box = Proposal(width: w, height: w / ratio)
        }
    }
    return Proposal(width: LayoutLimits.clamp(box.width), height: LayoutLimits.clamp(box.height))
}

/// Limits of the layout engine's arithmetic.
enum LayoutLimits {
    /// The largest finite length a computed box may have (10⁹ pt): far beyond any value a payload can give
    /// (`ValueLimits.maxLength` × the largest aspect ratio is 10⁸), so only boxes that would otherwise grow
    /// towards infinity are clamped.
    static let maxLength = 1e9

    /// `value` at most `maxLength` when finite (NaN, +infinity and smaller values unchanged).
    @inline(__always)
    static func clamp(_ value: Double) -> Double {
        value > maxLength && value != .infinity ? maxLength : value
    }
}
