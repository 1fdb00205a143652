// UAX #9 rules X1–I2 for one paragraph (the levels `BidiParagraph` reports).

/// Resolves the embedding levels of one paragraph: explicit levels and directions (X1–X8), the removal of
/// formatting characters (X9), isolating run sequences (X10, BD13), then weak types (W1–W7), paired brackets
/// (N0), neutrals (N1, N2) and implicit levels (I1, I2) in each sequence.
struct BidiResolver {
    /// Classes as given.
    let original: [BidiClass]
    let codepoints: [UInt32]
    let baseLevel: UInt8
    /// Classes as the rules change them.
    var types: [BidiClass]
    var levels: [UInt8]
    /// For each isolate initiator, the index of its matching PDI (or `count` when it has none); -1 elsewhere.
    let matchingPDI: [Int]

    init(classes: [BidiClass], codepoints: [UInt32], baseLevel: UInt8) {
        original = classes
        self.codepoints = codepoints
        self.baseLevel = baseLevel
        types = classes
        levels = Array(repeating: baseLevel, count: classes.count)
        matchingPDI = Self.matchingPDIs(classes)
    }

    // MARK: BD9 and P2

    /// BD9: each isolate initiator's matching PDI (`count` when unmatched); -1 for every other character.
    static func matchingPDIs(_ classes: [BidiClass]) -> [Int] {
        var matching = Array(repeating: -1, count: classes.count)
        var open: [Int] = []
        for (i, type) in classes.enumerated() {
            if type.isIsolateInitiator {
                matching[i] = classes.count
                open.append(i)
            } else if type == .popDirectionalIsolate, let initiator = open.popLast() {
                matching[initiator] = i
            } else if type == .paragraphSeparator {
                open.removeAll()
            }
        }
        return matching
    }

    /// P2: the direction of the first L, R or AL in `from ..< to`, skipping isolates (to their matching PDI);
    /// nil when there is none.
    static func firstStrong(_ classes: [BidiClass], from: Int, to: Int, matchingPDI: [Int]) -> WritingDirection? {
        var i = from
        while i < to {
            switch classes[i] {
            case .leftToRight: return .leftToRight
            case .rightToLeft, .arabicLetter: return .rightToLeft
            case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate:
                i = matchingPDI[i]
                continue  // the PDI itself is neutral; skip past it on the next step
            case .paragraphSeparator: return nil
            default: break
            }
            i += 1
        }
        return nil
    }

    // MARK: X1–X8

    private struct Status {
        var level: UInt8
        var override: BidiClass?  // .leftToRight, .rightToLeft or nil (neutral)
        var isolate: Bool
    }

