// Shaping a run of text in one face: glyphs from the character map (normalised against the face's coverage), then the
// substitutions and positionings of the features browsers and CoreText apply by default, as HarfBuzz (Chromium's
// shaper) applies them.

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

/// A glyph of the run being shaped, with what matching and positioning need to know about it.
struct GlyphInfo {
    var glyph: Int32
    /// The cluster it belongs to (as given by the caller, merged when glyphs combine).
    var cluster: Int32
    var advance: Int32 = 0
    /// The character it was mapped from (a ligature keeps its first).
    var codepoint: UInt32
    /// Feature mask: `FontShaper.globalMask`, plus its joining form's bit in an Arabic run.
    var mask: UInt8 = FontShaper.globalMask
    /// `FontShaper.ignorable`, `.zwj`, `.zwnj`, `.unicodeMark` bits.
    var props: UInt8 = 0
    /// The advance HarfBuzz gives a space the face lacks, drawn with its space glyph (-1: none).
    var spaceAdvance: Int32 = -1
}

/// Shapes runs of characters in one face.
///
/// 1. Maps characters to glyphs, normalising as HarfBuzz does: a character the face lacks is drawn decomposed when
///    the face has its parts; a base followed by marks is decomposed, its marks put in canonical order, and
///    recomposed into whatever precomposed characters the face has; a space the face lacks takes its space glyph.
/// 2. In an Arabic run, gives each character its joining form (`JoiningForm.forms`).
/// 3. Applies the plan's GSUB lookups (types 1, 2, 4, 5, 6 in formats 1–3, and 7), skipping lookups no glyph of the
///    run can trigger (`ShapingPlan.triggers`), then the GPOS lookups of `kern` and `dist` (types 1, 2 in both
///    formats, 7, 8, 9; x advances only), or the `kern` table's pairs when the face has no GPOS.
/// 4. Marks (GDEF class 3) and default-ignorable characters take no advance.
///
/// Lookup flags skip base glyphs, ligatures and marks by their GDEF class; default-ignorable characters are skipped in
/// matching unless they match (ZWJ and ZWNJ as HarfBuzz decides per feature). Not modelled: reverse chaining
/// substitution (type 8), alternates (type 3), cursive attachment (`curs`), mark filtering sets and attachment types,
/// device tables and variation deltas (a variable font is shaped at its default instance).
struct FontShaper {
    /// The feature-mask bit of features on every glyph.
    static let globalMask: UInt8 = 0x80
    static let ignorable: UInt8 = 1, zwj: UInt8 = 2, zwnj: UInt8 = 4, unicodeMark: UInt8 = 8
    /// Nested lookups stop at this depth (a hostile font's lookups calling each other).
    static let maxDepth = 8
    /// A run stops growing past this many glyphs per character (multiple substitutions).
    static let maxGrowth = 4

    let face: FontFace
    var infos: [GlyphInfo] = []
    /// Whether substitutions no glyph of the run can trigger are passed over (`ShapingPlan.triggers`); false applies
    /// every one (the tests compare the two).
    var usesTriggers = true
    /// Whether runs that kern in pairs only are positioned pair by pair (`positionInPairs`); false walks every
    /// positioning lookup over the run (the tests compare the two).
    var usesPairPositioning = true
    /// The script of the run being shaped.
    private var script = ShapingScript.other
    /// Substitutions (indices in the plan) that some glyph of the run may trigger.
    private var pending: [UInt64] = []
    private var plan = ShapingPlan.empty
    private(set) var growthLimit = 0

    init(face: FontFace) { self.face = face }

