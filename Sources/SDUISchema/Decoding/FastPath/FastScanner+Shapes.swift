/// The fixed byte shapes of a node in the canonical encoding's compact form (`Screen.jsonData(pretty: false)`):
/// it opens `{"type":`, writes its id next as `,"id":`, and its children last as `,"children":[`. Each reader
/// here recognises one shape with one or two word compares at the cursor, consumes it and returns true, or
/// consumes nothing and returns false — for any other bytes (whitespace, another key, an input ending within the
/// word), which the decoder then reads with its general readers. A shape is exactly the tokens the general readers
/// would read there, so taking it changes no result.
extension FastScanner {
    /// The eight bytes at `offset` from the cursor, or nil when fewer are left.
    @inline(__always)
    private func word(at offset: Int) -> UInt64? {
        guard index &+ offset &+ 8 <= end else { return nil }
        return UnsafeRawPointer(base + (index &+ offset)).loadUnaligned(as: UInt64.self)
    }

    /// Consumes `{"type":` (a node's opening and its first key).
    @inline(__always)
    mutating func skipTypeKeyHead() -> Bool {
        guard word(at: 0) == Shape.typeKeyHead else { return false }
        index &+= 8
        return true
    }

    /// Consumes `,"id":` (the member after a node's type).
    @inline(__always)
    mutating func skipIDKey() -> Bool {
        guard let x = word(at: 0), Self.low(x, bytes: 6) == Shape.idKey else { return false }
        index &+= 6
        return true
    }

    /// Consumes `,"children":[` (a node's last member, up to its array's first element).
    @inline(__always)
    mutating func skipChildrenKeyHead() -> Bool {
        guard index &+ 13 <= end, word(at: 0) == Shape.childrenKeyStart, word(at: 5) == Shape.childrenKeyEnd else { return false }
        index &+= 13
        return true
    }

    /// Where the member after the `,` at the cursor starts, when it follows at once (no whitespace) and its key is
    /// neither `id` nor `children` (a property's, or one the decoder bails on); nil otherwise. Consumes nothing.
    @inline(__always)
    func propertyMemberAfterComma() -> Int? {
        guard let x = word(at: 0), x & 0xFFFF == Shape.commaQuote, x != Shape.childrenKeyStart,
              Self.low(x, bytes: 5) != Shape.idKeyQuoted else { return nil }
        return index &+ 1
    }

    /// Consumes `,"url":` when its value is a string (an image's fixed URL), leaving the cursor on the string's `"`.
    @inline(__always)
    mutating func skipURLKey() -> Bool {
        guard word(at: 0) == Shape.urlKeyQuote else { return false }
        index &+= 7
        return true
    }

    /// The shapes' bytes as little-endian integers (`FastPathShapeTests` checks them against their text).
    enum Shape {
        /// `{"type":`
        @inline(__always) static var typeKeyHead: UInt64 { 0x3A22_6570_7974_227B }
        /// `,"id":`
        @inline(__always) static var idKey: UInt64 { 0x3A22_6469_222C }
        /// `,"id"`
        @inline(__always) static var idKeyQuoted: UInt64 { 0x22_6469_222C }
        /// `,"childr`: the first eight bytes of `,"children":[`
        @inline(__always) static var childrenKeyStart: UInt64 { 0x7264_6C69_6863_222C }
        /// `ldren":[`: its last eight
        @inline(__always) static var childrenKeyEnd: UInt64 { 0x5B3A_226E_6572_646C }
        /// `,"`
        @inline(__always) static var commaQuote: UInt64 { 0x222C }
        /// `,"url":"`
        @inline(__always) static var urlKeyQuote: UInt64 { 0x223A_226C_7275_222C }
    }
}
