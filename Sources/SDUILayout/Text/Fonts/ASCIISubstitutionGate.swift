import SDUIEnvironment

// Which printable-ASCII texts a face's substitutions may change, decided once per face from the characters a text
// holds: a contextual alternate whose context a text lacks leaves it alone.

/// A set of printable-ASCII characters (a bit per byte), with bit 127 (DEL, never drawn) standing for "…".
struct ASCIISet: Hashable, Sendable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    /// The bit that stands for "…" (U+2026).
    static let ellipsis = 127

    @inline(__always)
    mutating func insert(_ byte: Int) {
        let bit = UInt64(1) << UInt64(byte & 63)
        if byte < 64 { low |= bit } else { high |= bit }
    }

    @inline(__always)
    func contains(_ byte: Int) -> Bool {
        (byte < 64 ? low : high) & (UInt64(1) << UInt64(byte & 63)) != 0
    }

    @inline(__always)
    func intersects(_ other: ASCIISet) -> Bool { low & other.low != 0 || high & other.high != 0 }

    var isEmpty: Bool { low == 0 && high == 0 }
    var count: Int { low.nonzeroBitCount + high.nonzeroBitCount }
    /// Whether every member of `self` is in `other`.
    func isSubset(of other: ASCIISet) -> Bool { low & ~other.low == 0 && high & ~other.high == 0 }

    func union(_ other: ASCIISet) -> ASCIISet { ASCIISet(low: low | other.low, high: high | other.high) }
    func subtracting(_ other: ASCIISet) -> ASCIISet { ASCIISet(low: low & ~other.low, high: high & ~other.high) }
    mutating func formUnion(_ other: ASCIISet) { self = union(other) }

    /// A total order: fewer members first (the rarer position is tested first), then by bits.
    static func precedes(_ a: ASCIISet, _ b: ASCIISet) -> Bool {
        (a.count, a.high, a.low) < (b.count, b.high, b.low)
    }

    /// `sets` in the order `precedes` gives.
    static func ordered(_ sets: Set<ASCIISet>) -> [ASCIISet] {
        let unordered = Array(sets)
        return sortedIndices(count: unordered.count) { precedes(unordered[$0], unordered[$1]) }.map { unordered[$0] }
    }

    /// The set of the bytes of `bytes`.
    @inline(__always)
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> ASCIISet {
        var set = ASCIISet()
        for byte in bytes { set.insert(Int(byte & 0x7F)) }
        return set
    }
}

/// The characters whose presence together in a text lets one of a face's substitutions change it.
///
/// Made once per face from its plans' GSUB lookups: each rule that could change a run of printable ASCII (a single or
/// multiple substitution's coverage, a ligature's components, a contextual rule's backtrack, input and lookahead
/// positions) becomes a *requirement*: per position, the characters whose glyph — or a glyph a substitution makes
/// from it — can stand there. A text whose characters meet no requirement (for some position it holds none of the
/// characters) is left as it is by every substitution, wherever its characters stand: the test looks at which
/// characters a text holds, not at their order, so it may send a text to the shaper that the shaper then leaves
/// alone, never the reverse. Rules that substitute nothing (exceptions listed before a contextual rule) are not
/// requirements. A requirement of one position makes its characters leave the tables altogether (`forbidden`).
struct ASCIISubstitutionGate {
    /// Characters any text holding one of which a substitution may change.
    var forbidden = ASCIISet()
    /// The other requirements, each its positions' sets (rarest first).
    var requirements: [[ASCIISet]] = []

    /// More requirements than this and the face gets no tables: the check per text would cost more than it saves.
    static let maximumRequirements = 256

