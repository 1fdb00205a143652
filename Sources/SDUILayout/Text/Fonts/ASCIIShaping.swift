// Printable ASCII shaped from tables made when the face is read: the fast path for most of a screen's text.

/// Printable ASCII text in one face, shaped from tables made at load: each character's advance and the kerning
/// between each pair, for a text whose every character is in the table (`advances[byte] >= 0`) and which no
/// substitution can change (`leavesUnchanged(_:)`).
///
/// A character is in the table when the face draws it with its own glyph that is not a mark, and no substitution of
/// the face's Latin or default plan can change a text merely for holding it (`ASCIISubstitutionGate.forbidden`). Other
/// substitutions need several characters together (a contextual alternate's context, a ligature's components): a
/// text lacking one of them is left as it is by GSUB (`ASCIISubstitutionGate`). The tables exist only when the
/// face's kerning of these glyphs is pairwise — every positioning lookup that may start at one of them is a pair
/// adjustment whose second glyph takes no value record (so each adjacent pair is kerned once), or the face kerns with
/// a `kern` table — and the two plans agree. Then the shaped width of such a text is the sum of its advances plus the
/// kerning of each adjacent pair, which is what `FontShaper` gives: `shapedWidth(_:)` is this fast path, and a test
/// compares it with the shaper on every face.
struct ASCIIShaping: @unchecked Sendable {
    // @unchecked: the buffers are the face's frozen arrays, immutable and alive as long as the face.

    /// Per byte, the advance in font units; -1 for a byte not in the table (and for control characters).
    let advances: UnsafeBufferPointer<Int32>
    /// Per pair of bytes (`first << 7 | second`), the kerning between them in font units: every printable character
    /// whose glyph kerns in pairs, those out of `advances` (a substitution may change a text holding them) included.
    let kerning: UnsafeBufferPointer<Int32>
    /// The advance of "…" (U+2026) when it may end a run of these characters (the same conditions), else -1; and per
    /// byte the kerning between that character and it (the truncated line's last letter and its ellipsis).
    let ellipsisAdvance: Int32
    let ellipsisKerning: UnsafeBufferPointer<Int32>
    /// Per glyph, the byte whose glyph it is when the pair table holds it (its kerning is pairwise), else 0.
    private let byteOfGlyph: UnsafeBufferPointer<UInt8>
    /// The gate's requirements of several positions, flattened: the positions' sets, and where each requirement's
    /// positions end.
    private let requirementPositions: UnsafeBufferPointer<ASCIISet>
    private let requirementEnds: UnsafeBufferPointer<Int32>

