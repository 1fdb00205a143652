// Which lookups a face applies to a run of one script, in which order, to which glyphs — decided once per face.

/// The scripts runs are shaped in: each picks the font's language system for its tag and, for Arabic, the joining
/// shaper (contextual forms). Other scripts are shaped with the font's default language system.
enum ShapingScript: Int, CaseIterable, Sendable {
    case latin, greek, cyrillic, arabic, hebrew, other

    /// The OpenType script tag.
    var tag: UInt32 {
        switch self {
        case .latin: return FontFile.tag("latn")
        case .greek: return FontFile.tag("grek")
        case .cyrillic: return FontFile.tag("cyrl")
        case .arabic: return FontFile.tag("arab")
        case .hebrew: return FontFile.tag("hebr")
        case .other: return FontFile.tag("DFLT")
        }
    }

    /// Whether text in this script runs right to left (the `rtla` feature instead of `ltra`, `ltrm`).
    var isRightToLeft: Bool { self == .arabic || self == .hebrew }

    /// The script of a character when it has one of these; nil for common characters (spaces, digits, punctuation,
    /// symbols) and marks, which take their neighbours' script.
    @inline(__always)
    static func of(_ scalar: UInt32) -> ShapingScript? {
        switch scalar {
        case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x1D00...0x1DBF,
            0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFB00...0xFB06, 0xFF21...0xFF3A,
            0xFF41...0xFF5A:
            return .latin
        case 0x370...0x373, 0x375...0x377, 0x37A...0x37D, 0x37F, 0x384, 0x386, 0x388...0x3E1, 0x3F0...0x3FF,
            0x1F00...0x1FFF:
            return .greek
        case 0x400...0x484, 0x487...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F:
            return .cyrillic
        case 0x591...0x5F4, 0xFB1D...0xFB4F:
            return .hebrew
        case 0x600...0x604, 0x606...0x60B, 0x60D...0x61A, 0x61C...0x61E, 0x620...0x63F, 0x641...0x64A,
            0x656...0x66F, 0x671...0x6DC, 0x6DE...0x6FF, 0x750...0x77F, 0x870...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
            return .arabic
        case 0x530..<0x2000, 0x2C00..<0x2E00, 0x2E80..<0xFB00, 0x10000..<0x1F000, 0x20000...0x10FFFF:
            return .other  // Armenian, Syriac, Indic, Thai, CJK, Hangul, … (the scripts above excepted)
        default:
            return nil  // common and inherited: spaces, digits, punctuation, symbols, marks, emoji
        }
    }
}

/// A lookup applied while shaping a run: which lookup, to which glyphs (a feature mask), and how it treats ZWJ.
struct PlannedLookup: Sendable {
    /// Index in the face's lookups of its table.
    var index: Int32
    /// The glyphs it applies to: those whose feature mask shares a bit with this (`FontShaper.globalMask` for a
    /// feature on every glyph; a `JoiningForm` bit for `isol`, `fina`, `medi`, `init`).
    var mask: UInt8
    /// Whether ZWJ must be matched rather than skipped (HarfBuzz's F_MANUAL_ZWJ: Arabic's features).
    var manualZWJ: Bool
}

/// The lookups a face applies to a run of one script, in HarfBuzz's order, and which glyphs may make each apply.
struct ShapingPlan: @unchecked Sendable {
    // @unchecked: the buffers are the face's frozen arrays, immutable and alive as long as the face.

    /// Whether runs get the joining forms (the Arabic shaper).
    var joinsForms: Bool
    /// GSUB lookups in application order: by stage, then by lookup index within a stage.
    var substitutions: UnsafeBufferPointer<PlannedLookup>
    /// GPOS lookups (kerning and `dist`), by lookup index.
    var positionings: UnsafeBufferPointer<PlannedLookup>
    /// Words per glyph in `triggers`.
    var triggerWords: Int
    /// Per glyph, a bit per substitution (`triggerWords` words): set when a run holding the glyph may be changed by
    /// that substitution. A run whose glyphs set no bit is left as it is by every substitution. Empty when the table
    /// would be larger than `maxTriggerWords`: then every substitution is in `alwaysTriggered`.
    var triggers: UnsafeBufferPointer<UInt64>
    /// A bit per substitution (`triggerWords` words) that any glyph may trigger: its subtables could not be
    /// analysed, or the face's analysis ran out of budget (`TriggerAnalysis`). Tried on every run that is not empty.
    var alwaysTriggered: UnsafeBufferPointer<UInt64>

