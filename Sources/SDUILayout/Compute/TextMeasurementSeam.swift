/// The seam between layout and text measurement: everything `Compute/` asks of text.
///
/// Backed by `TextMeasurer` (Inter metrics, SwiftUI `Text` sizing). Each text is measured once per font
/// (`prepare`, one hash of its bytes per tree) and every width is derived from that measurement; the
/// engine keeps one measurer, so its cache survives relayouts and rebuilds.
struct TextMeasurementSeam {
    /// Created on first use: a screen without text never pays for the measurer's cache table.
    private var lazyMeasurer: TextMeasurer?
    /// The measurer (a compute step takes it once and asks it everything: `prepare`, `size(of:…)`,
    /// `layout(of:…)`).
    var measurer: TextMeasurer {
        mutating get {
            if let lazyMeasurer { return lazyMeasurer }
            let made = TextMeasurer()
            lazyMeasurer = made
            return made
        }
    }

    /// Empties the measurer's cache (if it was ever made).
    mutating func removeAllCachedLayouts() { lazyMeasurer?.removeAllCachedLayouts() }
}
