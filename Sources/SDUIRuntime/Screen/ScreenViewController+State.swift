import SDUIEnvironment
public import SDUISchema

// State, actions, inputs and requests of an interactive screen.
//
// Every change of state goes through `applyState(_:changedNames:)`: the screen is resolved for the new state
// (only the bindings that read a changed name are evaluated again when `StateUpdate` can take its fast path, else
// the whole payload is resolved again), laid out again if it is on screen, its views updated in place, and a
// `stateDidChange` event logged with the new values of the names that changed.

extension ScreenViewController {
    /// The screen's current state (the values its bindings are resolved against).
    public var state: ScreenState { screen.state }

    /// Whether the screen has a node with `id`.
    public func hasNode(id: String) -> Bool { screen.root.node(withID: id) != nil }

    /// Performs the action of the node with `id` (what a tap on it does), with the locals of its place (a
    /// template item's `item` and `index`).
    /// - Throws: `RuntimeError.nodeNotFound` when no node has that id or it has no action; the router's errors
    ///   for navigation it asks for.
    public func performAction(ofNodeWithID id: String) throws(RuntimeError) {
        let (component, locals) = try node(id)
        guard let action = component.modifiers.action else {
            throw RuntimeError(.nodeNotFound, "node '\(id)' on '\(screen.id)' has no action")
        }
        try perform(action, locals: locals)
    }

    /// Performs `action`: navigation through the router, state actions through `interpreter` (the new state is
    /// applied, each problem logged as an `action` diagnostic, and the effects carried out in order).
    /// - Throws: `RuntimeError.unsupportedAction` for navigation without a router, or a custom action type; the
    ///   router's errors otherwise (the state actions before the failing effect stay applied).
    public func perform(_ action: Action, locals: [(name: String, value: StateValue)] = []) throws(RuntimeError) {
        switch action {
        case .navigate, .present, .dismiss, .open, .custom:
            try route(action)
        case .set, .toggle, .append, .remove, .sequence, .if, .request:
            try apply(interpreter.run(action, in: state, locals: locals))
        }
    }

    /// Sets the state variable of the input with `id` (a toggle's `isOn`, a text field's `text`, a stepper's
    /// `value`, a picker's `selection`) to `value`, as the user changing the control does.
    /// - Throws: `RuntimeError.nodeNotFound` for a missing node or one that is not an input;
    ///   `RuntimeError.invalidValue` for a value of another type than the variable's (nothing changes).
    public func setInput(ofNodeWithID id: String, to value: StateValue) throws(RuntimeError) {
        let (component, _) = try node(id)
        guard let input = component.input else {
            throw RuntimeError(.nodeNotFound, "node '\(id)' on '\(screen.id)' is a \(component.type.rawValue), not an input (toggle, textField, stepper, picker)")
        }
        var value = value
        if component.type == .stepper, let number = value.doubleValue, let range = input.range {
            // A stepper's value stays in its range (UIStepper clamps to minimumValue…maximumValue).
            let clamped = min(max(number, range.lowerBound), range.upperBound)
            if clamped != number { value = StateValue(clamped) }
        }
        if component.type == .picker, !input.options.isEmpty, !input.options.contains(where: { $0.value == value }) {
            throw RuntimeError(.invalidValue, "picker '\(id)' has no option \(value.brief) (options: \(input.options.map(\.value.brief).joined(separator: ", ")))")
        }
        try setState(input.target, to: value, what: "\(component.type.rawValue) '\(id)'")
    }

    /// Flips the toggle with `id`.
    /// - Throws: `RuntimeError.nodeNotFound` for a missing node or one that is not a toggle.
    public func toggleInput(ofNodeWithID id: String) throws(RuntimeError) {
        let (component, _) = try node(id)
        guard component.type == .toggle, let input = component.input else {
            throw RuntimeError(.nodeNotFound, "node '\(id)' on '\(screen.id)' is a \(component.type.rawValue), not a toggle")
        }
        guard case .bool(let isOn)? = state[input.target] else {
            throw RuntimeError(.invalidValue, "toggle '\(id)' is bound to '\(input.target)', which does not hold a bool")
        }
        try setState(input.target, to: .bool(!isOn), what: "toggle '\(id)'")
    }

    /// Sets state variable `name` to `value` (the host's or a test's change, as `set` would make it).
    /// - Throws: `RuntimeError.invalidValue` for an unknown name or a value of another type (nothing changes).
    public func setState(_ name: String, to value: StateValue) throws(RuntimeError) {
        try setState(name, to: value, what: nil)
    }

    private func setState(_ name: String, to value: StateValue, what: String?) throws(RuntimeError) {
        var next = state
        if let problem = next.set(name, to: value) {
            throw RuntimeError(.invalidValue, (what.map { $0 + ": " } ?? "") + problem.message)
        }
        guard next[name] != state[name] else { return }
        applyState(next, changedNames: [name])
    }

