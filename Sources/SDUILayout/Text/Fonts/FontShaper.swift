// Shaping a run of text in one face: glyphs from the character map, then the substitutions and positionings of the
// features browsers and CoreText apply by default, as HarfBuzz (Chromium's shaper) applies them.

/// One glyph of a shaped run: the glyph, the index of the first character it draws, its advance in font units.
public struct ShapedGlyph: Equatable, Sendable {
    /// The glyph ID.
    public var glyph: Int32
    /// Index, in the shaped characters, of the first character this glyph draws (a ligature draws several).
    public var cluster: Int32
    /// The advance in font units, with kerning.
    public var advance: Int32

    /// Creates a glyph.
    public init(glyph: Int32, cluster: Int32, advance: Int32) {
        self.glyph = glyph
        self.cluster = cluster
        self.advance = advance
    }
}

/// The lookups a face applies by default, in the order it applies them.
struct ShapingPlan: Sendable {
    /// Every GSUB and GPOS lookup, resolved once (nested lookups are called by index).
    var substitutionLookups: [OpenTypeLayout.Lookup]
    var positioningLookups: [OpenTypeLayout.Lookup]
    /// Indices (ascending) of the GSUB lookups of `ccmp`, `locl`, `rlig`, `rclt`, `calt`, `clig`, `liga`.
    var substitutions: [Int]
    /// Indices (ascending) of the GPOS lookups of `kern` and `dist` (`mark`/`mkmk` never change an advance).
    var positionings: [Int]

    /// HarfBuzz's default horizontal features that substitute glyphs (`locl` applies only under a language system
    /// that lists it; text is shaped with the default one).
    static let substitutionFeatures: [UInt32] = ["ccmp", "locl", "rlig", "rclt", "calt", "clig", "liga"].map(tag)
    /// The default features that change advances.
    static let positioningFeatures: [UInt32] = ["kern", "dist"].map(tag)

    private static func tag(_ name: String) -> UInt32 { name.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    init(face gsub: OpenTypeLayout?, _ gpos: OpenTypeLayout?, scripts: [UInt32], glyphCount: Int) {
        substitutionLookups = gsub.map { layout in layout.lookups.indices.map { layout.lookup($0, glyphCount: glyphCount) } } ?? []
        positioningLookups = gpos.map { layout in layout.lookups.indices.map { layout.lookup($0, glyphCount: glyphCount) } } ?? []
        substitutions = gsub?.lookupIndices(features: Self.substitutionFeatures, scripts: scripts).map(\.lookup) ?? []
        positionings = gpos?.lookupIndices(features: Self.positioningFeatures, scripts: scripts).map(\.lookup) ?? []
    }
}

/// Shapes runs of characters in one face.
///
/// Applies GSUB lookup types 1 (single), 2 (multiple), 4 (ligature), 5 and 6 (contextual and chained contextual,
/// formats 1–3) and 7 (extension); GPOS types 1 (single adjustment), 2 (pair adjustment, formats 1 and 2),
/// 7 and 8 (contextual) and 9 (extension), reading only horizontal advances; the `kern` table's format 0 pairs
/// when the face has no GPOS. Lookup flags skip base glyphs, ligatures and marks by their GDEF class; GDEF marks
/// take no advance (HarfBuzz's default shaper). Not modelled: reverse chaining substitution (type 8), cursive
/// attachment (`curs`), device tables and variation deltas (a variable font is shaped at its default instance).
struct FontShaper {
    let face: FontFace
    var glyphs: [ShapedGlyph] = []
    /// Nested lookups stop at this depth (a hostile font's lookups calling each other).
    static let maxDepth = 8
    /// A run stops growing past this many glyphs per character (multiple substitutions).
    static let maxGrowth = 4

    init(face: FontFace) { self.face = face }

    /// Shapes `scalars` (cluster indices 0, 1, …) with the face's default plan.
    mutating func shape(_ scalars: [UInt32]) -> [ShapedGlyph] {
        glyphs.removeAll(keepingCapacity: true)
        var index: Int32 = 0
        for scalar in scalars {
            glyphs.append(ShapedGlyph(glyph: Int32(face.glyph(for: scalar)), cluster: index, advance: 0))
            index += 1
        }
        let limit = glyphs.count * Self.maxGrowth + 16
        if let gsub = face.gsub {
            for index in face.plan.substitutions {
                applyEverywhere(face.plan.substitutionLookups[index], in: gsub, isPositioning: false, limit: limit)
            }
        }
        for i in glyphs.indices { glyphs[i].advance = Int32(face.advance(ofGlyph: Int(glyphs[i].glyph))) }
        if let gpos = face.gpos {
            for index in face.plan.positionings {
                applyEverywhere(face.plan.positioningLookups[index], in: gpos, isPositioning: true, limit: limit)
            }
        } else if !face.kernPairs.isEmpty {
            applyKernTable()
        }
        if !face.glyphClasses.isEmpty {
            for i in glyphs.indices where face.isMark(Int(glyphs[i].glyph)) { glyphs[i].advance = 0 }
        }
        return glyphs
    }

