import Foundation
import Testing
@testable import SDUISchema
import SDUIAuthoring
import SDUIEnvironment

/// The numeric bounds of payload values (`ValueLimits`, docs/schema.md "Numbers") and numbers beyond a `Double`.
@Suite struct NumberBoundsTests {
    static func errors(_ root: String) -> [String] {
        PayloadDecoder().decode(Array(#"{"schemaVersion": 1, "id": "t", "root": \#(root)}"#.utf8)).errors.map(\.description)
    }

    @Test(arguments: [
        (#"{"type": "vstack", "spacing": 1e308}"#, "/root/spacing: must be at most 100000 pt, got 1e+308"),
        (#"{"type": "color", "frame": {"width": 1e300}}"#, "/root/frame/width: must be at most 100000 pt, got 1e+300"),
        (#"{"type": "color", "frame": {"maxHeight": 100000.5}}"#, "/root/frame/maxHeight: must be at most 100000 pt, got 100000.5"),
        (#"{"type": "color", "padding": {"top": 200000}}"#, "/root/padding/top: must be at most 100000 pt, got 200000"),
        (#"{"type": "color", "padding": 1e6}"#, "/root/padding: must be at most 100000 pt, got 1000000"),
        (#"{"type": "spacer", "minLength": {"compact": 1, "regular": 1e9}}"#, "/root/minLength/regular: must be at most 100000 pt, got 1000000000"),
        (#"{"type": "grid", "minColumnWidth": 123456}"#, "/root/minColumnWidth: must be at most 100000 pt, got 123456"),
        (#"{"type": "grid", "rowSpacing": 1e5, "columnSpacing": 1e7}"#, "/root/columnSpacing: must be at most 100000 pt, got 10000000"),
        (#"{"type": "color", "cornerRadius": 5e5}"#, "/root/cornerRadius: must be at most 100000 pt, got 500000"),
        (#"{"type": "color", "aspectRatio": 1e-300}"#, "/root/aspectRatio: must be between 0.001 and 1000, got 1e-300"),
        (#"{"type": "color", "aspectRatio": 1001}"#, "/root/aspectRatio: must be between 0.001 and 1000, got 1001"),
        (#"{"type": "color", "layoutPriority": -1e300}"#, "/root/layoutPriority: must be between -1000000 and 1000000, got -1e+300"),
        (#"{"type": "grid", "columns": 65}"#, "/root/columns: must be between 1 and 64, got 65"),
        (#"{"type": "text", "text": "x", "lineLimit": 10001}"#, "/root/lineLimit: must be between 1 and 10000, got 10001"),
        // A big whole number reads the same wherever it stands: digits, never "….0".
        (#"{"type": "vstack", "spacing": 9007199254740992}"#, "/root/spacing: must be at most 100000 pt, got 9007199254740992"),
        (#"{"type": "text", "text": "x", "lineLimit": 9007199254740992}"#, "/root/lineLimit: must be between 1 and 10000, got 9007199254740992"),
        // An edge object names at least one edge (the JSON Schema's minProperties 1), and says so.
        (#"{"type": "color", "padding": {}}"#, "/root/padding: must be a length or an object of edges naming at least one of top, leading, bottom, trailing, horizontal, vertical; got {}"),
    ])
    func `a number beyond its bound is an error at its pointer saying what is allowed`(root: String, expected: String) {
        #expect(Self.errors(root) == [expected])
    }

    @Test func `values at the bounds decode`() throws {
        let screen = try Screen(json: #"""
        {"schemaVersion": 1, "root": {"type": "vstack", "spacing": 100000, "padding": 100000, "layoutPriority": -1000000,
          "frame": {"width": 100000, "maxHeight": "infinity", "minHeight": 0}, "children": [
            {"type": "color", "aspectRatio": 0.001}, {"type": "color", "aspectRatio": 1000}, {"type": "spacer", "minLength": 100000}]}}
        """#)
        #expect(screen.root.spacing == .fixed(100_000))
        #expect(screen.root.children[0].modifiers.aspectRatio == .fixed(0.001))
    }

    @Test func `a number beyond a Double's range is an error at its pointer, wherever it stands`() {
        // In a known property, an unknown one, and a custom type's properties (kept for the host app: they would
        // have been kept as infinity and re-encoded as null).
        for (root, pointer) in [(#"{"type": "color", "aspectRatio": 1e400}"#, "/root/aspectRatio"),
                                (#"{"type": "color", "unknown": [1, -1e999]}"#, "/root/unknown/1"),
                                (#"{"type": "fancyCard", "extra": {"price": 2e308}}"#, "/root/extra/price"),
                                (#"{"type": "button", "title": "x", "action": {"type": "track", "value": 1E+400}}"#, "/root/action/value")] {
            // Warnings (an unknown property, type or action) may follow: the rest of the payload is still checked.
            let issues = PayloadDecoder().decode(Array(#"{"schemaVersion": 1, "root": \#(root)}"#.utf8)).errors
            #expect(issues.count == 1, "\(root)")
            #expect(issues.first?.pointer == pointer, "\(root)")
            #expect(issues.first?.code == .limitExceeded, "\(root)")
            #expect(issues.first?.message.contains("out of range") == true, "\(root)")
        }
        // Underflow is not an error: 1e-400 is 0, and encodes back as 0.
        #expect(Self.errors(#"{"type": "color", "layoutPriority": 1e-400}"#).isEmpty)
    }

    @Test func `a number beyond a Double's range does not hide the payload's other problems`() {
        // docs/schema.md: every problem in one run. The 1e400 is reported once, and decoding goes on past it.
        let json = #"""
        {"schemaVersion": 1, "root": {"type": "vstack", "spacing": 1e400, "children": [
          {"type": "color", "aspectRatio": -1}, {"type": "text", "text": "a", "lineLimit": 0},
          {"type": "grid", "columns": 65}, {"type": "spacer", "minLength": 200000},
          {"type": "color", "frame": {"width": -5}, "padding": 1e309}, {"type": "hstack", "spacing": -1}]}}
        """#
        let issues = PayloadDecoder().decode(Array(json.utf8)).errors
        #expect(issues.map(\.pointer) == ["/root/spacing", "/root/children/4/padding",
                                           "/root/children/0/aspectRatio", "/root/children/1/lineLimit",
                                           "/root/children/2/columns", "/root/children/3/minLength",
                                           "/root/children/4/frame/width", "/root/children/5/spacing"], "\(issues)")
        #expect(issues[0].code == .limitExceeded && issues[0].message.contains("out of range"))
        #expect(issues[0].message.contains("line 1"))
        // A document made in code: the same.
        let document: JSONValue = .object([("schemaVersion", .number(1)), ("root", .object([
            ("type", .string("vstack")), ("spacing", .number(.infinity)), ("children", .array([
                .object([("type", .string("color")), ("aspectRatio", .number(-1))])]))]))])
        #expect(PayloadDecoder().decode(document).errors.map(\.pointer) == ["/root/spacing", "/root/children/0/aspectRatio"])
    }

    @Test func `a document made in code with non-finite numbers is refused with their pointers`() {
        let document: JSONValue = .object([
            ("schemaVersion", .number(1)),
            ("root", .object([("type", .string("fancyCard")), ("score", .number(.infinity)),
                              ("values", .array([.number(1), .number(.nan)]))])),
        ])
        let issues = PayloadDecoder().decode(document).errors
        #expect(issues.map(\.pointer) == ["/root/score", "/root/values/1"])
    }

    @Test func `a screen built in code keeps its values and flags those beyond the bounds`() {
        var node = ComponentNode(type: .color)
        node.modifiers.frame = Frame(width: 1e300, maxWidth: .infinity)
        node.modifiers.padding = Padding(-1e300)
        #expect(node.modifiers.frame?.width == .fixed(1e300))  // the model keeps what it was given
        #expect(node.geometry.frame.width == ValueLimits.maxLength)
        #expect(node.geometry.frame.maxWidth == .infinity)
        #expect(node.geometry.padding.top == -ValueLimits.maxLength)
        #expect(node.geometry.outOfRange == [.frame, .padding])
        node.modifiers.frame = Frame(width: 10)
        node.modifiers.padding = Padding(2)
        #expect(node.geometry.outOfRange.isEmpty)
    }
}
