/// Runs actions as a pure function: a state and an action in; the new state, the effects for the host to carry
/// out and what went wrong out. No I/O, no clock: navigation, presentation, URLs and requests are returned as
/// `ActionEffect`s, in the order the actions produced them, for the runtime to perform.
///
/// Semantics: actions run in order and each sees the state the ones before it left (a `sequence` that sets
/// `count` and then shows it shows the new value). An action with a problem — a value of the wrong type, an
/// index out of range, a failing expression — changes nothing, is reported, and the actions after it still run.
/// A run is bounded: at most `maxActions` actions, each expression by `ExpressionLimits`.
public struct ActionInterpreter: Sendable {
    /// Most actions one run performs, nested ones included (10 000).
    public var maxActions: Int
    /// Bounds on each expression the actions compute.
    public var expressionLimits: ExpressionLimits

    public init(maxActions: Int = 10_000, expressionLimits: ExpressionLimits = ExpressionLimits()) {
        self.maxActions = maxActions
        self.expressionLimits = expressionLimits
    }

    /// Runs `action` against `state`; `locals` are the names the action's place adds (a template item's `item`
    /// and `index`: `ComponentNode.locals(ofNodeWithID:)`).
    /// - Complexity: O(actions run + the expressions' steps).
    public func run(_ action: Action, in state: ScreenState, locals: [(name: String, value: StateValue)] = []) -> ActionOutcome {
        var run = Run(interpreter: self, state: state)
        run.perform(action, locals: locals)
        return run.outcome
    }

    /// Runs a request's `onSuccess` (status 200…299) or `onFailure` with `response` in scope:
    /// `response.status`, `response.body`, `response.error`.
    public func respond(to request: PendingRequest, with response: RequestResponse, in state: ScreenState) -> ActionOutcome {
        var run = Run(interpreter: self, state: state)
        let handler = response.isSuccess ? request.onSuccess : request.onFailure
        if let handler {
            run.perform(handler, locals: request.locals + [("response", response.stateValue)])
        }
        return run.outcome
    }

    /// One run's progress.
    private struct Run {
        let interpreter: ActionInterpreter
        var state: ScreenState
        var effects: [ActionEffect] = []
        var changed: [Bool]
        var diagnostics: [ExpressionDiagnostic] = []
        var performed = 0
        /// Bindings compiled in this run, by locals signature and source.
        var compiled: [String: StateBinding] = [:]

        init(interpreter: ActionInterpreter, state: ScreenState) {
            self.interpreter = interpreter
            self.state = state
            self.changed = [Bool](repeating: false, count: state.schema.count)
        }

        var outcome: ActionOutcome {
            let names = zip(state.schema.names, changed).filter(\.1).map(\.0)
            return ActionOutcome(state: state, effects: effects, changedNames: names, diagnostics: diagnostics)
        }

        /// Performs `action` and what it contains, depth first, without recursion (an explicit work list).
        mutating func perform(_ action: Action, locals: [(name: String, value: StateValue)]) {
            var work: [Action] = [action]
            while let next = work.popLast() {
                performed += 1
                if performed > interpreter.maxActions {
                    report(ExpressionDiagnostic(.limitExceeded, "more than \(interpreter.maxActions) actions in one run: the rest do not run", column: 0), in: next)
                    return
                }
                switch next {
                case .sequence(let actions):
                    work.append(contentsOf: actions.reversed())
                case .if(let condition, let then, let otherwise):
                    guard let value = evaluate(condition, locals: locals, for: next) else { continue }
                    guard case .bool(let holds) = value else {
                        report(ExpressionDiagnostic(.typeMismatch, "the condition gives \(value.brief), not true or false", column: 0), in: next)
                        continue
                    }
                    if let branch = holds ? then : otherwise { work.append(branch) }
                default:
                    performLeaf(next, locals: locals)
                }
            }
        }

