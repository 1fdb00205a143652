// Greedy line breaking over grapheme clusters, with a byte-level source for ASCII text.

/// How a character takes part in line breaking: a small subset of UAX #14's classes.
enum TextBreakKind: UInt8, CaseIterable {
    /// AL and the classes that behave like it here: no break on either side.
    case alphabetic
    /// NU: like `alphabetic`, and no break after a hyphen before it ("-5").
    case numeric
    /// SP: break after (before the next non-space); hangs at the end of a line.
    case space
    /// A tab: a space that advances to the next 28 pt tab stop.
    case tab
    /// BK, CR, LF, NL: a forced break.
    case newline
    /// GL, WJ (no-break space, word joiner, no-break hyphen): no break on either side.
    case glue
    /// HY "-": break after it when it follows a letter or digit and does not precede a digit.
    case hyphen
    /// BA, ZW (hyphen U+2010, en dash, zero-width space): break after.
    case breakAfter
    /// Soft hyphen: break after it, drawing "-" at the end of the line.
    case softHyphen
    /// B2 (em dash): break before and after.
    case dash
    /// ID: CJK characters and emoji, break before and after.
    case ideographic
    /// CL, CP, EX, IS, SY, NS and small kana: no break before (kinsoku for line-start characters).
    case closing
    /// OP, opening quotes: no break after.
    case opening

    /// Kinds of the 128 ASCII bytes.
    static let ascii: [TextBreakKind] = (0..<128).map { byte in
        switch UInt8(byte) {
        case 0x09: return .tab
        case 0x0A...0x0D: return .newline
        case 0x20: return .space
        case UInt8(ascii: "-"): return .hyphen
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return .numeric
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "!"), UInt8(ascii: "?"),
            UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "/"):
            return .closing
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): return .opening
        default: return .alphabetic
        }
    }

    /// The kind of a character, from its first scalar.
    static func of(_ scalar: UInt32) -> TextBreakKind {
        if scalar < 0x80 { return ascii[Int(scalar)] }
        switch scalar {
        case 0x85, 0x2028, 0x2029:
            return .newline
        case 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000:
            return .space
        case 0xA0, 0x0F0C, 0x2007, 0x2011, 0x202F, 0x2060, 0xFEFF:
            return .glue
        case 0xAD:
            return .softHyphen
        case 0x058A, 0x05BE, 0x2010, 0x2012, 0x2013, 0x200B:
            return .breakAfter  // … and the Hebrew maqaf
        case 0x2014, 0x2E3A, 0x2E3B:
            return .dash
        case 0xBB, 0x2019, 0x201D, 0x203A, 0x2026, 0x203C, 0x2047...0x2049, 0x060C, 0x060D, 0x061B, 0x061F, 0x06D4,
            0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B,
            0x301E, 0x301F, 0x303B, 0x309B...0x309E, 0x30A0, 0x30FB...0x30FE, 0x31F0...0x31FF,
            0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
            0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,
            0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61,
            0xFF63...0xFF65, 0xFF67...0xFF70, 0xFF9E, 0xFF9F:
            return .closing
        case 0xA1, 0xAB, 0xBF, 0x2018, 0x201C, 0x2039, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016,
            0x3018, 0x301A, 0x301D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62:
            return .opening
        default:
            return TextFace.isCJK(scalar) ? .ideographic : .alphabetic
        }
    }

    /// `canBreak` for every (beforePrevious, previous, current), at `(beforePrevious · k + previous) · k + current`
    /// with k = 16 (allocated once, never freed).
    nonisolated(unsafe) static let breakTable: UnsafePointer<Bool> = {  // immutable after initialisation
        let table = UnsafeMutablePointer<Bool>.allocate(capacity: 16 * 16 * 16)
        table.initialize(repeating: false, count: 16 * 16 * 16)
        for a in allCases {
            for b in allCases {
                for c in allCases {
                    table[(Int(a.rawValue) * 16 + Int(b.rawValue)) * 16 + Int(c.rawValue)] = canBreak(a, b, c)
                }
            }
        }
        return UnsafePointer(table)
    }()

    /// `ascii` as a pointer (allocated once, never freed).
    nonisolated(unsafe) static let asciiTable: UnsafePointer<TextBreakKind> = {  // immutable after initialisation
        let table = UnsafeMutablePointer<TextBreakKind>.allocate(capacity: 128)
        table.initialize(from: ascii, count: 128)
        return UnsafePointer(table)
    }()

    /// Whether a line may break between a character of kind `previous` and one of kind `current`;
    /// `beforePrevious` is the kind before `previous` (for the hyphen rule).
    @inline(__always)
    static func canBreak(_ beforePrevious: TextBreakKind, _ previous: TextBreakKind, _ current: TextBreakKind)
        -> Bool
    {
        // The first rule of UAX #14 that matches decides, so the order matters.
        switch current {
        case .space, .tab, .newline:
            return false  // LB6, LB7: no break before spaces or a forced break
        case .closing:
            return false  // LB13 (and LB16 / kinsoku): no break before closing punctuation, even after spaces
        default:
            break
        }
        if previous == .space || previous == .tab {
            return true  // LB18: break after spaces
        }
        switch current {
        case .glue, .hyphen, .breakAfter, .softHyphen:
            return false  // LB12a, LB21: no break before glue, hyphens and other break-after characters
        case .alphabetic, .numeric, .dash, .ideographic, .opening, .space, .tab, .newline, .closing:
            break
        }
        switch previous {
        case .space, .tab, .breakAfter, .softHyphen, .ideographic:
            return true
        case .glue, .opening, .newline:
            return false
        case .hyphen:
            return current != .numeric && (beforePrevious == .alphabetic || beforePrevious == .numeric)
        case .dash:
            return current != .dash
        case .closing:
            return current == .ideographic || current == .dash || current == .opening  // "）（", "ー（"
        case .alphabetic, .numeric:
            return current == .ideographic || current == .dash  // LB30: no break in "a(" or "3("
        }
    }
}

