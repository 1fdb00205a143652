// GSUB's glyph substitutions and the contextual rules GSUB and GPOS share.

extension FontShaper {
    // MARK: - GSUB 1, 2, 4

    mutating func singleSubstitution(_ b: FontTable, _ s: Int, at i: Int) -> Int? {
        let glyph = Int(infos[i].glyph)
        guard let index = Coverage(b, at: s + b.peek16(s + 2)).index(of: glyph) else { return nil }
        let replacement: Int
        switch b.peek16(s) {
        case 1: replacement = (glyph + b.peek16(s + 4)) & 0xFFFF
        case 2:
            guard index < b.peek16(s + 4) else { return nil }
            replacement = b.peek16(s + 6 + index * 2)
        default: return nil
        }
        infos[i].glyph = Int32(replacement)
        noteTriggers(replacement)
        return i + 1
    }

    mutating func multipleSubstitution(_ b: FontTable, _ s: Int, at i: Int) -> Int? {
        guard b.peek16(s) == 1, let index = Coverage(b, at: s + b.peek16(s + 2)).index(of: Int(infos[i].glyph)),
              index < b.peek16(s + 4) else { return nil }
        let sequence = s + b.peek16(s + 6 + index * 2)
        let count = min(b.peek16(sequence), b.count / 2)
        guard infos.count + count - 1 <= growthLimit else { return nil }
        let original = infos[i]
        var replacement: [GlyphInfo] = []
        replacement.reserveCapacity(count)
        for k in 0..<count {
            var info = original
            info.glyph = Int32(b.peek16(sequence + 2 + k * 2))
            replacement.append(info)
            noteTriggers(Int(info.glyph))
        }
        infos.replaceSubrange(i...i, with: replacement)
        return i + count
    }