    /// Shapes `scalars`: `clusters` gives each scalar's cluster (nil: its index), `before` and `after` the characters
    /// around the run (for joining). The result is in `infos`.
    mutating func shape(_ scalars: UnsafeBufferPointer<UInt32>, clusters: UnsafeBufferPointer<Int32>? = nil,
                        script: ShapingScript, before: UInt32? = nil, after: UInt32? = nil) {
        plan = face.plan(for: script)
        self.script = script
        infos.removeAll(keepingCapacity: true)
        // Step 1.
        map(scalars, clusters: clusters)
        growthLimit = infos.count * Self.maxGrowth + 16
        // Step 2.
        if plan.joinsForms {
            let codepoints = infos.map(\.codepoint)
            let forms = codepoints.withUnsafeBufferPointer { JoiningForm.forms($0, before: before, after: after) }
            for i in infos.indices { infos[i].mask |= forms[i].rawValue }
        }
        // Step 3.
        substitute()
        for i in infos.indices {
            infos[i].advance = infos[i].spaceAdvance >= 0 ? infos[i].spaceAdvance : Int32(face.advance(ofGlyph: Int(infos[i].glyph)))
        }
        position()
        // Step 4.
        let hasClasses = !face.glyphClasses.isEmpty
        for i in infos.indices {
            let info = infos[i]
            let isMark = hasClasses ? face.isMark(Int(info.glyph)) : info.props & Self.unicodeMark != 0
            if isMark || info.props & Self.ignorable != 0 { infos[i].advance = 0 }
        }
    }

    /// The shaped glyphs.
    var glyphs: [ShapedGlyph] { infos.map { ShapedGlyph(glyph: $0.glyph, cluster: $0.cluster, advance: $0.advance) } }

    // MARK: - Step 1: characters to glyphs

    /// Maps and normalises: runs of characters without marks one by one (their own glyph when the face has it), a base
    /// with its marks decomposed fully, reordered and recomposed.
    private mutating func map(_ scalars: UnsafeBufferPointer<UInt32>, clusters: UnsafeBufferPointer<Int32>?) {
        var i = 0
        let n = scalars.count
        while i < n {
            var end = i + 1
            while end < n && ScalarProperties.isMark(scalars[end]) { end += 1 }
            let cluster = clusters.map { $0[i] } ?? Int32(i)
            if end == i + 1 {
                decompose(scalars[i], cluster: cluster, shortest: true)
            } else {
                let first = infos.count
                for k in i..<end { decompose(scalars[k], cluster: clusters.map { $0[k] } ?? Int32(k), shortest: false) }
                reorderAndRecompose(from: first)
            }
            i = end
        }
    }

    /// HarfBuzz's `decompose_current_character`: the character's glyph (first, when `shortest`), else its canonical
    /// decomposition when the face has the parts, else a fallback for spaces and U+2011, else `.notdef`.
    private mutating func decompose(_ scalar: UInt32, cluster: Int32, shortest: Bool) {
        let glyph = face.glyph(for: scalar)
        if shortest && glyph != 0 { append(scalar, glyph, cluster); return }
        if decomposeParts(scalar, cluster: cluster, shortest: shortest) > 0 { return }
        if glyph != 0 { append(scalar, glyph, cluster); return }
        if let fraction = ScalarProperties.spaceFallback(scalar), face.glyph(for: 0x20) != 0 {
            let space = face.glyph(for: 0x20)
            append(scalar, space, cluster)
            infos[infos.count - 1].spaceAdvance = fraction == 0
                ? Int32(face.advance(ofGlyph: space)) : Int32((Double(face.unitsPerEm) * fraction).rounded(.down))
            return
        }
        if scalar == 0x2011, face.glyph(for: 0x2010) != 0 { append(scalar, face.glyph(for: 0x2010), cluster); return }
        append(scalar, 0, cluster)
    }

    /// HarfBuzz's `decompose`: the number of glyphs written for `scalar`'s decomposition (0: none written).
    private mutating func decomposeParts(_ scalar: UInt32, cluster: Int32, shortest: Bool) -> Int {
        guard let (a, b) = CanonicalComposition.decompose(scalar) else { return 0 }
        let bGlyph = b == 0 ? 0 : face.glyph(for: b)
        if b != 0 && bGlyph == 0 { return 0 }
        let aGlyph = face.glyph(for: a)
        if shortest && aGlyph != 0 {
            append(a, aGlyph, cluster)
            if b != 0 { append(b, bGlyph, cluster); return 2 }
            return 1
        }
        let written = decomposeParts(a, cluster: cluster, shortest: shortest)
        if written > 0 {
            if b != 0 { append(b, bGlyph, cluster); return written + 1 }
            return written
        }
        if aGlyph != 0 {
            append(a, aGlyph, cluster)
            if b != 0 { append(b, bGlyph, cluster); return 2 }
            return 1
        }
        return 0
    }

