// Grapheme clusters of any string, read straight from its UTF-8 bytes.

/// Clusters of any string, measured as the renderer draws them.
///
/// Decodes the UTF-8 bytes itself and decides cluster boundaries with a fast test that covers Latin,
/// Greek, Cyrillic, CJK, combining marks and most emoji; where that test cannot tell (regional
/// indicator pairs, Hangul jamo, ZWJ sequences, Indic and other complex scripts) it asks Swift's
/// `String.index(after:)`, so clusters are exactly Swift's `Character`s and nothing splits one.
struct UTF8ClusterSource: TextClusterSource {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The same string, for the slow boundary test.
    let text: String
    let face: TextFace
    var offset = 0
    var usesFallbackFont = false
    /// Arabic joining state: whether the last character read that is not transparent joins the next one (its
    /// joining type is dual, left or join-causing), and where an alef drawn inside the lam-alef ligature of the
    /// cluster before it starts (-1: none).
    private var joinsForward = false
    private var ligatedAlef = -1

    init(bytes: UnsafeBufferPointer<UInt8>, text: String, face: TextFace) {
        self.bytes = bytes
        self.text = text
        self.face = face
    }

    mutating func seek(toUTF8Offset target: Int) {
        // The joining state at `target` depends on the text before it: read the clusters up to it again
        // (only a truncated line seeks, once).
        offset = 0
        joinsForward = false
        ligatedAlef = -1
        var cluster = TextCluster()
        while offset < target && next(into: &cluster) {}
        offset = target
    }

    mutating func next(into cluster: inout TextCluster) -> Bool {
        guard offset < bytes.count else { return false }
        let start = offset
        var (previous, end) = decode(at: start)
        var isSingleScalar = true
        while end < bytes.count {
            let (scalar, after) = decode(at: end)
            switch Self.boundary(previous, scalar) {
            case .split:
                break
            case .join:
                previous = scalar
                end = after
                isSingleScalar = false
                continue
            case .unknown:
                let utf8 = text.utf8
                let index = utf8.index(utf8.startIndex, offsetBy: start)
                let slowEnd = utf8.distance(from: utf8.startIndex, to: text.index(after: index))
                // Never shorter than one scalar (`start` is always a boundary, so this is only a guard).
                end = max(slowEnd, decode(at: start).1)
                isSingleScalar = end == decode(at: start).1
            }
            break
        }
        cluster.start = start
        cluster.end = end
        measure(start, end, isSingleScalar: isSingleScalar, into: &cluster)
        offset = end
        return true
    }

