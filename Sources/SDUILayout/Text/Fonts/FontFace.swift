import SDUIEnvironment

// One face of a font file: its names, style, metrics, character map, advances and layout tables.

/// One face of a TrueType or OpenType font file, read and checked once, immutable and safe to share across threads.
///
/// A face knows what measuring needs: its family name (for payloads' `fontFamily`), weight and style (for CSS font
/// matching), vertical metrics (for line height and baselines), the character map, the advance of every glyph,
/// and the OpenType layout tables that change advances (GSUB ligatures and contextual forms, GPOS and `kern`
/// kerning), which `FontShaper` applies. Make one with `FontFile.faces(in:file:)` or through a `FontCollection`.
public final class FontFace: @unchecked Sendable, CustomStringConvertible {
    // @unchecked: every stored property is written while the face is read (`init`) and only read afterwards; the
    // buffers point into `storage` and `arena`, which the face owns.

    /// The file the face was read from, as its loader named it.
    public let file: String
    /// The face's index in its file (0 unless the file is a collection).
    public let index: Int
    /// The family: the typographic family name (`name` ID 16), else the family name (ID 1).
    public let family: String
    /// The style name: typographic subfamily (ID 17), else subfamily (ID 2), e.g. "Bold Italic".
    public let styleName: String
    /// The PostScript name (ID 6), the name CoreText and `UIFont(name:size:)` know the face by; empty when absent.
    public let postScriptName: String
    /// CSS weight, 1…1000: `OS/2` `usWeightClass` (400 without an `OS/2` table).
    public let weight: Int
    /// Whether the face is italic or oblique (`OS/2` `fsSelection` bit 0 or 9, else `head` `macStyle` bit 1).
    public let isItalic: Bool
    /// Font units per em (`head`).
    public let unitsPerEm: Int
    /// `hhea` ascender (above the baseline, positive), in font units.
    public let ascender: Int
    /// `hhea` descender (below the baseline, negative), in font units.
    public let descender: Int
    /// `hhea` line gap, in font units.
    public let lineGap: Int
    /// Whether the face has a `fvar` table (a variable font): it is measured at its default instance.
    public let isVariable: Bool
    /// The number of glyphs (`maxp`).
    public let glyphCount: Int
    /// `OS/2` `usWidthClass`, 1 (ultra-condensed) … 9 (ultra-expanded); 5 is normal.
    public let widthClass: Int

    /// The file's bytes and the arrays read from them; alive as long as the face.
    let storage: FontStorage
    let arena = FontArena()
    /// Advance of each glyph in font units (`hmtx`; glyphs past `numberOfHMetrics` repeat the last).
    let advances: UnsafeBufferPointer<UInt16>
    let characterMap: CharacterMap
    /// GDEF glyph class of each glyph (1 base, 2 ligature, 3 mark, 4 component; 0 unclassified); empty without GDEF.
    let glyphClasses: UnsafeBufferPointer<UInt8>
    /// The substitution and positioning tables, if present.
    let gsub: OpenTypeLayout?
    let gpos: OpenTypeLayout?
    /// Every GSUB and GPOS lookup, those the plans apply with their first-glyph sets (nested ones are called by index).
    let substitutionLookups: UnsafeBufferPointer<OpenTypeLayout.Lookup>
    let positioningLookups: UnsafeBufferPointer<OpenTypeLayout.Lookup>
    /// `kern` format 0 pairs (`left << 16 | right` → value), used when the face has no GPOS.
    let kernPairs: [UInt32: Int16]
    /// The plan of each `ShapingScript` (by raw value).
    private let plans: [ShapingPlan]
    /// The units of `TriggerAnalysis.faceBudget` left after planning; 0 or less: some substitutions are tried on
    /// every run because their triggers were not worked out.
    let triggerAnalysisUnitsLeft: Int
    /// Per glyph, whether its positioning is pairwise (`kernsInPairs(_:)`).
    let pairwiseGlyphs: UnsafeBufferPointer<UInt64>
    /// Printable ASCII text shaped from tables (`ASCIIShaping`), when the face allows it; set once at the end of `init`.
    private(set) var ascii: ASCIIShaping?
    /// Every table of the face's directory (views into the file's bytes), for writing the face out (`fileData`).
    let tables: [UInt32: FontBytes]

