public import SDUISchema
public import SDUILayout

/// One interactive screen as any host runs it — the headless runtime's `ScreenViewController`, the UIKit host's
/// `SDUIScreenViewController`, the SwiftUI host's `SDUIScreenView`: its state, the actions and inputs that change it,
/// the requests waiting for an answer, and the display list brought from layout to layout.
///
/// The session decides; the host carries out. Each change returns a `ScreenSession.Step`: the state variables that
/// changed and the `StateUpdate` to lay out (`LayoutEngine.layout(applying:in:traits:)`), the problems the actions
/// reported, and the effects the host performs in order (navigation, URLs, requests, custom actions). The session
/// does no I/O, owns no view and no engine, and is a value (`Sendable`): a host keeps one per screen on its main
/// actor.
///
/// Semantics (docs/state.md): a toggle flips its bool; a stepper's value is clamped to its range as `UIStepper`
/// clamps it; a picker accepts only one of its options; a value of another type than the variable's, or an unknown
/// name, changes nothing and is an error; a change to the value the variable already holds is no change.
public struct ScreenSession: Sendable {
    /// The locals of a node's place: `item` and `index` of each template around it, outermost first.
    public typealias Locals = [(name: String, value: StateValue)]

    /// The screen as given, in its initial state.
    public let initialScreen: Screen
    /// Runs the screen's actions (its limits are the host's to set).
    public var interpreter = ActionInterpreter()
    /// Requests handed to the host (`track(_:)`) and not answered yet, oldest first.
    public private(set) var pendingRequests: [PendingRequest] = []
    /// Brings the display list from layout to layout (`displayChange(_:to:after:)`).
    public private(set) var displayList: DisplayListUpdater
    /// Takes the screen from state to state (made at the first change). Usable from inlinable code so that `screen`,
    /// read by a host on every change, is inlined into the host: called across the module boundary, its getter made
    /// the host copy the whole session (every array of the updater retained and released) per read.
    @usableFromInline var updater: StateUpdater?
    /// The screen value (its identity) the host's items were last made from: a state change made from it may update
    /// the list in place.
    private var displayed: ScreenDerivedStorage?

    /// A session of `screen` in its own state; `accessibility`: whether the display list carries the accessibility
    /// pass (hosts with views: true).
    public init(screen: Screen, accessibility: Bool = true) {
        initialScreen = screen
        displayList = DisplayListUpdater(accessibility: accessibility)
    }

    /// The screen resolved in its current state.
    @inlinable public var screen: Screen { updater?.screen ?? initialScreen }
    /// The current state (the values the bindings are resolved against).
    @inlinable public var state: ScreenState { updater?.screen.state ?? initialScreen.state }

    // MARK: Nodes

    /// The index of the first node (document order) of `layout` (a layout of `screen`) whose payload id is `id` — the
    /// views of backgrounds and overlays and sections' headers and footers included.
    /// - Throws: `.nodeNotFound` when no node has that id.
    public func index(ofNodeWithID id: String, in layout: LayoutResult) throws(ScreenSessionError) -> Int {
        guard let index = layout.index(ofNodeWithID: id) else {
            throw ScreenSessionError(.nodeNotFound, "'\(screen.id)' has no node with id '\(id)'")
        }
        return index
    }

    /// The locals of node `index`'s place in `layout`: `item` and `index` of each template around it, outermost first.
    public func locals(ofNodeAt index: Int, in layout: LayoutResult) -> Locals { layout.locals(at: index) }

    /// The action of node `index` of `layout` (what a tap on it does) and the locals it runs with.
    /// - Throws: `.nodeNotFound` when `layout` has no such node or it has no action.
    public func action(ofNodeAt index: Int, in layout: LayoutResult) throws(ScreenSessionError) -> (action: Action, locals: Locals) {
        let content = try self.content(at: index, in: layout)
        guard let action = content.action else {
            throw ScreenSessionError(.nodeNotFound, "node \(Self.name(content, index)) on '\(screen.id)' has no action")
        }
        return (action, layout.locals(at: index))
    }

    /// The action of the node with `id` in `layout` (what a tap on it does) and the locals it runs with.
    /// - Throws: `.nodeNotFound` when no node has that id or it has no action.
    public func action(ofNodeWithID id: String, in layout: LayoutResult) throws(ScreenSessionError) -> (action: Action, locals: Locals) {
        try action(ofNodeAt: try index(ofNodeWithID: id, in: layout), in: layout)
    }

