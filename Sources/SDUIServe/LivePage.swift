import Foundation
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIDisplay
import SDUIRender

/// What a page's reader chose: which windows, the Dynamic Type size, the appearance. Kept by the page (and the
/// browser's storage) across saves.
struct PageChoices: Hashable, Sendable {
    var contentSize: ContentSizeCategory
    var isDark: Bool
    /// `all`, `portrait` or `landscape`.
    var orientation: String
    /// Window ids the reader turned off.
    var hidden: Set<String>

    /// Choices read from a page's message over `base`; what is not a valid choice keeps `base`'s value.
    init(_ json: JSONValue?, over base: PageChoices) {
        self = base
        guard let json else { return }
        if case .string(let size)? = json["size"], let category = ContentSizeCategory(parsing: size) { contentSize = category }
        if case .bool(let dark)? = json["dark"] { isDark = dark }
        if case .string(let o)? = json["orientation"], ["all", "portrait", "landscape"].contains(o) { orientation = o }
        if case .array(let ids)? = json["hidden"] {
            hidden = Set(ids.prefix(1000).compactMap { if case .string(let id) = $0 { return id } else { return nil } })
        }
    }

    init(contentSize: ContentSizeCategory, isDark: Bool) {
        self.contentSize = contentSize; self.isDark = isDark; orientation = "all"; hidden = []
    }

    func shows(_ window: ServeWindow) -> Bool {
        !hidden.contains(window.id) && (orientation == "all" || window.environment.orientation.rawValue == orientation)
    }

    var json: JSONValue {
        .object([("size", .string(contentSize.rawValue)), ("dark", .bool(isDark)), ("orientation", .string(orientation)),
                 ("hidden", .array(hidden.sorted().map(JSONValue.string)))])
    }
}

/// What every page of a server shares.
struct ServeContext: Sendable {
    let windows: [ServeWindow]
    let layoutDirection: LayoutDirection
    let initialState: JSONValue?
    let lint: ServeLint?
    let defaultChoices: PageChoices
    /// The fonts panels measure text in.
    var fonts = FontCollection()
}

/// One open page: one state (`ScreenSession`, the native hosts' session) shared by its panels, the panels of the
/// windows it shows, and the messages that keep the browser's copy current — patches after taps, inputs, state
/// edits and saves; the problems of a save that does not decode; lint; notices.
///
/// Every method takes the page's lock: the page's own messages (one at a time, in order) and the watcher's saves
/// never interleave.
final class LivePage: DocumentSubscriber, @unchecked Sendable {  // every mutable field is guarded by `lock`
    let document: PayloadDocument
    let context: ServeContext
    /// Where the page's messages go (its WebSocket).
    private let sink: @Sendable ([JSONValue]) -> Void
    let lock = NSLock()
    var choices: PageChoices
    /// The document version shown and the screen the session started from (the payload's initial state).
    var shownVersion = 0
    var baseScreen: Screen?
    var session: ScreenSession?
    var panels: [LivePanel] = []
    /// The named state picked (`previews`), nil for the initial state.
    var preview: String?
    /// The problems the overlay shows now.
    var shownProblems: [ServeProblem] = []
    /// Requests handed out by actions and not answered yet, by number.
    var requests: [(id: Int, request: PendingRequest)] = []
    var nextRequestID = 1
    private var lintSequence = 0

    /// A page of `document` with `choices`; `clientState`: the state a reconnecting page had (kept where the
    /// payload still declares its variables with their types).
    init(document: PayloadDocument, context: ServeContext, choices: PageChoices, clientState: JSONValue? = nil,
         sink: @escaping @Sendable ([JSONValue]) -> Void) {
        self.document = document
        self.context = context
        self.choices = choices
        self.sink = sink
        let snapshot = document.snapshot
        shownVersion = snapshot.version
        shownProblems = snapshot.problems
        if let screen = snapshot.screen {
            var carried: ScreenState?
            if let clientState { carried = Self.state(clientState, over: screen.state).state }
            start(screen, carrying: carried, runsAppearActions: carried == nil)
        }
    }

    /// The windows the choices show.
    var visibleWindows: [ServeWindow] { context.windows.filter { choices.shows($0) } }

    var traits: (ServeWindow) -> TraitCollection {
        let size = choices.contentSize, dark = choices.isDark, direction = context.layoutDirection
        return { $0.environment.traitCollection(contentSize: size, style: dark ? .dark : .light, layoutDirection: direction) }
    }

    // MARK: Starting

