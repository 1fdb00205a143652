// The structures GSUB and GPOS share: script, language system, feature and lookup lists, coverage, class definitions.

/// Storage a face allocates once while it is read and frees when it goes: the flat arrays shaping reads through
/// pointers (lookups, their subtables and glyph sets, the character map's pages), so that no read while shaping
/// retains or releases anything.
final class FontArena: @unchecked Sendable {
    // @unchecked: blocks are only added while the face is being read (one thread), then only read; freed in deinit.

    private var blocks: [UnsafeMutableRawPointer] = []

    /// A copy of `values` that lives as long as the arena (`T` is a plain value: no references).
    func freeze<T>(_ values: [T]) -> UnsafeBufferPointer<T> {
        guard !values.isEmpty else { return UnsafeBufferPointer(start: nil, count: 0) }
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: values.count)
        _ = buffer.initialize(from: values)
        blocks.append(UnsafeMutableRawPointer(buffer.baseAddress!))
        return UnsafeBufferPointer(buffer)
    }

    deinit { for block in blocks { block.deallocate() } }
}

/// A GSUB or GPOS table: its header checked at load, its lookups resolved once.
///
/// Subtables are read with `FontTable.peek…`, which returns 0 outside the table, so a broken subtable matches
/// nothing instead of trapping; counts are bounded by the table's size, so a hostile count cannot loop for long.
struct OpenTypeLayout: @unchecked Sendable {
    // @unchecked: `lookups` is the face's frozen array, immutable and alive as long as the face.
    let table: FontTable
    let isPositioning: Bool
    let scriptList: Int
    let featureList: Int
    /// Every lookup, resolved (extension subtables followed).
    let lookups: UnsafeBufferPointer<Lookup>

    init(_ bytes: FontBytes, isPositioning: Bool, arena: FontArena) throws(FontFileError) {
        table = bytes.view
        self.isPositioning = isPositioning
        try bytes.require(0, 10, "the header")
        let major = try bytes.u16(0)
        guard major == 1 else { throw bytes.error(.invalidValue, "version \(major).x (1.x expected)") }
        scriptList = Int(try bytes.u16(4))
        featureList = Int(try bytes.u16(6))
        let lookupList = Int(try bytes.u16(8))
        for (offset, name) in [(scriptList, "ScriptList"), (featureList, "FeatureList"), (lookupList, "LookupList")] {
            guard offset == 0 || bytes.contains(offset, 2) else {
                throw bytes.error(.truncated, "the \(name) offset \(offset) is outside the table (\(bytes.count) bytes)")
            }
        }
        let count = lookupList == 0 ? 0 : Int(try bytes.u16(lookupList))
        try bytes.require(lookupList + 2, count * 2, "the LookupList's \(count) offsets")
        var lookups: [Lookup] = []
        lookups.reserveCapacity(count)
        for index in 0..<count {
            let offset = lookupList + Int(try bytes.u16(lookupList + 2 + index * 2))
            try bytes.require(offset, 6, "lookup \(index)")
            lookups.append(Self.resolve(table, at: offset, isPositioning: isPositioning, arena: arena))
        }
        self.lookups = arena.freeze(lookups)
    }

    /// A lookup's type, flag and subtable offsets, extension subtables resolved to what they point to.
    private static func resolve(_ t: FontTable, at offset: Int, isPositioning: Bool, arena: FontArena) -> Lookup {
        let rawType = t.peek16(offset)
        var type = rawType
        let flag = t.peek16(offset + 2)
        let count = min(t.peek16(offset + 4), t.count / 2)
        var subtables: [Int32] = []
        subtables.reserveCapacity(count)
        let extensionType = isPositioning ? 9 : 7
        for index in 0..<count {
            var subtable = offset + t.peek16(offset + 6 + index * 2)
            if rawType == extensionType {
                guard t.peek16(subtable) == 1 else { continue }
                let innerType = t.peek16(subtable + 2)
                subtable += t.peek32(subtable + 4)
                if index == 0 { type = innerType } else if innerType != type { continue }
            }
            guard t.contains(subtable, 2) else { continue }
            subtables.append(Int32(subtable))
        }
        if type == extensionType { type = 0 }
        let filteringSet = flag & 0x10 != 0 ? t.peek16(offset + 6 + count * 2) : -1
        return Lookup(type: type, flag: flag, markFilteringSet: filteringSet, subtables: arena.freeze(subtables),
                      firstGlyphs: UnsafeBufferPointer(start: nil, count: 0), digests: UnsafeBufferPointer(start: nil, count: 0))
    }

