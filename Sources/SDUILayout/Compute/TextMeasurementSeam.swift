/// The seam between layout and text measurement: everything `Compute/` asks of text.
///
/// Backed by `TextMeasurer` (Inter metrics, SwiftUI `Text` sizing). Each text is measured once per font
/// (`prepare`, one hash of its bytes per tree) and every width is derived from that measurement; the
/// engine keeps one measurer, so its cache survives relayouts and rebuilds.
struct TextMeasurementSeam {
    /// Created on first use: a screen without text never pays for the measurer's cache table.
    private var lazyMeasurer: TextMeasurer?

    /// The measurer (made on first use), not retained: valid while the seam lives and keeps it (a compute
    /// step reaches it with `_withUnsafeGuaranteedRef`, which retains nothing).
    var unretainedMeasurer: Unmanaged<TextMeasurer> {
        mutating get {
            if lazyMeasurer == nil { lazyMeasurer = TextMeasurer() }
            return Unmanaged.passUnretained(lazyMeasurer.unsafelyUnwrapped)
        }
    }

    /// Empties the measurer's cache (if it was ever made).
    mutating func removeAllCachedLayouts() { lazyMeasurer?.removeAllCachedLayouts() }
}
