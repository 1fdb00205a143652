public import SDUIEnvironment

/// A property's value: the same everywhere (`2`), one per horizontal size class (`{"compact": 2, "regular": 4}`),
/// or computed from the screen's state (`"@{wide ? 4 : 2}"`).
///
/// A map missing the current class falls back to the other one.
public enum Responsive<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The same value in every size class.
    case fixed(Value)
    /// One value per horizontal size class; at least one must be present (the decoder guarantees it
    /// for payloads; one built with neither resolves to nil).
    case sizeClass(compact: Value? = nil, regular: Value? = nil)
    /// A value bound to the screen's state: the binding, and its value in the state the screen was resolved
    /// against (the decoder resolves a payload against its initial state). The value is nil when it could not be
    /// computed (a diagnostic says why) or was never resolved: the property's default applies.
    case bound(StateBinding, value: Value?)

    /// The value for `sizeClass` (falling back to the other class when missing); nil for a size-class map with
    /// neither class or a binding without a value (the property's default applies).
    @inlinable
    public func resolved(for sizeClass: UserInterfaceSizeClass) -> Value? {
        switch self {
        case .fixed(let v): return v
        case .sizeClass(let c, let r): return sizeClass == .compact ? (c ?? r) : (r ?? c)
        case .bound(_, let v): return v
        }
    }

    /// Every value this can take as the payload gives it (a binding's current value, if any).
    public var allValues: [Value] {
        switch self {
        case .fixed(let v): return [v]
        case .sizeClass(let c, let r): return [c, r].compactMap { $0 }
        case .bound(_, let v): return v.map { [$0] } ?? []
        }
    }

    /// The binding, when the value is bound to the state.
    public var binding: StateBinding? {
        if case .bound(let binding, _) = self { return binding }
        return nil
    }

    /// Transforms each value (a binding keeps its source and transforms its current value).
    public func map<T>(_ transform: (Value) -> T) -> Responsive<T> {
        switch self {
        case .fixed(let v): return .fixed(transform(v))
        case .sizeClass(let c, let r): return .sizeClass(compact: c.map(transform), regular: r.map(transform))
        case .bound(let binding, let v): return .bound(binding, value: v.map(transform))
        }
    }
}

extension Responsive: ExpressibleByIntegerLiteral where Value: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Value.IntegerLiteralType) { self = .fixed(Value(integerLiteral: value)) }
}
extension Responsive: ExpressibleByFloatLiteral where Value: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Value.FloatLiteralType) { self = .fixed(Value(floatLiteral: value)) }
}
extension Responsive: ExpressibleByUnicodeScalarLiteral where Value == String {
    public init(unicodeScalarLiteral value: String) { self = .fixed(value) }
}
extension Responsive: ExpressibleByExtendedGraphemeClusterLiteral where Value == String {
    public init(extendedGraphemeClusterLiteral value: String) { self = .fixed(value) }
}
extension Responsive: ExpressibleByStringLiteral where Value == String {
    public init(stringLiteral value: String) { self = .fixed(value) }
}
extension Responsive: ExpressibleByBooleanLiteral where Value == Bool {
    public init(booleanLiteral value: Bool) { self = .fixed(value) }
}
