import Foundation
import Testing
import SDUIEnvironment
@testable import SDUISchema
import SDUIAuthoring

/// The package root (…/Tests/SDUISchemaTests/ThisFile.swift → …).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every `Examples/*.json`, sorted.
func exampleFiles() throws -> [URL] {
    let directory = packageRoot.appendingPathComponent("Examples")
    return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "json" }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
}

@Test func `a node's keys come in canonical order whatever order they were set in`() {
    var node = ComponentNode(type: .text, id: "t")
    node.modifiers.action = .navigate(screen: "next")
    node.modifiers.padding = Padding(8)
    node.color = .fixed(Color(parsing: "accent")!)
    node.lineLimit = 2
    node.text = "Hello"
    node.style = .fixed(.headline)
    #expect(node.jsonValue.serialized() ==
        #"{"type":"text","id":"t","text":"Hello","style":"headline","lineLimit":2,"color":"accent","padding":8,"action":{"type":"navigate","screen":"next"}}"#)
}

@Test func `a screen writes schemaVersion, id, title and root in that order, and omits a missing title`() {
    let screen = Screen(id: "s", title: "T", root: ComponentNode(type: .divider))
    #expect(screen.jsonValue.serialized() == #"{"schemaVersion":1,"id":"s","title":"T","root":{"type":"divider"}}"#)
    let untitled = Screen(id: "s", root: ComponentNode(type: .divider))
    #expect(untitled.jsonValue.serialized() == #"{"schemaVersion":1,"id":"s","root":{"type":"divider"}}"#)
    #expect(String(decoding: screen.jsonData(pretty: true), as: UTF8.self) == screen.jsonValue.serialized(pretty: true))
    #expect(String(decoding: screen.jsonData(pretty: false), as: UTF8.self) == screen.jsonValue.serialized())
}

@Test(arguments: [
    (Padding(8), "8"),
    (Padding(0), "0"),
    (Padding(.sizeClass(compact: 8, regular: 16)), #"{"compact":8,"regular":16}"#),
    (Padding(top: 0, leading: 16, bottom: 0, trailing: 16), #"{"leading":16,"trailing":16}"#),
    (Padding(top: 4, leading: 1.5, bottom: 4, trailing: .sizeClass(compact: nil, regular: 2)), #"{"top":4,"leading":1.5,"bottom":4,"trailing":{"regular":2}}"#),
])
func `padding is one value when the edges are equal, else the non-zero edges`(padding: Padding, expected: String) {
    #expect(padding.jsonValue.serialized() == expected)
}

@Test func `a frame writes an infinite maximum as "infinity", also inside a size-class map`() {
    let frame = Frame(width: 10, maxWidth: .infinity, maxHeight: .sizeClass(compact: 200, regular: .infinity), alignment: .fixed(.topLeading))
    #expect(frame.jsonValue.serialized() == #"{"width":10,"maxWidth":"infinity","maxHeight":{"compact":200,"regular":"infinity"},"alignment":"topLeading"}"#)
}

@Test func `colors are written as their name, else hex, else a light and dark pair`() {
    #expect(Color(parsing: "secondaryBackground")!.jsonValue == .string("secondaryBackground"))
    #expect(Color(parsing: "#F80")!.jsonValue == .string("#F80"))
    let opaque = Color.RGBA(red: 255, green: 136, blue: 0)
    #expect(Color(light: opaque).jsonValue == .string("#ff8800"))
    #expect(Color(light: Color.RGBA(red: 0, green: 0, blue: 0, alpha: 128)).jsonValue == .string("#00000080"))
    #expect(Color(light: opaque, dark: Color.RGBA(red: 0, green: 0, blue: 0)).jsonValue.serialized() == ##"{"light":"#ff8800","dark":"#000000"}"##)
}

@Test func `every action kind has its payload shape`() {
    #expect(Action.navigate(screen: "a").jsonValue.serialized() == #"{"type":"navigate","screen":"a"}"#)
    #expect(Action.open(url: "https://x").jsonValue.serialized() == #"{"type":"open","url":"https://x"}"#)
    #expect(Action.present(screen: "b", style: .automatic).jsonValue.serialized() == #"{"type":"present","screen":"b","style":"automatic"}"#)
    #expect(Action.dismiss.jsonValue.serialized() == #"{"type":"dismiss"}"#)
    // The decoder keeps a custom action's whole object as its payload; `type` is written once, first.
    #expect(Action.custom(type: "share", payload: ["url": "u", "type": "share"]).jsonValue.serialized() == #"{"type":"share","url":"u"}"#)
    #expect(Action.custom(type: "ping", payload: .null).jsonValue.serialized() == #"{"type":"ping"}"#)
}

@Test func `a custom node writes its extra keys sorted after the modifiers and its children last`() {
    var node = ComponentNode(type: .custom("rating"), id: "r", children: [ComponentNode(type: .divider)])
    node.extra = ["value": 4.5, "count": 12, "cornerRadius": 99, "children": "ignored"]
    node.modifiers.cornerRadius = 4
    #expect(node.jsonValue.serialized() == #"{"type":"rating","id":"r","cornerRadius":4,"count":12,"value":4.5,"children":[{"type":"divider"}]}"#)
}

@Test func `a property set on a type it does not belong to is still written, after the type's own`() {
    var node = ComponentNode(type: .divider)
    node.spacing = 4
    node.modifiers.visible = false
    #expect(node.jsonValue.serialized() == #"{"type":"divider","spacing":4,"visible":false}"#)
}

@Test func `a button's style is written under "style"`() {
    var node = ComponentNode(type: .button)
    node.title = "Go"
    node.buttonStyle = .fixed(.bordered)
    node.color = .fixed(Color(parsing: "red")!)
    #expect(node.jsonValue.serialized() == #"{"type":"button","title":"Go","style":"bordered","color":"red"}"#)
}

@Test func `empty children are omitted and numbers print without a trailing .0`() {
    var node = ComponentNode(type: .vstack)
    node.spacing = .sizeClass(compact: 8, regular: 12.25)
    #expect(node.jsonValue.serialized() == #"{"type":"vstack","spacing":{"compact":8,"regular":12.25}}"#)
}

@Test(arguments: DSLFixtures.all.map(\.name))
func `the canonical encoding of a DSL screen is a fixed point of decode then encode`(name: String) throws {
    let screen = try #require(DSLFixtures.all.first { $0.name == name }).screen
    let canonical = screen.jsonValue.serialized(pretty: true)
    let decoded = try Screen(json: canonical, options: .init(customTypes: DSLFixtures.customTypes))
    #expect(decoded.jsonValue.serialized(pretty: true) == canonical)
}

@Test func `every example decodes without issues and re-encodes to an equivalent canonical payload`() throws {
    let files = try exampleFiles()
    #expect(files.count >= 3, "expected the storefront, news feed and product detail examples in Examples/")
    for file in files {
        let data = try Data(contentsOf: file)
        let result = PayloadDecoder(options: .init(strict: true)).decode(data)
        let screen = try #require(result.screen, "\(file.lastPathComponent): \(result.issues.map(\.description))")
        #expect(result.issues.isEmpty, "\(file.lastPathComponent): \(result.issues.map(\.description))")
        let canonical = screen.jsonValue.serialized(pretty: true)
        // decode(encode(x)) == x, and encode(decode(canonical)) == canonical.
        let again = try Screen(json: canonical, options: .init(strict: true))
        #expect(again == screen, "\(file.lastPathComponent)")
        #expect(again.jsonValue.serialized(pretty: true) == canonical, "\(file.lastPathComponent)")
    }
}
