#if canImport(UIKit) && canImport(CoreText)
import CoreText
import SDUIDisplay
import SDUILayout
import UIKit

/// Text measured as CoreText draws it on the device: `CTLine` widths and `CTTypesetter` line breaks, in the bundled
/// face the engine measured (`BundledFonts`, registered by `FontRegistration`), with CoreText's default features
/// (kerning and standard ligatures on), as `UILabel` lays a single run of text out.
///
/// A `TextMeasuring`: `DisplayItem.linesWiderThanEngine(measuring:)` compares the engine's lines with it on a device.
public final class CoreTextMeasuring: TextMeasuring {
    public init() {
        FontRegistration.registerBundledFonts()
    }

    /// The font a display face draws in: the bundled face CSS font matching picks for its weight.
    public func font(for face: DisplayTextFace) -> CTFont {
        let name = BundledFonts.postScriptName(weight: face.weight) ?? "Inter-Regular"
        return CTFontCreateWithName(name as CFString, CGFloat(face.size), nil)
    }

    /// The width of `line` on one line, trailing spaces excluded (they hang, as in `UILabel`).
    public func width(of line: String, face: DisplayTextFace) -> Double {
        let ctLine = CTLineCreateWithAttributedString(attributed(line, face: face))
        let width = CTLineGetTypographicBounds(ctLine, nil, nil, nil) - CTLineGetTrailingWhitespaceWidth(ctLine)
        return Double(width)
    }

    /// Where CoreText breaks `text` into lines no wider than `width` (UTF-16 ranges, as `CTTypesetterSuggestLineBreak`
    /// gives them; the engine's lines are UTF-8 ranges of the same string).
    public func lineBreaks(of text: String, face: DisplayTextFace, width: Double) -> [Range<Int>] {
        let string = attributed(text, face: face)
        let typesetter = CTTypesetterCreateWithAttributedString(string)
        let length = CFAttributedStringGetLength(string)
        var ranges: [Range<Int>] = []
        var start = 0
        while start < length {
            let count = max(1, CTTypesetterSuggestLineBreak(typesetter, start, width))
            ranges.append(start..<(start + count))
            start += count
        }
        return ranges
    }

    private func attributed(_ text: String, face: DisplayTextFace) -> CFAttributedString {
        let attributes = [kCTFontAttributeName: font(for: face)] as CFDictionary
        return CFAttributedStringCreate(nil, text as CFString, attributes)
    }
}
#endif
