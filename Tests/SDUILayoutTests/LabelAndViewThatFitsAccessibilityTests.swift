import Testing
import SDUIEnvironment
import SDUISchema
@testable import SDUILayout

/// Labels and view-that-fits as VoiceOver reads them: a `label` is read as its title (SwiftUI's `Label`: the symbol is
/// decoration), and the children a `viewThatFits` did not choose are not on screen, so they are not read.
@Suite struct LabelAndViewThatFitsAccessibilityTests {
    func tree(_ json: String) throws -> (tree: AccessibilityTree, ids: [String]) {
        let screen = try Screen(json: json)
        let environment = device("iphone-16")
        let result = LayoutEngine().layout(screen, in: environment, traits: environment.traitCollection(contentSize: .large))
        return (AccessibilityTree(layout: result), result.nodes.map(\.id))
    }

    @Test func `a label is one static-text element labelled by its title`() throws {
        let (t, ids) = try tree("""
        {"schemaVersion": 1, "root": {"type": "vstack", "children": [
          {"type": "label", "id": "wifi", "title": "Wi-Fi", "systemImage": "wifi"}]}}
        """)
        #expect(t.elements.map(\.label) == ["Wi-Fi"])
        #expect(t.elements.first?.traits == [.staticText])
        #expect(t.elements.first?.nodes == ["wifi"] && ids.contains("wifi"))
    }

    @Test func `only the child a viewThatFits chose is read`() throws {
        let (t, ids) = try tree("""
        {"schemaVersion": 1, "root": {"type": "vstack", "children": [
          {"type": "viewThatFits", "id": "choice", "children": [
            {"type": "text", "id": "wide", "text": "A title far too long to fit on one line of any phone screen at all", "modifiers": [{"fixedSize": true}]},
            {"type": "hstack", "id": "narrow", "children": [{"type": "text", "id": "short", "text": "Short"}]}]}]}}
        """)
        #expect(t.elements.map(\.nodes) == [["short"]])
        let wide = try #require(ids.firstIndex(of: "wide"))
        #expect(t.exposure[wide] == .hidden)
    }

    @Test func `the first child is read when it fits, and its unchosen sibling's subtree is not`() throws {
        let (t, ids) = try tree("""
        {"schemaVersion": 1, "root": {"type": "viewThatFits", "id": "choice", "children": [
          {"type": "text", "id": "fits", "text": "Fits"},
          {"type": "vstack", "id": "fallback", "children": [{"type": "text", "id": "inner", "text": "Fallback"}]}]}}
        """)
        #expect(t.elements.map(\.label) == ["Fits"])
        for id in ["fallback", "inner"] {
            let i = try #require(ids.firstIndex(of: id))
            #expect(t.exposure[i] == .hidden, "\(id)")
        }
    }
}
