public import SDUIEnvironment

/// A value that may differ by horizontal size class: `2` or `{"compact": 2, "regular": 4}`.
///
/// A map missing the current class falls back to the other one.
public enum Responsive<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The same value in every size class.
    case fixed(Value)
    /// One value per horizontal size class; at least one must be present (the decoder guarantees it
    /// for payloads; building one with neither is a programming error).
    case sizeClass(compact: Value? = nil, regular: Value? = nil)

    /// The value for `sizeClass` (falling back to the other class when missing).
    @inlinable
    public func resolved(for sizeClass: UserInterfaceSizeClass) -> Value {
        switch self {
        case .fixed(let v): return v
        case .sizeClass(let c, let r):
            guard let value = sizeClass == .compact ? (c ?? r) : (r ?? c) else {
                preconditionFailure("Responsive.sizeClass(compact: nil, regular: nil) has no value to resolve")
            }
            return value
        }
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