    /// What the return key of the text field at node `index` of `layout` runs (nil: none, or not a text field).
    public func submitAction(ofNodeAt index: Int, in layout: LayoutResult) -> Action? {
        layout.content(at: index)?.input?.submitAction
    }

    /// Node `index`'s content, or `.nodeNotFound`.
    private func content(at index: Int, in layout: LayoutResult) throws(ScreenSessionError) -> NodeContent {
        guard let content = layout.content(at: index) else {
            throw ScreenSessionError(.nodeNotFound, "'\(screen.id)' has no node at layout index \(index)")
        }
        return content
    }

    /// How a message names a node: `'id'`, or its layout index.
    private static func name(_ content: NodeContent, _ index: Int) -> String { content.id.map { "'\($0)'" } ?? "at node \(index)" }

    // MARK: Changes

    /// Whether `action` runs in the session (`run(_:locals:)`: state actions, sequences, conditions, requests) rather
    /// than going straight to the host's router (`navigate`, `present`, `dismiss`, `open`, custom types).
    public static func runsInSession(_ action: Action) -> Bool {
        switch action {
        case .navigate, .present, .dismiss, .open, .custom: return false
        case .set, .toggle, .append, .remove, .sequence, .if, .request: return true
        }
    }

    /// Runs `action` (a state action, or any other: navigation and custom actions come back as effects) with the
    /// locals of its place; the new state is applied.
    public mutating func run(_ action: Action, locals: Locals = []) -> Step {
        apply(interpreter.run(action, in: state, locals: locals))
    }

    /// Sets the state variable of the input laid out as node `index` of `layout` (a layout of `screen`: what a native
    /// control reports, whether or not the node has an id) to `value` (a toggle's `isOn`, a text field's `text`, a
    /// stepper's `value`, a picker's `selection`), as the user changing the control does.
    /// - Throws: `.nodeNotFound` for a missing node or one that is not an input; `.invalidValue` for a value of
    ///   another type than the variable's, or an option a picker does not have (nothing changes).
    public mutating func setInput(ofNodeAt index: Int, in layout: LayoutResult, to value: StateValue) throws(ScreenSessionError) -> Step {
        let content = try self.content(at: index, in: layout)
        return try setInput(of: content, named: Self.name(content, index), to: value)
    }

    /// Sets the state variable of the input with `id` in `layout`, as `setInput(ofNodeAt:in:to:)` does.
    public mutating func setInput(ofNodeWithID id: String, in layout: LayoutResult, to value: StateValue) throws(ScreenSessionError) -> Step {
        try setInput(ofNodeAt: try index(ofNodeWithID: id, in: layout), in: layout, to: value)
    }

    /// Flips the toggle laid out as node `index` of `layout`.
    /// - Throws: `.nodeNotFound` for a missing node or one that is not a toggle; `.invalidValue` when its variable
    ///   does not hold a bool.
    public mutating func toggleInput(ofNodeAt index: Int, in layout: LayoutResult) throws(ScreenSessionError) -> Step {
        let content = try self.content(at: index, in: layout)
        return try toggleInput(of: content, named: Self.name(content, index))
    }

    /// Flips the toggle with `id` in `layout`.
    public mutating func toggleInput(ofNodeWithID id: String, in layout: LayoutResult) throws(ScreenSessionError) -> Step {
        try toggleInput(ofNodeAt: try index(ofNodeWithID: id, in: layout), in: layout)
    }

    /// What the native control of layout node `index` shows now (nil: the node is not an input).
    public func input(ofNodeAt index: Int, in layout: LayoutResult) -> DisplayInput? {
        guard let content = layout.content(at: index), let input = content.input else { return nil }
        return DisplayInput(content, input: input, value: state[input.target])
    }

    /// Sets state variable `name` to `value` (the host's or a test's change, as `set` would make it).
    /// - Throws: `.invalidValue` for an unknown name or a value of another type (nothing changes).
    public mutating func setState(_ name: String, to value: StateValue) throws(ScreenSessionError) -> Step {
        try setState(name, to: value, what: nil)
    }

    /// Hands `request` (an effect of the last step) to the host: it waits in `pendingRequests` for `respond`.
    public mutating func track(_ request: PendingRequest) { pendingRequests.append(request) }

    /// Answers `request` (one of `pendingRequests`): runs its `onSuccess` (2xx) or `onFailure` with `response`.
    /// - Throws: `.nodeNotFound` when the request is not pending.
    public mutating func respond(to request: PendingRequest, with response: RequestResponse) throws(ScreenSessionError) -> Step {
        guard let index = pendingRequests.firstIndex(of: request) else {
            throw ScreenSessionError(.nodeNotFound, "'\(screen.id)' has no pending request \(request.method.rawValue) \(request.url)")
        }
        pendingRequests.remove(at: index)
        return apply(interpreter.respond(to: request, with: response, in: state))
    }

