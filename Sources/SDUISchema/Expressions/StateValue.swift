/// A value held by a screen's state and computed by expressions: JSON's data types, with whole numbers kept
/// exact (`int`) and fractions as `number`.
///
/// JSON has one number type and so does the expression language (`StateType.number`): `int` and `number` are
/// two representations of it. Arithmetic on two `int`s stays exact (64-bit) and falls back to `number` when it
/// would overflow; `1 == 1.0` is true. Numbers are always finite: an operation that would give infinity or NaN
/// is a diagnostic instead.
public enum StateValue: Hashable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A finite number (fractions, and whole numbers beyond `Int`'s range).
    case number(Double)
    case string(String)
    case array([StateValue])
    case object(StateObject)

    /// The value of a JSON value: whole numbers of magnitude below 2⁵³ become `int`, other numbers `number`.
    /// - Complexity: O(n) in the size of the value.
    public init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = StateValue(n)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(StateValue.init))
        case .object(let pairs): self = .object(StateObject(keys: pairs.map(\.key), values: pairs.map { StateValue($0.value) }))
        }
    }

    /// `n` as an `int` when it is whole and of magnitude below 2⁵³, else as a `number`.
    @inlinable
    public init(_ n: Double) {
        if abs(n) < 9_007_199_254_740_992, let i = Int(exactly: n) { self = .int(i) } else { self = .number(n) }
    }

    /// The value as JSON (an `int` becomes a JSON number).
    /// - Complexity: O(n) in the size of the value.
    public var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .number(Double(i))
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .array(let items): return .array(items.map(\.jsonValue))
        case .object(let object): return .object(zip(object.keys, object.values).map { (key: $0, value: $1.jsonValue) })
        }
    }

    /// The value's type as the type checker names it (`number` for both representations).
    public var type: StateType {
        switch self {
        case .null: return .null
        case .bool: return .bool
        case .int, .number: return .number
        case .string: return .string
        case .array(let items): return .array(StateType.unifying(items.lazy.map(\.type)))
        case .object(let object): return .object(StateObjectType(zip(object.keys, object.values.map(\.type)).map { ($0, $1) }))
        }
    }

    /// Whether the value is of `type`'s kind (elements and members are not looked at): what a variable of that
    /// type may hold.
    /// - Complexity: O(1).
    public func fits(_ type: StateType) -> Bool {
        switch (self, type) {
        case (_, .any), (.null, .null), (.bool, .bool), (.int, .number), (.number, .number), (.string, .string),
             (.array, .array), (.object, .object):
            return true
        default:
            return false
        }
    }

    /// Whether the value fits `type` all the way down: its kind (as `fits`), and each array element and each
    /// object member the type names (a null element or member fits any type, as `[1, null]` is an array of
    /// numbers). What a variable of that type may be set to from outside (a state file, `set:`, an action).
    /// - Complexity: O(size of the value).
    public func conforms(to type: StateType) -> Bool {
        guard fits(type) else { return false }
        switch (self, type) {
        case (.array(let items), .array(let element)):
            if element == .any || element == .null { return true }
            return items.allSatisfy { $0 == .null || $0.conforms(to: element) }
        case (.object(let object), .object(let declared)):
            for (key, value) in zip(object.keys, object.values) where value != .null {
                if let member = declared[key], member != .any, member != .null, !value.conforms(to: member) { return false }
            }
            return true
        default:
            return true
        }
    }

    /// The numeric value, for `int` and `number`.
    @inlinable
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .number(let n): return n
        default: return nil
        }
    }

    /// The text an interpolation shows for the value: `null` is empty, numbers as in JSON (`3`, `2.5`), strings
    /// as they are, `true`/`false`, arrays and objects as compact JSON.
    public var interpolationText: String {
        switch self {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .number(let n): return JSONValue.format(n)
        case .string(let s): return s
        case .array, .object: return jsonValue.serialized()
        }
    }

    /// A short rendering for messages: strings quoted and cut at 40 characters, arrays and objects by size.
    public var brief: String {
        switch self {
        case .string(let s): return s.count > 40 ? "\"\(s.prefix(40))…\"" : "\"\(s)\""
        case .array(let items): return "an array of \(items.count)"
        case .object(let object): return "an object of \(object.count) members"
        case .null: return "null"
        default: return interpolationText
        }
    }

    public var description: String { jsonValue.serialized() }

    /// Numeric values compare by value (`.int(1) == .number(1)`); other values structurally.
    /// Not inlined: every array, record and search of state values (a template's items, a preview's state, a
    /// picker's options) calls it, rather than each carrying a copy of it.
    @inline(never)
    public static func == (lhs: StateValue, rhs: StateValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.int(let a), .number(let b)), (.number(let b), .int(let a)): return Double(a) == b && Int(exactly: b) == a
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        default: return false
        }
    }

    @inline(never)
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let b): hasher.combine(1 as UInt8); hasher.combine(b)
        case .int(let i): hasher.combine(2 as UInt8); hasher.combine(i)
        case .number(let n):
            // Equal to an `int` when whole: hash as that `int`.
            if let i = Int(exactly: n) { hasher.combine(2 as UInt8); hasher.combine(i) } else { hasher.combine(3 as UInt8); hasher.combine(n) }
        case .string(let s): hasher.combine(4 as UInt8); hasher.combine(s)
        case .array(let items): hasher.combine(5 as UInt8); hasher.combine(items)
        case .object(let object): hasher.combine(6 as UInt8); hasher.combine(object)
        }
    }
}

/// An object's members in document order (keys are unique).
///
/// Members are found by a linear search: state objects are small records (`{"id", "title", "price"}`), for which
/// comparing a few short keys is faster than hashing.
public struct StateObject: Hashable, Sendable {
    /// The member names, in order.
    public private(set) var keys: [String]
    /// The member values, in the order of `keys`.
    public private(set) var values: [StateValue]

    /// An object of `keys` and `values` (same count; a key repeated keeps its first value).
    public init(keys: [String], values: [StateValue]) {
        var k: [String] = []
        var v: [StateValue] = []
        k.reserveCapacity(keys.count); v.reserveCapacity(keys.count)
        for (key, value) in zip(keys, values) where !k.contains(key) {
            k.append(key); v.append(value)
        }
        self.keys = k
        self.values = v
    }

    /// An empty object.
    public init() { keys = []; values = [] }

    /// The number of members.
    public var count: Int { keys.count }

    /// The value of member `key`.
    /// - Complexity: O(n) in the number of members.
    public subscript(key: String) -> StateValue? {
        get {
            guard let i = keys.firstIndex(of: key) else { return nil }
            return values[i]
        }
        set {
            if let i = keys.firstIndex(of: key) {
                if let newValue { values[i] = newValue } else { keys.remove(at: i); values.remove(at: i) }
            } else if let newValue {
                keys.append(key); values.append(newValue)
            }
        }
    }
}
