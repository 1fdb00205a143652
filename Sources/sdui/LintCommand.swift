import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema

/// `sdui lint FILE`: lays a payload out on every device × orientation × mode × a spread of Dynamic Type
/// sizes and reports each distinct diagnostic once, with where it happens.
enum LintCommand {
    static let summary = "lay a payload out on every device, mode and text size; report each problem once"
    static let defaultContentSizes: [ContentSizeCategory] = [.xSmall, .large, .xxxLarge, .accessibility3, .accessibility5]

    static let help = """
    USAGE: sdui lint FILE [--devices all|NAME,...] [--content-sizes all|S,...] [--layout-directions D]
                          [--max-severity info|warning|error] [--format text|json]

    Lays the payload out on each device × orientation × window mode it offers (full screen, Split View ⅓ ½ ⅔,
    Slide Over) × each content size, and prints every distinct diagnostic (code + node) once, with where it
    happens, e.g.:
      warning text-truncated at title-p3 (/root/children/0/…): text truncated …
        on iPhone SE (3rd generation) portrait at AX3 and larger; iPad Pro 11-inch (M4) portrait Split View ⅓ at all sizes

    OPTIONS:
      --devices D            all (default) or a comma-separated list of device names or slugs
      --content-sizes S      all, or a comma-separated list (default: xSmall,Large,xxxLarge,AX3,AX5)
      --layout-directions D  leftToRight (default), rightToLeft, or both: lay out in each (a finding seen in
                             only one direction says so)
      --max-severity S       the lowest severity that fails the lint: info, warning (default) or error
      --format F             text (default) or json: {"file", "layouts", "diagnostics": [{"severity","code","path",
                             "pointer","message","occurrences","where"}]}

    EXIT: 0 nothing at or above --max-severity, 1 problems found, 64 usage, 65 invalid payload, 66 unreadable.
    """

    /// Where one distinct diagnostic was seen.
    struct Finding {
        var diagnostic: LayoutDiagnostic
        /// Window index → content sizes (indices into the tested list).
        var places: [Int: Set<Int>] = [:]
        /// Layout directions (indices into the tested list) it was seen in.
        var directions: Set<Int> = []
        var occurrences = 0
    }