    /// `family style (file#index)`.
    public var description: String { "\(family) \(styleName) (\(file)#\(index))" }

    init(tables: [UInt32: FontBytes], storage: FontStorage, file: String, index: Int) throws(FontFileError) {
        self.file = file
        self.index = index
        self.storage = storage
        self.tables = tables
        func table(_ tag: String) -> FontBytes? { tables[FontFile.tag(tag)] }
        func required(_ tag: String) throws(FontFileError) -> FontBytes {
            guard let bytes = table(tag) else {
                throw FontFileError(code: .missingTable, file: file, table: tag, message: "the face has no '\(tag)' table")
            }
            return bytes
        }

        let head = try required("head")
        try head.require(0, 54, "the head table")
        unitsPerEm = Int(try head.u16(18))
        guard (16...16384).contains(unitsPerEm) else {
            throw head.error(.invalidValue, "unitsPerEm is \(unitsPerEm) (16…16384 expected)")
        }
        let macStyle = try head.u16(44)

        let hhea = try required("hhea")
        try hhea.require(0, 36, "the hhea table")
        ascender = Int(try hhea.i16(4))
        descender = Int(try hhea.i16(6))
        lineGap = Int(try hhea.i16(8))
        let metricCount = Int(try hhea.u16(34))

        let maxp = try required("maxp")
        glyphCount = Int(try maxp.u16(4))
        guard glyphCount > 0 else { throw maxp.error(.invalidValue, "numGlyphs is 0") }
        guard metricCount >= 1, metricCount <= glyphCount else {
            throw hhea.error(.invalidValue, "numberOfHMetrics is \(metricCount), the face has \(glyphCount) glyphs")
        }

        let hmtx = try required("hmtx")
        try hmtx.require(0, metricCount * 4, "\(metricCount) horizontal metrics")
        var advances = [UInt16](repeating: 0, count: glyphCount)
        let metrics = hmtx.view
        for glyph in 0..<metricCount { advances[glyph] = UInt16(truncatingIfNeeded: metrics.peek16(glyph * 4)) }
        for glyph in metricCount..<glyphCount { advances[glyph] = advances[metricCount - 1] }
        self.advances = arena.freeze(advances)

        characterMap = try CharacterMap(try required("cmap"), glyphCount: glyphCount, arena: arena)

        if let os2 = table("OS/2"), os2.count >= 64 {
            weight = max(1, min(1000, Int(try os2.u16(4))))
            widthClass = max(1, min(9, Int(try os2.u16(6))))
            let selection = try os2.u16(62)
            isItalic = selection & 0x0201 != 0
        } else {
            weight = macStyle & 1 != 0 ? 700 : 400
            widthClass = 5
            isItalic = macStyle & 2 != 0
        }

        let names = table("name").map { NameTable($0) }
        family = names?.string(16) ?? names?.string(1) ?? ""
        styleName = names?.string(17) ?? names?.string(2) ?? ""
        postScriptName = names?.string(6) ?? ""
        guard !family.isEmpty else {
            throw FontFileError(code: .invalidValue, file: file, table: "name", message: "the face has no family name (name IDs 16 and 1)")
        }

        let total = glyphCount
        glyphClasses = arena.freeze(table("GDEF").map { Self.glyphClasses(gdef: $0.view, glyphCount: total) } ?? [])
        var substitution: OpenTypeLayout?, positioning: OpenTypeLayout?
        if let bytes = table("GSUB") { substitution = try OpenTypeLayout(bytes, isPositioning: false, arena: arena) }
        if let bytes = table("GPOS") { positioning = try OpenTypeLayout(bytes, isPositioning: true, arena: arena) }
        gsub = substitution
        gpos = positioning
        kernPairs = positioning == nil ? (table("kern").map { Self.kernPairs($0.view) } ?? [:]) : [:]
        isVariable = table("fvar") != nil

        var plans: [ShapingPlan] = []
        var triggers = TriggerAnalysis()
        for script in ShapingScript.allCases {
            plans.append(ShapingPlan.make(script: script, gsub: substitution, gpos: positioning, glyphCount: total,
                                          triggers: &triggers, arena: arena))
        }
        self.plans = plans
        triggerAnalysisUnitsLeft = triggers.budget
        substitutionLookups = Self.lookupsWithFirstGlyphs(substitution, planned: plans.flatMap { Array($0.substitutions) },
                                                          glyphCount: total, arena: arena)
        positioningLookups = Self.lookupsWithFirstGlyphs(positioning, planned: plans.flatMap { Array($0.positionings) },
                                                         glyphCount: total, arena: arena)
        pairwiseGlyphs = Self.pairwiseGlyphs(positioning, lookups: positioningLookups,
                                             planned: plans.flatMap { Array($0.positionings) }, glyphCount: total, arena: arena)
        ascii = ASCIIShaping(face: self)
    }