        private mutating func performLeaf(_ action: Action, locals: [(name: String, value: StateValue)]) {
            switch action {
            case .navigate(let screen):
                if let screen = text(screen, locals: locals, for: action) { effects.append(.navigate(screen: screen)) }
            case .open(let url):
                if let url = text(url, locals: locals, for: action) { effects.append(.open(url: url)) }
            case .present(let screen, let style):
                if let screen = text(screen, locals: locals, for: action) { effects.append(.present(screen: screen, style: style)) }
            case .dismiss:
                effects.append(.dismiss)
            case .set(let name, let template):
                guard let value = evaluate(template, locals: locals, for: action) else { return }
                assign(name, value, for: action)
            case .toggle(let name):
                guard case .bool(let b)? = state[name] else {
                    report(ExpressionDiagnostic(state[name] == nil ? .unknownName : .typeMismatch, "\(name) is not a bool state variable", column: 0), in: action)
                    return
                }
                assign(name, .bool(!b), for: action)
            case .append(let name, let template):
                guard case .array(var items)? = state[name] else {
                    report(ExpressionDiagnostic(state[name] == nil ? .unknownName : .typeMismatch, "\(name) is not an array state variable", column: 0), in: action)
                    return
                }
                guard let value = evaluate(template, locals: locals, for: action) else { return }
                guard items.count < interpreter.expressionLimits.maxArrayCount else {
                    report(ExpressionDiagnostic(.limitExceeded, "\(name) already holds \(items.count) elements (ExpressionLimits.maxArrayCount)", column: 0), in: action)
                    return
                }
                items.append(value)
                assign(name, .array(items), for: action)
            case .remove(let name, let selector):
                guard case .array(var items)? = state[name] else {
                    report(ExpressionDiagnostic(state[name] == nil ? .unknownName : .typeMismatch, "\(name) is not an array state variable", column: 0), in: action)
                    return
                }
                switch selector {
                case .index(let template):
                    guard let index = evaluate(template, locals: locals, for: action) else { return }
                    guard let position = index.doubleValue.flatMap({ Int(exactly: $0) }), items.indices.contains(position) else {
                        report(ExpressionDiagnostic(.indexOutOfRange, "index \(index.brief) is outside \(name) (\(items.count) element\(items.count == 1 ? "" : "s"))", column: 0), in: action)
                        return
                    }
                    items.remove(at: position)
                case .value(let template):
                    guard let value = evaluate(template, locals: locals, for: action) else { return }
                    items.removeAll { $0 == value }
                }
                assign(name, .array(items), for: action)
            case .request(let request):
                guard let url = evaluate(request.url, locals: locals, for: action) else { return }
                var body: StateValue?
                if let template = request.body {
                    guard let value = evaluate(template, locals: locals, for: action) else { return }
                    body = value
                }
                effects.append(.request(PendingRequest(url: url.interpolationText, method: request.method, body: body,
                                                       onSuccess: request.onSuccess, onFailure: request.onFailure, locals: locals)))
            case .custom(let type, let payload):
                effects.append(.custom(type: type, payload: payload))
            case .sequence, .if:
                perform(action, locals: locals)
            }
        }

        /// Stores `value` in variable `name` when it has the variable's type.
        private mutating func assign(_ name: String, _ value: StateValue, for action: Action) {
            guard let slot = state.schema.slot(of: name) else {
                report(ExpressionDiagnostic(.unknownName, "no state variable \"\(name)\"\(ScreenState.knownNames(state.schema))", column: 0), in: action)
                return
            }
            let old = state.values[slot]
            if let problem = state.set(slot: slot, to: value) {
                report(problem, in: action)
                return
            }
            if old != value || !sameRepresentation(old, value) { changed[slot] = true }
        }

        /// `1` and `1.0` are equal values; a change of representation still counts as a change of the variable.
        private func sameRepresentation(_ a: StateValue, _ b: StateValue) -> Bool {
            switch (a, b) {
            case (.int, .number), (.number, .int): return false
            default: return true
            }
        }

        /// A string of `navigate`, `open` or `present`, its `@{…}` computed.
        private mutating func text(_ string: String, locals: [(name: String, value: StateValue)], for action: Action) -> String? {
            guard StateBinding.isBinding(string) else { return StateBinding.unescaped(string) }
            return evaluate(.binding(StateBinding(source: string)), locals: locals, for: action)?.interpolationText
        }

        /// The value `template` computes, nil with the problem reported.
        private mutating func evaluate(_ template: ValueTemplate, locals: [(name: String, value: StateValue)], for action: Action) -> StateValue? {
            switch template {
            case .literal(let value):
                return value
            case .binding(let binding):
                let signature = locals.map { "\($0.name):\($0.value.type);" }.joined()
                let key = signature + "\u{0}" + binding.source
                let compiledBinding: StateBinding
                if let cached = compiled[key] {
                    compiledBinding = cached
                } else {
                    let scope = locals.reduce(ExpressionScope(schema: state.schema)) { $0.adding($1.name, $1.value.type) }
                    do {
                        compiledBinding = try StateBinding(compiling: binding.source, in: scope, limits: interpreter.expressionLimits)
                    } catch {
                        report(error, in: action)
                        return nil
                    }
                    compiled[key] = compiledBinding
                }
                do {
                    return try compiledBinding.evaluate(in: state, locals: locals.map(\.value), limits: interpreter.expressionLimits)
                } catch {
                    report(error, in: action)
                    return nil
                }
            case .array(let items):
                var values: [StateValue] = []
                for item in items {
                    guard let value = evaluate(item, locals: locals, for: action) else { return nil }
                    values.append(value)
                }
                return .array(values)
            case .object(let keys, let items):
                var values: [StateValue] = []
                for item in items {
                    guard let value = evaluate(item, locals: locals, for: action) else { return nil }
                    values.append(value)
                }
                return .object(StateObject(keys: keys, values: values))
            }
        }

