import Foundation
import Testing
@testable import SDUILayout

/// Text measured in a face read from a font file: HarfBuzz's widths on one line, and wrapped lines each as wide as
/// their drawn text shaped alone (kerning across a break is not drawn, a ligature cut by a break is two letters).
@Suite struct FontMeasurementTests {
    static let lato = try! FontReaderTests.face("Lato-Regular-subset.ttf")
    static let inter = try! FontReaderTests.face("Inter-Regular-subset.otf")

    static func font(_ face: FontFace, size: Double = 17) -> FontSpec {
        FontSpec(size: size, weight: face.weight,
                 lineHeight: (Double(face.ascender - face.descender + face.lineGap) * size / Double(face.unitsPerEm)),
                 face: face)
    }

    @Test(arguments: ["Lato-Regular-subset.ttf", "Lato-Bold-subset.ttf", "Inter-Regular-subset.otf", "DejaVuSans-subset.ttf"])
    func `one line is as wide as HarfBuzz shapes it`(name: String) throws {
        let face = try FontReaderTests.face(name)
        let measurer = TextMeasurer()
        for (text, glyphs) in try #require(FontReaderTests.reference[name]) where !glyphs.contains(where: { $0[0] == 0 }) {
            for size in [11.0, 17, 34] {
                let expected = Double(glyphs.reduce(0) { $0 + $1[2] }) * size / Double(face.unitsPerEm)
                let width = measurer.measure(text, font: Self.font(face, size: size), maxWidth: .infinity, lineLimit: nil).size.width
                #expect(abs(width - expected) < 1e-6, "\(name) \(text) at \(size): \(width) vs \(expected)")
                #expect(abs(measurer.idealWidth(text, font: Self.font(face, size: size)) - expected) < 1e-6)
            }
        }
    }

    @Test func `kerning is on: a kerned pair is narrower than its advances`() {
        let measurer = TextMeasurer()
        let font = Self.font(Self.lato)
        let pair = measurer.measure("AV", font: font, maxWidth: .infinity, lineLimit: nil).size.width
        let apart = measurer.measure("A", font: font, maxWidth: .infinity, lineLimit: nil).size.width
            + measurer.measure("V", font: font, maxWidth: .infinity, lineLimit: nil).size.width
        #expect(pair < apart - 0.5)
    }

    @Test(arguments: ["Lato-Regular-subset.ttf", "Inter-Regular-subset.otf", "DejaVuSans-subset.ttf"])
    func `every wrapped line is as wide as its text shaped alone`(name: String) throws {
        let face = try FontReaderTests.face(name)
        let measurer = TextMeasurer()
        let font = Self.font(face)
        let texts = ["WAVE AWAY. Yacht, Pyramid, Tokyo. To Ty Yo", "efficient office affluent ffi fl — Café crème",
                     "Typography kerning: AV AW Ta Te To Tr Tu Tw Ty Va Ve Vo Wa We Wo Ya Ye Yo",
                     "AVAVAVAVAVAVAVAVAVAV", "office", "Wireless Earbuds Pro Max $129.00"]
        for text in texts {
            for width in stride(from: 8.0, through: 360, by: 7) {
                for limit in [nil, 2] as [Int?] {
                    let layout = measurer.measure(text, font: font, maxWidth: width, lineLimit: limit)
                    for line in layout.lines where Self.endsAtOpportunity(line, in: text) {
                        let alone = face.width(of: line.text, size: font.size)
                        #expect(abs(line.width - alone) < 1e-6, "\(name) \(text) at \(width): \"\(line.text)\" \(line.width) vs \(alone)")
                    }
                    // The engine's way (prepared once, sized at any width) gives the same size.
                    let handle = measurer.prepare(text, font: font)
                    let size = measurer.size(of: handle, maxWidth: width, lineLimit: limit)
                    #expect(abs(size.width - layout.size.width) < 1e-9 && size.height == layout.size.height, "\(text) at \(width)")
                }
            }
        }
    }

    /// Whether a line starts and ends at the text's ends or at spaces (not inside a word, where a ligature cut in two
    /// is approximated by its letters' own advances: docs/text.md).
    static func endsAtOpportunity(_ line: TextLine, in text: String) -> Bool {
        let bytes = Array(text.utf8)
        let start = line.utf8Range.lowerBound, end = line.utf8Range.upperBound
        return (start == 0 || bytes[start - 1] == 0x20)
            && (line.text.hasSuffix("…") || end >= bytes.count || bytes[end] == 0x20)
    }

    @Test func `the cache keeps faces apart`() {
        let measurer = TextMeasurer()
        let lato = measurer.measure("Wave", font: Self.font(Self.lato), maxWidth: .infinity, lineLimit: nil)
        let inter = measurer.measure("Wave", font: Self.font(Self.inter), maxWidth: .infinity, lineLimit: nil)
        var builtIn = Self.font(Self.inter)
        builtIn.face = nil
        let plain = measurer.measure("Wave", font: builtIn, maxWidth: .infinity, lineLimit: nil)
        #expect(lato.size.width != inter.size.width)
        // One code path: the loaded Inter subset measures as the bundled Inter does, each in its own cache entry.
        #expect(inter.size.width == plain.size.width)
        #expect(measurer.cachedLayoutCount == 3)
    }

    @Test func `characters the face lacks take the built-in faces' advances`() {
        let measurer = TextMeasurer()
        let font = Self.font(Self.lato)
        let cjk = measurer.measure("日本", font: font, maxWidth: .infinity, lineLimit: nil)
        #expect(abs(cjk.size.width - 34) < 1e-6, "CJK is 1 em in the fallback font")
        #expect(cjk.usesFallbackFont)
        let latin = measurer.measure("Wave", font: font, maxWidth: .infinity, lineLimit: nil)
        #expect(!latin.usesFallbackFont)
    }
}
