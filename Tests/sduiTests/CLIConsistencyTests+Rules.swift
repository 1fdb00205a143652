import Foundation
import Testing

/// The rules every command follows, checked for every command `sdui --help` lists — today's and any added later:
/// `--state` wherever a payload is laid out, one `--devices` and `--content-sizes`, one `--format` default rule.
extension CLIConsistencyTests {
    /// Every command `sdui --help` lists.
    static func listedCommands() throws -> [String] {
        let run = try sdui(["--help"])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: "COMMANDS:"))
        return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// The options a command's `--help` lists (`--state`, `-o`, …) with their help text.
    static func options(of command: String) throws -> [String: String] {
        let help = try sdui([command, "--help"]).stdout
        var options: [String: String] = [:]
        var current: String?
        var inOptions = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == "OPTIONS:" { inOptions = true; continue }
            guard inOptions else { continue }
            if line.isEmpty { break }
            if line.hasPrefix("  -") {
                let signature = line.dropFirst(2).prefix { $0 != " " || false }
                let names = line.dropFirst(2).split(separator: " ").map(String.init)
                let long = names.first { $0.hasPrefix("--") } ?? String(signature)
                current = long.trimmingCharacters(in: CharacterSet(charactersIn: ","))
                options[current!] = line
            } else if let current {
                options[current, default: ""] += " " + line.trimmingCharacters(in: .whitespaces)
            }
        }
        return options
    }

    @Test func `the command list is the one this suite knows`() throws {
        #expect(try Self.listedCommands() == Self.commands.filter { try! Self.listedCommands().contains($0) })
        #expect(try Self.listedCommands().count >= Self.commands.count)
    }

    @Test func `every command that lays a payload out takes --state`() throws {
        var checked: [String] = []
        for command in try Self.listedCommands() {
            let options = try Self.options(of: command)
            // A command that lays out takes a payload and a window (--device) or a list of them (--devices).
            let usage = try sdui([command, "--help"]).stdout
            let takesPayload = usage.hasPrefix("USAGE: sdui \(command) FILE") || usage.hasPrefix("USAGE: sdui \(command) [FILE]")
            guard takesPayload && (options["--device"] != nil || options["--devices"] != nil) else { continue }
            #expect(options["--state"] != nil, "sdui \(command) lays out but has no --state")
            checked.append(command)
        }
        #expect(Set(checked).isSuperset(of: ["layout", "render", "preview", "accessibility", "lint", "simulate"]), "\(checked)")
    }

    @Test func `--state changes what every layout command shows`() throws {
        let payload = try temporaryFile(Array(#"""
        {"schemaVersion": 1, "id": "greeting", "state": {"name": "Ada"},
         "root": {"type": "vstack", "children": [{"type": "text", "id": "hello", "text": "Hello, @{name}"},
           {"type": "text", "id": "tag", "text": "Hi @{name}", "lineLimit": 1, "frame": {"width": 60}}]}}
        """#.utf8))
        let state = try temporaryFile(Array(#"{"name": "Grace Hopper"}"#.utf8), name: "grace.json")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-state-\(UUID()).html").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let runs: [(String, [String])] = [
            ("layout", ["layout", payload, "--state", state, "--format", "text"]),
            ("render", ["render", payload, "--state", state]),
            ("accessibility", ["accessibility", payload, "--state", state, "--format", "text"]),
            ("simulate", ["simulate", payload, "--state", state]),
        ]
        for (name, arguments) in runs {
            let run = try sdui(arguments)
            #expect(run.exitCode == 0, "\(name): \(run.stderr)")
            #expect(run.stdout.contains("Hello, Grace Hopper"), "\(name): \(run.stdout.prefix(400))")
            #expect(!run.stdout.contains("Hello, Ada"), "\(name)")
        }
        // Lint: the state's longer name is truncated in its 60-pt frame; the initial one fits.
        let lintState = try sdui(["lint", payload, "--state", state, "--devices", "iphone-16:portrait:full", "--content-sizes", "Large", "--format", "json"])
        let lintInitial = try sdui(["lint", payload, "--devices", "iphone-16:portrait:full", "--content-sizes", "Large", "--format", "json"])
        #expect(lintState.stdout.contains("text-truncated"), "\(lintState.stdout)")
        #expect(!lintInitial.stdout.contains("text-truncated"), "\(lintInitial.stdout)")
        let preview = try sdui(["preview", payload, "--state", state, "--devices", "iphone-16:portrait:full", "--content-sizes", "Large", "-o", out])
        #expect(preview.exitCode == 0, "\(preview.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("Hello, Grace Hopper"))
        // A state file of the wrong type: exit 65 on every command.
        let wrong = try temporaryFile(Array(#"{"name": 3}"#.utf8))
        for command in ["layout", "render", "accessibility", "lint", "simulate"] {
            #expect(try sdui([command, payload, "--state", wrong]).exitCode == 65, "\(command)")
        }
    }

    @Test func `--devices and --content-sizes have one syntax and one meaning wherever they appear`() throws {
        var devicesHelp: [String: String] = [:], sizesHelp: [String: String] = [:]
        for command in try Self.listedCommands() {
            let options = try Self.options(of: command)
            if let help = options["--devices"] { devicesHelp[command] = help.replacingOccurrences(of: #"^.*?LIST\s+\S+.*?(, or comma-separated)"#, with: "$1", options: .regularExpression) }
            if let help = options["--content-sizes"] { sizesHelp[command] = help.replacingOccurrences(of: #"\(default [^)]*\)"#, with: "", options: .regularExpression) }
        }
        #expect(Set(devicesHelp.keys).isSuperset(of: ["lint", "preview"]))
        #expect(Set(devicesHelp.values).count == 1, "\(devicesHelp)")
        #expect(Set(sizesHelp.keys).isSuperset(of: ["lint", "preview"]))
        #expect(Set(sizesHelp.values).count == 1, "\(sizesHelp)")
        // The same entries name the same windows: a device alone is every window of it.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-devices-\(UUID()).html").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let list = "iphone-se-3,ipad-mini-7:landscape"
        let lint = try sdui(["lint", "Examples/storefront.json", "--devices", list, "--content-sizes", "Large,AX3"])
        let preview = try sdui(["preview", "Examples/storefront.json", "--devices", list, "--content-sizes", "Large,AX3", "--format", "json", "-o", out])
        let lintWindows = try #require(lint.stdout.firstMatch(of: /(\d+) windows × 2 content sizes/)).1
        let previewJSON = try #require(try JSONSerialization.jsonObject(with: Data(preview.stdout.utf8)) as? [String: Any])
        #expect(Int(lintWindows) == previewJSON["windows"] as? Int, "\(lint.stdout.suffix(300)) \(preview.stdout)")
        #expect((previewJSON["contentSizes"] as? [String])?.sorted() == ["AX3", "Large"])
        // iPhone SE: 2 orientations; iPad mini in landscape: full screen and its Split View and Slide Over modes.
        #expect(Int(lintWindows).map { $0 > 3 } == true)
        for command in [["lint", "Examples/storefront.json"], ["preview", "-o", out]] {
            #expect(try sdui(command + ["--devices", "iphone-99"]).stderr.contains("--devices 'iphone-99': unknown device"))
            #expect(try sdui(command + ["--content-sizes", "Huge"]).stderr.contains("--content-sizes: unknown size \"Huge\""))
        }
    }

    @Test func `--format defaults follow the one rule sdui help states`() throws {
        let help = try sdui(["help"]).stdout
        let rule = try #require(help.range(of: "FORMAT: ")).lowerBound
        let ruleText = String(help[rule...]).replacingOccurrences(of: "\n", with: " ")
        for command in try Self.listedCommands() {
            let options = try Self.options(of: command)
            let format = try #require(options["--format"], "sdui \(command) has no --format")
            let defaultFormat = try #require(format.firstMatch(of: /(\w+) \(default/)?.1, "sdui \(command): --format names no default: \(format)")
            if defaultFormat == "text" {
                let reports = ruleText.components(separatedBy: "writes text: ").last ?? ""
                #expect(reports.split(whereSeparator: { ", .".contains($0) }).contains { $0 == command }, "sdui \(command) is not a report in the rule")
            } else {
                #expect(ruleText.contains("\(command) (\(defaultFormat))"), "sdui \(command) defaults to \(defaultFormat); the rule says otherwise: \(ruleText)")
            }
            #expect(options["--output"] != nil, "sdui \(command) has no -o/--output")
        }
        // The default is what runs without --format.
        for (arguments, format) in [(["layout", "Examples/storefront.json"], "json"), (["accessibility", "Examples/storefront.json"], "json"),
                                    (["devices", "--device", "iphone-16"], "text"), (["validate", "Examples/storefront.json"], "text")] {
            #expect(try sdui(arguments).stdout == sdui(arguments + ["--format", format]).stdout, "\(arguments)")
        }
    }

    @Test func `validate -o writes the lines validate prints`() throws {
        let bad = try temporaryFile(Array(#"{"schemaVersion": 1, "root": {"type": "vstak", "spacing": -1}}"#.utf8))
        let out = try temporaryFile([], name: "report.txt")
        for files in [["Examples/storefront.json"], [bad, "Examples/storefront.json", "Examples/missing.json"]] {
            let printed = try sdui(["validate"] + files)
            let written = try sdui(["validate"] + files + ["-o", out])
            #expect(printed.exitCode == written.exitCode)
            #expect(written.stdout.isEmpty && written.stderr == printed.stderr, "\(written.stderr)")
            #expect(try String(contentsOfFile: out, encoding: .utf8) == printed.stdout, "\(files)")
            #expect(printed.stdout.contains("Examples/storefront.json: valid ("))
        }
    }

    @Test func `lint's JSON says where as data, and its text lines stay readable`() throws {
        let run = try sdui(["lint", "Examples/storefront.json", "--devices", "iphone-se-3,ipad-pro-13-m4", "--content-sizes", "Large,AX5", "--format", "json"], timeout: 300)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(doc["diagnostics"] as? [[String: Any]])
        #expect(!diagnostics.isEmpty)
        for d in diagnostics {
            let places = try #require(d["where"] as? [[String: Any]], "\(d)")
            for place in places {
                let sizes = try #require(place["contentSizes"] as? [String])
                #expect(!sizes.isEmpty && sizes.allSatisfy { ["Large", "AX5"].contains($0) })
                let windows = try #require(place["windows"] as? [[String: String]])
                for window in windows {
                    #expect(["iphone-se-3", "ipad-pro-13-m4"].contains(window["device"] ?? ""))
                    #expect(["portrait", "landscape"].contains(window["orientation"] ?? ""))
                    #expect(window["mode"] != nil)
                }
            }
            #expect(d["summary"] is String)
        }
        let text = try sdui(["lint", "Examples/storefront.json", "--devices", "all", "--content-sizes", "all"], timeout: 600)
        #expect(text.stdout.contains("\n      "), "a long line is wrapped, its continuation indented")
        for line in text.stdout.split(separator: "\n").dropLast() { #expect(line.count <= 200, "\(line)") }
    }

    @Test func `help and text output have no run-together words or repeated sizes`() throws {
        let lint = try sdui(["lint", "--help"]).stdout
        #expect(!lint.contains(#/[a-z]warning:/#), "\(lint)")
        #expect(!lint.contains(#/[a-z]error:/#))
        let help = try sdui(["help", "help"]).stdout
        #expect(!help.contains("Commands.all"))
        let window = try sdui(["layout", "Examples/storefront.json", "--window", "10x10", "--format", "text"]).stdout
        let header = try #require(window.split(separator: "\n").first)
        #expect(header.components(separatedBy: "10×10").count == 2, "\(header)")
        let schema = try sdui(["schema", "--help"]).stdout
        #expect(schema.contains("an action of an unknown type"))
        #expect(schema.contains("--strict refuses them"))
    }

    @Test func `layout's text shows a picker's selected option`() throws {
        let payload = try temporaryFile(Array(#"""
        {"schemaVersion": 1, "state": {"size": 2}, "root": {"type": "vstack", "children": [
          {"type": "picker", "id": "menu", "selection": "@{size}", "options": [{"value": 1, "label": "Small"}, {"value": 2, "label": "Medium"}, {"value": 3, "label": "Extra large"}]},
          {"type": "picker", "id": "segments", "selection": "@{size}", "style": "segmented", "options": [{"value": 1, "label": "S"}, {"value": 2, "label": "M"}, {"value": 3, "label": "XL"}]}]}}
        """#.utf8))
        let run = try sdui(["layout", payload, "--format", "text"])
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("picker menu") && $0.hasSuffix("\"Medium\"") }, "\(run.stdout)")
        #expect(lines.contains { $0.contains("picker segments") && $0.hasSuffix("\"M\"") }, "\(run.stdout)")
        let json = try sdui(["layout", payload])
        #expect(json.stdout.contains("\"text\" : \"M\"") || json.stdout.contains("\"text\": \"M\""), "\(json.stdout)")
    }

    @Test func `simulate exits 64 only for a usage error`() throws {
        let usage = try sdui(["simulate", "Examples/storefront.json", "--steps", "sideways"])
        #expect(usage.exitCode == 64)
        let cannot = try sdui(["simulate", "Examples/storefront.json", "--steps", "pop"])
        #expect(cannot.exitCode == 1, "\(cannot.stderr)")
        #expect(cannot.stderr.contains("step 1 \"pop\""))
        #expect(!cannot.stderr.contains("--help"), "a step the screen cannot take is not a usage error")
    }
}

/// The README's claims, each checked by running the command that shows it.
@Suite struct READMEClaimTests {
    static let readme = (try? String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The storefront grid's column count (distinct x of its cards) in a window.
    static func columns(_ arguments: [String]) throws -> Int {
        let run = try sdui(["layout", "Examples/storefront.json", "--format", "text"] + arguments)
        #expect(run.exitCode == 0, "\(run.stderr)")
        let xs = run.stdout.split(separator: "\n").filter { $0.contains("vstack card-p") }.compactMap { line in
            line.firstMatch(of: /\((-?[\d.]+),/).map { String($0.1) }
        }
        return Set(xs).count
    }

    @Test func `the storefront's column counts are the README's`() throws {
        #expect(Self.readme.contains(#"gives iPhone SE two columns, iPad Pro 13" four and the 320-pt ⅓"#))
        #expect(Self.readme.contains(#"a 13" iPad's ⅓ Split View is 375 pt wide, as wide as an iPhone SE: two"#))
        #expect(try Self.columns(["--device", "iphone-se-3"]) == 2)
        #expect(try Self.columns(["--device", "ipad-pro-13-m4"]) == 4)
        #expect(try Self.columns(["--device", "ipad-pro-13-m4", "--orientation", "landscape"]) == 4)
        #expect(try Self.columns(["--device", "ipad-pro-11-m4", "--mode", "split-1/3"]) == 1)
        #expect(try Self.columns(["--device", "ipad-pro-13-m4", "--orientation", "landscape", "--mode", "split-1/3"]) == 2)
        // The payload is as described: an adaptive GridItem of minimum 150 in compact width, four flexible in regular.
        let payload = try String(contentsOf: repositoryRoot.appendingPathComponent("Examples/storefront.json"), encoding: .utf8)
        func grid(_ node: [String: Any]) -> [String: Any]? {
            if node["type"] as? String == "grid" { return node }
            return (node["children"] as? [[String: Any]] ?? []).lazy.compactMap(grid).first
        }
        let document = try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any])
        let root = try #require(document["root"] as? [String: Any])
        let columns = try #require(grid(root)?["columns"] as? [String: [[String: Any]]])
        #expect(columns["compact"]?.count == 1)
        #expect((columns["compact"]?.first?["adaptive"] as? [String: Any])?["minimum"] as? Int == 150)
        #expect(columns["regular"]?.count == 4)
        #expect(columns["regular"]?.allSatisfy { $0["flexible"] != nil } == true)
        #expect(!payload.contains("minColumnWidth"))
    }

    @Test func `the preview's windows are the README's 13`() throws {
        #expect(Self.readme.contains("the storefront on 13 windows"))
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-readme-\(UUID()).html").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try sdui(["preview", "-o", out, "--content-sizes", "Large", "--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(doc["windows"] as? Int == 13)
        let page = try String(contentsOfFile: out, encoding: .utf8)
        for device in ["iphone-se-3", "iphone-16", "iphone-16-pro-max", "ipad-mini-7"] {
            for orientation in ["portrait", "landscape"] {
                #expect(page.contains(#"data-device="\#(device)" data-orientation="\#(orientation)""#), "\(device) \(orientation)")
            }
        }
        for mode in ["split-1/3", "split-1/2", "split-2/3"] { #expect(page.contains(#"data-mode="\#(mode)""#)) }
    }

    @Test func `the device catalog has the README's 29 devices`() throws {
        #expect(Self.readme.contains("29 devices"))
        let run = try sdui(["devices", "--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((doc["devices"] as? [Any])?.count == 29)
    }
}
