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

    init(bytes: UnsafeBufferPointer<UInt8>, text: String, face: TextFace) {
        self.bytes = bytes
        self.text = text
        self.face = face
    }

    mutating func seek(toUTF8Offset offset: Int) {
        self.offset = offset
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
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x0D4E, 0x1100...0x11FF, 0x200B...0x200F,
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