    /// A bit per glyph: set when every positioning lookup of every plan that may start at the glyph kerns pairs only —
    /// a pair adjustment whose second glyph takes no value record and whose flag skips no base glyph or ligature. Empty
    /// without GPOS.
    private static func pairwiseGlyphs(_ gpos: OpenTypeLayout?, lookups: UnsafeBufferPointer<OpenTypeLayout.Lookup>,
                                       planned: [PlannedLookup], glyphCount: Int, arena: FontArena) -> UnsafeBufferPointer<UInt64> {
        guard let gpos else { return UnsafeBufferPointer(start: nil, count: 0) }
        var bits = [UInt64](repeating: ~0, count: (glyphCount + 63) / 64)
        for index in Set(planned.map { Int($0.index) }) where index < lookups.count {
            let lookup = lookups[index]
            let inPairs = lookup.type == 2 && lookup.flag & 0x06 == 0 && lookup.subtables.allSatisfy {
                let format = gpos.table.peek16(Int($0))
                return (format == 1 || format == 2) && gpos.table.peek16(Int($0) + 6) == 0
            }
            guard !inPairs else { continue }
            if lookup.firstGlyphs.isEmpty { return arena.freeze([UInt64](repeating: 0, count: bits.count)) }
            for word in bits.indices where word < lookup.firstGlyphs.count { bits[word] &= ~lookup.firstGlyphs[word] }
        }
        return arena.freeze(bits)
    }

    /// Whether every positioning lookup that may start at `glyph` kerns pairs only (`pairwiseGlyphs`).
    @inline(__always)
    func kernsInPairs(_ glyph: Int) -> Bool {
        let word = glyph >> 6
        return glyph >= 0 && word < pairwiseGlyphs.count && pairwiseGlyphs[word] & (1 << UInt64(glyph & 63)) != 0
    }

    /// The table's lookups, those `planned` with the glyph sets that tell where they may start.
    private static func lookupsWithFirstGlyphs(_ layout: OpenTypeLayout?, planned: [PlannedLookup], glyphCount: Int,
                                               arena: FontArena) -> UnsafeBufferPointer<OpenTypeLayout.Lookup> {
        guard let layout else { return UnsafeBufferPointer(start: nil, count: 0) }
        var lookups = Array(layout.lookups)
        for index in Set(planned.map { Int($0.index) }) where index < lookups.count {
            lookups[index] = layout.withFirstGlyphs(index, glyphCount: glyphCount, arena: arena)
        }
        return arena.freeze(lookups)
    }

    /// The plan for runs of `script`.
    @inline(__always)
    func plan(for script: ShapingScript) -> ShapingPlan { plans[script.rawValue] }

    /// The glyph of a code point, or 0 (`.notdef`) when the face has none.
    @inline(__always)
    public func glyph(for scalar: UInt32) -> Int { characterMap.glyph(for: scalar) }

    /// Whether the face has a glyph for a code point.
    @inline(__always)
    public func covers(_ scalar: UInt32) -> Bool { glyph(for: scalar) != 0 }

    /// The advance of a glyph in font units (0 for a glyph the face does not have).
    @inline(__always)
    public func advance(ofGlyph glyph: Int) -> Int {
        glyph >= 0 && glyph < advances.count ? Int(advances[glyph]) : 0
    }

