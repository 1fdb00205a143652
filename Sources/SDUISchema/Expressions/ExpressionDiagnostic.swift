/// A problem with an expression: what (a code and a message), where in the string that holds it (a 1-based
/// column, counted in characters) and where that string is in the payload (a JSON Pointer).
///
/// Found when the expression is checked (syntax, unknown names, wrong types, limits) or when it runs (division
/// by zero, an index out of range, a value of the wrong type where the checker could not know it).
public struct ExpressionDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable, machine-readable kind of problem. New codes may be added.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
        /// Not an expression: a stray character, a missing operand or parenthesis, an unterminated string.
        public static let syntax = Code(rawValue: "expression-syntax")
        /// A name that is neither a state variable nor a template's `item`/`index` nor a request's `response`.
        public static let unknownName = Code(rawValue: "unknown-name")
        /// A member an object does not have (`product.prise`).
        public static let unknownMember = Code(rawValue: "unknown-member")
        /// A call of a function the library does not have.
        public static let unknownFunction = Code(rawValue: "unknown-function")
        /// A function called with the wrong number of arguments.
        public static let wrongArguments = Code(rawValue: "wrong-arguments")
        /// An operand, argument or result of the wrong type (`"a" * 2`, `!count`).
        public static let typeMismatch = Code(rawValue: "type-mismatch")
        /// `x / 0` or `x % 0`.
        public static let divisionByZero = Code(rawValue: "division-by-zero")
        /// An array index outside the array, or not a whole number.
        public static let indexOutOfRange = Code(rawValue: "index-out-of-range")
        /// A result that is not a finite number (`1e308 * 10`).
        public static let notFinite = Code(rawValue: "not-finite")
        /// An argument out of its range (`round(x, 20)`, `formatCurrency(x, "dollars")`).
        public static let invalidArgument = Code(rawValue: "invalid-argument")
        /// Longer, deeper or longer-running than `ExpressionLimits` allow.
        public static let limitExceeded = Code(rawValue: "expression-limit-exceeded")
    }

    public var code: Code
    /// What is wrong and what was expected.
    public var message: String
    /// 1-based column of the problem in the string that holds the expression, in characters (0: the whole string).
    public var column: Int
    /// JSON Pointer of the string in the payload (`""` when the expression did not come from a payload).
    public var pointer: String

    public init(_ code: Code, _ message: String, column: Int, pointer: String = "") {
        self.code = code; self.message = message; self.column = column; self.pointer = pointer
    }

    /// `/root/children/0/text: column 3: unknown name "cout" (state: count, email)`.
    public var description: String {
        let place = column > 0 ? "column \(column): " : ""
        return pointer.isEmpty ? place + message : "\(pointer): \(place)\(message)"
    }
}

/// Bounds that make every expression cheap to check and to run, whatever the payload says.
///
/// An expression has no loops, so its running time is bounded by its length, except where a library function
/// walks a value: those steps are counted too (`contains` over an array counts its elements, string functions
/// one step per 64 bytes).
public struct ExpressionLimits: Hashable, Sendable {
    /// Longest expression between `@{` and `}`, in bytes (4 096).
    public var maxSourceBytes: Int
    /// Most `@{…}` expressions in one string (64).
    public var maxInterpolations: Int
    /// Deepest nesting of parentheses, brackets, calls and conditionals (32).
    public var maxDepth: Int
    /// Most evaluation steps of one run (100 000).
    public var maxSteps: Int
    /// Longest string an expression may produce, in bytes (1 MiB, the decoder's limit for payload strings).
    public var maxStringBytes: Int
    /// Longest array an expression or an action may produce (100 000 elements).
    public var maxArrayCount: Int

    public init(maxSourceBytes: Int = 4_096, maxInterpolations: Int = 64, maxDepth: Int = 32, maxSteps: Int = 100_000,
                maxStringBytes: Int = 1 << 20, maxArrayCount: Int = 100_000) {
        self.maxSourceBytes = maxSourceBytes; self.maxInterpolations = maxInterpolations; self.maxDepth = maxDepth
        self.maxSteps = maxSteps; self.maxStringBytes = maxStringBytes; self.maxArrayCount = maxArrayCount
    }
}
