import Foundation
import Testing
import SDUISchema
@testable import sdui

/// Payloads from a newer server and payloads with typos, through the command line: `sdui capabilities`, fallbacks
/// in `layout`, `render` and `accessibility`, typos in `validate` and `lint`, `lint --target-version`.
@Suite struct EvolutionCommandTests {
    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// An unknown type with a fallback, a known type whose minimumVersion is newer with a fallback, one of each
    /// without (not shown), in a section header, a template and an overlay too.
    static let fallbacks = #"""
    {"schemaVersion": 1, "id": "fallbacks", "state": {"items": [{"id": "a"}, {"id": "b"}]},
     "root": {"type": "vstack", "id": "root", "alignment": "leading", "children": [
       {"type": "map", "id": "map", "zoom": 3, "fallback": {"type": "text", "id": "map-text", "text": "Map of the store"}},
       {"type": "button", "id": "pay", "title": "Pay", "minimumVersion": "99.0", "fallback": {"type": "text", "id": "pay-text", "text": "Update to pay"}},
       {"type": "carousel", "id": "carousel-gone"},
       {"type": "button", "id": "pay-gone", "title": "Pay later", "minimumVersion": "99.0"},
       {"type": "section", "id": "sec", "header": {"type": "banner", "fallback": {"type": "text", "id": "banner-text", "text": "Banner"}},
        "children": [{"type": "forEach", "items": "@{items}", "template": {"type": "badge", "id": "badge-@{item.id}", "fallback": {"type": "text", "id": "badge-text-@{item.id}", "text": "Badge @{item.id}"}}}]},
       {"type": "color", "id": "swatch", "color": "#cccccc", "frame": {"width": 40, "height": 40},
        "modifiers": [{"overlay": {"content": {"type": "ribbon", "fallback": {"type": "text", "id": "ribbon-text", "text": "New"}}}}]},
       {"type": "text", "id": "after", "text": "After"}
     ]}}
    """#

    @Test func `layout, render and accessibility show the fallbacks, and leave out the nodes without one, saying so`() throws {
        let path = try temporaryFile(Array(Self.fallbacks.utf8))
        let layout = try sdui(["layout", path])
        #expect(layout.exitCode == 0, "\(layout.stderr)")
        let doc = try #require(try Self.json(layout.stdout) as? [String: Any])
        let nodes = try #require(doc["nodes"] as? [[String: Any]])
        func frame(_ id: String) -> [Double]? {
            guard let node = nodes.first(where: { $0["id"] as? String == id }), let f = node["frame"] as? [String: Double] else { return nil }
            return [f["x"]!, f["y"]!, f["width"]!, f["height"]!]
        }
        for id in ["map-text", "pay-text", "banner-text", "badge-text-a", "badge-text-b", "ribbon-text", "after"] {
            #expect(frame(id).map { $0[2] > 0 && $0[3] > 0 } == true, "\(id) is laid out")
        }
        for id in ["map", "pay", "badge-a"] { #expect(frame(id) == nil, "\(id) is replaced by its fallback") }
        for id in ["carousel-gone", "pay-gone"] {
            #expect(frame(id).map { $0[2] == 0 && $0[3] == 0 } == true, "\(id) takes no space")
            #expect(nodes.first { $0["id"] as? String == id }?["hidden"] as? Bool == true)
        }
        let diagnostics = try #require(doc["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.filter { $0["code"] as? String == "node-dropped" }.compactMap { $0["path"] as? String } == ["carousel-gone", "pay-gone"])
        for pointer in ["/root/children/0/type", "/root/children/1/minimumVersion", "/root/children/2/type", "/root/children/3/minimumVersion"] {
            #expect(layout.stderr.contains("\(path):\(pointer): warning:"), "\(pointer): \(layout.stderr)")
        }
        // Drawn: the fallbacks' texts, not the nodes they replace.
        let html = try sdui(["render", path])
        #expect(html.exitCode == 0)
        for text in ["Map of the store", "Update to pay", "Banner", "Badge a", "Badge b", "New", "After"] { #expect(html.stdout.contains(text), "\(text)") }
        #expect(!html.stdout.contains(">Pay<") && !html.stdout.contains("Pay later"))
        let svg = try sdui(["render", path, "--format", "svg"])
        #expect(svg.exitCode == 0 && svg.stdout.contains("Update to pay") && !svg.stdout.contains("Pay later"))
        // Read: the fallbacks, in order.
        let accessibility = try sdui(["accessibility", path, "--format", "json"])
        let elements = try #require((try Self.json(accessibility.stdout) as? [String: Any])?["elements"] as? [[String: Any]])
        #expect(elements.compactMap { $0["label"] as? String } == ["Map of the store", "Update to pay", "Banner", "Badge a", "Badge b", "New", "After"])
        // An app that draws maps keeps the map (and not its fallback).
        let drawn = try sdui(["layout", path, "--custom-types", "map"])
        let drawnNodes = try #require((try Self.json(drawn.stdout) as? [String: Any])?["nodes"] as? [[String: Any]])
        #expect(drawnNodes.contains { $0["id"] as? String == "map" } && !drawnNodes.contains { $0["id"] as? String == "map-text" })
    }

    /// A vstack whose children are misspelt, with problems inside.
    static let childern = #"{"schemaVersion": 1, "id": "typo", "root": {"type": "vstack", "id": "list", "childern": [{"type": "text", "style": "headlin"}, {"type": "text", "id": "ok", "text": "x", "analyticsTag": "a"}]}}"#

    @Test func `validate fails a misspelt children key and reports the problems under it`() throws {
        let path = try temporaryFile(Array(Self.childern.utf8))
        let run = try sdui(["validate", path])
        #expect(run.exitCode == 65)
        #expect(run.stdout.contains("\(path):/root/childern: unknown property \"childern\" on vstack — did you mean \"children\"?"), "\(run.stdout)")
        #expect(run.stdout.contains("\(path):/root/childern/0/text: required: the text to show"))
        #expect(run.stdout.contains("\(path):/root/childern/0/style: must be one of"))
        // An unknown key that is not close to a known one stays a warning.
        #expect(run.stdout.contains("\(path):/root/childern/1/analyticsTag: warning: unknown property \"analyticsTag\""))
        let json = try sdui(["validate", path, "--format", "json"])
        let files = try #require((try Self.json(json.stdout) as? [String: Any])?["files"] as? [[String: Any]])
        let issues = try #require(files.first?["issues"] as? [[String: Any]])
        #expect(issues.first?["code"] as? String == "probable-typo" && issues.first?["severity"] as? String == "error")
        let lone = try temporaryFile(Array(#"{"schemaVersion": 1, "root": {"type": "text", "text": "a", "analyticsTag": "a"}}"#.utf8))
        #expect(try sdui(["validate", lone]).exitCode == 0)
    }

    @Test func `lint fails a misspelt children key and a container laid out empty, and keeps a far unknown key a warning`() throws {
        let path = try temporaryFile(Array(Self.childern.utf8))
        let run = try sdui(["lint", path, "--devices", "iphone-16", "--content-sizes", "Large", "--format", "json"])
        #expect(run.exitCode == 1, "\(run.stderr)")
        let findings = try #require((try Self.json(run.stdout) as? [String: Any])?["diagnostics"] as? [[String: Any]])
        func severity(_ code: String, _ pointer: String) -> String? {
            findings.first { $0["code"] as? String == code && $0["pointer"] as? String == pointer }?["severity"] as? String
        }
        #expect(severity("probable-typo", "/root/childern") == "error")
        #expect(severity("empty-container", "/root/childern") == "error")
        #expect(severity("missing-property", "/root/childern/0/text") == "warning")
        #expect(severity("unknown-property", "/root/childern/1/analyticsTag") == "warning")
        // Every child not shown: the container lays out empty, an error.
        let dropped = try temporaryFile(Array(#"{"schemaVersion": 1, "root": {"type": "vstack", "children": [{"type": "carousel"}, {"type": "map"}]}}"#.utf8))
        let empty = try sdui(["lint", dropped, "--devices", "iphone-16", "--content-sizes", "Large"])
        #expect(empty.exitCode == 1)
        #expect(empty.stdout.contains("error empty-container at root (/root/children)"), "\(empty.stdout)")
        #expect(empty.stdout.contains("warning node-dropped"))
        // The codes are lint's: they can be switched.
        let relaxed = try sdui(["lint", path, "--devices", "iphone-16", "--content-sizes", "Large", "--severity", "probable-typo=warning,empty-container=off", "--max-severity", "error"])
        #expect(relaxed.exitCode == 0, "\(relaxed.stdout)")
    }

    @Test func `lint --target-version flags what is newer than the target and not guarded`() throws {
        let payload = #"""
        {"schemaVersion": 1, "id": "tv", "root": {"type": "scroll", "id": "root", "children": [
          {"type": "section", "id": "sec", "children": [{"type": "text", "text": "a"}]},
          {"type": "text", "id": "t", "text": "a", "lineSpacing": 4, "modifiers": [{"shadow": {"radius": 2}}]},
          {"type": "section", "id": "guarded", "minimumVersion": "1.6", "fallback": {"type": "text", "id": "g", "text": "old", "accessibility": {"label": "x"}}, "children": []},
          {"type": "label", "id": "lab", "title": "L", "fallback": {"type": "text", "text": "L"}},
          {"type": "text", "id": "loose", "text": "z", "strikethrough": true, "fallback": {"type": "text", "text": "z"}}
        ]}}
        """#
        let path = try temporaryFile(Array(payload.utf8))
        func findings(_ target: String) throws -> [(code: String, severity: String, pointer: String)] {
            let run = try sdui(["lint", path, "--devices", "iphone-16", "--content-sizes", "Large", "--format", "json", "--target-version", target])
            let list = try #require((try Self.json(run.stdout) as? [String: Any])?["diagnostics"] as? [[String: Any]])
            return list.compactMap { item in
                guard let code = item["code"] as? String, ["newer-than-target", "guard-not-read"].contains(code) else { return nil }
                return (code, item["severity"] as! String, item["pointer"] as! String)
            }.sorted { $0.pointer < $1.pointer }
        }
        // 1.7 reads guards: the unguarded section and text keys are flagged; the guarded section's fallback (1.5's
        // accessibility is older than 1.6) and the label behind its fallback are not.
        let at16 = try findings("1.6")
        #expect(at16.isEmpty, "\(at16)")
        #expect(try findings("1.7").isEmpty)
        let at15 = try findings("1.5")
        #expect(at15.map(\.pointer) == ["/root/children/0/type", "/root/children/1/lineSpacing", "/root/children/2/type", "/root/children/3/type", "/root/children/4/strikethrough"])
        #expect(at15.map(\.code) == ["newer-than-target", "newer-than-target", "guard-not-read", "guard-not-read", "newer-than-target"])
        let at10 = try findings("1.0")
        #expect(at10.contains { $0.pointer == "/root/children/1/modifiers" && $0.severity == "warning" })
        // A usage error for a version this build does not know.
        let bad = try sdui(["lint", path, "--target-version", "1.99"])
        #expect(bad.exitCode == 64 && bad.stderr.contains("1.0, 1.1"))
    }

    @Test func `for a target that reads guards, what they guard is not reported and the fallbacks shown instead are`() throws {
        let payload = #"""
        {"schemaVersion": 1, "root": {"type": "vstack", "children": [
          {"type": "section", "fallback": {"type": "text", "text": "a", "lineSpacing": 2}, "children": [{"type": "text", "text": "x", "lineSpacing": 1}]},
          {"type": "text", "text": "b", "minimumVersion": "1.6", "lineSpacing": 3},
          {"type": "text", "text": "c", "lineSpacing": 3, "fallback": {"type": "divider"}},
          {"type": "text", "text": "d", "minimumVersion": "1.4", "lineSpacing": 3},
          {"type": "vstack", "minimumVersion": "1.6", "children": [{"type": "label", "title": "e"}]}
        ]}}
        """#
        let document = try JSONValue.parse(Array(payload.utf8)).get()
        let audit = TargetVersionAudit(target: FormatVersion(1, 3), guardsSince: FormatVersion(1, 0))
        let found = audit.findings(document)
        // (The fourth node is guarded for 1.3: its minimumVersion 1.4 keeps it from 1.3 apps.)
        #expect(found.map(\.pointer) == ["/root/children/0/fallback/lineSpacing", "/root/children/2/lineSpacing"])
        #expect(found.allSatisfy { $0.code == "newer-than-target" && $0.severity == .warning })
        // Before guards were read, all of it is reported: unguarded as warnings, guarded as information.
        let before = TargetVersionAudit(target: FormatVersion(1, 3)).findings(document)
        #expect(before.filter { $0.code == "guard-not-read" }.map(\.pointer)
                == ["/root/children/0/type", "/root/children/1/lineSpacing", "/root/children/3/lineSpacing", "/root/children/4/children/0/type"])
        #expect(before.filter { $0.code == "newer-than-target" }.map(\.pointer) == ["/root/children/2/lineSpacing"])
    }

    @Test func `capabilities lists the format version and every type with its keys and versions`() throws {
        let run = try sdui(["capabilities", "--format", "json"])
        #expect(run.exitCode == 0)
        let doc = try #require(try Self.json(run.stdout) as? [String: Any])
        let version = try #require(doc["formatVersion"] as? String)
        #expect(version.split(separator: ".").count == 2)
        let types = try #require(doc["types"] as? [[String: Any]])
        let text = try #require(types.first { $0["name"] as? String == "text" })
        #expect(text["since"] as? String == "1.0")
        let keys = try #require(text["keys"] as? [[String: Any]])
        #expect(keys.first { $0["name"] as? String == "lineSpacing" }?["since"] as? String == "1.6")
        #expect(keys.first { $0["name"] as? String == "fallback" }?["since"] as? String == version)
        // Every type the JSON Schema defines is listed.
        let schema = try #require(try Self.json(try sdui(["schema"]).stdout) as? [String: Any])
        let defs = try #require(schema["$defs"] as? [String: Any])
        let schemaTypes = Set(defs.keys.filter { $0.hasSuffix("Node") && $0 != "customNode" }.map { String($0.dropLast(4)) })
        #expect(schemaTypes == Set(types.compactMap { $0["name"] as? String }))
        // What an older version reads.
        let old = try sdui(["capabilities", "--format", "json", "--format-version", "1.3"])
        let oldTypes = try #require((try Self.json(old.stdout) as? [String: Any])?["types"] as? [[String: Any]])
        #expect(!oldTypes.contains { $0["name"] as? String == "section" })
        let textFormat = try sdui(["capabilities"])
        #expect(textFormat.exitCode == 0 && textFormat.stdout.hasPrefix("format \(version)"))
        #expect(try sdui(["capabilities", "--format-version", "v2"]).exitCode == 64)
    }
}
