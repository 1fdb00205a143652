import SDUIEnvironment
import SDUIDisplay
import SDUILayout
public import SDUISchema

// State, actions, inputs and requests of an interactive screen.
//
// The controller's `session` (`ScreenSession`, shared with the native hosts) decides every change; the controller
// carries out its steps (`carryOut(_:)`): the screen was resolved for the new state (only the bindings that read a
// changed name are evaluated again when `StateUpdate` can take its fast path, else the whole payload is resolved
// again); it is laid out again if it is on screen, its views updated in place, a `stateDidChange` event logged with
// the new values of the names that changed, then the effects performed.

extension ScreenViewController {
    /// The screen's current state (the values its bindings are resolved against).
    public var state: ScreenState { screen.state }

    /// Whether the screen's latest layout has a node with `id` (the views of backgrounds and overlays and sections'
    /// headers and footers included).
    public func hasNode(id: String) -> Bool { layoutResult?.index(ofNodeWithID: id) != nil }

    /// Performs the action of the node with `id` (what a tap on it does), with the locals of its place (a
    /// template item's `item` and `index`).
    /// - Throws: `RuntimeError.nodeNotFound` when no node has that id or it has no action; the router's errors
    ///   for navigation it asks for.
    public func performAction(ofNodeWithID id: String) throws(RuntimeError) {
        let layout = try laidOut()
        let (action, locals) = try changeSession { s throws(ScreenSessionError) in try s.action(ofNodeWithID: id, in: layout) }
        try perform(action, locals: locals)
    }

    /// Performs `action`: navigation through the router, state actions through the session's `interpreter` (the new
    /// state is applied, each problem logged as an `action` diagnostic, and the effects carried out in order).
    /// - Throws: `RuntimeError.unsupportedAction` for navigation without a router, or a custom action type; the
    ///   router's errors otherwise (the state actions before the failing effect stay applied).
    public func perform(_ action: Action, locals: [(name: String, value: StateValue)] = []) throws(RuntimeError) {
        guard ScreenSession.runsInSession(action) else { try route(action); return }
        try carryOut(session.run(action, locals: locals))
    }

    /// Sets the state variable of the input with `id` (a toggle's `isOn`, a text field's `text`, a stepper's
    /// `value`, a picker's `selection`) to `value`, as the user changing the control does
    /// (`ScreenSession.setInput(ofNodeWithID:to:)`: a stepper clamps, a picker takes only its options).
    /// - Throws: `RuntimeError.nodeNotFound` for a missing node or one that is not an input;
    ///   `RuntimeError.invalidValue` for a value of another type than the variable's (nothing changes).
    public func setInput(ofNodeWithID id: String, to value: StateValue) throws(RuntimeError) {
        let layout = try laidOut()
        try carryOut(changeSession { s throws(ScreenSessionError) in try s.setInput(ofNodeWithID: id, in: layout, to: value) })
    }

    /// Flips the toggle with `id`.
    /// - Throws: `RuntimeError.nodeNotFound` for a missing node or one that is not a toggle.
    public func toggleInput(ofNodeWithID id: String) throws(RuntimeError) {
        let layout = try laidOut()
        try carryOut(changeSession { s throws(ScreenSessionError) in try s.toggleInput(ofNodeWithID: id, in: layout) })
    }

    /// Sets state variable `name` to `value` (the host's or a test's change, as `set` would make it).
    /// - Throws: `RuntimeError.invalidValue` for an unknown name or a value of another type (nothing changes).
    public func setState(_ name: String, to value: StateValue) throws(RuntimeError) {
        try carryOut(changeSession { s throws(ScreenSessionError) in try s.setState(name, to: value) })
    }

    /// Answers `request` (one of `pendingRequests`): runs its `onSuccess` (2xx) or `onFailure` with `response`.
    /// - Throws: `RuntimeError.nodeNotFound` when the request is not pending; the router's errors for navigation
    ///   its handlers ask for.
    public func respond(to request: PendingRequest, with response: RequestResponse) throws(RuntimeError) {
        guard pendingRequests.contains(request) else {
            throw RuntimeError(.nodeNotFound, "'\(screen.id)' has no pending request \(request.method.rawValue) \(request.url)")
        }
        var event = Event(object: name, kind: .requestDidFinish)
        event.request = "\(request.method.rawValue) \(request.url)"
        event.status = response.status
        record(event)
        try carryOut(changeSession { s throws(ScreenSessionError) in try s.respond(to: request, with: response) })
    }

    // MARK: Internals

    /// The latest layout: the nodes a tap or an input names are its nodes.
    /// - Throws: `RuntimeError.nodeNotFound` before the screen was first laid out (it has no nodes on screen yet).
    private func laidOut() throws(RuntimeError) -> LayoutResult {
        guard let layoutResult else {
            throw RuntimeError(.nodeNotFound, "'\(screen.id)' has not been laid out yet: it has no nodes on screen")
        }
        return layoutResult
    }

    /// Runs `change` on the session, its refusal as a `RuntimeError` of the same code and message.
    private func changeSession<T>(_ change: (inout ScreenSession) throws(ScreenSessionError) -> T) throws(RuntimeError) -> T {
        do throws(ScreenSessionError) { return try change(&session) } catch {
            switch error.code {
            case .nodeNotFound: throw RuntimeError(.nodeNotFound, error.message)
            case .invalidValue: throw RuntimeError(.invalidValue, error.message)
            }
        }
    }

    /// Performs a navigation action through the router.
    func route(_ action: Action) throws(RuntimeError) {
        guard let router else {
            throw RuntimeError(.unsupportedAction, "'\(screen.id)' has no router to perform '\(action.typeName)'")
        }
        try router.perform(action, from: self)
    }

    /// Carries out a session step: the diagnostics logged, the new state logged and laid out, then the effects in
    /// order.
    func carryOut(_ step: ScreenSession.Step) throws(RuntimeError) {
        for diagnostic in step.diagnostics { report(.action, diagnostic) }
        if let updated = step.update {
            for warning in updated.warnings { report(.binding, "'\(screen.id)': \(warning)") }
            var event = Event(object: name, kind: .stateDidChange)
            // The update's screen is in the new state (reading the session's would copy the whole session).
            let state = updated.screen.state
            event.stateChanges = step.changedNames.map { Event.StateChange(name: $0, state: state[$0]) }
            record(event)
            relayoutAfterStateChange(updated)
        } else if step.isUnresolved {
            report(.binding, "'\(screen.id)': the screen cannot be resolved in the new state; it keeps the old one")
        }
        for effect in step.effects {
            if let action = effect.routedAction { try route(action); continue }
            guard case .request(let request) = effect else { continue }
            session.track(request)
            var event = Event(object: name, kind: .requestDidStart)
            event.request = "\(request.method.rawValue) \(request.url)"
            record(event)
            requestHandler?.perform(request, for: self)
        }
    }

    /// Runs every node's `onAppear` (`appearing`) or `onDisappear` action, in document order, each with the
    /// locals of its place and the state the ones before it left — except in lazy items, whose actions run as they
    /// enter and leave the visible area (`updateLazyItemVisibility()`).
    func runLifecycleActions(appearing: Bool) {
        guard let layoutResult else { return }
        let found = ScreenSession.lifecycleActions(in: layoutResult, appearing: appearing, skippingLazyItems: true)
        for (action, locals) in found {
            do throws(RuntimeError) { try perform(action, locals: locals) } catch {
                report(.action, "'\(screen.id)' \(appearing ? "onAppear" : "onDisappear"): \(error.message)")
            }
        }
    }
}
