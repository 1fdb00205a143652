import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIDisplay
import SDUIRender

// The page's messages from the browser: taps and inputs run through the session, as a native host's controls do;
// choices, state edits, previews and request answers.
extension LivePage {
    /// Handles one message of the page's browser (a JSON object with `"t"`); what it changes is sent.
    func handle(_ message: JSONValue) {
        guard case .string(let type)? = message["t"] else { return }
        switch type {
        case "tap", "input", "pick", "menu", "state", "preview", "reset", "respond":
            lock.lock()
            send(interaction(type, message))
            lock.unlock()
        case "choose":
            lock.lock()
            let (messages, lintChanged) = choose(PageChoices(message["choices"], over: choices))
            send(messages)
            lock.unlock()
            if lintChanged { sendLint() }
        default:
            break
        }
    }

    /// A message that goes through the session (or starts a new one); the messages it answers with.
    private func interaction(_ type: String, _ message: JSONValue) -> [JSONValue] {
        guard session != nil else { return [notice("the payload has not decoded yet")] }
        switch type {
        case "state": return editState(message["json"])
        case "preview": return pickPreview(message["name"])
        case "reset":
            guard let base = baseScreen else { return [] }
            preview = nil
            restartSession(base, carrying: nil, runsAppearActions: true)
            return afterRestart()
        case "respond": return respond(message)
        default: break
        }
        guard case .string(let windowID)? = message["w"], case .string(let key)? = message["k"],
              let panel = panels.first(where: { $0.window.id == windowID }), let index = panel.itemIndex(key: key) else {
            return [notice("that element is gone (the page changed under the click)")]
        }
        do throws(ScreenSessionError) {
            switch type {
            case "input":
                guard case .string(let text)? = message["text"], text.utf8.count <= 100_000 else { return [] }
                return carryOut(try session!.setInput(ofNodeAt: index, in: panel.layout, to: .string(text)))
            case "pick":
                guard case .number(let n)? = message["index"], case .picker(let options, _, _)? = session!.input(ofNodeAt: index, in: panel.layout),
                      n >= 0, Int(n) < options.count else { return [] }
                return carryOut(try session!.setInput(ofNodeAt: index, in: panel.layout, to: options[Int(n)].value))
            case "menu":
                guard case .picker(let options, let selected, _)? = session!.input(ofNodeAt: index, in: panel.layout) else { return [] }
                return [.object([("t", .string("menu")), ("w", .string(windowID)), ("k", .string(key)),
                                 ("options", .array(options.map { .string($0.label) })),
                                 ("selected", selected.map { .number(Double($0)) } ?? .null)])]
            default:
                return try tap(panel: panel, index: index, message: message)
            }
        } catch {
            return [notice(error.message)]
        }
    }

