import Foundation
import Testing
@testable import SDUILayout
import SDUIEnvironment
import SDUISchema

/// A host-supplied `TextMeasuring` is what the engine measures text with (`LayoutEngine(measurer:)`): a measurer
/// backed by a font file — standing in for a device whose text system draws every text in that font — gives the
/// frames that font gives when the engine loads it and the payload names it.
@Suite struct HostMeasurerTests {
    /// Every text in Lato (the face CSS matching picks for the run's weight), whatever the payload names: what a
    /// device measurer does with its system font. Counts its calls.
    final class LatoMeasuring: TextMeasuring {
        let measurer = TextMeasurer()
        var calls = 0

        func face(_ font: FontSpec) -> FontFace {
            FontPayloadTests.fonts.face(family: "Lato", weight: font.weight, isItalic: false)!
        }

        func measure(_ text: String, font: FontSpec, maxWidth: Double, lineLimit: Int?) -> TextLayout {
            calls += 1
            let face = face(font)
            return measurer.measure(text, font: FontSpec(size: font.size, weight: font.weight, lineHeight: lineHeight(for: font), face: face),
                                    maxWidth: maxWidth, lineLimit: lineLimit)
        }

        func lineHeight(for font: FontSpec) -> Double { face(font).lineHeight(size: font.size) }
    }

    /// Cards of texts that wrap, truncate, share rows and shrink; `family` is spliced into every text-bearing node.
    static func screen(family: String) -> Screen {
        let f = family.isEmpty ? "" : "\"fontFamily\": \"\(family)\", "
        let card = #"""
            {"type": "vstack", "spacing": 6, "padding": 12, "alignment": "leading", "children": [
              {"type": "text", %F"text": "Wireless Earbuds Pro Max with Active Noise Cancelling", "weight": "bold", "style": "title3"},
              {"type": "text", %F"text": "Up to 30 hours of listening, wave away the noise. AVATAR, Type, Wolf, Toyota.", "lineLimit": 2},
              {"type": "hstack", "spacing": 8, "children": [
                {"type": "text", %F"text": "From $129.99 or $10.83/mo. for 12 mo.", "style": "footnote"},
                {"type": "spacer"},
                {"type": "button", %F"title": "Add to cart", "style": "borderedProminent"}
              ]},
              {"type": "text", %F"text": "Free delivery — order by 2 p.m. and get it tomorrow, 10:00–18:00.", "style": "caption", "lineSpacing": 3},
              {"type": "text", %F"text": "Only a few left in stock: order soon", "lineLimit": 1, "minimumScaleFactor": 0.6, "style": "callout"}
            ]}
            """#.replacingOccurrences(of: "%F", with: f)
        let json = "{\"schemaVersion\": 1, \"root\": {\"type\": \"scroll\", \"children\": [{\"type\": \"vstack\", \"children\": ["
            + Array(repeating: card, count: 3).joined(separator: ",") + "]}]}}"
        return try! Screen(jsonData: Data(json.utf8))
    }

    static func layout(_ engine: LayoutEngine, _ screen: Screen, width: Double, contentSize: ContentSizeCategory) -> LayoutResult {
        let environment = window(width, 900)
        return engine.layout(screen, in: environment, traits: environment.traitCollection(contentSize: contentSize))
    }

    @Test(arguments: [(390.0, ContentSizeCategory.large), (320, .large), (744, .xxxLarge), (390, .accessibility3)])
    func `a measurer backed by a font file gives the frames of that font loaded by the engine`(width: Double, contentSize: ContentSizeCategory) {
        let host = LatoMeasuring()
        let measured = Self.layout(LayoutEngine(measurer: host), Self.screen(family: ""), width: width, contentSize: contentSize)
        let loaded = Self.layout(LayoutEngine(fonts: FontPayloadTests.fonts), Self.screen(family: "Lato"), width: width,
                                 contentSize: contentSize)
        let builtIn = Self.layout(LayoutEngine(), Self.screen(family: ""), width: width, contentSize: contentSize)
        #expect(host.calls > 0)
        #expect(measured.nodes.count == loaded.nodes.count && measured.nodes.count == 29)
        for (a, b) in zip(measured.nodes, loaded.nodes) {
            #expect(near(a.frame, b.frame, 1e-9), "\(a.id): \(a.frame) vs \(b.frame)")
            #expect(a.text?.lines == b.text?.lines, "\(a.id)")
            #expect(a.text?.lineWidths == b.text?.lineWidths, "\(a.id)")
            #expect(a.text?.isTruncated == b.text?.isTruncated, "\(a.id)")
            #expect(near(a.text?.lineHeight ?? 0, b.text?.lineHeight ?? 0, 1e-9), "\(a.id)")
        }
        // The diagnostics of the texts (truncation, word splits) come from the measurer's lines too.
        let codes = { (r: LayoutResult) in r.diagnostics.filter { $0.code != "font-face-substituted" }.map { "\($0.code) \($0.path)" }.sorted() }
        #expect(codes(measured) == codes(loaded))
        // The engine's own faces give other frames: the test tells the measurers apart.
        let differing = zip(measured.nodes, builtIn.nodes).filter { !near($0.frame, $1.frame, 1e-6) }
        #expect(differing.count > 10)
    }

    @Test func `a measurer's line height sets the lines that fit a height, and setting a measurer forgets the text measured`() {
        let screen = try! Screen(jsonData: Data(#"""
            {"schemaVersion": 1, "root": {"type": "text", "id": "t", "frame": {"height": 50},
             "text": "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"}}
            """#.utf8))
        let engine = LayoutEngine()
        let inter = Self.layout(engine, screen, width: 200, contentSize: .large)
        let host = LatoMeasuring()
        engine.measurer = host
        let lato = Self.layout(engine, screen, width: 200, contentSize: .large)
        let latoLine = FontPayloadTests.regular.lineHeight(size: 17)
        #expect(host.calls > 0)
        #expect(lato.node("t")?.text?.lines.count == Int(50 / latoLine))
        #expect(near(lato.node("t")?.text?.lineHeight ?? 0, latoLine, 1e-12))
        #expect(inter.node("t")?.text?.lines != lato.node("t")?.text?.lines)
        engine.measurer = nil
        #expect(Self.layout(engine, screen, width: 200, contentSize: .large).node("t")?.text?.lines == inter.node("t")?.text?.lines)
    }

    /// Widths that are NaN, negative or infinite, a negative line height: the layout clamps them (no trap, finite frames).
    final class HostileMeasuring: TextMeasuring {
        func measure(_ text: String, font: FontSpec, maxWidth: Double, lineLimit: Int?) -> TextLayout {
            let widths = [Double.nan, -5, .infinity, 12]
            let lines = widths.map { TextLine(utf8Range: 0..<min(1, text.utf8.count), width: $0, text: String(text.prefix(1))) }
            return TextLayout(size: .init(width: .nan, height: -1), lines: lines, isTruncated: true, usesFallbackFont: false,
                              firstBaseline: .nan, lastBaseline: .nan)
        }
        func lineHeight(for font: FontSpec) -> Double { -20 }
    }

    @Test func `a hostile measurer cannot make a frame that is not finite`() {
        let result = Self.layout(LayoutEngine(measurer: HostileMeasuring()), Self.screen(family: ""), width: 390, contentSize: .large)
        #expect(result.nodes.allSatisfy { $0.frame.x.isFinite && $0.frame.y.isFinite && $0.frame.width.isFinite && $0.frame.height.isFinite })
        #expect(result.nodes.contains { $0.text != nil })
    }
}
