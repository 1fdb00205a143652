/// The functions an expression can call. Every function is pure and its cost is counted in evaluation steps.
///
/// | function | takes | gives |
/// |---|---|---|
/// | `len(x)` | a string (characters), an array (elements) or an object (members) | number |
/// | `min(a, b, …)`, `max(a, b, …)` | numbers, or one array of numbers | number |
/// | `round(x)`, `round(x, digits)` | a number; digits −15…15 (default 0) | number, rounded half away from zero |
/// | `uppercase(s)`, `lowercase(s)` | a string | string (Unicode case mapping, no locale) |
/// | `contains(s, part)` / `contains(array, value)` | string and string / array and any value | bool |
/// | `formatNumber(x)`, `formatNumber(x, digits)` | a number; digits 0…15 | string (`1,234.5`), see `NumberFormatting` |
/// | `formatCurrency(x, code)`, `formatCurrency(x, code, digits)` | a number, an ISO 4217 code (`"USD"`) | string (`$1,234.50`) |
enum ExpressionFunction: Int32, CaseIterable, Sendable {
    case len, min, max, round, uppercase, lowercase, contains, formatNumber, formatCurrency

    init?(name: String) {
        guard let function = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = function
    }

    var name: String {
        switch self {
        case .len: return "len"
        case .min: return "min"
        case .max: return "max"
        case .round: return "round"
        case .uppercase: return "uppercase"
        case .lowercase: return "lowercase"
        case .contains: return "contains"
        case .formatNumber: return "formatNumber"
        case .formatCurrency: return "formatCurrency"
        }
    }

    /// How many arguments it takes.
    var arity: ClosedRange<Int> {
        switch self {
        case .len, .uppercase, .lowercase: return 1...1
        case .min, .max: return 1...64
        case .round, .formatNumber: return 1...2
        case .contains: return 2...2
        case .formatCurrency: return 2...3
        }
    }

    /// The call as documented (`formatCurrency(value, code[, digits])`), for messages.
    var signature: String {
        switch self {
        case .len: return "len(string | array | object)"
        case .min: return "min(number, …) or min(array of numbers)"
        case .max: return "max(number, …) or max(array of numbers)"
        case .round: return "round(number[, digits])"
        case .uppercase: return "uppercase(string)"
        case .lowercase: return "lowercase(string)"
        case .contains: return "contains(string, string) or contains(array, value)"
        case .formatNumber: return "formatNumber(number[, digits])"
        case .formatCurrency: return "formatCurrency(number, code[, digits])"
        }
    }

    /// A problem with a call: the argument it is about (nil: the call) and what is wrong.
    struct Problem: Error {
        var code: ExpressionDiagnostic.Code
        var argument: Int?
        var message: String
    }

    /// The result type for arguments of `types`, or the problem with them (checked before the expression runs).
    func resultType(_ types: [StateType]) -> Result<StateType, Problem> {
        func expect(_ index: Int, _ allowed: [StateType], _ what: String) -> Problem? {
            let type = types[index]
            if type == .any || allowed.contains(where: { type.mayBe($0) && $0 != .any }) { return nil }
            return Problem(code: .typeMismatch, argument: index, message: "\(name)'s argument \(index + 1) must be \(what), got \(type.withArticle)")
        }
        let problem: Problem?
        switch self {
        case .len:
            problem = expect(0, [.string, .array(.any), .object(StateObjectType([]))], "a string, an array or an object")
        case .min, .max:
            if types.count == 1 {
                if case .array(let element) = types[0] {
                    problem = element.mayBe(.number) ? nil : Problem(code: .typeMismatch, argument: 0, message: "\(name) of an array needs numbers, got an \(types[0])")
                } else {
                    problem = expect(0, [.number], "a number or an array of numbers")
                }
            } else {
                problem = types.indices.lazy.compactMap { expect($0, [.number], "a number") }.first
            }
        case .round, .formatNumber:
            problem = expect(0, [.number], "a number") ?? (types.count > 1 ? expect(1, [.number], "a number of digits") : nil)
        case .uppercase, .lowercase:
            problem = expect(0, [.string], "a string")
        case .contains:
            switch types[0] {
            case .string: problem = expect(1, [.string], "a string (the text to find)")
            case .array, .any: problem = nil
            default: problem = Problem(code: .typeMismatch, argument: 0, message: "contains' argument 1 must be a string or an array, got \(types[0].withArticle)")
            }
        case .formatCurrency:
            problem = expect(0, [.number], "a number") ?? expect(1, [.string], "a currency code such as \"USD\"")
                ?? (types.count > 2 ? expect(2, [.number], "a number of digits") : nil)
        }
        if let problem { return .failure(problem) }
        switch self {
        case .len, .min, .max, .round: return .success(.number)
        case .uppercase, .lowercase, .formatNumber, .formatCurrency: return .success(.string)
        case .contains: return .success(.bool)
        }
    }

    /// Checks an argument known before the expression runs (a literal), such as a currency code.
    func checkConstant(_ value: StateValue, argument: Int) -> Problem? {
        switch (self, argument) {
        case (.formatCurrency, 1):
            if case .string(let code) = value, !NumberFormatting.isCurrencyCode(code) {
                return Problem(code: .invalidArgument, argument: 1, message: "\"\(code)\" is not a currency code: use ISO 4217's three capital letters, such as \"USD\" or \"EUR\"")
            }
        case (.round, 1):
            return Self.digits(value, -NumberFormatting.maxFractionDigits...NumberFormatting.maxFractionDigits, argument: 1).failure
        case (.formatNumber, 1), (.formatCurrency, 2):
            return Self.digits(value, 0...NumberFormatting.maxFractionDigits, argument: argument).failure
        default: break
        }
        return nil
    }