    /// A new session of `screen` (the payload as decoded) and the visible windows laid out in it.
    func start(_ screen: Screen, carrying: ScreenState?, runsAppearActions: Bool) {
        restartSession(screen, carrying: carrying, runsAppearActions: runsAppearActions)
        guard let session else { return }
        let traits = self.traits
        let fonts = context.fonts
        panels = visibleWindows.map { LivePanel(window: $0, traits: traits($0), screen: session.screen, fonts: fonts) }
    }

    /// A new session of `screen`: the `--state` values over its initial state, then `carrying`'s where they fit,
    /// then its `onAppear` actions if `runsAppearActions`. The panels are left as they are.
    func restartSession(_ screen: Screen, carrying: ScreenState?, runsAppearActions: Bool) {
        baseScreen = screen
        var state = screen.state
        if let initial = context.initialState, carrying == nil { state = Self.state(initial, over: state).state }
        if let carrying { state = Self.carry(carrying, into: state) }
        var session = ScreenSession(screen: Self.resolve(screen, in: state))
        var made: [(id: Int, request: PendingRequest)] = []
        if runsAppearActions {
            // The actions of the screen's nodes, as laid out in the first window (which nodes there are does not
            // depend on the window).
            let layout = (visibleWindows.first ?? context.windows.first).map { window in
                LayoutEngine().layout(session.screen, in: window.environment, traits: window.environment.traitCollection())
            }
            let actions: [(action: Action, locals: ScreenSession.Locals)] = layout.map { ScreenSession.lifecycleActions(in: $0, appearing: true) } ?? []
            for (action, locals) in actions {
                // Requests the screen makes as it appears wait in the Requests list, as a tap's do.
                for case .request(let request) in session.run(action, locals: locals).effects {
                    session.track(request)
                    made.append((nextRequestID, request))
                    nextRequestID += 1
                }
            }
        }
        self.session = session
        requests = made
    }

    /// Every panel laid out again in the session's screen (`update`: the state change that made it, for the
    /// incremental path; `newPayload`: a new version of the payload); the patch message, nil when nothing changed.
    func relayoutAll(after update: StateUpdate?, newPayload: Bool = false) -> JSONValue? {
        guard let screen = session?.screen else { return nil }
        let patches = panels.compactMap { $0.relayout(screen, after: update, newPayload: newPayload) }
        guard !patches.isEmpty else { return nil }
        return .object([("t", .string("patch")), ("panels", .array(patches))])
    }

    /// `screen` resolved in `state`, or as it is when it cannot be.
    static func resolve(_ screen: Screen, in state: ScreenState) -> Screen {
        state == screen.state ? screen : screen.resolved(in: state).screen ?? screen
    }

    /// `target` with every variable of `source` it declares with the same type set to `source`'s value.
    static func carry(_ source: ScreenState, into target: ScreenState) -> ScreenState {
        var state = target
        for name in source.schema.names {
            guard state.schema.slot(of: name) != nil, let value = source[name] else { continue }
            var copy = state
            if copy.set(name, to: value) == nil { state = copy }
        }
        return state
    }

    /// `base` with the members of `json` (an object) over it, and the problems of the members that do not fit
    /// (unknown names, with the closest; values of another type), each with its JSON Pointer.
    static func state(_ json: JSONValue, over base: ScreenState) -> (state: ScreenState, problems: [ServeProblem]) {
        guard case .object(let members) = json else {
            return (base, [ServeProblem(code: "wrong-type", pointer: "", message: "the state must be a JSON object of variables, got \(json.brief)")])
        }
        var state = base
        var problems: [ServeProblem] = []
        for (name, value) in members {
            let pointer = JSONPointer.appending("", name)
            guard state.schema.slot(of: name) != nil else {
                let hint = Spelling.closest(to: name, among: state.schema.names).map { " (did you mean \"\($0)\"?)" } ?? ""
                problems.append(ServeProblem(code: "unknown-name", pointer: pointer, message: "no state variable \"\(name)\"\(hint)"))
                continue
            }
            if let problem = state.set(name, to: StateValue(value)) {
                problems.append(ServeProblem(code: "type-mismatch", pointer: pointer, message: problem.message))
            }
        }
        return (state, problems)
    }

    // MARK: What the page shows

    /// The panels' entries (what `#sv-panels` holds).
    func panelsHTML() -> String {
        lock.lock(); defer { lock.unlock() }
        return unlockedPanelsHTML()
    }

    func unlockedPanelsHTML() -> String {
        guard session != nil else { return "<p class=\"sv-empty\">" + LiveMarkup.text(document.pageName) + " has not decoded yet: fix it and save.</p>" }
        if panels.isEmpty { return "<p class=\"sv-empty\">No window is chosen: turn one on under Devices.</p>" }
        return panels.map { $0.entryHTML() }.joined()
    }

