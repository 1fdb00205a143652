import Foundation
import Testing

/// Hostile bindings, templates and actions through the CLI: clear errors or diagnostics with sysexits codes,
/// never a crash or a hang (each run has `sdui`'s 60 s timeout).
@Suite struct HostileStateCommandTests {
    static func payload(state: String = #"{"count": 0, "items": [1, 2, 3]}"#, root: String) -> [UInt8] {
        Array(#"{"schemaVersion": 1, "id": "hostile", "state": \#(state), "root": \#(root)}"#.utf8)
    }

    static func text(_ binding: String) -> String {
        #"{"type": "vstack", "children": [{"type": "text", "id": "t", "text": "\#(binding)"}]}"#
    }

    static let cases: [(name: String, payload: [UInt8], exit: Int32, message: String)] = [
        ("10 000-deep expression", payload(root: text("@{" + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000) + "}")),
         65, "nested deeper than"),
        ("1 MB expression", payload(root: text("@{" + String(repeating: "1+", count: 500_000) + "1}")), 65, "bytes"),
        ("unknown name", payload(root: text("@{cout + 1}")), 65, "did you mean \"count\""),
        ("wrong type", payload(root: #"{"type": "text", "text": "x", "visible": "@{count + 1}"}"#), 65, "/root/visible"),
        ("division by zero", payload(root: text("@{10 / count}")), 0, "division"),
        ("set of an unknown variable", payload(root: #"{"type": "button", "title": "x", "action": {"type": "set", "name": "cont", "value": 1}}"#), 65, "cont"),
        ("self-referencing template", payload(
            state: #"{"items": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}"#,
            root: #"{"type": "vstack", "children": [{"type": "forEach", "items": "@{items}", "template": {"type": "vstack", "children": [{"type": "forEach", "items": "@{items}", "template": {"type": "vstack", "children": [{"type": "forEach", "items": "@{items}", "template": {"type": "vstack", "children": [{"type": "forEach", "items": "@{items}", "template": {"type": "vstack", "children": [{"type": "forEach", "items": "@{items}", "template": {"type": "text", "text": "@{item}"}}]}}]}}]}}]}}]}"#),
         65, "template"),
    ]

    @Test(arguments: cases.indices)
    func `hostile bindings and templates get a clear answer from layout`(index: Int) throws {
        let test = Self.cases[index]
        let path = try temporaryFile(test.payload)
        let started = Date()
        let run = try sdui(["layout", path])
        #expect(run.exitCode == test.exit, "\(test.name): \(run.stderr.prefix(400))")
        #expect(run.stderr.contains(test.message), "\(test.name): \(run.stderr.prefix(400))")
        #expect(Date().timeIntervalSince(started) < 30, "\(test.name) took too long")
    }

    @Test func `a failing action in simulate is a diagnostic event and the state is unchanged`() throws {
        let path = try temporaryFile(Self.payload(root: #"{"type": "button", "id": "b", "title": "x", "action": {"type": "sequence", "actions": [{"type": "set", "name": "count", "value": "@{1 / count}"}, {"type": "remove", "name": "items", "index": 7}, {"type": "set", "name": "count", "value": 5}]}}"#))
        let run = try sdui(["simulate", path, "--steps", "tap:b"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]])
        let codes = events.filter { $0["event"] as? String == "diagnostic" }.compactMap { $0["code"] as? String }
        #expect(codes == ["action", "action"])
        // The actions after a failing one still run.
        #expect((object["state"] as? [String: Any])?["count"] as? Int == 5)
        #expect(((object["state"] as? [String: Any])?["items"] as? [Int]) == [1, 2, 3])
    }

    @Test(arguments: ["tap:missing", "toggle:missing", "type:missing=x"])
    func `actions on missing ids are steps the screen cannot take, naming the step`(step: String) throws {
        let path = try temporaryFile(Self.payload(root: Self.text("@{count}")))
        let run = try sdui(["simulate", path, "--steps", step])
        #expect(run.exitCode == 1, "\(run.stderr)")
        #expect(run.stderr.contains("step 1"))
        #expect(run.stderr.contains("missing"))
    }
}
