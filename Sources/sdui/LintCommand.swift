import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema
import SDUILint

/// `sdui lint FILE`: lays a payload out on every device × orientation × mode × a spread of Dynamic Type
/// sizes and reports each distinct finding once, with where it happens; repeated siblings are grouped.
enum LintCommand {
    static let defaultContentSizes: [ContentSizeCategory] = [.xSmall, .large, .xxxLarge, .accessibility3, .accessibility5]

    static let spec = CommandSpec(
        name: "lint",
        summary: "lay a payload out on every device, mode and text size; report each problem once",
        positionals: .oneFile,
        about: """
        Lays the payload out on each device × orientation × window mode it offers (full screen, Split View ⅓ ½ ⅔,
        Slide Over) × each content size, and prints every distinct finding (code + node) once, with where it
        happens. Findings at the same place in repeated siblings (the Buy button of 500 cards) are one line:
          warning text-truncated at buy-p1 … buy-p500 (500 nodes) (/root/children/0/children/2/children/*/…): …
            on every iPhone at AX3 and larger; iPad Pro 11-inch (M4) (portrait Split View ⅓) at all sizes
        Configurations are laid out on all cores (one engine per thread); the output is the same as a serial run's.
        """,
        options: [
            DeviceListOptions.devices(default: "all (default)"),
            DeviceListOptions.contentSizes(default: "xSmall,Large,xxxLarge,AX3,AX5"),
            .value("--layout-directions", "leftToRight|rightToLeft|both", "leftToRight (default), rightToLeft, or both: lay out in each (a finding seen in only\none says so)"),
            .value("--max-severity", "LEVEL", "the lowest severity that fails the lint: info, warning (default) or error"),
            .list("--severity", "CODE=LEVEL", "report CODE as info, warning or error, or off; comma-separated or repeated"),
            .list("--disable", "CODE", "do not report CODE (= --severity CODE=off); comma-separated or repeated"),
            StateOptions.option,
            .flag("--show-silenced", "also list the findings the payload silences (\"lint\": {\"disable\": …}) with their reasons"),
            .value("--target-version", "1.N", "also report what an app of format version 1.N would not see: every node, key, modifier,\naction and value form newer than 1.N without a minimumVersion or fallback guard"),
            EnvironmentOptions.proposalOption,
        ] + FontOptions.options + [
            .value("--jobs", "N", "threads laying out configurations (default: the number of cores; 1: serial)"),
            .value("--format", "text|json", "text (default) or json: {\"file\", \"layouts\", \"diagnostics\": [{\"severity\", \"code\",\n\"path\", \"pointer\", \"pattern\", \"message\", \"occurrences\", \"where\": [{\"contentSizes\", \"windows\":\n[{\"device\", \"orientation\", \"mode\"}]}], \"summary\", \"nodes\"}], \"silenced\": […]}"),
            .value("--output", short: "-o", "FILE", "write the report to FILE instead of standard output"),
        ] + DecodeOptions.options,
        epilogue: """
        CODES (default severity):
        \(codeTable)

        Tap targets: Apple's HIG asks for a hit region of at least 44×44 pt and names 28×28 pt the minimum control
        size; the system's hit-testing reaches beyond a control's visible bounds (a bordered button is ≈ 34 pt tall),
        so lint flags tappable nodes under 28 pt on a side, not every button under 44 (docs/lint.md).

        Silencing in the payload: "lint": {"disable": [{"code": "text-truncated", "reason": "…"}]} on a node silences
        that code on the node and its subtree; silenced findings are counted (and listed with --show-silenced).

        EXIT: 0 nothing at or above --max-severity, 1 problems found, 64 usage, 65 invalid payload, state file or font
              file, 66 unreadable input or font file, 73 cannot write the report.
        """,
        run: run)

    static var codeTable: String {
        let kinds = LintPolicy.allKinds
        let width = (kinds.map(\.code.count).max() ?? 0) + 2
        return kinds.map { kind in
            let code = kind.code.padding(toLength: width, withPad: " ", startingAt: 0)
            return "  \(code)\(kind.severities.map(\.rawValue).joined(separator: "/")): \(kind.summary)"
        }.joined(separator: "\n")
    }