    /// The default language system of the first of `scripts` the table lists (then `DFLT`, `dflt`, `latn`), or 0.
    func languageSystem(scripts: [UInt32]) -> Int {
        guard scriptList != 0 else { return 0 }
        let scriptCount = min(table.peek16(scriptList), table.count / 6)
        for wanted in scripts + [FontFile.tag("DFLT"), FontFile.tag("dflt"), FontFile.tag("latn")] {
            for index in 0..<scriptCount {
                let record = scriptList + 2 + index * 6
                guard UInt32(truncatingIfNeeded: table.peek32(record)) == wanted else { continue }
                let script = scriptList + table.peek16(record + 4)
                let defaultOffset = table.peek16(script)
                if defaultOffset != 0 { return script + defaultOffset }
            }
        }
        return 0
    }

    /// The script tags the table lists.
    var scripts: [UInt32] {
        guard scriptList != 0 else { return [] }
        let scriptCount = min(table.peek16(scriptList), table.count / 6)
        return (0..<scriptCount).map { UInt32(truncatingIfNeeded: table.peek32(scriptList + 2 + $0 * 6)) }
    }

    /// The features a language system lists: each feature's tag and lookup indices, the required feature (applied
    /// whatever is asked) first.
    ///
    /// Bounded for hostile tables: a feature index the list repeats is read once, a feature keeps each lookup index
    /// once (a valid feature lists each lookup at most once), and at most `maxLookupReferences` lookup indices are
    /// read for one language system (real fonts list a few hundred) — past it the remaining features are left out,
    /// so a table of repeated references costs linear time, never a hang.
    func features(of languageSystem: Int) -> [(tag: UInt32, isRequired: Bool, lookups: [Int])] {
        guard languageSystem != 0, featureList != 0 else { return [] }
        let featureCount = min(table.peek16(featureList), table.count / 6)
        var result: [(tag: UInt32, isRequired: Bool, lookups: [Int])] = []
        var seenFeatures = [Bool](repeating: false, count: featureCount)
        var seenLookups = [Int](repeating: -1, count: lookups.count)  // the result entry that last took each lookup
        var budget = Self.maxLookupReferences
        func feature(_ featureIndex: Int, required: Bool) {
            guard featureIndex < featureCount, budget > 0 else { return }
            if !required {
                guard !seenFeatures[featureIndex] else { return }
                seenFeatures[featureIndex] = true
            }
            let marker = result.count
            let record = featureList + 2 + featureIndex * 6
            let tag = UInt32(truncatingIfNeeded: table.peek32(record))
            let feature = featureList + table.peek16(record + 4)
            let count = min(table.peek16(feature + 2), table.count / 2, budget)
            budget -= count
            var indices: [Int] = []
            for k in 0..<count {
                let index = table.peek16(feature + 4 + k * 2)
                guard index < lookups.count, seenLookups[index] != marker else { continue }
                seenLookups[index] = marker
                indices.append(index)
            }
            result.append((tag, required, indices))
        }
        let required = table.peek16(languageSystem + 2)
        if required != 0xFFFF { feature(required, required: true) }
        let count = min(table.peek16(languageSystem + 4), table.count / 2)
        for index in 0..<count where budget > 0 { feature(table.peek16(languageSystem + 6 + index * 2), required: false) }
        return result
    }

    /// The most lookup indices read for one language system's features (see `features(of:)`).
    static let maxLookupReferences = 1 << 16

    /// A lookup, ready to apply: plain data (pointers into the face's arena), copied without reference counting.
    struct Lookup: @unchecked Sendable {
        // @unchecked: the buffers are the face's frozen arrays, immutable and alive as long as the face.
        var type: Int
        var flag: Int
        var markFilteringSet: Int
        var subtables: UnsafeBufferPointer<Int32>
        /// A bit per glyph: whether some subtable's first coverage holds it (empty: not computed, any glyph may).
        var firstGlyphs: UnsafeBufferPointer<UInt64>
        /// Per subtable, two masks of its first coverage's glyphs (bit `g & 63`, bit `(g >> 6) & 63`): a glyph
        /// missing from either is not covered, so most subtables are passed over without a search.
        var digests: UnsafeBufferPointer<UInt64>

        /// Whether the subtable at `index` may cover `glyph` (false: it certainly does not).
        @inline(__always)
        func subtable(_ index: Int, mayCover glyph: Int) -> Bool {
            guard index * 2 + 1 < digests.count else { return true }
            return digests[index * 2] & (1 << UInt64(glyph & 63)) != 0
                && digests[index * 2 + 1] & (1 << UInt64((glyph >> 6) & 63)) != 0
        }

        /// Whether the lookup may apply at a glyph (its first coverage holds it).
        @inline(__always)
        func mayStart(at glyph: Int) -> Bool {
            guard !firstGlyphs.isEmpty else { return true }
            let word = glyph >> 6
            return word < firstGlyphs.count && firstGlyphs[word] & (1 << UInt64(glyph & 63)) != 0
        }
    }