/// One grapheme cluster as the line breaker sees it.
struct TextCluster {
    /// UTF-8 offset of the cluster's first byte.
    var start = 0
    /// UTF-8 offset just past the cluster.
    var end = 0
    /// Advance in subunits (a tab's is set by the breaker from its position).
    var width = 0
    /// Line-breaking kind.
    var kind = TextBreakKind.alphabetic
    /// How much wider (subunits, may be negative) the cluster is when a line starts with it / ends after it,
    /// than `width` in the middle of its word: an Arabic letter joined to its neighbours takes another form
    /// when a line break (or "…") separates it from one. 0 for every other script.
    var startAdjustment = 0
    var endAdjustment = 0
    /// The further difference when a line is this cluster alone (both adjustments apply, and the letter is then
    /// isolated, which is not their sum).
    var soloAdjustment = 0
}

/// Reads a string's grapheme clusters one after another, with their widths and kinds.
protocol TextClusterSource {
    /// Reads the cluster at the cursor into `cluster` and moves past it; `false` at the end of the text.
    mutating func next(into cluster: inout TextCluster) -> Bool
    /// Moves the cursor to a cluster boundary, given as a UTF-8 offset.
    mutating func seek(toUTF8Offset offset: Int)
    /// Whether a cluster read so far is drawn by a fallback font.
    var usesFallbackFont: Bool { get }
}

/// Clusters of a printable-ASCII string in its face's tables (`ASCIIShaping`), tabs and newlines allowed: one per
/// byte (CR LF is one). A cluster's width is its advance plus its kerning with the next character; a line ending
/// after it does not draw that kerning (`endAdjustment`). A tab or newline is not kerned with its neighbours.
struct ASCIIClusterSource: TextClusterSource {
    let bytes: UnsafeBufferPointer<UInt8>
    let advances: UnsafeBufferPointer<Int32>
    let kerning: UnsafeBufferPointer<Int32>
    let kinds = TextBreakKind.ascii
    var offset = 0
    var usesFallbackFont: Bool { false }

    /// - Precondition: every byte is in `ascii`'s tables or is a tab or newline (`TextMeasurer.scanASCII`).
    init(bytes: UnsafeBufferPointer<UInt8>, ascii: ASCIIShaping) {
        self.bytes = bytes
        self.advances = ascii.advances
        self.kerning = ascii.kerning
    }

    @inline(__always)
    mutating func next(into cluster: inout TextCluster) -> Bool {
        guard offset < bytes.count else { return false }
        let byte = bytes[offset]
        cluster.start = offset
        offset += 1
        if byte == 0x0D && offset < bytes.count && bytes[offset] == 0x0A {
            offset += 1
        }
        cluster.end = offset
        cluster.kind = kinds[Int(byte)]
        let advance = advances[Int(byte)]
        var kerned = 0
        if advance >= 0, offset < bytes.count, advances[Int(bytes[offset])] >= 0 {
            kerned = Int(kerning[Int(byte) << 7 | Int(bytes[offset])]) &* TextFace.subunitsPerUnit
        }
        cluster.width = Int(max(0, advance)) &* TextFace.subunitsPerUnit &+ kerned
        cluster.endAdjustment = -kerned
        return true
    }

    mutating func seek(toUTF8Offset offset: Int) {
        self.offset = offset
    }
}