    @inline(__always)
    private mutating func append(_ scalar: UInt32, _ glyph: Int, _ cluster: Int32) {
        var props: UInt8 = 0
        if scalar >= 0xAD {
            if ScalarProperties.isDefaultIgnorable(scalar) { props |= Self.ignorable }
            if scalar == 0x200D { props |= Self.zwj } else if scalar == 0x200C { props |= Self.zwnj }
            if ScalarProperties.isNonspacingMark(scalar) { props |= Self.unicodeMark }
        }
        infos.append(GlyphInfo(glyph: Int32(glyph), cluster: cluster, codepoint: scalar, props: props))
    }

    /// Marks after `first` in canonical order, then each composed with the starter before it when nothing between
    /// blocks them and the face has the composite (HarfBuzz's second and third rounds).
    private mutating func reorderAndRecompose(from first: Int) {
        // Canonical ordering: a stable sort of each run of non-starters by combining class.
        var i = first
        while i < infos.count {
            guard ScalarProperties.combiningClass(infos[i].codepoint) != 0 else { i += 1; continue }
            var end = i
            while end < infos.count && ScalarProperties.combiningClass(infos[end].codepoint) != 0 { end += 1 }
            if end - i > 1 {
                let sorted = infos[i..<end].enumerated().sorted {
                    let a = ScalarProperties.combiningClass($0.element.codepoint), b = ScalarProperties.combiningClass($1.element.codepoint)
                    return a != b ? a < b : $0.offset < $1.offset
                }.map(\.element)
                infos.replaceSubrange(i..<end, with: sorted)
            }
            i = end
        }
        // Recomposition.
        var starter = first
        var k = first + 1
        while k < infos.count {
            let current = infos[k]
            if ScalarProperties.isMark(current.codepoint) {
                let previousClass = ScalarProperties.combiningClass(infos[k - 1].codepoint)
                let currentClass = ScalarProperties.combiningClass(current.codepoint)
                if starter == k - 1 || previousClass < currentClass,
                   let composed = CanonicalComposition.compose(infos[starter].codepoint, current.codepoint) {
                    let glyph = face.glyph(for: composed)
                    if glyph != 0 {
                        infos[starter].codepoint = composed
                        infos[starter].glyph = Int32(glyph)
                        infos[starter].props &= ~Self.unicodeMark
                        infos[starter].cluster = min(infos[starter].cluster, current.cluster)
                        infos.remove(at: k)
                        continue
                    }
                }
            }
            if ScalarProperties.combiningClass(current.codepoint) == 0 { starter = k }
            k += 1
        }
    }

    // MARK: - Step 3: lookups

    /// The plan's substitutions, each only when a glyph of the run (or one a substitution made) may trigger it.
    private mutating func substitute() {
        guard let gsub = face.gsub, !plan.substitutions.isEmpty else { return }
        let words = plan.triggerWords
        pending = [UInt64](repeating: 0, count: words)
        var any: UInt64 = 0
        for info in infos { any |= noteTriggers(Int(info.glyph)) }
        if !infos.isEmpty {
            for w in 0..<min(words, plan.alwaysTriggered.count) {
                pending[w] |= plan.alwaysTriggered[w]
                any |= plan.alwaysTriggered[w]
            }
        }
        if !usesTriggers {
            for w in 0..<words { pending[w] = ~0 }
            any = ~0
        }
        guard any != 0 else { return }
        for (k, planned) in plan.substitutions.enumerated() where pending[k / 64] & (1 << UInt64(k % 64)) != 0 {
            applyEverywhere(face.substitutionLookups[Int(planned.index)], planned, in: gsub)
        }
    }

