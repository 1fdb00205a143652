import Foundation

/// The fast path gave up: the input has something it does not handle, or a problem. The general path decodes
/// the input again and says what (`PayloadDecoder.decodeFast`).
struct FastPathBail: Error {}

/// A cursor over a payload's bytes for the fast path: whitespace, strings, numbers and literals, each read
/// exactly as `JSONParser` reads them when the input is well-formed, and a bail-out on anything else.
///
/// It reads through a raw pointer with explicit bounds checks (`index < end` before every read), so a read past
/// the input is impossible whatever the bytes are.
struct FastScanner {
    let base: UnsafePointer<UInt8>
    let end: Int
    var index: Int
    /// The longest string accepted, in bytes (the decoder's limit; a longer one makes the general path report it).
    let maxStringBytes: Int
    /// Reused for strings with escapes.
    private var scratch: [UInt8] = []

    /// A scanner at the start of `bytes`; nil for an empty buffer (which has no base address).
    init?(_ bytes: UnsafeBufferPointer<UInt8>, maxStringBytes: Int) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        self.base = base
        end = bytes.count
        index = 0
        self.maxStringBytes = max(maxStringBytes, 0)
    }

    // MARK: Structure

    /// The byte at the cursor, or 0 at the end (0 is never valid there, so every caller bails on it).
    @inline(__always) var peek: UInt8 { index < end ? base[index] : 0 }

    /// The first byte from the cursor on that is not whitespace (0 at the end). Consumes nothing.
    @inline(__always) func peekAfterWhitespace() -> UInt8 {
        var copy = self
        copy.skipWhitespace()
        return copy.peek
    }

    /// Skips JSON whitespace (space, tab, line feed, carriage return).
    @inline(__always) mutating func skipWhitespace() {
        // Most calls find a token at once, or after one space (pretty-printed JSON's `": "` and `", "`).
        guard index < end else { return }
        let b = base[index]
        if b > 0x20 { return }
        if b == 0x20 {
            index += 1
            guard index < end, base[index] <= 0x20 else { return }
        }
        skipWhitespaceRun()
    }

    /// The loop of `skipWhitespace`, from a byte ≤ 0x20.
    mutating func skipWhitespaceRun() {
        while index < end {
            let b = base[index]
            // 0x20, 0x09, 0x0A, 0x0D: the only bytes ≤ 0x20 that are whitespace (others are invalid anyway).
            guard b <= 0x20, b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D else { return }
            index += 1
        }
    }

    /// Consumes `byte` (after whitespace) or bails.
    @inline(__always) mutating func expect(_ byte: UInt8) throws(FastPathBail) {
        skipWhitespace()
        guard peek == byte else { throw FastPathBail() }
        index += 1
    }

    /// After a member or an element: true after a `,` (another follows), false after `close`; bails on anything else.
    @inline(__always) mutating func another(close: UInt8) throws(FastPathBail) -> Bool {
        skipWhitespace()
        let b = peek
        index += 1
        if b == UInt8(ascii: ",") { return true }
        if b == close { return false }
        throw FastPathBail()
    }

    /// Consumes `{` and tells whether the object has members (false: it was `{}`, consumed).
    @inline(__always) mutating func openObject() throws(FastPathBail) -> Bool {
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        if peek == UInt8(ascii: "}") { index += 1; return false }
        return true
    }

    /// Consumes `[` and tells whether the array has elements (false: it was `[]`, consumed).
    @inline(__always) mutating func openArray() throws(FastPathBail) -> Bool {
        try expect(UInt8(ascii: "["))
        skipWhitespace()
        if peek == UInt8(ascii: "]") { index += 1; return false }
        return true
    }

    /// Reads an object key and the `:` after it. Only plain ASCII keys without escapes are read (every key the fast
    /// path knows is one); anything else bails. Returns where the key's bytes are.
    @inline(__always) mutating func key() throws(FastPathBail) -> FastSlice {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw FastPathBail() }
        let start = index + 1
        // Backslash, control and non-ASCII bytes stop the run too: no key the fast path knows has them.
        let stop = Self.nextSpecial(base, from: start, end: end)
        guard stop < end, base[stop] == UInt8(ascii: "\""), stop - start <= maxStringBytes else { throw FastPathBail() }
        index = stop + 1
        if peek == UInt8(ascii: ":") { index += 1 } else { try expect(UInt8(ascii: ":")) }
        skipWhitespace()
        return FastSlice(start: start, count: stop - start)
    }

    /// Whether the bytes of `slice` are `word`'s.
    @inline(__always) func bytes(_ slice: FastSlice, equal word: StaticString) -> Bool {
        guard slice.count == word.utf8CodeUnitCount else { return false }
        return memcmp(base + slice.start, word.utf8Start, slice.count) == 0
    }

    /// Whether the bytes of `slice` are `word`'s UTF-8.
    @inline(__always) func bytes(_ slice: FastSlice, equal word: [UInt8]) -> Bool {
        guard slice.count == word.count else { return false }
        return word.withUnsafeBufferPointer { w in
            guard let wordBase = w.baseAddress else { return true }  // both empty
            return memcmp(base + slice.start, wordBase, slice.count) == 0
        }
    }

    /// Consumes `true` or `false`.
    mutating func bool() throws(FastPathBail) -> Bool {
        skipWhitespace()
        if index + 4 <= end, base[index] == UInt8(ascii: "t"), base[index + 1] == UInt8(ascii: "r"),
           base[index + 2] == UInt8(ascii: "u"), base[index + 3] == UInt8(ascii: "e") {
            index += 4
            return true
        }
        if index + 5 <= end, base[index] == UInt8(ascii: "f"), base[index + 1] == UInt8(ascii: "a"),
           base[index + 2] == UInt8(ascii: "l"), base[index + 3] == UInt8(ascii: "s"), base[index + 4] == UInt8(ascii: "e") {
            index += 5
            return false
        }
        throw FastPathBail()
    }

    // MARK: Strings

    /// Reads a string value's raw bytes (between the quotes) and tells whether they hold escapes. UTF-8 is
    /// validated as the general path validates it (by `firstInvalidUTF8Offset`); invalid bytes, control
    /// characters and a string longer than the limit bail.
    mutating func stringSlice() throws(FastPathBail) -> (slice: FastSlice, escaped: Bool, ascii: Bool) {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw FastPathBail() }
        index += 1
        let start = index
        var escaped = false
        var ascii = true
        while true {
            index = Self.nextSpecial(base, from: index, end: end)
            guard index < end else { throw FastPathBail() }
            let b = base[index]
            if b == UInt8(ascii: "\"") { break }
            if b == UInt8(ascii: "\\") {
                // Skip the escaped byte (so an escaped quote does not end the string); `unescape` checks it.
                escaped = true
                index += 2
                continue
            }
            if b < 0x20 { throw FastPathBail() }
            ascii = false
            index += try Self.utf8SequenceLength(base, at: index, end: end)
        }
        let slice = FastSlice(start: start, count: index - start)
        index += 1
        guard slice.count <= maxStringBytes else { throw FastPathBail() }
        return (slice, escaped, ascii)
    }

    /// A string value as a `String`: the same characters the general path makes of it.
    mutating func string() throws(FastPathBail) -> String {
        let (slice, escaped, ascii) = try stringSlice()
        if ascii && !escaped { return asciiString(slice) }
        return try makeString(slice, escaped: escaped)
    }

    /// The `String` of a slice of ASCII bytes without escapes (as `stringSlice` tells): one of at most 15 bytes is
    /// stored in the `String` itself, made without the general path's UTF-8 validation and repair (ASCII is valid).
    @inline(__always)
    func asciiString(_ slice: FastSlice) -> String {
        let p = base + slice.start
        let count = slice.count
        guard count <= 15 else { return String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self) }
        return String(unsafeUninitializedCapacity: count) { buffer in
            guard let to = buffer.baseAddress else { return 0 }
            to.initialize(from: p, count: count)
            return count
        }
    }

    /// The `String` for a string's raw bytes read by `stringSlice` (escapes decoded when `escaped`).
    mutating func makeString(_ slice: FastSlice, escaped: Bool) throws(FastPathBail) -> String {
        if !escaped { return String(decoding: UnsafeBufferPointer(start: base + slice.start, count: slice.count), as: UTF8.self) }
        try unescape(slice)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The first byte at or after `from` that is a quote, a backslash, a control character or not ASCII (or `end`),
    /// eight bytes at a time.
    @inline(__always)
    static func nextSpecial(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
        var i = from
        let raw = UnsafeRawPointer(base)
        while i + 8 <= end {
            let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let mask = specialBytes(x)
            if mask != 0 { return i + mask.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < end {
            let b = base[i]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { return i }
            i += 1
        }
        return end
    }

    /// A mask with the high bit set in the lowest byte of `x` (little-endian) that is `"`, `\`, below 0x20 or
    /// 0x80 and above — exact for the lowest such byte (bytes above it may be flagged spuriously by borrows,
    /// which is why only the lowest is used).
    @inline(__always)
    static func specialBytes(_ x: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = x ^ (ones &* 0x22)
        let backslash = x ^ (ones &* 0x5C)
        let isQuote = (quote &- ones) & ~quote
        let isBackslash = (backslash &- ones) & ~backslash
        let isControl = (x &- ones &* 0x20) & ~x
        return (isQuote | isBackslash | isControl | x) & highs
    }

    /// The length of the valid UTF-8 sequence starting with a non-ASCII byte at `i`, with the rules of
    /// `firstInvalidUTF8Offset` (no overlong forms, no surrogates, nothing above U+10FFFF); bails when invalid.
    @inline(__always)
    static func utf8SequenceLength(_ base: UnsafePointer<UInt8>, at i: Int, end: Int) throws(FastPathBail) -> Int {
        let b = base[i]
        let length: Int
        var scalar: UInt32
        let minScalar: UInt32
        switch b {
        case 0xC2...0xDF: length = 2; scalar = UInt32(b & 0x1F); minScalar = 0x80
        case 0xE0...0xEF: length = 3; scalar = UInt32(b & 0x0F); minScalar = 0x800
        case 0xF0...0xF4: length = 4; scalar = UInt32(b & 0x07); minScalar = 0x10000
        default: throw FastPathBail()
        }
        guard i + length <= end else { throw FastPathBail() }
        for k in 1..<length {
            let c = base[i + k]
            guard c & 0xC0 == 0x80 else { throw FastPathBail() }
            scalar = scalar << 6 | UInt32(c & 0x3F)
        }
        if scalar < minScalar || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { throw FastPathBail() }
        return length
    }

    /// Decodes the escapes of a string's raw bytes into `scratch`, as `JSONParser` does; bails on an invalid one.
    private mutating func unescape(_ slice: FastSlice) throws(FastPathBail) {
        scratch.removeAll(keepingCapacity: true)
        var i = slice.start
        let stop = slice.start + slice.count
        while i < stop {
            let b = base[i]
            guard b == UInt8(ascii: "\\") else {
                // Raw bytes were validated by `stringSlice`; copy the run up to the next escape.
                var j = i + 1
                while j < stop, base[j] != UInt8(ascii: "\\") { j += 1 }
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + i, count: j - i))
                i = j
                continue
            }
            guard i + 1 < stop else { throw FastPathBail() }
            let e = base[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "\""): scratch.append(0x22)
            case UInt8(ascii: "\\"): scratch.append(0x5C)
            case UInt8(ascii: "/"): scratch.append(0x2F)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(at: i, stop: stop)
                i += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    guard i + 1 < stop, base[i] == UInt8(ascii: "\\"), base[i + 1] == UInt8(ascii: "u") else { throw FastPathBail() }
                    let low = try hex4(at: i + 2, stop: stop)
                    guard (0xDC00...0xDFFF).contains(low) else { throw FastPathBail() }
                    i += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw FastPathBail()
                }
                guard let u = Unicode.Scalar(scalar) else { throw FastPathBail() }
                scratch.append(contentsOf: UTF8.encode(u)!)
            default:
                throw FastPathBail()
            }
        }
    }

    private func hex4(at i: Int, stop: Int) throws(FastPathBail) -> UInt32 {
        guard i + 4 <= stop else { throw FastPathBail() }
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = base[i + k]
            let d: UInt32
            switch c {
            case 48...57: d = UInt32(c - 48)
            case 65...70: d = UInt32(c - 55)
            case 97...102: d = UInt32(c - 87)
            default: throw FastPathBail()
            }
            v = v << 4 | d
        }
        return v
    }

    // MARK: Numbers

    /// Reads a JSON number with `JSONParser`'s grammar and value: the same `Double` for the same text (plain
    /// integers of up to 15 digits computed directly, others correctly rounded as `Double(String)` rounds them).
    /// Bails on malformed numbers, on literals longer than 64 characters and on non-finite values.
    mutating func number() throws(FastPathBail) -> Double {
        skipWhitespace()
        let start = index
        var negative = false
        if peek == UInt8(ascii: "-") { negative = true; index += 1 }
        guard index < end else { throw FastPathBail() }
        var first = base[index]
        guard first >= 48 && first <= 57 else { throw FastPathBail() }
        // Significant digits (leading zeros dropped), their count, and digits after the point.
        var significand: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        if first == 48 {
            index += 1
            if index < end, base[index] >= 48 && base[index] <= 57 { throw FastPathBail() }
        } else {
            while index < end {
                let d = base[index] &- 48
                guard d < 10 else { break }
                if digits < 19 { significand = significand &* 10 &+ UInt64(d) }
                digits += 1
                index += 1
            }
        }
        let integerDigits = digits
        var isInteger = true
        if index < end, base[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            first = peek
            guard first >= 48 && first <= 57 else { throw FastPathBail() }
            // Leading zeros of the fraction (they scale, are not significant), then eight digits at a time while
            // they fit in the 19 significant digits kept; the rest one by one.
            while digits == 0, index < end, base[index] == 48 {
                fractionDigits += 1
                index += 1
            }
            while digits <= 11, let eight = Self.eightDigits(base, at: index, end: end) {
                significand = significand &* 100_000_000 &+ eight
                digits &+= 8
                fractionDigits &+= 8
                index &+= 8
            }
            while index < end {
                let d = base[index] &- 48
                guard d < 10 else { break }
                if digits == 0 && d == 0 {
                    fractionDigits += 1  // a leading zero of the fraction: scales, is not significant
                } else {
                    if digits < 19 { significand = significand &* 10 &+ UInt64(d); fractionDigits += 1 }
                    digits += 1
                }
                index += 1
            }
        }
        var exponent = 0
        if index < end, base[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            var exponentNegative = false
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { exponentNegative = peek == UInt8(ascii: "-"); index += 1 }
            first = peek
            guard first >= 48 && first <= 57 else { throw FastPathBail() }
            while index < end {
                let d = base[index] &- 48
                guard d < 10 else { break }
                if exponent < 100_000 { exponent = exponent * 10 + Int(d) }
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        let length = index - start
        guard length <= 64 else { throw FastPathBail() }
        // JSONParser: a plain integer literal of at most 15 digits (`-0` and `0` included) is computed exactly.
        if isInteger && integerDigits <= 15 {
            return negative ? -Double(significand) : Double(significand)
        }
        if digits <= 19, let value = Self.exactDecimal(significand, exponent: exponent - fractionDigits) {
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: length), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw FastPathBail() }
        return value
    }

    /// The value of the eight ASCII digits at `i`; nil when fewer than eight bytes are left or one of them is not a
    /// digit. (Every byte is 0x30…0x39 when its high nibble is 3 and adding 6 does not carry into it; the digits are
    /// then combined pairwise by multiplications, the first byte the most significant.)
    @inline(__always)
    static func eightDigits(_ base: UnsafePointer<UInt8>, at i: Int, end: Int) -> UInt64? {
        guard i &+ 8 <= end else { return nil }
        let x = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        let nibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        guard (x & nibbles) | (((x &+ 0x0606_0606_0606_0606) & nibbles) >> 4) == 0x3333_3333_3333_3333 else { return nil }
        var v = x &- 0x3030_3030_3030_3030
        v = v &* 10 &+ (v >> 8)  // byte pairs: two-digit values in the even bytes
        let pairs: UInt64 = 0x0000_00FF_0000_00FF
        v = ((v & pairs) &* (100 &+ (1_000_000 << 32)) &+ ((v >> 16) & pairs) &* (1 &+ (10_000 << 32))) >> 32
        return v & 0xFFFF_FFFF
    }

    /// `w × 10^e` correctly rounded to the nearest `Double` (ties to even), as `strtod` rounds it, for
    /// `|e| ≤ 19`; nil for other exponents (the caller then asks `Double(String)`).
    ///
    /// Exact integer arithmetic: for `e < 0` the 64-bit quotient of the normalised significand by `10^-e` with
    /// its remainder as the sticky bit, for `e > 0` the 128-bit product; either is rounded to 53 bits once.
    static func exactDecimal(_ w: UInt64, exponent e: Int) -> Double? {
        if w == 0 { return 0 }
        guard e >= -19 && e <= 19 else { return nil }
        if e == 0 && w <= 1 << 53 { return Double(w) }
        var top: UInt64       // 64 significant bits, the highest set
        var binaryExponent: Int  // value ≈ top × 2^binaryExponent
        var sticky: Bool      // bits below `top` that are not zero
        if e < 0 {
            let divisor = powersOfTen[-e]
            let lw = w.leadingZeroBitCount, ld = divisor.leadingZeroBitCount
            let wn = w << lw, dn = divisor << ld
            let (q, r): (UInt64, UInt64)
            if wn >= dn {
                (q, r) = dn.dividingFullWidth((high: wn >> 1, low: wn << 63))
                binaryExponent = ld - lw - 63
            } else {
                (q, r) = dn.dividingFullWidth((high: wn, low: 0))
                binaryExponent = ld - lw - 64
            }
            top = q; sticky = r != 0
        } else {
            let (high, low) = w.multipliedFullWidth(by: powersOfTen[e])
            if high == 0 {
                let lz = low.leadingZeroBitCount
                top = low << lz; binaryExponent = -lz; sticky = false
            } else {
                let lz = high.leadingZeroBitCount
                top = lz == 0 ? high : (high << lz) | (low >> (64 - lz))
                sticky = (low << lz) != 0
                binaryExponent = 64 - lz
            }
        }
        // Round the 64 bits to 53: 11 bits go.
        var mantissa = top >> 11
        let rest = top & 0x7FF
        if rest > 0x400 || (rest == 0x400 && (sticky || mantissa & 1 == 1)) { mantissa += 1 }
        binaryExponent += 11
        if mantissa == 1 << 53 { mantissa >>= 1; binaryExponent += 1 }
        return Double(sign: .plus, exponent: binaryExponent, significand: Double(mantissa))
    }

    static let powersOfTen: [UInt64] = {
        var p: [UInt64] = [1]
        for _ in 1...19 { p.append(p[p.count - 1] * 10) }
        return p
    }()
}

/// Where a token's bytes are in the input.
struct FastSlice {
    var start: Int
    var count: Int
}
