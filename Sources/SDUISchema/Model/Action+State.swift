/// A value an action computes when it runs: JSON, where any string may be a binding (`"@{count + 1}"`), arrays
/// and objects included (`{"id": "@{item.id}", "quantity": 1}`).
public indirect enum ValueTemplate: Hashable, Sendable, CustomStringConvertible {
    /// A value with no binding in it.
    case literal(StateValue)
    /// A string that is a binding (exact or interpolated).
    case binding(StateBinding)
    /// An array with a binding somewhere in it.
    case array([ValueTemplate])
    /// An object with a binding somewhere in it: member names and values, in order.
    case object(keys: [String], values: [ValueTemplate])

    /// The type the value will have, as checked (`any` where a binding's type is not known).
    public var type: StateType {
        switch self {
        case .literal(let value): return value.type
        case .binding(let binding): return binding.resultType
        case .array(let items): return .array(StateType.unifying(items.lazy.map(\.type)))
        case .object(let keys, let values): return .object(StateObjectType(zip(keys, values.map(\.type)).map { ($0, $1) }))
        }
    }

    /// The payload spelling (bindings as their source strings; a literal string's `@{` as `@@{`).
    public var jsonValue: JSONValue {
        switch self {
        case .literal(let value): return Self.escaping(value.jsonValue)
        case .binding(let binding): return .string(binding.source)
        case .array(let items): return .array(items.map(\.jsonValue))
        case .object(let keys, let values): return .object(zip(keys, values).map { (key: $0, value: $1.jsonValue) })
        }
    }

    public var description: String { jsonValue.serialized() }

    /// `value` with every string's `@{` written `@@{`.
    static func escaping(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let s): return .string(StateBinding.escaped(s))
        case .array(let items): return .array(items.map(escaping))
        case .object(let pairs): return .object(pairs.map { (key: $0.key, value: escaping($0.value)) })
        default: return value
        }
    }
}

/// Which elements a `remove` action takes out of an array.
public enum RemoveSelector: Hashable, Sendable {
    /// The element at this index (a whole number; out of range is a diagnostic).
    case index(ValueTemplate)
    /// Every element equal to this value.
    case value(ValueTemplate)
}

/// An HTTP method a `request` action may use.
public enum HTTPMethod: String, Hashable, Sendable, CaseIterable {
    case GET, POST, PUT, PATCH, DELETE
}

/// A request the host app performs (`{"type": "request", "url": …, "onSuccess": …, "onFailure": …}`).
///
/// The action interpreter does not perform it: it returns it as an effect, and the host (through the handler the
/// app provides) answers it later with a response, which runs `onSuccess` or `onFailure` with `response` in scope:
/// `response.status` (number), `response.body` (the parsed JSON body, or the text; `null` when empty) and, on
/// failure, `response.error` (a string).
public struct RequestAction: Hashable, Sendable {
    /// Where to send it; may interpolate (`"https://api.example.com/cart/@{cartID}"`).
    public var url: ValueTemplate
    public var method: HTTPMethod
    /// The JSON body (POST, PUT, PATCH), computed when the action runs.
    public var body: ValueTemplate?
    /// Runs when the response's status is 200…299.
    public var onSuccess: Action?
    /// Runs on any other status, or when there is no response (`response.status` 0).
    public var onFailure: Action?

    public init(url: ValueTemplate, method: HTTPMethod = .GET, body: ValueTemplate? = nil, onSuccess: Action? = nil, onFailure: Action? = nil) {
        self.url = url; self.method = method; self.body = body; self.onSuccess = onSuccess; self.onFailure = onFailure
    }
}
