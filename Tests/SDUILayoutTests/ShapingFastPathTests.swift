import Foundation
import Testing
import SDUIEnvironment

@testable import SDUILayout

/// The shaping fast paths against the general path they stand in for: the ASCII tables (`ASCIIShaping`) against
/// the shaper, the shaper's trigger sets against applying every substitution, and a measurer reading the ASCII
/// tables against one that shapes every text in full. Every face: the bundled ones and the fixture fonts.
@Suite struct ShapingFastPathTests {
    static let fixtureFaces: [FontFace] = {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fonts")
        let names = ["Lato-Regular-subset.ttf", "Lato-Bold-subset.ttf", "Lato-Italic-subset.ttf", "Inter-Regular-subset.otf",
                     "DejaVuSans-subset.ttf", "Subsets.ttc"]
        return names.flatMap { name -> [FontFace] in
            let bytes = (try? [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))) ?? []
            return (try? FontFile.faces(in: bytes, file: name)) ?? []
        }
    }()

    static let bundledFaces: [FontFace] = BundledFonts.faces.compactMap {
        BundledFonts.face(family: $0.family, weight: $0.weight)
    }

    static var allFaces: [FontFace] { bundledFaces + fixtureFaces }

    /// Characters the corpus strings are made of: ASCII (kerning pairs, ligature and contextual-alternate
    /// candidates), accented Latin composed and not, quotes, dashes, arrows, Greek, Cyrillic, Hebrew, Arabic, marks.
    static let pieces = ["A", "V", "W", "T", "o", "y", "f", "i", "l", "fi", "ffl", "st", "x", "2", "0", "1", ":", "-", "->",
                         "<-", "=>", "(", ")", "[", "]", "*", "+", "@", " ", " ", ".", ",", "'", "\"", "é", "e\u{301}",
                         "ď", "d\u{30C}", "Å", "ñ", "ı", "ß", "“", "”", "‘", "’", "–", "—", "…", "→", "×", "€", "λ", "Ж",
                         "\u{A0}", "\u{AD}", "\u{200D}", "ש", "ל", "\u{05B0}", "م", "ر", "ح", "ل", "ا", "لا", "\u{064E}",
                         "ـ", "\u{200C}", "١"]

    @Test func `every bundled face is read and has its ASCII tables`() {
        #expect(Self.bundledFaces.count == BundledFonts.faces.count, "\(BundledFonts.problems)")
        for face in Self.bundledFaces where face.family == "Inter" {
            #expect(face.ascii != nil, "\(face)")
        }
    }

    @Test(arguments: allFaces)
    func `the ASCII tables give the width the shaper gives`(face: FontFace) throws {
        guard let ascii = face.ascii else { return }
        var random = SplitMix(seed: UInt64(face.glyphCount))
        var checked = 0
        let printable = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
        for round in 0..<400 {
            let length = Int.random(in: 1...30, using: &random)
            var text = String((0..<length).map { _ in printable.randomElement(using: &random)! })
            if round % 4 == 0 { text += "…" }
            var shaper = FontShaper(face: face)
            shaper.usesTriggers = false
            let scalars = text.unicodeScalars.map(\.value)
            let script = scalars.lazy.compactMap(ShapingScript.of).first ?? .other
            scalars.withUnsafeBufferPointer { shaper.shape($0, script: script) }
            let shaped = shaper.infos.reduce(0) { $0 + Int($1.advance) }
            let bytes = Array(text.utf8)
            let fast: Int? = bytes.withUnsafeBufferPointer { buffer in
                if text.hasSuffix("…") {
                    guard ascii.ellipsisAdvance >= 0 else { return nil }
                    let slice = UnsafeBufferPointer(rebasing: buffer[0..<(buffer.count - 3)])
                    return ascii.shapedWidth(slice).map {
                        $0 + Int(ascii.ellipsisAdvance) + (slice.last.map { Int(ascii.ellipsisKerning[Int($0)]) } ?? 0)
                    }
                }
                return ascii.shapedWidth(buffer)
            }
            guard let fast else { continue }
            checked += 1
            #expect(fast == shaped, "\(face): \(text.debugDescription)")
        }
        #expect(checked > 20, "\(face): ASCII strings are in the tables")
    }

    @Test(arguments: allFaces)
    func `passing over untriggered substitutions changes no glyph`(face: FontFace) {
        var random = SplitMix(seed: UInt64(face.glyphCount) &+ 7)
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 1...16, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let scalars = text.unicodeScalars.map(\.value)
            for script in [ShapingScript.latin, .arabic, .hebrew, .other] {
                var fast = FontShaper(face: face), general = FontShaper(face: face)
                general.usesTriggers = false
                scalars.withUnsafeBufferPointer {
                    fast.shape($0, script: script)
                    general.shape($0, script: script)
                }
                #expect(fast.glyphs == general.glyphs, "\(face) \(script): \(text.debugDescription)")
            }
        }
    }

    @Test func `measuring from the ASCII tables equals shaping every text in full`() {
        let tabled = TextMeasurer(), full = TextMeasurer(displayScale: 1, cacheCapacity: 8192, usesASCIITables: false)
        var random = SplitMix(seed: 29)
        let words = ["Wave", "AVATAR", "To", "office", "Yacht", "T.", "Product 42:", "a", "handmade", "ceramic", "mug", "$19.99",
                     "(2 items)", "2x3", "e-mail", "Wi-Fi", "->", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog"]
        for round in 0..<300 {
            let text = (0..<Int.random(in: 1...10, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: round % 7 == 0 ? "  " : " ")
            let font = FontSpec(size: [11, 17, 34][round % 3], weight: [400, 500, 600, 700][round % 4], lineHeight: 22)
            #expect(tabled.idealWidth(text, font: font) == full.idealWidth(text, font: font), "\(text)")
            for width in [30.0, 60, 100, 160, 240, .infinity] {
                for limit in [nil, 1, 2] as [Int?] {
                    let a = tabled.measure(text, font: font, maxWidth: width, lineLimit: limit)
                    let b = full.measure(text, font: font, maxWidth: width, lineLimit: limit)
                    #expect(a == b, "\(text.debugDescription) at \(width), \(String(describing: limit))")
                    let handle = tabled.prepare(text, font: font), other = full.prepare(text, font: font)
                    #expect(tabled.layout(of: handle, maxWidth: width, lineLimit: limit)
                            == full.layout(of: other, maxWidth: width, lineLimit: limit))
                }
            }
        }
    }
}

extension FontFace: CustomTestStringConvertible {
    public var testDescription: String { description }
}
