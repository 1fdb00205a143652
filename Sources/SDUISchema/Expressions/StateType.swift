/// The static type of a state variable or an expression, as the type checker knows it.
///
/// A screen's state is typed by its initial values: `"count": 0` is a `number`, `"email": ""` a `string`,
/// `"products": [{"id": "p1", "price": 129}]` an `array` of `object {id: string, price: number}`. What the
/// initial value cannot say is `any` and checked when the expression runs: a variable whose initial value is
/// `null`, the elements of an empty array, a request's response.
public indirect enum StateType: Hashable, Sendable, CustomStringConvertible {
    /// Not known until the expression runs.
    case any
    case null
    case bool
    /// Whole numbers and fractions (JSON's one number type).
    case number
    case string
    /// An array whose elements have this type (`any` when they differ or the array is empty).
    case array(StateType)
    case object(StateObjectType)

    public var description: String {
        switch self {
        case .any: return "any"
        case .null: return "null"
        case .bool: return "bool"
        case .number: return "number"
        case .string: return "string"
        case .array(let element): return element == .any ? "array" : "array of \(element)"
        case .object(let object): return object.description
        }
    }

    /// "a number", "an array", for messages.
    public var withArticle: String {
        switch self {
        case .any: return "a value of any type"
        case .null: return "null"
        case .array, .object: return "an \(self)"
        default: return "a \(self)"
        }
    }

    /// The type both `a` and `b` fit: equal types; `null` or `any` with anything gives the other (`null`) or
    /// `any`; arrays and objects member by member; nil when they have nothing in common (`string` and `number`).
    public static func unify(_ a: StateType, _ b: StateType) -> StateType? {
        switch (a, b) {
        case (.any, _), (_, .any): return .any
        case (.null, let other), (let other, .null): return other
        case (.array(let x), .array(let y)): return .array(unify(x, y) ?? .any)
        case (.object(let x), .object(let y)): return .object(x.merging(y))
        default: return a == b ? a : nil
        }
    }

    /// The type every element of `types` fits, `any` when there is none (or no element).
    static func unifying<S: Sequence>(_ types: S) -> StateType where S.Element == StateType {
        var result: StateType?
        for type in types {
            guard let current = result else { result = type; continue }
            guard let merged = unify(current, type) else { return .any }
            result = merged
        }
        return result ?? .any
    }

    /// Whether a value of this type may be of type `other` when the expression runs (`any` may be anything):
    /// arrays element by element, objects by the members both name (a `null` element or member may be anything).
    func mayBe(_ other: StateType) -> Bool {
        switch (self, other) {
        case (.any, _), (_, .any): return true
        case (.array(let x), .array(let y)): return x == .null || y == .null || x.mayBe(y)
        case (.object(let x), .object(let y)):
            return x.members.allSatisfy { member in
                guard member.type != .null, let declared = y[member.name], declared != .null else { return true }
                return member.type.mayBe(declared)
            }
        default: return self == other
        }
    }

    /// Whether values of this type are JSON scalars an interpolation shows as text (`null`, bool, number, string).
    var isScalar: Bool {
        switch self {
        case .null, .bool, .number, .string, .any: return true
        case .array, .object: return false
        }
    }
}

/// The members of an object type, in the order the initial value lists them.
public struct StateObjectType: Hashable, Sendable, CustomStringConvertible {
    /// Member names and types.
    public var members: [(name: String, type: StateType)]

    public init(_ members: [(String, StateType)]) { self.members = members.map { (name: $0.0, type: $0.1) } }

    /// The type of member `name`, nil when the object has no such member.
    public subscript(name: String) -> StateType? { members.first { $0.name == name }?.type }

    /// Both objects' members: a member of one only keeps its type (objects in one array may differ).
    func merging(_ other: StateObjectType) -> StateObjectType {
        var merged = members
        for member in other.members {
            if let i = merged.firstIndex(where: { $0.name == member.name }) {
                merged[i].type = StateType.unify(merged[i].type, member.type) ?? .any
            } else {
                merged.append(member)
            }
        }
        return StateObjectType(merged.map { ($0.name, $0.type) })
    }

    public var description: String {
        "object {" + members.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + "}"
    }

    public static func == (lhs: StateObjectType, rhs: StateObjectType) -> Bool {
        lhs.members.count == rhs.members.count && zip(lhs.members, rhs.members).allSatisfy { $0.name == $1.name && $0.type == $1.type }
    }

    public func hash(into hasher: inout Hasher) {
        for member in members { hasher.combine(member.name); hasher.combine(member.type) }
    }
}
