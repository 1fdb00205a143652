/// The fast path's short tokens read as words: a key, a type name or an id of at most 16 bytes is found with two
/// unaligned 8-byte loads and compared as integers (`FastWord`), with no loop and no call. Each reader returns nil
/// — having consumed nothing — for anything else: a token that is longer, holds a byte it does not handle, is
/// longer than the string limit, is not a string, or ends within 18 bytes of the input's end. The caller then
/// reads it with the general readers (`key`, `stringSlice`), which say what is wrong with it. (They do not throw,
/// so they are inlined into the node loop.) Each starts at the cursor: the caller has skipped whitespace (a
/// token after whitespace it has not skipped is read by the general reader).
extension FastScanner {
    /// A mask with the high bit set in the lowest byte of `x` (little-endian) that is `"` — exact for that byte
    /// (bytes above it may be flagged spuriously by borrows, which is why only the lowest is used).
    @inline(__always)
    static func quoteBytes(_ x: UInt64) -> UInt64 {
        let q = x ^ 0x2222_2222_2222_2222
        return (q &- 0x0101_0101_0101_0101) & ~q & 0x8080_8080_8080_8080
    }

    /// The low `n` (< 8) bytes of `x`.
    @inline(__always)
    static func low(_ x: UInt64, bytes n: Int) -> UInt64 { x & ((1 << UInt64(truncatingIfNeeded: n &* 8)) &- 1) }

    /// The word of a string token at the cursor whose closing quote is among the 17 bytes after
    /// its opening one (a token of at most 16 bytes), where `mask` finds the closing quote (exact for the lowest
    /// flagged byte) and flags any byte the token may not hold before it; nil when there is no such token.
    @inline(__always)
    private mutating func shortToken(_ mask: (UInt64) -> UInt64) -> (word: FastWord, slice: FastSlice)? {
        guard index &+ 18 <= end, base[index] == UInt8(ascii: "\"") else { return nil }
        let start = index &+ 1
        let raw = UnsafeRawPointer(base + start)
        let x1 = raw.loadUnaligned(as: UInt64.self)
        let m1 = mask(x1)
        let n: Int, first: UInt64, last: UInt64
        if m1 != 0 {
            n = m1.trailingZeroBitCount &>> 3
            guard base[start &+ n] == UInt8(ascii: "\"") else { return nil }
            first = Self.low(x1, bytes: n)
            last = 0
        } else {
            let x2 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            let m2 = mask(x2)
            // No flagged byte among the sixteen: a token of exactly 16 bytes when its closing quote follows.
            n = m2 != 0 ? 8 &+ m2.trailingZeroBitCount &>> 3 : 16
            guard base[start &+ n] == UInt8(ascii: "\"") else { return nil }
            first = x1
            last = n == 8 ? 0 : raw.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
        }
        guard n <= maxStringBytes else { return nil }
        index = start &+ n &+ 1
        return (FastWord(count: n, first: first, last: last), FastSlice(start: start, count: n))
    }

    /// An object key of at most 16 bytes and the `:` after it, as a word. Any byte may precede the closing quote:
    /// a key is only ever compared with the names the fast path knows, which hold no escape, control or non-ASCII
    /// byte, so a key holding one matches none and bails. A key without its `:` is the empty word (`none`), which
    /// matches no name either.
    @inline(__always)
    mutating func shortKey() -> FastWord? {
        guard let (word, _) = shortToken(Self.quoteBytes) else { return nil }
        if peek == UInt8(ascii: ":") {
            index &+= 1
        } else {
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { return FastWord.none }
            index &+= 1
        }
        skipWhitespace()
        return word
    }

    /// A string value of at most 7 ASCII bytes without escapes or control characters as a word (a type name),
    /// zero-padded: its bytes are told apart from a shorter name's by the padding, as no such byte is zero. Nil
    /// for any other string, which the caller reads with `stringSlice`.
    @inline(__always)
    mutating func shortName() -> FastWord? {
        guard index &+ 9 <= end, base[index] == UInt8(ascii: "\"") else { return nil }
        let x = UnsafeRawPointer(base + (index &+ 1)).loadUnaligned(as: UInt64.self)
        let m = Self.specialBytes(x)
        guard m != 0 else { return nil }
        let n = m.trailingZeroBitCount &>> 3
        guard base[index &+ 1 &+ n] == UInt8(ascii: "\"") else { return nil }
        guard n <= maxStringBytes else { return nil }
        index &+= n &+ 2
        return FastWord(count: n, first: Self.low(x, bytes: n), last: 0)
    }

    /// A string value of at most 16 ASCII bytes without escapes or control characters, as a word and a slice (an
    /// id); nil for any other string, which the caller reads with `stringSlice`.
    @inline(__always)
    mutating func shortASCIIString() -> (word: FastWord, slice: FastSlice)? {
        shortToken(Self.specialBytes)
    }
}

/// `String`s of 1–15 ASCII bytes made straight from their words (an id read by `shortASCIIString`).
///
/// Such a string is stored in the `String` value itself (a "small string": its bytes, then its count and flags in
/// the top byte), and making one through the standard library's initialisers costs a call and a check of the
/// bytes per id — as much as the rest of reading the id. `make` builds the same 16 bytes from the word. Whether
/// this standard library lays small strings out so is checked once (`layoutHolds`: every length, against
/// `String(decoding:as:)`); where it does not, the decoder makes its strings the ordinary way.
enum SmallASCIIString {
    /// Whether `make` gives the standard library's own value for every length it takes.
    static let layoutHolds: Bool = {
        guard MemoryLayout<String>.size == 16 else { return false }
        for n in 1...15 {
            let bytes = (0..<n).map { UInt8(0x21 + ($0 * 37 + n) % 94) }  // printable ASCII, varied
            let expected = String(decoding: bytes, as: UTF8.self)
            let word = FastWord(bytes)
            guard bits(word) == unsafeBitCast(expected, to: (UInt64, UInt64).self) else { return false }
            let made = make(word)
            guard made == expected, Array(made.utf8) == bytes, made.utf8.count == n else { return false }
        }
        return true
    }()

    /// The two words of the small string of `word`'s bytes: the first eight, then the rest with the count and the
    /// small-ASCII flags (`0xE0`) in the top byte.
    @inline(__always)
    static func bits(_ word: FastWord) -> (UInt64, UInt64) {
        let n = word.count
        let rest: UInt64 = n <= 8 ? 0 : word.last &>> UInt64(truncatingIfNeeded: 8 &* (16 &- n))
        return (word.first, rest | (0xE0 | UInt64(truncatingIfNeeded: n)) &<< 56)
    }

    /// The string of `word`'s 1–15 ASCII bytes. Only when `layoutHolds`.
    @inline(__always)
    static func make(_ word: FastWord) -> String { unsafeBitCast(bits(word), to: String.self) }
}