    static func run(_ args: Arguments) throws(CLIError) -> Int32 {
        let format = try args.choice("--format", ["text", "json"], default: "text")
        let path = args.positionals[0]
        let maxSeverityText = try args.choice("--max-severity", ["info", "warning", "error"], default: "warning")
        let maxSeverity = LayoutDiagnostic.Severity(rawValue: maxSeverityText) ?? .warning
        let policy = try LintPolicy(severity: args["--severity"], disable: args["--disable"])
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        if let text = args["--jobs"] {
            guard let n = Int(text), n >= 1, n <= 256 else { throw .usage("--jobs: expected a whole number 1…256, got \"\(text)\"") }
            jobs = n
        }
        let windows = try DeviceListOptions.windows(args) ?? WindowEnvironment.allFixed()
        let sizes = try DeviceListOptions.contentSizes(args, default: defaultContentSizes)
        let directions = try parseLayoutDirections(args["--layout-directions"])
        let target = try args["--target-version"].map { text throws(CLIError) in try CapabilitiesCommand.version(text, option: "--target-version") }
        // Decoded as an app decodes it (the screen laid out is the one an app shows); what it tolerates is reported.
        let payload = try StateOptions.payload(path, args)
        let outcome = lint(payload.screen, windows: windows, sizes: sizes, directions: directions, policy: policy, jobs: jobs,
                           proposal: try EnvironmentOptions.proposal(args), fonts: try FontOptions.fonts(args), issues: payload.issues,
                           target: target.map { ($0, payload.bytes) })
        let (index, runner, report, groups, silencedGroups) = (outcome.index, outcome.runner, outcome.report, outcome.groups, outcome.silencedGroups)
        let (kept, silenced) = (outcome.kept, outcome.silenced)
        let failing = groups.contains { $0.severity >= maxSeverity }
        let layouts = runner.configurationCount * directions.count
        let output: String
        if format == "json" {
            func item(_ g: LintReport.Group) -> JSONValue {
                var fields: [(key: String, value: JSONValue)] = [
                    ("severity", .string(g.severity.rawValue)), ("code", .string(g.code)),
                    ("path", .string(index.id(g.findings[0].node))), ("pointer", .string(g.findings[0].pointer ?? index.pointer(g.findings[0].node))),
                    ("pattern", .string(report.pointer(g))), ("message", .string(g.findings[0].message)),
                    ("occurrences", .number(Double(g.findings.reduce(0) { $0 + $1.occurrences }))),
                    ("where", report.places(g.findings[0].places)),
                    ("summary", .string(report.describe(g.findings[0].places))),
                    ("nodes", .array(g.findings.map { .string(index.id($0.node)) })),
                ]
                let items = g.findings.map { index.item($0.node) }
                if items.contains(where: { $0 != nil }) {
                    // Parallel to "nodes": the forEach item each node was made for (null: not made by a template).
                    fields.append(("items", .array(items.map { item in
                        item.map { .object([("index", .number(Double($0.index))), ("id", $0.key.jsonValue)]) } ?? .null
                    })))
                }
                if let reason = g.reason { fields.append(("reason", .string(reason))) }
                return .object(fields)
            }
            output = JSONValue.object([("file", .string(displayName(path))), ("layouts", .number(Double(layouts))),
                                       ("diagnostics", .array(groups.map(item))),
                                       ("silenced", .array(silencedGroups.map(item)))]).serialized(pretty: true)
        } else {
            var lines: [String] = []
            for g in groups {
                lines.append(readable("\(g.severity.rawValue) \(g.code) at \(report.names(g)) (\(report.where(g))): \(g.findings[0].message)")
                    + "\n" + readable("  on \(report.describe(g.findings[0].places))"))
            }
            if args.has("--show-silenced") {
                for g in silencedGroups {
                    lines.append(readable("silenced \(g.severity.rawValue) \(g.code) at \(report.names(g)) (\(report.where(g))): \(g.findings[0].message)")
                        + "\n" + readable("  reason: \(g.reason ?? "")"))
                }
            }
            let counts = LayoutDiagnostic.Severity.allCases.reversed().map { s in "\(groups.filter { $0.severity == s }.count) \(s.rawValue)" }
            let silencedCount = silenced.count
            let directionCount = directions.count > 1 ? " × \(directions.count) layout directions" : ""
            lines.append("\(displayName(path)): \(layouts) layouts (\(runner.windows.count) windows × \(sizes.count) content sizes\(directionCount)); "
                + "\(kept.count) distinct findings in \(groups.count) lines (\(counts.joined(separator: ", ")))"
                + (silencedCount > 0 ? "; \(silencedCount) silenced by the payload" + (args.has("--show-silenced") ? "" : " (--show-silenced lists them)") : ""))
            output = lines.joined(separator: "\n")
        }
        try writeOutput(output, to: args["--output"])
        return failing ? ExitCode.problemsFound : ExitCode.ok
    }