    static func run(_ arguments: [String]) -> Int32 {
        runCommand("lint") { () throws(CLIError) -> Int32 in
            let args = try Arguments(arguments, options: ["--devices", "--content-sizes", "--layout-directions", "--max-severity",
                                                          "--format"], flags: [])
            let format = args["--format"] ?? "text"
            guard format == "text" || format == "json" else { throw .usage("--format: expected text or json, got \"\(format)\"") }
            guard args.positionals.count == 1, let path = args.positionals.first else {
                throw .usage(args.positionals.isEmpty ? "no input: give a FILE, or - for standard input" : "give exactly one FILE")
            }
            let maxSeverityText = args["--max-severity"] ?? "warning"
            guard let maxSeverity = LayoutDiagnostic.Severity(rawValue: maxSeverityText) else {
                throw .usage("--max-severity: expected info, warning or error, got \"\(maxSeverityText)\"")
            }
            let devices = try parseDevices(args["--devices"])
            let sizes = try parseContentSizes(args["--content-sizes"])
            let directions = try parseLayoutDirections(args["--layout-directions"])
            let screen = try loadScreen(path)
            let windows = WindowEnvironment.allFixed(devices: devices)

            // Lay out every window × size, collecting each (code, path) once.
            var findings: [Finding] = []
            var index: [String: Int] = [:]
            let engine = LayoutEngine()
            for (w, window) in windows.enumerated() {
                for (s, size) in sizes.enumerated() {
                    for (r, direction) in directions.enumerated() {
                        let traits = window.traitCollection(contentSize: size, layoutDirection: direction)
                        for d in engine.layout(screen, in: window, traits: traits).diagnostics {
                            let key = d.code + "\u{1}" + d.path
                            let k: Int
                            if let existing = index[key] { k = existing } else {
                                k = findings.count; index[key] = k; findings.append(Finding(diagnostic: d))
                            }
                            findings[k].places[w, default: []].insert(s)
                            findings[k].directions.insert(r)
                            findings[k].occurrences += 1
                            if d.severity > findings[k].diagnostic.severity { findings[k].diagnostic.severity = d.severity }
                        }
                    }
                }
            }
            findings.sort { a, b in
                if a.diagnostic.severity != b.diagnostic.severity { return a.diagnostic.severity > b.diagnostic.severity }
                if a.diagnostic.code != b.diagnostic.code { return a.diagnostic.code < b.diagnostic.code }
                return a.diagnostic.path < b.diagnostic.path
            }
            let layouts = windows.count * sizes.count * directions.count
            let failing = findings.contains { $0.diagnostic.severity >= maxSeverity }
            if format == "json" {
                let items: [JSONValue] = findings.map { f in
                    .object([("severity", .string(f.diagnostic.severity.rawValue)), ("code", .string(f.diagnostic.code)),
                             ("path", .string(f.diagnostic.path)), ("pointer", .string(f.diagnostic.pointer)),
                             ("message", .string(f.diagnostic.message)), ("occurrences", .number(Double(f.occurrences))),
                             ("where", .string(describe(f, windows: windows, sizes: sizes, directions: directions)))])
                }
                printOut(JSONValue.object([("file", .string(displayName(path))), ("layouts", .number(Double(layouts))),
                                           ("diagnostics", .array(items))]).serialized(pretty: true))
            } else {
                for f in findings {
                    let d = f.diagnostic
                    printOut("\(d.severity.rawValue) \(d.code) at \(d.path) (\(d.pointer)): \(d.message)\n  on \(describe(f, windows: windows, sizes: sizes, directions: directions))")
                }
                let counts = LayoutDiagnostic.Severity.allCases.reversed().map { s in "\(findings.filter { $0.diagnostic.severity == s }.count) \(s.rawValue)" }
                let directionCount = directions.count > 1 ? " × \(directions.count) layout directions" : ""
                printOut("\(displayName(path)): \(layouts) layouts (\(windows.count) windows × \(sizes.count) content sizes\(directionCount)); \(findings.count) distinct diagnostics (\(counts.joined(separator: ", ")))")
            }
            return failing ? ExitCode.problemsFound : ExitCode.ok
        }
    }

