/// Splits an expression's UTF-8 bytes into tokens, one at a time (the compiler asks for the next when it needs it).
///
/// Numbers are decimal (`12`, `3.5`, `1e3`); strings are quoted with `'` or `"` and take the escapes `\\`, `\'`,
/// `\"`, `\n`, `\t` and `\r`; names are ASCII letters, digits and `_`, not starting with a digit. The lexer
/// stops at `}` outside a string: the end of the `@{…}` that holds the expression. Positions are byte offsets
/// in the holding string.
package struct ExpressionLexer {
    /// One token.
    enum Token: Equatable {
        case end
        case int(Int)
        case number(Double)
        case string(String)
        case name(String)
        case punctuation(Punctuation)
    }

    enum Punctuation: Equatable {
        case plus, minus, star, slash, percent, equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
        case and, or, not, question, colon, dot, comma, openParen, closeParen, openBracket, closeBracket, closeBrace
    }

    let bytes: [UInt8]
    /// Where the expression starts (after `@{`) and the furthest a token may end (the length limit; the closing
    /// `}` may sit just after it).
    let start: Int
    let limit: Int
    /// The next byte to read.
    private(set) var index: Int
    /// The current token and where it starts.
    private(set) var token: Token = .end
    private(set) var tokenStart: Int

    init(bytes: [UInt8], start: Int, maxLength: Int) {
        self.bytes = bytes
        self.start = start
        self.limit = min(bytes.count, start + maxLength)
        self.index = start
        self.tokenStart = start
    }

    /// Reads the next token into `token`.
    mutating func advance() throws(ExpressionDiagnostic) {
        while index < bytes.count, index <= limit, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
        tokenStart = index
        try checkLimit(index)
        guard index < bytes.count else { token = .end; return }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): token = try number()
        case UInt8(ascii: "'"), UInt8(ascii: "\""): token = .string(try string(quote: byte))
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            var end = index
            while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
            try checkLimit(end)
            token = .name(String(decoding: bytes[index..<end], as: UTF8.self))
            index = end
        default:
            token = .punctuation(try punctuation(byte))
        }
    }

    /// Letters, digits and `_`.
    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    /// Whether `name` is a valid variable name (what state names must be).
    package static func isName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(first >= 0x30 && first <= 0x39) else { return false }
        return name.utf8.allSatisfy(isNameByte) && !["true", "false", "null"].contains(name)
    }

    private func checkLimit(_ position: Int) throws(ExpressionDiagnostic) {
        if position > limit {
            throw ExpressionDiagnostic(.limitExceeded, "the expression is longer than the limit of \(limit - start) bytes (ExpressionLimits.maxSourceBytes)",
                                       column: ExpressionLexer.column(of: start, in: bytes))
        }
    }

    private mutating func punctuation(_ byte: UInt8) throws(ExpressionDiagnostic) -> Punctuation {
        let next: UInt8 = index + 1 < bytes.count ? bytes[index + 1] : 0
        func one(_ p: Punctuation) -> Punctuation { index += 1; return p }
        func two(_ p: Punctuation) -> Punctuation { index += 2; return p }
        switch byte {
        case UInt8(ascii: "+"): return one(.plus)
        case UInt8(ascii: "-"): return one(.minus)
        case UInt8(ascii: "*"): return one(.star)
        case UInt8(ascii: "/"): return one(.slash)
        case UInt8(ascii: "%"): return one(.percent)
        case UInt8(ascii: "?"): return one(.question)
        case UInt8(ascii: ":"): return one(.colon)
        case UInt8(ascii: "."): return one(.dot)
        case UInt8(ascii: ","): return one(.comma)
        case UInt8(ascii: "("): return one(.openParen)
        case UInt8(ascii: ")"): return one(.closeParen)
        case UInt8(ascii: "["): return one(.openBracket)
        case UInt8(ascii: "]"): return one(.closeBracket)
        case UInt8(ascii: "}"): return one(.closeBrace)
        case UInt8(ascii: "="):
            if next == UInt8(ascii: "=") { return two(.equal) }
            throw error("\"=\" is not an operator: compare with \"==\" (an expression cannot assign; a \"set\" action does)")
        case UInt8(ascii: "!"): return next == UInt8(ascii: "=") ? two(.notEqual) : one(.not)
        case UInt8(ascii: "<"): return next == UInt8(ascii: "=") ? two(.lessOrEqual) : one(.less)
        case UInt8(ascii: ">"): return next == UInt8(ascii: "=") ? two(.greaterOrEqual) : one(.greater)
        case UInt8(ascii: "&"):
            if next == UInt8(ascii: "&") { return two(.and) }
            throw error("\"&\" is not an operator: did you mean \"&&\"?")
        case UInt8(ascii: "|"):
            if next == UInt8(ascii: "|") { return two(.or) }
            throw error("\"|\" is not an operator: did you mean \"||\"?")
        case UInt8(ascii: "{"):
            throw error("\"{\" cannot appear in an expression (object literals are not supported)")
        default:
            throw error("unexpected \(Self.describe(byte, at: index, in: bytes))")
        }
    }

    private mutating func number() throws(ExpressionDiagnostic) -> Token {
        var end = index
        var isWhole = true
        func digits() { while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1 } }
        digits()
        if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "."), bytes[end + 1] >= 0x30, bytes[end + 1] <= 0x39 {
            isWhole = false
            end += 1
            digits()
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
            var e = end + 1
            if e < bytes.count, bytes[e] == UInt8(ascii: "+") || bytes[e] == UInt8(ascii: "-") { e += 1 }
            if e < bytes.count, bytes[e] >= 0x30, bytes[e] <= 0x39 {
                isWhole = false
                end = e
                digits()
            }
        }
        try checkLimit(end)
        if end < bytes.count, Self.isNameByte(bytes[end]) {
            index = end
            throw error("a number cannot be followed by \(Self.describe(bytes[end], at: end, in: bytes))")
        }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        index = end
        if isWhole, let i = Int(text) { return .int(i) }
        guard let value = Double(text), value.isFinite else {
            throw ExpressionDiagnostic(.notFinite, "the number \(text) is too large", column: Self.column(of: tokenStart, in: bytes))
        }
        return .number(value)
    }

    private mutating func string(quote: UInt8) throws(ExpressionDiagnostic) -> String {
        var text: [UInt8] = []
        var i = index + 1
        while true {
            try checkLimit(i)
            guard i < bytes.count else {
                throw ExpressionDiagnostic(.syntax, "unterminated string: it starts here and has no closing \(quote == 0x27 ? "'" : "\"")",
                                           column: Self.column(of: tokenStart, in: bytes))
            }
            let b = bytes[i]
            if b == quote { break }
            if b == UInt8(ascii: "\\") {
                guard i + 1 < bytes.count else { i += 1; continue }
                switch bytes[i + 1] {
                case UInt8(ascii: "\\"): text.append(0x5C)
                case UInt8(ascii: "'"): text.append(0x27)
                case UInt8(ascii: "\""): text.append(0x22)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "r"): text.append(0x0D)
                default:
                    index = i
                    throw error("unknown escape \"\\\(String(decoding: [bytes[i + 1]], as: UTF8.self))\" (known: \\\\ \\' \\\" \\n \\t \\r)")
                }
                i += 2
                continue
            }
            text.append(b)
            i += 1
        }
        index = i + 1
        return String(decoding: text, as: UTF8.self)
    }

    /// A syntax diagnostic at the current byte.
    func error(_ message: String) -> ExpressionDiagnostic {
        ExpressionDiagnostic(.syntax, message, column: Self.column(of: index, in: bytes))
    }

    /// The 1-based column of byte `offset` in `bytes`, in Unicode scalars.
    static func column(of offset: Int, in bytes: [UInt8]) -> Int {
        var column = 1
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return column
    }

    /// `'x'` or `byte 0x07`, for messages.
    static func describe(_ byte: UInt8, at offset: Int, in bytes: [UInt8]) -> String {
        if byte >= 0x21 && byte < 0x7F { return "\"\(Character(Unicode.Scalar(byte)))\"" }
        if byte >= 0x80 {
            // The whole character.
            var end = offset + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return "\"\(String(decoding: bytes[offset..<end], as: UTF8.self))\""
        }
        return "a control character (0x\(String(byte, radix: 16)))"
    }

    /// The token, for messages.
    static func describe(_ token: Token) -> String {
        switch token {
        case .end: return "the end of the string"
        case .int(let i): return "the number \(i)"
        case .number(let n): return "the number \(JSONValue.format(n))"
        case .string: return "a string"
        case .name(let name): return "\"\(name)\""
        case .punctuation(let p): return "\"\(symbol(p))\""
        }
    }

    static func symbol(_ p: Punctuation) -> String {
        switch p {
        case .plus: return "+"
        case .minus: return "-"
        case .star: return "*"
        case .slash: return "/"
        case .percent: return "%"
        case .equal: return "=="
        case .notEqual: return "!="
        case .less: return "<"
        case .lessOrEqual: return "<="
        case .greater: return ">"
        case .greaterOrEqual: return ">="
        case .and: return "&&"
        case .or: return "||"
        case .not: return "!"
        case .question: return "?"
        case .colon: return ":"
        case .dot: return "."
        case .comma: return ","
        case .openParen: return "("
        case .closeParen: return ")"
        case .openBracket: return "["
        case .closeBracket: return "]"
        case .closeBrace: return "}"
        }
    }
}
