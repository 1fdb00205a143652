extension DecodingContext {
    /// Most variables one screen's state may declare.
    package static let maxStateVariables = 1_000

    /// Decodes the screen's `"state"` (the value at the top of `path`): each member a variable, typed by its
    /// initial value. Sets the scope every binding of the tree is checked in.
    mutating func decodeState(_ value: JSONValue) {
        guard case .object(let pairs) = value else {
            error(.wrongType, "must be an object of state variables and their initial values, such as {\"count\": 0, \"email\": \"\"}; got \(value.brief)")
            return
        }
        if pairs.count > Self.maxStateVariables {
            error(.limitExceeded, "more than \(Self.maxStateVariables) state variables")
            return
        }
        var variables: [(name: String, value: StateValue)] = []
        for (name, initial) in pairs {
            guard ExpressionLexer.isName(name) else {
                error(.invalidValue, at: name, "\"\(name)\" cannot name a state variable: use letters, digits and _ (not starting with a digit, not true, false or null), so expressions can read it")
                continue
            }
            variables.append((name, StateValue(initial)))
        }
        bindings.state = ScreenState(variables)
        if let declared = bindings.declaredTypes { bindings.state.keepTypes(of: declared) }
        bindings.scope = ExpressionScope(schema: bindings.state.schema)
    }

    /// Puts `override`'s values over the payload's initial values (`PayloadDecoder.decode(_:state:)`); a variable
    /// the payload does not declare, or of another type, is a warning and changes nothing.
    mutating func applyStateOverride(_ override: ScreenState) {
        for (name, value) in zip(override.schema.names, override.values) {
            if let problem = bindings.state.set(name, to: value) {
                lenient(PayloadIssue.Code(rawValue: problem.code.rawValue), at: "state", "the state given to resolve against: \(problem.message)")
            }
        }
        bindings.resolvesGivenState = true
    }

    /// Decodes `"previews"`: named partial states (`{"empty cart": {"count": 0}}`), each checked against the
    /// screen's state.
    mutating func decodePreviews(_ value: JSONValue) -> [StatePreview] {
        guard case .object(let pairs) = value else {
            error(.wrongType, "must be an object of named states, such as {\"empty cart\": {\"count\": 0}}; got \(value.brief)")
            return []
        }
        var previews: [StatePreview] = []
        for (name, values) in pairs {
            path.append(.key(name))
            defer { path.removeLast() }
            guard !name.isEmpty else { error(.invalidValue, "a preview needs a name"); continue }
            guard case .object(let members) = values else {
                error(.wrongType, "must be an object of state variables and their values, got \(values.brief)")
                continue
            }
            var state = bindings.state
            for (variable, item) in members {
                if let problem = state.set(variable, to: StateValue(item)) {
                    error(PayloadIssue.Code(rawValue: problem.code.rawValue), at: variable, problem.message)
                }
            }
            previews.append(StatePreview(name: name, state: state))
        }
        return previews
    }

    // MARK: Values actions compute

    /// A JSON value whose strings may be bindings, checked in the current scope.
    mutating func valueTemplate(_ value: JSONValue) -> ValueTemplate? {
        switch value {
        case .string(let s):
            guard bindings.mayHaveBindings else { return .literal(.string(s)) }
            if StateBinding.isBinding(s) { return compileBinding(s).map { .binding($0) } }
            return .literal(.string(StateBinding.unescaped(s)))
        case .array(let items):
            var templates: [ValueTemplate] = []
            var ok = true
            for (i, item) in items.enumerated() {
                path.append(.index(i))
                if let t = valueTemplate(item) { templates.append(t) } else { ok = false }
                path.removeLast()
            }
            guard ok else { return nil }
            if templates.allSatisfy({ if case .literal = $0 { return true } else { return false } }) {
                return .literal(.array(templates.map { if case .literal(let v) = $0 { return v } else { return .null } }))
            }
            return .array(templates)
        case .object(let pairs):
            var values: [ValueTemplate] = []
            var ok = true
            for (key, item) in pairs {
                if let t = at(key, { $0.valueTemplate(item) }) { values.append(t) } else { ok = false }
            }
            guard ok else { return nil }
            let keys = pairs.map(\.key)
            if values.allSatisfy({ if case .literal = $0 { return true } else { return false } }) {
                return .literal(.object(StateObject(keys: keys, values: values.map { if case .literal(let v) = $0 { return v } else { return .null } })))
            }
            return .object(keys: keys, values: values)
        default:
            return .literal(StateValue(value))
        }
    }

    /// A string of `navigate`, `open` or `present`: as given, its bindings checked (they are computed when the
    /// action runs).
    mutating func actionString(_ value: JSONValue) -> String? {
        guard let s = string(value) else { return nil }
        guard bindings.mayHaveBindings, StateBinding.isBinding(s) else { return s }
        guard let binding = compileBinding(s), checkBindingType(binding, .text) else { return nil }
        return s
    }
}
