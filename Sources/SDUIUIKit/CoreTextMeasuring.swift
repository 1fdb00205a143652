#if canImport(UIKit) && canImport(CoreText)
import CoreText
import SDUIDisplay
import SDUILayout
import UIKit

/// Text measured as CoreText draws it on the device: `CTTypesetter` line breaks and `CTLine` widths (trailing spaces
/// hang), with CoreText's default features (kerning and standard ligatures on), as `UILabel` lays a run of text out.
///
/// The UIKit host gives it to its layout engines (`LayoutEngine(measurer:)`), so the frames around text are the frames
/// of the text the device draws. The face: a loaded face the engine matched (`FontSpec.face`, a brand font the app
/// registered with CoreText and gave the engine) by its PostScript name; otherwise the bundled face the host draws in
/// (`BundledFonts`, registered by `FontRegistration`) at the CSS weight — the face the engine measures on Linux.
///
/// Truncation is the engine's rule: the last allowed line keeps the characters that fit before "…" (trailing spaces
/// dropped); text after a newline truncates too. Layouts are cached by (text, font, width, limit).
public final class CoreTextMeasuring: TextMeasuring {
    private struct Key: Hashable {
        var text: String
        var font: FontSpec
        var maxWidth: Double
        var lineLimit: Int
    }

    private var cache: [Key: TextLayout] = [:]
    private var fonts: [FontSpec: CTFont] = [:]

    /// Registers the bundled faces (once per process).
    public init() {
        FontRegistration.registerBundledFonts()
    }

    /// The font `spec` is drawn in: its loaded face by PostScript name, else the bundled face for its weight.
    public func font(for spec: FontSpec) -> CTFont {
        var key = spec
        key.lineHeight = 0
        if let font = fonts[key] { return font }
        let name = spec.face.map(\.postScriptName).flatMap { $0.isEmpty ? nil : $0 }
            ?? BundledFonts.postScriptName(weight: spec.weight) ?? "Inter-Regular"
        let font = CTFontCreateWithName(name as CFString, CGFloat(spec.size), nil)
        if fonts.count > 256 { fonts.removeAll() }
        fonts[key] = font
        return font
    }

    /// The font a display face draws in.
    public func font(for face: DisplayTextFace) -> CTFont { font(for: face.fontSpec) }

    public func measure(_ text: String, font spec: FontSpec, maxWidth: Double, lineLimit: Int?) -> TextLayout {
        let key = Key(text: text, font: spec, maxWidth: maxWidth, lineLimit: lineLimit.map { max(1, $0) } ?? 0)
        if let hit = cache[key] { return hit }
        let layout = makeLayout(text, spec, maxWidth: maxWidth.isNaN ? .infinity : max(0, maxWidth), lineLimit: key.lineLimit)
        if cache.count >= 8192 { cache.removeAll(keepingCapacity: true) }
        cache[key] = layout
        return layout
    }

    /// Forgets the cached layouts and fonts.
    public func removeAllCachedLayouts() {
        cache.removeAll()
        fonts.removeAll()
    }

    private func makeLayout(_ text: String, _ spec: FontSpec, maxWidth: Double, lineLimit: Int) -> TextLayout {
        let ctFont = font(for: spec)
        let units = Array(text.utf16)
        let string = attributed(text, ctFont)
        let typesetter = CTTypesetterCreateWithAttributedString(string)
        let length = units.count
        let width = maxWidth.isFinite ? maxWidth : Double(Float.greatestFiniteMagnitude)
        let utf8 = UTF8Offsets(text)
        var lines: [TextLine] = []
        var isTruncated = false
        var start = 0
        var direction = paragraphDirection(units, from: 0)
        while start < length {
            let count = min(length - start, max(1, CTTypesetterSuggestLineBreak(typesetter, start, width)))
            let end = start + count
            if lineLimit > 0 && lines.count == lineLimit - 1 && end < length && !onlyBreaks(units, end..<length) {
                lines.append(truncatedLine(text, units, utf8, from: start, ctFont, maxWidth: maxWidth, direction: direction))
                isTruncated = true
                break
            }
            var drawnEnd = end
            while drawnEnd > start && isHanging(units[drawnEnd - 1]) { drawnEnd -= 1 }
            let line = CTTypesetterCreateLine(typesetter, CFRange(location: start, length: count))
            let lineWidth = CTLineGetTypographicBounds(line, nil, nil, nil) - CTLineGetTrailingWhitespaceWidth(line)
            let range = utf8.offset(start)..<utf8.offset(drawnEnd)
            lines.append(TextLine(utf8Range: range, width: max(0, lineWidth), text: utf8.slice(range),
                                  writingDirection: direction))
            if end > start && isNewline(units[end - 1]) { direction = paragraphDirection(units, from: end) }
            start = end
        }
        let ascent = Double(CTFontGetAscent(ctFont)), descent = Double(CTFontGetDescent(ctFont))
        let first = lines.isEmpty ? 0 : (spec.lineHeight - ascent - descent) / 2 + ascent
        return TextLayout(size: .init(width: lines.reduce(0) { max($0, $1.width) }, height: Double(lines.count) * spec.lineHeight),
                          lines: lines, isTruncated: isTruncated, usesFallbackFont: false, firstBaseline: first,
                          lastBaseline: lines.isEmpty ? 0 : first + Double(lines.count - 1) * spec.lineHeight)
    }