        private mutating func report(_ diagnostic: ExpressionDiagnostic, in action: Action) {
            var diagnostic = diagnostic
            diagnostic.message = "\(action.typeName): " + diagnostic.message
            diagnostics.append(diagnostic)
        }
    }
}

/// What running actions gives.
public struct ActionOutcome: Hashable, Sendable {
    /// The state after the actions.
    public var state: ScreenState
    /// What the host must do, in order.
    public var effects: [ActionEffect]
    /// The state variables whose value changed, in schema order: the bindings that read them must be evaluated
    /// again (`StateDependencies`), nothing else.
    public var changedNames: [String]
    /// Problems: each skipped the action it names.
    public var diagnostics: [ExpressionDiagnostic]
}

/// Something running actions asks the host to do.
public enum ActionEffect: Hashable, Sendable {
    case navigate(screen: String)
    case open(url: String)
    case present(screen: String, style: PresentationStyle)
    case dismiss
    /// Perform a request and answer it with `ActionInterpreter.respond(to:with:in:)`.
    case request(PendingRequest)
    /// An action of a type this version does not know, for the host app.
    case custom(type: String, payload: JSONValue)
}

/// A request waiting for its response: what to send, and what runs when the response comes.
public struct PendingRequest: Hashable, Sendable {
    public var url: String
    public var method: HTTPMethod
    /// The JSON body (nil: none).
    public var body: StateValue?
    public var onSuccess: Action?
    public var onFailure: Action?
    /// The locals of the action's place, which the handlers see too.
    public var locals: [(name: String, value: StateValue)]

    public init(url: String, method: HTTPMethod, body: StateValue?, onSuccess: Action?, onFailure: Action?, locals: [(name: String, value: StateValue)]) {
        self.url = url; self.method = method; self.body = body; self.onSuccess = onSuccess; self.onFailure = onFailure; self.locals = locals
    }

    public static func == (lhs: PendingRequest, rhs: PendingRequest) -> Bool {
        lhs.url == rhs.url && lhs.method == rhs.method && lhs.body == rhs.body && lhs.onSuccess == rhs.onSuccess && lhs.onFailure == rhs.onFailure
            && lhs.locals.map(\.name) == rhs.locals.map(\.name) && lhs.locals.map(\.value) == rhs.locals.map(\.value)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(url); hasher.combine(method); hasher.combine(body) }
}

/// The answer to a `PendingRequest`.
public struct RequestResponse: Hashable, Sendable {
    /// The HTTP status (0: no response, such as no network).
    public var status: Int
    /// The body: parsed JSON, or the text when it is not JSON; `null` when empty.
    public var body: StateValue
    /// Why it failed (empty on success).
    public var error: String

    public init(status: Int, body: StateValue = .null, error: String = "") {
        self.status = status; self.body = body; self.error = error
    }

    /// A 2xx status.
    public var isSuccess: Bool { (200...299).contains(status) }

    /// `response` as the handlers read it: `{"status": …, "body": …, "error": …}`.
    public var stateValue: StateValue {
        .object(StateObject(keys: ["status", "body", "error"], values: [.int(status), body, .string(error)]))
    }
}

extension ComponentNode {
    /// The locals the node with `id` sees (`item` and `index` of each template around it, outermost first), or
    /// nil when no node in this subtree has that id.
    /// - Complexity: O(n) in the subtree's nodes.
    public func locals(ofNodeWithID id: String) -> [(name: String, value: StateValue)]? {
        // Each node with the locals its parent's template gives it (the root's: none).
        var stack: [(node: ComponentNode, depth: Int, locals: [(name: String, value: StateValue)])] = [(self, 0, [])]
        var scopes: [[(name: String, value: StateValue)]] = []
        while let (node, depth, locals) = stack.popLast() {
            scopes.removeLast(max(0, scopes.count - depth))
            scopes.append(locals)
            if node.id == id { return scopes.flatMap { $0 } }
            for k in node.children.indices.reversed() {
                stack.append((node.children[k], depth + 1, node.templateLocals(ofChild: k)))
            }
        }
        return nil
    }
}
