// Grapheme clusters of any string, read straight from its UTF-8 bytes.

/// The grapheme clusters of any string, read straight from its UTF-8 bytes.
///
/// Decodes the UTF-8 bytes itself and decides cluster boundaries with a fast test that covers Latin,
/// Greek, Cyrillic, CJK, combining marks and most emoji; where that test cannot tell (regional
/// indicator pairs, Hangul jamo, ZWJ sequences, Indic and other complex scripts) it asks Swift's
/// `String.index(after:)`, so clusters are exactly Swift's `Character`s and nothing splits one.
struct GraphemeReader {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The same string, for the slow boundary test.
    let text: String
    var offset = 0

    init(bytes: UnsafeBufferPointer<UInt8>, text: String) {
        self.bytes = bytes
        self.text = text
    }

    /// The next cluster: its UTF-8 range and whether it is one scalar; nil at the end of the text.
    mutating func next() -> (start: Int, end: Int, isSingleScalar: Bool)? {
        guard offset < bytes.count else { return nil }
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
        offset = end
        return (start, end, isSingleScalar)
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

    /// Whether the renderer draws the cluster `start..<end` with the color emoji font.
    ///
    /// Yes for clusters with VS16 (U+FE0F), a keycap (U+20E3), ZWJ or a skin tone after an emoji; for
    /// emoji-presentation characters (unless alone and the first face has them: Chromium then uses that face, as
    /// Inter for "⬜"); for regional-indicator flags.
    func isEmoji(_ start: Int, _ end: Int, first: UInt32, coveredByFirstFace: Bool) -> Bool {
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
        return !(coveredByFirstFace && count == 1)
    }
}
