import Foundation
import Testing
@testable import SDUISchema
import SDUIAuthoring

/// The payload's `"lint"` key: decoded, checked, encoded, in the schema and the DSL.
@Suite struct LintSettingsTests {
    let payload = #"{"schemaVersion": 1, "root": {"type": "vstack", "lint": {"disable": [{"code": "text-truncated", "reason": "titles may be cut at AX5"}]}, "children": [{"type": "text", "text": "Hi"}]}}"#

    @Test func `a node's lint settings decode, encode and decode again unchanged`() throws {
        let screen = try Screen(json: payload, options: .init(strict: true))
        #expect(screen.root.modifiers.lint == LintSettings(disable: [.init(code: "text-truncated", reason: "titles may be cut at AX5")]))
        let again = try Screen(jsonData: screen.jsonData(pretty: false), options: .init(strict: true))
        #expect(again == screen)
    }

    @Test func `the DSL writes the same lint settings`() throws {
        let built = Screen(id: "screen") {
            VStack { Text("Hi") }.lintDisabled("text-truncated", reason: "titles may be cut at AX5")
        }
        #expect(built.root.modifiers.lint == (try Screen(json: payload)).root.modifiers.lint)
    }

    @Test(arguments: [
        (#"{"disable": [{"code": "text-truncated"}]}"#, "/root/lint/disable/0/reason: required"),
        (#"{"disable": [{"code": "text-truncated", "reason": " "}]}"#, "/root/lint/disable/0/reason: must say why"),
        (#"{"disable": [{"code": "Text Truncated", "reason": "x"}]}"#, "/root/lint/disable/0/code: must be a lint code"),
        (#"{"disable": "text-truncated"}"#, "/root/lint/disable: must be an array"),
        (#"{}"#, "/root/lint/disable: required"),
        (#"true"#, "/root/lint: must be an object"),
    ])
    func `bad lint settings are errors at their pointer`(lint: String, expected: String) {
        let result = PayloadDecoder().decode(Data(#"{"schemaVersion": 1, "root": {"type": "vstack", "lint": \#(lint)}}"#.utf8))
        #expect(result.screen == nil)
        #expect(result.errors.contains { $0.description.hasPrefix(expected) }, "\(result.issues.map(\.description))")
    }

    @Test func `the JSON Schema describes the lint key on every node`() throws {
        let schema = PayloadJSONSchema.jsonValue
        guard case .object(let defs)? = schema["$defs"], let lint = defs.first(where: { $0.key == "lint" })?.value else {
            Issue.record("no $defs/lint"); return
        }
        #expect(lint["required"] == ["disable"])
        let text = PayloadJSONSchema.text(pretty: false)
        #expect(text.contains(##""lint":{"$ref":"#/$defs/lint""##))
    }

    @Test func `typos get the closest known name, enum errors only the values allowed here`() {
        let typo = PayloadDecoder().decode(Data(#"{"schemaVersion": 1, "root": {"type": "hstak", "spcing": 4, "childern": []}}"#.utf8))
        let messages = typo.warnings.map(\.description)
        #expect(messages.contains { $0.hasPrefix("/root/type: unknown type \"hstak\" — did you mean \"hstack\"?") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("/root/spcing: unknown property \"spcing\" on hstak — did you mean \"spacing\"?") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("/root/childern: unknown property \"childern\" on hstak — did you mean \"children\"?") }, "\(messages)")
        let other = PayloadDecoder().decode(Data(#"{"schemaVersion": 1, "root": {"type": "vstack", "text": "Hi"}}"#.utf8))
        #expect(other.warnings.first?.message.contains("(\"text\" is a property of text, textField)") == true, "\(other.warnings)")
        let hstack = PayloadDecoder().decode(Data(#"{"schemaVersion": 1, "root": {"type": "hstack", "alignment": "middle"}}"#.utf8))
        #expect(hstack.errors.first?.message == "must be one of top, center, bottom here, got \"middle\" — did you mean \"center\"?", "\(hstack.errors)")
    }

    @Test func `a UTF-8 byte order mark is ignored`() {
        let result = PayloadDecoder().decode([0xEF, 0xBB, 0xBF] + Array(payload.utf8))
        #expect(result.screen != nil, "\(result.issues)")
    }
}
