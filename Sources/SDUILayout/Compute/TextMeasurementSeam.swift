/// The seam between layout and text measurement: everything `Compute/` asks of text.
///
/// Backed by `TextMeasurer` (Inter metrics, SwiftUI `Text` sizing, a layout cache keyed by string, font,
/// width and line limit); the engine keeps one measurer, so its cache survives relayouts and rebuilds.
struct TextMeasurementSeam {
    /// Created on first use: a screen without text never pays for the measurer's cache table.
    private var lazyMeasurer: TextMeasurer?
    private var measurer: TextMeasurer {
        mutating get {
            if let lazyMeasurer { return lazyMeasurer }
            let made = TextMeasurer()
            lazyMeasurer = made
            return made
        }
    }

    /// Empties the measurer's cache (if it was ever made).
    mutating func removeAllCachedLayouts() { lazyMeasurer?.removeAllCachedLayouts() }

    /// The size of `spec` laid out in `maxWidth` with at most `lineLimit` lines.
    @inline(__always)
    mutating func size(_ spec: TextSpec, maxWidth: Double, lineLimit: Int?) -> (width: Double, height: Double) {
        let layout = measurer.measure(spec.string, font: spec.font, maxWidth: maxWidth, lineLimit: lineLimit)
        return (layout.size.width, layout.size.height)
    }

    /// The layout (lines) of `spec` in `maxWidth` with at most `lineLimit` lines.
    mutating func layout(_ spec: TextSpec, maxWidth: Double, lineLimit: Int?) -> TextLayout {
        measurer.measure(spec.string, font: spec.font, maxWidth: maxWidth, lineLimit: lineLimit)
    }
}
