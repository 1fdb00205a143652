/// A diagnostic of one layout before it is named: its node as an index, its message still as values.
///
/// `LayoutResult.diagnostics` names every diagnostic (payload id, JSON Pointer, message string) — right for one
/// layout, wasteful for a caller that aggregates thousands of layouts of one screen and names each distinct
/// finding once (`sdui lint`: 605 layouts of a 35 000-node screen).
public struct LayoutDiagnosticRecord: Sendable {
    /// How bad it is, as the engine reports it.
    public var severity: LayoutDiagnostic.Severity
    /// The stable code (`text-truncated`, …).
    public var code: String
    /// The node's index in `LayoutResult.nodes`: its position in document pre-order, the same in every full
    /// (not viewport) layout of the screen. -1 for a diagnostic of the build step, which comes named (`named`).
    public var node: Int
    /// For a diagnostic of the build step: the diagnostic, already named.
    public var named: LayoutDiagnostic?
    let storedMessage: DiagnosticMessage?

    /// The message (made now).
    public var message: String { named?.message ?? storedMessage?.description ?? "" }
}

extension LayoutResult {
    /// The diagnostics of this layout as records, without naming them (no id, pointer or message strings are
    /// made; codes are shared strings). For a viewport layout (whose node indices are not document positions)
    /// the records are the named diagnostics with `node` -1.
    public var diagnosticRecords: [LayoutDiagnosticRecord] {
        switch diagnosticStorage {
        case .made(let made):
            return made.map { LayoutDiagnosticRecord(severity: $0.severity, code: $0.code, node: -1, named: $0, storedMessage: nil) }
        case .pending(let pending):
            return pending.records
        }
    }
}

extension PendingDiagnostics {
    /// The diagnostics as records (see `LayoutDiagnosticRecord`).
    var records: [LayoutDiagnosticRecord] {
        var records: [LayoutDiagnosticRecord] = []
        records.reserveCapacity(builtDiagnostics.count + foundDiagnostics.count)
        for d in builtDiagnostics {
            records.append(LayoutDiagnosticRecord(severity: d.severity, code: d.code, node: -1, named: d, storedMessage: nil))
        }
        // Each code's string made once per call (a code is a static string; a String of more than 15 bytes made
        // from one allocates).
        var codes: [(start: UnsafeRawPointer, name: String)] = []
        for d in foundDiagnostics {
            let start = UnsafeRawPointer(d.code.utf8Start)
            let name: String
            if let known = codes.first(where: { $0.start == start }) { name = known.name } else {
                name = d.code.description
                codes.append((start, name))
            }
            records.append(LayoutDiagnosticRecord(severity: d.severity, code: name, node: Int(d.node), named: nil,
                                                  storedMessage: d.message))
        }
        return records
    }
}

extension LayoutDiagnostic {
    /// One kind of diagnostic the engine reports.
    public struct Kind: Sendable {
        /// The stable code.
        public var code: String
        /// The severities it is reported with (most reported with one).
        public var severities: [Severity]
        /// When it is reported.
        public var summary: String
        public init(code: String, severities: [Severity], summary: String) {
            self.code = code; self.severities = severities; self.summary = summary
        }
    }

    /// Every code the engine reports — what `sdui lint --severity/--disable` accept and its help lists. A new
    /// diagnostic adds its row here (a test checks every code reported in `SDUILayout` is listed).
    public static let kinds: [Kind] = [
        Kind(code: "text-fully-truncated", severities: [.error], summary: "nothing of a text or button title is visible, only \"…\""),
        Kind(code: "content-overflow", severities: [.warning, .error], summary: "a stack, grid or zstack needs more than it is offered (warning); the root needs more than the window's safe area and does not scroll, so content is cut off (error)"),
        Kind(code: "text-truncated", severities: [.info, .warning], summary: "a text's lines were cut: info at its own lineLimit; warning when the space is too small, for a button title, or when the cut is inside a number"),
        Kind(code: "text-number-split", severities: [.warning], summary: "a number is broken across lines (\"$12\" / \"9\"): it is wider than the line"),
        Kind(code: "text-word-split", severities: [.info], summary: "a word is broken across lines: it is wider than the line"),
        Kind(code: "input-label-cramped", severities: [.warning], summary: "a toggle's, stepper's, text field's or menu picker's label has no room beside its control, or a word of it is wider than the room and breaks"),
        Kind(code: "tap-target-too-small", severities: [.warning], summary: "a button or a node with an action is smaller than 28 pt, Apple's minimum control size, on a side"),
        Kind(code: "grid-columns-below-minimum", severities: [.warning], summary: "even one column is narrower than the grid's minColumnWidth"),
        Kind(code: "image-without-aspect-ratio", severities: [.warning], summary: "an image without aspectRatio (laid out as a square)"),
        Kind(code: "frame-conflict", severities: [.warning], summary: "minWidth > maxWidth or minHeight > maxHeight (max raised to min)"),
        Kind(code: "node-dropped", severities: [.warning], summary: "a node this version cannot show (an unknown type, or a minimumVersion newer than it) and that has no fallback: not shown"),
        Kind(code: "value-out-of-range", severities: [.warning], summary: "a screen built in code holds a value outside the payload's limits (ValueLimits): clamped into them"),
        Kind(code: "nesting-too-deep", severities: [.error], summary: "a screen built in code nests nodes deeper than 136 levels (payloads stop at 128): the deepest node's children are not laid out"),
        Kind(code: "layout-overflow", severities: [.warning], summary: "arithmetic reached the engine's limit (aspect-ratio boxes nested so deep they multiply past 10⁹ pt, or a frame that is not finite): clamped"),
        Kind(code: "grid-columns-limited", severities: [.warning], summary: "GridItems make more columns than the engine lays out; only the first ones are laid out"),
        Kind(code: "font-not-found", severities: [.warning], summary: "a text's fontFamily is not among the fonts the engine was given (sdui --font, --font-dir): it is measured and drawn in the built-in face"),
        Kind(code: "font-face-substituted", severities: [.info], summary: "a text's family has no face of the weight or style it asks for (the nearest is drawn, nothing synthesised), or its face is a variable font (drawn at its default instance)"),
        Kind(code: "pinned-views-unused", severities: [.info], summary: "a scroll's pinnedViews pin nothing: it is not the root scroll (only the root is laid out at a scroll offset), or it has no section"),
        Kind(code: "missing-accessibility-label", severities: [.warning], summary: "an image without alt or label that is not hidden, or a button (or tappable element) with nothing for VoiceOver to read"),
        Kind(code: "low-contrast", severities: [.warning], summary: "text below WCAG 2.2 AA contrast with its effective background (4.5:1, 3:1 from 18 pt or 14 pt bold), in light or dark appearance; the message gives the ratio"),
    ]
}
