import Foundation
import Testing

@testable import SDUILayout

/// The fixture Scripts/generate_text_reference.py writes: HarfBuzz's widths of Hebrew, Arabic and mixed strings
/// shaped from the bundled font files (default features), and the widths Chromium laid out with the renderer's CSS.
struct RTLTextReference: Decodable, Sendable {
    struct Chromium: Decodable, Sendable {
        var browser: String
        var rows: [TextReference.ChromiumRow]
    }
    var cases: [TextReference.Case]
    var chromium: Chromium?

    static let shared: RTLTextReference = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/rtl-text-reference.json")
        do {
            return try JSONDecoder().decode(RTLTextReference.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()
}

@Suite struct RightToLeftTextTests {
    let measurer = TextMeasurer()

    @Test(arguments: RTLTextReference.shared.cases)
    func `a Hebrew or Arabic string measures what HarfBuzz shapes from the bundled fonts`(_ c: TextReference.Case) {
        let font = FontSpec(size: c.size, weight: c.weight, lineHeight: 22)
        let layout = TextMeasurer().measure(c.text, font: font, maxWidth: .infinity, lineLimit: nil)
        #expect(abs(layout.size.width - c.width) < 1e-5, "\(layout.size.width) vs HarfBuzz \(c.width)")
        #expect(!layout.usesFallbackFont, "the bundled faces draw it")
    }

    @Test func `Chromium lays the reference strings out within half a percent of the measurer`() throws {
        let rows = try #require(RTLTextReference.shared.chromium?.rows)
        #expect(rows.count >= 50)
        var worst = 0.0
        for row in rows {
            let width = TextMeasurer().measure(row.text, font: FontSpec(size: row.size, weight: row.weight, lineHeight: 22),
                                               maxWidth: .infinity, lineLimit: nil).size.width
            let error = abs(width - row.width) / row.width
            worst = max(worst, error)
            #expect(error < 0.005, "\(row.text) @\(row.weight) \(row.size): measurer \(width), Chromium \(row.width)")
        }
        print("Chromium vs measurer, Hebrew and Arabic reference strings: worst \(worst * 100) %")
    }

    @Test func `Arabic letters take their joining forms and lam with alef is one ligature`() {
        let font = FontSpec(size: 17, weight: 400, lineHeight: 22)
        func width(_ text: String) -> Double { measurer.measure(text, font: font, maxWidth: .infinity, lineLimit: nil).size.width }
        let beh = "\u{0628}", lam = "\u{0644}", alef = "\u{0627}", tatweel = "\u{0640}"
        // Beh alone is wider than beh joined on both sides (its medial form).
        #expect(width(beh) > width(tatweel + beh + tatweel) - 2 * width(tatweel))
        // Lam-alef is its own glyph, not lam (initial) followed by alef (final).
        #expect(abs(width(lam + alef) - (width(lam + "\u{200D}") + width("\u{200D}" + alef))) > 0.5)
        // ZWNJ stops joining: lam + ZWNJ + alef is an isolated lam and an isolated alef.
        #expect(abs(width(lam + "\u{200C}" + alef) - (width(lam) + width(alef))) < 1e-9)
        // A mark between lam and alef does not stop the ligature.
        #expect(abs(width(lam + "\u{064E}" + alef) - width(lam + alef)) < 1e-9)
        // Alef + madda above draws as the precomposed alef with madda.
        #expect(abs(width(alef + "\u{0653}") - width("\u{0622}")) < 1e-9)
    }

    @Test func `every line of Hebrew and Arabic text is as wide as its drawn text measured alone`() {
        // What the renderer draws: each line alone, so an Arabic letter at a line end takes its final or
        // isolated form, and a truncated line's last letter is shaped before the ellipsis.
        let texts = ["مرحبا بكم في متجرنا الجديد", "كتابالمكتبةالكبيرةالجديدة", "السلام عليكم ورحمة الله وبركاته",
                     "שלום לכולם וברוכים הבאים לחנות", "אבגדהוזחטיכלמנסעפצקרשת", "لالالالالالالالالالالا",
                     "مَرْحَبًا بِكُمْ", "סל קניות: 3 פריטים, ₪129", "Sale מבצע السعر ٢٠٪"]
        let fonts = [FontSpec(size: 17, weight: 400, lineHeight: 22), FontSpec(size: 13, weight: 600, lineHeight: 18)]
        var lines = 0
        for text in texts {
            for font in fonts {
                for width in stride(from: 20.0, through: 240, by: 7) {
                    for limit in [nil, 1, 2] as [Int?] {
                        let layout = measurer.measure(text, font: font, maxWidth: width, lineLimit: limit)
                        for line in layout.lines {
                            let alone = measurer.measure(line.text, font: font, maxWidth: .infinity, lineLimit: nil).size.width
                            #expect(abs(alone - line.width) < 1e-5, "\(text) at \(width), limit \(String(describing: limit)): '\(line.text)' \(line.width) vs \(alone)")
                            if layout.lines.count > 1 || line.text.count > 1 {
                                #expect(line.width <= width + 1e-9 || line.text.count == 1, "'\(line.text)' fits \(width)")
                            }
                            lines += 1
                        }
                    }
                }
            }
        }
        #expect(lines > 1000)
    }

    @Test func `Hebrew and Arabic weights follow CSS font matching over the two embedded faces`() {
        for (weight, face) in [(400, 400), (500, 400), (600, 700), (900, 700), (100, 400)] {
            #expect(BundledFonts.face(family: "Noto Sans Hebrew", weight: weight)?.weight == face)
            #expect(BundledFonts.face(family: "Noto Sans Arabic", weight: weight)?.weight == face)
        }
        let measurer = TextMeasurer()
        let regular = measurer.idealWidth("שלום", font: FontSpec(size: 17, weight: 500, lineHeight: 22))
        let bold = measurer.idealWidth("שלום", font: FontSpec(size: 17, weight: 600, lineHeight: 22))
        #expect(regular == measurer.idealWidth("שלום", font: FontSpec(size: 17, weight: 400, lineHeight: 22)))
        #expect(bold == measurer.idealWidth("שלום", font: FontSpec(size: 17, weight: 700, lineHeight: 22)))
    }

    @Test func `Hebrew and Arabic lines break at spaces and the maqaf, never inside a word that fits`() {
        let font = FontSpec(size: 17, weight: 400, lineHeight: 22)
        let layout = measurer.measure("תל־אביב יפו", font: font, maxWidth: 50, lineLimit: nil)
        #expect(layout.lines.first?.text == "תל־", "break after the maqaf: \(layout.lines.map(\.text))")
        let arabic = measurer.measure("مرحبا بالعالم", font: font, maxWidth: 60, lineLimit: nil)
        #expect(arabic.lines.map(\.text) == ["مرحبا", "بالعالم"])
    }
}
