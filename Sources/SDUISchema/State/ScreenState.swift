/// The variables a screen declares in its `"state"` and their types, fixed by their initial values.
///
/// Expressions are compiled against a schema (each name to its slot), so a state's values can change without
/// anything being compiled again.
public struct StateSchema: Hashable, Sendable {
    /// The variable names, in the payload's order.
    public private(set) var names: [String]
    /// Each variable's type, in the order of `names`.
    public private(set) var types: [StateType]
    private var slots: [String: Int]

    /// A schema with no variables.
    public init() { names = []; types = []; slots = [:] }

    /// A schema of `variables` (a name repeated keeps its first type).
    public init(_ variables: [(name: String, type: StateType)]) {
        self.init()
        for variable in variables where slots[variable.name] == nil {
            slots[variable.name] = names.count
            names.append(variable.name)
            types.append(variable.type)
        }
    }

    /// The slot of variable `name`.
    public func slot(of name: String) -> Int? { slots[name] }

    /// The number of variables.
    public var count: Int { names.count }

    public static func == (lhs: StateSchema, rhs: StateSchema) -> Bool { lhs.names == rhs.names && lhs.types == rhs.types }
    public func hash(into hasher: inout Hasher) { hasher.combine(names); hasher.combine(types) }
}

/// A screen's state: a value for each variable of its schema (SwiftUI's `@State` properties of a view).
///
/// A value keeps its variable's type: `set` refuses a string for a number variable, as the type checker refuses
/// an expression that would store one.
public struct ScreenState: Hashable, Sendable, CustomStringConvertible {
    /// The variables and their types.
    public private(set) var schema: StateSchema
    /// The current value of each variable, in the order of `schema.names`.
    public private(set) var values: [StateValue]

    /// A state with no variables.
    public init() { schema = StateSchema(); values = [] }

    /// A state of `variables`, typed by their values (a name repeated keeps its first value).
    public init(_ variables: [(name: String, value: StateValue)]) {
        // A variable whose initial value is null can hold anything (its type is not known).
        let schema = StateSchema(variables.map { ($0.name, $0.value.type == .null ? .any : $0.value.type) })
        var values = [StateValue](repeating: .null, count: schema.count)
        for (name, value) in variables.reversed() { if let slot = schema.slot(of: name) { values[slot] = value } }
        self.schema = schema
        self.values = values
    }

    /// Gives each variable the type `declared` gives it, where its value has that type: a screen's own types, kept
    /// when the screen is decoded again from an encoding that holds its current values.
    mutating func keepTypes(of declared: StateSchema) {
        var changed = false
        let types = schema.names.indices.map { slot -> StateType in
            guard let other = declared.slot(of: schema.names[slot]) else { return schema.types[slot] }
            let type = declared.types[other]
            guard type != schema.types[slot], values[slot].conforms(to: type) else { return schema.types[slot] }
            changed = true
            return type
        }
        if changed { schema = StateSchema(zip(schema.names, types).map { (name: $0, type: $1) }) }
    }

    /// The value of variable `name`.
    public subscript(name: String) -> StateValue? {
        schema.slot(of: name).map { values[$0] }
    }

    /// Whether the state has no variables.
    public var isEmpty: Bool { values.isEmpty }

    /// Sets variable `name` to `value` when it has the variable's type; otherwise returns why not and changes
    /// nothing.
    /// - Returns: nil when set; a diagnostic for an unknown name or a value of another type.
    @discardableResult
    public mutating func set(_ name: String, to value: StateValue) -> ExpressionDiagnostic? {
        guard let slot = schema.slot(of: name) else {
            return ExpressionDiagnostic(.unknownName, "no state variable \"\(name)\"\(Self.knownNames(schema))", column: 0)
        }
        return set(slot: slot, to: value)
    }

