/// A checked expression, compiled to a short program for a stack machine: what `ExpressionEvaluator` runs.
///
/// Names are resolved to slots when the expression is compiled — state variables by their index in the screen's
/// `StateSchema`, locals (a template's `item` and `index`, a request's `response`) by their index in the scope —
/// so running it looks nothing up by name. A program has no loops: it runs at most `code.count` instructions.
public struct ExpressionProgram: Hashable, Sendable {
    /// The instructions, in order.
    var code: [ExpressionInstruction]
    /// Literal values and member names the instructions refer to.
    var constants: [StateValue]
    /// The deepest the value stack gets.
    var maxStack: Int
    /// The type the checker inferred for the result.
    public internal(set) var resultType: StateType
    /// The state variables the program reads (slots in the schema, ascending, each once).
    public internal(set) var readSlots: [Int]
    /// The locals the program reads (indices in its scope's locals, ascending, each once).
    public internal(set) var readLocals: [Int]
    /// The string the expression came from (its positions are byte offsets in it), for runtime messages.
    var holder: String

    /// A program that gives `value`.
    init(constant value: StateValue, holder: String) {
        code = [ExpressionInstruction(.constant, 0, position: 0)]
        constants = [value]
        maxStack = 1
        resultType = value.type
        readSlots = []
        readLocals = []
        self.holder = holder
    }

    init(code: [ExpressionInstruction], constants: [StateValue], maxStack: Int, resultType: StateType,
         readSlots: [Int], readLocals: [Int], holder: String) {
        self.code = code; self.constants = constants; self.maxStack = maxStack; self.resultType = resultType
        self.readSlots = readSlots; self.readLocals = readLocals; self.holder = holder
    }

    /// The value when the program is one constant (a binding that reads nothing).
    public var constantValue: StateValue? {
        guard code.count == 1, code[0].op == .constant else { return nil }
        return constants[Int(code[0].operand)]
    }
}

/// One instruction: an operation, its operand and where in the holding string it came from.
struct ExpressionInstruction: Hashable, Sendable {
    var op: ExpressionOpcode
    /// A constant index, a slot, a jump target, an operator, a function or an argument count, by `op`.
    var operand: Int32
    /// An argument count for calls (`operand` is the function).
    var count: Int16
    /// Byte offset in the holding string of the source this instruction came from (for messages).
    var position: Int32

    init(_ op: ExpressionOpcode, _ operand: Int32, count: Int16 = 0, position: Int32) {
        self.op = op; self.operand = operand; self.count = count; self.position = position
    }
}

/// The stack machine's operations.
enum ExpressionOpcode: UInt8, Hashable, Sendable {
    /// Push `constants[operand]`.
    case constant
    /// Push state variable `operand`.
    case global
    /// Push local `operand`.
    case local
    /// Replace the object on top by its member named `constants[operand]`.
    case member
    /// Pop an index, replace the array (or object) on top by its element.
    case index
    /// Replace the top by `!top` (`operand` 0) or `-top` (1).
    case unary
    /// Pop the right operand, replace the left by `left (operator operand) right` (`BinaryOperator`).
    case binary
    /// `&&`: a false top jumps to `operand` (kept as the result); a true one is popped.
    case andJump
    /// `||`: a true top jumps to `operand` (kept as the result); a false one is popped.
    case orJump
    /// Check that the top is a bool (the right operand of `&&`/`||`).
    case checkBool
    /// Pop a bool; when false jump to `operand`.
    case jumpIfFalse
    /// Jump to `operand`.
    case jump
    /// Pop `count` arguments, push `ExpressionFunction(operand)` of them.
    case call
    /// Pop `operand` values, push them as an array.
    case makeArray
    /// Pop `operand` values, push their interpolation texts joined (a string with `@{…}` in it).
    case interpolate
}

/// Binary operators, by precedence (lowest first).
enum BinaryOperator: Int32, Sendable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual, add, subtract, multiply, divide, remainder

    var symbol: String {
        switch self {
        case .equal: return "=="
        case .notEqual: return "!="
        case .less: return "<"
        case .lessOrEqual: return "<="
        case .greater: return ">"
        case .greaterOrEqual: return ">="
        case .add: return "+"
        case .subtract: return "-"
        case .multiply: return "*"
        case .divide: return "/"
        case .remainder: return "%"
        }
    }
}

/// What an expression can read besides literals: the screen's state variables and the locals of the place it is
/// in (innermost last). A local hides a state variable of the same name.
public struct ExpressionScope: Sendable {
    /// The screen's state variables.
    public var schema: StateSchema
    /// Locals, outermost first: a template's `item` and `index`, a request's `response`.
    public var locals: [(name: String, type: StateType)]

    public init(schema: StateSchema = StateSchema(), locals: [(name: String, type: StateType)] = []) {
        self.schema = schema
        self.locals = locals
    }

    /// The same scope with `name` added as the innermost local.
    public func adding(_ name: String, _ type: StateType) -> ExpressionScope {
        var scope = self
        scope.locals.append((name, type))
        return scope
    }
}
