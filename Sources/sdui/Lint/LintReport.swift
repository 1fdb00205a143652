import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema
import SDUILint

/// Which codes lint reports and how severe they are: the engine's severities, changed by `--severity` and
/// `--disable`.
struct LintPolicy {
    /// The checks lint runs itself, on the laid-out frames and the payload.
    static let lintKinds: [LayoutDiagnostic.Kind] = [
        .init(code: "tap-targets-overlap", severities: [.warning], summary: "two tap targets, neither inside the other, overlap: a tap there may reach either"),
        .init(code: "lint-unknown-code", severities: [.warning], summary: "a payload's \"lint\": {\"disable\": …} names a code lint does not know"),
        .init(code: "newer-than-target", severities: [.warning], summary: "with --target-version: a node, key, modifier, action or value form newer than the target, with no guard"),
        .init(code: "guard-not-read", severities: [.info], summary: "with --target-version before 1.7: newer features behind a fallback or minimumVersion, which the target does not read"),
    ]
    /// Every code `--severity` and `--disable` accept.
    static var codes: [String] { allKinds.map(\.code) }
    /// The engine's diagnostics, what decoding finds (`PayloadFindings`), and lint's own checks.
    static var allKinds: [LayoutDiagnostic.Kind] { LayoutDiagnostic.kinds + PayloadFindings.kinds + lintKinds }

    /// Per code: the severity to report it with, or nil for off.
    private(set) var overrides: [String: LayoutDiagnostic.Severity?] = [:]

    /// Parses `--severity CODE=LEVEL,…` and `--disable CODE,…` (each may also be repeated).
    init(severity: String?, disable: String?) throws(CLIError) {
        for item in Self.items(severity) {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { throw .usage("--severity: expected CODE=LEVEL (LEVEL: info, warning, error or off), got \"\(item)\"") }
            let code = try Self.check(parts[0], option: "--severity")
            if parts[1] == "off" { overrides[code] = .some(nil); continue }
            guard let level = LayoutDiagnostic.Severity(rawValue: parts[1]) else {
                throw .usage("--severity \(code): expected info, warning, error or off, got \"\(parts[1])\"")
            }
            overrides[code] = .some(level)
        }
        for item in Self.items(disable) { overrides[try Self.check(item, option: "--disable")] = .some(nil) }
    }