    // MARK: - Driving a lookup

    private mutating func applyEverywhere(_ lookup: OpenTypeLayout.Lookup, in layout: OpenTypeLayout, isPositioning: Bool,
                                          limit: Int) {
        var i = 0
        while i < glyphs.count {
            if !lookup.mayStart(at: Int(glyphs[i].glyph)) || skips(i, lookup.flag) { i += 1; continue }
            if let next = apply(lookup, in: layout, at: i, isPositioning: isPositioning, depth: 0, limit: limit) {
                i = max(next, i + 1)
            } else {
                i += 1
            }
        }
    }

    /// Applies the first subtable of `lookup` that matches at `i`; returns where the next match may start.
    private mutating func apply(_ lookup: OpenTypeLayout.Lookup, in layout: OpenTypeLayout, at i: Int,
                                isPositioning: Bool, depth: Int, limit: Int) -> Int? {
        guard i < glyphs.count, lookup.mayStart(at: Int(glyphs[i].glyph)) else { return nil }
        let bytes = layout.bytes
        let glyph = Int(glyphs[i].glyph)
        for (index, subtable) in lookup.subtables.enumerated() where lookup.subtable(index, mayCover: glyph) {
            let result: Int?
            switch (isPositioning, lookup.type) {
            case (false, 1): result = singleSubstitution(bytes, subtable, at: i)
            case (false, 2): result = multipleSubstitution(bytes, subtable, at: i, limit: limit)
            case (false, 4): result = ligatureSubstitution(bytes, subtable, at: i, flag: lookup.flag)
            case (false, 5), (true, 7):
                result = context(bytes, subtable, at: i, lookup: lookup, layout: layout, chained: false,
                                 isPositioning: isPositioning, depth: depth, limit: limit)
            case (false, 6), (true, 8):
                result = context(bytes, subtable, at: i, lookup: lookup, layout: layout, chained: true,
                                 isPositioning: isPositioning, depth: depth, limit: limit)
            case (true, 1): result = singleAdjustment(bytes, subtable, at: i)
            case (true, 2): result = pairAdjustment(bytes, subtable, at: i, flag: lookup.flag)
            default: result = nil
            }
            if let result { return result }
        }
        return nil
    }

    /// Whether the lookup flag makes the glyph at `i` invisible to matching (GDEF class).
    @inline(__always)
    private func skips(_ i: Int, _ flag: Int) -> Bool {
        guard flag & 0x0E != 0, !face.glyphClasses.isEmpty else { return false }
        let glyph = Int(glyphs[i].glyph)
        guard glyph < face.glyphClasses.count else { return false }
        switch face.glyphClasses[glyph] {
        case 1: return flag & 0x02 != 0
        case 2: return flag & 0x04 != 0
        case 3: return flag & 0x08 != 0
        default: return false
        }
    }

    @inline(__always)
    private func next(after i: Int, _ flag: Int) -> Int? {
        var j = i + 1
        while j < glyphs.count { if !skips(j, flag) { return j }; j += 1 }
        return nil
    }

    @inline(__always)
    private func previous(before i: Int, _ flag: Int) -> Int? {
        var j = i - 1
        while j >= 0 { if !skips(j, flag) { return j }; j -= 1 }
        return nil
    }

    // MARK: - GSUB

    private mutating func singleSubstitution(_ b: FontBytes, _ s: Int, at i: Int) -> Int? {
        let glyph = Int(glyphs[i].glyph)
        guard let index = Coverage(b, at: s + b.peek16(s + 2)).index(of: glyph) else { return nil }
        switch b.peek16(s) {
        case 1: glyphs[i].glyph = Int32((glyph + b.peek16(s + 4)) & 0xFFFF)
        case 2:
            guard index < b.peek16(s + 4) else { return nil }
            glyphs[i].glyph = Int32(b.peek16(s + 6 + index * 2))
        default: return nil
        }
        return i + 1
    }