    mutating func ligatureSubstitution(_ b: FontTable, _ s: Int, at i: Int, _ context: MatchContext) -> Int? {
        guard b.peek16(s) == 1, let index = Coverage(b, at: s + b.peek16(s + 2)).index(of: Int(infos[i].glyph)),
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
            var isMatch = true
            for component in 1..<components {
                let expected = b.peek16(ligature + 2 + component * 2)
                guard let k = step(from: j, forward: true, context, isInput: true, { $0 == expected }) else {
                    isMatch = false
                    break
                }
                matched.append(k)
                j = k
            }
            guard isMatch else { continue }
            let glyph = b.peek16(ligature)
            infos[i].glyph = Int32(glyph)
            noteTriggers(glyph)
            if let last = matched.last {
                var cluster = infos[i].cluster
                for k in i...last { cluster = min(cluster, infos[k].cluster) }
                for k in i...last { infos[k].cluster = cluster }
            }
            for k in matched.reversed() { infos.remove(at: k) }
            return i + 1
        }
        return nil
    }

    // MARK: - Contexts (GSUB 5, 6; GPOS 7, 8)

    /// How a rule names glyphs: glyph IDs (format 1), classes (format 2), or coverage tables (format 3).
    enum Matcher {
        case glyphs
        case classes(ClassDefinition)
        case coverages

        @inline(__always)
        func matches(_ value: Int, glyph: Int, table: FontTable, base: Int) -> Bool {
            switch self {
            case .glyphs: return value == glyph
            case .classes(let definition): return definition.value(of: glyph) == value
            case .coverages: return Coverage(table, at: base + value).index(of: glyph) != nil
            }
        }
    }

    /// A rule's sequences as `rule(_:at:chained:firstInputListed:)` finds them.
    struct Rule {
        var backtrack: (count: Int, at: Int)
        var inputCount: Int
        var input: Int
        var lookahead: (count: Int, at: Int)
        var recordCount: Int
        var records: Int
    }

    /// Where a rule's sequences are: backtrack, input, lookahead (chained rules only have the first and last) and the
    /// nested lookup records. Formats 1 and 2 leave the first input glyph out of the list (the coverage matched it);
    /// format 3 lists a coverage for every input position.
    static func rule(_ b: FontTable, at start: Int, chained: Bool, firstInputListed: Bool) -> Rule {
        var p = start
        var backtrack = (count: 0, at: 0)
        if chained {
            backtrack = (b.peek16(p), p + 2)
            p += 2 + backtrack.count * 2
        }
        let inputCount = b.peek16(p)
        let listed = firstInputListed ? inputCount : max(inputCount - 1, 0)
        guard chained else {
            return Rule(backtrack: backtrack, inputCount: inputCount, input: p + 4, lookahead: (0, 0),
                        recordCount: b.peek16(p + 2), records: p + 4 + listed * 2)
        }
        let input = p + 2
        p = input + listed * 2
        let lookahead = (count: b.peek16(p), at: p + 2)
        p += 2 + lookahead.count * 2
        return Rule(backtrack: backtrack, inputCount: inputCount, input: input, lookahead: lookahead,
                    recordCount: b.peek16(p), records: p + 2)
    }

    mutating func contextual(_ b: FontTable, _ s: Int, at i: Int, _ context: MatchContext, layout: OpenTypeLayout,
                             chained: Bool, depth: Int) -> Int? {
        let glyph = Int(infos[i].glyph)
        let format = b.peek16(s)
        switch format {
        case 1, 2:
            guard let coverageIndex = Coverage(b, at: s + b.peek16(s + 2)).index(of: glyph) else { return nil }
            var matchers = (Matcher.glyphs, Matcher.glyphs, Matcher.glyphs)
            var setIndex = coverageIndex
            var setsAt = s + 6
            if format == 2 {
                let context = ClassContext(b, subtable: s, chained: chained)
                matchers = (.classes(context.backtrack), .classes(context.input), .classes(context.lookahead))
                setsAt = context.ruleSetsAt
                setIndex = context.input.value(of: glyph)
            }
            guard setIndex < b.peek16(setsAt - 2) else { return nil }
            let setOffset = b.peek16(setsAt + setIndex * 2)
            guard setOffset != 0 else { return nil }
            let set = s + setOffset
            let ruleCount = min(b.peek16(set), b.count / 2)
            for ruleIndex in 0..<ruleCount {
                let rule = Self.rule(b, at: set + b.peek16(set + 2 + ruleIndex * 2), chained: chained, firstInputListed: false)
                guard rule.inputCount >= 1 else { continue }
                if let end = applyRule(b, base: s, at: i, context, rule: rule, inputAt: rule.input,
                                       matchers: matchers, layout: layout, depth: depth) {
                    return end
                }
            }
            return nil
        case 3:
            let rule = Self.rule(b, at: s + 2, chained: chained, firstInputListed: true)
            guard rule.inputCount >= 1, Coverage(b, at: s + b.peek16(rule.input)).index(of: glyph) != nil else { return nil }
            return applyRule(b, base: s, at: i, context, rule: rule, inputAt: rule.input + 2,
                             matchers: (.coverages, .coverages, .coverages), layout: layout, depth: depth)
        default:
            return nil
        }
    }

    /// Matches one rule at `i` (its first input glyph already matched; the rest listed at `inputAt`) and applies its
    /// nested lookups; returns the position after the input sequence, or nil when the rule does not match.
    private mutating func applyRule(_ b: FontTable, base: Int, at i: Int, _ context: MatchContext, rule: Rule, inputAt: Int,
                                    matchers: (Matcher, Matcher, Matcher), layout: OpenTypeLayout, depth: Int) -> Int? {
        let inputCount = rule.inputCount - 1
        // A rule lists at least its first input glyph; a count of 0 (a broken table) matches nothing.
        guard inputCount >= 0, rule.backtrack.count <= 64, inputCount <= 64, rule.lookahead.count <= 64 else { return nil }
        var positions = [i]
        var j = i
        for k in 0..<inputCount {
            let value = b.peek16(inputAt + k * 2)
            guard let n = step(from: j, forward: true, context, isInput: true, {
                matchers.1.matches(value, glyph: $0, table: b, base: base)
            }) else { return nil }
            positions.append(n)
            j = n
        }
        var back = i
        for k in 0..<rule.backtrack.count {
            let value = b.peek16(rule.backtrack.at + k * 2)
            guard let n = step(from: back, forward: false, context, isInput: false, {
                matchers.0.matches(value, glyph: $0, table: b, base: base)
            }) else { return nil }
            back = n
        }
        var ahead = j
        for k in 0..<rule.lookahead.count {
            let value = b.peek16(rule.lookahead.at + k * 2)
            guard let n = step(from: ahead, forward: true, context, isInput: false, {
                matchers.2.matches(value, glyph: $0, table: b, base: base)
            }) else { return nil }
            ahead = n
        }
        guard depth < Self.maxDepth else { return j + 1 }
        var end = j + 1
        let lookups = layout.isPositioning ? face.positioningLookups : face.substitutionLookups
        for r in 0..<min(rule.recordCount, 64) {
            let sequenceIndex = b.peek16(rule.records + r * 4)
            let lookupIndex = b.peek16(rule.records + r * 4 + 2)
            guard sequenceIndex < positions.count, lookupIndex < lookups.count else { continue }
            let before = infos.count
            let nested = lookups[lookupIndex]
            var nestedContext = context
            nestedContext.flag = nested.flag
            _ = apply(nested, nestedContext, in: layout, at: positions[sequenceIndex], depth: depth + 1)
            let delta = infos.count - before
            if delta != 0 {
                let changed = positions[sequenceIndex]
                for p in positions.indices where positions[p] > changed { positions[p] += delta }
                end += delta
            }
        }
        return min(max(end, i + 1), infos.count)
    }
}
