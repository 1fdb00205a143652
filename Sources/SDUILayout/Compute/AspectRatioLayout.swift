/// SwiftUI's `aspectRatio(_:contentMode:)`: proposes the content the largest box of the ratio that fits
/// (`fit`) or the smallest that fills (`fill`) the proposal, and takes the content's size.
///
/// An unspecified dimension follows the other one (`w` → `w / ratio`); when both are unspecified the content is
/// proposed nothing either and answers its ideal size, which the modifier takes (SwiftUI forwards nil × nil: a
/// `Color().aspectRatio(2, contentMode: .fit)` proposed nil × nil is 10 × 10, MetalUI's P8b probe). Infinite
/// proposals (flexibility probes) stay infinite. (Applied by `computeModifierLayers`.)
///
/// The box of `ratio` for `proposal` (callers bound it with `boundedBox`).
@inline(always)
func aspectRatioBox(ratio: Double, fill: Bool, proposal: Proposal) -> Proposal {
    let w = proposal.width, h = proposal.height
    let box: Proposal
    switch (w.isNaN, h.isNaN) {
    case (true, true):
        box = .unspecified
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
    return box
}

/// `box` with each side at most `LayoutLimits.maxLength` unless infinite (a probe): `fill` boxes nested inside each
/// other grow by up to the ratio per level, which would overflow to infinity. A clamped box is reported when the
/// node is placed (`mode`; once per node and pass). The common case is two comparisons; the rest is out of line.
@inline(always)
func boundedBox(_ node: Int32, _ box: Proposal, _ mode: ComputeMode, _ s: inout LayoutState) -> Proposal {
    // (Written as "not greater" so an unspecified side, NaN, passes.)
    if !(box.width > LayoutLimits.maxLength) && !(box.height > LayoutLimits.maxLength) { return box }
    return clampedBox(node, box, mode, &s)
}

@inline(never)
private func clampedBox(_ node: Int32, _ box: Proposal, _ mode: ComputeMode, _ s: inout LayoutState) -> Proposal {
    let clamped = Proposal(width: LayoutLimits.clamp(box.width), height: LayoutLimits.clamp(box.height))
    if mode == .place && (clamped.width != box.width || clamped.height != box.height) {
        s.report("layout-overflow", .warning, node,
                 "the aspect-ratio box grows past 10⁹ pt (nested aspect ratios multiply): clamped to \(formatSize((clamped.width, clamped.height)))")
    }
    return clamped
}

/// Limits of the layout engine's arithmetic.
enum LayoutLimits {
    /// The largest finite length a computed box may have (10⁹ pt): far beyond any value a payload can give
    /// (`ValueLimits.maxLength` × the largest aspect ratio is 10⁸), so only boxes that would otherwise grow
    /// towards infinity are clamped.
    static let maxLength = 1e9

    /// The deepest node the build lays out (the root is at depth 1): the payload's limit
    /// (`PayloadDecoder.Options.maxNodeDepth`, 128) and 8 levels for the containers a host wraps around a payload's
    /// root, so only screens built in code reach it. The build and compute steps recurse once per level, ≈ 3.3 KB
    /// of stack per level in a release build (≈ 12 KB in a debug build): a release build lays out 156 levels on a
    /// 512 KB secondary-thread stack and fails at 160, so 136 leave room for the caller's own frames. Deeper
    /// children are dropped with `nesting-too-deep`.
    static let maxNodeDepth = 136

    /// `value` at most `maxLength` when finite (NaN, +infinity and smaller values unchanged).
    @inline(__always)
    static func clamp(_ value: Double) -> Double {
        value > maxLength && value != .infinity ? maxLength : value
    }
}
