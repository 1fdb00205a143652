import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
@testable import SDUIRender

/// Every SVG the renderer writes is well-formed XML: each example in the snapshot windows, and every node type
/// with every combination of clips, shadows and decorations a payload can give it, inside a scroll and a stack.
@Suite struct SVGWellFormedTests {
    /// The first XML error in `svg` (line and reason), or nil when it parses.
    static func xmlError(_ svg: String) -> String? {
        let parser = XMLParser(data: Data(svg.utf8))
        if parser.parse() { return nil }
        return "line \(parser.lineNumber), column \(parser.columnNumber): \(parser.parserError.map { "\($0)" } ?? "parse error")"
    }

    /// One node of each built-in type, as a payload writes it (with its required keys).
    static let nodes: [String] = [
        #"{"type": "text", "text": "Hello <&> world"}"#,
        #"{"type": "image", "url": "https://img.example/a.jpg", "aspectRatio": 1.5}"#,
        #"{"type": "image", "systemName": "star.fill"}"#,
        #"{"type": "button", "title": "Buy", "style": "borderedProminent"}"#,
        #"{"type": "label", "title": "Starred", "systemImage": "star"}"#,
        #"{"type": "color", "color": "red", "frame": {"height": 20}}"#,
        #"{"type": "divider"}"#,
        #"{"type": "spacer"}"#,
        #"{"type": "toggle", "isOn": "@{on}", "label": "Wi-Fi"}"#,
        #"{"type": "stepper", "value": "@{count}", "label": "Count"}"#,
        #"{"type": "textField", "text": "@{name}", "placeholder": "Name"}"#,
        #"{"type": "picker", "selection": "@{count}", "options": [{"value": 1, "label": "One"}, {"value": 2, "label": "Two"}], "style": "segmented"}"#,
        #"{"type": "vstack", "children": [{"type": "text", "text": "a"}]}"#,
        #"{"type": "hstack", "children": [{"type": "text", "text": "a"}]}"#,
        #"{"type": "zstack", "children": [{"type": "text", "text": "a"}]}"#,
        #"{"type": "grid", "columns": 2, "children": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]}"#,
        #"{"type": "hgrid", "rows": 1, "children": [{"type": "text", "text": "a"}]}"#,
        #"{"type": "flow", "children": [{"type": "text", "text": "a"}]}"#,
        #"{"type": "viewThatFits", "children": [{"type": "text", "text": "a"}]}"#,
        #"{"type": "scroll", "children": [{"type": "text", "text": "a"}], "frame": {"height": 100}}"#,
        #"{"type": "section", "header": {"type": "text", "text": "H"}, "footer": {"type": "text", "text": "F"}, "children": [{"type": "text", "text": "a"}]}"#,
    ]

    /// Keys that clip, shade or decorate a node, alone and together (two clips on one node among them).
    static let decorations: [String] = [
        #""cornerRadius": 5"#,
        #""modifiers": [{"clipShape": "circle"}]"#,
        #""modifiers": [{"cornerRadius": 5}]"#,
        #""cornerRadius": 5, "modifiers": [{"clipShape": "capsule"}]"#,
        #""modifiers": [{"cornerRadius": 5}, {"clipShape": {"roundedRectangle": 3}}, {"shadow": {"radius": 4}}]"#,
        #""background": "blue", "cornerRadius": 8, "modifiers": [{"clipShape": "ellipse"}, {"border": {"color": "red", "width": 2}}]"#,
        #""modifiers": [{"overlay": {"content": {"type": "text", "text": "x"}, "alignment": "topLeading"}}, {"clipShape": "circle"}, {"opacity": 0.5}]"#,
        #""modifiers": [{"background": {"content": {"type": "button", "title": "b"}}}, {"cornerRadius": 4}, {"hidden": true}]"#,
    ]

    static func payload(_ node: String, _ decoration: String, inScroll: Bool) -> String {
        let decorated = String(node.dropLast()) + ", " + decoration + "}"
        let container = inScroll ? #""type": "scroll""# : #""type": "vstack""#
        return #"{"schemaVersion": 1, "state": {"on": true, "count": 1, "name": "Ada"}, "root": {"#
            + container + #", "children": ["# + decorated + "]}}"
    }

    @Test(arguments: [false, true])
    func `every node type with every clip, shadow and decoration is well-formed SVG`(inScroll: Bool) throws {
        let window = try PreviewMatrix.window(parsing: "iphone-se-3")
        var checked = 0
        for node in Self.nodes {
            for decoration in Self.decorations {
                let json = Self.payload(node, decoration, inScroll: inScroll)
                // The node itself as the scroll's child, and the scroll itself decorated.
                let variants = [json, #"{"schemaVersion": 1, "state": {"on": true, "count": 1, "name": "Ada"}, "root": {"type": "scroll", "#
                                + decoration + #", "children": ["# + node + "]}}"]
                for variant in variants {
                    let screen = try Screen(json: variant)
                    for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                        let layout = LayoutEngine().layout(screen, in: window, traits: window.traitCollection(layoutDirection: direction))
                        let svg = SVGRenderer(fonts: .omitted).render(layout)
                        #expect(Self.xmlError(svg) == nil, "\(variant) \(direction): \(Self.xmlError(svg) ?? "")")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == Self.nodes.count * Self.decorations.count * 4)
    }

    @Test func `a scroll clipped by a shape keeps one clip-path per element, nested`() throws {
        let screen = try Screen(json: #"{"schemaVersion": 1, "root": {"type": "scroll", "modifiers": [{"clipShape": "circle"}], "children": [{"type": "text", "text": "a"}]}}"#)
        let window = try PreviewMatrix.window(parsing: "iphone-se-3")
        let svg = SVGRenderer(fonts: .omitted).render(LayoutEngine().layout(screen, in: window, traits: window.traitCollection()))
        #expect(Self.xmlError(svg) == nil)
        for line in svg.split(separator: "\n") {
            let tags = line.split(separator: "<").filter { $0.hasPrefix("g ") }
            for tag in tags { #expect(tag.components(separatedBy: "clip-path=").count <= 2, "\(tag)") }
        }
        // Both clips apply: the scroll's own bounds and the circle.
        #expect(svg.contains("<circle") || svg.contains("<ellipse"))
        #expect(svg.components(separatedBy: "clip-path=\"url(#").count - 1 == 2)
    }

    @Test(arguments: Examples.names)
    func `every example is well-formed SVG in every preview window and direction`(_ example: String) throws {
        let screen = try Examples.screen(example)
        for entry in ["iphone-se-3", "ipad-pro-13-m4", "ipad-pro-13-m4:landscape:split-1/3"] {
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                for style in [UserInterfaceStyle.light, .dark] {
                    let layout = Examples.layout(screen, try Examples.window(entry), style: style, direction: direction)
                    let svg = SVGRenderer(fonts: .embedded).render(layout)
                    #expect(Self.xmlError(svg) == nil, "\(example) \(entry) \(direction) \(style): \(Self.xmlError(svg) ?? "")")
                }
            }
        }
    }
}