    // MARK: Display list

    /// Brings the host's display list (`items`, as the last change left it; empty before the first) to `layout`, a
    /// layout of `screen`. `update`: the state change `layout` was laid out after (`Step.update`), or nil for a layout
    /// of the screen as it was (the first, new traits or size): only when the change was made from the screen the items
    /// show, and took `StateUpdater`'s fast path, are only the items it can alter made again.
    public mutating func displayChange(_ items: [DisplayItem], to layout: LayoutResult, after update: StateUpdate?) -> DisplayListChange {
        displayChange(items, to: layout, after: update, moving: false)
    }

    /// `displayChange(_:to:after:)`; `moving`: a splice moves the kept items into the new list
    /// (`DisplayListUpdater.update(_:to:moving:)`): only for a driver's own `items`, the change then applied at once by
    /// that driver's `apply(moving:)`, which ends its old list without the moved places. `storage`: that driver's
    /// `itemStorage` (a splice writes its list there when it has as many places).
    package mutating func displayChange(_ items: [DisplayItem], to layout: LayoutResult, after update: StateUpdate?,
                                moving: Bool, storage: DisplayListStorage? = nil) -> DisplayListChange {
        // Items of another screen than the one the change was made from are all made again.
        let showsBase = update.map { update in displayed.map { $0 === update.base } == true } ?? false
        displayed = screen.derived
        return displayList.update(showsBase ? items : [], to: layout, moving: moving, storage: storage)
    }

    // MARK: Life cycle

    /// The `onAppear` (or `onDisappear`) actions of the nodes of `layout` in document order, with the locals of their
    /// places — the views of backgrounds and overlays and sections' headers and footers included; `subtree`: only
    /// node `subtree` and the nodes below it; `skippingLazyItems`: not the lazy items' subtrees (`LayoutResult`'s
    /// `lazyItemIndices`), which appear as they are scrolled to.
    public static func lifecycleActions(in layout: LayoutResult, subtree: Int? = nil, appearing: Bool,
                                        skippingLazyItems: Bool = false) -> [(action: Action, locals: Locals)] {
        let count = layout.nodeCount
        guard count > 0 else { return [] }
        let root = subtree ?? 0
        guard root >= 0, root < count else { return [] }
        // The lazy items skipped, ascending (`lazyItemIndices` is), passed in step with the walk.
        let skipped = skippingLazyItems ? layout.lazyItemIndices : []
        var nextSkipped = 0
        func isSkipped(_ i: Int) -> Bool {
            while nextSkipped < skipped.count && skipped[nextSkipped] < i { nextSkipped += 1 }
            return nextSkipped < skipped.count && skipped[nextSkipped] == i
        }
        // Which nodes are in the subtree (parents come first): each one whose parent is. The subtree is the run of
        // nodes after its root whose parents are not before it (document order): the first node whose parent is
        // before the root ends it. (`inside[i - root]`: only the subtree's nodes are noted, so a lazy item's subtree
        // costs its own size, not the screen's.)
        var inside: [Bool] = [!isSkipped(root)]
        var found: [(action: Action, locals: Locals)] = []
        for i in root..<count {
            if i != root {
                let parent = layout.parentIndex(at: i)
                if parent < root { break }
                let isInside = parent < i && inside[parent - root] && !isSkipped(i)
                inside.append(isInside)
                guard isInside else { continue }
            }
            guard inside[i - root], let content = layout.content(at: i),
                  let action = appearing ? content.onAppear : content.onDisappear else { continue }
            found.append((action, layout.locals(at: i)))
        }
        return found
    }

    // MARK: Internals

    private mutating func setInput(of content: NodeContent, named name: String, to value: StateValue) throws(ScreenSessionError) -> Step {
        guard let input = content.input else {
            throw ScreenSessionError(.nodeNotFound, "node \(name) on '\(screen.id)' is a \(content.type.rawValue), not an input (toggle, textField, stepper, picker)")
        }
        var value = value
        if content.type == .stepper, let number = value.doubleValue {
            // A stepper's value stays in its range (UIStepper clamps to minimumValue…maximumValue; SwiftUI's and the
            // schema's default range is 0…100).
            let range = input.range ?? DisplayInput.defaultStepperRange
            let clamped = min(max(number, range.lowerBound), range.upperBound)
            if clamped != number { value = StateValue(clamped) }
        }
        if content.type == .picker, !input.options.isEmpty, !input.options.contains(where: { $0.value == value }) {
            throw ScreenSessionError(.invalidValue, "picker \(name) has no option \(value.brief) (options: \(input.options.map(\.value.brief).joined(separator: ", ")))")
        }
        return try setState(input.target, to: value, what: "\(content.type.rawValue) \(name)")
    }

