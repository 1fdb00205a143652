/// A payload string that computes its value from the screen's state: exactly `"@{expr}"` (the expression's
/// value, of its type) or text with `@{…}` in it (`"@{count} in cart"`, always a string).
///
/// A binding keeps its source, as the payload wrote it, and the program compiled from it against the scope of
/// the place it is in (the screen's state, a template's `item` and `index`). Two bindings are equal when their
/// sources are: the program is derived from the source and its place. One binding is shared by every node
/// that a template makes from the same property.
public final class StateBinding: Hashable, Sendable, CustomStringConvertible {
    /// The string as the payload wrote it.
    public let source: String
    /// The compiled expression; nil for a binding made in code (the DSL) that no decoder has checked yet.
    public let program: ExpressionProgram?
    /// Whether the string is exactly one `@{expr}` (its value keeps the expression's type).
    public let isExact: Bool

    /// A binding that is not compiled yet (what the DSL writes; decoding the payload compiles it).
    public init(source: String) {
        self.source = source
        self.program = nil
        self.isExact = StateBinding.isExactForm(source)
    }

    /// Compiles `source` in `scope`.
    /// - Throws: the first problem found, its column counted in `source` (the pointer is left empty).
    public init(compiling source: String, in scope: ExpressionScope, limits: ExpressionLimits = ExpressionLimits()) throws(ExpressionDiagnostic) {
        let (program, isExact) = try ExpressionCompiler.compileTemplate(source, scope: scope, limits: limits)
        self.source = source
        self.program = program
        self.isExact = isExact
    }

    /// The type of the binding's value, as checked (`string` for interpolated text; `any` before compilation).
    public var resultType: StateType { program?.resultType ?? .any }

    /// The state variables the binding reads (slots of its screen's schema, ascending): a change to any other
    /// variable cannot change its value.
    public var readSlots: [Int] { program?.readSlots ?? [] }

    /// Whether the binding reads a template's `item`/`index` or a request's `response`.
    public var readsLocals: Bool { !(program?.readLocals.isEmpty ?? true) }

    /// The binding's value in `state` with `locals`.
    /// - Throws: what went wrong when it ran (or that it was never compiled).
    public func evaluate(in state: ScreenState, locals: [StateValue] = [], limits: ExpressionLimits = ExpressionLimits()) throws(ExpressionDiagnostic) -> StateValue {
        try evaluate(globals: state.values, locals: locals, limits: limits)
    }

    /// The binding's value for the state variables' values `globals` and `locals`.
    public func evaluate(globals: [StateValue], locals: [StateValue], limits: ExpressionLimits = ExpressionLimits()) throws(ExpressionDiagnostic) -> StateValue {
        guard let program else {
            throw ExpressionDiagnostic(.syntax, "the binding \(source) has not been compiled (decode the payload to check it)", column: 0)
        }
        return try program.evaluate(globals: globals, locals: locals, limits: limits)
    }

    /// Whether `text` holds a binding: `@{` that is not written `@@{`.
    /// - Complexity: O(n) in the text's length; one `memchr`-like scan of its bytes.
    public static func isBinding(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= 3 else { return false }
            var i = 0
            while i + 1 < bytes.count {
                if bytes[i] == 0x40 {
                    if bytes[i + 1] == 0x7B { return true }
                    // `@@{` is a literal `@{`: skip the pair.
                    if bytes[i + 1] == 0x40, i + 2 < bytes.count, bytes[i + 2] == 0x7B { i += 3; continue }
                }
                i += 1
            }
            return false
        }
    }

    /// Whether `text` starts with `@{` and ends with `}` (the form of an exact binding; the compiler decides).
    static func isExactForm(_ text: String) -> Bool {
        text.utf8.count >= 3 && text.hasPrefix("@{") && text.hasSuffix("}")
    }

    /// Literal `text` as a payload writes it: each `@{` as `@@{` (the inverse of `unescaped`).
    /// - Complexity: O(n); no copy when the text has no `@{`.
    public static func escaped(_ text: String) -> String {
        var text = text
        let has = text.withUTF8 { bytes -> Bool in
            guard bytes.count >= 2 else { return false }
            for i in 0..<(bytes.count - 1) where bytes[i] == 0x40 && bytes[i + 1] == 0x7B { return true }
            return false
        }
        return has ? text.replacingAll("@{", with: "@@{") : text
    }

    /// `text` with `@@{` written as `@{`: what a string that holds no binding shows.
    package static func unescaped(_ text: String) -> String {
        guard text.contains("@@{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: "@@{") {
            result += rest[..<range.lowerBound]
            result += "@{"
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    public static func == (lhs: StateBinding, rhs: StateBinding) -> Bool { lhs === rhs || lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
    public var description: String { source }
}
