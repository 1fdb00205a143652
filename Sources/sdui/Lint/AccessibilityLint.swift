import SDUIEnvironment
import SDUILayout
import SDUISchema

extension LintCommand {
    /// `missing-accessibility-label` and `low-contrast` (`AccessibilityAudit`) over the lint's configurations.
    ///
    /// What the audit finds depends on the horizontal size class (size-class values) and the content size (text
    /// sizes, hence which contrast applies), not on the window's exact size: it runs once per (size class, content
    /// size) on the first window of that class, and each finding is placed on every configuration of that pair.
    static func accessibilityFindings(_ runner: LintRunner, screen: Screen) -> [LintFinding] {
        struct Key: Hashable { var node: Int; var code: String }
        var merged: [LintFinding] = []
        var positions: [Key: Int] = [:]
        let engine = LayoutEngine()
        for sizeClass in [UserInterfaceSizeClass.compact, .regular] {
            let windows = runner.windows.indices.filter { runner.windows[$0].horizontalSizeClass == sizeClass }
            guard let first = windows.first else { continue }
            for s in runner.sizes.indices {
                let window = runner.windows[first]
                let result = engine.layout(screen, in: window, traits: window.traitCollection(contentSize: runner.sizes[s]))
                let tree = AccessibilityTree(layout: result, screen: screen)
                let found = AccessibilityAudit.findings(layout: result, screen: screen, tree: tree)
                guard !found.isEmpty else { continue }
                var places = [UInt64](repeating: 0, count: runner.words)
                for w in windows {
                    let c = w * runner.sizes.count + s
                    places[c / 64] |= UInt64(1) << UInt64(c % 64)
                }
                let c = first * runner.sizes.count + s
                for finding in found {
                    let key = Key(node: finding.node, code: finding.code)
                    if let k = positions[key] {
                        for w in places.indices { merged[k].places[w] |= places[w] }
                        merged[k].occurrences += windows.count
                        if c < merged[k].firstConfiguration { merged[k].firstConfiguration = c; merged[k].message = finding.message }
                    } else {
                        positions[key] = merged.count
                        merged.append(LintFinding(code: finding.code, node: finding.node, severity: finding.severity,
                                                  message: finding.message, firstConfiguration: c, places: places,
                                                  occurrences: windows.count))
                    }
                }
            }
        }
        return merged
    }
}
