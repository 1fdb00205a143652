import Foundation

/// A strict RFC 8259 JSON parser over UTF-8 bytes that never recurses deeper than a limit, keeps object
/// keys in order, rejects duplicate keys, and reports errors with a JSON Pointer and line:column.
struct JSONParser {
    struct Failure: Error {
        var code: PayloadIssue.Code
        var pointer: String
        var message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private let maxDepth: Int
    private let maxStringBytes: Int
    /// Path from the document to the value being parsed, for error pointers.
    private var path: [PathComponent] = []
    /// Objects parsed so far: a bound on the document's nodes, so the decoder can size its tables once.
    private(set) var objectCount = 0
    /// Numbers beyond a `Double`'s range (`1e400`), each at its pointer with line and column. The parse goes on
    /// (the value stands as an infinity) so that every other problem of the document is found in the same run.
    private(set) var outOfRange: [Failure] = []

    private enum PathComponent { case key(String), index(Int) }

    init(bytes: [UInt8], maxDepth: Int, maxStringBytes: Int) {
        self.bytes = bytes; self.maxDepth = maxDepth; self.maxStringBytes = maxStringBytes
    }

    /// Parses the whole input as one JSON value.
    mutating func parseDocument() throws(Failure) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw failure("unexpected \(describe(bytes[index])) after the end of the JSON value") }
        return value
    }

    private var pointer: String {
        var p = ""
        for c in path {
            switch c {
            case .key(let k): p = JSONPointer.appending(p, k)
            case .index(let i): p = JSONPointer.appending(p, i)
            }
        }
        return p
    }

    private func location(_ offset: Int) -> String {
        var line = 1, column = 1
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            if bytes[i] == 0x0A { line += 1; column = 1 } else if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return "line \(line), column \(column)"
    }

    private func failure(_ message: String, code: PayloadIssue.Code = .invalidJSON) -> Failure {
        Failure(code: code, pointer: pointer, message: "\(message) at \(location(index))")
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected \(describe(bytes[index])), expected a value")
        }
    }

    private mutating func expectLiteral(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end of input in a literal") }
        let base = word.utf8Start
        for i in 0..<count where bytes[index + i] != base[i] {
            throw failure("invalid literal, expected '\(word)'")
        }
        index += count
    }

    private mutating func checkDepth(_ depth: Int) throws(Failure) {
        if depth > maxDepth {
            throw failure("nesting deeper than \(maxDepth) levels", code: .limitExceeded)
        }
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
        try checkDepth(depth)
        index += 1
        objectCount += 1
        var pairs: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input, expected a key or '}'") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw failure("unexpected \(describe(bytes[index])), expected a string key") }
            let key = try parseString()
            // Lengths first: most keys differ in length, which is cheaper to compare than their text.
            let length = key.utf8.count
            if pairs.contains(where: { $0.key.utf8.count == length && $0.key == key }) {
                path.append(.key(key))
                defer { path.removeLast() }
                throw failure("duplicate key \"\(key)\"", code: .duplicateKey)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw index < bytes.count ? failure("unexpected \(describe(bytes[index])), expected ':'") : failure("unexpected end of input, expected ':'")
            }
            index += 1
            skipWhitespace()
            path.append(.key(key))
            let value = try parseValue(depth: depth)
            path.removeLast()
            pairs.append((key, value))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
            throw failure("unexpected \(describe(bytes[index])), expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
        try checkDepth(depth)
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            path.append(.index(items.count))
            let value = try parseValue(depth: depth)
            path.removeLast()
            items.append(value)
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw failure("unexpected \(describe(bytes[index])), expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1  // opening quote
        let start = index
        let end = bytes.count
        // A string longer than the limit is refused when its (limit + 1)th byte is read, so the plain run is looked
        // for only up to there (a negative limit acts as 0).
        let allowed = max(maxStringBytes, 0)
        let limit = allowed < end - start ? start + allowed + 1 : end
        // The plain run: up to the first quote, backslash or control byte. Read through a buffer pointer (one
        // bounds check for the run, not one per byte), as most of a payload's bytes are in strings.
        let stop = bytes.withUnsafeBufferPointer { buffer in
            var i = start
            while i < limit {
                let b = buffer[i]
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
                i += 1
            }
            return i
        }
        index = stop
        guard stop < limit else {
            if stop - start > allowed { throw failure("string longer than \(maxStringBytes) bytes", code: .limitExceeded) }
            throw failure("unexpected end of input inside a string")
        }
        let b = bytes[stop]
        if b == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<stop], as: UTF8.self)
        }
        if b < 0x20 { throw failure("control character \(describe(b)) inside a string (escape it)") }
        // Slow path with escapes.
        var out = [UInt8](bytes[start..<index])
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") { index += 1; return String(decoding: out, as: UTF8.self) }
            if b < 0x20 { throw failure("control character \(describe(b)) inside a string (escape it)") }
            if b == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { break }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw failure("unpaired UTF-16 surrogate in a \\u escape")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired UTF-16 surrogate in a \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw failure("unpaired UTF-16 surrogate in a \\u escape")
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw failure("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
                }
            } else {
                out.append(b); index += 1
            }
            if out.count > maxStringBytes { throw failure("string longer than \(maxStringBytes) bytes", code: .limitExceeded) }
        }
        throw failure("unexpected end of input inside a string")
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("unexpected end of input in a \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let d: UInt32
            switch c {
            case 48...57: d = UInt32(c - 48)
            case 65...70: d = UInt32(c - 55)
            case 97...102: d = UInt32(c - 87)
            default: throw failure("invalid hex digit in a \\u escape")
            }
            v = v << 4 | d
            index += 1
        }
        return v
    }

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid number: expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw failure("invalid number: leading zero") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid number: expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid number: expected an exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index - start > 64 { throw failure("number literal longer than 64 characters") }
        if let integer = Self.smallInteger(bytes[start..<index]) { return integer }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw failure("invalid number '\(text)'") }
        // RFC 8259 §6 lets a parser limit the range of numbers: one beyond a 64-bit float's (`1e400`) would become
        // infinity, which no payload value may be and JSON cannot write back (it would re-encode as null).
        if !value.isFinite {
            let end = index
            index = start
            outOfRange.append(failure("number \(text) is out of range (a 64-bit float holds at most ±1.8e308)", code: .limitExceeded))
            index = end
        }
        return value
    }

    /// The value of a literal that is a plain integer of at most 15 digits (`-0` included), or nil.
    ///
    /// Such integers — most numbers in a payload — are exact in a `Double`, so they are computed directly rather
    /// than through a `String` and `strtod`, with the same result.
    private static func smallInteger(_ literal: ArraySlice<UInt8>) -> Double? {
        var digits = literal[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard digits.count <= 15 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= 48 && digit <= 57 else { return nil }
            value = value * 10 + Int(digit - 48)
        }
        return negative ? -Double(value) : Double(value)
    }

    @inline(__always) private func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}

