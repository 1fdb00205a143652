// The sfnt container: the table directory of a TrueType / OpenType file, or of each face of a collection.

/// Reads TrueType (`.ttf`), OpenType/CFF (`.otf`) and TrueType collection (`.ttc`) files into faces.
///
/// Every offset and length is checked against the file; a bad file ends with a `FontFileError` naming the file
/// and the table, never a trap. Glyph outlines (`glyf`, `CFF `) are not read: measuring needs only the metrics,
/// the character map and the layout tables.
public enum FontFile {
    /// The most faces read from one collection.
    static let maxFaces = 256
    /// The most tables read from one face's directory.
    static let maxTables = 512

    /// The faces in a font file's bytes.
    /// - Parameters:
    ///   - data: The whole file.
    ///   - file: The name used in errors and diagnostics (a path, or a built-in face's resource name).
    /// - Throws: `FontFileError` when the file, or any face in a collection, cannot be read.
    /// - Complexity: O(n) in the size of the tables a face needs (the character map is expanded once).
    public static func faces(in data: [UInt8], file: String) throws(FontFileError) -> [FontFace] {
        let whole = FontBytes(storage: FontStorage(data), start: 0, end: data.count, file: file, table: nil)
        guard whole.count >= 12 else {
            throw whole.error(.notAFont, "\(data.count) bytes is too short for a font file's header (12)")
        }
        let tag = try whole.u32(0)
        switch tag {
        case 0x7474_6366:  // 'ttcf'
            let count = Int(try whole.u32(8))
            guard count >= 1, count <= maxFaces else {
                throw whole.error(.invalidValue, "a collection of \(count) faces (1…\(maxFaces) are read)")
            }
            try whole.require(12, count * 4, "the collection's \(count) face offsets")
            var faces: [FontFace] = []
            for index in 0..<count {
                let offset = Int(try whole.u32(12 + index * 4))
                faces.append(try face(in: whole, directoryAt: offset, index: index))
            }
            return faces
        case 0x0001_0000, 0x4F54_544F, 0x7472_7565:  // 1.0, 'OTTO', 'true'
            return [try face(in: whole, directoryAt: 0, index: 0)]
        case 0x774F_4646, 0x774F_4632:  // 'wOFF', 'wOF2'
            throw whole.error(.notAFont, "a WOFF or WOFF2 web font: give the TrueType or OpenType file it was made from")
        default:
            throw whole.error(.notAFont, "not a TrueType, OpenType or TrueType collection file (it starts with 0x\(String(tag, radix: 16)))")
        }
    }

    /// The table records of the directory at `offset` (tag → bytes), checked against the file.
    static func tables(in whole: FontBytes, directoryAt offset: Int) throws(FontFileError) -> [UInt32: FontBytes] {
        try whole.require(offset, 12, "the table directory")
        let version = try whole.u32(offset)
        guard version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565 else {
            throw whole.error(.notAFont, "a face's directory at \(offset) has version 0x\(String(version, radix: 16))")
        }
        let count = Int(try whole.u16(offset + 4))
        guard count <= maxTables else { throw whole.error(.invalidValue, "\(count) tables (at most \(maxTables) are read)") }
        try whole.require(offset + 12, count * 16, "the directory's \(count) table records")
        var tables: [UInt32: FontBytes] = [:]
        for index in 0..<count {
            let record = offset + 12 + index * 16
            let tag = try whole.u32(record)
            let start = Int(try whole.u32(record + 8))
            let length = Int(try whole.u32(record + 12))
            let name = tagName(tag)
            guard whole.contains(start, length) else {
                throw FontFileError(code: .truncated, file: whole.file, table: name,
                                    message: "the table is at \(start)..<\(start + length), the file has \(whole.count) bytes")
            }
            tables[tag] = whole.slice(start, length, table: name)
        }
        return tables
    }

    /// A face from the directory at `offset`.
    static func face(in whole: FontBytes, directoryAt offset: Int, index: Int) throws(FontFileError) -> FontFace {
        let tables = try tables(in: whole, directoryAt: offset)
        return try FontFace(tables: tables, storage: whole.storage, file: whole.file, index: index)
    }

    /// The four-character name of a table tag (`0x68656164` → `head`).
    static func tagName(_ tag: UInt32) -> String {
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> UInt32($0)) }
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(decoding: bytes, as: UTF8.self) }
        return "0x" + String(tag, radix: 16)
    }

    /// The tag of a four-character name.
    static func tag(_ name: String) -> UInt32 {
        name.utf8.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }
}
