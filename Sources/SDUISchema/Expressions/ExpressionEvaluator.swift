extension ExpressionProgram {
    /// Runs the program against `state` and `locals` (the values of its scope's locals, in order).
    /// - Throws: a diagnostic for what the checker could not rule out (division by zero, an index out of
    ///   range, a value of the wrong type where the type was `any`, a limit), its column in the holding string.
    /// - Complexity: O(instructions + the steps library functions count), at most `limits.maxSteps`.
    public func evaluate(in state: ScreenState, locals: [StateValue] = [], limits: ExpressionLimits = ExpressionLimits()) throws(ExpressionDiagnostic) -> StateValue {
        try evaluate(globals: state.values, locals: locals, limits: limits)
    }

    /// Runs the program against the state variables' values `globals` (in schema order) and `locals`.
    public func evaluate(globals: [StateValue], locals: [StateValue], limits: ExpressionLimits = ExpressionLimits()) throws(ExpressionDiagnostic) -> StateValue {
        // One instruction (a binding that reads one variable, or a literal): no stack.
        if code.count == 1 {
            let instruction = code[0]
            switch instruction.op {
            case .constant: return constants[Int(instruction.operand)]
            case .global: return try Self.read(globals, instruction, self, what: "state variable")
            case .local: return try Self.read(locals, instruction, self, what: "local")
            default: break
            }
        }
        var stack: [StateValue] = []
        stack.reserveCapacity(maxStack)
        var pc = 0
        var steps = 0
        while pc < code.count {
            let instruction = code[pc]
            pc += 1
            steps += 1
            switch instruction.op {
            case .constant:
                stack.append(constants[Int(instruction.operand)])
            case .global:
                stack.append(try Self.read(globals, instruction, self, what: "state variable"))
            case .local:
                stack.append(try Self.read(locals, instruction, self, what: "local"))
            case .member:
                guard case .string(let name) = constants[Int(instruction.operand)], let base = stack.popLast() else { throw malformed(instruction) }
                guard case .object(let object) = base else {
                    throw diagnostic(.typeMismatch, "\".\(name)\" reads a member of an object, but the value is \(base.type.withArticle) (\(base.brief))", instruction)
                }
                guard let value = object[name] else {
                    throw diagnostic(.unknownMember, "the object has no member \"\(name)\" (members: \(object.keys.prefix(12).joined(separator: ", ")))", instruction)
                }
                stack.append(value)
            case .index:
                guard let index = stack.popLast(), let base = stack.popLast() else { throw malformed(instruction) }
                stack.append(try element(of: base, at: index, instruction))
            case .unary:
                guard let value = stack.popLast() else { throw malformed(instruction) }
                if instruction.operand == 0 {
                    guard case .bool(let b) = value else { throw diagnostic(.typeMismatch, "\"!\" needs a bool, got \(value.brief)", instruction) }
                    stack.append(.bool(!b))
                } else {
                    switch value {
                    case .int(let i):
                        let (negated, overflow) = (0 as Int).subtractingReportingOverflow(i)
                        stack.append(overflow ? .number(-Double(i)) : .int(negated))
                    case .number(let n): stack.append(.number(-n))
                    default: throw diagnostic(.typeMismatch, "\"-\" needs a number, got \(value.brief)", instruction)
                    }
                }
            case .binary:
                guard let right = stack.popLast(), let left = stack.popLast(), let op = BinaryOperator(rawValue: instruction.operand) else { throw malformed(instruction) }
                stack.append(try binary(op, left, right, instruction, steps: &steps, limits: limits))
            case .andJump, .orJump:
                guard let top = stack.last else { throw malformed(instruction) }
                guard case .bool(let b) = top else {
                    throw diagnostic(.typeMismatch, "\"\(instruction.op == .andJump ? "&&" : "||")\" needs bools, got \(top.brief)", instruction)
                }
                if b == (instruction.op == .orJump) { pc = Int(instruction.operand) } else { stack.removeLast() }
            case .checkBool:
                guard let top = stack.last else { throw malformed(instruction) }
                guard case .bool = top else { throw diagnostic(.typeMismatch, "\"&&\" and \"||\" need bools, got \(top.brief)", instruction) }
            case .jumpIfFalse:
                guard let condition = stack.popLast() else { throw malformed(instruction) }
                guard case .bool(let b) = condition else {
                    throw diagnostic(.typeMismatch, "the condition before \"?\" must be a bool, got \(condition.brief)", instruction)
                }
                if !b { pc = Int(instruction.operand) }
            case .jump:
                pc = Int(instruction.operand)
            case .call:
                let count = Int(instruction.count)
                guard let function = ExpressionFunction(rawValue: instruction.operand), count >= 1, stack.count >= count else { throw malformed(instruction) }
                let result = function.call(stack[(stack.count - count)...], steps: &steps, limits: limits)
                stack.removeLast(count)
                switch result {
                case .success(let value): stack.append(value)
                case .failure(let problem): throw diagnostic(problem.code, problem.message, instruction)
                }
            case .makeArray:
                let count = Int(instruction.operand)
                guard count >= 0, stack.count >= count else { throw malformed(instruction) }
                let items = Array(stack[(stack.count - count)...])
                stack.removeLast(count)
                stack.append(.array(items))
            case .interpolate:
                let count = Int(instruction.operand)
                guard count >= 0, stack.count >= count else { throw malformed(instruction) }
                var text = ""
                for value in stack[(stack.count - count)...] {
                    text += value.interpolationText
                    if text.utf8.count > limits.maxStringBytes { throw diagnostic(.limitExceeded, "the string is longer than \(limits.maxStringBytes) bytes (ExpressionLimits.maxStringBytes)", instruction) }
                }
                steps += text.utf8.count / 64
                stack.removeLast(count)
                stack.append(.string(text))
            }
            if steps > limits.maxSteps { throw diagnostic(.limitExceeded, "the expression ran more than \(limits.maxSteps) steps (ExpressionLimits.maxSteps)", instruction) }
            if pc < 0 || pc > code.count { throw malformed(instruction) }
        }
        guard stack.count == 1, let result = stack.last else { throw malformed(code.last ?? ExpressionInstruction(.jump, 0, position: 0)) }
        return result
    }

    private static func read(_ values: [StateValue], _ instruction: ExpressionInstruction, _ program: ExpressionProgram, what: String) throws(ExpressionDiagnostic) -> StateValue {
        let slot = Int(instruction.operand)
        guard values.indices.contains(slot) else {
            throw program.diagnostic(.unknownName, "no \(what) \(slot): the program was compiled for another scope", instruction)
        }
        return values[slot]
    }

    private func element(of base: StateValue, at index: StateValue, _ instruction: ExpressionInstruction) throws(ExpressionDiagnostic) -> StateValue {
        switch base {
        case .array(let items):
            guard let position = index.doubleValue else {
                throw diagnostic(.typeMismatch, "an array's index must be a number, got \(index.brief)", instruction)
            }
            guard let i = Int(exactly: position), items.indices.contains(i) else {
                throw diagnostic(.indexOutOfRange, "index \(index.interpolationText) is outside the array (\(items.count) element\(items.count == 1 ? "" : "s")\(items.isEmpty ? "" : ", 0…\(items.count - 1)"))", instruction)
            }
            return items[i]
        case .object(let object):
            guard case .string(let name) = index else {
                throw diagnostic(.typeMismatch, "an object's index must be a member name (a string), got \(index.brief)", instruction)
            }
            guard let value = object[name] else {
                throw diagnostic(.unknownMember, "the object has no member \"\(name)\" (members: \(object.keys.prefix(12).joined(separator: ", ")))", instruction)
            }
            return value
        default:
            throw diagnostic(.typeMismatch, "\"[…]\" reads an element of an array or a member of an object, but the value is \(base.type.withArticle) (\(base.brief))", instruction)
        }
    }

    private func binary(_ op: BinaryOperator, _ left: StateValue, _ right: StateValue, _ instruction: ExpressionInstruction,
                        steps: inout Int, limits: ExpressionLimits) throws(ExpressionDiagnostic) -> StateValue {
        func mismatch(_ expected: String) -> ExpressionDiagnostic {
            diagnostic(.typeMismatch, "\"\(op.symbol)\" \(expected), got \(left.brief) and \(right.brief)", instruction)
        }
        func finite(_ value: Double) throws(ExpressionDiagnostic) -> StateValue {
            guard value.isFinite else { throw diagnostic(.notFinite, "\(left.brief) \(op.symbol) \(right.brief) is not a finite number", instruction) }
            return StateValue(value)
        }
        switch op {
        case .equal, .notEqual:
            if case .array(let a) = left { steps += a.count }
            if case .array(let b) = right { steps += b.count }
            return .bool((left == right) == (op == .equal))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order: Int
            switch (left, right) {
            case (.int(let a), .int(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
            case (.string(let a), .string(let b)):
                steps += Swift.min(a.utf8.count, b.utf8.count) / 64
                order = a < b ? -1 : (a == b ? 0 : 1)
            default:
                guard let a = left.doubleValue, let b = right.doubleValue else { throw mismatch("orders two numbers or two strings") }
                order = a < b ? -1 : (a == b ? 0 : 1)
            }
            switch op {
            case .less: return .bool(order < 0)
            case .lessOrEqual: return .bool(order <= 0)
            case .greater: return .bool(order > 0)
            default: return .bool(order >= 0)
            }
        case .add:
            switch (left, right) {
            case (.int(let a), .int(let b)):
                let (sum, overflow) = a.addingReportingOverflow(b)
                return overflow ? try finite(Double(a) + Double(b)) : .int(sum)
            case (.string, _), (_, .string):
                switch (left, right) {
                case (.array, _), (.object, _), (_, .array), (_, .object): throw mismatch("joins a string with a string, number, bool or null")
                default: break
                }
                let text = left.interpolationText + right.interpolationText
                steps += text.utf8.count / 64
                if text.utf8.count > limits.maxStringBytes { throw diagnostic(.limitExceeded, "the string is longer than \(limits.maxStringBytes) bytes (ExpressionLimits.maxStringBytes)", instruction) }
                return .string(text)
            default:
                guard let a = left.doubleValue, let b = right.doubleValue else { throw mismatch("adds numbers or joins strings") }
                return try finite(a + b)
            }
        case .subtract, .multiply:
            if case .int(let a) = left, case .int(let b) = right {
                let (result, overflow) = op == .subtract ? a.subtractingReportingOverflow(b) : a.multipliedReportingOverflow(by: b)
                if !overflow { return .int(result) }
            }
            guard let a = left.doubleValue, let b = right.doubleValue else { throw mismatch("needs numbers") }
            return try finite(op == .subtract ? a - b : a * b)
        case .divide, .remainder:
            guard let a = left.doubleValue, let b = right.doubleValue else { throw mismatch("needs numbers") }
            if b == 0 { throw diagnostic(.divisionByZero, "division by zero: \(left.brief) \(op.symbol) \(right.brief)", instruction) }
            if op == .remainder, case .int(let x) = left, case .int(let y) = right {
                let (result, overflow) = x.remainderReportingOverflow(dividingBy: y)
                return .int(overflow ? 0 : result)
            }
            return try finite(op == .divide ? a / b : a.truncatingRemainder(dividingBy: b))
        }
    }

    /// A diagnostic at `instruction`'s place in the holding string.
    func diagnostic(_ code: ExpressionDiagnostic.Code, _ message: String, _ instruction: ExpressionInstruction) -> ExpressionDiagnostic {
        ExpressionDiagnostic(code, message, column: ExpressionLexer.column(of: Int(instruction.position), in: Array(holder.utf8)))
    }

    /// A program that does not fit its own stack discipline (never made by the compiler; checked, not trusted).
    private func malformed(_ instruction: ExpressionInstruction) -> ExpressionDiagnostic {
        diagnostic(.syntax, "internal error: malformed expression program", instruction)
    }
}
