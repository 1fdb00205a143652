import Foundation
import Testing

/// `sdui preview` with named states and `sdui simulate`'s `scroll:` step.
@Suite struct NamedStateCommandTests {
    static let cart = #"""
    {"schemaVersion": 1, "id": "cart", "state": {"count": 0},
     "previews": {"empty cart": {"count": 0}, "three items": {"count": 3}},
     "root": {"type": "vstack", "children": [{"type": "text", "id": "badge", "text": "@{count} in cart", "visible": "@{count > 0}"}]}}
    """#

    static func file(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-states-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func `preview shows the payload's named states, or the --state files instead, one panel per window each`() throws {
        let payload = try Self.file("cart.json", Self.cart)
        let out = try Self.file("page.html", "")
        let run = try sdui(["preview", payload, "-o", out, "--devices", "iphone-16:portrait", "--content-sizes", "Large", "--format", "json"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""states" : ["#) || run.stdout.contains(#""states": ["#), "\(run.stdout)")
        #expect(run.stdout.contains("\"empty cart\"") && run.stdout.contains("\"three items\""))
        let page = try String(contentsOfFile: out, encoding: .utf8)
        #expect(page.components(separatedBy: "class=\"sdui-panel\"").count - 1 == 2)
        #expect(page.contains("3 in cart"))

        let many = try Self.file("many.json", #"{"count": 12}"#)
        let files = try sdui(["preview", payload, "-o", out, "--devices", "iphone-16:portrait", "--content-sizes", "Large", "--state", many])
        #expect(files.exitCode == 0, "\(files.stderr)")
        let filePage = try String(contentsOfFile: out, encoding: .utf8)
        #expect(filePage.components(separatedBy: "class=\"sdui-panel\"").count - 1 == 1)
        #expect(filePage.contains("data-state=\"many\"") && filePage.contains("12 in cart"))
    }

    @Test func `a bad --state file is refused with its name and the variable, exit 65; a missing one exit 66`() throws {
        let payload = try Self.file("cart.json", Self.cart)
        let out = try Self.file("page.html", "")
        let bad = try Self.file("bad.json", #"{"cuont": 1}"#)
        let run = try sdui(["preview", payload, "-o", out, "--state", bad])
        #expect(run.exitCode == 65)
        #expect(run.stderr.contains("/cuont") && run.stderr.contains("did you mean \"count\""), "\(run.stderr)")
        let missing = try sdui(["preview", payload, "-o", out, "--state", "/nonexistent/state.json"])
        #expect(missing.exitCode == 66)
    }

    @Test func `simulate scroll steps run lazy items' onAppear as they enter the visible area`() throws {
        let items = (0..<40).map { "{\"id\": \"i\($0)\"}" }.joined(separator: ", ")
        let payload = try Self.file("feed.json", """
        {"schemaVersion": 1, "id": "feed", "state": {"seen": [], "items": [\(items)]},
         "root": {"type": "scroll", "id": "feed", "children": [
           {"type": "grid", "id": "grid", "columns": 2, "children": [
             {"type": "forEach", "items": "@{items}", "template": {"type": "color", "id": "cell-@{item.id}", "color": "#3366CC",
              "frame": {"height": 100}, "onAppear": {"type": "append", "name": "seen", "value": "@{index}"}}}]}]}}
        """)
        let run = try sdui(["simulate", payload, "--steps", "scroll:feed=1500"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let seen = try #require((json["state"] as? [String: Any])?["seen"] as? [Int])
        #expect(seen.first == 0, "the first rows appeared at launch")
        #expect(seen.contains(30), "row 15 (y 1500) appeared after the scroll")
        #expect(!seen.contains(39) || seen.count < 40, "not every item appeared")
        let notRoot = try sdui(["simulate", payload, "--steps", "scroll:grid=10"])
        #expect(notRoot.exitCode == 1)
        #expect(notRoot.stderr.contains("not the root scroll"), "\(notRoot.stderr)")
        let badOffset = try sdui(["simulate", payload, "--steps", "scroll:feed=far"])
        #expect(badOffset.exitCode == 64)
    }
}