    /// X1–X8: explicit levels, overrides and isolates.
    mutating func resolveExplicit() {
        let maxDepth = UInt8(BidiParagraph.maxDepth)
        var stack: [Status] = [Status(level: baseLevel, override: nil, isolate: false)]
        stack.reserveCapacity(Int(maxDepth) + 2)
        var overflowIsolates = 0, overflowEmbeddings = 0, validIsolates = 0
        func leastOdd(above level: UInt8) -> UInt8 { (level + 1) | 1 }
        func leastEven(above level: UInt8) -> UInt8 { (level + 2) & ~1 }
        for i in original.indices {
            let type = original[i]
            // stack is never empty: the first entry is never popped (pops check count > 1 / isolate entries).
            let top = stack[stack.count - 1]
            switch type {
            case .rightToLeftEmbedding, .leftToRightEmbedding, .rightToLeftOverride, .leftToRightOverride:
                // X2–X5.
                let rtl = type == .rightToLeftEmbedding || type == .rightToLeftOverride
                let level = rtl ? leastOdd(above: top.level) : leastEven(above: top.level)
                levels[i] = top.level
                if level <= maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    let override: BidiClass? = type == .rightToLeftOverride ? .rightToLeft
                        : type == .leftToRightOverride ? .leftToRight : nil
                    stack.append(Status(level: level, override: override, isolate: false))
                } else if overflowIsolates == 0 {
                    overflowEmbeddings += 1
                }
            case .rightToLeftIsolate, .leftToRightIsolate, .firstStrongIsolate:
                // X5a–X5c.
                levels[i] = top.level
                if let o = top.override { types[i] = o }
                var rtl = type == .rightToLeftIsolate
                if type == .firstStrongIsolate {
                    let end = min(matchingPDI[i], original.count)
                    rtl = Self.firstStrong(original, from: i + 1, to: end, matchingPDI: matchingPDI) == .rightToLeft
                }
                let level = rtl ? leastOdd(above: top.level) : leastEven(above: top.level)
                if level <= maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    validIsolates += 1
                    stack.append(Status(level: level, override: nil, isolate: true))
                } else {
                    overflowIsolates += 1
                }
            case .popDirectionalIsolate:
                // X6a.
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                } else if validIsolates > 0 {
                    overflowEmbeddings = 0
                    while let last = stack.last, !last.isolate, stack.count > 1 { stack.removeLast() }
                    if stack.count > 1 { stack.removeLast() }
                    validIsolates -= 1
                }
                let now = stack[stack.count - 1]
                levels[i] = now.level
                if let o = now.override { types[i] = o }
            case .popDirectionalFormat:
                // X7.
                levels[i] = top.level
                if overflowIsolates > 0 {
                } else if overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                } else if !top.isolate && stack.count >= 2 {
                    stack.removeLast()
                }
            case .paragraphSeparator:
                // X8 (a separator ends the paragraph; one inside is given the paragraph level).
                levels[i] = baseLevel
            case .boundaryNeutral:
                // X9 removes it; its level is where it is drawn.
                levels[i] = top.level
            default:
                // X6.
                levels[i] = top.level
                if let o = top.override { types[i] = o }
            }
        }
    }

    // MARK: X9, X10

    /// X10 (BD13): the isolating run sequences, each a list of character indices (removed characters left out).
    func isolatingRunSequences() -> [[Int]] {
        // Level runs over the characters X9 keeps.
        var runs: [[Int]] = []
        var current: [Int] = []
        var currentLevel: UInt8 = 0
        for i in original.indices where !original[i].isRemovedByX9 {
            if current.isEmpty || levels[i] != currentLevel {
                if !current.isEmpty { runs.append(current) }
                current = [i]
                currentLevel = levels[i]
            } else {
                current.append(i)
            }
        }
        if !current.isEmpty { runs.append(current) }
        // Chain runs: a run ending in an isolate initiator continues with the run starting at its matching PDI
        // (always a later run, so one pass in order sees every chain from its start).
        var runStartingAt: [Int: Int] = [:]
        for (k, run) in runs.enumerated() { runStartingAt[run[0]] = k }
        var chained = Array(repeating: false, count: runs.count)
        var sequences: [[Int]] = []
        for k in runs.indices where !chained[k] {
            var sequence = runs[k]
            var last = sequence[sequence.count - 1]
            while original[last].isIsolateInitiator, matchingPDI[last] < original.count,
                  let following = runStartingAt[matchingPDI[last]], !chained[following], following > k {
                chained[following] = true
                sequence += runs[following]
                last = runs[following][runs[following].count - 1]
            }
            sequences.append(sequence)
        }
        return sequences
    }

    // MARK: Whole paragraph

    /// Runs every rule from X1 to I2.
    mutating func resolve() {
        guard !original.isEmpty else { return }
        resolveExplicit()
        let explicit = levels
        for sequence in isolatingRunSequences() {
            resolve(sequence, explicit: explicit)
        }
        // Removed characters are drawn at the level of the character before them.
        var previous = baseLevel
        for i in original.indices {
            if original[i].isRemovedByX9 { levels[i] = previous } else { previous = levels[i] }
        }
    }

    /// W1–I2 for one isolating run sequence (`explicit`: every character's level after X1–X8, before any
    /// sequence's implicit levels).
    private mutating func resolve(_ sequence: [Int], explicit: [UInt8]) {
        let first = sequence[0], last = sequence[sequence.count - 1]
        let level = levels[first]
        // sos and eos: the higher of this level and the neighbouring (non-removed) character's level.
        var before = first - 1
        while before >= 0 && original[before].isRemovedByX9 { before -= 1 }
        let levelBefore = before >= 0 ? explicit[before] : baseLevel
        var after = last + 1
        while after < original.count && original[after].isRemovedByX9 { after += 1 }
        let endsInIsolate = original[last].isIsolateInitiator
        let levelAfter = after < original.count && !endsInIsolate ? explicit[after] : baseLevel
        let sos: BidiClass = max(level, levelBefore) & 1 == 1 ? .rightToLeft : .leftToRight
        let eos: BidiClass = max(level, levelAfter) & 1 == 1 ? .rightToLeft : .leftToRight
        let embedding: BidiClass = level & 1 == 1 ? .rightToLeft : .leftToRight
        var t = sequence.map { types[$0] }
        let n = t.count

        // W1: NSM takes the type of the character before it (ON after an isolate initiator or PDI).
        for k in 0..<n where t[k] == .nonspacingMark {
            if k == 0 { t[k] = sos } else {
                let p = t[k - 1]
                t[k] = p.isIsolateInitiator || p == .popDirectionalIsolate ? .otherNeutral : p
            }
        }
        // W2: EN after AL (the last strong type) becomes AN. W3: AL becomes R.
        var lastStrong = sos
        for k in 0..<n {
            switch t[k] {
            case .leftToRight, .rightToLeft, .arabicLetter: lastStrong = t[k]
            case .europeanNumber where lastStrong == .arabicLetter: t[k] = .arabicNumber
            default: break
            }
        }
        for k in 0..<n where t[k] == .arabicLetter { t[k] = .rightToLeft }
        // W4: one ES between ENs, one CS between ENs or between ANs.
        if n >= 3 {
            for k in 1..<(n - 1) {
                if t[k] == .europeanSeparator && t[k - 1] == .europeanNumber && t[k + 1] == .europeanNumber {
                    t[k] = .europeanNumber
                } else if t[k] == .commonSeparator && t[k - 1] == t[k + 1]
                            && (t[k - 1] == .europeanNumber || t[k - 1] == .arabicNumber) {
                    t[k] = t[k - 1]
                }
            }
        }
        // W5: ETs next to an EN become EN.
        var k = 0
        while k < n {
            guard t[k] == .europeanTerminator else { k += 1; continue }
            var end = k
            while end < n && t[end] == .europeanTerminator { end += 1 }
            if (k > 0 && t[k - 1] == .europeanNumber) || (end < n && t[end] == .europeanNumber) {
                for j in k..<end { t[j] = .europeanNumber }
            }
            k = end
        }
        // W6: other separators and terminators become ON.
        for k in 0..<n where t[k] == .europeanSeparator || t[k] == .europeanTerminator || t[k] == .commonSeparator {
            t[k] = .otherNeutral
        }
        // W7: EN after L (the last strong type) becomes L.
        lastStrong = sos
        for k in 0..<n {
            switch t[k] {
            case .leftToRight, .rightToLeft: lastStrong = t[k]
            case .europeanNumber where lastStrong == .leftToRight: t[k] = .leftToRight
            default: break
            }
        }
        // N0: paired brackets.
        resolveBrackets(sequence, &t, sos: sos, embedding: embedding)
        // N1, N2: runs of neutrals take the direction around them when it is the same, else the embedding's.
        func strongDirection(_ type: BidiClass) -> BidiClass? {
            switch type {
            case .leftToRight: return .leftToRight
            case .rightToLeft, .europeanNumber, .arabicNumber: return .rightToLeft
            default: return nil
            }
        }
        k = 0
        while k < n {
            guard t[k].isNeutralOrIsolate else { k += 1; continue }
            var end = k
            while end < n && t[end].isNeutralOrIsolate { end += 1 }
            let leading = k > 0 ? strongDirection(t[k - 1]) ?? embedding : sos
            let trailing = end < n ? strongDirection(t[end]) ?? embedding : eos
            let resolved = leading == trailing ? leading : embedding
            for j in k..<end { t[j] = resolved }
            k = end
        }
        // I1, I2.
        for (k, i) in sequence.enumerated() {
            let l = levels[i]
            if l & 1 == 0 {
                if t[k] == .rightToLeft { levels[i] = l + 1 } else if t[k] == .arabicNumber || t[k] == .europeanNumber { levels[i] = l + 2 }
            } else if t[k] == .leftToRight || t[k] == .europeanNumber || t[k] == .arabicNumber {
                levels[i] = l + 1
            }
            types[i] = t[k]
        }
    }

    // MARK: N0

    /// The opening bracket a code point closes, with U+2329/U+232A as their canonical equivalents U+3008/U+3009.
    private static func canonicalBracket(_ value: UInt32) -> UInt32 {
        value == 0x2329 ? 0x3008 : value == 0x232A ? 0x3009 : value
    }

    /// BD16 and N0 for one sequence (`t`: its types after W1–W7).
    private func resolveBrackets(_ sequence: [Int], _ t: inout [BidiClass], sos: BidiClass, embedding: BidiClass) {
        let opening = BidiData.openingBrackets, closing = BidiData.closingBrackets
        // BD16: pairs, by a stack of at most 63 openings.
        var stack: [(closer: UInt32, position: Int)] = []
        var pairs: [(open: Int, close: Int)] = []
        scan: for (k, i) in sequence.enumerated() where t[k] == .otherNeutral {
            let value = Self.canonicalBracket(codepoints[i])
            if let o = opening.firstIndex(of: value) {
                if stack.count == 63 { break scan }
                stack.append((Self.canonicalBracket(closing[o]), k))
            } else if closing.contains(value) {
                if let depth = stack.lastIndex(where: { $0.closer == value }) {
                    pairs.append((stack[depth].position, k))
                    stack.removeSubrange(depth...)
                }
            }
        }
        guard !pairs.isEmpty else { return }
        pairs.sort { $0.open < $1.open }
        func direction(_ type: BidiClass) -> BidiClass? {
            switch type {
            case .leftToRight: return .leftToRight
            case .rightToLeft, .europeanNumber, .arabicNumber: return .rightToLeft
            default: return nil
            }
        }
        let opposite: BidiClass = embedding == .leftToRight ? .rightToLeft : .leftToRight
        for pair in pairs {
            var sawEmbedding = false, sawOpposite = false
            for k in (pair.open + 1)..<pair.close {
                if let d = direction(t[k]) { if d == embedding { sawEmbedding = true } else { sawOpposite = true } }
            }
            var resolved: BidiClass?
            if sawEmbedding {
                resolved = embedding  // N0 b
            } else if sawOpposite {
                // N0 c: the context before the opening bracket decides.
                var context = sos
                var k = pair.open - 1
                while k >= 0 {
                    if let d = direction(t[k]) { context = d; break }
                    k -= 1
                }
                resolved = context == opposite ? opposite : embedding
            }
            guard let resolved else { continue }  // N0 d: no strong type inside
            t[pair.open] = resolved
            t[pair.close] = resolved
            // NSMs that followed a bracket originally take its new type.
            for bracket in [pair.open, pair.close] {
                var k = bracket + 1
                while k < t.count && original[sequence[k]] == .nonspacingMark {
                    t[k] = resolved
                    k += 1
                }
            }
        }
    }
}
