// Printable ASCII shaped from tables made when the face is read: the fast path for most of a screen's text.

/// Printable ASCII text in one face, shaped from tables made at load: each character's advance and the kerning
/// between each pair, for text whose every character is in the table (`advances[byte] >= 0`).
///
/// A character is in the table when the face draws it with its own glyph that is not a mark, and no substitution of
/// the face's Latin or default plan can be triggered by its glyph (`ShapingPlan.triggers`): a run of such characters
/// is left as it is by GSUB. The tables exist only when the face's kerning of these glyphs is pairwise — every
/// positioning lookup that may start at one of them is a pair adjustment whose second glyph takes no value record
/// (so each adjacent pair is kerned once), or the face kerns with a `kern` table — and the two plans agree. Then the
/// shaped width of a run is the sum of its advances plus the kerning of each adjacent pair, which is what
/// `FontShaper` gives: `shapedWidth(_:)` is this fast path, and a test compares it with the shaper on every face.
struct ASCIIShaping: @unchecked Sendable {
    // @unchecked: the buffers are the face's frozen arrays, immutable and alive as long as the face.

    /// Per byte, the advance in font units; -1 for a byte not in the table (and for control characters).
    let advances: UnsafeBufferPointer<Int32>
    /// Per pair of bytes in the table (`first << 7 | second`), the kerning between them in font units.
    let kerning: UnsafeBufferPointer<Int32>
    /// The advance of "…" (U+2026) when it may end a run of these characters (the same conditions), else -1; and per
    /// byte the kerning between that character and it (the truncated line's last letter and its ellipsis).
    let ellipsisAdvance: Int32
    let ellipsisKerning: UnsafeBufferPointer<Int32>

    /// The tables of `face`, or nil when its kerning is not pairwise or its plans disagree.
    init?(face: FontFace) {
        let latin = face.plan(for: .latin), common = face.plan(for: .other)
        var glyphs = [Int](repeating: 0, count: 128)
        var advances = [Int32](repeating: -1, count: 128)
        for byte in 0x20...0x7E {
            let glyph = face.glyph(for: UInt32(byte))
            guard glyph != 0, !face.isMark(glyph), !Self.mayTrigger(glyph, latin), !Self.mayTrigger(glyph, common) else {
                continue
            }
            glyphs[byte] = glyph
            advances[byte] = Int32(face.advance(ofGlyph: glyph))
        }
        let inTable = (0..<128).filter { advances[$0] >= 0 }
        guard !inTable.isEmpty else { return nil }
        for plan in [latin, common] where !Self.kernsInPairs(plan, face: face, glyphs: inTable.map { glyphs[$0] }) {
            return nil
        }
        let firsts = inTable.map { glyphs[$0] }
        let ellipsis = face.glyph(for: 0x2026)
        let ellipsisInTable = ellipsis != 0 && !face.isMark(ellipsis) && !Self.mayTrigger(ellipsis, latin)
            && !Self.mayTrigger(ellipsis, common) && Self.kernsInPairs(latin, face: face, glyphs: [ellipsis])
            && Self.kernsInPairs(common, face: face, glyphs: [ellipsis])
        let seconds = firsts + (ellipsisInTable ? [ellipsis] : [])
        let pairs = Self.pairKerning(face, latin, firsts: firsts, seconds: seconds)
        guard latin.positionings.map(\.index) == common.positionings.map(\.index)
                || pairs == Self.pairKerning(face, common, firsts: firsts, seconds: seconds) else { return nil }
        var kerning = [Int32](repeating: 0, count: 128 * 128)
        var ellipsisKerning = [Int32](repeating: 0, count: 128)
        for (i, first) in inTable.enumerated() {
            for (j, second) in inTable.enumerated() { kerning[first << 7 | second] = pairs[i * seconds.count + j] }
            if ellipsisInTable { ellipsisKerning[first] = pairs[i * seconds.count + inTable.count] }
        }
        ellipsisAdvance = ellipsisInTable ? Int32(face.advance(ofGlyph: ellipsis)) : -1
        self.advances = face.arena.freeze(advances)
        self.kerning = face.arena.freeze(kerning)
        self.ellipsisKerning = face.arena.freeze(ellipsisKerning)
    }