    /// The most words a plan's `triggers` table may hold (8 MB): a face of 65 535 glyphs keeps tables for up to
    /// 1 024 substitutions a script; past that its substitutions are tried on every run.
    static let maxTriggerWords = 1 << 20

    /// The GSUB stages of the default shaper (HarfBuzz: `rvrn` alone first, then every other feature).
    static func latinStages(rightToLeft: Bool) -> [[(String, manualZWJ: Bool, mask: UInt8)]] {
        let direction = rightToLeft ? ["rtla"] : ["ltra", "ltrm"]
        return [[("rvrn", false, FontShaper.globalMask)],
                (direction + ["ccmp", "locl", "rlig", "calt", "clig", "liga", "rclt"]).map { ($0, false, FontShaper.globalMask) }]
    }

    /// The GSUB stages of the Arabic shaper: the forms each in its own stage after `ccmp` and `locl`, then `rlig`,
    /// then the contextual alternates, then the ligatures.
    static let arabicStages: [[(String, manualZWJ: Bool, mask: UInt8)]] = [
        [("rvrn", false, FontShaper.globalMask)],
        [("rtla", false, FontShaper.globalMask), ("stch", false, FontShaper.globalMask)],
        [("ccmp", true, FontShaper.globalMask), ("locl", true, FontShaper.globalMask)],
        [("isol", true, JoiningForm.isolated.rawValue)], [("fina", true, JoiningForm.final.rawValue)],
        [("medi", true, JoiningForm.medial.rawValue)], [("init", true, JoiningForm.initial.rawValue)],
        [("rlig", true, FontShaper.globalMask)],
        [("rclt", true, FontShaper.globalMask), ("calt", true, FontShaper.globalMask)],
        [("liga", false, FontShaper.globalMask), ("clig", false, FontShaper.globalMask), ("mset", false, FontShaper.globalMask)],
    ]

    /// The GPOS features that change advances (`mark`, `mkmk`, `abvm`, `blwm` only move marks; `curs` is not applied).
    static let positioningFeatures = ["kern", "dist"].map { FontFile.tag($0) }

    /// An empty plan (a face without layout tables).
    static let empty = ShapingPlan(joinsForms: false, substitutions: UnsafeBufferPointer(start: nil, count: 0),
                                   positionings: UnsafeBufferPointer(start: nil, count: 0), triggerWords: 0,
                                   triggers: UnsafeBufferPointer(start: nil, count: 0),
                                   alwaysTriggered: UnsafeBufferPointer(start: nil, count: 0))

    /// The plan for `script`: the language system of its tag (else the default one), the features of its shaper.
    /// - Parameter triggers: the face's analysis of which glyphs may make each GSUB lookup apply, shared by its
    ///   plans and filled as lookups are first planned.
    static func make(script: ShapingScript, gsub: OpenTypeLayout?, gpos: OpenTypeLayout?, glyphCount: Int,
                     triggers analysis: inout TriggerAnalysis, arena: FontArena) -> ShapingPlan {
        var plan = ShapingPlan.empty
        plan.joinsForms = script == .arabic
        if let gsub {
            let features = gsub.features(of: gsub.languageSystem(scripts: [script.tag]))
            let stages = script == .arabic ? arabicStages : latinStages(rightToLeft: script.isRightToLeft)
            var planned: [PlannedLookup] = []
            // The required feature applies in the stage of its tag, else in the first.
            let requiredStage = features.first(where: \.isRequired).map { required in
                stages.firstIndex { $0.contains { FontFile.tag($0.0) == required.tag } } ?? 0
            }
            for (stageIndex, stage) in stages.enumerated() {
                var inStage: [Int: PlannedLookup] = [:]
                for feature in features where feature.isRequired && requiredStage == stageIndex {
                    let manualZWJ = stage.first { FontFile.tag($0.0) == feature.tag }?.manualZWJ ?? false
                    for index in feature.lookups {
                        inStage[index] = PlannedLookup(index: Int32(index), mask: FontShaper.globalMask, manualZWJ: manualZWJ)
                    }
                }
                for (name, manualZWJ, mask) in stage {
                    let tag = FontFile.tag(name)
                    for feature in features where feature.tag == tag && !feature.isRequired {
                        for index in feature.lookups where inStage[index] == nil {
                            inStage[index] = PlannedLookup(index: Int32(index), mask: mask, manualZWJ: manualZWJ)
                        }
                    }
                }
                planned += inStage.keys.sorted().map { inStage[$0]! }
            }
            plan.substitutions = arena.freeze(planned)
            let words = (planned.count + 63) / 64
            var always = [UInt64](repeating: 0, count: words)
            if glyphCount * words > maxTriggerWords {
                for k in planned.indices { always[k / 64] |= 1 << UInt64(k % 64) }
            } else {
                var triggers = [UInt64](repeating: 0, count: glyphCount * words)
                for (k, lookup) in planned.enumerated() {
                    guard let glyphs = analysis.triggers(of: Int(lookup.index), in: gsub, glyphCount: glyphCount) else {
                        always[k / 64] |= 1 << UInt64(k % 64)
                        continue
                    }
                    for glyph in glyphs where glyph < glyphCount {
                        triggers[glyph * words + k / 64] |= 1 << UInt64(k % 64)
                    }
                }
                plan.triggers = arena.freeze(triggers)
            }
            plan.triggerWords = words
            plan.alwaysTriggered = arena.freeze(always)
        }
        if let gpos {
            let features = gpos.features(of: gpos.languageSystem(scripts: [script.tag]))
            var chosen = Set<Int>()
            for feature in features where feature.isRequired || positioningFeatures.contains(feature.tag) {
                chosen.formUnion(feature.lookups)
            }
            plan.positionings = arena.freeze(chosen.sorted().map {
                PlannedLookup(index: Int32($0), mask: FontShaper.globalMask, manualZWJ: false)
            })
        }
        return plan
    }
}