    /// `lookup` with the glyphs each subtable's first coverage holds marked (`firstGlyphs`, `digests`), for the
    /// lookups applied across a run (nested ones are called at a position and need neither).
    func withFirstGlyphs(_ index: Int, glyphCount: Int, arena: FontArena) -> Lookup {
        var lookup = lookups[index]
        var first = [UInt64](repeating: 0, count: (glyphCount + 63) / 64)
        var digests: [UInt64] = []
        for subtable in lookup.subtables {
            var digest: (UInt64, UInt64) = (0, 0)
            if let glyphs = firstCoverage(of: Int(subtable), type: lookup.type) {
                glyphs.forEach(limit: glyphCount) { glyph in
                    first[glyph >> 6] |= 1 << UInt64(glyph & 63)
                    digest.0 |= 1 << UInt64(glyph & 63)
                    digest.1 |= 1 << UInt64((glyph >> 6) & 63)
                }
            } else {
                for word in first.indices { first[word] = ~0 }
                digest = (~0, ~0)
            }
            digests += [digest.0, digest.1]
        }
        lookup.firstGlyphs = arena.freeze(first)
        lookup.digests = arena.freeze(digests)
        return lookup
    }

    /// The coverage a subtable matches its first glyph with, or nil when it is not known (any glyph may start).
    func firstCoverage(of s: Int, type: Int) -> Coverage? {
        let format = table.peek16(s)
        let isContext = isPositioning ? (type == 7 || type == 8) : (type == 5 || type == 6)
        let isSimple = isPositioning ? (type == 1 || type == 2) : (type == 1 || type == 2 || type == 3 || type == 4)
        if isContext && format == 3 {
            if type == 5 || type == 7 { return Coverage(table, at: s + table.peek16(s + 6)) }
            let backtrack = table.peek16(s + 2)
            return Coverage(table, at: s + table.peek16(s + 4 + backtrack * 2 + 2))
        }
        if isSimple || (isContext && (format == 1 || format == 2)) { return Coverage(table, at: s + table.peek16(s + 2)) }
        return nil
    }
}

/// A Coverage table: a glyph's index in it, or nil.
struct Coverage {
    let table: FontTable
    let offset: Int

    init(_ table: FontTable, at offset: Int) {
        self.table = table
        self.offset = offset
    }

    /// The coverage index of `glyph`, or nil when not covered. - Complexity: O(log n).
    @inline(__always)
    func index(of glyph: Int) -> Int? {
        switch table.peek16(offset) {
        case 1:
            let count = min(table.peek16(offset + 2), table.count / 2)
            var low = 0, high = count
            while low < high {
                let middle = (low + high) >> 1
                let value = table.peek16(offset + 4 + middle * 2)
                if value < glyph { low = middle + 1 } else if value > glyph { high = middle } else { return middle }
            }
            return nil
        case 2:
            return rangeRecord(table, at: offset, glyph: glyph).map { $0.value + glyph - $0.start }
        default:
            return nil
        }
    }

    /// The number of glyphs it holds (ranges counted whole).
    var count: Int {
        switch table.peek16(offset) {
        case 1: return min(table.peek16(offset + 2), table.count / 2)
        case 2:
            var total = 0
            for index in 0..<min(table.peek16(offset + 2), table.count / 6) {
                let record = offset + 4 + index * 6
                total += max(0, table.peek16(record + 2) - table.peek16(record) + 1)
            }
            return total
        default: return 0
        }
    }

    /// Calls `body` with each glyph it holds below `limit` and its coverage index.
    func forEachIndexed(limit: Int, _ body: (_ glyph: Int, _ index: Int) -> Void) {
        switch table.peek16(offset) {
        case 1:
            for index in 0..<min(table.peek16(offset + 2), table.count / 2) {
                let glyph = table.peek16(offset + 4 + index * 2)
                if glyph < limit { body(glyph, index) }
            }
        case 2:
            // Ranges ascend and do not overlap (the binary search in `rangeRecord` needs it): a range that goes back
            // is read from where the last one ended, so no glyph is listed twice and the work is at most `limit`.
            var next = 0
            for range in 0..<min(table.peek16(offset + 2), table.count / 6) {
                let record = offset + 4 + range * 6
                let first = table.peek16(record), last = min(table.peek16(record + 2), limit - 1)
                let startIndex = table.peek16(record + 4)
                if max(first, next) <= last {
                    for glyph in max(first, next)...last { body(glyph, startIndex + glyph - first) }
                    next = last + 1
                }
            }
        default:
            break
        }
    }