    /// The gate for `characters` (bit, glyph) under `plans`; nil when a planned lookup cannot be analysed (its texts
    /// are then all shaped in full).
    init?(face: FontFace, plans: [ShapingPlan], characters: [(bit: Int, glyph: Int)]) {
        guard let gsub = face.gsub else { return }
        var analysis = OriginAnalysis(layout: gsub, lookups: face.substitutionLookups, glyphCount: face.glyphCount,
                                      characters: characters)
        let planned = Set(plans.flatMap { $0.substitutions.map { Int($0.index) } }).sorted()
        guard analysis.propagate(from: planned) else { return nil }
        var found = Set<[ASCIISet]>()
        for index in planned {
            guard let lookupRequirements = analysis.requirements(ofLookup: index) else { return nil }
            for positions in lookupRequirements where !positions.contains(where: \.isEmpty) {
                found.insert(ASCIISet.ordered(Set(positions)))
            }
        }
        for positions in found where positions.count == 1 { forbidden = forbidden.union(positions[0]) }
        // A text holding a forbidden character never reaches the other requirements: take those characters out.
        var rest = Set<[ASCIISet]>()
        for positions in found where positions.count > 1 {
            let reduced = positions.map { $0.subtracting(forbidden) }
            if !reduced.contains(where: \.isEmpty) { rest.insert(ASCIISet.ordered(Set(reduced))) }
        }
        guard rest.count <= Self.maximumRequirements * 16 else { return nil }
        // A requirement met only when another is met adds nothing (each of the other's positions has a subset among
        // its own); of equivalent ones the first in a fixed order stays.
        let unordered = Array(rest)
        let candidates = sortedIndices(count: unordered.count) { i, j in
            let a = unordered[i], b = unordered[j]
            return a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b, by: ASCIISet.precedes)
        }.map { unordered[$0] }
        for (i, positions) in candidates.enumerated() {
            let implied = candidates[..<i].contains { other in
                other.allSatisfy { b in positions.contains { $0.isSubset(of: b) } }
            }
            if !implied { requirements.append(positions) }
        }
        guard requirements.count <= Self.maximumRequirements else { return nil }
    }
}

/// Per glyph, the printable-ASCII characters (and "…") it may stand for in a run shaped from them: a character's own
/// glyph, then every glyph a substitution of the plan (nested lookups included) makes from one that stands for some.
/// A glyph can be in such a run only when the text holds one of the characters it stands for.
private struct OriginAnalysis {
    let t: FontTable
    let layout: OpenTypeLayout
    /// The face's GSUB lookups (the planned ones with their first-glyph sets, which pass most glyphs over quickly).
    let lookups: UnsafeBufferPointer<OpenTypeLayout.Lookup>
    let glyphCount: Int
    /// Per glyph, the characters it may stand for.
    var origin: [ASCIISet]
    /// The glyphs whose origin is not empty.
    var members: [Int] = []
    /// `origin(ofCoverageAt:)`'s answers, once the origins are settled (after `propagate`).
    private let coverageOrigins = CoverageOrigins()

    final class CoverageOrigins {
        var byOffset: [Int: ASCIISet] = [:]
    }

    /// Fixed-point rounds at most (each adds at least one glyph's character; real fonts need a handful).
    static let maximumRounds = 32
    /// Coverage searches at most (a real font needs a few tens of thousands; a hostile one is given up on).
    static let maximumWork = 1 << 20

    init(layout: OpenTypeLayout, lookups: UnsafeBufferPointer<OpenTypeLayout.Lookup>, glyphCount: Int,
         characters: [(bit: Int, glyph: Int)]) {
        self.layout = layout
        self.lookups = lookups
        self.t = layout.table
        self.glyphCount = glyphCount
        origin = [ASCIISet](repeating: ASCIISet(), count: glyphCount)
        for (bit, glyph) in characters where glyph > 0 && glyph < glyphCount { add(bit: bit, to: glyph) }
    }

    private mutating func add(bit: Int, to glyph: Int) {
        if origin[glyph].isEmpty { members.append(glyph) }
        origin[glyph].insert(bit)
    }

    /// Adds `set` to `glyph`'s origin (the glyph is then in `grown` when it grew).
    private mutating func add(_ set: ASCIISet, to glyph: Int) {
        guard glyph >= 0, glyph < glyphCount, !set.isSubset(of: origin[glyph]) else { return }
        if origin[glyph].isEmpty { members.append(glyph) }
        origin[glyph] = origin[glyph].union(set)
        if !isGrown[glyph] {
            isGrown[glyph] = true
            grown.append(glyph)
        }
    }