/// Greedy line breaking of one string at one width, filling `lines`.
struct LineBreaker {
    let text: String
    let face: TextFace
    let maxSubunits: Int
    let maxWidth: Double
    let lineLimit: Int
    private(set) var lines: [TextLine] = []
    private(set) var isTruncated = false
    private(set) var usesFallbackFont = false
    /// Where the paragraph of the line being made starts (after the last paragraph separator), and its
    /// direction once found (nil: not yet).
    private var paragraphStart = 0
    private var paragraphDirection: WritingDirection?

    init(text: String, face: TextFace, maxSubunits: Int, maxWidth: Double, lineLimit: Int) {
        self.text = text
        self.face = face
        self.maxSubunits = maxSubunits
        self.maxWidth = maxWidth
        self.lineLimit = lineLimit
    }

    /// Breaks the text read from `source` into lines.
    ///
    /// 1. A newline ends the line. 2. Record a break opportunity before each cluster the rules allow.
    /// 3. Spaces and tabs always fit (they hang). 4. A cluster that overflows breaks the line at the last
    /// opportunity, carrying the rest over; 5. if that still overflows (or there was none), it breaks
    /// before the cluster. 6. When the line limit is reached with text left, the last line is truncated.
    /// A cluster fits when the line would fit ending after it (`endAdjustment`: an Arabic letter cut from the
    /// next one takes its final or isolated form); a line that starts inside a word starts with its first
    /// cluster's `startAdjustment`.
    mutating func run<Source: TextClusterSource>(_ source: inout Source) {
        defer { usesFallbackFont = source.usesFallbackFont }
        let textEnd = text.utf8.count
        var cluster = TextCluster()
        var lineStart = 0
        var lineWidth = 0  // subunits, trailing spaces included
        var contentEnd = 0  // end of the last non-space cluster on the line
        var contentWidth = 0  // width up to contentEnd
        var contentEndAdjustment = 0  // endAdjustment of the cluster that ends at contentEnd
        var soloEnd = -1, soloAdjustment = 0  // a line started inside a word: its first cluster's end and soloAdjustment
        var hasBreak = false
        var breakOffset = 0  // where the next line starts if the line breaks at the opportunity
        var breakContentEnd = 0
        var breakContentWidth = 0
        var breakLineWidth = 0
        var breakAddsHyphen = false
        var breakStartAdjustment = 0  // startAdjustment of the cluster the next line starts with
        var previous = TextBreakKind.newline
        var beforePrevious = TextBreakKind.newline

        while source.next(into: &cluster) {
            // Step 1: forced break.
            if cluster.kind == .newline {
                let isFinal = cluster.end >= textEnd
                guard emit(lineStart, contentEnd, contentWidth + contentEndAdjustment, hyphen: false, isFinal: isFinal,
                           &source) else {
                    return
                }
                lineStart = cluster.end
                if Self.endsParagraph(text, cluster.start) {
                    paragraphStart = cluster.end
                    paragraphDirection = nil
                }
                lineWidth = 0
                contentEnd = cluster.end
                contentWidth = 0
                contentEndAdjustment = 0
                hasBreak = false
                previous = .newline
                beforePrevious = .newline
                continue
            }
            // Step 2: break opportunity before this cluster.
            if cluster.start > lineStart && TextBreakKind.canBreak(beforePrevious, previous, cluster.kind) {
                let addsHyphen = previous == .softHyphen
                // Kerning between the last letter and what follows it is not drawn at the end of a line.
                let width = contentWidth + (addsHyphen ? face.hyphenSubunits : contentEndAdjustment)
                if !addsHyphen || width <= maxSubunits {
                    hasBreak = true
                    breakOffset = cluster.start
                    breakContentEnd = contentEnd
                    breakContentWidth = width
                    breakLineWidth = lineWidth
                    breakAddsHyphen = addsHyphen
                    breakStartAdjustment = cluster.startAdjustment
                }
            }
            // Step 3: spaces hang.
            if cluster.kind == .tab {
                cluster.width = (lineWidth / face.tabIntervalSubunits + 1) * face.tabIntervalSubunits - lineWidth
            }
            if cluster.kind == .space || cluster.kind == .tab {
                lineWidth += cluster.width
            } else {
                let fitting = cluster.width + cluster.endAdjustment
                if lineWidth + fitting > maxSubunits && cluster.start > lineStart {
                    // Step 4: break at the last opportunity.
                    if hasBreak {
                        guard
                            emit(
                                lineStart, breakContentEnd, breakContentWidth, hyphen: breakAddsHyphen, isFinal: false,
                                &source)
                        else { return }
                        lineStart = breakOffset
                        lineWidth -= breakLineWidth - breakStartAdjustment
                        if contentEnd > breakOffset {
                            contentWidth -= breakLineWidth - breakStartAdjustment
                        } else {
                            contentEnd = breakOffset
                            contentWidth = 0
                            contentEndAdjustment = 0
                        }
                        hasBreak = false
                    }
                    // Step 5: break between clusters.
                    if lineWidth + fitting > maxSubunits && cluster.start > lineStart {
                        let solo = contentEnd == soloEnd ? soloAdjustment : 0
                        guard emit(lineStart, contentEnd, contentWidth + contentEndAdjustment + solo, hyphen: false,
                                   isFinal: false, &source) else {
                            return
                        }
                        lineStart = cluster.start
                        lineWidth = cluster.startAdjustment
                        soloEnd = cluster.end
                        soloAdjustment = cluster.soloAdjustment
                        contentEnd = cluster.start
                        contentWidth = 0
                        contentEndAdjustment = 0
                        hasBreak = false
                    }
                }
                lineWidth += cluster.width
                contentEnd = cluster.end
                contentWidth = lineWidth
                contentEndAdjustment = cluster.endAdjustment
            }
            beforePrevious = previous
            previous = cluster.kind
        }
        if lineStart < textEnd {
            _ = emit(lineStart, contentEnd, contentWidth + contentEndAdjustment, hyphen: false, isFinal: true, &source)
        }
    }