/// The byte offset of the first invalid UTF-8 sequence in `bytes`, or nil when all of it is valid.
func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    var i = 0
    let n = bytes.count
    while i < n {
        // ASCII eight bytes at a time (a payload is almost all ASCII).
        i = bytes.withUnsafeBytes { raw in
            var i = i
            while i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            return i
        }
        guard i < n else { break }
        let b = bytes[i]
        if b < 0x80 { i += 1; continue }
        let length: Int
        var minScalar: UInt32
        var scalar: UInt32
        switch b {
        case 0xC2...0xDF: length = 2; scalar = UInt32(b & 0x1F); minScalar = 0x80
        case 0xE0...0xEF: length = 3; scalar = UInt32(b & 0x0F); minScalar = 0x800
        case 0xF0...0xF4: length = 4; scalar = UInt32(b & 0x07); minScalar = 0x10000
        default: return i
        }
        guard i + length <= n else { return i }
        for k in 1..<length {
            let c = bytes[i + k]
            guard c & 0xC0 == 0x80 else { return i }
            scalar = scalar << 6 | UInt32(c & 0x3F)
        }
        if scalar < minScalar || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
        minScalar = 0
        i += length
    }
    return nil
}

extension JSONValue {
    /// Parses JSON text (RFC 8259, UTF-8; a byte order mark is skipped) with the payload parser's rules: nesting
    /// at most `maxDepth` deep, strings at most `maxStringBytes`, no duplicate keys.
    /// - Returns: the value, or a message naming the JSON Pointer and the line and column of the problem.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 256, maxStringBytes: Int = 1 << 20) -> Result<JSONValue, JSONParseError> {
        var input = bytes
        if input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF { input.removeFirst(3) }
        if let bad = firstInvalidUTF8Offset(input) { return .failure(JSONParseError(pointer: "", message: "invalid UTF-8 at byte offset \(bad)")) }
        var parser = JSONParser(bytes: input, maxDepth: maxDepth, maxStringBytes: maxStringBytes)
        do {
            let value = try parser.parseDocument()
            if let first = parser.outOfRange.first { return .failure(JSONParseError(pointer: first.pointer, message: first.message)) }
            return .success(value)
        } catch {
            return .failure(JSONParseError(pointer: error.pointer, message: error.message))
        }
    }
}

/// Why JSON text could not be parsed: where (a JSON Pointer) and what (with line and column).
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON Pointer of the value being read.
    public var pointer: String
    /// What was wrong, with its line and column.
    public var message: String
    /// `pointer: message`.
    public var description: String { (pointer.isEmpty ? "/" : pointer) + ": " + message }
}