/// Which glyphs may make each GSUB lookup of a face apply (`OpenTypeLayout.triggerGlyphs`), worked out once per
/// lookup and shared by the face's plans, within a budget: offsets in a font may point many lookups, subtables and
/// rules at the same bytes, so the work is not bounded by the file's size. Each subtable, rule and glyph listed
/// costs one unit; once `budget` is spent, every lookup not yet analysed may be triggered by any glyph, which only
/// means it is tried on every run.
struct TriggerAnalysis {
    /// The units a face may spend: four times what the largest real font tried needs (`ShapingFastPathTests`).
    static let faceBudget = 1 << 18

    /// The units left.
    private(set) var budget: Int
    /// Per lookup index analysed: its trigger glyphs, or nil when any glyph may trigger it.
    private var sets: [Int: [Int]?] = [:]

    init(budget: Int = TriggerAnalysis.faceBudget) { self.budget = budget }

    /// The glyphs that may make lookup `index` apply; nil: any glyph may.
    mutating func triggers(of index: Int, in gsub: OpenTypeLayout, glyphCount: Int) -> [Int]? {
        if let known = sets[index] { return known }
        let glyphs = budget > 0 ? gsub.triggerGlyphs(index, glyphCount: glyphCount, budget: &budget) : nil
        sets[index] = .some(glyphs)
        return glyphs
    }
}

extension OpenTypeLayout {
    /// The glyphs whose presence in a run lets GSUB lookup `index` change it: per subtable and rule, the glyphs of its
    /// most selective required position (a ligature's second component, the rarest coverage or class of a context
    /// rule). A run that holds none of them cannot match any rule. nil — any glyph may — when a subtable cannot be
    /// analysed or `budget` (one unit per subtable, rule and glyph listed) runs out.
    func triggerGlyphs(_ index: Int, glyphCount: Int, budget: inout Int) -> [Int]? {
        guard index < lookups.count else { return [] }
        let lookup = lookups[index]
        var marked = [Bool](repeating: false, count: glyphCount)
        var units = budget
        defer { budget = units }
        func set(_ glyphs: [Int]) { for glyph in glyphs where glyph < glyphCount { marked[glyph] = true } }
        func mark(_ glyphs: [Int]) {
            units -= glyphs.count
            set(glyphs)
        }
        func mark(_ glyph: Int) {
            units -= 1
            if glyph < glyphCount { marked[glyph] = true }
        }
        let t = table
        for subtable in lookup.subtables {
            units -= 1
            guard units > 0 else { return nil }
            let s = Int(subtable)
            switch lookup.type {
            case 1, 2:
                mark(Coverage(t, at: s + t.peek16(s + 2)).glyphs(limit: glyphCount, units: &units))
            case 4:
                // The second component of each ligature (a one-component ligature: its first glyph).
                let coverage = Coverage(t, at: s + t.peek16(s + 2)).glyphs(limit: glyphCount, units: &units)
                let setCount = min(t.peek16(s + 4), coverage.count)
                for setIndex in 0..<setCount {
                    let set = s + t.peek16(s + 6 + setIndex * 2)
                    for ligatureIndex in 0..<min(t.peek16(set), t.count / 2) {
                        guard units > 0 else { return nil }
                        let ligature = set + t.peek16(set + 2 + ligatureIndex * 2)
                        mark(t.peek16(ligature + 2) >= 2 ? t.peek16(ligature + 4) : coverage[setIndex])
                    }
                }
            case 5, 6:
                guard markContextTriggers(s, chained: lookup.type == 6, glyphCount: glyphCount, units: &units,
                                          mark: set) else { return nil }
            default:
                break  // type 3 (alternates) and 8 (reverse chaining) are not applied
            }
            guard units > 0 else { return nil }
        }
        return marked.indices.filter { marked[$0] }
    }

