import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema
import Testing

/// Sections, viewThatFits, flow, hgrid, labels, SF Symbols and text styling, beyond the fixtures.
@Suite struct SectionFlowLabelAndTextStyleTests {
    static func layout(_ json: String, window: (Double, Double) = (320, 600), scrollOffset: Double? = nil,
                       contentSize: ContentSizeCategory = .large) throws -> LayoutResult {
        let decoded = PayloadDecoder().decode(Data(#"{"schemaVersion": 1, "id": "t", "root": "#.utf8) + Data(json.utf8) + Data("}".utf8))
        let screen = try #require(decoded.screen, "\(decoded.issues)")
        #expect(decoded.issues.isEmpty, "\(decoded.issues)")
        let environment = try WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!, orientation: .portrait,
                                                                    mode: .window(Size(width: window.0, height: window.1))))
        let traits = environment.traitCollection(contentSize: contentSize)
        if let scrollOffset { return LayoutEngine().layout(screen, in: environment, traits: traits, scrollOffset: scrollOffset) }
        return LayoutEngine().layout(screen, in: environment, traits: traits)
    }

    static let body = DynamicTypeTable.metrics(.body, .large)

    @Test func `lineSpacing adds space between lines, not after the last`() throws {
        let plain = try Self.layout(#"{"type": "text", "id": "t", "text": "one two three four five six seven eight nine ten eleven"}"#, window: (100, 600))
        let spaced = try Self.layout(#"{"type": "text", "id": "t", "lineSpacing": 6, "text": "one two three four five six seven eight nine ten eleven"}"#, window: (100, 600))
        let lines = try #require(plain.node("t")?.text?.lines.count)
        #expect(lines > 2)
        let a = try #require(plain.frame("t")), b = try #require(spaced.frame("t"))
        #expect(abs(a.height - Double(lines) * Self.body.lineHeight) < 0.01)
        #expect(abs(b.height - (a.height + Double(lines - 1) * 6)) < 0.01)
        #expect(spaced.node("t")?.text?.lineSpacing == 6)
    }

    @Test func `minimumScaleFactor shrinks a one-line text to fit, no further than the factor`() throws {
        let text = "A rather long headline for a narrow box"
        let shrunk = try Self.layout(#"{"type": "text", "id": "t", "lineLimit": 1, "minimumScaleFactor": 0.5, "text": "\#(text)"}"#, window: (200, 100))
        let run = try #require(shrunk.node("t")?.text)
        #expect(!run.isTruncated)
        #expect(run.fontSize < Self.body.size && run.fontSize >= Self.body.size * 0.5)
        #expect(try #require(shrunk.frame("t")).width <= 200.01)
        let limited = try Self.layout(#"{"type": "text", "id": "t", "lineLimit": 1, "minimumScaleFactor": 0.95, "text": "\#(text)"}"#, window: (200, 100))
        #expect(limited.node("t")?.text?.isTruncated == true)
        #expect(abs((limited.node("t")?.text?.fontSize ?? 0) - Self.body.size * 0.95) < 0.001)
    }

    @Test func `an SF Symbol image is a square of its style's line height, a label puts it before the title`() throws {
        let r = try Self.layout(#"{"type": "vstack", "spacing": 0, "children": [{"type": "image", "id": "s", "systemName": "star.fill", "style": "title"}, {"type": "label", "id": "l", "title": "Wi-Fi", "systemImage": "wifi"}, {"type": "text", "id": "t", "text": "Wi-Fi"}]}"#)
        let title = DynamicTypeTable.metrics(.title, .large)
        let s = try #require(r.frame("s"))
        #expect(s.width == title.lineHeight && s.height == title.lineHeight)
        #expect(r.diagnostics.isEmpty, "an SF Symbol needs no aspect ratio")
        let l = try #require(r.frame("l")), t = try #require(r.frame("t"))
        #expect(abs(l.width - (Self.body.lineHeight + LabelMetrics.spacing + t.width)) < 0.01)
        #expect(l.height == Self.body.lineHeight)
    }

    @Test func `a section in an hstack stacks horizontally; its header and footer have frames and pointers`() throws {
        let r = try Self.layout(#"{"type": "hstack", "spacing": 0, "children": [{"type": "section", "id": "s", "spacing": 0, "header": {"type": "color", "id": "h", "frame": {"width": 10, "height": 10}}, "footer": {"type": "color", "frame": {"width": 30, "height": 10}}, "children": [{"type": "color", "id": "c", "frame": {"width": 20, "height": 10}}]}]}"#)
        #expect(r.frame("s")?.width == 60)
        #expect(r.frame("c")?.x == (try #require(r.frame("h"))).x + 10)
        let footer = try #require(r.nodes.first { $0.path == "root.0.footer" })
        #expect(footer.pointer == "/root/children/0/footer")
        #expect(footer.frame.width == 30)
    }

    @Test func `a scroll offset moves the content and is clamped to it`() throws {
        let json = #"{"type": "scroll", "id": "s", "spacing": 0, "children": [{"type": "color", "id": "a", "frame": {"height": 500}}, {"type": "color", "id": "b", "frame": {"height": 500}}]}"#
        #expect(try Self.layout(json, scrollOffset: 100).frame("b")?.y == 400)
        #expect(try Self.layout(json, scrollOffset: 10_000).frame("b")?.y == 100, "at most content (1000) − viewport (600)")
        #expect(try Self.layout(json, scrollOffset: -50).frame("a")?.y == 0)
        #expect(try Self.layout(json, scrollOffset: 100).frame("s")?.y == 0, "the scroll itself stays")
    }

    @Test func `an unchosen viewThatFits child is reported with a zero frame and no text lines`() throws {
        let r = try Self.layout(#"{"type": "viewThatFits", "children": [{"type": "text", "id": "long", "text": "A title far too long to fit in this narrow window at all"}, {"type": "text", "id": "short", "text": "Short"}]}"#, window: (120, 200))
        let long = try #require(r.node("long"))
        #expect(long.frame.width == 0 && long.frame.height == 0)
        #expect(long.text?.lines.isEmpty ?? true)
        #expect(r.node("short")?.text?.lines == ["Short"])
    }

    @Test func `a flow aligns its lines and wraps a child wider than the line on a line of its own`() throws {
        let r = try Self.layout(#"{"type": "flow", "id": "f", "alignment": "trailing", "spacing": 10, "lineSpacing": 0, "children": [{"type": "color", "id": "a", "frame": {"width": 300, "height": 10}}, {"type": "color", "id": "b", "frame": {"width": 100, "height": 10}}]}"#, window: (200, 100))
        #expect(r.frame("a")?.width == 300)
        #expect(r.frame("b")?.y == (try #require(r.frame("a"))).y + 10)
        #expect(r.frame("b")?.maxX == (try #require(r.frame("f"))).maxX, "trailing")
    }

    @Test func `bad values of these keys are errors that say where`() {
        let cases: [(String, String)] = [
            (#"{"type": "scroll", "pinnedViews": ["headers"]}"#, "/root/pinnedViews/0"),
            (#"{"type": "text", "text": "x", "minimumScaleFactor": 0}"#, "/root/minimumScaleFactor"),
            (#"{"type": "hgrid"}"#, "/root/rows"),
            (#"{"type": "viewThatFits", "axes": "diagonal"}"#, "/root/axes"),
            (#"{"type": "label"}"#, "/root/title"),
            (#"{"type": "image", "systemName": ""}"#, "/root/systemName"),
            (#"{"type": "section", "header": {"type": "text"}}"#, "/root/header/text"),
            (#"{"type": "vstack", "header": {"type": "color"}}"#, "/root/header"),
            (#"{"type": "text", "text": "x", "alignment": "center", "multilineTextAlignment": "leading"}"#, "/root/multilineTextAlignment"),
        ]
        for (json, pointer) in cases {
            let decoded = PayloadDecoder().decode(Data((#"{"schemaVersion": 1, "id": "t", "root": "# + json + "}").utf8))
            #expect(decoded.issues.contains { $0.pointer == pointer }, "\(json): \(decoded.issues)")
        }
    }

    @Test func `these keys round-trip through the encoding`() throws {
        let json = #"{"type": "scroll", "pinnedViews": ["sectionHeaders"], "children": [{"type": "section", "header": {"type": "text", "text": "H"}, "footer": {"type": "label", "title": "F", "systemImage": "star"}, "children": [{"type": "flow", "lineSpacing": 2, "children": [{"type": "text", "text": "$5", "strikethrough": true, "underline": true, "monospacedDigit": true, "truncationMode": "middle", "minimumScaleFactor": 0.5, "lineSpacing": 1}]}, {"type": "hgrid", "rows": 2, "children": []}, {"type": "viewThatFits", "axes": ["horizontal", "vertical"], "children": [{"type": "image", "systemName": "star", "style": "title"}]}]}]}"#
        let screen = try #require(PayloadDecoder().decode(Data((#"{"schemaVersion": 1, "id": "t", "root": "# + json + "}").utf8)).screen)
        let again = PayloadDecoder().decode(screen.jsonData(pretty: false))
        #expect(again.issues.isEmpty, "\(again.issues)")
        #expect(again.screen == screen)
    }
}