    static func parseDevices(_ text: String?) throws(CLIError) -> [Device] {
        guard let text, text.lowercased() != "all" else { return DeviceCatalog.all }
        var devices: [Device] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let device = DeviceCatalog.device(named: name) else {
                throw .usage("--devices: unknown device \"\(name)\"; `sdui devices` lists them")
            }
            if !devices.contains(device) { devices.append(device) }
        }
        guard !devices.isEmpty else { throw .usage("--devices: expected all or a list of device names") }
        return devices
    }

    static func parseContentSizes(_ text: String?) throws(CLIError) -> [ContentSizeCategory] {
        guard let text else { return defaultContentSizes }
        if text.lowercased() == "all" { return ContentSizeCategory.allCases }
        var sizes: [ContentSizeCategory] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let size = ContentSizeCategory(parsing: name) else {
                throw .usage("--content-sizes: unknown size \"\(name)\"; expected all or some of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if !sizes.contains(size) { sizes.append(size) }
        }
        guard !sizes.isEmpty else { throw .usage("--content-sizes: expected all or a list of sizes") }
        return sizes.sorted()
    }

    /// `--layout-directions`: leftToRight (default), rightToLeft, both, or a comma-separated list.
    static func parseLayoutDirections(_ text: String?) throws(CLIError) -> [LayoutDirection] {
        guard let text else { return [.leftToRight] }
        if text.lowercased() == "both" || text.lowercased() == "all" { return LayoutDirection.allCases }
        var directions: [LayoutDirection] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let direction = LayoutDirection(parsing: name) else {
                throw .usage("--layout-directions: expected leftToRight, rightToLeft or both, got \"\(name)\"")
            }
            if !directions.contains(direction) { directions.append(direction) }
        }
        guard !directions.isEmpty else { throw .usage("--layout-directions: expected leftToRight, rightToLeft or both") }
        return directions
    }

    /// "iPhone SE (3rd generation) portrait at AX3 and larger; iPad Pro 11-inch (M4) portrait Split View ⅓ at all sizes",
    /// with windows that share a size description grouped, and "every window" when it happens everywhere; with
    /// more than one layout direction, a finding seen in only one of them ends with it ("(right to left only)").
    static func describe(_ finding: Finding, windows: [WindowEnvironment], sizes: [ContentSizeCategory],
                         directions: [LayoutDirection] = [.leftToRight]) -> String {
        let places = describePlaces(finding, windows: windows, sizes: sizes)
        guard directions.count > 1, finding.directions.count < directions.count, let only = finding.directions.sorted().first
        else { return places }
        return places + (directions[only] == .rightToLeft ? " (right to left only)" : " (left to right only)")
    }

    static func describePlaces(_ finding: Finding, windows: [WindowEnvironment], sizes: [ContentSizeCategory]) -> String {
        var groups: [(sizes: String, windows: [Int])] = []
        for w in finding.places.keys.sorted() {
            let description = describeSizes(finding.places[w] ?? [], sizes)
            if let g = groups.firstIndex(where: { $0.sizes == description }) { groups[g].windows.append(w) } else {
                groups.append((description, [w]))
            }
        }
        return groups.map { group in describeWindows(Set(group.windows), windows) + " " + group.sizes }.joined(separator: "; ")
    }

    /// Compresses a set of windows: "every window", "every iPhone", a device name when all its windows are
    /// included, else "Device (portrait, landscape Split View ⅓)"; at most 8 entries, then "and N more".
    static func describeWindows(_ included: Set<Int>, _ windows: [WindowEnvironment]) -> String {
        if included.count == windows.count { return "every window" }
        var entries: [String] = []
        var devices: [Device] = []
        for window in windows where !devices.contains(window.device) { devices.append(window.device) }
        var fullyIncluded: [Device] = []
        var partial: [(Device, [Int])] = []
        for device in devices {
            let all = windows.indices.filter { windows[$0].device == device }
            let hit = all.filter { included.contains($0) }
            if hit.isEmpty { continue }
            if hit.count == all.count { fullyIncluded.append(device) } else { partial.append((device, hit)) }
        }
        for idiom in [UserInterfaceIdiom.phone, .pad] {
            let ofIdiom = devices.filter { $0.idiom == idiom }
            let full = fullyIncluded.filter { $0.idiom == idiom }
            if ofIdiom.count > 1 && full.count == ofIdiom.count {
                entries.append(idiom == .phone ? "every iPhone" : "every iPad")
            } else {
                entries += full.map(\.name)
            }
        }
        for (device, hit) in partial {
            let labels = hit.map { windows[$0].orientation.rawValue + (windows[$0].mode == .fullScreen ? "" : " " + windows[$0].mode.label) }
            entries.append(device.name + " (" + labels.joined(separator: ", ") + ")")
        }
        if entries.count > 8 { return entries.prefix(8).joined(separator: ", ") + " and \(entries.count - 8) more" }
        return entries.joined(separator: ", ")
    }

    static func describeSizes(_ found: Set<Int>, _ sizes: [ContentSizeCategory]) -> String {
        let sorted = found.sorted()
        if sorted.count == sizes.count { return "at all sizes" }
        if sorted.count == 1, let only = sorted.first { return "at " + sizes[only].rawValue }
        let contiguous = sorted.last! - sorted.first! + 1 == sorted.count
        if contiguous && sorted.last == sizes.count - 1 { return "at \(sizes[sorted.first!].rawValue) and larger" }
        if contiguous && sorted.first == 0 { return "at \(sizes[sorted.last!].rawValue) and smaller" }
        return "at " + sorted.map { sizes[$0].rawValue }.joined(separator: ", ")
    }
}
