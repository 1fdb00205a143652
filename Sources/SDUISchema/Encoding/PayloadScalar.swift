import SDUIEnvironment

/// A value with one canonical JSON spelling in the payload format (see `docs/encoding.md`).
///
/// The scalars a `Responsive` value can hold conform, so `Responsive<Value>.jsonValue` is defined once.
protocol PayloadScalar: Hashable, Sendable {
    /// The value as the payload spells it.
    var jsonValue: JSONValue { get }
}

extension Double: PayloadScalar {
    /// A JSON number (integral values print without `.0`).
    var jsonValue: JSONValue { .number(self) }
}
extension Int: PayloadScalar {
    /// A JSON number.
    var jsonValue: JSONValue { .number(Double(self)) }
}
extension String: PayloadScalar {
    /// A JSON string; `@{` written `@@{`, so the text is not read as a binding.
    var jsonValue: JSONValue { .string(StateBinding.escaped(self)) }
}
extension Bool: PayloadScalar {
    /// A JSON boolean.
    var jsonValue: JSONValue { .bool(self) }
}
extension Alignment: PayloadScalar {
    /// The case name (`"topLeading"`).
    var jsonValue: JSONValue { .string(rawValue) }
}
extension Axis: PayloadScalar {
    /// The case name.
    var jsonValue: JSONValue { .string(rawValue) }
}
extension ContentMode: PayloadScalar {
    /// The case name.
    var jsonValue: JSONValue { .string(rawValue) }
}
extension ImagePlaceholder: PayloadScalar {
    /// The case name.
    var jsonValue: JSONValue { .string(rawValue) }
}
extension ButtonStyle: PayloadScalar {
    /// The case name.
    var jsonValue: JSONValue { .string(rawValue) }
}
extension PresentationStyle: PayloadScalar {
    /// The case name.
    var jsonValue: JSONValue { .string(rawValue) }
}
extension TruncationMode: PayloadScalar {
    /// The case name.
    var jsonValue: JSONValue { .string(rawValue) }
}
extension TextStyle: PayloadScalar {
    /// The case name (`"largeTitle"`).
    var jsonValue: JSONValue { .string(rawValue) }
}
extension FontWeight: PayloadScalar {
    /// The case name (`"semibold"`).
    var jsonValue: JSONValue { .string(rawValue) }
}

extension Color: PayloadScalar {
    /// The name it was written as when set, else `#rrggbb[aa]`, else `{"light": …, "dark": …}` when the
    /// appearances differ.
    public var jsonValue: JSONValue {
        if let name { return .string(name) }
        if light == dark { return .string(light.hex) }
        return .object([("light", .string(light.hex)), ("dark", .string(dark.hex))])
    }
}

extension Responsive where Value: PayloadScalar {
    /// `.fixed(v)` → the scalar; `.sizeClass` → `{"compact": …, "regular": …}` without a missing class.
    var jsonValue: JSONValue { jsonValue(scalar: { $0.jsonValue }) }
}

extension Responsive {
    /// The payload spelling with `scalar` encoding each value.
    func jsonValue(scalar: (Value) -> JSONValue) -> JSONValue {
        switch self {
        case .fixed(let value):
            return scalar(value)
        case .sizeClass(let compact, let regular):
            var pairs: [(key: String, value: JSONValue)] = []
            if let compact { pairs.append(("compact", scalar(compact))) }
            if let regular { pairs.append(("regular", scalar(regular))) }
            return .object(pairs)
        }
    }
}

extension Action {
    /// `{"type": "navigate", "screen": …}` and so on; a custom action's payload keys follow its `type`.
    public var jsonValue: JSONValue {
        switch self {
        case .navigate(let screen):
            return .object([("type", .string("navigate")), ("screen", .string(screen))])
        case .open(let url):
            return .object([("type", .string("open")), ("url", .string(url))])
        case .present(let screen, let style):
            return .object([("type", .string("present")), ("screen", .string(screen)), ("style", style.jsonValue)])
        case .dismiss:
            return .object([("type", .string("dismiss"))])
        case .set(let name, let value):
            return .object([("type", .string("set")), ("name", .string(name)), ("value", value.jsonValue)])
        case .toggle(let name):
            return .object([("type", .string("toggle")), ("name", .string(name))])
        case .append(let name, let value):
            return .object([("type", .string("append")), ("name", .string(name)), ("value", value.jsonValue)])
        case .remove(let name, .index(let index)):
            return .object([("type", .string("remove")), ("name", .string(name)), ("index", index.jsonValue)])
        case .remove(let name, .value(let value)):
            return .object([("type", .string("remove")), ("name", .string(name)), ("value", value.jsonValue)])
        case .sequence(let actions):
            return .object([("type", .string("sequence")), ("actions", .array(actions.map(\.jsonValue)))])
        case .if(let condition, let then, let otherwise):
            var pairs: [(key: String, value: JSONValue)] = [("type", .string("if")), ("condition", condition.jsonValue)]
            if let then { pairs.append(("then", then.jsonValue)) }
            if let otherwise { pairs.append(("else", otherwise.jsonValue)) }
            return .object(pairs)
        case .request(let request):
            var pairs: [(key: String, value: JSONValue)] = [("type", .string("request")), ("url", request.url.jsonValue)]
            if request.method != .GET { pairs.append(("method", .string(request.method.rawValue))) }
            if let body = request.body { pairs.append(("body", body.jsonValue)) }
            if let onSuccess = request.onSuccess { pairs.append(("onSuccess", onSuccess.jsonValue)) }
            if let onFailure = request.onFailure { pairs.append(("onFailure", onFailure.jsonValue)) }
            return .object(pairs)
        case .custom(let type, let payload):
            var pairs: [(key: String, value: JSONValue)] = [("type", .string(type))]
            if case .object(let rest) = payload { pairs += rest.filter { $0.key != "type" } }
            return .object(pairs)
        }
    }
}

extension LintSettings {
    /// `{"disable": [{"code": …, "reason": …}]}`.
    var jsonValue: JSONValue {
        .object([("disable", .array(disable.map { .object([("code", .string($0.code)), ("reason", .string($0.reason))]) }))])
    }
}