    /// What one lint found: the findings kept and silenced (by the policy and the payload's own "lint"), grouped as
    /// lint prints them.
    struct Outcome {
        var index: ScreenIndex
        var runner: LintRunner
        var report: LintReport
        var kept: [(finding: LintFinding, severity: LayoutDiagnostic.Severity, reason: String?)]
        var silenced: [(finding: LintFinding, severity: LayoutDiagnostic.Severity, reason: String?)]
        var groups: [LintReport.Group]
        var silencedGroups: [LintReport.Group]
    }

    /// Lints `screen` in `windows` × `sizes` × `directions` (the command's run, and `sdui serve`'s lint of the windows
    /// a page shows), with what decoding found (`issues`, the decoder's) and, given a `target` version, what an app of
    /// that version would not see in the payload's `bytes`.
    static func lint(_ screen: Screen, windows: [WindowEnvironment], sizes: [ContentSizeCategory], directions: [LayoutDirection],
                     policy: LintPolicy, jobs: Int, proposal: ProposedViewSize? = nil, fonts: FontCollection = FontCollection(),
                     issues: [PayloadIssue] = [], target: (version: FormatVersion, bytes: [UInt8])? = nil) -> Outcome {
        let index = ScreenIndex(screen)
        var runner = LintRunner(screen: screen, index: index, windows: windows, sizes: sizes)
        runner.proposal = proposal
        runner.fonts = fonts
        var findings = layOut(runner, directions: directions, jobs: jobs)
        findings += PayloadFindings.findings(issues, index: index, screen: screen, runner: runner)
        if let target { findings += targetFindings(target.bytes, target: target.version, index: index, runner: runner) }
        findings += unknownCodes(index, runner: runner)
        findings += accessibilityFindings(runner, screen: screen, jobs: jobs)
        findings.sort { $0.node != $1.node ? $0.node < $1.node : $0.code < $1.code }

        // Policy, then the payload's own silencing.
        var kept: [(finding: LintFinding, severity: LayoutDiagnostic.Severity, reason: String?)] = []
        var silenced: [(finding: LintFinding, severity: LayoutDiagnostic.Severity, reason: String?)] = []
        for finding in findings {
            guard let severity = policy.severity(finding.code, reported: finding.severity) else { continue }
            if finding.code != "lint-unknown-code", let suppression = index.suppression(of: finding.code, at: finding.node) {
                silenced.append((finding, severity, suppression.reason))
            } else {
                kept.append((finding, severity, nil))
            }
        }
        let report = LintReport(index: index, runner: runner)
        return Outcome(index: index, runner: runner, report: report, kept: kept, silenced: silenced,
                       groups: report.group(kept), silencedGroups: report.group(silenced))
    }