    /// The glyphs whose origin grew in the current round (each once).
    private var grown: [Int] = []
    private var isGrown: [Bool] = []

    /// The origins through every substitution of `planned` and the lookups their rules call; false when they do not
    /// settle within `maximumRounds`.
    mutating func propagate(from planned: [Int]) -> Bool {
        let count = lookups.count
        var reached = Set(planned.filter { $0 < count })
        var queue = Array(reached)
        while let index = queue.popLast() {
            for nested in nestedLookups(of: index) where nested < count && !reached.contains(nested) {
                reached.insert(nested)
                queue.append(nested)
            }
        }
        let order = reached.sorted()
        // Each round passes only the glyphs whose origin grew in the round before through the lookups.
        isGrown = [Bool](repeating: false, count: glyphCount)
        var frontier = members
        var work = 0
        for _ in 0..<Self.maximumRounds {
            for index in order {
                work += frontier.count * lookups[index].subtables.count
                guard work <= Self.maximumWork else { return false }
                substitute(index, from: frontier)
            }
            if grown.isEmpty { return true }
            frontier = grown
            for glyph in grown { isGrown[glyph] = false }
            grown.removeAll(keepingCapacity: true)
        }
        return false
    }

    /// The lookups a contextual lookup's rules call (every rule's, whatever glyphs have an origin yet).
    private func nestedLookups(of index: Int) -> [Int] {
        let lookup = lookups[index]
        guard lookup.type == 5 || lookup.type == 6 else { return [] }
        let chained = lookup.type == 6
        var found: [Int] = []
        func records(_ rule: FontShaper.Rule) {
            for r in 0..<min(rule.recordCount, 64) { found.append(t.peek16(rule.records + r * 4 + 2)) }
        }
        for subtable in lookup.subtables {
            let s = Int(subtable)
            let format = t.peek16(s)
            switch format {
            case 1, 2:
                let setsAt = format == 1 ? s + 6 : ClassContext(t, subtable: s, chained: chained).ruleSetsAt
                for setIndex in 0..<min(t.peek16(setsAt - 2), t.count / 2) {
                    let setOffset = t.peek16(setsAt + setIndex * 2)
                    guard setOffset != 0 else { continue }
                    let set = s + setOffset
                    for ruleIndex in 0..<min(t.peek16(set), t.count / 2) {
                        records(FontShaper.rule(t, at: set + t.peek16(set + 2 + ruleIndex * 2), chained: chained,
                                                firstInputListed: false))
                    }
                }
            case 3:
                records(FontShaper.rule(t, at: s + 2, chained: chained, firstInputListed: true))
            default:
                break
            }
        }
        return found
    }

    /// Lookup `index`'s single, multiple and ligature substitutions applied to the glyphs of `frontier`.
    private mutating func substitute(_ index: Int, from frontier: [Int]) {
        let lookup = lookups[index]
        guard lookup.type == 1 || lookup.type == 2 || lookup.type == 4 else { return }
        for (k, subtable) in lookup.subtables.enumerated() {
            let s = Int(subtable)
            let coverage = Coverage(t, at: s + t.peek16(s + 2))
            for glyph in frontier {
                guard lookup.mayStart(at: glyph), lookup.subtable(k, mayCover: glyph),
                      let coverageIndex = coverage.index(of: glyph) else { continue }
                let from = origin[glyph]
                switch (lookup.type, t.peek16(s)) {
                case (1, 1):
                    add(from, to: (glyph + t.peek16(s + 4)) & 0xFFFF)
                case (1, 2):
                    if coverageIndex < t.peek16(s + 4) { add(from, to: t.peek16(s + 6 + coverageIndex * 2)) }
                case (2, 1):
                    guard coverageIndex < t.peek16(s + 4) else { continue }
                    let sequence = s + t.peek16(s + 6 + coverageIndex * 2)
                    for k in 0..<min(t.peek16(sequence), t.count / 2) {
                        add(from, to: t.peek16(sequence + 2 + k * 2))
                    }
                case (4, 1):
                    guard coverageIndex < t.peek16(s + 4) else { continue }
                    let set = s + t.peek16(s + 6 + coverageIndex * 2)
                    for k in 0..<min(t.peek16(set), t.count / 2) {
                        add(from, to: t.peek16(set + t.peek16(set + 2 + k * 2)))
                    }
                default:
                    break
                }
            }
        }
    }

