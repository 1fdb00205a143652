/// Parses, type-checks and compiles an expression in one pass, straight into an `ExpressionProgram`.
///
/// A Pratt parser: a binary operator's right operand is parsed by a call for the next precedence level, and
/// operators of one level are read in a loop, so `a + b + … + z` does not nest calls. Parentheses, brackets,
/// calls and conditionals do, and each counts against `ExpressionLimits.maxDepth`: a 10 000-deep expression is
/// refused at depth 33, not a stack overflow. Types travel on a stack beside the code, so each operator is
/// checked as it is compiled.
///
/// Precedence, lowest first: `?:` (right-associative), `||`, `&&`, `==` `!=`, `<` `<=` `>` `>=`, `+` `-`,
/// `*` `/` `%`, prefix `!` `-`, then member `.name`, index `[i]` and calls.
struct ExpressionCompiler {
    private var lexer: ExpressionLexer
    private let scope: ExpressionScope
    private let limits: ExpressionLimits
    private var code: [ExpressionInstruction] = []
    private var constants: [StateValue] = []
    /// The static type of each value on the stack when the code so far has run.
    private var types: [StateType] = []
    private var maxStack = 0
    private var depth = 0
    private var readSlots: [Int] = []
    private var readLocals: [Int] = []

    private init(bytes: [UInt8], start: Int, scope: ExpressionScope, limits: ExpressionLimits) {
        lexer = ExpressionLexer(bytes: bytes, start: start, maxLength: limits.maxSourceBytes)
        self.scope = scope
        self.limits = limits
    }

    // MARK: Entry points

