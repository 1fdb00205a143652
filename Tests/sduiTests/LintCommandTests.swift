import Foundation
import Testing

/// `sdui lint`: severities, grouping, overrides, payload silencing and the parallel merge.
@Suite struct LintCommandTests {
    /// A storefront-style payload of `cards` cards whose "Buy" buttons and prices do not fit at large sizes.
    static func cards(_ count: Int, lint: String = "", price: String = "$129") -> [UInt8] {
        let card = { (i: Int) in
            #"{"type": "vstack", "id": "card-p\#(i)", "spacing": 8, "padding": 8, "action": {"type": "navigate", "screen": "p\#(i)"}, "children": [{"type": "text", "id": "title-p\#(i)", "text": "Trail Runner", "lineLimit": 2}, {"type": "hstack", "id": "row-p\#(i)", "children": [{"type": "text", "id": "price-p\#(i)", "text": "\#(price)", "weight": "bold"}, {"type": "spacer"}, {"type": "button", "id": "buy-p\#(i)", "title": "Buy", "style": "borderedProminent"}]}]}"#
        }
        let cards = (1...count).map(card).joined(separator: ",")
        return Array(#"{"schemaVersion": 1, "id": "shop", "root": {"type": "scroll", "children": [{"type": "grid", "id": "products"\#(lint), "columns": 2, "spacing": 12, "children": [\#(cards)]}]}}"#.utf8)
    }

    /// `Benchmarks/make_lint_payload.py` (the lint benchmark's payloads, docs/benchmarks.md) repeats the storefront
    /// example's cards with their ids renumbered: what it writes must stay a valid payload as the example grows
    /// (its `-stacked` ids once came out duplicated, and lint then timed a payload it rejects).
    @Test func `the lint benchmark's generated payload is valid`() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("cards.json").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repositoryRoot.appendingPathComponent("Benchmarks/make_lint_payload.py").path, "20", "--out", path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "make_lint_payload.py failed (python3 needed)")
        let run = try sdui(["validate", path, "--strict"])
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        #expect((run.stdout + run.stderr).contains("valid ("), "\(run.stdout)\(run.stderr)")
    }

    @Test func `every shipped example lints clean`() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        #expect(names.count >= 7, "\(names)")
        for name in names {
            let run = try sdui(["lint", "Examples/\(name).json"], timeout: 300)
            #expect(run.exitCode == 0, "\(name): \(run.stdout)\(run.stderr)")
            #expect(!run.stdout.contains("\nwarning ") && !run.stdout.hasPrefix("warning ") && !run.stdout.contains("error "), "\(name): \(run.stdout)")
        }
    }

    @Test func `a Buy button truncated to an ellipsis is an error and a price split mid-number a warning, grouped over repeated cards`() throws {
        let path = try temporaryFile(Self.cards(40))
        let run = try sdui(["lint", path, "--devices", "iphone-se-3", "--content-sizes", "Large,AX5"], timeout: 300)
        #expect(run.exitCode == 1)
        let lines = run.stdout.split(separator: "\n").filter { !$0.hasPrefix("  ") }
        let buy = try #require(lines.first { $0.contains("text-fully-truncated") })
        #expect(buy.hasPrefix("error text-fully-truncated at buy-p1 … buy-p40 (40 nodes)"), "\(buy)")
        #expect(buy.contains("/root/children/0/children/*/children/1/children/2"))
        #expect(buy.contains("\"Buy\" is truncated to \"…\""))
        let price = try #require(lines.first { $0.contains("text-number-split") })
        #expect(price.hasPrefix("warning text-number-split at price-p1 … price-p40 (40 nodes)"), "\(price)")
        // 40 identical cards print one line per kind of problem, not 40.
        #expect(lines.count < 10, "\(run.stdout)")
    }

    @Test func `a 500-card payload's findings print as a few grouped lines`() throws {
        let path = try temporaryFile(Self.cards(500))
        let run = try sdui(["lint", path, "--devices", "iphone-se-3,ipad-pro-13-m4"], timeout: 600)
        #expect(run.exitCode == 1)
        #expect(run.stdout.utf8.count < 20_000, "\(run.stdout.utf8.count) bytes")
        #expect(run.stdout.contains("buy-p1 … buy-p500 (500 nodes)"))
    }

    @Test func `the parallel run prints exactly what the serial run prints`() throws {
        let path = try temporaryFile(Self.cards(30, price: "$1,299"))
        let arguments = ["lint", path, "--devices", "iphone-se-3,iphone-16,ipad-pro-11-m4", "--content-sizes", "all"]
        let serial = try sdui(arguments + ["--jobs", "1"], timeout: 300)
        for jobs in ["2", "3", "7"] {
            let parallel = try sdui(arguments + ["--jobs", jobs], timeout: 300)
            #expect(parallel.exitCode == serial.exitCode)
            #expect(parallel.stdout == serial.stdout, "--jobs \(jobs)")
        }
        let serialJSON = try sdui(arguments + ["--jobs", "1", "--format", "json"], timeout: 300)
        let parallelJSON = try sdui(arguments + ["--jobs", "2", "--format", "json"], timeout: 300)
        #expect(serialJSON.stdout == parallelJSON.stdout)
        #expect(!serial.stdout.isEmpty)
    }

    @Test func `severity overrides and disabling change what is reported and the exit code`() throws {
        let path = try temporaryFile(Self.cards(4))
        let base = ["lint", path, "--devices", "iphone-se-3", "--content-sizes", "AX5"]
        let off = try sdui(base + ["--disable", "text-fully-truncated", "--severity", "text-number-split=info,text-truncated=off"], timeout: 300)
        #expect(!off.stdout.contains("text-fully-truncated"))
        #expect(off.stdout.contains("info text-number-split"))
        #expect(!off.stdout.contains(" text-truncated "))
        let raised = try sdui(base + ["--severity", "text-word-split=error", "--severity", "text-number-split=error"], timeout: 300)
        #expect(raised.stdout.contains("error text-number-split"))
        let typo = try sdui(base + ["--disable", "text-truncate"])
        #expect(typo.exitCode == 64)
        #expect(typo.stderr.contains("did you mean text-truncated?"), "\(typo.stderr)")
        #expect(try sdui(base + ["--severity", "text-truncated=loud"]).exitCode == 64)
    }

    @Test func `a payload silences a finding on a node and its subtree, with its reason`() throws {
        let lint = #", "lint": {"disable": [{"code": "text-fully-truncated", "reason": "the detail screen has a full-width Buy button"}, {"code": "text-number-split", "reason": "prices are checked by the pricing team"}, {"code": "text-truncatd", "reason": "typo"}]}"#
        let path = try temporaryFile(Self.cards(6, lint: lint))
        let base = ["lint", path, "--devices", "iphone-se-3", "--content-sizes", "AX5"]
        let run = try sdui(base, timeout: 300)
        #expect(!run.stdout.contains("error text-fully-truncated"))
        #expect(!run.stdout.contains("warning text-number-split"))
        #expect(run.stdout.contains("silenced by the payload"))
        // A misspelt code silences nothing, and says so.
        #expect(run.stdout.contains("warning lint-unknown-code at products"), "\(run.stdout)")
        #expect(run.stdout.contains("did you mean \"text-truncated\"?"))
        let shown = try sdui(base + ["--show-silenced"], timeout: 300)
        #expect(shown.stdout.contains("silenced error text-fully-truncated at buy-p1 … buy-p6 (6 nodes)"))
        #expect(shown.stdout.contains("reason: the detail screen has a full-width Buy button"))
        let json = try sdui(base + ["--format", "json"], timeout: 300)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let silenced = try #require(doc["silenced"] as? [[String: Any]])
        #expect(silenced.contains { $0["code"] as? String == "text-number-split" && $0["reason"] as? String == "prices are checked by the pricing team" })
    }

    @Test func `a silencing entry without a reason is an invalid payload`() throws {
        let lint = #", "lint": {"disable": [{"code": "text-truncated"}]}"#
        let run = try sdui(["lint", try temporaryFile(Self.cards(1, lint: lint))])
        #expect(run.exitCode == 65)
        #expect(run.stderr.contains("/root/children/0/lint/disable/0/reason: required"), "\(run.stderr)")
    }

    @Test func `overlapping tap targets are reported, a button inside a tappable card is not`() throws {
        let json = #"{"schemaVersion": 1, "root": {"type": "zstack", "children": [{"type": "button", "id": "a", "title": "Left", "frame": {"width": 120, "height": 44}}, {"type": "button", "id": "b", "title": "Right", "frame": {"width": 100, "height": 44}}]}}"#
        let run = try sdui(["lint", try temporaryFile(Array(json.utf8)), "--devices", "iphone-16", "--content-sizes", "Large"])
        #expect(run.exitCode == 1)
        #expect(run.stdout.contains("warning tap-targets-overlap at b"), "\(run.stdout)")
        #expect(run.stdout.contains("overlaps the tap target a by 100×44 pt"))
        let nested = try sdui(["lint", try temporaryFile(Self.cards(2)), "--devices", "iphone-16", "--content-sizes", "Large"])
        #expect(!nested.stdout.contains("tap-targets-overlap"), "\(nested.stdout)")
    }

    @Test func `Apple's bordered button is not a small tap target; a 20-point one is`() throws {
        let json = #"{"schemaVersion": 1, "root": {"type": "vstack", "children": [{"type": "button", "id": "bordered", "title": "Refresh", "style": "bordered"}, {"type": "button", "id": "tiny", "title": "x", "style": "plain", "frame": {"width": 20, "height": 20}}]}}"#
        let run = try sdui(["lint", try temporaryFile(Array(json.utf8)), "--devices", "iphone-16", "--content-sizes", "xSmall,Large"])
        #expect(!run.stdout.contains("tap-target-too-small at bordered"), "\(run.stdout)")
        #expect(run.stdout.contains("warning tap-target-too-small at tiny"), "\(run.stdout)")
    }

    @Test func `lint writes its report with -o and says plainly when it cannot`() throws {
        let out = try temporaryFile([], name: "report.json")
        let run = try sdui(["lint", "Examples/storefront.json", "--devices", "iphone-16", "--format", "json", "-o", out], timeout: 300)
        #expect(run.exitCode == 0)
        #expect(run.stdout.isEmpty)
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        #expect(doc?["layouts"] as? Int == 10)
        let directory = URL(fileURLWithPath: out).deletingLastPathComponent().path
        let failed = try sdui(["lint", "Examples/storefront.json", "--devices", "iphone-16", "-o", directory], timeout: 300)
        #expect(failed.exitCode == 73)
        #expect(failed.stderr.contains("is a directory"), "\(failed.stderr)")
        #expect(!failed.stderr.contains("NSCocoaErrorDomain"))
    }
}