    /// Adds the substitutions `glyph` may trigger to `pending`; returns whether it triggers any.
    @inline(__always)
    @discardableResult
    mutating func noteTriggers(_ glyph: Int) -> UInt64 {
        let words = plan.triggerWords
        guard glyph >= 0, (glyph + 1) * words <= plan.triggers.count else { return 0 }
        var any: UInt64 = 0
        for w in 0..<words {
            let bits = plan.triggers[glyph * words + w]
            pending[w] |= bits
            any |= bits
        }
        return any
    }

    /// Positions the run in `infos` (advances set) with the plan for `script`.
    mutating func positionRun(script: ShapingScript) {
        plan = face.plan(for: script)
        self.script = script
        position()
    }

    /// The plan's positionings (or the `kern` table's pairs).
    private mutating func position() {
        if let gpos = face.gpos {
            if usesPairPositioning && positionInPairs() { return }
            for planned in plan.positionings {
                applyEverywhere(face.positioningLookups[Int(planned.index)], planned, in: gpos)
            }
        } else if !face.kernPairs.isEmpty {
            applyKernTable()
        }
    }

    /// Applies a lookup at every glyph it may start at, left to right.
    private mutating func applyEverywhere(_ lookup: OpenTypeLayout.Lookup, _ planned: PlannedLookup, in layout: OpenTypeLayout) {
        let context = MatchContext(flag: lookup.flag, mask: planned.mask, manualZWJ: planned.manualZWJ,
                                   isPositioning: layout.isPositioning)
        var i = 0
        while i < infos.count {
            let info = infos[i]
            guard info.mask & planned.mask != 0, lookup.mayStart(at: Int(info.glyph)), !skips(i, lookup.flag) else {
                i += 1
                continue
            }
            if let next = apply(lookup, context, in: layout, at: i, depth: 0) { i = max(next, i + 1) } else { i += 1 }
        }
    }

    /// Applies the first subtable of `lookup` that matches at `i`; returns where the next match may start.
    mutating func apply(_ lookup: OpenTypeLayout.Lookup, _ context: MatchContext, in layout: OpenTypeLayout, at i: Int,
                        depth: Int) -> Int? {
        guard i < infos.count, lookup.mayStart(at: Int(infos[i].glyph)) else { return nil }
        let table = layout.table
        let glyph = Int(infos[i].glyph)
        for index in lookup.subtables.indices where lookup.subtable(index, mayCover: glyph) {
            let subtable = Int(lookup.subtables[index])
            let result: Int?
            switch (layout.isPositioning, lookup.type) {
            case (false, 1): result = singleSubstitution(table, subtable, at: i)
            case (false, 2): result = multipleSubstitution(table, subtable, at: i)
            case (false, 4): result = ligatureSubstitution(table, subtable, at: i, context)
            case (false, 5), (true, 7):
                result = contextual(table, subtable, at: i, context, layout: layout, chained: false, depth: depth)
            case (false, 6), (true, 8):
                result = contextual(table, subtable, at: i, context, layout: layout, chained: true, depth: depth)
            case (true, 1): result = singleAdjustment(table, subtable, at: i)
            case (true, 2): result = pairAdjustment(table, subtable, at: i, context)
            default: result = nil
            }
            if let result { return result }
        }
        return nil
    }

    // MARK: - Matching

    /// How a lookup walks the run: the glyphs its flag skips, the feature mask its input glyphs need, and how ZWJ and
    /// ZWNJ are treated (HarfBuzz: input sequences skip ZWJ unless the feature matches it manually and never skip ZWNJ;
    /// backtrack and lookahead skip both; positioning skips both).
    struct MatchContext {
        var flag: Int
        var mask: UInt8
        var manualZWJ: Bool
        var isPositioning: Bool
    }

