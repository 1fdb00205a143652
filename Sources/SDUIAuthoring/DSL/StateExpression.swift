public import SDUIEnvironment
public import SDUISchema

/// An expression over the screen's state, typed in Swift by the value it gives: the DSL's way to write a binding
/// (`.visible(.bound(count.value > 0))`) or an action's value (`.set(count, to: count.value + 1)`).
///
/// Operators build the expression's text (`count > 0`), with parentheses where precedence needs them, so the
/// Swift compiler checks what the payload's type checker would (a `StateExpression<Bool>` where a bool goes).
/// `StateExpression(_:)` takes raw text for what the typed API cannot say.
public struct StateExpression<Value>: Sendable, CustomStringConvertible {
    /// The expression's text, without `@{` and `}`.
    public let source: String
    /// A name, literal, call or member read: needs no parentheses as an operand.
    let isAtomic: Bool
    /// The value when the expression is a literal.
    let literal: StateValue?

    /// An expression written as text (`StateExpression<Int>("len(cart) + 1")`); the decoder checks it.
    public init(_ source: String) { self.init(source: source, isAtomic: false) }

    init(source: String, isAtomic: Bool, literal: StateValue? = nil) {
        self.source = source; self.isAtomic = isAtomic; self.literal = literal
    }

    /// A literal value.
    init(literal value: StateValue) {
        let text: String
        switch value {
        case .string(let s):
            var escaped = "'"
            for c in s.unicodeScalars {
                switch c {
                case "'": escaped += "\\'"
                case "\\": escaped += "\\\\"
                case "\n": escaped += "\\n"
                case "\t": escaped += "\\t"
                case "\r": escaped += "\\r"
                default: escaped.unicodeScalars.append(c)
                }
            }
            text = escaped + "'"
        default: text = value.jsonValue.serialized()
        }
        self.init(source: text, isAtomic: true, literal: value)
    }

    /// The text as an operand: parenthesised unless atomic.
    var operand: String { isAtomic ? source : "(" + source + ")" }

    /// The binding string, `@{source}`.
    public var binding: StateBinding { StateBinding(source: "@{" + source + "}") }

    /// The value an action computes: the literal itself when the expression is one, else the binding.
    public var valueTemplate: ValueTemplate { literal.map(ValueTemplate.literal) ?? .binding(binding) }

    public var description: String { source }

    /// The same expression typed as `T` (for an untyped member, `item["price"].as(Double.self)`).
    public func `as`<T>(_ type: T.Type) -> StateExpression<T> { StateExpression<T>(source: source, isAtomic: isAtomic, literal: literal) }

    /// Member `name` of an object (`item["title"]`), untyped until `as(_:)` says.
    public subscript(member name: String) -> StateExpression<StateValue> {
        let isName = ExpressionLexer.isName(name)
        return StateExpression<StateValue>(source: isName ? operand + "." + name : operand + "[" + StateExpression<String>(literal: .string(name)).source + "]", isAtomic: true)
    }

    /// Element `index` of an array.
    public subscript(index: StateExpression<Int>) -> StateExpression<StateValue> {
        StateExpression<StateValue>(source: operand + "[" + index.source + "]", isAtomic: true)
    }

    /// The number of characters, elements or members (`len(x)`).
    public var count: StateExpression<Int> { StateExpression<Int>(source: "len(" + source + ")", isAtomic: true) }

    /// `condition ? then : otherwise`.
    public static func when(_ condition: StateExpression<Bool>, then: StateExpression<Value>, else otherwise: StateExpression<Value>) -> StateExpression<Value> {
        StateExpression(source: condition.operand + " ? " + then.operand + " : " + otherwise.operand, isAtomic: false)
    }

    /// Whether the value equals `other`.
    public static func == (lhs: StateExpression, rhs: StateExpression) -> StateExpression<Bool> { compare(lhs, "==", rhs) }
    /// Whether the value differs from `other`.
    public static func != (lhs: StateExpression, rhs: StateExpression) -> StateExpression<Bool> { compare(lhs, "!=", rhs) }

    static func compare<T>(_ lhs: StateExpression<T>, _ op: String, _ rhs: StateExpression<T>) -> StateExpression<Bool> {
        StateExpression<Bool>(source: lhs.operand + " " + op + " " + rhs.operand, isAtomic: false)
    }
}

/// The numbers an expression computes with (JSON has one number type; Swift's `Int` and `Double` both write it).
public protocol StateNumber: Sendable {}
extension Int: StateNumber {}
extension Double: StateNumber {}