/// Lint's pointers name places the payload has: a node a `forEach` made is in its template, with its item named.
@Suite struct LintPointerTests {
    static let payload = #"""
    {"schemaVersion": 1, "id": "shop",
     "state": {"products": [{"id": "p1", "name": "Boots"}, {"id": "p2", "name": "Tent"}, {"id": "p3", "name": "Lamp"}]},
     "root": {"type": "vstack", "children": [
       {"type": "text", "text": "Shop"},
       {"type": "hstack", "children": [
         {"type": "text", "text": "Before"},
         {"type": "forEach", "items": "@{products}", "id": "@{item.id}", "template":
           {"type": "vstack", "id": "card-@{item.id}", "children": [
             {"type": "text", "text": "@{item.name}"},
             {"type": "image", "id": "photo-@{item.id}", "url": "https://img.example/@{item.id}.jpg"}]}},
         {"type": "image", "id": "after", "url": "https://img.example/after.jpg"}]}]}}
    """#

    /// The value at a JSON Pointer of `document`, or nil when the payload has no such place.
    static func value(at pointer: String, in document: Any) -> Any? {
        var value: Any? = document
        for token in pointer.split(separator: "/").map(String.init) {
            if let object = value as? [String: Any] { value = object[token] }
            else if let array = value as? [Any], let i = Int(token), array.indices.contains(i) { value = array[i] }
            else { return nil }
        }
        return value
    }

    @Test func `every pointer lint prints resolves in the payload, template nodes in their template with their item`() throws {
        let path = try temporaryFile(Array(Self.payload.utf8))
        let document = try JSONSerialization.jsonObject(with: Data(Self.payload.utf8))
        let run = try sdui(["lint", path, "--devices", "iphone-16:portrait", "--content-sizes", "Large", "--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(doc["diagnostics"] as? [[String: Any]])
        // The images have no aspectRatio: one finding per image, the three made ones grouped.
        let made = try #require(diagnostics.first { ($0["nodes"] as? [String])?.contains("photo-p1") == true }, "\(diagnostics)")
        #expect(made["pointer"] as? String == "/root/children/1/children/1/template/children/1")
        #expect(made["pattern"] as? String == "/root/children/1/children/1/template/children/1")
        #expect(made["nodes"] as? [String] == ["photo-p1", "photo-p2", "photo-p3"])
        let items = try #require(made["items"] as? [[String: Any]])
        #expect(items.map { $0["index"] as? Int } == [0, 1, 2])
        #expect(items.map { $0["id"] as? String } == ["p1", "p2", "p3"])
        let after = try #require(diagnostics.first { ($0["nodes"] as? [String]) == ["after"] })
        #expect(after["pointer"] as? String == "/root/children/1/children/2", "the node after the forEach is at its payload index")
        #expect(after["items"] == nil)
        for d in diagnostics {
            for key in ["pointer", "pattern"] {
                let pointer = try #require(d[key] as? String)
                #expect(Self.value(at: pointer, in: document) != nil, "\(key) \(pointer) is not in the payload")
            }
        }
        let plain = try sdui(["lint", path, "--devices", "iphone-16:portrait", "--content-sizes", "Large"])
        #expect(plain.stdout.contains("(/root/children/1/children/1/template/children/1; items 0 … 2)"), "\(plain.stdout)")
    }
}

/// Lint flags an input's label that cannot fit beside its control.
@Test func `lint flags a toggle label with no room beside its switch`() throws {
    let payload = #"""
    {"schemaVersion": 1, "state": {"on": true}, "root": {"type": "hstack", "children": [
      {"type": "toggle", "id": "cramped", "isOn": "@{on}", "label": "Notifications", "frame": {"width": 80}},
      {"type": "toggle", "id": "roomy", "isOn": "@{on}", "label": "Notifications for every new message, wrapping as it must"}]}}
    """#
    let run = try sdui(["lint", try temporaryFile(Array(payload.utf8)), "--devices", "iphone-se-3:portrait", "--content-sizes", "Large"])
    #expect(run.exitCode == 1)
    #expect(run.stdout.contains("warning input-label-cramped at cramped"), "\(run.stdout)")
    #expect(run.stdout.contains("the label has 21 pt beside its control (51 pt + 8 pt)"), "\(run.stdout)")
    #expect(!run.stdout.contains("input-label-cramped at roomy"), "a label that wraps between words fits")
    let help = try sdui(["lint", "--help"])
    #expect(help.stdout.contains("input-label-cramped"))
}
