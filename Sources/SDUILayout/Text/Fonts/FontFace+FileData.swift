import SDUIEnvironment

// A face's bytes as a font file of its own: what a renderer embeds (`@font-face`) so that a browser draws the face
// the engine measured.

extension FontFace {
    /// Whether the face's outlines are PostScript (`CFF ` or `CFF2`: an OpenType `.otf`) rather than TrueType.
    public var hasPostScriptOutlines: Bool {
        tables[FontFile.tag("CFF ")] != nil || tables[FontFile.tag("CFF2")] != nil
    }

    /// The face as a font file: the file it was read from when that file is this one face, else (a face of a
    /// collection) a file of its own with the face's tables, byte for byte.
    /// - Complexity: O(n) in the size of the face's tables (a collection's face is copied).
    public var fileData: [UInt8] {
        guard let any = tables.first?.value else { return [] }
        let data = UnsafeRawBufferPointer(start: any.storage.base, count: any.storage.count)
        let isCollection = data.count >= 4 && data[0] == 0x74 && data[1] == 0x74 && data[2] == 0x63 && data[3] == 0x66
        if !isCollection { return Array(data) }
        let unordered = tables.map { ($0.key, $0.value) }
        return Self.sfnt(tables: sortedIndices(count: unordered.count) { unordered[$0].0 < unordered[$1].0 }.map { unordered[$0] },
                         version: hasPostScriptOutlines ? 0x4F54_544F : 0x0001_0000)
    }

    /// An sfnt file holding `tables` (ascending tags): the header, the table records (each table's checksum
    /// computed again) and the tables, each padded to 4 bytes. `head`'s `checkSumAdjustment` is kept as it was: no
    /// reader checks it (the OpenType specification asks readers not to rely on it).
    static func sfnt(tables: [(tag: UInt32, bytes: FontBytes)], version: UInt32) -> [UInt8] {
        var out: [UInt8] = []
        func u16(_ v: Int) { out.append(UInt8(truncatingIfNeeded: v >> 8)); out.append(UInt8(truncatingIfNeeded: v)) }
        func u32(_ v: UInt32) { for shift in [24, 16, 8, 0] { out.append(UInt8(truncatingIfNeeded: v >> UInt32(shift))) } }
        let count = tables.count
        var power = 1, log = 0
        while power * 2 <= count { power *= 2; log += 1 }
        u32(version); u16(count); u16(power * 16); u16(log); u16(count * 16 - power * 16)
        var offset = 12 + count * 16
        for (tag, bytes) in tables {
            u32(tag); u32(checksum(bytes)); u32(UInt32(offset)); u32(UInt32(bytes.count))
            offset += (bytes.count + 3) & ~3
        }
        out.reserveCapacity(offset)
        for (_, bytes) in tables {
            out.append(contentsOf: UnsafeRawBufferPointer(start: bytes.storage.base + bytes.start, count: bytes.end - bytes.start))
            while out.count % 4 != 0 { out.append(0) }
        }
        return out
    }

    /// The OpenType table checksum: the sum of the table's big-endian 32-bit words (zero-padded), modulo 2³².
    static func checksum(_ bytes: FontBytes) -> UInt32 {
        var sum: UInt32 = 0
        let data = bytes.storage.base
        var i = bytes.start
        while i < bytes.end {
            var word: UInt32 = 0
            for k in 0..<4 { word = word << 8 | UInt32(i + k < bytes.end ? data.load(fromByteOffset: i + k, as: UInt8.self) : 0) }
            sum = sum &+ word
            i += 4
        }
        return sum
    }
}