    /// The scalar at a UTF-8 offset and the offset after it (well-formed UTF-8, as in any `String`).
    @inline(__always)
    func decode(at offset: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return (lead, offset + 1) }
        if lead < 0xE0 {
            return ((lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), offset + 2)
        }
        if lead < 0xF0 {
            let value = (lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
            return (value, offset + 3)
        }
        let value = (lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12
            | UInt32(bytes[offset + 2] & 0x3F) << 6 | UInt32(bytes[offset + 3] & 0x3F)
        return (value, offset + 4)
    }

    enum Boundary { case split, join, unknown }

    /// Whether a grapheme cluster boundary (UAX #29) lies between two adjacent scalars, where that is
    /// cheap to know; `.unknown` sends the cluster to `String.index(after:)`.
    @inline(__always)
    static func boundary(_ previous: UInt32, _ next: UInt32) -> Boundary {
        // GB3–GB5: CR LF stays together; controls break on both sides.
        if previous == 0x0D { return next == 0x0A ? .join : .split }
        if previous < 0x20 || (previous >= 0x7F && previous <= 0x9F) || previous == 0xAD { return .split }
        if next < 0x20 || (next >= 0x7F && next <= 0x9F) { return .split }
        // Other controls, ZWJ (GB11), Hangul jamo (GB6–8), flags (GB12/13), prepended marks (GB9b) and
        // supplementary scripts: let the standard library decide.
        switch previous {
        case 0x0600...0x0605, 0x061C, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x0D4E, 0x1100...0x11FF, 0x200B...0x200F,
            0x2028...0x202E, 0x2060...0x206F, 0xA960...0xA97F, 0xD7B0...0xD7FF, 0xFEFF, 0xFFF0...0xFFFB,
            0x1F1E6...0x1F1FF:
            return .unknown
        case 0x10000...0x1EFFF, 0x1FB00...0x10FFFF:
            return .unknown
        default:
            break
        }
        switch next {
        case 0x0300...0x036F, 0x0483...0x0489, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200C, 0x200D, 0x20D0...0x20FF,
            0x302A...0x302F, 0x3099, 0x309A, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xFF9E, 0xFF9F, 0x1F3FB...0x1F3FF,
            0xE0020...0xE007F, 0xE0100...0xE01EF:
            return .join  // GB9: combining marks, ZWJ/ZWNJ, variation selectors, skin tones, tags
        case 0x0591...0x05BD, 0x05BF, 0x05C1, 0x05C2, 0x05C4, 0x05C5, 0x05C7, 0x0610...0x061A, 0x064B...0x065F, 0x0670,
            0x06D6...0x06DC, 0x06DF...0x06E4, 0x06E7, 0x06E8, 0x06EA...0x06ED:
            return .join  // GB9: Hebrew points and accents, Arabic harakat and Quranic marks (all Mn)
        case 0x05BE, 0x05C0, 0x05C3, 0x05C6, 0x05D0...0x05EA, 0x05EF...0x05F4, 0x0606...0x060F, 0x061B...0x064A,
            0x0660...0x066F, 0x0671...0x06D5, 0x06DE, 0x06E5, 0x06E6, 0x06E9, 0x06EE...0x06FF:
            return .split  // GB999: Hebrew and Arabic letters, digits and punctuation never extend a cluster
        case 0xAC00...0xD7A3:
            return .split  // a Hangul syllable after anything but a jamo (those were sent away above)
        case 0x20...0x02FF, 0x0370...0x0482, 0x048A...0x052F, 0x1E00...0x1FFF, 0x2010...0x2027, 0x2030...0x205F,
            0x2070...0x20CF, 0x2100...0x2BFF, 0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF01...0xFF9D, 0x1F000...0x1F1E5, 0x1F200...0x1F3FA,
            0x1F400...0x1FAFF:
            return .split  // GB999: characters that never extend a cluster
        default:
            return .unknown
        }
    }

    /// Width and kind of the cluster `start..<end`.
    ///
    /// An emoji cluster takes the emoji advance. A cluster whose base Inter covers is Inter's
    /// advances of its scalars after composing base + mark pairs Inter has precomposed (as HarfBuzz
    /// does). Otherwise the base takes its fallback advance (CJK 1 em, …) and the rest nothing.
    private mutating func measure(_ start: Int, _ end: Int, isSingleScalar: Bool, into cluster: inout TextCluster) {
        var (value, next) = decode(at: start)
        cluster.kind = TextBreakKind.of(value)
        cluster.startAdjustment = 0
        cluster.endAdjustment = 0
        cluster.soloAdjustment = 0
        let joinedBefore = joinsForward
        joinsForward = false
        if value >= 0x0590, let script = NotoScript.of(value) {
            let measured = script == .hebrew ? measureHebrew(value, next, end, into: &cluster)
                : measureArabic(value, next, start, end, joinedBefore: joinedBefore, into: &cluster)
            if measured { return }
        }
        if cluster.kind == .newline {
            cluster.width = 0
            return
        }
        if isSingleScalar && TextFace.isCJK(value) {
            cluster.width = face.fallbackSubunits(value)  // the common CJK case first (no emoji there)
            usesFallbackFont = true
            return
        }
        let baseUnits = face.interUnits(value)
        // Emoji start at U+203C ‼; a keycap or VS16 sequence can start lower ("#️⃣", "©️").
        if value >= 0x203C || !isSingleScalar, isEmoji(start, end, first: value, coveredByInter: baseUnits != nil) {
            cluster.width = face.emojiSubunits
            cluster.kind = .ideographic
            usesFallbackFont = true
            return
        }
        guard let baseUnits else {
            if TextFace.isCJK(value) {
                cluster.width = face.fallbackSubunits(value)  // a CJK base with marks (jamo, dakuten)
            } else if TextFace.isZeroWidth(Unicode.Scalar(value) ?? " ") {
                cluster.width = 0
                return
            } else {
                cluster.width = face.fallbackSubunits(value)
            }
            usesFallbackFont = true
            return
        }
        var total = 0
        var currentUnits = baseUnits
        while next < end {
            let (scalar, after) = decode(at: next)
            next = after
            if let composed = face.composition(value, scalar), let units = face.interUnits(composed) {
                value = composed
                currentUnits = units
                continue
            }
            total += currentUnits
            value = scalar
            if let units = face.interUnits(scalar) {
                currentUnits = units
            } else {
                // A mark Inter lacks: the browser draws the cluster with another font; Inter's widths
                // of the rest remain the best estimate.
                currentUnits = 0
                if !TextFace.isZeroWidth(Unicode.Scalar(scalar) ?? " ") {
                    usesFallbackFont = true
                }
            }
        }
        total += currentUnits
        cluster.width = total * TextFace.subunitsPerUnit
    }

    /// A cluster whose base is in the Hebrew face: the base's advance (a presentation form that HarfBuzz
    /// decomposes before a mark takes its advance then), marks zero-width. False when the face lacks the base.
    private func measureHebrew(_ base: UInt32, _ afterBase: Int, _ end: Int, into cluster: inout TextCluster) -> Bool {
        let tables = NotoTables.shared
        guard let index = tables.hebrewIndex(base) else { return false }
        var units = Int(tables.hebrewAdvances[face.notoWeightIndex][index])
        if afterBase < end, !tables.hebrewBeforeMark.isEmpty,
           let special = tables.hebrewBeforeMark.first(where: { $0.0 == base }),
           let mark = Unicode.Scalar(decode(at: afterBase).0), mark.properties.generalCategory == .nonspacingMark {
            units = Int(special.1[face.notoWeightIndex])
        }
        cluster.width = face.subunits(notoUnits: units)
        return true
    }

    /// A cluster whose base is in the Arabic face: the base (composed with a following mark when the face has
    /// the precomposed letter, as HarfBuzz does) in the form its neighbours give it — it joins the character
    /// before it when both can, and the next one likewise (Unicode's joining algorithm; marks are skipped) —
    /// and a lam joined to a following alef is the lam-alef ligature, whose advance the lam's cluster takes
    /// (the alef's is then 0). The adjustments are the width differences when a line starts or ends at the
    /// cluster. False when the face lacks the base.
    private mutating func measureArabic(_ first: UInt32, _ afterFirst: Int, _ start: Int, _ end: Int, joinedBefore: Bool,
                                        into cluster: inout TextCluster) -> Bool {
        let tables = NotoTables.shared
        var base = first, next = afterFirst
        while next < end {
            let (mark, after) = decode(at: next)
            guard let composed = tables.composition(base, mark) else { break }
            base = composed
            next = after
        }
        guard let index = tables.arabicIndex(base) else { return false }
        let advances = tables.arabicAdvances[face.notoWeightIndex]
        func width(_ form: ArabicForm) -> Int { face.subunits(notoUnits: Int(advances[index * 4 + form.rawValue])) }
        let type = JoiningType(rawValue: tables.arabicJoiningTypes[index]) ?? .nonJoining
        // The last character of the cluster that is not a mark decides whether the next cluster is joined to.
        var last = type
        var following = JoiningType.nonJoining
        var followingIsInCluster = false
        while next < end {
            let (scalar, after) = decode(at: next)
            next = after
            let t = tables.joiningType(scalar)
            if t != .transparent { last = t; following = t; followingIsInCluster = true; break }
        }
        while next < end {
            let t = tables.joiningType(decode(at: next).0)
            if t != .transparent { last = t }
            next = decode(at: next).1
        }
        // The next character that is not a mark, after the cluster (the next cluster's base, composed).
        var alef: UInt32 = 0, alefStart = -1
        if !followingIsInCluster {
            var peek = end
            while peek < bytes.count {
                var (scalar, after) = decode(at: peek)
                let t = tables.joiningType(scalar)
                if t == .transparent { peek = after; continue }
                if after < bytes.count, let composed = tables.composition(scalar, decode(at: after).0) { scalar = composed }
                following = tables.joiningType(scalar)
                alef = scalar
                alefStart = peek
                break
            }
        }
        let joinsPrevious = type.joinsBackward && joinedBefore
        let joinsNext = type.joinsForward && following.joinsBackward
        let form = ArabicForm.joining(previous: joinsPrevious, next: joinsNext)
        // A cluster of marks alone leaves the joining state as it was.
        joinsForward = last == .transparent ? joinedBefore : last.joinsForward
        if start == ligatedAlef {
            // Drawn inside the lam-alef before it; a line starting here draws it alone.
            ligatedAlef = -1
            cluster.width = 0
            cluster.startAdjustment = width(.isolated)
            return true
        }
        cluster.width = width(form)
        // Its width when a line starts with it (cut from the letter before it).
        var startWidth = width(joinsNext ? .initial : .isolated)
        if joinsNext, alefStart >= 0, let ligature = tables.lamAlef(base, alef) {
            let ligatureAdvances = tables.lamAlefAdvances[face.notoWeightIndex]
            cluster.width = face.subunits(notoUnits: Int(ligatureAdvances[ligature * 2 + (form == .initial ? 0 : 1)]))
            startWidth = face.subunits(notoUnits: Int(ligatureAdvances[ligature * 2]))
            ligatedAlef = alefStart
        }
        if joinsNext { cluster.endAdjustment = width(joinsPrevious ? .final : .isolated) - cluster.width }
        if joinsPrevious { cluster.startAdjustment = startWidth - cluster.width }
        cluster.soloAdjustment = width(.isolated) - cluster.width - cluster.startAdjustment - cluster.endAdjustment
        return true
    }

    /// Whether the renderer draws the cluster `start..<end` with the color emoji font.
    ///
    /// Yes for clusters with VS16 (U+FE0F), a keycap (U+20E3), ZWJ or a skin tone after an emoji; for
    /// emoji-presentation characters (unless alone and Inter has them: Chromium then uses Inter, as for
    /// "⬜"); for regional-indicator flags.
    private func isEmoji(_ start: Int, _ end: Int, first: UInt32, coveredByInter: Bool) -> Bool {
        var offset = start
        var count = 0
        var hasEmojiMark = false
        while offset < end {
            let (scalar, after) = decode(at: offset)
            offset = after
            count += 1
            switch scalar {
            case 0xFE0F, 0x20E3, 0x200D, 0x1F3FB...0x1F3FF:
                hasEmojiMark = true  // VS16, keycap, ZWJ, skin tone
            case 0xFE0E:
                return false  // text presentation requested
            default:
                break
            }
        }
        guard let properties = Unicode.Scalar(first)?.properties else { return false }
        if hasEmojiMark && properties.isEmoji {
            return true
        }
        guard properties.isEmojiPresentation else { return false }
        return !(coveredByInter && count == 1)
    }
}