    private mutating func toggleInput(of content: NodeContent, named name: String) throws(ScreenSessionError) -> Step {
        guard content.type == .toggle, let input = content.input else {
            throw ScreenSessionError(.nodeNotFound, "node \(name) on '\(screen.id)' is a \(content.type.rawValue), not a toggle")
        }
        guard case .bool(let isOn)? = state[input.target] else {
            throw ScreenSessionError(.invalidValue, "toggle \(name) is bound to '\(input.target)', which does not hold a bool")
        }
        return try setState(input.target, to: .bool(!isOn), what: "toggle \(name)")
    }

    private mutating func setState(_ name: String, to value: StateValue, what: String?) throws(ScreenSessionError) -> Step {
        var next = state
        if let problem = next.set(name, to: value) {
            throw ScreenSessionError(.invalidValue, (what.map { $0 + ": " } ?? "") + problem.message)
        }
        guard next[name] != state[name] else { return Step() }
        return applyState(next, changedNames: [name])
    }

    /// What running actions gave, as a step: the state applied, the diagnostics and effects passed on.
    private mutating func apply(_ outcome: ActionOutcome) -> Step {
        var step = outcome.changedNames.isEmpty ? Step() : applyState(outcome.state, changedNames: outcome.changedNames)
        step.diagnostics = outcome.diagnostics.map { "'\(screen.id)': \($0.message)" }
        step.effects = outcome.effects
        return step
    }

    /// Makes `newState` the screen's state. The updater is taken out of the session while it works, so it holds the
    /// only copy of the screen's tree (the host's views aside) and changes its nodes in place.
    private mutating func applyState(_ newState: ScreenState, changedNames: [String]) -> Step {
        // Moved out, not copied (a copy and the release of the session's would retain and release all of it).
        var updater = self.updater.take() ?? StateUpdater(screen: initialScreen)
        let made = updater.update(to: newState, changedNames: changedNames)
        self.updater = updater
        var step = Step()
        step.changedNames = changedNames
        step.update = made
        return step
    }
}

extension ScreenSession {
    /// What one change did, for the host to carry out in this order: report `diagnostics`; if `update` is set, log the
    /// change and lay the screen out after it (its `warnings` are the bindings that took their default); then perform
    /// `effects`, tracking each request (`track(_:)`) as it is handed out.
    public struct Step: Sendable {
        /// The state variables whose value changed (empty: the state is unchanged).
        public var changedNames: [String] = []
        /// The screen in the new state, to lay out; nil when nothing changed, or when the screen cannot be resolved in
        /// the new state (`isUnresolved`: it keeps the old one).
        public var update: StateUpdate?
        /// Problems the actions reported, each with the screen's id (each skipped the action it names).
        public var diagnostics: [String] = []
        /// What the host must do, in order.
        public var effects: [ActionEffect] = []

        /// No change (a host adds its own diagnostics to one).
        public init() {}

        /// The state changed, but the screen could not be resolved in it (bindings that fail take their default, so
        /// this does not happen with a decoded screen); the old screen stays.
        public var isUnresolved: Bool { !changedNames.isEmpty && update == nil }
    }
}

extension ActionEffect {
    /// The action a host's router performs for this effect (`navigate`, `present`, `dismiss`, `open`, a custom type),
    /// nil for a request (the host hands it to its request handler and tracks it: `ScreenSession.track(_:)`).
    public var routedAction: Action? {
        switch self {
        case .navigate(let id): return .navigate(screen: id)
        case .present(let id, let style): return .present(screen: id, style: style)
        case .dismiss: return .dismiss
        case .open(let url): return .open(url: url)
        case .custom(let type, let payload): return .custom(type: type, payload: payload)
        case .request: return nil
        }
    }
}

/// Why a session refused a change: a code and a message saying what was expected.
public struct ScreenSessionError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable {
        /// A node id that is not on the screen, a node without an action, an input that is not one, a request that is
        /// not pending.
        case nodeNotFound = "node-not-found"
        /// A value an input or a state variable cannot take (another type, an option a picker does not have).
        case invalidValue = "invalid-value"
    }
    public var code: Code
    public var message: String
    public init(_ code: Code, _ message: String) { self.code = code; self.message = message }
    public var description: String { message }
}