    /// The kerning of each pair (first, second) of `firsts` × `seconds` (row by row), in font units: for each of the
    /// plan's positioning lookups, the value of the first subtable that applies to the pair — as
    /// `FontShaper.pairAdjustment` applies them to two glyphs side by side (the lookups are pair adjustments whose
    /// second glyph takes no value: `kernsInPairs`) — or the `kern` table's value.
    static func pairKerning(_ face: FontFace, _ plan: ShapingPlan, firsts: [Int], seconds: [Int]) -> [Int32] {
        var table = [Int32](repeating: 0, count: firsts.count * seconds.count)
        guard let gpos = face.gpos else {
            for (i, first) in firsts.enumerated() {
                for (j, second) in seconds.enumerated() {
                    table[i * seconds.count + j] = Int32(face.kernPairs[UInt32(first) << 16 | UInt32(second)] ?? 0)
                }
            }
            return table
        }
        let t = gpos.table
        var secondIndices = [Int: [Int]]()
        for (j, second) in seconds.enumerated() { secondIndices[second, default: []].append(j) }
        for planned in plan.positionings {
            let lookup = face.positioningLookups[Int(planned.index)]
            guard lookup.type == 2, firsts.contains(where: { lookup.mayStart(at: $0) }) else { continue }
            var claimed = [Bool](repeating: false, count: table.count)
            for subtable in lookup.subtables {
                let s = Int(subtable)
                let coverage = Coverage(t, at: s + t.peek16(s + 2))
                let format1 = t.peek16(s + 4), format2 = t.peek16(s + 6)
                let size1 = FontShaper.valueSize(format1), size2 = FontShaper.valueSize(format2)
                let advance = FontShaper.advanceOffset(format1)
                func value(_ record: Int) -> Int32 { advance.map { Int32(t.peekSigned16(record + $0)) } ?? 0 }
                switch t.peek16(s) {
                case 1:
                    let stride = 2 + size1 + size2
                    for (i, first) in firsts.enumerated() {
                        guard let index = coverage.index(of: first), index < t.peek16(s + 8) else { continue }
                        let set = s + t.peek16(s + 10 + index * 2)
                        for r in 0..<min(t.peek16(set), t.count / 2) {
                            let record = set + 2 + r * stride
                            for j in secondIndices[t.peek16(record)] ?? [] where !claimed[i * seconds.count + j] {
                                claimed[i * seconds.count + j] = true
                                table[i * seconds.count + j] += value(record + 2)
                            }
                        }
                    }
                case 2:
                    let classes1 = ClassDefinition(t, at: s + t.peek16(s + 8))
                    let classes2 = ClassDefinition(t, at: s + t.peek16(s + 10))
                    let class1Count = t.peek16(s + 12), class2Count = t.peek16(s + 14)
                    let secondClasses = seconds.map { classes2.value(of: $0) }
                    for (i, first) in firsts.enumerated() {
                        guard coverage.index(of: first) != nil else { continue }
                        let class1 = classes1.value(of: first)
                        guard class1 < class1Count else { continue }
                        for j in seconds.indices where secondClasses[j] < class2Count && !claimed[i * seconds.count + j] {
                            claimed[i * seconds.count + j] = true
                            let record = s + 16 + (class1 * class2Count + secondClasses[j]) * (size1 + size2)
                            table[i * seconds.count + j] += value(record)
                        }
                    }
                default:
                    break
                }
            }
        }
        return table
    }

    /// Whether a glyph sets a trigger bit of the plan (some substitution may change a run holding it).
    private static func mayTrigger(_ glyph: Int, _ plan: ShapingPlan) -> Bool {
        let words = plan.triggerWords
        guard words > 0, (glyph + 1) * words <= plan.triggers.count else { return false }
        return (0..<words).contains { plan.triggers[glyph * words + $0] != 0 }
    }

    /// Whether every positioning lookup of the plan that may start at one of `glyphs` kerns pairs only: a pair
    /// adjustment without a second value record, whose flag skips no base glyph or ligature.
    private static func kernsInPairs(_ plan: ShapingPlan, face: FontFace, glyphs: [Int]) -> Bool {
        guard let gpos = face.gpos else { return true }
        for planned in plan.positionings {
            let lookup = face.positioningLookups[Int(planned.index)]
            guard glyphs.contains(where: { lookup.mayStart(at: $0) }) else { continue }
            guard lookup.type == 2, lookup.flag & 0x06 == 0 else { return false }
            for subtable in lookup.subtables {
                let s = Int(subtable)
                let format = gpos.table.peek16(s)
                guard format == 1 || format == 2, gpos.table.peek16(s + 6) == 0 else { return false }
            }
        }
        return true
    }

    /// The shaped width of `bytes` on one line (font units), or nil when a byte is not in the table.
    /// - Complexity: O(n).
    @inline(__always)
    func shapedWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var total = 0
        var previous = -1
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            let advance = advances[Int(byte)]
            guard advance >= 0 else { return nil }
            total += Int(advance)
            if previous >= 0 { total += Int(kerning[previous << 7 | Int(byte)]) }
            previous = Int(byte)
        }
        return total
    }
}