    /// Compiles the string `holder` as a binding: exactly `@{expr}` gives the expression's value (typed);
    /// text with `@{…}` in it gives a string; `@@{` writes a literal `@{`.
    /// - Returns: the program, and whether the string was exactly one expression.
    /// - Throws: the first problem found, its column counted in `holder`.
    static func compileTemplate(_ holder: String, scope: ExpressionScope, limits: ExpressionLimits) throws(ExpressionDiagnostic) -> (program: ExpressionProgram, isExact: Bool) {
        let bytes = Array(holder.utf8)
        var compiler = ExpressionCompiler(bytes: bytes, start: 0, scope: scope, limits: limits)
        var literal: [UInt8] = []
        var segments = 0
        var expressions = 0
        var i = 0
        func flushLiteral(_ compiler: inout ExpressionCompiler) {
            guard !literal.isEmpty else { return }
            compiler.pushConstant(.string(String(decoding: literal, as: UTF8.self)), position: i)
            literal.removeAll(keepingCapacity: true)
            segments += 1
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "@"), i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "@"), bytes[i + 2] == UInt8(ascii: "{") {
                literal += [UInt8(ascii: "@"), UInt8(ascii: "{")]
                i += 3
                continue
            }
            if b == UInt8(ascii: "@"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "{") {
                flushLiteral(&compiler)
                expressions += 1
                if expressions > limits.maxInterpolations {
                    throw ExpressionDiagnostic(.limitExceeded, "more than \(limits.maxInterpolations) @{…} in one string (ExpressionLimits.maxInterpolations)",
                                               column: ExpressionLexer.column(of: i, in: bytes))
                }
                i = try compiler.compileEmbedded(at: i)
                segments += 1
                continue
            }
            literal.append(b)
            i += 1
        }
        flushLiteral(&compiler)
        if expressions == 1 && segments == 1 {
            return (compiler.finish(), true)
        }
        // Text with expressions in it: every segment's text, joined.
        if segments == 0 { compiler.pushConstant(.string(""), position: 0); segments = 1 }
        compiler.emit(.interpolate, Int32(segments), position: 0, pops: segments, pushes: .string)
        return (compiler.finish(), false)
    }

    /// Compiles `source` as one bare expression (no `@{…}` around it), as actions' conditions are written in code.
    static func compileExpression(_ source: String, scope: ExpressionScope, limits: ExpressionLimits) throws(ExpressionDiagnostic) -> ExpressionProgram {
        let bytes = Array(source.utf8)
        var compiler = ExpressionCompiler(bytes: bytes, start: 0, scope: scope, limits: limits)
        try compiler.lexer.advance()
        try compiler.parseConditional()
        guard compiler.lexer.token == .end else {
            throw compiler.unexpected("after the expression")
        }
        return compiler.finish()
    }

    /// Compiles the `@{…}` starting at byte `start` (the `@`); returns the offset after its `}`.
    private mutating func compileEmbedded(at start: Int) throws(ExpressionDiagnostic) -> Int {
        lexer = ExpressionLexer(bytes: lexer.bytes, start: start + 2, maxLength: limits.maxSourceBytes)
        try lexer.advance()
        if lexer.token == .punctuation(.closeBrace) {
            throw ExpressionDiagnostic(.syntax, "empty @{}: write an expression between the braces", column: ExpressionLexer.column(of: start, in: lexer.bytes))
        }
        try parseConditional()
        guard lexer.token == .punctuation(.closeBrace) else {
            if lexer.token == .end {
                throw ExpressionDiagnostic(.syntax, "missing \"}\" to end the @{ that starts here", column: ExpressionLexer.column(of: start, in: lexer.bytes))
            }
            throw unexpected("in the expression (expected an operator or \"}\")")
        }
        return lexer.index
    }

    private func finish() -> ExpressionProgram {
        ExpressionProgram(code: code, constants: constants, maxStack: maxStack, resultType: types.last ?? .any,
                          readSlots: readSlots.sorted(), readLocals: readLocals.sorted(), holder: String(decoding: lexer.bytes, as: UTF8.self))
    }

    // MARK: Emitting

    private mutating func emit(_ op: ExpressionOpcode, _ operand: Int32, count: Int16 = 0, position: Int, pops: Int, pushes: StateType?) {
        code.append(ExpressionInstruction(op, operand, count: count, position: Int32(truncatingIfNeeded: position)))
        types.removeLast(min(pops, types.count))
        if let pushes { types.append(pushes) }
        maxStack = Swift.max(maxStack, types.count)
    }

    private mutating func pushConstant(_ value: StateValue, position: Int) {
        let index: Int
        if let existing = constants.firstIndex(of: value), constants.count < 64 {
            index = existing
        } else {
            index = constants.count
            constants.append(value)
        }
        emit(.constant, Int32(truncatingIfNeeded: index), position: position, pops: 0, pushes: value.type)
    }

    /// Points the jump at `instruction` to the next instruction to be emitted.
    private mutating func patch(_ instruction: Int) {
        code[instruction].operand = Int32(truncatingIfNeeded: code.count)
    }

    // MARK: Grammar

    /// conditional := or ('?' conditional ':' conditional)?
    private mutating func parseConditional() throws(ExpressionDiagnostic) {
        depth += 1
        defer { depth -= 1 }
        if depth > limits.maxDepth {
            throw ExpressionDiagnostic(.limitExceeded, "the expression is nested deeper than \(limits.maxDepth) levels (ExpressionLimits.maxDepth)",
                                       column: ExpressionLexer.column(of: lexer.tokenStart, in: lexer.bytes))
        }
        try parseBinary(0)
        guard lexer.token == .punctuation(.question) else { return }
        let questionAt = lexer.tokenStart
        try expectType(.bool, "the condition before \"?\"", at: questionAt)
        try lexer.advance()
        let jumpToElse = code.count
        emit(.jumpIfFalse, 0, position: questionAt, pops: 1, pushes: nil)
        try parseConditional()
        guard lexer.token == .punctuation(.colon) else { throw unexpected("in a conditional (expected \":\")") }
        try lexer.advance()
        let thenType = types.removeLast()
        let jumpToEnd = code.count
        emit(.jump, 0, position: questionAt, pops: 0, pushes: nil)
        patch(jumpToElse)
        try parseConditional()
        patch(jumpToEnd)
        let elseType = types.removeLast()
        guard let type = StateType.unify(thenType, elseType) else {
            throw ExpressionDiagnostic(.typeMismatch, "the two branches of \"?:\" give \(thenType.withArticle) and \(elseType.withArticle): they must have one type",
                                       column: ExpressionLexer.column(of: questionAt, in: lexer.bytes))
        }
        types.append(type)
    }

    private static func precedence(_ p: ExpressionLexer.Punctuation) -> Int? {
        switch p {
        case .or: return 1
        case .and: return 2
        case .equal, .notEqual: return 3
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return 4
        case .plus, .minus: return 5
        case .star, .slash, .percent: return 6
        default: return nil
        }
    }

    private static func binaryOperator(_ p: ExpressionLexer.Punctuation) -> BinaryOperator? {
        switch p {
        case .equal: return .equal
        case .notEqual: return .notEqual
        case .less: return .less
        case .lessOrEqual: return .lessOrEqual
        case .greater: return .greater
        case .greaterOrEqual: return .greaterOrEqual
        case .plus: return .add
        case .minus: return .subtract
        case .star: return .multiply
        case .slash: return .divide
        case .percent: return .remainder
        default: return nil
        }
    }

    /// binary(level) := unary (operator-of-at-least-level binary(level + 1))*
    private mutating func parseBinary(_ minimum: Int) throws(ExpressionDiagnostic) {
        try parseUnary()
        while case .punctuation(let p) = lexer.token, let level = Self.precedence(p), level >= minimum {
            let at = lexer.tokenStart
            try lexer.advance()
            if p == .and || p == .or {
                try expectType(.bool, "the left operand of \"\(ExpressionLexer.symbol(p))\"", at: at)
                let jump = code.count
                emit(p == .and ? .andJump : .orJump, 0, position: at, pops: 1, pushes: nil)
                try parseBinary(level + 1)
                try expectType(.bool, "the right operand of \"\(ExpressionLexer.symbol(p))\"", at: at)
                emit(.checkBool, 0, position: at, pops: 1, pushes: .bool)
                patch(jump)
                continue
            }
            try parseBinary(level + 1)
            guard let op = Self.binaryOperator(p) else { continue }
            let right = types[types.count - 1], left = types[types.count - 2]
            let result = try Self.binaryType(op, left, right, column: ExpressionLexer.column(of: at, in: lexer.bytes))
            emit(.binary, op.rawValue, position: at, pops: 2, pushes: result)
        }
    }

    /// The type `left op right` gives, or why the operands do not fit the operator.
    static func binaryType(_ op: BinaryOperator, _ left: StateType, _ right: StateType, column: Int) throws(ExpressionDiagnostic) -> StateType {
        func mismatch(_ expected: String) -> ExpressionDiagnostic {
            ExpressionDiagnostic(.typeMismatch, "\"\(op.symbol)\" \(expected), got \(left.withArticle) and \(right.withArticle)", column: column)
        }
        switch op {
        case .add:
            if left == .string || right == .string {
                guard left.isScalar && right.isScalar else { throw mismatch("joins a string with a string, number, bool or null") }
                return .string
            }
            if left.mayBe(.number) && right.mayBe(.number) { return left == .number && right == .number ? .number : .any }
            throw mismatch("adds numbers or joins strings")
        case .subtract, .multiply, .divide, .remainder:
            guard left.mayBe(.number) && right.mayBe(.number) else { throw mismatch("needs numbers") }
            return .number
        case .equal, .notEqual:
            if left != .any, right != .any, left != .null, right != .null, !left.mayBe(right) {
                throw ExpressionDiagnostic(.typeMismatch, "\"\(op.symbol)\" compares \(left.withArticle) with \(right.withArticle): they are never equal", column: column)
            }
            return .bool
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let ordered = (left.mayBe(.number) && right.mayBe(.number)) || (left.mayBe(.string) && right.mayBe(.string))
            guard ordered, left.isScalar, right.isScalar, left != .null, right != .null, left != .bool, right != .bool else {
                throw mismatch("orders two numbers or two strings")
            }
            return .bool
        }
    }

    /// unary := ('!' | '-')* postfix — prefix operators are read in a loop, not by nested calls.
    private mutating func parseUnary() throws(ExpressionDiagnostic) {
        var prefixes: [(negate: Bool, at: Int)] = []
        while case .punctuation(let p) = lexer.token, p == .not || p == .minus {
            prefixes.append((p == .minus, lexer.tokenStart))
            try lexer.advance()
        }
        try parsePostfix()
        for prefix in prefixes.reversed() {
            let column = ExpressionLexer.column(of: prefix.at, in: lexer.bytes)
            let type = types[types.count - 1]
            if prefix.negate {
                guard type.mayBe(.number) else { throw ExpressionDiagnostic(.typeMismatch, "\"-\" needs a number, got \(type.withArticle)", column: column) }
                emit(.unary, 1, position: prefix.at, pops: 1, pushes: .number)
            } else {
                guard type.mayBe(.bool) else { throw ExpressionDiagnostic(.typeMismatch, "\"!\" needs a bool, got \(type.withArticle)", column: column) }
                emit(.unary, 0, position: prefix.at, pops: 1, pushes: .bool)
            }
        }
    }

    /// postfix := primary ('.' name | '[' conditional ']')*
    private mutating func parsePostfix() throws(ExpressionDiagnostic) {
        try parsePrimary()
        while case .punctuation(let p) = lexer.token, p == .dot || p == .openBracket {
            let at = lexer.tokenStart
            try lexer.advance()
            let base = types[types.count - 1]
            if p == .dot {
                guard case .name(let member) = lexer.token else { throw unexpected("after \".\" (expected a member name)") }
                let column = ExpressionLexer.column(of: lexer.tokenStart, in: lexer.bytes)
                let memberAt = lexer.tokenStart
                try lexer.advance()
                let type: StateType
                switch base {
                case .any: type = .any
                case .object(let object):
                    guard let memberType = object[member] else {
                        let known = object.members.map(\.name).prefix(12).joined(separator: ", ")
                        let guess = Spelling.closest(to: member, among: object.members.map(\.name)).map { " — did you mean \"\($0)\"?" } ?? ""
                        throw ExpressionDiagnostic(.unknownMember, "no member \"\(member)\" in this object\(guess) (members: \(known.isEmpty ? "none" : known))", column: column)
                    }
                    type = memberType
                default:
                    var hint = ""
                    if case .array = base { hint = " (len(…) gives its length, [i] an element)" }
                    throw ExpressionDiagnostic(.typeMismatch, "\".\(member)\" reads a member of an object, but this is \(base.withArticle)\(hint)", column: column)
                }
                let index = constants.count
                constants.append(.string(member))
                emit(.member, Int32(truncatingIfNeeded: index), position: memberAt, pops: 1, pushes: type)
            } else {
                let indexStart = code.count
                try parseConditional()
                let indexIsOneInstruction = code.count == indexStart + 1
                guard lexer.token == .punctuation(.closeBracket) else { throw unexpected("in an index (expected \"]\")") }
                try lexer.advance()
                let indexType = types[types.count - 1]
                let column = ExpressionLexer.column(of: at, in: lexer.bytes)
                let type: StateType
                switch base {
                case .any: type = .any
                case .array(let element):
                    guard indexType.mayBe(.number) else {
                        throw ExpressionDiagnostic(.typeMismatch, "an array's index must be a number, got \(indexType.withArticle)", column: column)
                    }
                    type = element
                case .object(let object):
                    guard indexType.mayBe(.string) else {
                        throw ExpressionDiagnostic(.typeMismatch, "an object's index must be a member name (a string), got \(indexType.withArticle)", column: column)
                    }
                    if indexIsOneInstruction, code[indexStart].op == .constant, case .string(let name) = constants[Int(code[indexStart].operand)] {
                        guard let memberType = object[name] else {
                            throw ExpressionDiagnostic(.unknownMember, "no member \"\(name)\" (members: \(object.members.map(\.name).prefix(12).joined(separator: ", ")))", column: column)
                        }
                        type = memberType
                    } else {
                        type = .any
                    }
                default:
                    throw ExpressionDiagnostic(.typeMismatch, "\"[…]\" reads an element of an array or a member of an object, but this is \(base.withArticle)", column: column)
                }
                emit(.index, 0, position: at, pops: 2, pushes: type)
            }
        }
    }

    /// primary := literal | name | name '(' arguments ')' | '(' conditional ')' | '[' elements ']'
    private mutating func parsePrimary() throws(ExpressionDiagnostic) {
        let at = lexer.tokenStart
        switch lexer.token {
        case .int(let i):
            try lexer.advance()
            pushConstant(.int(i), position: at)
        case .number(let n):
            try lexer.advance()
            pushConstant(.number(n), position: at)
        case .string(let s):
            try lexer.advance()
            if s.utf8.count > limits.maxStringBytes { throw ExpressionDiagnostic(.limitExceeded, "string literal too long", column: ExpressionLexer.column(of: at, in: lexer.bytes)) }
            pushConstant(.string(s), position: at)
        case .name(let name):
            try lexer.advance()
            if lexer.token == .punctuation(.openParen) {
                try parseCall(name, at: at)
                return
            }
            switch name {
            case "true": pushConstant(.bool(true), position: at)
            case "false": pushConstant(.bool(false), position: at)
            case "null": pushConstant(.null, position: at)
            default: try loadName(name, at: at)
            }
        case .punctuation(.openParen):
            try lexer.advance()
            try parseConditional()
            guard lexer.token == .punctuation(.closeParen) else { throw unexpected("(expected \")\")") }
            try lexer.advance()
        case .punctuation(.openBracket):
            try lexer.advance()
            var count = 0
            var elementTypes: [StateType] = []
            if lexer.token != .punctuation(.closeBracket) {
                while true {
                    try parseConditional()
                    elementTypes.append(types[types.count - 1])
                    count += 1
                    if lexer.token == .punctuation(.comma) { try lexer.advance(); continue }
                    guard lexer.token == .punctuation(.closeBracket) else { throw unexpected("in an array (expected \",\" or \"]\")") }
                    break
                }
            }
            try lexer.advance()
            emit(.makeArray, Int32(truncatingIfNeeded: count), position: at, pops: count, pushes: .array(StateType.unifying(elementTypes)))
        default:
            throw unexpected("(expected a value: a number, a string, a name, \"(\" or \"[\")")
        }
    }

    private mutating func loadName(_ name: String, at: Int) throws(ExpressionDiagnostic) {
        if let local = scope.locals.lastIndex(where: { $0.name == name }) {
            if !readLocals.contains(local) { readLocals.append(local) }
            emit(.local, Int32(truncatingIfNeeded: local), position: at, pops: 0, pushes: scope.locals[local].type)
            return
        }
        if let slot = scope.schema.slot(of: name) {
            if !readSlots.contains(slot) { readSlots.append(slot) }
            emit(.global, Int32(truncatingIfNeeded: slot), position: at, pops: 0, pushes: scope.schema.types[slot])
            return
        }
        let candidates = scope.schema.names + scope.locals.map(\.name)
        var hint = Spelling.closest(to: name, among: candidates).map { " — did you mean \"\($0)\"?" } ?? ""
        hint += ScreenState.knownNames(scope.schema)
        if !scope.locals.isEmpty { hint += "; here also " + scope.locals.map(\.name).joined(separator: ", ") }
        if (name == "item" || name == "index") && !scope.locals.contains(where: { $0.name == name }) {
            hint += "; \(name) exists only inside a forEach template"
        } else if name == "response" {
            hint += "; response exists only in a request's onSuccess and onFailure"
        } else if ExpressionFunction(name: name) != nil {
            hint += "; \(name) is a function: call it, \(name)(…)"
        }
        throw ExpressionDiagnostic(.unknownName, "unknown name \"\(name)\"\(hint)", column: ExpressionLexer.column(of: at, in: lexer.bytes))
    }

    private mutating func parseCall(_ name: String, at: Int) throws(ExpressionDiagnostic) {
        let column = ExpressionLexer.column(of: at, in: lexer.bytes)
        guard let function = ExpressionFunction(name: name) else {
            let names = ExpressionFunction.allCases.map(\.name)
            let guess = Spelling.closest(to: name, among: names).map { " — did you mean \"\($0)\"?" } ?? ""
            throw ExpressionDiagnostic(.unknownFunction, "unknown function \"\(name)\"\(guess) (functions: \(names.joined(separator: ", ")))", column: column)
        }
        try lexer.advance()
        var argumentTypes: [StateType] = []
        var constantArguments: [StateValue?] = []
        if lexer.token != .punctuation(.closeParen) {
            while true {
                let before = code.count
                try parseConditional()
                argumentTypes.append(types[types.count - 1])
                constantArguments.append(code.count == before + 1 && code[before].op == .constant ? constants[Int(code[before].operand)] : nil)
                if argumentTypes.count > function.arity.upperBound { break }
                if lexer.token == .punctuation(.comma) { try lexer.advance(); continue }
                break
            }
        }
        guard function.arity.contains(argumentTypes.count) else {
            throw ExpressionDiagnostic(.wrongArguments, "\(name) takes \(function.arity.lowerBound == function.arity.upperBound ? "\(function.arity.lowerBound)" : "\(function.arity.lowerBound)…\(function.arity.upperBound)") argument\(function.arity.upperBound == 1 ? "" : "s"), got \(argumentTypes.count): \(function.signature)", column: column)
        }
        guard lexer.token == .punctuation(.closeParen) else { throw unexpected("in the call of \(name) (expected \",\" or \")\")") }
        try lexer.advance()
        switch function.resultType(argumentTypes) {
        case .success(let type):
            for (i, constant) in constantArguments.enumerated() {
                if let constant, let problem = function.checkConstant(constant, argument: i) {
                    throw ExpressionDiagnostic(problem.code, problem.message, column: column)
                }
            }
            emit(.call, function.rawValue, count: Int16(argumentTypes.count), position: at, pops: argumentTypes.count, pushes: type)
        case .failure(let problem):
            throw ExpressionDiagnostic(problem.code, problem.message + " — \(function.signature)", column: column)
        }
    }

    // MARK: Checks

    /// Refuses a value on top of the stack that cannot be of `type`.
    private func expectType(_ type: StateType, _ what: String, at position: Int) throws(ExpressionDiagnostic) {
        let actual = types[types.count - 1]
        guard actual.mayBe(type) else {
            throw ExpressionDiagnostic(.typeMismatch, "\(what) must be \(type.withArticle), got \(actual.withArticle)",
                                       column: ExpressionLexer.column(of: position, in: lexer.bytes))
        }
    }

    private func unexpected(_ context: String) -> ExpressionDiagnostic {
        ExpressionDiagnostic(.syntax, "unexpected \(ExpressionLexer.describe(lexer.token)) \(context)",
                             column: ExpressionLexer.column(of: lexer.tokenStart, in: lexer.bytes))
    }
}