    /// `triggerGlyphs` for one contextual subtable: per rule, the smallest set among its positions, passed to `set`.
    /// False when the format is not known or `units` ran out.
    private func markContextTriggers(_ s: Int, chained: Bool, glyphCount: Int, units: inout Int,
                                     mark set: ([Int]) -> Void) -> Bool {
        let t = table
        func mark(_ glyphs: [Int]) {
            units -= glyphs.count
            set(glyphs)
        }
        switch t.peek16(s) {
        case 1:
            // Glyph sequences: any listed glyph other than the first is a single glyph every match needs.
            let coverage = Coverage(t, at: s + t.peek16(s + 2)).glyphs(limit: glyphCount, units: &units)
            for setIndex in 0..<min(t.peek16(s + 4), coverage.count) {
                let setOffset = t.peek16(s + 6 + setIndex * 2)
                guard setOffset != 0 else { continue }
                let set = s + setOffset
                for ruleIndex in 0..<min(t.peek16(set), t.count / 2) {
                    units -= 1
                    guard units > 0 else { return false }
                    let rule = FontShaper.rule(t, at: set + t.peek16(set + 2 + ruleIndex * 2), chained: chained, firstInputListed: false)
                    if rule.inputCount >= 2 { mark([t.peek16(rule.input)]) }
                    else if rule.lookahead.count > 0 { mark([t.peek16(rule.lookahead.at)]) }
                    else if rule.backtrack.count > 0 { mark([t.peek16(rule.backtrack.at)]) }
                    else { mark([coverage[setIndex]]) }
                }
            }
            return true
        case 2:
            let coverage = Coverage(t, at: s + t.peek16(s + 2)).glyphs(limit: glyphCount, units: &units)
            let context = ClassContext(t, subtable: s, chained: chained)
            let setsAt = context.ruleSetsAt
            let classes = context.definitions.map { $0.glyphsByClass(limit: glyphCount) }
            units -= classes.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.count } }
            let inputClass = context.input
            for setIndex in 0..<min(t.peek16(setsAt - 2), 4096) {
                let setOffset = t.peek16(setsAt + setIndex * 2)
                guard setOffset != 0 else { continue }
                let set = s + setOffset
                // The first glyph: covered and of this class.
                units -= coverage.count
                guard units > 0 else { return false }
                let firstGlyphs = coverage.filter { inputClass.value(of: $0) == setIndex }
                for ruleIndex in 0..<min(t.peek16(set), t.count / 2) {
                    units -= 1
                    guard units > 0 else { return false }
                    let rule = FontShaper.rule(t, at: set + t.peek16(set + 2 + ruleIndex * 2), chained: chained, firstInputListed: false)
                    var best = firstGlyphs
                    func consider(_ value: Int, _ which: Int) {
                        guard value != 0 else { return }  // class 0 is every glyph not listed: never selective
                        let candidates = classes[which][value] ?? []
                        if candidates.count < best.count { best = candidates }
                    }
                    for k in 0..<min(max(rule.inputCount - 1, 0), 64) { consider(t.peek16(rule.input + k * 2), 1) }
                    for k in 0..<min(rule.lookahead.count, 64) { consider(t.peek16(rule.lookahead.at + k * 2), 2) }
                    for k in 0..<min(rule.backtrack.count, 64) { consider(t.peek16(rule.backtrack.at + k * 2), 0) }
                    mark(best)
                }
            }
            return true
        case 3:
            let rule = FontShaper.rule(t, at: s + 2, chained: chained, firstInputListed: true)
            var offsets: [Int] = []
            for k in 0..<min(rule.inputCount, 64) { offsets.append(s + t.peek16(rule.input + k * 2)) }
            for k in 0..<min(rule.lookahead.count, 64) { offsets.append(s + t.peek16(rule.lookahead.at + k * 2)) }
            for k in 0..<min(rule.backtrack.count, 64) { offsets.append(s + t.peek16(rule.backtrack.at + k * 2)) }
            guard let smallest = offsets.min(by: { Coverage(t, at: $0).count < Coverage(t, at: $1).count }) else { return true }
            mark(Coverage(t, at: smallest).glyphs(limit: glyphCount, units: &units))
            return true
        default:
            return false
        }
    }
}