    /// Calls `body` with each glyph of `coverage` that has an origin, and its coverage index: walking the coverage
    /// or the glyphs with an origin, whichever is shorter.
    private func forEachCovered(_ coverage: Coverage, _ body: (_ glyph: Int, _ index: Int) -> Void) {
        if coverage.count <= members.count * 2 {
            coverage.forEachIndexed(limit: glyphCount) { glyph, index in
                if !origin[glyph].isEmpty { body(glyph, index) }
            }
        } else {
            for glyph in members {
                if let index = coverage.index(of: glyph) { body(glyph, index) }
            }
        }
    }

    /// The union of the origins of the glyphs of the coverage at `offset` (remembered per offset: rules share them).
    private func origin(ofCoverageAt offset: Int) -> ASCIISet {
        if let known = coverageOrigins.byOffset[offset] { return known }
        var set = ASCIISet()
        forEachCovered(Coverage(t, at: offset)) { glyph, _ in set.formUnion(origin[glyph]) }
        coverageOrigins.byOffset[offset] = set
        return set
    }

    /// Per class of `definition`, the union of its glyphs' origins (class 0: the glyphs it does not list).
    private func classOrigins(_ definition: ClassDefinition) -> [Int: ASCIISet] {
        var classes: [Int: ASCIISet] = [:]
        for glyph in members { classes[definition.value(of: glyph), default: ASCIISet()].formUnion(origin[glyph]) }
        return classes
    }

    /// The requirements of planned lookup `index` (see `ASCIISubstitutionGate`); nil when its type or a subtable's
    /// format is not one the shaper applies or this analysis knows.
    func requirements(ofLookup index: Int) -> [[ASCIISet]]? {
        guard index < lookups.count else { return [] }
        let lookup = lookups[index]
        var found: [[ASCIISet]] = []
        switch lookup.type {
        case 0, 3, 8:
            return []  // nothing the shaper applies (an unreadable extension, alternates, reverse chaining)
        case 1, 2:
            for subtable in lookup.subtables {
                let s = Int(subtable)
                found.append([origin(ofCoverageAt: s + t.peek16(s + 2))])
            }
        case 4:
            for subtable in lookup.subtables {
                let s = Int(subtable)
                var covered: [(glyph: Int, index: Int)] = []
                forEachCovered(Coverage(t, at: s + t.peek16(s + 2))) { covered.append(($0, $1)) }
                for (glyph, coverageIndex) in covered where coverageIndex < t.peek16(s + 4) {
                    let set = s + t.peek16(s + 6 + coverageIndex * 2)
                    for k in 0..<min(t.peek16(set), t.count / 2) {
                        let ligature = set + t.peek16(set + 2 + k * 2)
                        let components = t.peek16(ligature + 2)
                        guard components >= 1, components <= 64 else { continue }
                        var positions = [origin[glyph]]
                        for c in 1..<components { positions.append(originOf(glyph: t.peek16(ligature + 2 + c * 2))) }
                        found.append(positions)
                    }
                }
            }
        case 5, 6:
            var known = true
            forEachRule(lookup) { rule, positions in
                guard let positions else { known = false; return }
                if rule.recordCount > 0 { found.append(positions) }
            }
            guard known else { return nil }
        default:
            return nil
        }
        return found
    }

    private func originOf(glyph: Int) -> ASCIISet { glyph >= 0 && glyph < glyphCount ? origin[glyph] : ASCIISet() }

