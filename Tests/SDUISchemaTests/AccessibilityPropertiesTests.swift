import Foundation
import Testing
@testable import SDUISchema
import SDUIAuthoring

/// The payload's `"accessibility"` key: decoded, checked at the edge, encoded, in the schema and the DSL.
@Suite struct AccessibilityPropertiesTests {
    let payload = #"""
    {"schemaVersion": 1, "root": {"type": "vstack", "children": [
      {"type": "hstack", "id": "card", "accessibility": {"label": "Trail Runner 3", "hint": "Opens the product", "value": {"compact": "$129", "regular": "$129, was $159"},
        "identifier": "card-1", "traits": ["button", "selected"], "hidden": false, "sortPriority": 2, "children": "combine"},
        "children": [{"type": "text", "text": "Trail Runner 3"}]},
      {"type": "image", "url": "https://img.example/wave.png", "aspectRatio": 4, "accessibility": {"hidden": true}}]}}
    """#

    @Test func `accessibility properties decode strictly, encode and decode again unchanged`() throws {
        let screen = try Screen(json: payload, options: .init(strict: true))
        let card = screen.root.children[0].modifiers.accessibility
        #expect(card == AccessibilityProperties(label: "Trail Runner 3", hint: "Opens the product",
                                                value: .sizeClass(compact: "$129", regular: "$129, was $159"), identifier: "card-1",
                                                traits: [.button, .selected], hidden: false, sortPriority: 2, children: .fixed(.combine)))
        #expect(screen.root.children[1].modifiers.accessibility?.hidden == true)
        let again = try Screen(jsonData: screen.jsonData(pretty: false), options: .init(strict: true))
        #expect(again == screen)
        #expect(screen.root.children[0].jsonValue["accessibility"]?["traits"] == ["button", "selected"])
    }

    @Test func `the DSL's SwiftUI-named modifiers write the same properties`() throws {
        let built = Screen(id: "screen") {
            VStack {
                HStack { Text("Trail Runner 3") }.id("card")
                    .accessibilityElement(children: .combine).accessibilityLabel("Trail Runner 3").accessibilityHint("Opens the product")
                    .accessibilityValue(.sizeClass(compact: "$129", regular: "$129, was $159")).accessibilityIdentifier("card-1")
                    .accessibilityAddTraits(.button, .selected).accessibilityHidden(false).accessibilitySortPriority(2)
                Image(url: "https://img.example/wave.png").aspectRatio(4).accessibilityHidden()
            }
        }
        let decoded = try Screen(json: payload)
        #expect(built.root.children[0].modifiers.accessibility == decoded.root.children[0].modifiers.accessibility)
        #expect(built.root.children[1].modifiers.accessibility == decoded.root.children[1].modifiers.accessibility)
    }

    @Test(arguments: [
        (#"{"traits": ["heading"]}"#, #"/root/accessibility/traits/0: unknown accessibility trait "heading" — did you mean "header"?"#),
        (#"{"traits": ["buton"]}"#, #"/root/accessibility/traits/0: unknown accessibility trait "buton" — did you mean "button"?"#),
        (#"{"traits": ["isHeader"]}"#, #"/root/accessibility/traits/0: unknown accessibility trait "isHeader" — did you mean "header"?"#),
        (#"{"traits": "button"}"#, "/root/accessibility/traits: must be an array of trait names"),
        (#"{"traits": ["button", 3]}"#, "/root/accessibility/traits/1: must be a trait name"),
        (#"{"children": "merge"}"#, #"/root/accessibility/children: must be one of combine, contain, ignore, got "merge""#),
        (#"{"hidden": "yes"}"#, "/root/accessibility/hidden: must be true or false"),
        (#"{"sortPriority": "high"}"#, "/root/accessibility/sortPriority: must be a number"),
        (#"{"sortPriority": 1e9}"#, "/root/accessibility/sortPriority: must be between"),
        (#"{"label": 5}"#, "/root/accessibility/label: must be a string"),
        (#"{"identifier": ""}"#, "/root/accessibility/identifier: must be a non-empty string"),
        (#""Close""#, "/root/accessibility: must be an object"),
    ])
    func `bad accessibility properties are errors at their JSON Pointer`(accessibility: String, expected: String) {
        let result = PayloadDecoder().decode(Data(#"{"schemaVersion": 1, "root": {"type": "vstack", "accessibility": \#(accessibility)}}"#.utf8))
        #expect(result.screen == nil)
        #expect(result.errors.contains { $0.description.hasPrefix(expected) }, "\(result.issues.map(\.description))")
    }

    @Test func `an unknown accessibility key is a warning with the payload's name for SwiftUI's, an error when strict`() {
        let json = #"{"schemaVersion": 1, "root": {"type": "text", "text": "Hi", "accessibility": {"accessibilityLabel": "Hello"}}}"#
        let lenient = PayloadDecoder().decode(Data(json.utf8))
        #expect(lenient.screen != nil)
        #expect(lenient.warnings.contains { $0.description.hasPrefix(#"/root/accessibility/accessibilityLabel: unknown accessibility property "accessibilityLabel" — did you mean "label"?"#) },
                "\(lenient.issues.map(\.description))")
        #expect(PayloadDecoder(options: .init(strict: true)).decode(Data(json.utf8)).screen == nil)
        let typo = PayloadDecoder().decode(Data(#"{"schemaVersion": 1, "root": {"type": "text", "text": "Hi", "acessibility": {}}}"#.utf8))
        #expect(typo.warnings.contains { $0.description.contains(#"did you mean "accessibility"?"#) }, "\(typo.issues.map(\.description))")
    }

    @Test func `the JSON Schema describes the accessibility key on every node with UIKit's trait names`() throws {
        let schema = PayloadJSONSchema.jsonValue
        guard case .object(let defs)? = schema["$defs"], let accessibility = defs.first(where: { $0.key == "accessibility" })?.value else {
            Issue.record("no $defs/accessibility"); return
        }
        #expect(accessibility["additionalProperties"] == false)
        let traits = accessibility["properties"]?["traits"]?["items"]?["enum"]
        #expect(traits == .array(AccessibilityTrait.allCases.map { .string($0.rawValue) }))
        let text = PayloadJSONSchema.text(pretty: false)
        #expect(text.contains(##""accessibility":{"$ref":"#/$defs/accessibility""##))
    }
}