    /// Answers `request` (one of `pendingRequests`): runs its `onSuccess` (2xx) or `onFailure` with `response`.
    /// - Throws: `RuntimeError.nodeNotFound` when the request is not pending; the router's errors for navigation
    ///   its handlers ask for.
    public func respond(to request: PendingRequest, with response: RequestResponse) throws(RuntimeError) {
        guard let index = pendingRequests.firstIndex(of: request) else {
            throw RuntimeError(.nodeNotFound, "'\(screen.id)' has no pending request \(request.method.rawValue) \(request.url)")
        }
        pendingRequests.remove(at: index)
        var event = Event(object: name, kind: .requestDidFinish)
        event.request = "\(request.method.rawValue) \(request.url)"
        event.status = response.status
        record(event)
        try apply(interpreter.respond(to: request, with: response, in: state))
    }

    // MARK: Internals

    /// The node with `id` and the locals of its place.
    private func node(_ id: String) throws(RuntimeError) -> (ComponentNode, [(name: String, value: StateValue)]) {
        guard let component = screen.root.node(withID: id), let locals = screen.root.locals(ofNodeWithID: id) else {
            throw RuntimeError(.nodeNotFound, "'\(screen.id)' has no node with id '\(id)'")
        }
        return (component, locals)
    }

    /// Performs a navigation action through the router.
    func route(_ action: Action) throws(RuntimeError) {
        guard let router else {
            throw RuntimeError(.unsupportedAction, "'\(screen.id)' has no router to perform '\(action.typeName)'")
        }
        try router.perform(action, from: self)
    }

    /// Applies what running actions gave: the state, the diagnostics (logged), then the effects in order.
    func apply(_ outcome: ActionOutcome) throws(RuntimeError) {
        for diagnostic in outcome.diagnostics { report(.action, "'\(screen.id)': \(diagnostic.message)") }
        if !outcome.changedNames.isEmpty { applyState(outcome.state, changedNames: outcome.changedNames) }
        for effect in outcome.effects {
            switch effect {
            case .navigate(let id): try route(.navigate(screen: id))
            case .present(let id, let style): try route(.present(screen: id, style: style))
            case .dismiss: try route(.dismiss)
            case .open(let url): try route(.open(url: url))
            case .custom(let type, let payload): try route(.custom(type: type, payload: payload))
            case .request(let request):
                pendingRequests.append(request)
                var event = Event(object: name, kind: .requestDidStart)
                event.request = "\(request.method.rawValue) \(request.url)"
                record(event)
                requestHandler?.perform(request, for: self)
            }
        }
    }

    /// Makes `newState` the screen's state: resolves the screen for it, lays it out again when it is on screen,
    /// logs the change. A state the payload cannot be resolved in (it always can: bindings that fail take their
    /// property's default) keeps the old screen and logs why.
    func applyState(_ newState: ScreenState, changedNames: [String]) {
        // Taken out of the property while it changes, so the updater holds the only copy of the screen's tree
        // (the views' nodes aside) and changes its nodes in place.
        var updater = stateUpdater ?? StateUpdater(screen: screen)
        stateUpdater = nil
        let made = updater.update(to: newState, changedNames: changedNames)
        stateUpdater = updater
        guard let updated = made else {
            report(.binding, "'\(screen.id)': the screen cannot be resolved in the new state; it keeps the old one")
            return
        }
        for warning in updated.warnings { report(.binding, "'\(screen.id)': \(warning)") }
        var event = Event(object: name, kind: .stateDidChange)
        event.stateChanges = changedNames.map { Event.StateChange(name: $0, value: newState[$0]?.jsonValue ?? .null) }
        record(event)
        relayoutAfterStateChange(updated)
    }

    /// Runs every node's `onAppear` (`appearing`) or `onDisappear` action, in document order, each with the
    /// locals of its place and the state the ones before it left — except in lazy items, whose actions run as they
    /// enter and leave the visible area (`updateLazyItemVisibility()`).
    func runLifecycleActions(appearing: Bool) {
        let lazy = Self.lazyItemPaths(of: screen.root, sizeClass: traitCollection.horizontalSizeClass)
        let found = Self.lifecycleActions(in: screen.root, locals: [], appearing: appearing, skippingLazyItems: lazy)
        for (action, locals) in found {
            do throws(RuntimeError) { try perform(action, locals: locals) } catch {
                report(.action, "'\(screen.id)' \(appearing ? "onAppear" : "onDisappear"): \(error.message)")
            }
        }
    }
}

extension ComponentNode {
    /// The first node with `id` in the subtree, in document order.
    /// - Complexity: O(n) in the subtree's nodes.
    func node(withID id: String) -> ComponentNode? {
        var stack: [ComponentNode] = [self]
        while let node = stack.popLast() {
            if node.id == id { return node }
            stack.append(contentsOf: node.children.reversed())
        }
        return nil
    }
}