    /// Calls `body` with each glyph it holds below `limit`.
    func forEach(limit: Int, _ body: (Int) -> Void) {
        forEachIndexed(limit: limit) { glyph, _ in body(glyph) }
    }

    /// The glyphs it holds below `limit`, each once, in ascending order for a well-formed table; `units` is charged
    /// one per glyph listed (the trigger analysis's budget).
    func glyphs(limit: Int, units: inout Int) -> [Int] {
        var list: [Int] = []
        forEach(limit: limit) { list.append($0) }
        units -= list.count
        return list
    }
}

/// The class definitions of a class-based (format 2) context subtable — GSUB/GPOS sequence context (unchained: one
/// ClassDef for every position) or chained sequence context (backtrack, input and lookahead ClassDefs) — and where
/// its rule-set offsets begin (the count is the uint16 just before).
struct ClassContext {
    /// The classes of the backtrack, input and lookahead glyphs (one definition thrice when not chained).
    let backtrack: ClassDefinition, input: ClassDefinition, lookahead: ClassDefinition
    /// The offset of the first rule-set offset; the rule-set count is at `ruleSetsAt - 2`.
    let ruleSetsAt: Int

    /// The class context of the format 2 subtable at `s`.
    @inline(__always)
    init(_ t: FontTable, subtable s: Int, chained: Bool) {
        if chained {
            backtrack = ClassDefinition(t, at: s + t.peek16(s + 4))
            input = ClassDefinition(t, at: s + t.peek16(s + 6))
            lookahead = ClassDefinition(t, at: s + t.peek16(s + 8))
            ruleSetsAt = s + 12
        } else {
            input = ClassDefinition(t, at: s + t.peek16(s + 4))
            (backtrack, lookahead) = (input, input)
            ruleSetsAt = s + 8
        }
    }

    /// Backtrack, input, lookahead: in the order `FontShaper.Rule`'s sequences are numbered (0, 1, 2).
    var definitions: [ClassDefinition] { [backtrack, input, lookahead] }
}

/// A ClassDef table: a glyph's class (0 when not listed).
struct ClassDefinition {
    let table: FontTable
    let offset: Int

    init(_ table: FontTable, at offset: Int) {
        self.table = table
        self.offset = offset
    }

    /// The class of `glyph`. - Complexity: O(log n).
    @inline(__always)
    func value(of glyph: Int) -> Int {
        switch table.peek16(offset) {
        case 1:
            let start = table.peek16(offset + 2), count = table.peek16(offset + 4)
            guard glyph >= start, glyph < start + count else { return 0 }
            return table.peek16(offset + 6 + (glyph - start) * 2)
        case 2:
            return rangeRecord(table, at: offset, glyph: glyph)?.value ?? 0
        default:
            return 0
        }
    }

    /// The glyphs (below `limit`) of each class other than 0, which is every glyph not listed.
    func glyphsByClass(limit: Int) -> [Int: [Int]] {
        var classes: [Int: [Int]] = [:]
        switch table.peek16(offset) {
        case 1:
            let start = table.peek16(offset + 2)
            for index in 0..<min(table.peek16(offset + 4), table.count / 2) where start + index < limit {
                let value = table.peek16(offset + 6 + index * 2)
                if value != 0 { classes[value, default: []].append(start + index) }
            }
        case 2:
            // Ranges ascend and do not overlap: one that goes back is read from where the last one ended, so each
            // glyph has one class and the lists hold at most `limit` glyphs in all.
            var next = 0
            for index in 0..<min(table.peek16(offset + 2), table.count / 6) {
                let record = offset + 4 + index * 6
                let first = max(table.peek16(record), next), last = min(table.peek16(record + 2), limit - 1)
                let value = table.peek16(record + 4)
                guard first <= last else { continue }
                if value != 0 { classes[value, default: []] += Array(first...last) }
                next = last + 1
            }
        default:
            break
        }
        return classes
    }
}

/// The record (first glyph, last glyph, value) of a format 2 Coverage or ClassDef at `offset` whose range holds
/// `glyph`, by binary search over the ascending ranges. - Complexity: O(log n).
@inline(__always)
func rangeRecord(_ table: FontTable, at offset: Int, glyph: Int) -> (start: Int, value: Int)? {
    let count = min(table.peek16(offset + 2), table.count / 6)
    var low = 0, high = count
    while low < high {
        let middle = (low + high) >> 1
        let record = offset + 4 + middle * 6
        let start = table.peek16(record), end = table.peek16(record + 2)
        if end < glyph { low = middle + 1 } else if start > glyph { high = middle } else {
            return (start, table.peek16(record + 4))
        }
    }
    return nil
}
