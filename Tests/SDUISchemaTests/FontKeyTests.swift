import Foundation
import SDUIFuzzing
import Testing
@testable import SDUISchema
import SDUIEnvironment

/// `fontFamily`, `fontSize` and `italic`: decoded on every text-bearing node (with size-class maps and bindings),
/// checked at the edge, encoded back, and read alike by the fast and the general paths.
@Suite struct FontKeyTests {
    static func payload(_ root: String, state: String = "") -> [UInt8] {
        Array(("{\"schemaVersion\": 1, \"id\": \"s\", " + (state.isEmpty ? "" : "\"state\": \(state), ") + "\"root\": \(root)}").utf8)
    }

    @Test func `every text-bearing node takes the font keys`() throws {
        let root = #"""
        {"type": "vstack", "children": [
          {"type": "text", "text": "a", "fontFamily": "Lato", "fontSize": 15, "italic": true},
          {"type": "label", "title": "b", "fontFamily": "Lato", "fontSize": {"compact": 13, "regular": 17}},
          {"type": "button", "title": "c", "fontFamily": {"compact": "Lato", "regular": "Inter"}, "italic": false},
          {"type": "toggle", "label": "d", "isOn": "@{on}", "fontFamily": "@{brand}"},
          {"type": "textField", "text": "@{name}", "fontSize": 20},
          {"type": "stepper", "label": "e", "value": "@{count}", "italic": "@{on}"},
          {"type": "picker", "label": "f", "selection": "@{name}", "options": ["x"], "fontFamily": "Lato"}
        ]}
        """#
        let decoding = PayloadDecoder().decode(Self.payload(root, state: #"{"on": true, "name": "x", "count": 1, "brand": "Georgia"}"#))
        #expect(decoding.issues.isEmpty, "\(decoding.issues)")
        let nodes = try #require(decoding.screen).root.children
        #expect(nodes[0].fontFamily == .fixed("Lato") && nodes[0].fontSize == .fixed(15) && nodes[0].italic == .fixed(true))
        #expect(nodes[1].fontSize == .sizeClass(compact: 13, regular: 17))
        #expect(nodes[2].fontFamily == .sizeClass(compact: "Lato", regular: "Inter") && nodes[2].italic == .fixed(false))
        // Bindings resolve against the state.
        #expect(nodes[3].fontFamily == .fixed("Georgia"))
        #expect(nodes[4].fontSize == .fixed(20))
        #expect(nodes[5].italic == .fixed(true))
        #expect(nodes[6].fontFamily == .fixed("Lato"))
        // The geometry record carries the values the layout build reads.
        #expect(nodes[0].geometry.fontFamily == "Lato" && nodes[0].geometry.fontSize == 15 && nodes[0].geometry.isItalic)
    }

    @Test(arguments: [
        (#"{"type": "text", "text": "a", "fontFamily": ""}"#, "/root/fontFamily: must be a font family name"),
        (#"{"type": "text", "text": "a", "fontFamily": 3}"#, "/root/fontFamily: must be a string"),
        (#"{"type": "text", "text": "a", "fontSize": 0}"#, "/root/fontSize: must be between 1 and 1000, got 0"),
        (#"{"type": "text", "text": "a", "fontSize": 1001}"#, "/root/fontSize: must be between 1 and 1000"),
        (#"{"type": "text", "text": "a", "fontSize": "big"}"#, "/root/fontSize: must be a number"),
        (#"{"type": "text", "text": "a", "italic": "yes"}"#, "/root/italic: must be true or false"),
        (#"{"type": "button", "title": "a", "fontSize": {"compact": -1}}"#, "/root/fontSize/compact: must be between 1 and 1000"),
    ])
    func `bad font values are errors with their pointer`(root: String, expected: String) {
        let found = PayloadDecoder().decode(Self.payload(root)).errors.map(\.description)
        #expect(found.contains { $0.hasPrefix(expected) }, "got \(found)")
    }

    @Test func `an overlong family name is refused`() {
        let name = String(repeating: "a", count: 257)
        let found = PayloadDecoder().decode(Self.payload(#"{"type": "text", "text": "a", "fontFamily": "\#(name)"}"#)).errors
        #expect(found.first?.pointer == "/root/fontFamily")
    }

    @Test func `nodes without text do not take the font keys`() {
        let decoding = PayloadDecoder().decode(Self.payload(#"{"type": "image", "url": "x", "aspectRatio": 1, "fontFamily": "Lato"}"#))
        #expect(decoding.issues.contains { $0.code == .unknownProperty && $0.pointer == "/root/fontFamily" })
    }

    @Test func `the keys encode and decode back`() throws {
        var node = ComponentNode(type: .text)
        node.text = "Hello"
        node.fontFamily = .sizeClass(compact: "Lato", regular: "Inter")
        node.fontSize = 15
        node.italic = true
        let screen = Screen(id: "s", root: node)
        let again = try Screen(json: screen.jsonValue.serialized())
        #expect(again == screen)
    }

    @Test func `the fast path reads text and button fonts as the general path does`() {
        let roots = [
            #"{"type": "text", "text": "x", "fontFamily": "Lato", "fontSize": 15.5, "italic": true}"#,
            #"{"type": "button", "title": "Buy", "fontFamily": "Lato", "fontSize": {"compact": 13, "regular": 17}}"#,
            #"{"type": "vstack", "children": [{"type": "text", "text": "a", "fontFamily": {"compact": "A"}, "italic": {"regular": true}}]}"#,
        ]
        for root in roots {
            let bytes = Self.payload(root)
            #expect(FastPathAgreement.handles(bytes), "\(root)")
            #expect(FastPathAgreement.problem(bytes) == nil, "\(root)")
            #expect(PayloadDecoder().decode(bytes).screen == PayloadDecoder().decodeGeneral(bytes).screen)
        }
        // Values the general path refuses, and nodes the fast path does not read, are left to it.
        let others = [
            #"{"type": "text", "text": "x", "fontFamily": ""}"#,
            #"{"type": "text", "text": "x", "fontSize": 0}"#,
            #"{"type": "text", "text": "x", "italic": 1}"#,
            #"{"type": "image", "url": "u", "fontFamily": "Lato"}"#,
            #"{"type": "label", "title": "x", "fontFamily": "Lato"}"#,
        ]
        for root in others {
            let bytes = Self.payload(root)
            #expect(!FastPathAgreement.handles(bytes), "\(root)")
            #expect(FastPathAgreement.problem(bytes) == nil, "\(root)")
        }
    }
}