    /// Shapes `text` with the face's default features: its glyphs, each with the index of the first character
    /// (Unicode scalar) it draws and its advance in font units, kerning included. Characters are clustered as
    /// HarfBuzz clusters them: a mark (or other extending character) with the character before it.
    /// - Complexity: O(n · l) for n characters and l lookups (each lookup tests a glyph by binary search).
    public func shape(_ text: String) -> [ShapedGlyph] {
        let scalars = text.unicodeScalars.map(\.value)
        var clusters: [Int32] = []
        var index: Int32 = 0
        for character in text {
            for _ in character.unicodeScalars { clusters.append(index) }
            index += Int32(character.unicodeScalars.count)
        }
        let script = scalars.lazy.compactMap(ShapingScript.of).first ?? .latin
        var shaper = FontShaper(face: self)
        scalars.withUnsafeBufferPointer { scalars in
            clusters.withUnsafeBufferPointer { shaper.shape(scalars, clusters: $0, script: script) }
        }
        return shaper.glyphs
    }

    /// The width of `text` on one line at `size` points: the sum of its shaped advances.
    public func width(of text: String, size: Double) -> Double {
        Double(shape(text).reduce(0) { $0 + Int($1.advance) }) * size / Double(unitsPerEm)
    }

    /// The height of one single-spaced line at `size` points, as CoreText computes it: ascent + descent + leading
    /// (`hhea` ascender − descender + line gap) × size / unitsPerEm — the line height of SwiftUI's `Font.custom` text.
    public func lineHeight(size: Double) -> Double {
        Double(ascender - descender + max(0, lineGap)) * size / Double(unitsPerEm)
    }

    /// Whether GDEF classes a glyph as a mark.
    @inline(__always)
    func isMark(_ glyph: Int) -> Bool { glyph >= 0 && glyph < glyphClasses.count && glyphClasses[glyph] == 3 }

    // MARK: - Tables read once

    /// GDEF's glyph class definition, expanded to one byte per glyph.
    static func glyphClasses(gdef: FontTable, glyphCount: Int) -> [UInt8] {
        let offset = gdef.peek16(4)
        guard offset != 0 else { return [] }
        var classes = [UInt8](repeating: 0, count: glyphCount)
        for (value, glyphs) in ClassDefinition(gdef, at: offset).glyphsByClass(limit: glyphCount) {
            for glyph in glyphs { classes[glyph] = UInt8(truncatingIfNeeded: value) }
        }
        return classes
    }

    /// The horizontal format 0 pairs of a `kern` table (OpenType's version 0 header, or Apple's version 1).
    static func kernPairs(_ kern: FontTable) -> [UInt32: Int16] {
        var pairs: [UInt32: Int16] = [:]
        let isApple = kern.peek16(0) == 1
        let tableCount = min(isApple ? kern.peek32(4) : kern.peek16(2), 64)
        var offset = isApple ? 8 : 4
        for _ in 0..<tableCount {
            let length = isApple ? kern.peek32(offset) : kern.peek16(offset + 2)
            let coverage = isApple ? kern.peek16(offset + 4) : kern.peek16(offset + 4)
            let header = isApple ? 8 : 6
            let format = isApple ? coverage & 0xFF : coverage >> 8
            let horizontal = isApple ? coverage & 0x8000 == 0 : coverage & 1 != 0
            let crossStream = isApple ? coverage & 0x4000 != 0 : coverage & 4 != 0
            let variation = isApple && coverage & 0x2000 != 0
            let minimum = !isApple && coverage & 2 != 0
            if format == 0, horizontal, !crossStream, !variation, !minimum {
                let count = kern.peek16(offset + header)
                var record = offset + header + 8
                for _ in 0..<count where kern.contains(record, 6) {
                    let key = UInt32(kern.peek16(record)) << 16 | UInt32(kern.peek16(record + 2))
                    pairs[key] = Int16(truncatingIfNeeded: kern.peek16(record + 4))
                    record += 6
                }
            }
            guard length >= header else { break }
            offset += length
            guard offset < kern.count else { break }
        }
        return pairs
    }
}

/// The `cmap` subtable a face is read with: a glyph per code point, as 256-entry pages for the BMP (absent pages
/// share an empty one) and ranges for the supplementary planes.
struct CharacterMap: @unchecked Sendable {
    // @unchecked: the buffers are the face's frozen arrays.