    private mutating func multipleSubstitution(_ b: FontBytes, _ s: Int, at i: Int, limit: Int) -> Int? {
        guard b.peek16(s) == 1, let index = Coverage(b, at: s + b.peek16(s + 2)).index(of: Int(glyphs[i].glyph)),
              index < b.peek16(s + 4) else { return nil }
        let sequence = s + b.peek16(s + 6 + index * 2)
        let count = b.peek16(sequence)
        guard glyphs.count + count - 1 <= limit else { return nil }
        let cluster = glyphs[i].cluster
        let replacement = (0..<count).map {
            ShapedGlyph(glyph: Int32(b.peek16(sequence + 2 + $0 * 2)), cluster: cluster, advance: 0)
        }
        glyphs.replaceSubrange(i...i, with: replacement)
        return i + count
    }

    private mutating func ligatureSubstitution(_ b: FontBytes, _ s: Int, at i: Int, flag: Int) -> Int? {
        guard b.peek16(s) == 1, let index = Coverage(b, at: s + b.peek16(s + 2)).index(of: Int(glyphs[i].glyph)),
              index < b.peek16(s + 4) else { return nil }
        let set = s + b.peek16(s + 6 + index * 2)
        let count = min(b.peek16(set), b.count / 2)
        var matched: [Int] = []
        for ligatureIndex in 0..<count {
            let ligature = set + b.peek16(set + 2 + ligatureIndex * 2)
            let components = b.peek16(ligature + 2)
            guard components >= 1, components <= 64 else { continue }
            matched.removeAll(keepingCapacity: true)
            var j = i
            var ok = true
            for component in 1..<max(components, 1) {
                guard let k = next(after: j, flag), Int(glyphs[k].glyph) == b.peek16(ligature + 2 + component * 2) else {
                    ok = false
                    break
                }
                matched.append(k)
                j = k
            }
            guard ok else { continue }
            glyphs[i].glyph = Int32(b.peek16(ligature))
            for k in matched.reversed() { glyphs.remove(at: k) }
            return i + 1
        }
        return nil
    }

    // MARK: - Contexts (GSUB 5, 6; GPOS 7, 8)

    /// How a rule names glyphs: glyph IDs (format 1), classes (format 2), or coverage tables (format 3).
    private enum Matcher {
        case glyphs
        case classes(ClassDefinition)
        case coverages

        func matches(_ value: Int, glyph: Int, bytes: FontBytes, base: Int) -> Bool {
            switch self {
            case .glyphs: return value == glyph
            case .classes(let definition): return definition.value(of: glyph) == value
            case .coverages: return Coverage(bytes, at: base + value).index(of: glyph) != nil
            }
        }
    }

    private mutating func context(_ b: FontBytes, _ s: Int, at i: Int, lookup: OpenTypeLayout.Lookup,
                                  layout: OpenTypeLayout, chained: Bool, isPositioning: Bool, depth: Int,
                                  limit: Int) -> Int? {
        let glyph = Int(glyphs[i].glyph)
        let format = b.peek16(s)
        switch format {
        case 1, 2:
            guard let coverageIndex = Coverage(b, at: s + b.peek16(s + 2)).index(of: glyph) else { return nil }
            var matchers = (Matcher.glyphs, Matcher.glyphs, Matcher.glyphs)
            var setIndex = coverageIndex
            var setsAt = s + 6
            if format == 2 {
                if chained {
                    matchers = (.classes(ClassDefinition(b, at: s + b.peek16(s + 4))),
                                .classes(ClassDefinition(b, at: s + b.peek16(s + 6))),
                                .classes(ClassDefinition(b, at: s + b.peek16(s + 8))))
                    setsAt = s + 12
                } else {
                    let classes = Matcher.classes(ClassDefinition(b, at: s + b.peek16(s + 4)))
                    matchers = (classes, classes, classes)
                    setsAt = s + 8
                }
                guard case .classes(let input) = matchers.1 else { return nil }
                setIndex = input.value(of: glyph)
            }
            guard setIndex < b.peek16(setsAt - 2) else { return nil }
            let setOffset = b.peek16(setsAt + setIndex * 2)
            guard setOffset != 0 else { return nil }
            let set = s + setOffset
            let ruleCount = min(b.peek16(set), b.count / 2)
            for ruleIndex in 0..<ruleCount {
                let rule = Self.rule(b, at: set + b.peek16(set + 2 + ruleIndex * 2), chained: chained,
                                     firstInputListed: false)
                let inputCount = rule.inputCount, input = rule.input, backtrack = rule.backtrack
                let lookahead = rule.lookahead, records = rule.records, recordCount = rule.recordCount
                guard inputCount >= 1 else { continue }
                if let end = applyRule(b, base: s, at: i, flag: lookup.flag,
                                       backtrack: (backtrack.count, backtrack.at, matchers.0),
                                       input: (inputCount - 1, input, matchers.1),
                                       lookahead: (lookahead.count, lookahead.at, matchers.2),
                                       records: (recordCount, records), layout: layout, isPositioning: isPositioning,
                                       depth: depth, limit: limit) {
                    return end
                }
            }
            return nil
        case 3:
            let rule = Self.rule(b, at: s + 2, chained: chained, firstInputListed: true)
            let inputCount = rule.inputCount, input = rule.input, backtrack = rule.backtrack
            let lookahead = rule.lookahead, records = rule.records, recordCount = rule.recordCount
            guard inputCount >= 1, Coverage(b, at: s + b.peek16(input)).index(of: glyph) != nil else { return nil }
            return applyRule(b, base: s, at: i, flag: lookup.flag,
                             backtrack: (backtrack.count, backtrack.at, .coverages),
                             input: (inputCount - 1, input + 2, .coverages),
                             lookahead: (lookahead.count, lookahead.at, .coverages),
                             records: (recordCount, records), layout: layout, isPositioning: isPositioning,
                             depth: depth, limit: limit)
        default:
            return nil
        }
    }