    /// The findings of `runner` in each of `directions`, merged per (node, code); with more than one direction, a
    /// finding seen in only one of them says so in its message. (A right-to-left layout is the mirror of the
    /// left-to-right one, so today both find the same; the option is there for checks that see the difference.)
    static func layOut(_ runner: LintRunner, directions: [LayoutDirection], jobs: Int) -> [LintFinding] {
        struct Key: Hashable { var node: Int; var code: String }
        var merged: [LintFinding] = []
        var positions: [Key: Int] = [:]
        var seen: [Set<LayoutDirection>] = []
        for direction in directions {
            var run = runner
            run.layoutDirection = direction
            for finding in run.run(jobs: jobs) {
                let key = Key(node: finding.node, code: finding.code)
                guard let k = positions[key] else {
                    positions[key] = merged.count
                    merged.append(finding)
                    seen.append([direction])
                    continue
                }
                for w in merged[k].places.indices where w < finding.places.count { merged[k].places[w] |= finding.places[w] }
                merged[k].occurrences += finding.occurrences
                merged[k].severity = max(merged[k].severity, finding.severity)
                seen[k].insert(direction)
            }
        }
        if directions.count > 1 {
            for k in merged.indices where seen[k].count < directions.count {
                merged[k].message += seen[k].contains(.rightToLeft) ? " (right to left only)" : " (left to right only)"
            }
        }
        return merged.sorted { $0.node != $1.node ? $0.node < $1.node : $0.code < $1.code }
    }

    /// The longest line lint prints as it is; a longer one (many places, a long message) is wrapped at 110 columns,
    /// its continuation lines indented past the line's own indentation, so it reads in a terminal and still greps.
    static let longestLine = 200

    static func readable(_ line: String) -> String {
        guard line.count > longestLine else { return line }
        let indent = line.prefix { $0 == " " }.count + 4
        return wrap(line, width: 110, indent: indent)
    }

    /// `--layout-directions`: leftToRight (default), rightToLeft, both, or a comma-separated list.
    static func parseLayoutDirections(_ text: String?) throws(CLIError) -> [LayoutDirection] {
        guard let text else { return [.leftToRight] }
        if text == "both" { return LayoutDirection.allCases }
        var directions: [LayoutDirection] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            let direction = try EnvironmentOptions.layoutDirection(name, option: "--layout-directions")
            if !directions.contains(direction) { directions.append(direction) }
        }
        guard !directions.isEmpty else { throw .usage("--layout-directions: expected leftToRight, rightToLeft or both") }
        return directions
    }

    /// `--target-version`: the payload's features newer than `target` without a guard (`TargetVersionAudit`), each at
    /// its JSON Pointer, in every configuration.
    static func targetFindings(_ bytes: [UInt8], target: FormatVersion, index: ScreenIndex, runner: LintRunner) -> [LintFinding] {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard case .success(let document) = JSONValue.parse(body) else { return [] }
        var everywhere = [UInt64](repeating: 0, count: runner.words)
        for c in 0..<runner.configurationCount { everywhere[c / 64] |= UInt64(1) << UInt64(c % 64) }
        return TargetVersionAudit(target: target).findings(document).map { finding in
            LintFinding(code: finding.code, node: index.nearestNode(to: finding.pointer), severity: finding.severity, message: finding.message,
                        firstConfiguration: 0, places: everywhere, occurrences: 1, pointer: finding.pointer)
        }
    }

    /// `lint-unknown-code`: a payload's `"lint"` silences a code lint does not know (a typo silences nothing).
    static func unknownCodes(_ index: ScreenIndex, runner: LintRunner) -> [LintFinding] {
        let codes = LintPolicy.codes
        var all = [UInt64](repeating: 0, count: runner.words)
        for c in 0..<runner.configurationCount { all[c / 64] |= UInt64(1) << UInt64(c % 64) }
        return index.suppressions.keys.sorted().flatMap { node in
            (index.suppressions[node] ?? []).filter { !codes.contains($0.code) }.map { entry in
                let hint = Spelling.closest(to: entry.code, among: codes).map { " — did you mean \"\($0)\"?" } ?? ""
                return LintFinding(code: "lint-unknown-code", node: node, severity: .warning,
                                   message: "\"lint\" silences \"\(entry.code)\", which is not a lint code\(hint): it silences nothing",
                                   firstConfiguration: 0, places: all, occurrences: 1)
            }
        }
    }

}
