public import SDUIEnvironment

/// A value that may differ by horizontal size class: `2` or `{"compact": 2, "regular": 4}`.
///
/// A map missing the current class falls back to the other one.
public enum Responsive<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The same value in every size class.
    case fixed(Value)
    /// One value per horizontal size class. The decoder refuses a map with neither; a map built in code with
    /// neither has no value (`value(for:)` is nil), and layout reads it as if the property were absent.
    case sizeClass(compact: Value? = nil, regular: Value? = nil)

    /// The value for `sizeClass` (falling back to the other class when missing); nil only for a map with neither.
    @inlinable
    public func value(for sizeClass: UserInterfaceSizeClass) -> Value? {
        switch self {
        case .fixed(let v): return v
        case .sizeClass(let c, let r): return sizeClass == .compact ? (c ?? r) : (r ?? c)
        }
    }

    /// The value for `sizeClass` (falling back to the other class when missing). A map with neither class's value
    /// is a programming error here; code that may meet one built in code reads `value(for:)`.
    @inlinable
    public func resolved(for sizeClass: UserInterfaceSizeClass) -> Value {
        guard let value = value(for: sizeClass) else {
            preconditionFailure("Responsive.sizeClass(compact: nil, regular: nil) has no value to resolve")
        }
        return value
    }

    /// Every value this can take.
    public var allValues: [Value] {
        switch self {
        case .fixed(let v): return [v]
        case .sizeClass(let c, let r): return [c, r].compactMap { $0 }
        }
    }

    /// Transforms each value.
    public func map<T>(_ transform: (Value) -> T) -> Responsive<T> {
        switch self {
        case .fixed(let v): return .fixed(transform(v))
        case .sizeClass(let c, let r): return .sizeClass(compact: c.map(transform), regular: r.map(transform))
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