    /// Whether the lookup flag makes the glyph at `i` invisible to matching (GDEF class).
    @inline(__always)
    func skips(_ i: Int, _ flag: Int) -> Bool {
        guard flag & 0x0E != 0 else { return false }
        let glyph = Int(infos[i].glyph)
        let classes = face.glyphClasses
        let glyphClass: UInt8 = glyph < classes.count ? classes[glyph]
            : (classes.isEmpty && infos[i].props & Self.unicodeMark != 0 ? 3 : 0)
        switch glyphClass {
        case 1: return flag & 0x02 != 0
        case 2: return flag & 0x04 != 0
        case 3: return flag & 0x08 != 0
        default: return false
        }
    }

    /// Whether the glyph at `i` may be skipped when it does not match: a default-ignorable character, unless it is
    /// ZWNJ (or ZWJ) and the walk matches those.
    @inline(__always)
    private func maySkip(_ i: Int, ignoreZWNJ: Bool, ignoreZWJ: Bool) -> Bool {
        let props = infos[i].props
        guard props & Self.ignorable != 0 else { return false }
        if props & Self.zwnj != 0 && !ignoreZWNJ { return false }
        if props & Self.zwj != 0 && !ignoreZWJ { return false }
        return true
    }

    /// The glyph after (`forward`) or before `j` that the walk matches with `matches`, or nil: glyphs the flag skips are
    /// passed, a glyph that may be skipped is passed when it does not match, any other must match.
    @inline(__always)
    func step(from j: Int, forward: Bool, _ context: MatchContext, isInput: Bool, _ matches: (Int) -> Bool) -> Int? {
        let ignoreZWNJ = context.isPositioning || !isInput
        let ignoreZWJ = context.isPositioning || !isInput || !context.manualZWJ
        var k = forward ? j + 1 : j - 1
        while k >= 0 && k < infos.count {
            if skips(k, context.flag) { k += forward ? 1 : -1; continue }
            let masked = !isInput || infos[k].mask & context.mask != 0
            if masked && matches(Int(infos[k].glyph)) { return k }
            if maySkip(k, ignoreZWNJ: ignoreZWNJ, ignoreZWJ: ignoreZWJ) { k += forward ? 1 : -1; continue }
            return nil
        }
        return nil
    }

    // MARK: - GPOS

    /// The byte offset of XAdvance inside a value record of `format`, or nil when the record has none.
    @inline(__always)
    static func advanceOffset(_ format: Int) -> Int? {
        format & 4 == 0 ? nil : (format & 1) * 2 + (format & 2)
    }

    /// Size in bytes of a value record of `format` (2 per bit set in its low byte).
    @inline(__always)
    static func valueSize(_ format: Int) -> Int { (format & 0xFF).nonzeroBitCount * 2 }

    private mutating func singleAdjustment(_ b: FontTable, _ s: Int, at i: Int) -> Int? {
        guard let index = Coverage(b, at: s + b.peek16(s + 2)).index(of: Int(infos[i].glyph)) else { return nil }
        let format = b.peek16(s + 4)
        let record: Int
        switch b.peek16(s) {
        case 1: record = s + 6
        case 2:
            guard index < b.peek16(s + 6) else { return nil }
            record = s + 8 + index * Self.valueSize(format)
        default: return nil
        }
        if let offset = Self.advanceOffset(format) { infos[i].advance &+= Int32(b.peekSigned16(record + offset)) }
        return i + 1
    }

    private mutating func pairAdjustment(_ b: FontTable, _ s: Int, at i: Int, _ context: MatchContext) -> Int? {
        guard let j = nextUnskipped(after: i, context),
              let (first, second) = Self.pairValues(b, s, first: Int(infos[i].glyph), second: Int(infos[j].glyph))
        else { return nil }
        infos[i].advance &+= first
        infos[j].advance &+= second
        return b.peek16(s + 6) != 0 ? j + 1 : j
    }