    /// Calls `body` with each rule of a contextual lookup that the shaper may match, and its positions' origins (nil
    /// for a subtable format this analysis does not know).
    private func forEachRule(_ lookup: OpenTypeLayout.Lookup, _ body: (FontShaper.Rule, [ASCIISet]?) -> Void) {
        let chained = lookup.type == 6
        for subtable in lookup.subtables {
            let s = Int(subtable)
            switch t.peek16(s) {
            case 1:
                var covered: [(glyph: Int, index: Int)] = []
                forEachCovered(Coverage(t, at: s + t.peek16(s + 2))) { covered.append(($0, $1)) }
                for (glyph, setIndex) in covered where setIndex < t.peek16(s + 4) {
                    let setOffset = t.peek16(s + 6 + setIndex * 2)
                    guard setOffset != 0 else { continue }
                    let set = s + setOffset
                    for ruleIndex in 0..<min(t.peek16(set), t.count / 2) {
                        let rule = FontShaper.rule(t, at: set + t.peek16(set + 2 + ruleIndex * 2), chained: chained,
                                                   firstInputListed: false)
                        guard let positions = positions(of: rule, first: origin[glyph], { value, _ in
                            originOf(glyph: value)
                        }) else { continue }
                        body(rule, positions)
                    }
                }
            case 2:
                let coverage = Coverage(t, at: s + t.peek16(s + 2))
                let context = ClassContext(t, subtable: s, chained: chained)
                let setsAt = context.ruleSetsAt
                let classes = context.definitions.map(classOrigins)
                var firstByClass: [Int: ASCIISet] = [:]
                forEachCovered(coverage) { glyph, _ in firstByClass[context.input.value(of: glyph), default: ASCIISet()].formUnion(origin[glyph]) }
                for setIndex in 0..<min(t.peek16(setsAt - 2), 4096) {
                    let setOffset = t.peek16(setsAt + setIndex * 2)
                    guard setOffset != 0, let first = firstByClass[setIndex], !first.isEmpty else { continue }
                    let set = s + setOffset
                    for ruleIndex in 0..<min(t.peek16(set), t.count / 2) {
                        let rule = FontShaper.rule(t, at: set + t.peek16(set + 2 + ruleIndex * 2), chained: chained,
                                                   firstInputListed: false)
                        guard let positions = positions(of: rule, first: first, { classes[$1][$0] ?? ASCIISet() }) else {
                            continue
                        }
                        body(rule, positions)
                    }
                }
            case 3:
                let rule = FontShaper.rule(t, at: s + 2, chained: chained, firstInputListed: true)
                guard rule.inputCount >= 1 else { continue }
                let first = origin(ofCoverageAt: s + t.peek16(rule.input))
                var shifted = rule
                shifted.input += 2  // the first input's coverage is `first`
                guard let positions = positions(of: shifted, first: first, { value, _ in
                    origin(ofCoverageAt: s + value)
                }) else { continue }
                body(rule, positions)
            default:
                body(FontShaper.Rule(backtrack: (0, 0), inputCount: 0, input: 0, lookahead: (0, 0), recordCount: 0,
                                     records: 0), nil)
            }
        }
    }

    /// A rule's positions: `first`, then each later input, backtrack and lookahead value through `originOf` (the
    /// value and its sequence: 0 backtrack, 1 input, 2 lookahead); nil for a rule the shaper never matches.
    private func positions(of rule: FontShaper.Rule, first: ASCIISet, _ originOf: (Int, Int) -> ASCIISet) -> [ASCIISet]? {
        guard rule.inputCount >= 1, rule.inputCount - 1 <= 64, rule.backtrack.count <= 64, rule.lookahead.count <= 64 else {
            return nil
        }
        var positions = [first]
        for k in 0..<(rule.inputCount - 1) { positions.append(originOf(t.peek16(rule.input + k * 2), 1)) }
        for k in 0..<rule.backtrack.count { positions.append(originOf(t.peek16(rule.backtrack.at + k * 2), 0)) }
        for k in 0..<rule.lookahead.count { positions.append(originOf(t.peek16(rule.lookahead.at + k * 2), 2)) }
        return positions
    }
}
