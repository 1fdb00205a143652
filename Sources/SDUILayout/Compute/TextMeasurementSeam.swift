/// The seam between layout and text measurement: everything `Compute/` asks of text.
///
/// Until `Text/TextMeasurer` lands this uses a stand-in metric (0.5 em per grapheme, greedy word wrap);
/// the seam keeps the stack, grid and button code independent of how text is measured.
struct TextMeasurementSeam {
    /// The size of `spec` laid out in `maxWidth` with at most `lineLimit` lines.
    mutating func size(_ spec: TextSpec, maxWidth: Double, lineLimit: Int?) -> (width: Double, height: Double) {
        let placed = place(spec, maxWidth: maxWidth, lineLimit: lineLimit)
        return (placed.width, placed.height)
    }

    /// The lines of `spec` laid out in `maxWidth` with at most `lineLimit` lines.
    mutating func place(_ spec: TextSpec, maxWidth: Double, lineLimit: Int?) -> PlacedText {
        let advance = spec.fontSize * 0.5
        var lines: [String] = []
        var current = ""
        var currentWidth = 0.0
        var widths: [Double] = []
        for word in spec.string.split(separator: " ") {
            let w = Double(word.count) * advance
            if current.isEmpty { current = String(word); currentWidth = w; continue }
            if currentWidth + advance + w <= maxWidth + 1e-9 {
                current += " " + word; currentWidth += advance + w
            } else {
                lines.append(current); widths.append(currentWidth)
                current = String(word); currentWidth = w
            }
        }
        if !current.isEmpty { lines.append(current); widths.append(currentWidth) }
        var truncated = false
        if let limit = lineLimit, lines.count > limit {
            lines.removeLast(lines.count - limit); widths.removeLast(widths.count - limit)
            truncated = true
        }
        let width = min(widths.max() ?? 0, maxWidth)
        let lineCount = max(1, lines.count)
        return PlacedText(lines: lines, lineWidths: widths, width: width, height: Double(lineCount) * spec.lineHeight,
                          isTruncated: truncated)
    }
}