    /// Per BMP page (code point >> 8), the page's first entry in `glyphs` (0: the empty page).
    private let pages: UnsafeBufferPointer<UInt32>
    private let glyphs: UnsafeBufferPointer<UInt16>
    /// Supplementary-plane mappings, ascending and disjoint: (first code point, last, glyph of the first).
    private let supplementary: [(first: UInt32, last: UInt32, glyph: UInt32)]
    private let glyphCount: Int

    /// Reads the best Unicode subtable: format 12 (full repertoire), else format 4 (BMP).
    init(_ cmap: FontBytes, glyphCount: Int, arena: FontArena) throws(FontFileError) {
        self.glyphCount = glyphCount
        let count = Int(try cmap.u16(2))
        try cmap.require(4, count * 8, "\(count) encoding records")
        var best: (rank: Int, offset: Int, format: Int)?
        for index in 0..<count {
            let platform = try cmap.u16(4 + index * 8)
            let encoding = try cmap.u16(6 + index * 8)
            let offset = Int(try cmap.u32(8 + index * 8))
            let format = cmap.peek16(offset)
            let isUnicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
            guard isUnicode, format == 4 || format == 12 else { continue }
            let rank = format == 12 ? 2 : 1
            if best == nil || rank > best!.rank { best = (rank, offset, format) }
        }
        guard let best else {
            throw cmap.error(.unsupported, "no Unicode subtable of format 4 or 12")
        }
        var builder = Builder(glyphCount: glyphCount)
        if best.format == 12 {
            try builder.readFormat12(cmap, at: best.offset)
        } else {
            try builder.readFormat4(cmap, at: best.offset)
        }
        pages = arena.freeze(builder.pages)
        glyphs = arena.freeze(builder.glyphs)
        supplementary = builder.disjointSupplementary()
    }

    /// The glyph of a code point, or 0.
    @inline(__always)
    func glyph(for scalar: UInt32) -> Int {
        if scalar < 0x10000 { return Int(glyphs[Int(pages[Int(scalar >> 8)]) + Int(scalar & 0xFF)]) }
        var low = 0, high = supplementary.count
        while low < high {
            let middle = (low + high) >> 1
            if supplementary[middle].last < scalar { low = middle + 1 } else { high = middle }
        }
        guard low < supplementary.count, supplementary[low].first <= scalar else { return 0 }
        let glyph = Int(supplementary[low].glyph) + Int(scalar - supplementary[low].first)
        return glyph < glyphCount ? glyph : 0
    }

    /// The map while it is read.
    private struct Builder {
        let glyphCount: Int
        var pages = [UInt32](repeating: 0, count: 256)
        var glyphs = [UInt16](repeating: 0, count: 256)  // the empty page
        var supplementary: [(first: UInt32, last: UInt32, glyph: UInt32)] = []

        init(glyphCount: Int) { self.glyphCount = glyphCount }

        /// Maps a BMP code point (the first mapping of a code point wins).
        mutating func set(_ code: Int, _ glyph: Int) {
            guard glyph > 0, glyph < glyphCount else { return }
            var page = Int(pages[code >> 8])
            if page == 0 {
                page = glyphs.count
                pages[code >> 8] = UInt32(page)
                glyphs += [UInt16](repeating: 0, count: 256)
            }
            if glyphs[page + (code & 0xFF)] == 0 { glyphs[page + (code & 0xFF)] = UInt16(glyph) }
        }

        mutating func readFormat4(_ cmap: FontBytes, at offset: Int) throws(FontFileError) {
            let length = Int(try cmap.u16(offset + 2))
            let segmentCount = Int(try cmap.u16(offset + 6)) / 2
            let ends = offset + 14, starts = ends + segmentCount * 2 + 2
            let deltas = starts + segmentCount * 2, rangeOffsets = deltas + segmentCount * 2
            try cmap.require(offset, max(length, rangeOffsets + segmentCount * 2 - offset), "format 4's \(segmentCount) segments")
            let t = cmap.view
            for segment in 0..<segmentCount {
                let end = t.peek16(ends + segment * 2), start = t.peek16(starts + segment * 2)
                let delta = t.peek16(deltas + segment * 2)
                let rangeOffset = t.peek16(rangeOffsets + segment * 2)
                guard start <= end else { continue }
                for code in start...end where code != 0xFFFF {
                    var glyph: Int
                    if rangeOffset == 0 {
                        glyph = (code + delta) & 0xFFFF
                    } else {
                        let address = rangeOffsets + segment * 2 + rangeOffset + (code - start) * 2
                        guard t.contains(address, 2) else { continue }
                        glyph = t.peek16(address)
                        if glyph != 0 { glyph = (glyph + delta) & 0xFFFF }
                    }
                    set(code, glyph)
                }
            }
        }

