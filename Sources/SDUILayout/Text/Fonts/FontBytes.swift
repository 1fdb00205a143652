// Bounds-checked big-endian reads over a font file's bytes: every read of a font goes through here.

/// A font file could not be read: which file, which table, and what was wrong.
///
/// Loading never traps on a malformed, truncated or hostile file; it ends with one of these.
public struct FontFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Code: String, Sendable {
        /// The file is not a TrueType, OpenType or TrueType collection file (or a WOFF/WOFF2 one, which are not read).
        case notAFont = "not-a-font"
        /// A table the face needs is missing.
        case missingTable = "missing-table"
        /// A table is shorter than its contents say, or an offset points outside it.
        case truncated = "truncated"
        /// A value is out of its allowed range.
        case invalidValue = "invalid-value"
        /// The file has no face with a cmap this reader understands (formats 4 and 12, Unicode).
        case unsupported = "unsupported"
    }

    /// The kind of problem.
    public var code: Code
    /// The file, as the caller named it (a path, or a built-in face's resource name).
    public var file: String
    /// The table (`head`, `cmap`, …), or nil when the problem is in the file's directory.
    public var table: String?
    /// What was expected and what was found.
    public var message: String

    /// Creates an error.
    public init(code: Code, file: String, table: String?, message: String) {
        self.code = code
        self.file = file
        self.table = table
        self.message = message
    }

    /// `file: table 'name': message`.
    public var description: String {
        if let table { return "\(file): table '\(table)': \(message)" }
        return "\(file): \(message)"
    }
}

/// A view of one table (or the whole file) with reads that check their bounds.
///
/// The throwing reads (`u16(_:)` …) are for the tables a face needs; the `peek` reads return 0 outside the table
/// and are for the layout tables, whose subtables are walked while shaping (a broken subtable then matches nothing).
struct FontBytes {
    /// The whole file.
    let data: [UInt8]
    /// The table's first byte in `data`.
    let start: Int
    /// The table's end in `data` (exclusive).
    let end: Int
    /// For errors.
    let file: String
    let table: String?

    init(data: [UInt8], start: Int, end: Int, file: String, table: String?) {
        self.data = data
        self.start = max(0, min(start, data.count))
        self.end = max(self.start, min(end, data.count))
        self.file = file
        self.table = table
    }

    /// Length of the table in bytes.
    var count: Int { end - start }

    /// An error about this table.
    func error(_ code: FontFileError.Code, _ message: String) -> FontFileError {
        FontFileError(code: code, file: file, table: table, message: message)
    }

    /// Whether `length` bytes at table offset `offset` are inside the table.
    @inline(__always)
    func contains(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count - length
    }

    /// Throws unless `length` bytes at `offset` are inside the table.
    func require(_ offset: Int, _ length: Int, _ what: @autoclosure () -> String) throws(FontFileError) {
        guard contains(offset, length) else {
            throw error(.truncated, "\(what()) needs bytes \(offset)..<\(offset &+ length), the table has \(count)")
        }
    }

    func u8(_ offset: Int) throws(FontFileError) -> UInt8 {
        try require(offset, 1, "a byte")
        return data[start + offset]
    }

    func u16(_ offset: Int) throws(FontFileError) -> UInt16 {
        try require(offset, 2, "a 16-bit value")
        return UInt16(data[start + offset]) << 8 | UInt16(data[start + offset + 1])
    }

    func i16(_ offset: Int) throws(FontFileError) -> Int16 { Int16(bitPattern: try u16(offset)) }

    func u32(_ offset: Int) throws(FontFileError) -> UInt32 {
        try require(offset, 4, "a 32-bit value")
        let p = start + offset
        return UInt32(data[p]) << 24 | UInt32(data[p + 1]) << 16 | UInt32(data[p + 2]) << 8 | UInt32(data[p + 3])
    }

    /// A 16-bit value, or 0 outside the table.
    @inline(__always)
    func peek16(_ offset: Int) -> Int {
        guard offset >= 0, offset < count - 1 else { return 0 }
        let p = start + offset
        return Int(data[p]) << 8 | Int(data[p + 1])
    }

    /// A signed 16-bit value, or 0 outside the table.
    @inline(__always)
    func peekSigned16(_ offset: Int) -> Int { Int(Int16(truncatingIfNeeded: peek16(offset))) }

    /// A 32-bit value, or 0 outside the table.
    @inline(__always)
    func peek32(_ offset: Int) -> Int { peek16(offset) << 16 | peek16(offset + 2) }

    /// The sub-view `offset..<offset + length` of this table (clamped to it).
    func slice(_ offset: Int, _ length: Int, table: String? = nil) -> FontBytes {
        let from = start + max(0, min(offset, count))
        return FontBytes(data: data, start: from, end: from + max(0, min(length, end - from)), file: file,
                         table: table ?? self.table)
    }
}
