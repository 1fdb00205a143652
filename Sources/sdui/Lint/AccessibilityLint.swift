import Dispatch
import SDUIEnvironment
import SDUILayout
import SDUISchema
import SDUILint

extension LintCommand {
    /// `missing-accessibility-label` and `low-contrast` (`AccessibilityAudit`) over the lint's configurations.
    ///
    /// What the audit finds depends on the horizontal size class (size-class values) and the content size (text
    /// sizes, hence which contrast applies), not on the window's exact size: it runs once per (size class, content
    /// size) on the first window of that class, and each finding is placed on every configuration of that pair.
    /// The audits run on `jobs` threads (one engine each); their findings are merged as the configurations' are
    /// (`LintRunner.merge`), so the result does not depend on `jobs`.
    static func accessibilityFindings(_ runner: LintRunner, screen: Screen, jobs: Int = 1) -> [LintFinding] {
        // One audit per (size class, content size) that has a window: its first window, and all of them.
        let audits: [(first: Int, windows: [Int], size: Int)] = [UserInterfaceSizeClass.compact, .regular].flatMap { sizeClass in
            let windows = runner.windows.indices.filter { runner.windows[$0].horizontalSizeClass == sizeClass }
            guard let first = windows.first else { return [(first: Int, windows: [Int], size: Int)]() }
            return runner.sizes.indices.map { (first: first, windows: Array(windows), size: $0) }
        }
        let next = LintRunner.Counter()
        let collected = LintRunner.Collected()
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, audits.count))) { _ in
            let engine = LayoutEngine(fonts: runner.fonts)
            while let k = next.take(below: audits.count) {
                let audit = audits[k]
                let window = runner.windows[audit.first]
                let result = runner.layout(screen, with: engine, in: window,
                                           traits: window.traitCollection(contentSize: runner.sizes[audit.size]))
                let found = AccessibilityAudit.findings(layout: result, tree: AccessibilityTree(layout: result))
                // Each finding on every configuration of the audit's pair, its message the first window's.
                var places = [UInt64](repeating: 0, count: runner.words)
                for w in audit.windows {
                    let c = w * runner.sizes.count + audit.size
                    places[c / 64] |= UInt64(1) << UInt64(c % 64)
                }
                collected.add(found.map {
                    LintFinding(code: $0.code, node: $0.node, severity: $0.severity, message: $0.message,
                                firstConfiguration: audit.first * runner.sizes.count + audit.size, places: places,
                                occurrences: audit.windows.count)
                })
            }
        }
        return runner.merge(collected.all)
    }
}
