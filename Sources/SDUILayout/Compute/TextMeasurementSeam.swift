/// The seam between layout and text measurement: everything `Compute/` asks of text.
///
/// Backed by `TextMeasurer` (Inter metrics, SwiftUI `Text` sizing). Each text is measured once per font
/// (`prepare`, one hash of its bytes per tree) and every width is derived from that measurement; the
/// engine keeps one measurer, so its cache survives relayouts and rebuilds.
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

    /// Whether `handle` still addresses its text (the cache has not emptied since it was made).
    @inline(__always)
    func isValid(_ handle: PreparedTextHandle) -> Bool {
        handle.epoch != 0 && handle.epoch == lazyMeasurer?.preparedEpoch
    }

    /// `string` in `font`, measured once.
    mutating func prepare(_ string: String, font: FontSpec) -> PreparedTextHandle {
        measurer.prepare(string, font: font)
    }

    /// The size of a prepared text laid out in `maxWidth` with at most `lineLimit` lines.
    @inline(__always)
    mutating func size(_ handle: PreparedTextHandle, maxWidth: Double, lineLimit: Int?) -> (width: Double, height: Double) {
        measurer.size(of: handle, maxWidth: maxWidth, lineLimit: lineLimit)
    }

    /// The layout (lines) of a prepared text in `maxWidth` with at most `lineLimit` lines.
    mutating func layout(_ handle: PreparedTextHandle, maxWidth: Double, lineLimit: Int?) -> TextLayout {
        measurer.layout(of: handle, maxWidth: maxWidth, lineLimit: lineLimit)
    }
}