        mutating func readFormat12(_ cmap: FontBytes, at offset: Int) throws(FontFileError) {
            let groupCount = Int(try cmap.u32(offset + 12))
            guard groupCount <= cmap.count / 12 else {
                throw cmap.error(.truncated, "format 12 declares \(groupCount) groups, the table has room for \(cmap.count / 12)")
            }
            try cmap.require(offset + 16, groupCount * 12, "format 12's \(groupCount) groups")
            for group in 0..<groupCount {
                let record = offset + 16 + group * 12
                let first = try cmap.u32(record), last = min(try cmap.u32(record + 4), 0x10FFFF)
                let glyph = try cmap.u32(record + 8)
                guard first <= last, glyph < UInt32(glyphCount) else { continue }
                if first < 0x10000 {
                    for code in first...min(last, 0xFFFF) {
                        let g = glyph + (code - first)
                        if g < UInt32(glyphCount) { set(Int(code), Int(g)) }
                    }
                }
                if last >= 0x10000 {
                    let from = max(first, 0x10000)
                    supplementary.append((from, last, glyph + (from - first)))
                }
            }
        }

        /// The supplementary groups sorted; where malformed groups overlap, the first mapping of a code point kept.
        func disjointSupplementary() -> [(first: UInt32, last: UInt32, glyph: UInt32)] {
            var disjoint: [(first: UInt32, last: UInt32, glyph: UInt32)] = []
            for k in sortedIndices(count: supplementary.count, by: { supplementary[$0].first < supplementary[$1].first }) {
                let group = supplementary[k]
                if let previous = disjoint.last, group.first <= previous.last {
                    guard group.last > previous.last else { continue }
                    disjoint.append((previous.last + 1, group.last, group.glyph + (previous.last + 1 - group.first)))
                } else {
                    disjoint.append(group)
                }
            }
            return disjoint
        }
    }
}

/// The `name` table's strings.
struct NameTable {
    let bytes: FontBytes

    init(_ bytes: FontBytes) { self.bytes = bytes }

    /// The string of a name ID: Windows English (US) first, then any Windows or Unicode record, then Macintosh Roman.
    func string(_ id: Int) -> String? {
        let count = min(bytes.peek16(2), 4096)
        let storage = bytes.peek16(4)
        var best: (rank: Int, offset: Int, length: Int, utf16: Bool)?
        for index in 0..<count {
            let record = 6 + index * 12
            guard bytes.contains(record, 12), bytes.peek16(record + 6) == id else { continue }
            let platform = bytes.peek16(record), encoding = bytes.peek16(record + 2), language = bytes.peek16(record + 4)
            let length = bytes.peek16(record + 8), offset = storage + bytes.peek16(record + 10)
            guard length > 0, bytes.contains(offset, length) else { continue }
            let rank: Int
            switch platform {
            case 3 where encoding == 1 || encoding == 10: rank = language == 0x0409 ? 4 : 3
            case 0: rank = 2
            case 1 where encoding == 0: rank = language == 0 ? 1 : 0
            default: continue
            }
            if best == nil || rank > best!.rank { best = (rank, offset, length, platform != 1) }
        }
        guard let best else { return nil }
        let raw = bytes.bytes(best.offset, best.length)
        if best.utf16 {
            var units: [UInt16] = []
            var index = 0
            while index + 1 < raw.count {
                units.append(UInt16(raw[index]) << 8 | UInt16(raw[index + 1]))
                index += 2
            }
            return String(decoding: units, as: UTF16.self)
        }
        // Macintosh Roman: ASCII is the same; other bytes are rare in family names and read as Latin-1.
        return String(raw.map { Character(Unicode.Scalar($0)) })
    }
}

extension FontFace: Hashable {
    /// Faces are values read once and never changed: two are equal when they are the same face object.
    public static func == (a: FontFace, b: FontFace) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
