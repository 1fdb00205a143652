import SDUILayout
import SDUILint
import SDUISchema

/// What the decoder found in the payload, as lint findings: the payload is decoded as an app decodes it (so the
/// screen laid out is the one an app shows), and what an app tolerates is reported here with the severity it has
/// where people write payloads.
///
/// Each finding is placed at the nearest node the screen has on the way to the issue's JSON Pointer, keeps that exact
/// pointer, and holds in every configuration.
enum PayloadFindings {
    /// The codes lint reports from decoding, with their default severities.
    static let kinds: [LayoutDiagnostic.Kind] = [
        .init(code: "probable-typo", severities: [.error], summary: "a key or type a small edit away from one this version knows there (childern, spacng): an app ignores it"),
        .init(code: "empty-container", severities: [.error], summary: "a container lays out empty: none of its children is shown (each not shown, or all under a misspelt key)"),
        .init(code: "unknown-property", severities: [.warning], summary: "a key this version does not know, not close to one it knows: an app ignores it"),
        .init(code: "unknown-action", severities: [.warning], summary: "an action type this version does not know: an app passes it to the host app"),
        .init(code: "unknown-type", severities: [.info], summary: "a type this version does not know: shown as its fallback (without one: node-dropped)"),
        .init(code: "newer-version", severities: [.info], summary: "a node's minimumVersion is newer than this version: shown as its fallback (without one: node-dropped)"),
    ]

    /// The findings of `issues` (the decoder's, for the screen `index` describes), set in every one of the
    /// runner's configurations. An unknown type or newer version whose node is not shown is left to layout's
    /// `node-dropped`; other decoder warnings keep their code, as warnings.
    static func findings(_ issues: [PayloadIssue], index: ScreenIndex, screen: Screen, runner: LintRunner) -> [LintFinding] {
        var everywhere = [UInt64](repeating: 0, count: runner.words)
        for c in 0..<runner.configurationCount { everywhere[c / 64] |= UInt64(1) << UInt64(c % 64) }
        var findings: [LintFinding] = []
        for issue in issues where issue.severity == .warning {
            let node = index.nearestNode(to: issue.pointer)
            let severity: LayoutDiagnostic.Severity
            switch issue.code {
            case .probableTypo, .emptyContainer: severity = .error
            case .unknownType, .newerVersion:
                if index.isDropped(node) { continue }
                severity = .info
            default: severity = .warning
            }
            findings.append(LintFinding(code: issue.code.rawValue, node: node, severity: severity, message: issue.message,
                                        firstConfiguration: 0, places: everywhere, occurrences: 1, pointer: issue.pointer))
        }
        return findings
    }
}

extension ScreenIndex {
    /// The node nearest to `pointer` on its way from the root: the node it names, or the last one before a token no
    /// node stands at (`/root/children/0/childern/1` → `/root/children/0`); the root when none.
    func nearestNode(to pointer: String) -> Int {
        var pointer = pointer
        while !pointer.isEmpty {
            if let node = node(atPointer: pointer) { return node }
            guard let slash = pointer.lastIndex(of: "/") else { break }
            pointer = String(pointer[..<slash])
        }
        return 0
    }
}
