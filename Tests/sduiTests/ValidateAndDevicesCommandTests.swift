import Foundation
import Testing

@Test func `validate accepts every example`() throws {
    let run = try sdui(["validate", "Examples/storefront.json", "Examples/news-feed.json", "Examples/product-detail.json", "--strict"])
    #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.split(separator: "\n").map { $0.split(separator: ":").first ?? "" } == ["Examples/storefront.json", "Examples/news-feed.json", "Examples/product-detail.json"])
    #expect(run.stdout.split(separator: "\n").allSatisfy { $0.contains(": valid (") && !$0.contains("warning") })
}

@Test(arguments: [
    (#"{"schemaVersion": 1, "root": {"type": "vstack", "children": [{"type": "text""#, "/root/children/0: unexpected end of input"),
    (#"{"schemaVersion": 1, "root": {"type": "vstack", "spacing": true}}"#, "/root/spacing: must be a number, got true"),
    (#"{"schemaVersion": 1, "root": {"type": "image", "aspectRatio": -1}}"#, "/root/aspectRatio: must be > 0, got -1"),
    (#"{"schemaVersion": 1, "root": {"type": "image", "aspectRatio": 0}}"#, "/root/aspectRatio: must be > 0, got 0"),
    (#"{"schemaVersion": 1, "root": {"type": "grid", "columns": 0}}"#, "/root/columns: must be between 1 and 64, got 0"),
    (#"{"schemaVersion": 1, "root": {"type": "grid", "columns": "2"}}"#, "/root/columns: must be an integer"),
    (#"{"schemaVersion": 1, "root": {"type": "vstack", "children": "none"}}"#, "/root/children: must be an array"),
    (#"{"schemaVersion": 1, "id": "x"}"#, "/root: required"),
    (#"{"schemaVersion": 3, "root": {"type": "vstack"}}"#, "/schemaVersion: unsupported version 3; this build supports 1"),
    (#"{"schemaVersion": 1, "root": {"type": "vstack", "children": [{"type": "spacer", "id": "s"}, {"type": "divider", "id": "s"}]}}"#, "/root/children/1/id: duplicate id \"s\": already used at /root/children/0/id"),
    ("", "/: the input is empty"),
])
func `validate exits 65 with the file and JSON Pointer of the problem`(json: String, expected: String) throws {
    let path = try temporaryFile(Array(json.utf8))
    let run = try sdui(["validate", path])
    #expect(run.exitCode == 65)
    #expect(run.stdout.contains("\(path):\(expected)"), "got: \(run.stdout)")
}

@Test func `validate refuses invalid UTF-8 with exit 65`() throws {
    let path = try temporaryFile(Array(#"{"schemaVersion": 1, "root": {"type": "text", "text": ""#.utf8) + [0xFF, 0xFE] + Array("\"}}".utf8))
    let run = try sdui(["validate", path])
    #expect(run.exitCode == 65)
    #expect(run.stdout.contains("invalid UTF-8 at byte offset"))
}

@Test func `validate refuses 100000-deep nesting quickly and without crashing`() throws {
    let n = 100_000
    let json = #"{"schemaVersion": 1, "root": "# + String(repeating: #"{"type": "vstack", "children": ["#, count: n) + "{\"type\": \"spacer\"}" + String(repeating: "]}", count: n) + "}"
    let path = try temporaryFile(Array(json.utf8))
    let start = Date()
    let run = try sdui(["validate", path], timeout: 30)
    #expect(run.exitCode == 65)
    #expect(run.stdout.contains("nesting deeper than"))
    #expect(Date().timeIntervalSince(start) < 10)
}

@Test func `validate reads standard input`() throws {
    let good = try Data(contentsOf: repositoryRoot.appendingPathComponent("Examples/storefront.json"))
    #expect(try sdui(["validate", "-"], stdin: good).exitCode == 0)
    let bad = try sdui(["validate", "-"], stdin: Data(#"{"schemaVersion": 1, "root": {"type": "grid", "columns": 0}}"#.utf8))
    #expect(bad.exitCode == 65)
    #expect(bad.stdout.contains("<stdin>:/root/columns"))
}

@Test func `missing files exit 66, bad flags and no input exit 64`() throws {
    let missing = try sdui(["validate", "/nonexistent/payload.json"])
    #expect(missing.exitCode == 66)
    #expect(missing.stderr.contains("no such file"))
    #expect(try sdui(["validate", "--frobnicate", "Examples/storefront.json"]).exitCode == 64)
    #expect(try sdui(["validate"]).exitCode == 64)
    #expect(try sdui(["frobnicate"]).exitCode == 64)
    #expect(try sdui([]).exitCode == 64)
}

@Test func `validate json output lists every issue with its code`() throws {
    let path = try temporaryFile(Array(#"{"schemaVersion": 1, "root": {"type": "vstack", "children": [{"type": "image", "aspectRatio": -2}, {"type": "wobble"}]}}"#.utf8))
    let run = try sdui(["validate", path, "--format", "json"])
    #expect(run.exitCode == 65)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let files = try #require(json["files"] as? [[String: Any]])
    let issues = try #require(files.first?["issues"] as? [[String: Any]])
    #expect(issues.compactMap { $0["code"] as? String } == ["invalid-value", "unknown-type"])
    #expect(issues.compactMap { $0["pointer"] as? String } == ["/root/children/0/aspectRatio", "/root/children/1/type"])
}

@Test func `every command has help`() throws {
    let top = try sdui(["--help"])
    #expect(top.exitCode == 0)
    let names = ["validate", "devices", "schema"]
    for name in names {
        let run = try sdui([name, "--help"])
        #expect(run.exitCode == 0)
        #expect(run.stdout.contains("USAGE: sdui \(name)"))
        #expect(top.stdout.contains(name))
    }
}

@Test func `devices json names every catalog device with configurations`() throws {
    let run = try sdui(["devices", "--json"])
    #expect(run.exitCode == 0)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let devices = try #require(json["devices"] as? [[String: Any]])
    #expect(devices.count >= 29)
    let names = Set(devices.compactMap { $0["name"] as? String })
    for required in ["iPhone SE (3rd generation)", "iPhone 16", "iPhone 16 Pro Max", "iPhone 17 Pro Max", "iPhone Air",
                     "iPad mini (6th generation)", "iPad mini (A17 Pro, 7th generation)", "iPad Air 11-inch (M2/M3)",
                     "iPad Air 13-inch (M2/M3)", "iPad Pro 11-inch (M4)", "iPad Pro 13-inch (M4)", "iPad Pro 12.9-inch (6th generation)"] {
        #expect(names.contains(required), "\(required)")
    }
    let pro11 = try #require(devices.first { $0["slug"] as? String == "ipad-pro-11-m4" })
    let configs = try #require(pro11["configurations"] as? [[String: Any]])
    let third = try #require(configs.first { $0["mode"] as? String == "split-1/3" && $0["orientation"] as? String == "portrait" })
    #expect((third["window"] as? [String: Double])?["width"] == 320)
    #expect(third["horizontalSizeClass"] as? String == "compact")
}

@Test func `devices rejects an unknown device with a suggestion`() throws {
    let run = try sdui(["devices", "--device", "iphone-se"])
    #expect(run.exitCode == 64)
    #expect(run.stderr.contains("iphone-se-3"))
}

@Test func `schema prints a draft 2020-12 JSON Schema and writes it with -o`() throws {
    let run = try sdui(["schema"])
    #expect(run.exitCode == 0)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(json["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    let out = try temporaryFile([], name: "schema.json")
    #expect(try sdui(["schema", "-o", out]).exitCode == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(run.stdout.utf8) || String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self) + "\n" == run.stdout)
    #expect(try sdui(["schema", "-o", "/nonexistent-dir/schema.json"]).exitCode == 73)
}