    /// Where a rule's sequences are: backtrack, input, lookahead (chained rules only have the first and last) and the
    /// nested lookup records. Formats 1 and 2 leave the first input glyph out of the list (the coverage matched it);
    /// format 3 lists a coverage for every input position.
    private static func rule(_ b: FontBytes, at start: Int, chained: Bool, firstInputListed: Bool)
        -> (backtrack: (count: Int, at: Int), inputCount: Int, input: Int, lookahead: (count: Int, at: Int),
            recordCount: Int, records: Int)
    {
        var p = start
        var backtrack = (count: 0, at: 0)
        if chained {
            backtrack = (b.peek16(p), p + 2)
            p += 2 + backtrack.count * 2
        }
        let inputCount = b.peek16(p)
        let listed = firstInputListed ? inputCount : max(inputCount - 1, 0)
        guard chained else {
            return (backtrack, inputCount, p + 4, (0, 0), b.peek16(p + 2), p + 4 + listed * 2)
        }
        let input = p + 2
        p = input + listed * 2
        let lookahead = (count: b.peek16(p), at: p + 2)
        p += 2 + lookahead.count * 2
        return (backtrack, inputCount, input, lookahead, b.peek16(p), p + 2)
    }

    /// Matches one rule at `i` (its first input glyph already matched) and applies its nested lookups; returns the
    /// position after the input sequence, or nil when the rule does not match.
    private mutating func applyRule(
        _ b: FontBytes, base: Int, at i: Int, flag: Int,
        backtrack: (count: Int, at: Int, matcher: Matcher), input: (count: Int, at: Int, matcher: Matcher),
        lookahead: (count: Int, at: Int, matcher: Matcher), records: (count: Int, at: Int),
        layout: OpenTypeLayout, isPositioning: Bool, depth: Int, limit: Int
    ) -> Int? {
        guard backtrack.count <= 64, input.count <= 64, lookahead.count <= 64 else { return nil }
        var positions = [i]
        var j = i
        for k in 0..<input.count {
            guard let n = next(after: j, flag),
                  input.matcher.matches(b.peek16(input.at + k * 2), glyph: Int(glyphs[n].glyph), bytes: b, base: base)
            else { return nil }
            positions.append(n)
            j = n
        }
        var back = i
        for k in 0..<backtrack.count {
            guard let n = previous(before: back, flag),
                  backtrack.matcher.matches(b.peek16(backtrack.at + k * 2), glyph: Int(glyphs[n].glyph), bytes: b, base: base)
            else { return nil }
            back = n
        }
        var ahead = j
        for k in 0..<lookahead.count {
            guard let n = next(after: ahead, flag),
                  lookahead.matcher.matches(b.peek16(lookahead.at + k * 2), glyph: Int(glyphs[n].glyph), bytes: b, base: base)
            else { return nil }
            ahead = n
        }
        guard depth < Self.maxDepth else { return j + 1 }
        var end = j + 1
        for r in 0..<min(records.count, 64) {
            let sequenceIndex = b.peek16(records.at + r * 4)
            let lookupIndex = b.peek16(records.at + r * 4 + 2)
            let all = isPositioning ? face.plan.positioningLookups : face.plan.substitutionLookups
            guard sequenceIndex < positions.count, lookupIndex < all.count else { continue }
            let before = glyphs.count
            let nested = all[lookupIndex]
            _ = apply(nested, in: layout, at: positions[sequenceIndex], isPositioning: isPositioning, depth: depth + 1,
                      limit: limit)
            let delta = glyphs.count - before
            if delta != 0 {
                let changed = positions[sequenceIndex]
                for p in positions.indices where positions[p] > changed { positions[p] += delta }
                end += delta
            }
        }
        return min(max(end, i + 1), glyphs.count)
    }

