#if canImport(UIKit)
// Apple platforms only; compiled against Apple's SDK by Scripts/ios-build (see SDUIView.swift).
import UIKit
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIDisplay

/// Performs the `request` actions of a payload for the app (its networking, authentication, caching): the host never
/// performs I/O itself. Answer with `SDUIView.respond(to:with:)`.
@MainActor
public protocol SDUIRequestHandling: AnyObject {
    /// Starts `request` for `view` (an `SDUIScreenViewController`'s is its `sduiView`); call
    /// `view.respond(to: request, with: …)` when it completes.
    func perform(_ request: PendingRequest, for view: SDUIView)
}

// State, actions and inputs: the session (`ScreenSession`, the headless runtime's too) decides each change; the
// view carries out its step — reports the diagnostics, lays the payload out again after the change (incrementally
// when `StateUpdater` took its fast path) and updates the views in place, then performs the effects in order.
extension SDUIView {
    /// Answers `request` (one of `session.pendingRequests`): runs its `onSuccess` (2xx) or `onFailure` with `response`.
    /// - Throws: `ScreenSessionError.nodeNotFound` when the request is not pending.
    public func respond(to request: PendingRequest, with response: RequestResponse) throws(ScreenSessionError) {
        carryOut(try storedSession.respond(to: request, with: response), from: nil)
    }

    /// Sets state variable `name` to `value` (the app's change, as a `set` action would make it).
    /// - Throws: `ScreenSessionError.invalidValue` for an unknown name or a value of another type (nothing changes).
    public func setState(_ name: String, to value: StateValue) throws(ScreenSessionError) {
        carryOut(try storedSession.setState(name, to: value), from: nil)
    }

    /// What a tap on the node with `index` does: navigation and custom actions go to the app's router, state actions
    /// run in the session with the locals of the node's place (a template item's `item` and `index`).
    func performAction(ofItemAt index: NodeIndex) {
        let items = driver.items
        guard index.int >= 0, index.int < items.count, let action = items[index.int].action else { return }
        let locals = lastLayout.map { storedSession.locals(ofNodeAt: index.int, in: $0.result) } ?? []
        perform(action, locals: locals, from: items[index.int])
    }

    /// The user changed the control of the node with `index` to `value` (a switch, a text field's text, a stepper, a
    /// picker's choice); a refused value is reported and the control shows the state again.
    func setInput(ofItemAt index: NodeIndex, to value: StateValue) {
        guard let layout = lastLayout?.result else { return }
        do throws(ScreenSessionError) {
            carryOut(try storedSession.setInput(ofNodeAt: index.int, in: layout, to: value), from: nil)
        } catch {
            diagnosticHandler?(error.message)
            show(layout, after: nil)
        }
    }

    /// The return key of the text field with `index`: its `submitAction`, if it has one.
    func submitInput(ofItemAt index: NodeIndex) {
        guard let layout = lastLayout?.result, let action = storedSession.submitAction(ofNodeAt: index.int, in: layout) else { return }
        let items = driver.items
        perform(action, locals: storedSession.locals(ofNodeAt: index.int, in: layout), from: index.int < items.count ? items[index.int] : nil)
    }

    /// Runs every node's `onAppear` (or `onDisappear`) action in document order, each with the locals of its place —
    /// except in lazy items, whose actions run as they enter and leave the root scroll's visible area
    /// (`updateLazyItemVisibility()`).
    func runLifecycleActions(appearing: Bool) {
        guard let layout = lastLayout?.result else { return }
        for (action, locals) in ScreenSession.lifecycleActions(in: layout, appearing: appearing, skippingLazyItems: true) {
            perform(action, locals: locals, from: nil)
        }
    }

    /// Finds the root scroll's visible lazy items and runs the actions of those that entered or left its visible area.
    func updateLazyItemVisibility() {
        lazyItems.update(current: { [unowned self] in
            lastLayout.map { last in LazyItemTracker.Snapshot(layout: last.result, items: driver.items) }
        }, perform: { [unowned self] action, locals, _ in perform(action, locals: locals, from: nil) },
           report: { [unowned self] message in diagnosticHandler?(message) })
    }

    /// Performs a node's action with the locals of its place: navigation and custom actions for the router (`origin`:
    /// the tapped node's item; the root's for actions no tap started), the others in the session.
    private func perform(_ action: Action, locals: ScreenSession.Locals, from origin: DisplayItem?) {
        guard ScreenSession.runsInSession(action) else {
            if let from = origin ?? driver.items.first { router?.perform(action, from: from) }
            return
        }
        carryOut(storedSession.run(action, locals: locals), from: origin)
    }

    /// Carries out a session step: diagnostics reported, the payload laid out again after the change (in the last
    /// layout's window, traits and proposal; before the first layout, at the next), then the effects in order —
    /// navigation for the router (`origin`: the tapped node's item; the root's for actions no tap started), requests
    /// for the handler. A change that alters the size the view fits its content in tells Auto Layout and the app.
    func carryOut(_ step: ScreenSession.Step, from origin: DisplayItem?) {
        for diagnostic in step.diagnostics { diagnosticHandler?(diagnostic) }
        if let update = step.update {
            for warning in update.warnings { diagnosticHandler?("'\(screen.id)': \(warning)") }
            measured = [:]
            if let last = lastLayout {
                let before = last.result.environment.size
                let result = engine.layout(applying: update, proposal: last.proposal, in: last.environment, traits: last.traits)
                lastLayout = (result, last.environment, last.traits, last.proposal)
                show(result, after: update)
                if result.environment.size != before { sizeMayHaveChanged() }
            } else {
                lastLayoutKey = nil
                sizeMayHaveChanged()
            }
        } else if step.isUnresolved {
            diagnosticHandler?("'\(screen.id)': the screen cannot be resolved in the new state; it keeps the old one")
        }
        for effect in step.effects {
            if let action = effect.routedAction {
                if let from = origin ?? driver.items.first { router?.perform(action, from: from) }
            } else if case .request(let request) = effect {
                storedSession.track(request)
                requestHandler?.perform(request, for: self)
            }
        }
    }
}
#endif