    /// The x advance adjustments of a pair adjustment subtable at `s` for `first` followed by `second`, or nil when the
    /// subtable does not apply to the pair (`first` not covered, the pair not listed, a class out of range).
    @inline(__always)
    static func pairValues(_ b: FontTable, _ s: Int, first: Int, second: Int) -> (Int32, Int32)? {
        guard let coverageIndex = Coverage(b, at: s + b.peek16(s + 2)).index(of: first) else { return nil }
        let format1 = b.peek16(s + 4), format2 = b.peek16(s + 6)
        let size1 = Self.valueSize(format1), size2 = Self.valueSize(format2)
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
            let class1 = ClassDefinition(b, at: s + b.peek16(s + 8)).value(of: first)
            let class2 = ClassDefinition(b, at: s + b.peek16(s + 10)).value(of: second)
            let class1Count = b.peek16(s + 12), class2Count = b.peek16(s + 14)
            guard class1 < class1Count, class2 < class2Count else { return nil }
            record = s + 16 + (class1 * class2Count + class2) * (size1 + size2)
        default:
            return nil
        }
        let value1 = Self.advanceOffset(format1).map { Int32(b.peekSigned16(record + $0)) } ?? 0
        let value2 = Self.advanceOffset(format2).map { Int32(b.peekSigned16(record + size1 + $0)) } ?? 0
        return (value1, value2)
    }

    /// Positions a run whose every glyph kerns in pairs only (`FontFace.kernsInPairs`; no mark or default-ignorable
    /// glyph, which lookup flags could pass over): each glyph's advance gains its kerning with the next, from the
    /// face's ASCII pair table where both are printable-ASCII glyphs in a Latin or common run, else by walking the
    /// plan's pair adjustments for the pair. False (nothing changed) when the run does not qualify; the general walk
    /// (`applyEverywhere` over every positioning lookup) gives the same advances, which a test checks.
    private mutating func positionInPairs() -> Bool {
        guard let gpos = face.gpos, !face.pairwiseGlyphs.isEmpty, !infos.isEmpty else { return false }
        for info in infos {
            let glyph = Int(info.glyph)
            guard info.props & (Self.ignorable | Self.unicodeMark) == 0, face.kernsInPairs(glyph), !face.isMark(glyph) else {
                return false
            }
        }
        let table = script == .latin || script == .other ? face.ascii : nil
        let positionings = plan.positionings, lookups = face.positioningLookups
        var next = Int(infos[0].glyph)
        for i in 0..<(infos.count - 1) {
            let first = next
            next = Int(infos[i + 1].glyph)
            if let table, let value = table.kerning(first, next) {
                infos[i].advance &+= value
                continue
            }
            var total: Int32 = 0
            for planned in positionings {
                let lookup = lookups[Int(planned.index)]
                guard lookup.mayStart(at: first) else { continue }
                for index in lookup.subtables.indices where lookup.subtable(index, mayCover: first) {
                    if let (value, _) = Self.pairValues(gpos.table, Int(lookup.subtables[index]), first: first, second: next) {
                        total &+= value
                        break
                    }
                }
            }
            infos[i].advance &+= total
        }
        return true
    }

    /// The next glyph a positioning walk does not pass over (the flag's skipped glyphs and default ignorables are).
    @inline(__always)
    private func nextUnskipped(after i: Int, _ context: MatchContext) -> Int? {
        var k = i + 1
        while k < infos.count {
            if skips(k, context.flag) || maySkip(k, ignoreZWNJ: true, ignoreZWJ: true) { k += 1; continue }
            return k
        }
        return nil
    }

    /// `kern` format 0: each glyph and the next that is not a mark or default-ignorable, the value split between them
    /// as HarfBuzz splits it.
    private mutating func applyKernTable() {
        let context = MatchContext(flag: 0x08, mask: Self.globalMask, manualZWJ: false, isPositioning: true)
        var i = 0
        while i < infos.count {
            guard !face.isMark(Int(infos[i].glyph)) else { i += 1; continue }
            guard let j = nextUnskipped(after: i, context) else { break }
            let key = UInt32(truncatingIfNeeded: infos[i].glyph) << 16 | UInt32(truncatingIfNeeded: infos[j].glyph)
            if let value = face.kernPairs[key] {
                let first = Int32(value) >> 1
                infos[i].advance &+= first
                infos[j].advance &+= Int32(value) - first
            }
            i = j
        }
    }
}