    // MARK: - GPOS

    /// The byte offset of XAdvance inside a value record of `format`, or nil when the record has none.
    @inline(__always)
    private static func advanceOffset(_ format: Int) -> Int? {
        format & 4 == 0 ? nil : (format & 1) * 2 + (format & 2)
    }

    /// Size in bytes of a value record of `format` (2 per bit set in its low byte).
    @inline(__always)
    private static func valueSize(_ format: Int) -> Int { (format & 0xFF).nonzeroBitCount * 2 }

    private mutating func singleAdjustment(_ b: FontBytes, _ s: Int, at i: Int) -> Int? {
        guard let index = Coverage(b, at: s + b.peek16(s + 2)).index(of: Int(glyphs[i].glyph)) else { return nil }
        let format = b.peek16(s + 4)
        let record: Int
        switch b.peek16(s) {
        case 1: record = s + 6
        case 2:
            guard index < b.peek16(s + 6) else { return nil }
            record = s + 8 + index * Self.valueSize(format)
        default: return nil
        }
        if let offset = Self.advanceOffset(format) { glyphs[i].advance += Int32(b.peekSigned16(record + offset)) }
        return i + 1
    }

    private mutating func pairAdjustment(_ b: FontBytes, _ s: Int, at i: Int, flag: Int) -> Int? {
        guard let coverageIndex = Coverage(b, at: s + b.peek16(s + 2)).index(of: Int(glyphs[i].glyph)),
              let j = next(after: i, flag) else { return nil }
        let format1 = b.peek16(s + 4), format2 = b.peek16(s + 6)
        let size1 = Self.valueSize(format1), size2 = Self.valueSize(format2)
        let second = Int(glyphs[j].glyph)
        var record: Int
        switch b.peek16(s) {
        case 1:
            guard coverageIndex < b.peek16(s + 8) else { return nil }
            let set = s + b.peek16(s + 10 + coverageIndex * 2)
            let count = min(b.peek16(set), b.count / 2)
            let stride = 2 + size1 + size2
            var low = 0, high = count
            record = -1
            while low < high {
                let middle = (low + high) >> 1
                let candidate = set + 2 + middle * stride
                let glyph = b.peek16(candidate)
                if glyph < second { low = middle + 1 } else if glyph > second { high = middle } else {
                    record = candidate + 2
                    break
                }
            }
            guard record >= 0 else { return nil }
        case 2:
            let class1 = ClassDefinition(b, at: s + b.peek16(s + 8)).value(of: Int(glyphs[i].glyph))
            let class2 = ClassDefinition(b, at: s + b.peek16(s + 10)).value(of: second)
            let class1Count = b.peek16(s + 12), class2Count = b.peek16(s + 14)
            guard class1 < class1Count, class2 < class2Count else { return nil }
            record = s + 16 + (class1 * class2Count + class2) * (size1 + size2)
        default:
            return nil
        }
        if let offset = Self.advanceOffset(format1) { glyphs[i].advance += Int32(b.peekSigned16(record + offset)) }
        if let offset = Self.advanceOffset(format2) { glyphs[j].advance += Int32(b.peekSigned16(record + size1 + offset)) }
        return format2 != 0 ? j + 1 : j
    }

    /// `kern` format 0: each glyph and the next that is not a mark, the value split between them as HarfBuzz does.
    private mutating func applyKernTable() {
        var i = 0
        while i < glyphs.count {
            guard !face.isMark(Int(glyphs[i].glyph)) else { i += 1; continue }
            var j = i + 1
            while j < glyphs.count, face.isMark(Int(glyphs[j].glyph)) { j += 1 }
            guard j < glyphs.count else { break }
            let key = UInt32(glyphs[i].glyph) << 16 | UInt32(glyphs[j].glyph)
            if let value = face.kernPairs[key] {
                // HarfBuzz splits a `kern` table value between the pair (the second glyph also moves back by its half).
                let first = Int32(value) >> 1
                glyphs[i].advance += first
                glyphs[j].advance += Int32(value) - first
            }
            i = j
        }
    }
}