    /// A short hash of `html`, for a page to say which render it has.
    static func renderHash(_ html: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in html.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(h, radix: 36)
    }

    /// The messages that describe everything but the panels: the payload's title and previews, the state, the
    /// problems overlay.
    func chromeMessages() -> [JSONValue] {
        let screen = baseScreen
        var out: [JSONValue] = [
            .object([("t", .string("meta")), ("title", .string(screen?.title ?? screen?.id ?? document.pageName)),
                     ("id", .string(screen?.id ?? "")), ("previews", .array((screen?.previews ?? []).map { .string($0.name) })),
                     ("preview", preview.map(JSONValue.string) ?? .null)]),
            stateMessage(),
            .object([("t", .string("problems")), ("count", .number(Double(shownProblems.count))),
                     ("html", .string(LiveMarkup.problems(shownProblems, file: document.pageName, hasScreen: baseScreen != nil)))]),
        ]
        out.append(requestsMessage())
        return out
    }

    func stateMessage() -> JSONValue {
        .object([("t", .string("state")), ("json", .string(session?.state.jsonValue.serialized(pretty: true) ?? "{}"))])
    }

    func requestsMessage() -> JSONValue {
        .object([("t", .string("requests")), ("items", .array(requests.map { entry in
            .object([("id", .number(Double(entry.id))), ("text", .string(entry.request.method.rawValue + " " + entry.request.url))])
        }))])
    }

    func send(_ messages: [JSONValue]) { if !messages.isEmpty { sink(messages) } }

    // MARK: Saves

    /// The watcher read a new version of the file: problems shown over the last good render, or the new screen laid
    /// out with the state carried over (variables it still declares with the same types), patched into the panels.
    func documentDidChange(_ document: PayloadDocument) {
        lock.lock()
        let snapshot = document.snapshot
        guard snapshot.version != shownVersion else { lock.unlock(); return }
        shownVersion = snapshot.version
        var out: [JSONValue] = []
        let problemsChanged = snapshot.problems != shownProblems
        shownProblems = snapshot.problems
        if snapshot.problems.isEmpty, let screen = snapshot.screen {
            if session == nil {
                start(screen, carrying: nil, runsAppearActions: true)
                out.append(contentsOf: chromeMessages())
                out.append(panelsMessage())
            } else {
                // The state carried over; the panels patched where the new payload differs (their elements, and with
                // them scroll positions, stay where it does not).
                restartSession(screen, carrying: session?.state, runsAppearActions: false)
                if !preview.isNilOrPresent(in: screen) { preview = nil }
                out.append(contentsOf: chromeMessages())
                if let patch = relayoutAll(after: nil, newPayload: true) { out.append(patch) }
            }
        } else if problemsChanged {
            out.append(.object([("t", .string("problems")), ("count", .number(Double(shownProblems.count))),
                                ("html", .string(LiveMarkup.problems(shownProblems, file: document.pageName, hasScreen: baseScreen != nil)))]))
        }
        send(out)
        lock.unlock()
        if snapshot.problems.isEmpty { sendLint() }
    }

    /// `{"t": "panels", "html", "render"}`: the panels' entries whole.
    func panelsMessage() -> JSONValue {
        let html = unlockedPanelsHTML()
        return .object([("t", .string("panels")), ("html", .string(html)), ("render", .string(Self.renderHash(html)))])
    }

    // MARK: Lint

    /// Lints the visible windows at the chosen size (cached per file version) and sends the list; a newer request
    /// supersedes one still running.
    func sendLint() {
        lock.lock()
        lintSequence += 1
        let sequence = lintSequence
        let windows = visibleWindows
        let size = choices.contentSize
        let version = shownVersion
        let screen = baseScreen
        let warnings = document.snapshot.warnings
        lock.unlock()
        var findings: [ServeLintFinding]?
        if let lint = context.lint, let screen, !windows.isEmpty {
            let key = windows.map(\.id).joined(separator: ",") + "|" + size.rawValue
            findings = document.lint(key: key, version: version) {
                lint(screen, windows.map(\.environment), size, context.layoutDirection)
            }
        }
        let html = LiveMarkup.lint(findings, warnings: warnings, windows: windows.count, size: size)
        lock.lock()
        defer { lock.unlock() }
        guard sequence == lintSequence else { return }
        send([.object([("t", .string("lint")), ("html", .string(html))])])
    }
}

extension Optional where Wrapped == String {
    /// True when nil, or a preview `screen` still names.
    func isNilOrPresent(in screen: Screen) -> Bool {
        guard let name = self else { return true }
        return screen.previews.contains { $0.name == name }
    }
}
