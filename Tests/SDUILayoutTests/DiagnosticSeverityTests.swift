import Foundation
import Testing
import SDUIEnvironment
@testable import SDUILayout
import SDUISchema

/// The diagnostics a team acts on (docs/lint.md): what is broken is a warning or an error, Apple's own control
/// metrics are not flagged, and every reported code is in the catalog lint checks its options against.
@Suite struct DiagnosticSeverityTests {
    func text(_ id: String, _ string: String, weight: FontWeight? = nil) -> ComponentNode {
        var node = ComponentNode(type: .text, id: id)
        node.text = .fixed(string)
        if let weight { node.weight = .fixed(weight) }
        return node
    }

    func column(_ width: Double, _ children: [ComponentNode]) -> ComponentNode {
        var column = ComponentNode(type: .vstack, id: "column", children: children)
        column.modifiers.frame = Frame(width: .fixed(width))
        return column
    }

    @Test func `a price wider than its line is reported split mid-number, with the pieces`() throws {
        let result = lay(column(40, [text("price", "$129", weight: .bold)]), in: window(375, 667), contentSize: .accessibility3)
        let run = try #require(result.node("price")?.text)
        #expect(run.lines.count > 1, "\(run.lines)")
        let d = try #require(result.diagnostics.first { $0.code == "text-number-split" })
        #expect(d.severity == .warning)
        #expect(d.path == "price")
        #expect(d.message.contains("\"\(run.lines[0])\" / \"\(run.lines[1])\""), "\(d.message)")
    }

    @Test func `wrapping at spaces is no split, a word wider than the line is an info`() {
        let spaces = lay(column(120, [text("t", "one two three four five six")]), in: window(375, 667))
        #expect(!spaces.codes().contains("text-word-split") && !spaces.codes().contains("text-number-split"))
        let word = lay(column(40, [text("t", "Accessibility")]), in: window(375, 667))
        #expect(word.diagnostics.contains { $0.code == "text-word-split" && $0.severity == .info })
        #expect(!word.codes().contains("text-number-split"))
    }

    @Test func `a button title truncated to an ellipsis is an error, a cut title a warning`() throws {
        var buy = ComponentNode(type: .button, id: "buy")
        buy.title = .fixed("Buy")
        buy.buttonStyle = .fixed(.borderedProminent)
        var hidden = buy
        hidden.modifiers.frame = Frame(width: .fixed(30))
        let gone = lay(ComponentNode(type: .vstack, children: [hidden]), in: window(375, 667))
        #expect(gone.node("buy")?.text?.lines == ["…"])
        #expect(gone.diagnostics.contains { $0.code == "text-fully-truncated" && $0.severity == .error })
        var cut = buy
        cut.title = .fixed("Add to Bag")
        cut.modifiers.frame = Frame(width: .fixed(80))
        let partly = lay(ComponentNode(type: .vstack, children: [cut]), in: window(375, 667))
        #expect(partly.diagnostics.contains { $0.code == "text-truncated" && $0.severity == .warning })
        #expect(!partly.codes().contains("text-fully-truncated"))
    }

    @Test func `a text cut at its own lineLimit stays information`() {
        var t = text("t", String(repeating: "word ", count: 40))
        t.lineLimit = 2
        let result = lay(column(200, [t]), in: window(375, 667))
        #expect(result.diagnostics.contains { $0.code == "text-truncated" && $0.severity == .info })
    }

    @Test func `Apple's bordered button is not a small tap target at any text size, a 20-point button is`() {
        var bordered = ComponentNode(type: .button, id: "refresh")
        bordered.title = .fixed("Refresh")
        bordered.buttonStyle = .fixed(.bordered)
        for size in ContentSizeCategory.allCases {
            #expect(!lay(ComponentNode(type: .vstack, children: [bordered]), in: window(375, 667), contentSize: size).codes().contains("tap-target-too-small"), "\(size)")
        }
        var tiny = bordered
        tiny.modifiers.frame = Frame(width: .fixed(20), height: .fixed(20))
        #expect(lay(ComponentNode(type: .vstack, children: [tiny]), in: window(375, 667)).codes().contains("tap-target-too-small"))
    }

    @Test func `a root that does not fit the window and does not scroll is an error`() {
        var tall = ComponentNode(type: .color, id: "tall")
        tall.modifiers.frame = Frame(height: .fixed(2000))
        let result = lay(ComponentNode(type: .vstack, children: [tall]), in: window(375, 667))
        #expect(result.diagnostics.contains { $0.code == "content-overflow" && $0.severity == .error })
    }

    @Test func `records give the diagnostics unnamed, at their nodes' document positions`() {
        let result = lay(column(40, [text("a", "ok"), text("price", "$129", weight: .bold)]), in: window(375, 667), contentSize: .accessibility3)
        let named = result.diagnostics
        let records = result.diagnosticRecords
        #expect(records.count == named.count)
        for (record, diagnostic) in zip(records, named) {
            #expect(record.code == diagnostic.code && record.severity == diagnostic.severity && record.message == diagnostic.message)
            if record.node >= 0 { #expect(result.nodes[record.node].id == diagnostic.path) }
        }
    }

    @Test func `every code reported in SDUILayout is in the catalog lint checks its options against`() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/SDUILayout")
        let known = Set(LayoutDiagnostic.kinds.map(\.code))
        var found: Set<String> = []
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        for case let url as URL in files where url.pathExtension == "swift" {
            let source = try String(contentsOf: url, encoding: .utf8)
            for pattern in [#"report\("([a-z-]+)""#, #"code: "([a-z-]+)""#] {
                let regex = try NSRegularExpression(pattern: pattern)
                for match in regex.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
                    if let range = Range(match.range(at: 1), in: source) { found.insert(String(source[range])) }
                }
            }
        }
        #expect(found.count >= 8)
        #expect(found.subtracting(known).isEmpty, "reported but not in LayoutDiagnostic.kinds: \(found.subtracting(known).sorted())")
    }
}
