import Dispatch
import SDUIEnvironment
import SDUILayout
import SDUISchema

extension LintCommand {
    /// `missing-accessibility-label` and `low-contrast` (`AccessibilityAudit`) over the lint's configurations.
    ///
    /// What the audit finds depends on the horizontal size class (size-class values) and the content size (text
    /// sizes, hence which contrast applies), not on the window's exact size: it runs once per (size class, content
    /// size) on the first window of that class, and each finding is placed on every configuration of that pair.
    /// The audits run on `jobs` threads (one engine each); their findings are merged in the serial order (size
    /// class, then content size), so the result does not depend on `jobs`.
    static func accessibilityFindings(_ runner: LintRunner, screen: Screen, jobs: Int = 1) -> [LintFinding] {
        struct Key: Hashable { var node: Int; var code: String }
        // One audit per (size class, content size) that has a window: its first window, and all of them.
        let audits: [(first: Int, windows: [Int], size: Int)] = [UserInterfaceSizeClass.compact, .regular].flatMap { sizeClass in
            let windows = runner.windows.indices.filter { runner.windows[$0].horizontalSizeClass == sizeClass }
            guard let first = windows.first else { return [(first: Int, windows: [Int], size: Int)]() }
            return runner.sizes.indices.map { (first: first, windows: Array(windows), size: $0) }
        }
        let results = LintRunner.Slots<[AccessibilityFinding]>(count: audits.count)
        let next = LintRunner.Counter()
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, audits.count))) { _ in
            let engine = LayoutEngine()
            while let k = next.take(below: audits.count) {
                let window = runner.windows[audits[k].first]
                let result = engine.layout(screen, in: window, traits: window.traitCollection(contentSize: runner.sizes[audits[k].size]))
                let tree = AccessibilityTree(layout: result, screen: screen)
                results.set(k, AccessibilityAudit.findings(layout: result, screen: screen, tree: tree))
            }
        }
        var merged: [LintFinding] = []
        var positions: [Key: Int] = [:]
        for (k, audit) in audits.enumerated() {
            let found = results.value(k) ?? []
            guard !found.isEmpty else { continue }
            let s = audit.size
            var places = [UInt64](repeating: 0, count: runner.words)
            for w in audit.windows {
                let c = w * runner.sizes.count + s
                places[c / 64] |= UInt64(1) << UInt64(c % 64)
            }
            let c = audit.first * runner.sizes.count + s
            for finding in found {
                let key = Key(node: finding.node, code: finding.code)
                if let k = positions[key] {
                    for w in places.indices { merged[k].places[w] |= places[w] }
                    merged[k].occurrences += audit.windows.count
                    if c < merged[k].firstConfiguration { merged[k].firstConfiguration = c; merged[k].message = finding.message }
                } else {
                    positions[key] = merged.count
                    merged.append(LintFinding(code: finding.code, node: finding.node, severity: finding.severity,
                                              message: finding.message, firstConfiguration: c, places: places,
                                              occurrences: audit.windows.count))
                }
            }
        }
        return merged
    }
}
