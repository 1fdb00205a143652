extension DecodingContext {
    /// Reports the keys of the action `value` that a `type` action does not take — it takes `known` besides `type` —
    /// (a probable typo when a small edit away from one it takes).
    mutating func checkActionKeys(_ type: String, _ value: JSONValue, known: [String]) {
        guard case .object(let pairs) = value else { return }
        for (key, _) in pairs where key != "type" && !known.contains(key) {
            reportUnknown(key, at: key, "unknown property \"\(key)\" of a \(type) action", known: known)
        }
    }

    /// The type of a request's `response` in its `onSuccess` and `onFailure`.
    static let responseType = StateType.object(StateObjectType([("status", .number), ("body", .any), ("error", .string)]))

    /// Decodes a `set`, `toggle`, `append`, `remove`, `sequence`, `if` or `request` action (the object at the
    /// top of `path`), checking its names against the state and its values' types against the variables'.
    mutating func stateAction(_ type: String, _ value: JSONValue) -> Action? {
        guard case .object = value else { return nil }
        func member(_ key: String) -> JSONValue? { value[key] }
        switch type {
        case "set":
            guard let (name, declared) = stateVariable(value, for: type, expecting: nil),
                  let template = requiredTemplate(value, "value", for: type) else { return nil }
            guard assignable(template.type, to: declared, name: name, at: "value") else { return nil }
            return .set(name: name, value: template)
        case "toggle":
            guard let (name, _) = stateVariable(value, for: type, expecting: .bool) else { return nil }
            return .toggle(name: name)
        case "append":
            guard let (name, declared) = stateVariable(value, for: type, expecting: .array(.any)),
                  let template = requiredTemplate(value, "value", for: type) else { return nil }
            if case .array(let element) = declared {
                guard assignable(template.type, to: element, name: "an element of \(name)", at: "value") else { return nil }
            }
            return .append(name: name, value: template)
        case "remove":
            guard let (name, _) = stateVariable(value, for: type, expecting: .array(.any)) else { return nil }
            switch (member("index"), member("value")) {
            case (let index?, nil):
                guard let template = at("index", { $0.valueTemplate(index) }) else { return nil }
                guard template.type.mayBe(.number) else {
                    error(.typeMismatch, at: "index", "must be a number (the element's position), got \(template.type.withArticle)")
                    return nil
                }
                return .remove(name: name, selector: .index(template))
            case (nil, let element?):
                guard let template = at("value", { $0.valueTemplate(element) }) else { return nil }
                return .remove(name: name, selector: .value(template))
            default:
                error(.missingProperty, "a remove action takes exactly one of \"index\" (the element's position) and \"value\" (remove every element equal to it)")
                return nil
            }
        case "sequence":
            guard let list = member("actions") else {
                error(.missingProperty, at: "actions", "required by a sequence action: the actions to run in order")
                return nil
            }
            guard case .array(let items) = list else {
                error(.wrongType, at: "actions", "must be an array of actions, got \(list.brief)")
                return nil
            }
            var actions: [Action] = []
            var ok = true
            at("actions") { context in
                for (i, item) in items.enumerated() {
                    context.path.append(.index(i))
                    if let action = context.action(item) { actions.append(action) } else { ok = false }
                    context.path.removeLast()
                }
            }
            return ok ? .sequence(actions) : nil
        case "if":
            guard let condition = requiredTemplate(value, "condition", for: type) else { return nil }
            guard condition.type.mayBe(.bool) else {
                error(.typeMismatch, at: "condition", "must be true or false, such as \"@{count > 0}\"; \(condition) gives \(condition.type.withArticle)")
                return nil
            }
            let then = member("then").flatMap { item in at("then") { $0.action(item) } }
            let otherwise = member("else").flatMap { item in at("else") { $0.action(item) } }
            if member("then") == nil && member("else") == nil {
                error(.missingProperty, at: "then", "required by an if action: \"then\", \"else\" or both")
                return nil
            }
            if (member("then") != nil && then == nil) || (member("else") != nil && otherwise == nil) { return nil }
            return .if(condition: condition, then: then, else: otherwise)
        case "request":
            guard let url = requiredTemplate(value, "url", for: type) else { return nil }
            guard url.type.isScalar else {
                error(.typeMismatch, at: "url", "must be a string, got \(url.type.withArticle)")
                return nil
            }
            var method = HTTPMethod.GET
            if let m = member("method") {
                guard let parsed = at("method", { $0.enumeration(m, HTTPMethod.self) }) else { return nil }
                method = parsed
            }
            var body: ValueTemplate?
            if let b = member("body") {
                guard let template = at("body", { $0.valueTemplate(b) }) else { return nil }
                body = template
            }
            // The handlers see the response.
            let saved = bindings.pushLocals([("response", Self.responseType)], values: nil)
            let onSuccess = member("onSuccess").flatMap { item in at("onSuccess") { $0.action(item) } }
            let onFailure = member("onFailure").flatMap { item in at("onFailure") { $0.action(item) } }
            bindings.popLocals(to: saved)
            if (member("onSuccess") != nil && onSuccess == nil) || (member("onFailure") != nil && onFailure == nil) { return nil }
            return .request(RequestAction(url: url, method: method, body: body, onSuccess: onSuccess, onFailure: onFailure))
        default:
            return nil
        }
    }

    /// The state variable an action names in `"name"`, and its type; nil with the problem reported. When
    /// `expecting` is given, the variable must be of its kind (a bool for `toggle`, an array for `append`).
    private mutating func stateVariable(_ value: JSONValue, for type: String, expecting: StateType?) -> (String, StateType)? {
        guard let nameValue = value["name"] else {
            error(.missingProperty, at: "name", "required by a \(type) action: the state variable it changes")
            return nil
        }
        guard let name = at("name", { $0.string(nameValue) }) else { return nil }
        guard let slot = bindings.state.schema.slot(of: name) else {
            let guess = Spelling.closest(to: name, among: bindings.state.schema.names).map { " — did you mean \"\($0)\"?" } ?? ""
            error(.unknownName, at: "name", "unknown state variable \"\(name)\"\(guess)\(ScreenState.knownNames(bindings.state.schema))")
            return nil
        }
        let declared = bindings.state.schema.types[slot]
        if let expecting, !declared.mayBe(expecting) {
            error(.typeMismatch, at: "name", "a \(type) action needs \(expecting == .bool ? "a bool" : "an array") variable; \(name) holds \(declared.withArticle)")
            return nil
        }
        return (name, declared)
    }

    private mutating func requiredTemplate(_ value: JSONValue, _ key: String, for type: String) -> ValueTemplate? {
        guard let item = value[key] else {
            error(.missingProperty, at: key, "required by a \(type) action")
            return nil
        }
        return at(key) { $0.valueTemplate(item) }
    }

    /// Whether a value of `type` may be stored where `declared` is held (reports it when it may not).
    private mutating func assignable(_ type: StateType, to declared: StateType, name: String, at key: String) -> Bool {
        if type.mayBe(declared) { return true }
        error(.typeMismatch, at: key, "\(name) holds \(declared.withArticle) (the type of its initial value); this value is \(type.withArticle)")
        return false
    }
}
