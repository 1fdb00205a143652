import Foundation
import Testing
import SDUIDisplay
import SDUILayout

/// The faces the hosts ship and register: in the resource bundle, readable, named as the hosts ask for them, and
/// drawing every ASCII character with the advance the engine measures it with.
@Suite struct BundledFontsTests {
    @Test(arguments: BundledFonts.faces.map(\.fileName))
    func `a bundled face is in the bundle and is the face it says it is`(fileName: String) throws {
        let face = try #require(BundledFonts.faces.first { $0.fileName == fileName })
        let url = try #require(BundledFonts.url(of: face), "\(fileName) is not in SDUILayout's resources")
        let read = try #require(try FontFile.faces(in: [UInt8](Data(contentsOf: url)), file: fileName).first)
        #expect(read.family == face.family)
        #expect(read.weight == face.weight)
        #expect(read.postScriptName == face.postScriptName)
        #expect(!read.isItalic)
    }

    @Test(arguments: BundledFonts.faces.filter { $0.family == "Inter" }.map(\.fileName))
    func `each ASCII character draws with the advance the engine measures`(fileName: String) throws {
        let face = try #require(BundledFonts.faces.first { $0.fileName == fileName })
        let url = try #require(BundledFonts.url(of: face))
        let read = try #require(try FontFile.faces(in: [UInt8](Data(contentsOf: url)), file: fileName).first)
        let measurer = TextMeasurer()
        let font = FontSpec(size: 17, weight: face.weight, lineHeight: 22)
        for scalar in (0x21 as UInt32)...0x7E {
            let text = String(Character(Unicode.Scalar(scalar)!))
            let engine = measurer.idealWidth(text, font: font)
            let drawn = Double(read.advance(ofGlyph: read.glyph(for: scalar))) * 17 / Double(read.unitsPerEm)
            #expect(abs(engine - drawn) < 1e-9, "\(fileName) \(text): \(engine) vs \(drawn)")
        }
    }

    @Test func `hosts ask for the face CSS font matching picks`() {
        #expect(BundledFonts.postScriptName(weight: 400) == "Inter-Regular")
        #expect(BundledFonts.postScriptName(weight: 550) == "Inter-SemiBold")  // the engine's and the browser's rule
        #expect(BundledFonts.postScriptName(weight: 300) == "Inter-Regular")
        #expect(BundledFonts.postScriptName(weight: 900) == "Inter-Bold")
        #expect(BundledFonts.postScriptName(family: "Noto Sans Arabic", weight: 600) == "NotoSansArabic-Bold")
        #expect(BundledFonts.postScriptName(family: "Helvetica", weight: 400) == nil)
        #expect(FontRegistration.registerBundledFonts().isEmpty, "nothing to register without CoreText")
    }
}
