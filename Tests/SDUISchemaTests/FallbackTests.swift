import Foundation
import Testing
@testable import SDUISchema
import SDUIAuthoring

/// `"fallback"` and `"minimumVersion"`: the node this build shows where the payload has one it cannot show.
@Suite struct FallbackTests {
    static func decode(_ root: String, options: PayloadDecoder.Options = .init()) -> PayloadDecoding {
        PayloadDecoder(options: options).decode(Array(#"{"schemaVersion": 1, "id": "t", "root": \#(root)}"#.utf8))
    }

    static func vstack(_ children: String...) -> String { #"{"type": "vstack", "id": "v", "children": [\#(children.joined(separator: ", "))]}"# }

    @Test func `an unknown type with a fallback is replaced by it, with a warning`() throws {
        let result = Self.decode(Self.vstack(#"{"type": "map", "id": "m", "zoom": 3, "fallback": {"type": "text", "id": "m-text", "text": "Map"}}"#))
        let node = try #require(result.screen?.root.children.first)
        #expect(node.type == .text && node.id == "m-text" && node.text == "Map")
        #expect(result.warnings.map(\.code) == [.unknownType])
        #expect(result.warnings.first?.pointer == "/root/children/0/type")
        #expect(result.warnings.first?.message.contains("shown as its fallback") == true)
    }

    @Test func `a known type with a newer minimumVersion is replaced by its fallback`() throws {
        let result = Self.decode(Self.vstack(#"{"type": "button", "id": "b", "title": "Pay", "minimumVersion": "99.0", "fallback": {"type": "text", "text": "Update the app to pay"}}"#))
        let node = try #require(result.screen?.root.children.first)
        #expect(node.type == .text && node.text == "Update the app to pay")
        #expect(result.warnings.map(\.code) == [.newerVersion])
        #expect(result.warnings.first?.pointer == "/root/children/0/minimumVersion")
        // The same node with a version this build reads is shown, and keeps its fallback for the encoding.
        let shown = try #require(Self.decode(Self.vstack(#"{"type": "button", "id": "b", "title": "Pay", "minimumVersion": "1.0", "fallback": {"type": "text", "id": "f", "text": "Update"}}"#)).screen)
        let button = shown.root.children[0]
        #expect(button.type == .button && button.minimumVersion == FormatVersion(1, 0) && button.fallback?.id == "f")
        #expect(button.jsonValue["fallback"]?["id"] == "f" && button.jsonValue["minimumVersion"] == "1.0")
    }

    @Test func `without a fallback the node is not shown but keeps its place, id and payload`() throws {
        for child in [#"{"type": "map", "id": "m", "zoom": 3, "children": [{"type": "text", "id": "inside", "text": "x"}]}"#,
                      #"{"type": "text", "id": "m", "text": "New", "minimumVersion": "2.0"}"#] {
            let result = Self.decode(Self.vstack(child, #"{"type": "spacer"}"#))
            let screen = try #require(result.screen, "\(result.issues)")
            let node = screen.root.children[0]
            #expect(node.id == "m" && node.droppedReason != nil && node.children.isEmpty && node.modifiers.visible == .fixed(false))
            #expect(result.errors.isEmpty && result.warnings.count == 1)
            #expect(result.warnings[0].message.contains("not shown"))
            // Encoded as the payload wrote it, so the encoding decodes to the same screen.
            let object = try JSONValue.parse(Array(child.utf8)).get()
            #expect(node.jsonValue == object)
            #expect(PayloadDecoder().decode(screen.jsonData(pretty: false)).screen == screen)
        }
    }

    @Test func `a fallback may have its own, to any depth`() throws {
        let result = Self.decode(Self.vstack(#"{"type": "a", "fallback": {"type": "b", "minimumVersion": "1.0", "fallback": {"type": "text", "text": "x", "minimumVersion": "50.1", "fallback": {"type": "divider", "id": "last"}}}}"#))
        #expect(result.screen?.root.children.first?.id == "last")
        #expect(result.warnings.map(\.code) == [.unknownType, .unknownType, .newerVersion])
        #expect(result.warnings.map(\.pointer) == ["/root/children/0/type", "/root/children/0/fallback/type", "/root/children/0/fallback/fallback/minimumVersion"])
    }

    @Test func `what this build does not show cannot fail the screen in an app, and is checked where payloads are written`() throws {
        // A node for newer renderers may use what this one refuses; the fallback of a shown node is for older ones.
        let json = Self.vstack(#"{"type": "text", "text": "x", "style": "extraLargeTitle", "minimumVersion": "9.0", "fallback": {"type": "text", "text": "y"}}"#,
                               #"{"type": "map", "children": [{"type": "text"}]}"#,
                               #"{"type": "text", "text": "z", "fallback": {"type": "text", "text": 5}}"#)
        let app = Self.decode(json)
        #expect(app.screen != nil, "\(app.issues)")
        #expect(app.issues.map(\.pointer) == ["/root/children/0/style", "/root/children/0/minimumVersion", "/root/children/1/type",
                                              "/root/children/1/children/0/text", "/root/children/2/fallback/text"])
        let authoring = Self.decode(json, options: .init(isAuthoring: true))
        #expect(authoring.errors.map(\.pointer) == ["/root/children/0/style", "/root/children/1/children/0/text", "/root/children/2/fallback/text"])
        // A fallback that is shown is checked as any node.
        #expect(Self.decode(Self.vstack(#"{"type": "map", "fallback": {"type": "text"}}"#)).screen == nil)
    }

    @Test func `ids are unique across a node and its fallbacks`() {
        let result = Self.decode(Self.vstack(#"{"type": "map", "id": "m", "fallback": {"type": "text", "id": "m", "text": "Map"}}"#,
                                             #"{"type": "text", "id": "t", "text": "a", "fallback": {"type": "text", "id": "t2", "text": "b"}}"#,
                                             #"{"type": "text", "id": "t2", "text": "c"}"#))
        #expect(result.screen == nil)
        #expect(result.errors.map(\.pointer) == ["/root/children/0/fallback/id", "/root/children/2/id"])
        #expect(result.errors.map(\.code) == [.duplicateID, .duplicateID])
        #expect(result.errors[0].message.contains("already used at /root/children/0/id"))
        #expect(result.errors[1].message.contains("already used at /root/children/1/fallback/id"))
    }

    @Test func `bad minimumVersion and fallback values are errors at their pointers`() {
        let cases: [(String, String, PayloadIssue.Code)] = [
            (#""minimumVersion": "1""#, "/root/minimumVersion", .invalidValue),
            (#""minimumVersion": "v1.7""#, "/root/minimumVersion", .invalidValue),
            (#""minimumVersion": 1.5"#, "/root/minimumVersion", .wrongType),
            (#""minimumVersion": {"compact": "1.0"}"#, "/root/minimumVersion", .wrongType),
            (#""fallback": "text""#, "/root/fallback", .wrongType),
            (#""fallback": {"text": "no type"}"#, "/root/fallback/type", .missingProperty),
            (#""fallback": {"type": "forEach", "items": [1], "template": {"type": "divider"}}"#, "/root/fallback", .invalidValue),
            (#""fallback": {"type": "text", "text": 5}"#, "/root/fallback/text", .wrongType),
        ]
        // (Where payloads are written: in an app the problems of a fallback this build does not show are warnings.)
        for (member, pointer, code) in cases {
            let result = Self.decode(#"{"type": "divider", \#(member)}"#, options: .init(isAuthoring: true))
            #expect(result.screen == nil, "\(member)")
            #expect(result.errors.map(\.pointer) == [pointer], "\(member): \(result.errors)")
            #expect(result.errors.first?.code == code, "\(member)")
        }
    }

    @Test func `fallbacks work in templates, section headers, overlays and the root`() throws {
        let payload = #"""
        {"schemaVersion": 1, "id": "t", "state": {"items": [{"id": "a"}, {"id": "b"}]},
         "root": {"type": "chart", "id": "root-chart", "fallback": {"type": "vstack", "id": "root", "children": [
           {"type": "forEach", "items": "@{items}", "template": {"type": "badge", "id": "badge-@{item.id}", "fallback": {"type": "text", "id": "text-@{item.id}", "text": "@{item.id}"}}},
           {"type": "section", "header": {"type": "banner", "fallback": {"type": "text", "id": "header-text", "text": "Header"}}, "children": [{"type": "divider"}]},
           {"type": "color", "modifiers": [{"overlay": {"content": {"type": "ribbon", "fallback": {"type": "text", "id": "ribbon-text", "text": "New"}}}}]}
         ]}}}
        """#
        let result = PayloadDecoder().decode(Array(payload.utf8))
        let screen = try #require(result.screen, "\(result.issues)")
        #expect(screen.root.id == "root")
        #expect(screen.root.children.prefix(2).map(\.id) == ["text-a", "text-b"])
        #expect(screen.root.children[2].header?.id == "header-text")
        #expect(screen.root.children[3].modifiers.chain.first?.decorationContent?.id == "ribbon-text")
        // The template's unknown type is reported once, with the template.
        #expect(result.warnings.map(\.pointer) == ["/root/type", "/root/fallback/children/0/template/type",
                                                   "/root/fallback/children/1/header/type", "/root/fallback/children/2/modifiers/0/overlay/content/type"])
    }

    @Test func `a root without a fallback that cannot be shown leaves an empty screen, not an error`() throws {
        let result = Self.decode(#"{"type": "map", "id": "m"}"#)
        let screen = try #require(result.screen)
        #expect(screen.root.droppedReason != nil)
        #expect(result.warnings.map(\.code) == [.unknownType])
    }

    @Test func `a host app's own types are kept with their fallbacks, not replaced`() throws {
        let json = Self.vstack(#"{"type": "map", "id": "m", "zoom": 3, "fallback": {"type": "text", "id": "f", "text": "Map"}}"#)
        let result = Self.decode(json, options: .init(customTypes: ["map"]))
        let node = try #require(result.screen?.root.children.first)
        #expect(node.type == .custom("map") && node.extra["zoom"] == .number(3) && node.fallback?.id == "f")
        #expect(result.issues.isEmpty)
        // Strict decoding refuses an unknown type even with a fallback (it asks that every type be known).
        #expect(Self.decode(json, options: .init(strict: true)).errors.map(\.code) == [.unknownType])
    }

    @Test func `a screen resolved in another state keeps the app's own types`() throws {
        let payload = #"{"schemaVersion": 1, "id": "t", "state": {"n": 1}, "root": {"type": "vstack", "children": [{"type": "map", "id": "m", "fallback": {"type": "text", "text": "Map"}}, {"type": "text", "id": "n", "text": "@{n}"}]}}"#
        let screen = try #require(PayloadDecoder(options: .init(customTypes: ["map"])).decode(Array(payload.utf8)).screen)
        var state = screen.state
        _ = state.set("n", to: .int(2))
        let resolved = try #require(screen.resolved(in: state).screen)
        #expect(resolved.root.children[0].type == .custom("map") && resolved.root.children[1].text == "2")
    }

    @Test func `a container whose every child is dropped lays out empty, with a warning`() {
        let result = Self.decode(Self.vstack(#"{"type": "map"}"#, #"{"type": "text", "text": "x", "minimumVersion": "9.0"}"#))
        #expect(result.warnings.map(\.code) == [.unknownType, .newerVersion, .emptyContainer])
        #expect(result.warnings.last?.pointer == "/root/children")
        // One child shown (a fallback, or a plain node) and it is not empty.
        #expect(!Self.decode(Self.vstack(#"{"type": "map", "fallback": {"type": "divider"}}"#)).warnings.contains { $0.code == .emptyContainer })
        #expect(!Self.decode(Self.vstack(#"{"type": "map"}"#, #"{"type": "divider"}"#)).warnings.contains { $0.code == .emptyContainer })
    }

    @Test func `the DSL writes fallbacks and minimum versions`() {
        let node = Custom(type: "map", properties: ["zoom": 3]).minimumVersion(1, 7).fallback(Text("Map").id("f")).node
        #expect(node.jsonValue.serialized() == #"{"type":"map","minimumVersion":"1.7","fallback":{"type":"text","id":"f","text":"Map"},"zoom":3}"#)
        let block = VStack { Text("a") }.fallback { Text("b"); Text("c") }.node
        #expect(block.fallback?.type == .vstack && block.fallback?.children.count == 2)
    }
}
