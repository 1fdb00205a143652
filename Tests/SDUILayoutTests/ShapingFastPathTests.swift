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

    /// Fonts the machine has (the held-out fonts `Scripts/test` installs for the browser checks), when present: more
    /// real-world GSUB and GPOS for the fast paths to be compared on.
    static let systemFaces: [FontFace] = {
        let paths = ["/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
                     "/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf",
                     "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf",
                     "/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Regular.otf"]
        return paths.flatMap { path -> [FontFace] in
            guard let bytes = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) else { return [] }
            return (try? FontFile.faces(in: bytes, file: path)) ?? []
        }
    }()

    static var allFaces: [FontFace] { bundledFaces + fixtureFaces + systemFaces }

    /// Printable ASCII drawn at random, the characters faces' contextual alternates and ligatures look at (digits,
    /// capitals, punctuation, arrows' parts) more often than the rest.
    static func randomASCII(_ length: Int, using random: inout SplitMix) -> String {
        let printable = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
        let contextual = Array("0123456789:-()[]{}<=>@x*AVTWYfilt. ")
        return String((0..<length).map { _ in
            Bool.random(using: &random) ? printable.randomElement(using: &random)! : contextual.randomElement(using: &random)!
        })
    }

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
        for round in 0..<600 {
            var text = Self.randomASCII(Int.random(in: 1...30, using: &random), using: &random)
            if round % 4 == 0 { text += "…" }
            let (shaped, glyphs) = Self.shapedInFull(text, face: face)
            let bytes = Array(text.utf8)
            let fast: Int? = bytes.withUnsafeBufferPointer { buffer in
                if text.hasSuffix("…") {
                    return ascii.ellipsizedWidth(UnsafeBufferPointer(rebasing: buffer[0..<(buffer.count - 3)]))
                }
                return ascii.shapedWidth(buffer)
            }
            guard let fast else { continue }
            checked += 1
            #expect(fast == shaped, "\(face): \(text.debugDescription)")
            // The gate let the text through: no substitution changed a glyph.
            #expect(glyphs == text.unicodeScalars.map { Int32(face.glyph(for: $0.value)) }, "\(face): \(text.debugDescription)")
        }
        #expect(checked > 30, "\(face): ASCII strings are in the tables")
    }

    /// The width and glyphs of `text` shaped with every substitution tried (no fast path).
    static func shapedInFull(_ text: String, face: FontFace) -> (width: Int, glyphs: [Int32]) {
        var shaper = FontShaper(face: face)
        shaper.usesTriggers = false
        shaper.usesPairPositioning = false
        let scalars = text.unicodeScalars.map(\.value)
        let script = scalars.lazy.compactMap(ShapingScript.of).first ?? .other
        scalars.withUnsafeBufferPointer { shaper.shape($0, script: script) }
        return (shaper.infos.reduce(0) { $0 + Int($1.advance) }, shaper.infos.map(\.glyph))
    }

    @Test func `Inter's contextual alternates keep the texts that hold their context off the tables`() throws {
        let inter = try #require(Self.bundledFaces.first { $0.family == "Inter" })
        let ascii = try #require(inter.ascii)
        func tabled(_ text: String) -> Bool { Array(text.utf8).withUnsafeBufferPointer { ascii.shapedWidth($0) != nil } }
        // No substitution of Inter's changes these.
        for text in ["Handmade ceramic mug", "$19.99", "1.5 kg", "Trail Runner Pro", "AV Office", "Yacht, 2009"] {
            #expect(tabled(text), "\(text)")
        }
        // Case forms beside capitals and digits, an arrow, a multiplication sign, a smiley: shaped, and the shaper
        // changes them.
        for text in ["A-B", "(ABC)", "Product 42: a mug", "10:30", "(2 items)", "2x3", "a->b", "a <=> b", "ok :-)"] {
            #expect(!tabled(text), "\(text)")
            let glyphs = Self.shapedInFull(text, face: inter).glyphs
            #expect(glyphs != text.unicodeScalars.map { Int32(inter.glyph(for: $0.value)) }, "\(text)")
        }
    }

    @Test(arguments: allFaces)
    func `passing over untriggered substitutions and kerning in pairs change no glyph or advance`(face: FontFace) {
        var random = SplitMix(seed: UInt64(face.glyphCount) &+ 7)
        for round in 0..<400 {
            let text = round % 2 == 0
                ? (0..<Int.random(in: 1...16, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
                : Self.randomASCII(Int.random(in: 1...24, using: &random), using: &random)
            let scalars = text.unicodeScalars.map(\.value)
            for script in [ShapingScript.latin, .arabic, .hebrew, .other] {
                var fast = FontShaper(face: face), general = FontShaper(face: face)
                general.usesTriggers = false
                general.usesPairPositioning = false
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
                     "(2 items)", "2x3", "e-mail", "Wi-Fi", "->", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog",
                     "10:30", "A-Z", "[NEW]", "<=", "=>", ":-)", "@Home", "x", "1/2", "3*4"]
        let loaded = Self.fixtureFaces + Self.systemFaces
        for round in 0..<400 {
            let text = (0..<Int.random(in: 1...10, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: round % 7 == 0 ? "  " : " ")
            var font = FontSpec(size: [11, 17, 34][round % 3], weight: [400, 500, 600, 700][round % 4], lineHeight: 22)
            if round % 2 == 1 && !loaded.isEmpty { font.face = loaded[(round / 2) % loaded.count] }
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

extension ShapingFastPathTests {
    @Test func `every face works out its substitutions' triggers well within the budget`() {
        for face in Self.allFaces {
            let used = TriggerAnalysis.faceBudget - face.triggerAnalysisUnitsLeft
            #expect(used > 0 || face.glyphCount < 10, "\(face): no trigger analysed")
            #expect(used * 4 < TriggerAnalysis.faceBudget, "\(face): \(used) units of \(TriggerAnalysis.faceBudget)")
        }
    }

    /// A ligature lookup whose subtable count (32 769) runs on into the table's other bytes, found by the `font` fuzz
    /// target: reading every subtable's sets and ligatures is billions of steps from a 10 kB file. The analysis
    /// stops at its budget and the lookups left are tried on every run; shaping is the same as with every
    /// substitution tried.
    @Test func `a lookup whose subtables run on is tried on every run instead of analysed without end`() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions/font/ligature-lookup-with-32769-subtables.bin")
        let faces = try FontFile.faces(in: [UInt8](Data(contentsOf: file)), file: "font.bin")
        let face = try #require(faces.first)
        #expect(face.triggerAnalysisUnitsLeft <= 0)
        for text in ["AVATAR Wave", "office ffi", "Café crème", "12:30 -> 日本", "ab", "x"] {
            let scalars = text.unicodeScalars.map(\.value)
            var fast = FontShaper(face: face), general = FontShaper(face: face)
            general.usesTriggers = false
            scalars.withUnsafeBufferPointer {
                fast.shape($0, script: .latin)
                general.shape($0, script: .latin)
            }
            #expect(fast.glyphs == general.glyphs, "\(text)")
        }
    }
}

extension FontFace: CustomTestStringConvertible {
    public var testDescription: String { description }
}