extension StateExpression: ExpressibleByIntegerLiteral where Value == Int {
    public init(integerLiteral value: Int) { self.init(literal: .int(value)) }
}
extension StateExpression: ExpressibleByFloatLiteral where Value == Double {
    public init(floatLiteral value: Double) { self.init(literal: StateValue(value)) }
}
extension StateExpression: ExpressibleByBooleanLiteral where Value == Bool {
    public init(booleanLiteral value: Bool) { self.init(literal: .bool(value)) }
}
extension StateExpression: ExpressibleByUnicodeScalarLiteral, ExpressibleByExtendedGraphemeClusterLiteral, ExpressibleByStringLiteral where Value == String {
    public init(stringLiteral value: String) { self.init(literal: .string(value)) }
    public init(unicodeScalarLiteral value: String) { self.init(literal: .string(value)) }
    public init(extendedGraphemeClusterLiteral value: String) { self.init(literal: .string(value)) }
}

extension StateExpression where Value: StateNumber {
    static func arithmetic<R>(_ lhs: StateExpression, _ op: String, _ rhs: StateExpression) -> StateExpression<R> {
        StateExpression<R>(source: lhs.operand + " " + op + " " + rhs.operand, isAtomic: false)
    }
    public static func + (lhs: StateExpression, rhs: StateExpression) -> StateExpression { arithmetic(lhs, "+", rhs) }
    public static func - (lhs: StateExpression, rhs: StateExpression) -> StateExpression { arithmetic(lhs, "-", rhs) }
    public static func * (lhs: StateExpression, rhs: StateExpression) -> StateExpression { arithmetic(lhs, "*", rhs) }
    /// Division gives a number (`7 / 2` is 3.5).
    public static func / (lhs: StateExpression, rhs: StateExpression) -> StateExpression<Double> { arithmetic(lhs, "/", rhs) }
    public static func % (lhs: StateExpression, rhs: StateExpression) -> StateExpression { arithmetic(lhs, "%", rhs) }
    public static prefix func - (operand: StateExpression) -> StateExpression { StateExpression(source: "-" + operand.operand, isAtomic: false) }
    public static func < (lhs: StateExpression, rhs: StateExpression) -> StateExpression<Bool> { compare(lhs, "<", rhs) }
    public static func <= (lhs: StateExpression, rhs: StateExpression) -> StateExpression<Bool> { compare(lhs, "<=", rhs) }
    public static func > (lhs: StateExpression, rhs: StateExpression) -> StateExpression<Bool> { compare(lhs, ">", rhs) }
    public static func >= (lhs: StateExpression, rhs: StateExpression) -> StateExpression<Bool> { compare(lhs, ">=", rhs) }

    /// The same number as a `Double` expression (`count.asDouble * price`).
    public var asDouble: StateExpression<Double> { `as`(Double.self) }
    /// Rounded half away from zero (`round(x)`), or to `digits` decimals (`round(x, 2)`).
    public func rounded(digits: Int = 0) -> StateExpression<Double> {
        StateExpression<Double>(source: digits == 0 ? "round(\(source))" : "round(\(source), \(digits))", isAtomic: true)
    }
    /// en-US text, grouped (`formatNumber(x)`, or with exactly `digits` decimals).
    public func formatted(digits: Int? = nil) -> StateExpression<String> {
        StateExpression<String>(source: digits.map { "formatNumber(\(source), \($0))" } ?? "formatNumber(\(source))", isAtomic: true)
    }
    /// An amount of currency `code` (`formatCurrency(x, 'USD')` → `$1,234.50`).
    public func formattedCurrency(_ code: String, digits: Int? = nil) -> StateExpression<String> {
        let codeText = StateExpression<String>(literal: .string(code)).source
        return StateExpression<String>(source: "formatCurrency(\(source), \(codeText)\(digits.map { ", \($0)" } ?? ""))", isAtomic: true)
    }
    /// The smallest of the values (`min(a, b, …)`).
    public static func min(_ values: StateExpression...) -> StateExpression { call("min", values) }
    /// The largest of the values (`max(a, b, …)`).
    public static func max(_ values: StateExpression...) -> StateExpression { call("max", values) }
    static func call(_ name: String, _ values: [StateExpression]) -> StateExpression {
        StateExpression(source: name + "(" + values.map(\.source).joined(separator: ", ") + ")", isAtomic: true)
    }
}

extension StateExpression where Value == String {
    /// The strings joined (`a + b`).
    public static func + (lhs: StateExpression, rhs: StateExpression) -> StateExpression { StateExpression(source: lhs.operand + " + " + rhs.operand, isAtomic: false) }
    public static func < (lhs: StateExpression, rhs: StateExpression) -> StateExpression<Bool> { compare(lhs, "<", rhs) }
    public static func > (lhs: StateExpression, rhs: StateExpression) -> StateExpression<Bool> { compare(lhs, ">", rhs) }
    /// `uppercase(s)`.
    public func uppercased() -> StateExpression { StateExpression(source: "uppercase(\(source))", isAtomic: true) }
    /// `lowercase(s)`.
    public func lowercased() -> StateExpression { StateExpression(source: "lowercase(\(source))", isAtomic: true) }
    /// `contains(s, part)`.
    public func contains(_ part: StateExpression) -> StateExpression<Bool> { StateExpression<Bool>(source: "contains(\(source), \(part.source))", isAtomic: true) }
}

