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

/// A font file's bytes, copied once and kept for as long as any face read from them lives.
///
/// The layout tables are walked through raw pointers into this storage (`FontTable`) while shaping, so no read
/// retains or releases anything; the faces that hold the storage keep the pointers valid.
final class FontStorage: @unchecked Sendable {
    // @unchecked: the bytes are written in `init` and only read afterwards; freed in `deinit`.

    /// The first byte.
    let base: UnsafeRawPointer
    /// The number of bytes.
    let count: Int

    init(_ data: [UInt8]) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(1, data.count), alignment: 8)
        data.withUnsafeBytes { bytes in
            if let source = bytes.baseAddress { buffer.copyMemory(from: source, byteCount: bytes.count) }
        }
        base = UnsafeRawPointer(buffer)
        count = data.count
    }

    deinit { UnsafeMutableRawPointer(mutating: base).deallocate() }
}

/// A view of one table (or the whole file) with reads that check their bounds, for reading a face: errors name the
/// file and the table.
///
/// The throwing reads (`u16(_:)` …) are for the tables a face needs; the `peek` reads return 0 outside the table.
/// While shaping, the layout tables are read through `FontTable`, the same bounds checks without the error context.
struct FontBytes {
    /// The whole file.
    let storage: FontStorage
    /// The table's first byte in the file.
    let start: Int
    /// The table's end in the file (exclusive).
    let end: Int
    /// For errors.
    let file: String
    let table: String?

    init(storage: FontStorage, start: Int, end: Int, file: String, table: String?) {
        self.storage = storage
        self.start = max(0, min(start, storage.count))
        self.end = max(self.start, min(end, storage.count))
        self.file = file
        self.table = table
    }

    /// Length of the table in bytes.
    var count: Int { end - start }

    /// The table's bytes for shaping-time reads (valid while `storage` lives).
    var view: FontTable { FontTable(base: storage.base + start, count: count) }

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
        return storage.base.load(fromByteOffset: start + offset, as: UInt8.self)
    }

    func u16(_ offset: Int) throws(FontFileError) -> UInt16 {
        try require(offset, 2, "a 16-bit value")
        return UInt16(truncatingIfNeeded: view.peek16(offset))
    }

    func i16(_ offset: Int) throws(FontFileError) -> Int16 { Int16(bitPattern: try u16(offset)) }

    func u32(_ offset: Int) throws(FontFileError) -> UInt32 {
        try require(offset, 4, "a 32-bit value")
        return UInt32(truncatingIfNeeded: view.peek32(offset))
    }

    /// A 16-bit value, or 0 outside the table.
    @inline(__always)
    func peek16(_ offset: Int) -> Int { view.peek16(offset) }

    /// A signed 16-bit value, or 0 outside the table.
    @inline(__always)
    func peekSigned16(_ offset: Int) -> Int { view.peekSigned16(offset) }

    /// A 32-bit value, or 0 outside the table.
    @inline(__always)
    func peek32(_ offset: Int) -> Int { view.peek32(offset) }

    /// The bytes `offset ..< offset + length` of the table (clamped to it).
    func bytes(_ offset: Int, _ length: Int) -> [UInt8] {
        guard contains(offset, 0) else { return [] }
        let n = max(0, min(length, count - offset))
        return [UInt8](UnsafeRawBufferPointer(start: storage.base + start + offset, count: n))
    }

    /// The sub-view `offset..<offset + length` of this table (clamped to it).
    func slice(_ offset: Int, _ length: Int, table: String? = nil) -> FontBytes {
        let from = start + max(0, min(offset, count))
        return FontBytes(storage: storage, start: from, end: from + max(0, min(length, end - from)), file: file,
                         table: table ?? self.table)
    }
}

/// One table's bytes as shaping reads them: a pointer and a length, every read checked against the length (0 outside
/// it), nothing retained. Valid while the face whose storage it points into lives.
struct FontTable: @unchecked Sendable {
    // @unchecked: a read-only view of a face's immutable storage, which the face keeps alive.

    let base: UnsafeRawPointer
    let count: Int

    /// Whether `length` bytes at `offset` are inside the table.
    @inline(__always)
    func contains(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count - length
    }

    /// A 16-bit value, or 0 outside the table.
    @inline(__always)
    func peek16(_ offset: Int) -> Int {
        guard offset >= 0, offset < count - 1 else { return 0 }
        return Int(UInt16(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
    }

    /// A signed 16-bit value, or 0 outside the table.
    @inline(__always)
    func peekSigned16(_ offset: Int) -> Int { Int(Int16(truncatingIfNeeded: peek16(offset))) }

    /// A 32-bit value, or 0 outside the table.
    @inline(__always)
    func peek32(_ offset: Int) -> Int {
        guard offset >= 0, offset < count - 3 else { return peek16(offset) << 16 | peek16(offset + 2) }
        return Int(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }
}