    /// Appends the line `start..<end`; if it is the last line `lineLimit` allows and text follows,
    /// appends the truncated line instead and returns `false` (stop).
    private mutating func emit<Source: TextClusterSource>(
        _ start: Int, _ end: Int, _ width: Int, hyphen: Bool, isFinal: Bool, _ source: inout Source
    ) -> Bool {
        if !isFinal && lines.count == lineLimit - 1 {
            truncate(from: start, &source)
            return false
        }
        var drawn = start == 0 && end == text.utf8.count ? text : TextMeasurer.slice(text, start, end)
        if hyphen {
            drawn += "-"
        }
        lines.append(TextLine(utf8Range: start..<end, width: reported(width), text: drawn, writingDirection: direction()))
        return true
    }

    /// The direction of the current paragraph (found once per paragraph).
    private mutating func direction() -> WritingDirection {
        if let paragraphDirection { return paragraphDirection }
        let found = text.utf8.withContiguousStorageIfAvailable { TextMeasurer.paragraphDirection($0, from: paragraphStart) }
            ?? .natural
        paragraphDirection = found
        return found
    }

    /// Whether the newline at UTF-8 offset `offset` is a paragraph separator for the Bidirectional Algorithm
    /// (LF, CR, U+0085, U+2029; not U+2028, a line separator inside the paragraph).
    private static func endsParagraph(_ text: String, _ offset: Int) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            offset < bytes.count && BidiClass.of(TextMeasurer.decodeScalar(bytes, at: offset).0) == .paragraphSeparator
        } ?? true
    }

    /// Step 6: the last allowed line, from `start` to the end of its paragraph, cut at a cluster so that
    /// it and "…" fit (trailing spaces before the ellipsis dropped).
    private mutating func truncate<Source: TextClusterSource>(from start: Int, _ source: inout Source) {
        source.seek(toUTF8Offset: start)
        let budget = maxSubunits - face.ellipsisSubunits
        var cluster = TextCluster()
        var width = 0
        var fitEnd = start
        var soloEnd = -1, soloAdjustment = 0
        while source.next(into: &cluster), cluster.kind != .newline {
            if cluster.kind == .tab {
                cluster.width = (width / face.tabIntervalSubunits + 1) * face.tabIntervalSubunits - width
            }
            if cluster.start == start {
                width = cluster.startAdjustment
                soloEnd = cluster.end
                soloAdjustment = cluster.soloAdjustment
            }
            if cluster.kind == .space || cluster.kind == .tab {
                width += cluster.width
                continue
            }
            // The ellipsis joins nothing: the last letter kept takes the form it has at the end of a line.
            let solo = cluster.end == soloEnd ? soloAdjustment : 0
            if width + cluster.width + cluster.endAdjustment + solo > budget { break }
            width += cluster.width
            fitEnd = cluster.end
        }
        // The last letter kerns with the ellipsis: the line shaped with it, cut back a cluster at a time until it fits.
        let truncated = TextMeasurer.truncatedLine(text, start: start, end: fitEnd, maxSubunits: maxSubunits, face: face)
        fitEnd = truncated.end
        let drawn = TextMeasurer.slice(text, start, fitEnd) + "…"
        let drawnWidth = truncated.subunits
        lines.append(TextLine(utf8Range: start..<fitEnd, width: reported(drawnWidth), text: drawn,
                              writingDirection: direction()))
        isTruncated = true
    }

    /// Points for a line width; a line that fits is never reported wider than `maxWidth`.
    private func reported(_ subunits: Int) -> Double {
        let points = face.points(subunits)
        return subunits <= maxSubunits ? min(points, maxWidth) : points
    }
}