    /// The last allowed line: the characters of the paragraph at `start` that fit before "…" (found by bisection
    /// over its characters), trailing spaces dropped; "…" alone when not even one fits.
    private func truncatedLine(_ text: String, _ units: [UInt16], _ utf8: UTF8Offsets, from start: Int, _ font: CTFont,
                               maxWidth: Double, direction: WritingDirection) -> TextLine {
        var paragraphEnd = start
        while paragraphEnd < units.count && !isNewline(units[paragraphEnd]) { paragraphEnd += 1 }
        let startIndex = String.Index(utf16Offset: start, in: text)
        let rest = text[startIndex..<String.Index(utf16Offset: paragraphEnd, in: text)]
        let ends = Array(rest.indices.dropFirst()) + [rest.endIndex]
        func kept(_ n: Int) -> Substring {
            var cut = n == 0 ? rest[rest.startIndex..<rest.startIndex] : rest[rest.startIndex..<ends[n - 1]]
            while let last = cut.last, last == " " { cut = cut.dropLast() }
            return cut
        }
        func width(_ s: Substring) -> Double {
            let line = CTLineCreateWithAttributedString(attributed(String(s) + "…", font))
            return CTLineGetTypographicBounds(line, nil, nil, nil)
        }
        var low = 0, high = ends.count  // kept(low) fits (or low is 0); find the most characters that fit
        while low < high {
            let mid = (low + high + 1) / 2
            if width(kept(mid)) <= maxWidth { low = mid } else { high = mid - 1 }
        }
        let cut = kept(low)
        let from = utf8.offset(start)
        let range = from..<(from + cut.utf8.count)
        return TextLine(utf8Range: range, width: width(cut), text: String(cut) + "…", writingDirection: direction)
    }

    private func attributed(_ text: String, _ font: CTFont) -> CFAttributedString {
        CFAttributedStringCreate(nil, text as CFString, [kCTFontAttributeName: font] as CFDictionary)
    }

    /// The direction of the paragraph starting at UTF-16 offset `start` (its first strong character's).
    private func paragraphDirection(_ units: [UInt16], from start: Int) -> WritingDirection {
        var end = start
        while end < units.count && !isNewline(units[end]) { end += 1 }
        let paragraph = String(decoding: units[start..<end], as: UTF16.self)
        return BidiParagraph.firstStrongDirection(of: paragraph.unicodeScalars)
    }

    private func isNewline(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }

    private func isHanging(_ unit: UInt16) -> Bool { unit == 0x20 || isNewline(unit) }

    /// Whether `range` holds only newlines (a trailing newline adds no line).
    private func onlyBreaks(_ units: [UInt16], _ range: Range<Int>) -> Bool { range.allSatisfy { isNewline(units[$0]) } }
}

/// UTF-16 offsets of a string (CoreText's) as the UTF-8 offsets `TextLine` takes.
private struct UTF8Offsets {
    private let bytes: [UInt8]
    private var utf8Offsets: [Int]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(text.utf16.count + 1)
        var utf8 = 0
        for scalar in text.unicodeScalars {
            offsets.append(utf8)
            if scalar.value > 0xFFFF { offsets.append(utf8) }
            utf8 += UTF8.width(scalar)
        }
        offsets.append(utf8)
        utf8Offsets = offsets
    }

    func offset(_ utf16: Int) -> Int { utf8Offsets[max(0, min(utf16, utf8Offsets.count - 1))] }

    func slice(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
}
#endif
