import Foundation

/// A place in a payload's text: line and column, both from 1, columns in characters (as the decoder's own messages
/// count them).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public var description: String { "line \(line), column \(column)" }

    /// The location of byte `offset` of `bytes`.
    public init(offset: Int, in bytes: [UInt8]) {
        var line = 1, column = 1
        for i in 0..<min(offset, bytes.count) {
            if bytes[i] == 0x0A { line += 1; column = 1 } else if bytes[i] & 0xC0 != 0x80 { column += 1 }
        }
        self.init(line: line, column: column)
    }

    /// Where the value a JSON Pointer names starts in `bytes` (for `/root/children/2/aspectRatio`, the `-1` after
    /// its key); when the text is cut short or the pointer names a member that is not there, the deepest value on
    /// the way that is. Nil when the text is not JSON at the start.
    /// - Complexity: O(bytes): members not on the way are skipped, never parsed.
    public static func of(pointer: String, in bytes: [UInt8]) -> SourceLocation? {
        var scanner = PointerScanner(bytes: bytes)
        guard let offset = scanner.find(tokens: tokens(of: pointer)) else { return nil }
        return SourceLocation(offset: offset, in: bytes)
    }

    /// `/a~1b/0` → `["a/b", "0"]`.
    static func tokens(of pointer: String) -> [String] {
        guard pointer.hasPrefix("/") else { return [] }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// `at line L, column C` at the end of a decoder message (a syntax error names its own place), or nil.
    public static func fromMessage(_ message: String) -> SourceLocation? {
        guard let range = message.range(of: "at line ", options: .backwards) else { return nil }
        let rest = message[range.upperBound...]
        let parts = rest.split(separator: ",", maxSplits: 1)
        guard parts.count == 2, let line = Int(parts[0]) else { return nil }
        let columnText = parts[1].trimmingCharacters(in: .whitespaces)
        guard columnText.hasPrefix("column "), let column = Int(columnText.dropFirst(7).prefix { $0.isNumber }) else { return nil }
        return SourceLocation(line: line, column: column)
    }
}


/// Walks JSON text down a pointer's tokens, skipping what is not on the way.
private struct PointerScanner {
    let bytes: [UInt8]
    var i = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    }

    mutating func find(tokens: [String]) -> Int? {
        skipSpace()
        guard i < bytes.count else { return nil }
        var found = i
        for token in tokens {
            skipSpace()
            guard i < bytes.count else { return found }
            found = i
            switch bytes[i] {
            case UInt8(ascii: "{"):
                guard let next = member(token) else { return found }
                i = next
            case UInt8(ascii: "["):
                guard let index = Int(token), index >= 0, let next = element(index) else { return found }
                i = next
            default:
                return found
            }
        }
        skipSpace()
        return i < bytes.count ? i : found
    }

    /// At `{`: the offset of the value of member `key`, or nil.
    private mutating func member(_ key: String) -> Int? {
        i += 1
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            guard let name = string() else { return nil }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipSpace()
            if name == key { return i }
            guard skipValue() else { return nil }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
            i += 1
        }
    }

    /// At `[`: the offset of element `index`, or nil.
    private mutating func element(_ index: Int) -> Int? {
        i += 1
        var k = 0
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] != UInt8(ascii: "]") else { return nil }
            if k == index { return i }
            guard skipValue() else { return nil }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
            i += 1
            k += 1
        }
    }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    /// At `"`: the decoded string (escapes read), the index after its closing quote.
    private mutating func string() -> String? {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
            if b == UInt8(ascii: "\\") {
                guard i + 1 < bytes.count else { return nil }
                let e = bytes[i + 1]
                i += 2
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard i + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else { return nil }
                    i += 4
                    if let scalar = Unicode.Scalar(code) { out += Array(String(Character(scalar)).utf8) }
                default: out.append(e)
                }
                continue
            }
            out.append(b)
            i += 1
        }
        return nil
    }

    /// Skips one value (nesting counted, strings skipped whole); false at the end of the text.
    private mutating func skipValue() -> Bool {
        var depth = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                guard string() != nil else { return false }
                if depth == 0 { return true }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return true }
                depth -= 1
                if depth == 0 { i += 1; return true }
            case UInt8(ascii: ","):
                if depth == 0 { return true }
            default:
                break
            }
            i += 1
        }
        return depth == 0
    }
}
