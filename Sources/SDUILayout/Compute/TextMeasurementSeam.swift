/// Text measurement a host supplies to the layout engine (`LayoutEngine(measurer:)`): the lines a text breaks into,
/// and their widths, as the host's own text system draws them — CoreText on a device (`SDUIUIKit`'s
/// `CoreTextMeasuring`), so the engine's frames are the frames of the text the device draws.
///
/// Without one, the engine measures with its own `TextMeasurer` (the built-in faces and the faces of its
/// `FontCollection`, as the HTML renderer and headless Chromium draw them), which also conforms.
///
/// What the engine asks and what it keeps:
/// - `measure(_:font:maxWidth:lineLimit:)` for every size a layout pass asks of a text (an HStack probes 0 and ∞,
///   then places it at its share), and once more when the text is placed. `font` is the run's size, CSS weight,
///   single-spaced line height and the face the build matched from the engine's fonts (nil: the built-in face).
///   The engine takes the layout's `lines` (UTF-8 ranges into `text`, widths, drawn text) and `isTruncated`; the
///   width of the text is its widest line.
/// - `lineHeight(for:)`: the single-spaced line height the host draws `font` with (default: `font.lineHeight`, the
///   text style's, or the loaded face's CoreText line height). The engine adds the payload's `lineSpacing` and makes
///   a text `lines × (lineHeight + lineSpacing) − lineSpacing` tall, and fits lines in a proposed height with it.
///
/// The measurer should break and truncate as SwiftUI's `Text` does (greedy breaks at the host's line-breaking
/// opportunities, a word wider than the line broken between characters, the last allowed line ending in "…" when
/// the text is cut), cache what it measures (the engine asks for the same text at a few widths per pass), and never
/// trap. It is used on the engine's thread only.
public protocol TextMeasuring: AnyObject {
    /// `text` in `font` broken into lines no wider than `maxWidth` (infinity: only newlines break), at most
    /// `lineLimit` of them (nil: no limit), the last one cut with "…" when the text does not fit.
    func measure(_ text: String, font: FontSpec, maxWidth: Double, lineLimit: Int?) -> TextLayout
    /// The single-spaced height of a line of `font` (baseline to baseline), in points.
    func lineHeight(for font: FontSpec) -> Double
}

extension TextMeasuring {
    /// `font.lineHeight`: the text style's line height, or a loaded face's as CoreText computes it.
    public func lineHeight(for font: FontSpec) -> Double { font.lineHeight }

    /// The width of `line` on one line (its trailing spaces hang).
    public func width(of line: String, font: FontSpec) -> Double {
        measure(line, font: font, maxWidth: .infinity, lineLimit: nil).size.width
    }
}

/// The engine's own measurer is a `TextMeasuring` (what a host measurer is compared with).
extension TextMeasurer: TextMeasuring {}

/// The seam between layout and text measurement: everything `Compute/` asks of text.
///
/// Backed by `TextMeasurer` (Inter metrics, SwiftUI `Text` sizing) unless a host supplied a measurer (`host`). Each
/// text is measured once per font (`prepare`, one hash of its bytes per tree) and every width is derived from that
/// measurement; the engine keeps one measurer, so its cache survives relayouts and rebuilds.
struct TextMeasurementSeam {
    /// Created on first use: a screen without text never pays for the measurer's cache table.
    private var lazyMeasurer: TextMeasurer?
    /// The host's measurer: when set, every text is measured by it (`computeHostMeasuredText`).
    var host: (any TextMeasuring)?

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