extension StateExpression where Value == Bool {
    public static func && (lhs: StateExpression, rhs: StateExpression) -> StateExpression { StateExpression(source: lhs.operand + " && " + rhs.operand, isAtomic: false) }
    public static func || (lhs: StateExpression, rhs: StateExpression) -> StateExpression { StateExpression(source: lhs.operand + " || " + rhs.operand, isAtomic: false) }
    public static prefix func ! (operand: StateExpression) -> StateExpression { StateExpression(source: "!" + operand.operand, isAtomic: false) }
}

/// A state variable, typed in Swift by its initial value: it reads as an expression (`count.value`), and actions
/// (`.set(count, to: …)`) and inputs (`Toggle("Agree", isOn: agreed)`) change it.
public struct StateVariable<Value>: Sendable {
    /// The variable's name in the payload's `state`.
    public let name: String
    public init(_ name: String) { self.name = name }
    /// The variable's value, as an expression.
    public var value: StateExpression<Value> { StateExpression(source: name, isAtomic: true) }
}

/// A template's current item (`ForEach(…) { item in … }`): read its members with `item["title"]`.
public typealias TemplateItemExpression = StateExpression<StateValue>

/// Text with expressions in it (`"\(count.value) in cart"`), written as a binding string `"@{count} in cart"`.
public struct BoundText: ExpressibleByStringInterpolation, Sendable {
    /// The binding string.
    public let source: String

    public init(stringLiteral value: String) { source = BoundText.escaped(value) }
    public init(stringInterpolation: Interpolation) { source = stringInterpolation.text }

    /// Builds the string: literal parts escaped (`@{` as `@@{`), expressions as `@{…}`.
    public struct Interpolation: StringInterpolationProtocol {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += BoundText.escaped(literal) }
        public mutating func appendInterpolation<T>(_ expression: StateExpression<T>) { text += "@{" + expression.source + "}" }
        public mutating func appendInterpolation(_ variable: StateVariable<some Any>) { text += "@{" + variable.name + "}" }
    }

    static func escaped(_ text: String) -> String { text.replacingAll("@{", with: "@@{") }
}

extension PayloadComponent {
    /// Binds the property at `pointer` — a JSON Pointer into the node's payload object, such as `"visible"`,
    /// `"frame/width"` or `"modifiers/0/opacity"` — to `expression` (`.bind("columns", to: .when(wide, then: 4,
    /// else: 2))`). The decoder checks it against the property's type and resolves it; a property set in code at
    /// the same place is written as the binding.
    public func bind<T>(_ pointer: String, to expression: StateExpression<T>) -> Self {
        bind(pointer, source: "@{" + expression.source + "}")
    }

    /// Binds the string property at `pointer` to text with expressions in it (`.bind("text", to: "\(count.value) in cart")`).
    public func bind(_ pointer: String, to text: BoundText) -> Self {
        bind(pointer, source: text.source)
    }

    /// Shows the node while `condition` holds (`visible` bound to it).
    @_disfavoredOverload
    public func visible(_ condition: StateExpression<Bool>) -> Self {
        bind("visible", to: condition)
    }

    private func bind(_ pointer: String, source: String) -> Self {
        with { node in
            var steps: [PropertyBinding.Step] = pointer.split(separator: "/").map { part in
                let token = String(part).replacingAll("~1", with: "/").replacingAll("~0", with: "~")
                if let index = Int(token), index >= 0 { return .index(index) }
                return .key(token)
            }
            // A padding edge by its edge, as the decoder records it.
            var edges: [String] = []
            if case .key("padding")? = steps.last { edges = ["top", "leading", "bottom", "trailing"] }
            if steps.count >= 2, case .key("padding") = steps[steps.count - 2], case .key(let edge)? = steps.last {
                if edge == "horizontal" { edges = ["leading", "trailing"] } else if edge == "vertical" { edges = ["top", "bottom"] }
                if !edges.isEmpty { steps.removeLast() }
            }
            let binding = StateBinding(source: source)
            let paths = edges.isEmpty ? [steps] : edges.map { steps + [.key($0)] }
            node.bindings.removeAll { paths.contains($0.path) }
            node.bindings += paths.map { PropertyBinding(path: $0, binding: binding) }
        }
    }
}

extension Text {
    /// Text with expressions in it (`Text(bound: "\(count.value) in cart")`).
    public init(bound text: BoundText, style: Responsive<TextStyle>? = nil) {
        self.init("", style: style)
        self = bind("text", to: text)
        node.text = nil
    }
}

extension Button {
    /// A button whose title has expressions in it.
    public init(bound title: BoundText, action: Action? = nil) {
        self.init("", action: action)
        self = bind("title", to: title)
        node.title = nil
    }
}