    /// A tap at (`x`, `y`) points in the node's element: a toggle flips, a stepper steps on its − or +, a segmented
    /// picker selects the segment, a menu picker lists its options, a text field is opened for editing (its text, as
    /// the state holds it), a node with an action runs it.
    private func tap(panel: LivePanel, index: Int, message: JSONValue) throws(ScreenSessionError) -> [JSONValue] {
        guard index >= 0, index < panel.layout.nodeCount else {
            throw ScreenSessionError(.nodeNotFound, "'\(panel.layout.screenID)' has no node at layout index \(index)")
        }
        var x = -1.0
        if case .number(let n)? = message["x"], n.isFinite { x = n }
        let width = panel.items[index].frame.width
        switch session!.input(ofNodeAt: index, in: panel.layout) {
        case .toggle?:
            return carryOut(try session!.toggleInput(ofNodeAt: index, in: panel.layout))
        case .stepper(let value, let range, let step)?:
            let direction = InputHitTesting.stepperDirection(atX: x, width: width)
            guard direction != 0 else { return [] }
            let next = min(max(value + Double(direction) * step, range.lowerBound), range.upperBound)
            return carryOut(try session!.setInput(ofNodeAt: index, in: panel.layout, to: StateValue(next)))
        case .picker(let options, let selected, let segmented)?:
            if segmented {
                guard let i = InputHitTesting.segment(atX: x, width: width, count: options.count) else { return [] }
                return carryOut(try session!.setInput(ofNodeAt: index, in: panel.layout, to: options[i].value))
            }
            return [.object([("t", .string("menu")), ("w", .string(panel.window.id)), ("k", .string(PatchablePanel.key(panel.items[index]))),
                             ("options", .array(options.map { .string($0.label) })), ("selected", selected.map { .number(Double($0)) } ?? .null)])]
        case .textField(let text, let placeholder, let keyboard, let isSecure)?:
            // The page opens an editor over the field; what is typed comes back as `input` messages.
            return [.object([("t", .string("edit")), ("w", .string(panel.window.id)), ("k", .string(PatchablePanel.key(panel.items[index]))),
                             ("text", .string(text)), ("placeholder", .string(placeholder)), ("secure", .bool(isSecure)),
                             ("keyboard", .string(keyboard.rawValue))])]
        case nil:
            guard let (action, locals) = try? session!.action(ofNodeAt: index, in: panel.layout) else { return [] }
            return carryOut(session!.run(action, locals: locals))
        }
    }

    /// Carries out a session step: the panels patched after its state change (incrementally: the step's update), the
    /// state panel, then its diagnostics and effects as notices (navigation is not followed; requests wait for an
    /// answer in the page's Requests list).
    func carryOut(_ step: ScreenSession.Step) -> [JSONValue] {
        var out: [JSONValue] = []
        if let update = step.update {
            if let patch = relayoutAll(after: update) { out.append(patch) }
            out.append(stateMessage())
        } else if step.isUnresolved {
            out.append(notice("the screen cannot be resolved in the new state; it keeps the old one"))
        }
        for diagnostic in step.diagnostics { out.append(notice(diagnostic)) }
        var requestsChanged = false
        for effect in step.effects {
            if let action = effect.routedAction {
                out.append(notice(Self.describe(action) + " — not followed in the preview"))
            } else if case .request(let request) = effect {
                session!.track(request)
                requests.append((nextRequestID, request))
                nextRequestID += 1
                requestsChanged = true
            }
        }
        if requestsChanged { out.append(requestsMessage()) }
        return out
    }

    /// `{"t": "respond", "id", "ok"}`: answers a pending request with 200 and an empty object, or a failure.
    private func respond(_ message: JSONValue) -> [JSONValue] {
        guard case .number(let n)? = message["id"], let k = requests.firstIndex(where: { Double($0.id) == n }) else { return [] }
        let ok: Bool
        if case .bool(let b)? = message["ok"] { ok = b } else { ok = true }
        let request = requests.remove(at: k).request
        let response = ok ? RequestResponse(status: 200, body: StateValue(JSONValue.object([])))
            : RequestResponse(status: 500, body: .null, error: "failed in the preview")
        do throws(ScreenSessionError) {
            return carryOut(try session!.respond(to: request, with: response)) + [requestsMessage()]
        } catch {
            return [notice(error.message), requestsMessage()]
        }
    }

    /// `{"t": "state", "json": TEXT}`: the state panel's edit; each variable checked (name and type) — problems are
    /// answered with their JSON Pointer (and, for text that is not JSON, line and column); nothing changes then.
    private func editState(_ text: JSONValue?) -> [JSONValue] {
        guard case .string(let source)? = text, let current = session?.state else { return [] }
        let parsed: JSONValue
        switch JSONValue.parse(Array(source.utf8), maxDepth: 64) {
        case .success(let value): parsed = value
        case .failure(let error):
            let problem = ServeProblem(code: "invalid-json", pointer: error.pointer, location: SourceLocation.fromMessage(error.message), message: error.message)
            return [stateProblems([problem])]
        }
        let (state, problems) = Self.state(parsed, over: current)
        guard problems.isEmpty else { return [stateProblems(problems)] }
        var out: [JSONValue] = [stateProblems([])]
        var last: ScreenSession.Step?
        for name in state.schema.names where state[name] != current[name] {
            do throws(ScreenSessionError) {
                let step = try session!.setState(name, to: state[name]!)
                if step.update != nil { last = step }
            } catch {
                return [stateProblems([ServeProblem(code: "invalid-value", pointer: JSONPointer.appending("", name), message: error.message)])]
            }
        }
        guard last != nil else { return out + [stateMessage()] }
        if let patch = relayoutAll(after: nil) { out.append(patch) }
        out.append(stateMessage())
        return out
    }

