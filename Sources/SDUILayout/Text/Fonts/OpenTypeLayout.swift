// The structures GSUB and GPOS share: script, language system, feature and lookup lists, coverage, class definitions.

/// A GSUB or GPOS table: its header checked at load, its lookups walked while shaping.
///
/// Subtables are read with `FontBytes.peek…`, which returns 0 outside the table, so a broken subtable matches
/// nothing instead of trapping; counts are bounded by the table's size, so a hostile count cannot loop for long.
struct OpenTypeLayout: Sendable {
    let bytes: FontBytes
    let scriptList: Int
    let featureList: Int
    let lookupList: Int
    /// Offsets (in `bytes`) of each lookup table.
    let lookups: [Int]

    init(_ bytes: FontBytes) throws(FontFileError) {
        self.bytes = bytes
        try bytes.require(0, 10, "the header")
        let major = try bytes.u16(0)
        guard major == 1 else { throw bytes.error(.invalidValue, "version \(major).x (1.x expected)") }
        scriptList = Int(try bytes.u16(4))
        featureList = Int(try bytes.u16(6))
        lookupList = Int(try bytes.u16(8))
        for (offset, name) in [(scriptList, "ScriptList"), (featureList, "FeatureList"), (lookupList, "LookupList")] {
            guard offset == 0 || bytes.contains(offset, 2) else {
                throw bytes.error(.truncated, "the \(name) offset \(offset) is outside the table (\(bytes.count) bytes)")
            }
        }
        let count = lookupList == 0 ? 0 : Int(try bytes.u16(lookupList))
        try bytes.require(lookupList + 2, count * 2, "the LookupList's \(count) offsets")
        var lookups: [Int] = []
        lookups.reserveCapacity(count)
        for index in 0..<count {
            let offset = lookupList + Int(try bytes.u16(lookupList + 2 + index * 2))
            try bytes.require(offset, 6, "lookup \(index)")
            lookups.append(offset)
        }
        self.lookups = lookups
    }

    /// The indices of the lookups of `features` for a script (its default language system), ascending —
    /// the order shaping applies them in — each with the feature tag that enabled it.
    /// - Parameters:
    ///   - features: Feature tags to enable.
    ///   - scripts: Script tags to try in order (e.g. `latn`); `DFLT`, `dflt` and `latn` are tried after them.
    func lookupIndices(features: [UInt32], scripts: [UInt32]) -> [(lookup: Int, feature: UInt32)] {
        guard scriptList != 0, featureList != 0 else { return [] }
        let scriptCount = min(bytes.peek16(scriptList), bytes.count / 6)
        var languageSystem = 0
        search: for wanted in scripts + [FontFile.tag("DFLT"), FontFile.tag("dflt"), FontFile.tag("latn")] {
            for index in 0..<scriptCount {
                let record = scriptList + 2 + index * 6
                guard UInt32(truncatingIfNeeded: bytes.peek32(record)) == wanted else { continue }
                let script = scriptList + bytes.peek16(record + 4)
                let defaultOffset = bytes.peek16(script)
                if defaultOffset != 0 { languageSystem = script + defaultOffset; break search }
            }
        }
        guard languageSystem != 0 else { return [] }
        let featureCount = min(bytes.peek16(featureList), bytes.count / 6)
        var chosen: [Int: UInt32] = [:]
        func enable(featureIndex: Int, required: Bool) {
            guard featureIndex < featureCount else { return }
            let record = featureList + 2 + featureIndex * 6
            let tag = UInt32(truncatingIfNeeded: bytes.peek32(record))
            guard required || features.contains(tag) else { return }
            let feature = featureList + bytes.peek16(record + 4)
            let count = min(bytes.peek16(feature + 2), bytes.count / 2)
            for index in 0..<count {
                let lookup = bytes.peek16(feature + 4 + index * 2)
                if lookup < lookups.count, chosen[lookup] == nil { chosen[lookup] = tag }
            }
        }
        let required = bytes.peek16(languageSystem + 2)
        if required != 0xFFFF { enable(featureIndex: required, required: true) }
        let count = min(bytes.peek16(languageSystem + 4), bytes.count / 2)
        for index in 0..<count { enable(featureIndex: bytes.peek16(languageSystem + 6 + index * 2), required: false) }
        return chosen.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// A lookup's type, flag, subtable offsets (extension subtables resolved to what they point to) and the glyphs
    /// it may start at.
    func lookup(_ index: Int, glyphCount: Int) -> Lookup {
        let offset = lookups[index]
        var type = bytes.peek16(offset)
        let flag = bytes.peek16(offset + 2)
        let count = min(bytes.peek16(offset + 4), bytes.count / 2)
        var subtables: [Int] = []
        subtables.reserveCapacity(count)
        let extensionType = bytes.table == "GPOS" ? 9 : 7
        for index in 0..<count {
            var subtable = offset + bytes.peek16(offset + 6 + index * 2)
            if type == extensionType, bytes.peek16(subtable) == 1 {
                let innerType = bytes.peek16(subtable + 2)
                subtable += bytes.peek32(subtable + 4)
                if index == 0 { type = innerType } else if innerType != type { continue }
            }
            subtables.append(subtable)
        }
        if type == extensionType { type = 0 }
        let filteringSet = flag & 0x10 != 0 ? bytes.peek16(offset + 6 + count * 2) : -1
        var lookup = Lookup(type: type, flag: flag, subtables: subtables, markFilteringSet: filteringSet,
                            firstGlyphs: [UInt64](repeating: 0, count: (glyphCount + 63) / 64), digests: [])
        for subtable in subtables { lookup.addFirstGlyphs(of: subtable, in: bytes, isPositioning: extensionType == 9) }
        return lookup
    }

    /// A lookup, ready to apply.
    struct Lookup: Sendable {
        var type: Int
        var flag: Int
        var subtables: [Int]
        var markFilteringSet: Int
        /// A bit per glyph: whether some subtable's first coverage holds it (a lookup is only tried there).
        var firstGlyphs: [UInt64]
        /// Per subtable, two masks of its first coverage's glyphs (bit `g & 63`, bit `(g >> 6) & 63`): a glyph
        /// missing from either is not covered, so most subtables are passed over without a search.
        var digests: [(UInt64, UInt64)]

        /// Whether the subtable at `index` may cover `glyph` (false: it certainly does not).
        @inline(__always)
        func subtable(_ index: Int, mayCover glyph: Int) -> Bool {
            guard index < digests.count else { return true }
            let digest = digests[index]
            return digest.0 & (1 << UInt64(glyph & 63)) != 0 && digest.1 & (1 << UInt64((glyph >> 6) & 63)) != 0
        }

        /// Whether the lookup may apply at a glyph (its first coverage holds it).
        @inline(__always)
        func mayStart(at glyph: Int) -> Bool {
            let word = glyph >> 6
            return word < firstGlyphs.count && firstGlyphs[word] & (1 << UInt64(glyph & 63)) != 0
        }

        /// Marks the glyphs of the coverage a subtable matches its first glyph with (every glyph when unknown).
        mutating func addFirstGlyphs(of s: Int, in b: FontBytes, isPositioning: Bool) {
            let format = b.peek16(s)
            var coverage = s + b.peek16(s + 2)
            let isContext = isPositioning ? (type == 7 || type == 8) : (type == 5 || type == 6)
            let isSimple = isPositioning ? (type == 1 || type == 2) : (type == 1 || type == 2 || type == 4)
            if isContext && format == 3 {
                if type == 5 || type == 7 {
                    coverage = s + b.peek16(s + 6)
                } else {
                    let backtrack = b.peek16(s + 2)
                    coverage = s + b.peek16(s + 6 + backtrack * 2)
                }
            } else if !(isSimple || (isContext && (format == 1 || format == 2))) {
                for word in firstGlyphs.indices { firstGlyphs[word] = ~0 }
                digests.append((~0, ~0))
                return
            }
            let glyphCount = firstGlyphs.count * 64
            var digest: (UInt64, UInt64) = (0, 0)
            defer { digests.append(digest) }
            func mark(_ glyph: Int) {
                guard glyph < glyphCount else { return }
                firstGlyphs[glyph >> 6] |= 1 << UInt64(glyph & 63)
                digest.0 |= 1 << UInt64(glyph & 63)
                digest.1 |= 1 << UInt64((glyph >> 6) & 63)
            }
            switch b.peek16(coverage) {
            case 1:
                for index in 0..<min(b.peek16(coverage + 2), b.count / 2) { mark(b.peek16(coverage + 4 + index * 2)) }
            case 2:
                for index in 0..<min(b.peek16(coverage + 2), b.count / 6) {
                    let record = coverage + 4 + index * 6
                    let first = b.peek16(record), last = min(b.peek16(record + 2), glyphCount - 1)
                    if first <= last { for glyph in first...last { mark(glyph) } }
                }
            default:
                break
            }
        }
    }
}

/// A Coverage table: a glyph's index in it, or nil.
struct Coverage {
    let bytes: FontBytes
    let offset: Int