    /// Sets the variable in `slot` (see `set(_:to:)`).
    @discardableResult
    public mutating func set(slot: Int, to value: StateValue) -> ExpressionDiagnostic? {
        guard values.indices.contains(slot) else {
            return ExpressionDiagnostic(.unknownName, "no state variable in slot \(slot)", column: 0)
        }
        let declared = schema.types[slot]
        guard Self.conforms(value, to: declared, replacing: values[slot]) else {
            return ExpressionDiagnostic(.typeMismatch, "\(schema.names[slot]) holds \(declared.withArticle) (its initial value's type), not \(value.type.withArticle) (\(value.brief))", column: 0)
        }
        values[slot] = value
        return nil
    }

    /// Whether `value` conforms to `type` (`StateValue.conforms(to:)`), given that `old` does — the variable's current
    /// value, which `set` checked when it was set. An array's elements that are elements of the old array (the same
    /// storage, found where an insertion, a removal or a move of other elements leaves them) are not looked at again;
    /// the others are checked in full. A new list that keeps most of its items (a product added, removed or moved) is
    /// checked in the time of the items it adds.
    /// - Complexity: O(n) in the number of elements, plus the size of the elements not found in `old`.
    static func conforms(_ value: StateValue, to type: StateType, replacing old: StateValue) -> Bool {
        assert(old.conforms(to: type), "ScreenState: a variable's current value does not conform to its type")
        guard case .array(let items) = value, case .array(let element) = type, case .array(let kept) = old,
              !kept.isEmpty, element != .any, element != .null else {
            return value.conforms(to: type)
        }
        // `shift`: where the last element found sits in the old array relative to the new one (an insertion before
        // it makes it −1, a removal +1); each element is looked for there, then one place either side.
        var shift = 0
        for (i, item) in items.enumerated() {
            if isKept(item, at: i + shift, in: kept) { continue }
            if isKept(item, at: i + shift + 1, in: kept) { shift += 1; continue }
            if isKept(item, at: i + shift - 1, in: kept) { shift -= 1; continue }
            if case .null = item { continue }
            if !item.conforms(to: element) { return false }
        }
        return true
    }

    /// Whether `kept` has an element at `index` that is `item` (`sharesStorage`).
    private static func isKept(_ item: StateValue, at index: Int, in kept: [StateValue]) -> Bool {
        index >= 0 && index < kept.count && sharesStorage(item, kept[index])
    }

    /// Whether `a` and `b` are the same array or object: they hold the same storage, so the same elements or
    /// members (both are alive here, so storage at one address is one storage). Scalars never are (they are cheap to
    /// check).
    static func sharesStorage(_ a: StateValue, _ b: StateValue) -> Bool {
        switch (a, b) {
        case (.array(let x), .array(let y)):
            return x.count == y.count && address(of: x) == address(of: y)
        case (.object(let x), .object(let y)):
            return x.count == y.count && address(of: x.keys) == address(of: y.keys)
                && address(of: x.values) == address(of: y.values)
        default:
            return false
        }
    }

    /// The address of `array`'s elements (nil for an array without storage of its own).
    private static func address<Element>(of array: [Element]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// The state as a JSON object, in schema order.
    public var jsonValue: JSONValue {
        .object(zip(schema.names, values).map { (key: $0, value: $1.jsonValue) })
    }

    public var description: String { jsonValue.serialized() }

    /// `" (state: count, email)"`, or a note that the screen has none, for messages.
    static func knownNames(_ schema: StateSchema) -> String {
        if schema.names.isEmpty { return " (the screen declares no \"state\")" }
        let shown = schema.names.prefix(12).joined(separator: ", ")
        return " (state: \(shown)\(schema.names.count > 12 ? ", …" : ""))"
    }
}

/// A named state to preview a screen in: the screen's initial state with the preview's values over it.
public struct StatePreview: Hashable, Sendable {
    /// The name the preview shows (`"empty cart"`).
    public var name: String
    /// The whole state of the preview.
    public var state: ScreenState

    public init(name: String, state: ScreenState) {
        self.name = name
        self.state = state
    }
}