    /// The tables of `face`, or nil when its kerning is not pairwise, its plans disagree or its substitutions cannot
    /// be analysed.
    init?(face: FontFace) {
        let latin = face.plan(for: .latin), common = face.plan(for: .other)
        var characters: [(bit: Int, glyph: Int)] = []
        for byte in 0x20...0x7E {
            let glyph = face.glyph(for: UInt32(byte))
            if glyph != 0 && !face.isMark(glyph) { characters.append((byte, glyph)) }
        }
        let ellipsis = face.glyph(for: 0x2026)
        if ellipsis != 0 && !face.isMark(ellipsis) { characters.append((ASCIISet.ellipsis, ellipsis)) }
        guard let gate = ASCIISubstitutionGate(face: face, plans: [latin, common], characters: characters) else {
            return nil
        }
        // Pairs are tabled for every character whose kerning is pairwise; advances for those no substitution forbids.
        var glyphs = [Int](repeating: 0, count: 128)
        var advances = [Int32](repeating: -1, count: 128)
        var kernable: [Int] = []
        var byteOfGlyph = [UInt8](repeating: 0, count: face.glyphCount)
        for (byte, glyph) in characters where byte != ASCIISet.ellipsis
            && Self.kernsInPairs(latin, face: face, glyphs: [glyph]) && Self.kernsInPairs(common, face: face, glyphs: [glyph]) {
            glyphs[byte] = glyph
            kernable.append(byte)
            if byteOfGlyph[glyph] == 0 { byteOfGlyph[glyph] = UInt8(byte) }
            if !gate.forbidden.contains(byte) { advances[byte] = Int32(face.advance(ofGlyph: glyph)) }
        }
        guard advances.contains(where: { $0 >= 0 }) else { return nil }
        let firsts = kernable.map { glyphs[$0] }
        let ellipsisInTable = characters.contains { $0.bit == ASCIISet.ellipsis } && !gate.forbidden.contains(ASCIISet.ellipsis)
            && Self.kernsInPairs(latin, face: face, glyphs: [ellipsis]) && Self.kernsInPairs(common, face: face, glyphs: [ellipsis])
        let seconds = firsts + (ellipsisInTable ? [ellipsis] : [])
        let pairs = Self.pairKerning(face, latin, firsts: firsts, seconds: seconds)
        guard latin.positionings.map(\.index) == common.positionings.map(\.index)
                || pairs == Self.pairKerning(face, common, firsts: firsts, seconds: seconds) else { return nil }
        var kerning = [Int32](repeating: 0, count: 128 * 128)
        var ellipsisKerning = [Int32](repeating: 0, count: 128)
        for (i, first) in kernable.enumerated() {
            for (j, second) in kernable.enumerated() { kerning[first << 7 | second] = pairs[i * seconds.count + j] }
            if ellipsisInTable { ellipsisKerning[first] = pairs[i * seconds.count + kernable.count] }
        }
        self.byteOfGlyph = face.arena.freeze(byteOfGlyph)
        ellipsisAdvance = ellipsisInTable ? Int32(face.advance(ofGlyph: ellipsis)) : -1
        self.advances = face.arena.freeze(advances)
        self.kerning = face.arena.freeze(kerning)
        self.ellipsisKerning = face.arena.freeze(ellipsisKerning)
        requirementPositions = face.arena.freeze(gate.requirements.flatMap { $0 })
        var ends: [Int32] = []
        for positions in gate.requirements { ends.append(Int32((ends.last ?? 0) + Int32(positions.count))) }
        requirementEnds = face.arena.freeze(ends)
    }

    /// The kerning between two glyphs in a Latin or common run (font units), when both are in the pair table.
    @inline(__always)
    func kerning(_ first: Int, _ second: Int) -> Int32? {
        guard first >= 0, second >= 0, first < byteOfGlyph.count, second < byteOfGlyph.count else { return nil }
        let a = byteOfGlyph[first], b = byteOfGlyph[second]
        guard a != 0, b != 0 else { return nil }
        return kerning[Int(a) << 7 | Int(b)]
    }

    /// Whether no substitution can change a text holding exactly the characters of `set` (each in the table):
    /// for every requirement of the gate, the text lacks the characters of one of its positions.
    /// - Complexity: O(r) for r positions of requirements (a handful for most faces).
    @inline(__always)
    func leavesUnchanged(_ set: ASCIISet) -> Bool {
        var start = 0
        for end in requirementEnds {
            var met = true
            for k in start..<Int(end) where !requirementPositions[k].intersects(set) {
                met = false
                break
            }
            if met { return false }
            start = Int(end)
        }
        return true
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

    /// The shaped width of `bytes` on one line (font units), or nil when a byte is not in the table or the text is
    /// one a substitution may change.
    /// - Complexity: O(n).
    func shapedWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let units = widthFromTables(bytes), leavesUnchanged(ASCIISet.of(bytes)) else { return nil }
        return units
    }

    /// The shaped width of `bytes` followed by "…" on one line (font units), or nil when "…" or a byte is not in the
    /// table or the text is one a substitution may change.
    func ellipsizedWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard ellipsisAdvance >= 0 else { return nil }
        var set = ASCIISet.of(bytes)
        set.insert(ASCIISet.ellipsis)
        guard let units = widthFromTables(bytes), leavesUnchanged(set) else { return nil }
        return units + Int(ellipsisAdvance) + (bytes.last.map { Int(ellipsisKerning[Int($0)]) } ?? 0)
    }

    /// The width of `bytes` from the tables, whatever the gate says; nil when a byte is not in the table.
    @inline(__always)
    private func widthFromTables(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var total = 0
        var previous = -1
        for byte in bytes {
            guard byte < 0x80, advances[Int(byte)] >= 0 else { return nil }
            total += Int(advances[Int(byte)])
            if previous >= 0 { total += Int(kerning[previous << 7 | Int(byte)]) }
            previous = Int(byte)
        }
        return total
    }
}