    private func stateProblems(_ problems: [ServeProblem]) -> JSONValue {
        .object([("t", .string("stateProblems")), ("html", .string(problems.isEmpty ? "" : "<ul>" + problems.map { p in
            "<li><code>" + LiveMarkup.text(p.pointer.isEmpty ? "/" : p.pointer) + "</code> "
                + (p.location.map { "<span class=\"sv-location\">" + LiveMarkup.text($0.description) + "</span> " } ?? "")
                + LiveMarkup.text(p.message) + "</li>"
        }.joined() + "</ul>"))])
    }

    /// `{"t": "preview", "name"}`: the session starts again in the named state (`""`: the initial state).
    private func pickPreview(_ name: JSONValue?) -> [JSONValue] {
        guard let base = baseScreen, case .string(let picked)? = name else { return [] }
        if picked.isEmpty {
            preview = nil
            restartSession(base, carrying: nil, runsAppearActions: false)
        } else {
            guard let named = base.previews.first(where: { $0.name == picked }) else { return [notice("no preview named \(picked)")] }
            preview = picked
            restartSession(base, carrying: named.state, runsAppearActions: false)
        }
        return afterRestart()
    }

    private func afterRestart() -> [JSONValue] {
        var out: [JSONValue] = []
        if let patch = relayoutAll(after: nil) { out.append(patch) }
        out.append(stateMessage())
        out.append(requestsMessage())
        return out
    }

    /// New choices: panels made for windows turned on (the panels sent whole), laid out again at a new size (patched),
    /// nothing for the appearance alone (the page switches it). Whether the lint's configurations changed.
    func choose(_ new: PageChoices) -> (messages: [JSONValue], lintChanged: Bool) {
        let old = choices
        choices = new
        guard let session else { return ([], false) }
        let windows = visibleWindows
        let sizeChanged = new.contentSize != old.contentSize
        if windows.map(\.id) != panels.map(\.window.id) {
            let traits = self.traits
            var kept: [String: LivePanel] = [:]
            for panel in panels { kept[panel.window.id] = panel }
            panels = windows.map { window in
                if let panel = kept[window.id] {
                    _ = panel.relayout(session.screen, after: nil, traits: traits(window))
                    return panel
                }
                return LivePanel(window: window, traits: traits(window), screen: session.screen, fonts: context.fonts)
            }
            return ([panelsMessage()], true)
        }
        guard sizeChanged else { return ([], false) }
        let traits = self.traits
        let patches = panels.compactMap { $0.relayout(session.screen, after: nil, traits: traits($0.window)) }
        return (patches.isEmpty ? [] : [.object([("t", .string("patch")), ("panels", .array(patches))])], true)
    }

    func notice(_ text: String) -> JSONValue { .object([("t", .string("notice")), ("text", .string(text))]) }

    /// A routed action in words (`navigate product/42`).
    static func describe(_ action: Action) -> String {
        switch action {
        case .navigate(let screen): return "navigate to " + screen
        case .present(let screen, let style): return "present " + screen + " (" + style.rawValue + ")"
        case .dismiss: return "dismiss"
        case .open(let url): return "open " + url
        case .custom(let type, _): return "custom action " + type
        default: return action.typeName
        }
    }
}
