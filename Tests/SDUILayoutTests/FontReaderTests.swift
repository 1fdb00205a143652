import Foundation
import Testing
@testable import SDUILayout
import SDUIEnvironment

/// The font reader: names, metrics and character maps of real fonts (subsets of Lato, Inter and DejaVu Sans in
/// Fixtures/fonts, written by Scripts/generate_font_fixtures.py), shaping equal to HarfBuzz's with its default
/// features, CSS font matching, and malformed files ending in errors that name the file and table.
@Suite struct FontReaderTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fonts")

    static func bytes(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))) ?? []
    }

    static func face(_ name: String, index: Int = 0) throws -> FontFace {
        try FontFile.faces(in: bytes(name), file: name)[index]
    }

    /// HarfBuzz's glyphs per font and string: [glyph, cluster, x advance].
    static let reference: [String: [String: [[Int]]]] = {
        let data = (try? Data(contentsOf: directory.appendingPathComponent("shaping-reference.json"))) ?? Data()
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        return object?["fonts"] as? [String: [String: [[Int]]]] ?? [:]
    }()

    @Test func `faces report their family, style, weight and metrics`() throws {
        let lato = try Self.face("Lato-Regular-subset.ttf")
        #expect(lato.family == "Lato")
        #expect(lato.weight == 400 && !lato.isItalic)
        #expect(lato.unitsPerEm == 2000)
        #expect(lato.ascender > 0 && lato.descender < 0)
        let bold = try Self.face("Lato-Bold-subset.ttf")
        #expect(bold.family == "Lato" && bold.weight == 700 && !bold.isItalic)
        let italic = try Self.face("Lato-Italic-subset.ttf")
        #expect(italic.family == "Lato" && italic.isItalic)
        let inter = try Self.face("Inter-Regular-subset.otf")
        #expect(inter.family == "Inter" && inter.unitsPerEm == 2816 && inter.ascender == 2728 && inter.descender == -680)
        #expect(inter.postScriptName == "Inter-Regular")
        #expect(inter.covers(0x41) && inter.covers(0x2192) && !inter.covers(0x4E00))
        let dejavu = try Self.face("DejaVuSans-subset.ttf")
        #expect(dejavu.family == "DejaVu Sans" && dejavu.gpos == nil && !dejavu.kernPairs.isEmpty)
    }

    @Test func `a collection holds each of its faces`() throws {
        let faces = try FontFile.faces(in: Self.bytes("Subsets.ttc"), file: "Subsets.ttc")
        #expect(faces.count == 2)
        #expect(faces.map(\.weight) == [400, 700])
        #expect(faces.map(\.index) == [0, 1])
    }

    @Test(arguments: ["Lato-Regular-subset.ttf", "Lato-Bold-subset.ttf", "Lato-Italic-subset.ttf",
                      "Inter-Regular-subset.otf", "DejaVuSans-subset.ttf", "Subsets.ttc#1"])
    func `shaping gives HarfBuzz's glyphs, clusters and advances`(font: String) throws {
        let parts = font.split(separator: "#")
        let face = try Self.face(String(parts[0]), index: parts.count > 1 ? Int(parts[1])! : 0)
        let expected = try #require(Self.reference[font])
        #expect(expected.count > 20)
        for (text, glyphs) in expected {
            let shaped = face.shape(text).map { [Int($0.glyph), Int($0.cluster), Int($0.advance)] }
            #expect(shaped == glyphs, "\(font): \(text)")
        }
    }

    @Test func `kerning and ligatures change widths as HarfBuzz's do`() throws {
        let lato = try Self.face("Lato-Regular-subset.ttf")
        let plain = "AV".unicodeScalars.map { lato.advance(ofGlyph: lato.glyph(for: $0.value)) }.reduce(0, +)
        let kerned = lato.shape("AV").reduce(0) { $0 + Int($1.advance) }
        #expect(kerned < plain, "AV is kerned")
        let ligature = lato.shape("fi")
        #expect(ligature.count == 1 && ligature[0].cluster == 0, "fi is one glyph")
    }

    @Test func `CSS font matching picks the nearest weight, then the style`() throws {
        var fonts = FontCollection()
        for name in ["Lato-Regular-subset.ttf", "Lato-Bold-subset.ttf", "Lato-Italic-subset.ttf"] {
            try fonts.addFaces(from: Self.bytes(name), file: name)
        }
        #expect(fonts.families == ["Lato"])
        #expect(fonts.contains(family: "lato"))
        #expect(fonts.face(family: "Lato", weight: 400, isItalic: false)?.weight == 400)
        #expect(fonts.face(family: "Lato", weight: 450, isItalic: false)?.weight == 400)  // 450 → up to 500, then lighter
        #expect(fonts.face(family: "Lato", weight: 600, isItalic: false)?.weight == 700)  // > 500 → heavier first
        #expect(fonts.face(family: "Lato", weight: 300, isItalic: false)?.weight == 400)  // < 400 → lighter, then heavier
        #expect(fonts.face(family: "Lato", weight: 700, isItalic: true)?.isItalic == true)  // style before weight
        #expect(fonts.face(family: "LATO", weight: 400, isItalic: true)?.weight == 400)
        #expect(fonts.face(family: "Helvetica", weight: 400, isItalic: false) == nil)
        #expect(FontCollection.weightIndex(forCSSWeight: 500, available: [300, 400, 600]) == 1)
        #expect(FontCollection.weightIndex(forCSSWeight: 400, available: [300, 500, 600]) == 1)
        #expect(FontCollection.weightIndex(forCSSWeight: 900, available: [100, 400]) == 1)
        #expect(FontCollection.weightIndex(forCSSWeight: 100, available: [400, 700]) == 0)
    }

    @Test func `not a font, web fonts and empty files are errors that name the file`() {
        for (bytes, expected) in [([UInt8](), FontFileError.Code.notAFont), (Array("wOF2 and more bytes".utf8), .notAFont),
                                  (Array("<html>this is not a font</html>".utf8), .notAFont)] {
            #expect(throws: FontFileError.self) { try FontFile.faces(in: bytes, file: "x.ttf") }
            do { _ = try FontFile.faces(in: bytes, file: "x.ttf") } catch {
                #expect(error.code == expected)
                #expect(error.description.hasPrefix("x.ttf: "))
            }
        }
    }

    @Test func `a truncated file names the table that is cut`() throws {
        let data = Self.bytes("Lato-Regular-subset.ttf")
        // Cut the file inside its last table: the error names that table.
        let tables = try FontFile.tables(in: FontBytes(storage: FontStorage(data), start: 0, end: data.count, file: "f", table: nil),
                                         directoryAt: 0)
        let last = try #require(tables.values.max { $0.start < $1.start })
        let cut = Array(data[0..<(last.start + last.count / 2)])
        do {
            _ = try FontFile.faces(in: cut, file: "cut.ttf")
            Issue.record("a cut file loaded")
        } catch {
            #expect(error.code == .truncated)
            #expect(error.table == last.table)
            #expect(error.description.hasPrefix("cut.ttf: table '\(last.table ?? "")': the table is at"))
        }
    }

    /// Every prefix (in steps) and seeded corruptions of each fixture: an error or a face, never a trap; a face that
    /// loads shapes the corpus without trapping.
    @Test(arguments: ["Lato-Regular-subset.ttf", "Inter-Regular-subset.otf", "DejaVuSans-subset.ttf", "Subsets.ttc"])
    func `truncated and corrupted files end in an error or a face, never a trap`(name: String) {
        let data = Self.bytes(name)
        var generator = SplitMix(seed: UInt64(data.count))
        var loaded = 0, failed = 0
        func attempt(_ bytes: [UInt8]) {
            do {
                for face in try FontFile.faces(in: bytes, file: name) {
                    _ = face.shape("AVATAR office ffi Café → ‘quoted’")
                }
                loaded += 1
            } catch {
                #expect(error.file == name)
                failed += 1
            }
        }
        for length in stride(from: 0, to: data.count, by: max(1, data.count / 300)) { attempt(Array(data[0..<length])) }
        for _ in 0..<300 {
            var corrupted = data
            for _ in 0..<8 {
                let position = Int(generator.next() % UInt64(min(corrupted.count, 4096 + Int(generator.next() % UInt64(corrupted.count)))))
                corrupted[position] = UInt8(truncatingIfNeeded: generator.next())
            }
            attempt(corrupted)
        }
        #expect(failed > 100)
        #expect(loaded > 10)
    }
}
