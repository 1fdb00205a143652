/// The seam between layout and text measurement: everything `Compute/` asks of text.
///
/// Backed by `TextMeasurer` (Inter metrics, SwiftUI `Text` sizing, a layout cache keyed by string, font,
/// width and line limit); the engine keeps one measurer, so its cache survives relayouts and rebuilds.
struct TextMeasurementSeam {
    let measurer = TextMeasurer()

    /// The size of `spec` laid out in `maxWidth` with at most `lineLimit` lines.
    @inline(__always)
    func size(_ spec: TextSpec, maxWidth: Double, lineLimit: Int?) -> (width: Double, height: Double) {
        let layout = measurer.measure(spec.string, font: spec.font, maxWidth: maxWidth, lineLimit: lineLimit)
        return (layout.size.width, layout.size.height)
    }

    /// The lines of `spec` laid out in `maxWidth` with at most `lineLimit` lines.
    func place(_ spec: TextSpec, maxWidth: Double, lineLimit: Int?) -> PlacedText {
        let layout = measurer.measure(spec.string, font: spec.font, maxWidth: maxWidth, lineLimit: lineLimit)
        return PlacedText(lines: layout.lines.map(\.text), lineWidths: layout.lines.map(\.width),
                          width: layout.size.width, height: layout.size.height, isTruncated: layout.isTruncated)
    }
}
