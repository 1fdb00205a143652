import Foundation
import Testing
@testable import SDUISchema

/// Probable typos: errors where payloads are checked (`isAuthoring`), warnings where apps run, and the value
/// under a misspelt key checked as the key it most likely means.
@Suite struct TypoTests {
    static let tools = PayloadDecoder.Options(isAuthoring: true)

    static func decode(_ root: String, options: PayloadDecoder.Options = .init()) -> PayloadDecoding {
        PayloadDecoder(options: options).decode(Array(#"{"schemaVersion": 1, "id": "t", "root": \#(root)}"#.utf8))
    }

    static func summary(_ issues: [PayloadIssue]) -> [String] { issues.map { "\($0.severity) \($0.code) \($0.pointer)" } }

    /// A vstack whose children are under "childern": a text without its text and a style that does not exist.
    static let childern = #"{"type": "vstack", "id": "list", "childern": [{"type": "text", "style": "headlin"}, {"type": "text", "id": "ok", "text": "x"}]}"#

    @Test func `a misspelt children key is an error where payloads are checked, and its subtree is checked`() {
        let result = Self.decode(Self.childern, options: Self.tools)
        #expect(result.screen == nil)
        #expect(Self.summary(result.issues) == [
            "error probable-typo /root/childern",
            "error invalid-value /root/childern/0/style",
            "error missing-property /root/childern/0/text",
            "warning empty-container /root/childern",
        ])
        #expect(result.issues[0].message.contains("did you mean \"children\"?"))
        #expect(result.issues[1].message.contains("did you mean \"headline\"?"))
    }

    @Test func `where apps run a misspelt key is a warning, and what is under it cannot fail the screen`() throws {
        let result = Self.decode(Self.childern)
        let screen = try #require(result.screen, "\(result.issues)")
        #expect(screen.root.children.isEmpty)
        #expect(result.errors.isEmpty)
        #expect(Self.summary(result.issues) == [
            "warning probable-typo /root/childern",
            "warning invalid-value /root/childern/0/style",
            "warning missing-property /root/childern/0/text",
            "warning empty-container /root/childern",
        ])
        // Strict decoding makes all of it errors.
        #expect(Self.decode(Self.childern, options: .init(strict: true)).errors.count == 3)
    }

    @Test func `an unknown key that is not close to a known one stays a warning`() {
        for options in [PayloadDecoder.Options(), Self.tools] {
            let result = Self.decode(#"{"type": "text", "text": "a", "analyticsTag": "hero", "title": "x"}"#, options: options)
            #expect(result.screen != nil)
            #expect(Self.summary(result.issues) == ["warning unknown-property /root/analyticsTag", "warning unknown-property /root/title"])
            #expect(result.issues[1].message.contains("is a property of button, label"))
        }
    }

    @Test(arguments: [
        (#"{"type": "vstack", "spacng": -5, "children": []}"#, ["error probable-typo /root/spacng", "error invalid-value /root/spacng"]),
        (#"{"type": "vstack", "aligment": "left", "children": []}"#, ["error probable-typo /root/aligment", "error invalid-value /root/aligment"]),
        (#"{"type": "text", "text": "a", "Padding": {"top": -1}}"#, ["error probable-typo /root/Padding", "error invalid-value /root/Padding/top"]),
        (#"{"type": "section", "heder": {"type": "text"}, "children": [{"type": "divider"}]}"#, ["error probable-typo /root/heder", "error missing-property /root/heder/text"]),
        (#"{"type": "text", "text": "a", "frame": {"maxWidht": "wide"}}"#, ["error probable-typo /root/frame/maxWidht", "error invalid-value /root/frame/maxWidht"]),
        (#"{"type": "text", "text": "a", "accessibility": {"lable": 3}}"#, ["error probable-typo /root/accessibility/lable", "error wrong-type /root/accessibility/lable"]),
        (#"{"type": "text", "text": "a", "modifiers": [{"overlya": {"content": {"type": "text"}}}]}"#, ["error probable-typo /root/modifiers/0/overlya", "error missing-property /root/modifiers/0/overlya/content/text"]),
        (#"{"type": "text", "text": "a", "modifiers": [{"overlay": {"contnet": {"type": "text"}}}]}"#, ["error probable-typo /root/modifiers/0/overlay/contnet", "error missing-property /root/modifiers/0/overlay/contnet/text"]),
        (#"{"type": "text", "text": "a", "fallbak": {"type": "text"}}"#, ["error probable-typo /root/fallbak", "error missing-property /root/fallbak/text"]),
        (#"{"type": "button", "title": "a", "action": {"type": "navigte", "scren": 4}}"#, ["error probable-typo /root/action/type", "error probable-typo /root/action/scren", "error missing-property /root/action/screen"]),
        (#"{"type": "vstak", "childern": [{"type": "text"}]}"#, ["error probable-typo /root/type", "error probable-typo /root/childern", "error missing-property /root/childern/0/text", "warning empty-container /root/childern"]),
        (#"{"type": "txet", "text": 5}"#, ["error probable-typo /root/type", "error wrong-type /root/text"]),
        (#"{"type": "vstack", "spacing": {"compat": -8, "regular": 4}, "children": []}"#, ["error probable-typo /root/spacing/compat", "error invalid-value /root/spacing/compat"]),
    ] as [(String, [String])])
    func `a misspelt key's value is checked as the key it most likely means`(root: String, expected: [String]) {
        let result = Self.decode(root, options: Self.tools)
        #expect(Self.summary(result.issues) == expected, "\(result.issues.map(\.description))")
    }

    @Test func `a misspelt template is checked as the template, item typed`() {
        let payload = #"""
        {"schemaVersion": 1, "id": "t", "state": {"products": [{"name": "a"}]},
         "root": {"type": "vstack", "children": [{"type": "forEach", "items": "@{products}", "templat": {"type": "text", "text": "@{item.nmae}"}}]}}
        """#
        let result = PayloadDecoder(options: Self.tools).decode(Array(payload.utf8))
        #expect(Self.summary(result.issues) == [
            "error probable-typo /root/children/0/templat",
            "error missing-property /root/children/0/template",
            "error unknown-member /root/children/0/templat/text",
        ], "\(result.issues.map(\.description))")
    }

    @Test func `a misspelt root is checked as the root`() {
        let result = PayloadDecoder(options: Self.tools).decode(Array(#"{"schemaVersion": 1, "roo": {"type": "text", "text": 1}}"#.utf8))
        #expect(Self.summary(result.issues) == ["error probable-typo /roo", "error wrong-type /roo/text", "error missing-property /root"])
    }

    @Test func `ids under a misspelt key are checked against the tree's`() {
        let result = Self.decode(#"{"type": "vstack", "id": "a", "childern": [{"type": "divider", "id": "a"}]}"#, options: Self.tools)
        #expect(Self.summary(result.issues).contains("error duplicate-id /root/childern/0/id"))
        #expect(result.issues.first { $0.code == .duplicateID }?.message.contains("already used at /root/id") == true)
    }

    @Test func `a type with a fallback is a newer server's, not a typo`() {
        let result = Self.decode(#"{"type": "vstak", "fallback": {"type": "divider"}}"#, options: Self.tools)
        #expect(result.screen != nil)
        #expect(Self.summary(result.issues) == ["warning unknown-type /root/type"])
    }

    @Test func `the correct key beside a misspelt one is decoded, and the misspelt one only reported`() {
        let result = Self.decode(#"{"type": "vstack", "children": [{"type": "divider"}], "childern": [{"type": "text"}]}"#, options: Self.tools)
        #expect(Self.summary(result.issues) == ["error probable-typo /root/childern"])
    }
}