    init(_ bytes: FontBytes, at offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    /// The coverage index of `glyph`, or nil when not covered. - Complexity: O(log n).
    func index(of glyph: Int) -> Int? {
        switch bytes.peek16(offset) {
        case 1:
            let count = min(bytes.peek16(offset + 2), bytes.count / 2)
            var low = 0, high = count
            while low < high {
                let middle = (low + high) >> 1
                let value = bytes.peek16(offset + 4 + middle * 2)
                if value < glyph { low = middle + 1 } else if value > glyph { high = middle } else { return middle }
            }
            return nil
        case 2:
            return rangeRecord(bytes, at: offset, glyph: glyph).map { $0.value + glyph - $0.start }
        default:
            return nil
        }
    }
}

/// A ClassDef table: a glyph's class (0 when not listed).
struct ClassDefinition {
    let bytes: FontBytes
    let offset: Int

    init(_ bytes: FontBytes, at offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    /// The class of `glyph`. - Complexity: O(log n).
    func value(of glyph: Int) -> Int {
        switch bytes.peek16(offset) {
        case 1:
            let start = bytes.peek16(offset + 2), count = bytes.peek16(offset + 4)
            guard glyph >= start, glyph < start + count else { return 0 }
            return bytes.peek16(offset + 6 + (glyph - start) * 2)
        case 2:
            return rangeRecord(bytes, at: offset, glyph: glyph)?.value ?? 0
        default:
            return 0
        }
    }
}

/// The record (first glyph, last glyph, value) of a format 2 Coverage or ClassDef at `offset` whose range holds
/// `glyph`, by binary search over the ascending ranges. - Complexity: O(log n).
func rangeRecord(_ bytes: FontBytes, at offset: Int, glyph: Int) -> (start: Int, value: Int)? {
    let count = min(bytes.peek16(offset + 2), bytes.count / 6)
    var low = 0, high = count
    while low < high {
        let middle = (low + high) >> 1
        let record = offset + 4 + middle * 6
        let start = bytes.peek16(record), end = bytes.peek16(record + 2)
        if end < glyph { low = middle + 1 } else if start > glyph { high = middle } else {
            return (start, bytes.peek16(record + 4))
        }
    }
    return nil
}
