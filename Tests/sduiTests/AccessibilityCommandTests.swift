import Foundation
import Testing

/// `sdui accessibility` and lint's accessibility codes, run as a user runs them.
@Suite struct AccessibilityCommandTests {
    static let held = #"""
    {"schemaVersion": 1, "id": "held", "root": {"type": "vstack", "alignment": "leading", "children": [
      {"type": "text", "id": "heading", "text": "Orders", "accessibility": {"traits": ["header"]}},
      {"type": "vstack", "id": "card", "alignment": "leading", "accessibility": {"children": "combine"}, "children": [
        {"type": "image", "id": "photo", "url": "https://img.example/a.jpg", "aspectRatio": 1.5, "frame": {"width": 120}, "accessibility": {"hidden": true}},
        {"type": "text", "id": "title", "text": "Trail Runner 3"},
        {"type": "text", "id": "price", "text": "$129"}]},
      {"type": "text", "id": "first", "text": "Read first", "accessibility": {"sortPriority": 1}}]}}
    """#

    @Test func `sdui accessibility prints the elements in reading order with labels, traits, frames and nodes`() throws {
        let run = try sdui(["accessibility", try temporaryFile(Array(Self.held.utf8))])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let elements = try #require(json["elements"] as? [[String: Any]])
        #expect(elements.compactMap { $0["label"] as? String } == ["Read first", "Orders", "Trail Runner 3, $129"])
        #expect(elements[1]["traits"] as? [String] == ["header", "staticText"])
        #expect(elements[2]["nodes"] as? [String] == ["card", "title", "price"])
        #expect(elements.allSatisfy { $0.keys.contains("hint") && $0.keys.contains("value") && $0.keys.contains("identifier") },
                "every element has every key (null when not set)")
        let frame = try #require(elements[2]["frame"] as? [String: Double])
        #expect(Set(frame.keys) == ["x", "y", "width", "height"] && frame["width"].map { $0 > 0 } == true)
        let text = try sdui(["accessibility", try temporaryFile(Array(Self.held.utf8)), "--format", "text", "--device", "iphone-se-3"])
        #expect(text.stdout.hasPrefix("1. \"Read first\" [staticText]"), "\(text.stdout)")
        #expect(text.stdout.contains("3. \"Trail Runner 3, $129\" [staticText]"))
    }

    @Test func `sdui accessibility checks its input: usage 64, invalid payload 65, unreadable 66`() throws {
        #expect(try sdui(["accessibility"]).exitCode == 64)
        #expect(try sdui(["accessibility", "Examples/storefront.json", "--format", "yaml"]).exitCode == 64)
        let bad = try sdui(["accessibility", try temporaryFile(Array(#"{"schemaVersion": 1, "root": {"type": "text", "text": "a", "accessibility": {"traits": ["heading"]}}}"#.utf8))])
        #expect(bad.exitCode == 65)
        #expect(bad.stderr.contains(#"/root/accessibility/traits/0: unknown accessibility trait "heading" — did you mean "header"?"#), "\(bad.stderr)")
        #expect(try sdui(["accessibility", "/nonexistent/payload.json"]).exitCode == 66)
    }

    @Test func `right to left the same elements are read in the same order, at mirrored frames`() throws {
        let row = #"{"schemaVersion": 1, "root": {"type": "hstack", "alignment": "top", "children": [{"type": "text", "text": "one"}, {"type": "text", "text": "two"}]}}"#
        let file = try temporaryFile(Array(row.utf8))
        let ltr = try sdui(["accessibility", file, "--format", "text"]), rtl = try sdui(["accessibility", file, "--format", "text", "--layout-direction", "rightToLeft"])
        #expect(ltr.stdout.components(separatedBy: "\n").map { $0.prefix(12) } == rtl.stdout.components(separatedBy: "\n").map { $0.prefix(12) })
        #expect(ltr.stdout != rtl.stdout, "the frames differ")
    }

    @Test func `lint flags #999999 on white at 2.85 to 1 and passes #767676 at 4.54 to 1`() throws {
        func payload(_ color: String) -> [UInt8] {
            Array(#"{"schemaVersion": 1, "root": {"type": "vstack", "children": [{"type": "text", "id": "note", "text": "Shipping is free", "color": "\#(color)"}]}}"#.utf8)
        }
        let low = try sdui(["lint", try temporaryFile(payload("#999999")), "--devices", "iphone-16", "--content-sizes", "Large"])
        #expect(low.exitCode == 1)
        #expect(low.stdout.contains("warning low-contrast at note"), "\(low.stdout)")
        #expect(low.stdout.contains("contrast 2.85:1 (#999999 on #ffffff) in light appearance is below WCAG 2.2 AA's 4.50:1"), "\(low.stdout)")
        let ok = try sdui(["lint", try temporaryFile(payload("#767676")), "--devices", "iphone-16", "--content-sizes", "Large"])
        #expect(ok.exitCode == 0, "\(ok.stdout)")
        #expect(!ok.stdout.contains("low-contrast"))
    }

    @Test func `lint flags an image without alt and an icon-only button, not a hidden decoration, and a payload can silence one`() throws {
        let json = #"""
        {"schemaVersion": 1, "root": {"type": "vstack", "children": [
          {"type": "image", "id": "photo", "url": "https://img.example/a.jpg", "aspectRatio": 1, "frame": {"width": 60}},
          {"type": "image", "id": "wave", "url": "https://img.example/w.png", "aspectRatio": 8, "accessibility": {"hidden": true}},
          {"type": "button", "id": "icon", "title": "", "frame": {"width": 44, "height": 44}},
          {"type": "button", "id": "quiet", "title": "", "frame": {"width": 44, "height": 44}, "lint": {"disable": [{"code": "missing-accessibility-label", "reason": "drawn by the host with its own label"}]}}]}}
        """#
        let run = try sdui(["lint", try temporaryFile(Array(json.utf8)), "--devices", "iphone-16", "--content-sizes", "Large", "--format", "json"])
        #expect(run.exitCode == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let findings = try #require(report["diagnostics"] as? [[String: Any]]).filter { $0["code"] as? String == "missing-accessibility-label" }
        #expect(findings.flatMap { $0["nodes"] as? [String] ?? [] } == ["photo", "icon"], "\(findings)")
        #expect((report["silenced"] as? [[String: Any]])?.contains { $0["path"] as? String == "quiet" } == true)
        #expect(try sdui(["lint", "--help"]).stdout.contains("missing-accessibility-label"))
    }
}

/// Lint checks section headers and footers, and the views of backgrounds and overlays, as it checks any node.
@Suite struct SlotLintTests {
    @Test func `a low-contrast header is flagged like a row, a titled footer button is not unlabelled, headers group at their own pointer`() throws {
        let payload = #"""
        {"schemaVersion": 1, "root": {"type": "vstack", "children": [
          {"type": "section", "id": "s1", "header": {"type": "text", "id": "head1", "text": "First", "color": "#bbbbbb"},
           "footer": {"type": "button", "id": "more", "title": "x"},
           "children": [{"type": "text", "id": "row", "text": "Row", "color": "#bbbbbb"}]},
          {"type": "section", "id": "s2", "header": {"type": "text", "id": "head2", "text": "Second", "color": "#bbbbbb"},
           "children": [{"type": "text", "text": "Row 2", "modifiers": [{"overlay": {"content": {"type": "image", "id": "mark", "url": "https://img.example/m.png", "aspectRatio": 1}}}]}]}]}}
        """#
        let run = try sdui(["lint", try temporaryFile(Array(payload.utf8)), "--devices", "iphone-16:portrait", "--content-sizes", "Large", "--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(doc["diagnostics"] as? [[String: Any]])
        let contrast = diagnostics.filter { $0["code"] as? String == "low-contrast" }
        #expect(contrast.contains { ($0["nodes"] as? [String]) == ["head1", "head2"] && $0["pattern"] as? String == "/root/children/*/header" }, "\(contrast)")
        #expect(contrast.contains { ($0["nodes"] as? [String]) == ["row"] })
        let missing = diagnostics.filter { $0["code"] as? String == "missing-accessibility-label" }
        #expect(!missing.contains { ($0["nodes"] as? [String])?.contains("more") == true }, "a footer button titled \"x\" has a label")
        // An overlay's image without alt is as unlabelled as any image.
        #expect(missing.contains { ($0["nodes"] as? [String]) == ["mark"] && $0["pointer"] as? String == "/root/children/1/children/0/modifiers/0/overlay/content" }, "\(missing)")
        // No pattern puts a header or footer under children/*.
        for d in diagnostics { #expect(!((d["pattern"] as? String) ?? "").hasSuffix("children/*") || !((d["pointer"] as? String) ?? "").hasSuffix("header")) }
    }
}