    /// Runs the function on `arguments`; `steps` grows by the work done.
    func call(_ arguments: ArraySlice<StateValue>, steps: inout Int, limits: ExpressionLimits) -> Result<StateValue, Problem> {
        let first = arguments[arguments.startIndex]
        func argument(_ i: Int) -> StateValue { arguments[arguments.startIndex + i] }
        func wrongType(_ i: Int, _ what: String) -> Result<StateValue, Problem> {
            .failure(Problem(code: .typeMismatch, argument: i, message: "\(name)'s argument \(i + 1) must be \(what), got \(argument(i).type.withArticle)"))
        }
        switch self {
        case .len:
            switch first {
            case .string(let s):
                steps += s.utf8.count / 64
                return .success(.int(s.count))
            case .array(let items): return .success(.int(items.count))
            case .object(let object): return .success(.int(object.count))
            default: return wrongType(0, "a string, an array or an object")
            }
        case .min, .max:
            var values = Array(arguments)
            if arguments.count == 1, case .array(let items) = first {
                guard !items.isEmpty else {
                    return .failure(Problem(code: .invalidArgument, argument: 0, message: "\(name) of an empty array"))
                }
                values = items
                steps += items.count
            }
            var best: StateValue?
            var bestValue = 0.0
            for (i, value) in values.enumerated() {
                guard let v = value.doubleValue else {
                    return .failure(Problem(code: .typeMismatch, argument: arguments.count == 1 ? 0 : i,
                                            message: "\(name) needs numbers, got \(value.type.withArticle) (\(value.brief))"))
                }
                if best == nil || (self == .min ? v < bestValue : v > bestValue) { best = value; bestValue = v }
            }
            return .success(best ?? .null)
        case .round:
            guard first.doubleValue != nil else { return wrongType(0, "a number") }
            var digits = 0
            if arguments.count > 1 {
                switch Self.digits(argument(1), -NumberFormatting.maxFractionDigits...NumberFormatting.maxFractionDigits, argument: 1) {
                case .success(let d): digits = d
                case .failure(let problem): return .failure(problem)
                }
            }
            return .success(NumberFormatting.round(first, fractionDigits: digits))
        case .uppercase, .lowercase:
            guard case .string(let s) = first else { return wrongType(0, "a string") }
            steps += s.utf8.count / 64
            let result = self == .uppercase ? s.uppercased() : s.lowercased()
            if result.utf8.count > limits.maxStringBytes { return .failure(Self.tooLong(limits)) }
            return .success(.string(result))
        case .contains:
            switch (first, argument(1)) {
            case (.string(let s), .string(let part)):
                steps += (s.utf8.count + part.utf8.count) / 64
                return .success(.bool(part.isEmpty || s.contains(part)))
            case (.string, _): return wrongType(1, "a string (the text to find)")
            case (.array(let items), let value):
                steps += items.count
                return .success(.bool(items.contains(value)))
            default: return wrongType(0, "a string or an array")
            }
        case .formatNumber:
            guard first.doubleValue != nil else { return wrongType(0, "a number") }
            var digits: Int?
            if arguments.count > 1 {
                switch Self.digits(argument(1), 0...NumberFormatting.maxFractionDigits, argument: 1) {
                case .success(let d): digits = d
                case .failure(let problem): return .failure(problem)
                }
            }
            return .success(.string(NumberFormatting.format(first, fractionDigits: digits)))
        case .formatCurrency:
            guard first.doubleValue != nil else { return wrongType(0, "a number") }
            guard case .string(let code) = argument(1) else { return wrongType(1, "a currency code such as \"USD\"") }
            var digits: Int?
            if arguments.count > 2 {
                switch Self.digits(argument(2), 0...NumberFormatting.maxFractionDigits, argument: 2) {
                case .success(let d): digits = d
                case .failure(let problem): return .failure(problem)
                }
            }
            guard let text = NumberFormatting.formatCurrency(first, code: code, fractionDigits: digits) else {
                return .failure(checkConstant(argument(1), argument: 1) ?? Problem(code: .invalidArgument, argument: 1, message: "not a currency code"))
            }
            return .success(.string(text))
        }
    }

    /// A digits argument: a whole number in `range`.
    static func digits(_ value: StateValue, _ range: ClosedRange<Int>, argument: Int) -> Result<Int, Problem> {
        guard let v = value.doubleValue, let d = Int(exactly: v), range.contains(d) else {
            return .failure(Problem(code: .invalidArgument, argument: argument,
                                    message: "the number of digits must be a whole number \(range.lowerBound)…\(range.upperBound), got \(value.brief)"))
        }
        return .success(d)
    }

    static func tooLong(_ limits: ExpressionLimits) -> Problem {
        Problem(code: .limitExceeded, argument: nil, message: "the result is longer than \(limits.maxStringBytes) bytes (ExpressionLimits.maxStringBytes)")
    }
}

extension Result {
    /// The error, or nil on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