    private static func items(_ list: String?) -> [String] {
        (list ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `code` if lint knows it; a usage error with the closest code otherwise.
    private static func check(_ code: String, option: String) throws(CLIError) -> String {
        guard codes.contains(code) else {
            let hint = Spelling.closest(to: code, among: codes).map { " — did you mean \($0)?" } ?? ""
            throw .usage("\(option): unknown code \"\(code)\"\(hint) (codes: \(codes.joined(separator: ", ")))")
        }
        return code
    }

    /// The severity to report a finding with, or nil when its code is off.
    func severity(_ code: String, reported: LayoutDiagnostic.Severity) -> LayoutDiagnostic.Severity? {
        if let override = overrides[code] { return override }
        return reported
    }
}

/// Findings as lint prints them: repeated siblings grouped (`buy-p1 … buy-p500 (500 nodes)`), each group once.
struct LintReport {
    /// Findings reported together: the same code, severity, message kind and places, at nodes that sit at the
    /// same place in repeated siblings (their index paths differ in one position only).
    struct Group {
        var severity: LayoutDiagnostic.Severity
        var code: String
        /// In document order.
        var findings: [LintFinding]
        /// The position in the index paths that varies (nil for one node).
        var varying: Int?
        /// For silenced findings: the reason.
        var reason: String?
    }

    let index: ScreenIndex
    let runner: LintRunner
    /// The runner's devices in window order, and each one's windows (`describeWindows` reads them for every
    /// finding: comparing `Device` values there was most of a report's cost).
    private let devices: [Device]
    private let windowsOfDevice: [[Int]]

    init(index: ScreenIndex, runner: LintRunner) {
        self.index = index
        self.runner = runner
        var devices: [Device] = []
        var windowsOfDevice: [[Int]] = []
        for (w, window) in runner.windows.enumerated() {
            if let d = devices.firstIndex(of: window.device) { windowsOfDevice[d].append(w) } else {
                devices.append(window.device)
                windowsOfDevice.append([w])
            }
        }
        self.devices = devices
        self.windowsOfDevice = windowsOfDevice
    }

    /// Groups `findings` (each with its final severity). Within findings of one (severity, code, places), a
    /// finding joins the largest set of findings whose index paths equal its own but at one position.
    func group(_ findings: [(finding: LintFinding, severity: LayoutDiagnostic.Severity, reason: String?)]) -> [Group] {
        struct Bucket: Hashable { var severity: LayoutDiagnostic.Severity; var code: String; var places: [UInt64]; var reason: String? }
        struct Sibling: Hashable { var bucket: Int; var position: Int; var path: [Int] }
        var buckets: [Bucket: Int] = [:]
        var bucketOf: [Int] = []
        var paths: [[Int]] = []
        var counts: [Sibling: Int] = [:]
        for item in findings {
            let bucket = Bucket(severity: item.severity, code: item.finding.code, places: item.finding.places, reason: item.reason)
            let b = buckets[bucket] ?? buckets.count
            buckets[bucket] = b
            bucketOf.append(b)
            let path = index.indexPath(item.finding.node)
            paths.append(path)
            // Only a child index varies among repeated siblings: a header, footer or decoration view is one place
            // (its pointer names it), never one of a parent's `children/*`.
            for p in path.indices where path[p] >= 0 {
                var rest = path
                rest[p] = -1
                counts[Sibling(bucket: b, position: p, path: rest), default: 0] += 1
            }
        }
        var groups: [Group] = []
        var groupOf: [Sibling: Int] = [:]
        for (k, item) in findings.enumerated() {
            // A finding at a place in the payload (its own pointer) is its own line.
            if item.finding.pointer != nil {
                groups.append(Group(severity: item.severity, code: item.finding.code, findings: [item.finding], varying: nil, reason: item.reason))
                continue
            }
            let path = paths[k]
            var best: (Sibling, Int)?
            for p in path.indices where path[p] >= 0 {
                var rest = path
                rest[p] = -1
                let key = Sibling(bucket: bucketOf[k], position: p, path: rest)
                let count = counts[key] ?? 0
                if count > 1 && count > (best?.1 ?? 1) { best = (key, count) }
            }
            if let (key, _) = best {
                if let g = groupOf[key] { groups[g].findings.append(item.finding); continue }
                groupOf[key] = groups.count
                groups.append(Group(severity: item.severity, code: item.finding.code, findings: [item.finding], varying: key.position, reason: item.reason))
            } else {
                groups.append(Group(severity: item.severity, code: item.finding.code, findings: [item.finding], varying: nil, reason: item.reason))
            }
        }
        return groups.sorted { a, b in
            if a.severity != b.severity { return a.severity > b.severity }
            if a.code != b.code { return a.code < b.code }
            return a.findings[0].node < b.findings[0].node
        }
    }

    /// The pointer, and for nodes a template made their items: `/root/…/template/children/1; items 0 … 39`.
    func `where`(_ group: Group) -> String {
        pointer(group) + (items(group).map { "; " + $0 } ?? "")
    }

    /// The `forEach` items of a group's nodes, for nodes a template made: `item 3 (id "p3")`, `items 0 … 39`;
    /// nil when no node of the group was made by a template.
    func items(_ group: Group) -> String? {
        let items = group.findings.compactMap { index.item($0.node) }
        guard let first = items.first, let last = items.last else { return nil }
        if items.count == 1 {
            let id = first.key == .int(first.index) ? "" : " (id " + first.key.jsonValue.serialized() + ")"
            return "item \(first.index)" + id
        }
        return "items " + (items.count == 2 ? "\(first.index), \(last.index)" : "\(first.index) … \(last.index)")
    }

    /// `buy-p1` or `buy-p1, buy-p2` or `buy-p1 … buy-p500 (500 nodes)`.
    func names(_ group: Group) -> String {
        let ids = group.findings.map { index.id($0.node) }
        if ids.count <= 3 { return ids.joined(separator: ", ") }
        return "\(ids[0]) … \(ids[ids.count - 1]) (\(ids.count) nodes)"
    }

    /// The group's pointer: its node's, or the repeated siblings' with `*` where they differ.
    func pointer(_ group: Group) -> String {
        if let pointer = group.findings[0].pointer { return pointer.isEmpty ? "/" : pointer }
        let first = group.findings[0].node
        guard let varying = group.varying, group.findings.count > 1 else { return index.pointer(first) }
        return index.pointer(first, varying: varying)
    }

    // MARK: Where

    /// "iPhone SE (3rd generation) portrait at AX3 and larger; iPad Pro 11-inch (M4) portrait Split View ⅓ at all
    /// sizes", with windows that share a size description grouped, and "every window" when it happens everywhere.
    func describe(_ places: [UInt64]) -> String {
        sizeGroups(places).map { describeWindows(Set($0.windows)) + " " + describeSizes($0.sizes) }.joined(separator: "; ")
    }

    /// The windows of `places` grouped by the content sizes they were seen at (each set of sizes once, in window
    /// order): what `describe` and `places` both say.
    func sizeGroups(_ places: [UInt64]) -> [(sizes: [Int], windows: [Int])] {
        let sizeCount = runner.sizes.count
        var groups: [(sizes: [Int], windows: [Int])] = []
        for w in runner.windows.indices {
            var found: [Int] = []
            for s in 0..<sizeCount {
                let c = w * sizeCount + s
                if places[c / 64] & (UInt64(1) << UInt64(c % 64)) != 0 { found.append(s) }
            }
            if found.isEmpty { continue }
            if let g = groups.firstIndex(where: { $0.sizes == found }) { groups[g].windows.append(w) } else { groups.append((found, [w])) }
        }
        return groups
    }

    /// `places` as data: one entry per set of content sizes, with the windows seen at exactly those sizes —
    /// `[{"contentSizes": ["AX3", "AX5"], "windows": [{"device": "iphone-se-3", "orientation": "portrait",
    /// "mode": "full"}, …]}]` (the mode as `--mode` and `--devices` spell it).
    func places(_ places: [UInt64]) -> JSONValue {
        let groups = sizeGroups(places)
        return .array(groups.map { group in
            .object([
                ("contentSizes", .array(group.sizes.map { .string(runner.sizes[$0].rawValue) })),
                ("windows", .array(group.windows.map { w in
                    let window = runner.windows[w]
                    return .object([("device", .string(window.device.slug)), ("orientation", .string(window.orientation.rawValue)),
                                    ("mode", .string(window.mode.description))])
                })),
            ])
        })
    }

    /// Compresses a set of windows: "every window", "every iPhone", a device name when all its windows are
    /// included, else "Device (portrait, landscape Split View ⅓)"; at most 8 entries, then "and N more".
    func describeWindows(_ included: Set<Int>) -> String {
        let windows = runner.windows
        if included.count == windows.count { return "every window" }
        var entries: [String] = []
        var fullyIncluded: [Device] = []
        var partial: [(Device, [Int])] = []
        for (device, all) in zip(devices, windowsOfDevice) {
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

    func describeSizes(_ sorted: [Int]) -> String {
        let sizes = runner.sizes
        guard let first = sorted.first, let last = sorted.last else { return "" }
        if sorted.count == sizes.count { return "at all sizes" }
        if sorted.count == 1 { return "at " + sizes[first].rawValue }
        let contiguous = last - first + 1 == sorted.count
        if contiguous && last == sizes.count - 1 { return "at \(sizes[first].rawValue) and larger" }
        if contiguous && first == 0 { return "at \(sizes[last].rawValue) and smaller" }
        return "at " + sorted.map { sizes[$0].rawValue }.joined(separator: ", ")
    }
}
