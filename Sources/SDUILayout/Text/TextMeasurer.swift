// Text measurement for the layout engine: SwiftUI `Text` sizing in the faces the renderer draws with, shaped.
// See docs/text.md for the font, the CSS the renderer must use and the evidence for each number.

/// The font a piece of text is set in: a face at a point size and CSS weight, with a fixed line height.
///
/// `face` is a face read from a font file (`FontCollection`), or nil for the built-in Inter (with Noto Sans Hebrew
/// and Arabic). `lineHeight` is the baseline-to-baseline distance (Apple's leading for the built-in face, the face's
/// own line height for a loaded one); every line of the text is exactly this tall, and the renderer sets CSS
/// `line-height` to it. Two specifications are equal when their numbers are and their faces are the same object.
public struct FontSpec: Hashable, Sendable {
    /// Point size (CSS `font-size` in px; one point is one CSS pixel).
    public var size: Double
    /// CSS weight, 100…900. Inter is embedded at 400, 500, 600 and 700; other weights use the face that
    /// CSS font matching picks (300 → 400, 450 → 500, 550 → 600, 800 → 700), so measurer and browser agree.
    /// For a loaded face it is the weight asked for (the face was already matched to it).
    public var weight: Int
    /// Baseline-to-baseline distance in points; the height of one line.
    public var lineHeight: Double
    /// The face read from a font file, or nil for the built-in faces.
    public var face: FontFace?

    /// Creates a font specification.
    /// - Parameters:
    ///   - size: Point size.
    ///   - weight: CSS weight, 100…900 (default 400, regular).
    ///   - lineHeight: Height of one line in points (Apple's leading for the text style).
    ///   - face: A face read from a font file; nil (the default) for the built-in Inter.
    public init(size: Double, weight: Int = 400, lineHeight: Double, face: FontFace? = nil) {
        self.size = size
        self.weight = weight
        self.lineHeight = lineHeight
        self.face = face
    }

    public static func == (a: FontSpec, b: FontSpec) -> Bool {
        a.size == b.size && a.weight == b.weight && a.lineHeight == b.lineHeight && a.face === b.face
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(weight)
        hasher.combine(lineHeight)
        hasher.combine(face.map(ObjectIdentifier.init))
    }
}

/// One laid-out line of text.
public struct TextLine: Equatable, Sendable {
    /// The UTF-8 offsets, in the measured string, of the characters this line draws. Excludes the
    /// spaces that hang at a wrap, the newline that ends the line and anything cut by truncation.
    public var utf8Range: Range<Int>
    /// Width of the line as drawn, in points (trailing spaces excluded, ellipsis or hyphen included).
    public var width: Double
    /// The line as drawn: the characters of `utf8Range`, plus "…" if truncated or "-" after a soft hyphen.
    public var text: String
    /// The direction of the line's paragraph (`NSWritingDirection`): its first strong character's, by rules P2
    /// and P3 of the Unicode Bidirectional Algorithm, or `.natural` when it has none (it then follows the
    /// layout direction). Lines of one paragraph share it; it decides where the paragraph's runs go.
    public var writingDirection: WritingDirection

    /// Creates a line.
    public init(utf8Range: Range<Int>, width: Double, text: String, writingDirection: WritingDirection = .leftToRight) {
        self.utf8Range = utf8Range
        self.width = width
        self.text = text
        self.writingDirection = writingDirection
    }
}

/// The measured size and lines of a piece of text, as SwiftUI's `Text` would lay it out.
public struct TextLayout: Equatable, Sendable {
    /// A width and a height in points.
    public struct Size: Equatable, Sendable {
        /// Width in points.
        public var width: Double
        /// Height in points.
        public var height: Double

        /// Creates a size.
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// Widest line × (number of lines × line height). An empty string has zero size, as in SwiftUI.
    public var size: Size
    /// The lines, top to bottom.
    public var lines: [TextLine]
    /// Whether `lineLimit` cut the text (the last line then ends with "…").
    public var isTruncated: Bool
    /// Whether some character is drawn by a fallback font (CJK, emoji, scripts Inter lacks): its width
    /// is the documented fallback advance, exact only if the renderer has the fonts docs/text.md names.
    public var usesFallbackFont: Bool
    /// Distance from the top of the text to the first line's baseline, in points (0 when empty).
    public var firstBaseline: Double
    /// Distance from the top of the text to the last line's baseline, in points (0 when empty).
    public var lastBaseline: Double

    /// Creates a layout.
    public init(
        size: Size, lines: [TextLine], isTruncated: Bool, usesFallbackFont: Bool,
        firstBaseline: Double, lastBaseline: Double
    ) {
        self.size = size
        self.lines = lines
        self.isTruncated = isTruncated
        self.usesFallbackFont = usesFallbackFont
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
    }
}

/// Measures and wraps text the way SwiftUI's `Text` does, in the faces the renderer draws it with, kerning and
/// standard ligatures on, and caches the results.
///
/// A font names a face read from a font file (`FontSpec.face`) or none; either way its characters are drawn by the
/// first of its faces that has them — the loaded face, then the bundled Inter, Noto Sans Hebrew and Noto Sans Arabic
/// (`BundledFonts`) — and each run of one face is shaped with the face's default OpenType features (`FontShaper`:
/// kerning, standard and contextual ligatures, Arabic joining forms), as HarfBuzz shapes it for Chromium and
/// CoreText for UIKit. The renderer embeds the same font files and draws each `TextLine.text` as its own
/// `white-space: pre` element with the browser's default features (docs/text.md has the CSS and the evidence):
///
/// ```css
/// @font-face { font-family: "SDUI Inter"; font-style: normal; font-weight: 400;   /* and 500, 600, 700 */
///              src: url(data:font/woff2;base64,…) format("woff2"); }              /* made from Inter-Regular.otf */
/// .sdui-text {
///   font-family: "SDUI Inter", "SDUI Noto Sans Hebrew", "SDUI Noto Sans Arabic", "Noto Sans CJK JP", "Noto Color Emoji", sans-serif;
///   font-size: <size>px; font-weight: <weight>; line-height: <lineHeight>px; font-style: normal;
///   font-kerning: normal; font-variant-ligatures: normal; font-feature-settings: normal;
///   font-synthesis: none; letter-spacing: 0; word-spacing: 0; text-transform: none;
///   text-rendering: geometricPrecision;
///   text-spacing-trim: space-all; text-autospace: no-autospace;
///   tab-size: 28px;
/// }
/// .sdui-line { white-space: pre; }   /* one element per TextLine, drawing TextLine.text */
/// ```
///
/// Each line is drawn alone, so a line's width is its text shaped alone: the kerning between the last letter of a
/// line and what follows it is not counted, and an Arabic letter cut from its neighbour takes the form it has at a
/// line's end.
///
/// Semantics follow SwiftUI: the size is (widest line, lines × `lineHeight`) and never wider than
/// `maxWidth`, except for a single character that cannot fit, which still takes a line. Lines wrap
/// greedily at spaces, after hyphens and dashes, and between CJK characters and emoji; "\n" starts a
/// new line; a word longer than the line breaks between characters (grapheme clusters, never inside
/// one). Spaces at the end of a line hang: they do not count toward its width. With `lineLimit`, text
/// that does not fit ends the last line with "…", cut at a character so that line and ellipsis fit.
/// An empty string has zero size. CJK characters take 1 em (Hangul 0.92 em), emoji
/// round(2550/2048 em) device pixels, as the fallback fonts draw them.
///
/// The measurer keeps a cache keyed by (string, font, width, line limit) — the font's face by identity — so
/// relayout at the same width and repeated strings cost one hash lookup. It is not thread-safe (not `Sendable`);
/// use one per layout thread or actor.
public final class TextMeasurer {
    /// Device pixels per point of the renderer's screenshots; emoji advances are whole device pixels.
    public let displayScale: Double
    /// The most layouts the cache holds before it is emptied.
    public let cacheCapacity: Int
    /// Number of `measure` calls answered from the cache.
    @exclusivity(unchecked) public private(set) var cacheHits = 0
    /// Number of `measure` calls that had to lay the text out.
    @exclusivity(unchecked) public private(set) var cacheMisses = 0
    /// Whether printable ASCII is measured from its face's tables (`ASCIIShaping`); false shapes every text in full.
    let usesASCIITables: Bool

    private let cache: TextLayoutCache
    /// Strings measured once per font, for the layout engine (`prepare`, `size(of:…)`, `layout(of:…)`).
    let prepared: PreparedTextCache
    /// The faces of the last two fonts measured: layouts measure runs of strings in one or two fonts
    /// (a card's title and price).
    @exclusivity(unchecked) private var lastFace: TextFace
    @exclusivity(unchecked) private var otherFace: TextFace

    /// Creates a measurer.
    /// - Parameters:
    ///   - displayScale: Device pixels per point of the renderer (Chromium's device scale factor). It only
    ///     changes emoji widths, which the emoji font rounds to whole device pixels. Default 1.
    ///   - cacheCapacity: The most layouts kept; when full, the cache is emptied and refilled. Default 8192.
    public convenience init(displayScale: Double = 1, cacheCapacity: Int = 8192) {
        self.init(displayScale: displayScale, cacheCapacity: cacheCapacity, usesASCIITables: true)
    }

    /// A measurer; with `usesASCIITables` false it shapes every text in full, never from the ASCII tables (for the
    /// tests that compare the two).
    init(displayScale: Double, cacheCapacity: Int, usesASCIITables: Bool) {
        self.displayScale = displayScale.isFinite && displayScale > 0 ? displayScale : 1
        self.usesASCIITables = usesASCIITables
        self.cacheCapacity = max(1, cacheCapacity)
        self.cache = TextLayoutCache(capacity: self.cacheCapacity)
        self.prepared = PreparedTextCache(capacity: self.cacheCapacity, clusterCapacity: self.cacheCapacity * 32)
        self.lastFace = TextFace(font: FontSpec(size: 17, weight: 400, lineHeight: 22), displayScale: self.displayScale,
                                 usesASCIITables: usesASCIITables)
        self.otherFace = lastFace
    }

    /// Number of layouts in the cache.
    public var cachedLayoutCount: Int { cache.count }

    /// Empties the cache (and resets the hit and miss counts).
    public func removeAllCachedLayouts() {
        cache.removeAll()
        prepared.removeAll()
        cacheHits = 0
        cacheMisses = 0
    }

    /// `font`'s faces at its size, with the fallback advances.
    @inline(__always)
    func face(for font: FontSpec) -> TextFace {
        if font != lastFace.font {
            swap(&lastFace, &otherFace)
            if font != lastFace.font {
                lastFace = TextFace(font: font, displayScale: displayScale, usesASCIITables: usesASCIITables)
            }
        }
        return lastFace
    }

    /// Lays out `text` in lines no wider than `maxWidth`, as SwiftUI's `Text` would.
    ///
    /// - Parameters:
    ///   - text: The string. An empty string has zero size and no lines.
    ///   - font: Size, weight and line height.
    ///   - maxWidth: The proposed width in points; `.infinity` (or NaN) for no limit, so only "\n" breaks
    ///     lines. Values ≤ 0 put every character on its own line.
    ///   - lineLimit: The most lines (values below 1 count as 1); `nil` for no limit.
    /// - Returns: The size, the lines and whether the text was truncated.
    /// - Complexity: O(1) expected when cached; otherwise O(n) in the length of `text`.
    public func measure(_ text: String, font: FontSpec, maxWidth: Double, lineLimit: Int?) -> TextLayout {
        let key = TextLayoutKey(
            text: text, font: font, maxWidth: Self.normalizedWidth(maxWidth),
            lineLimit: Self.normalizedLineLimit(lineLimit))
        let hash = cache.hash(key)
        if let cached = cache.layout(for: key, hash: hash) {
            cacheHits &+= 1
            return cached
        }
        cacheMisses &+= 1
        let layout = makeLayout(text, font: font, maxWidth: key.maxWidth, lineLimit: key.lineLimit)
        cache.insert(layout, for: key, hash: hash)
        return layout
    }

    /// The width of `text` when nothing wraps: its widest line, lines split only at "\n".
    ///
    /// Equal to `measure(text, font: font, maxWidth: .infinity, lineLimit: nil).size.width`,
    /// without building lines; printable ASCII text is summed straight from its face's tables (`ASCIIShaping`).
    /// - Complexity: O(n) in the length of `text`.
    public func idealWidth(_ text: String, font: FontSpec) -> Double {
        let face = face(for: font)
        let scan = text.utf8.withContiguousStorageIfAvailable { bytes in
            Self.scanASCII(bytes, face: face)
        }
        if let scan, scan.isTabulated && !scan.hasBreakerBytes {
            return face.points(scan.widthSubunits)
        }
        return measure(text, font: font, maxWidth: .infinity, lineLimit: nil).size.width
    }

    /// Distance from the top of a line box to its baseline, in points, as Chromium places it.
    ///
    /// CSS centres the font's content area (its first face's ascender + descender, each rounded to device pixels)
    /// in the line box, flooring the half-leading; measured to the pixel in Chromium 156.
    public func baselineOffset(for font: FontSpec) -> Double {
        face(for: font).baselineOffset
    }

    // MARK: - Layout

    /// NaN means no limit; negative widths behave like zero, and -0 is 0 (one cache key by bit pattern).
    @inline(__always)
    static func normalizedWidth(_ width: Double) -> Double {
        width.isNaN ? .infinity : width > 0 ? width : 0
    }

    /// A line limit as cache keys hold it: values below 1 count as 1; nil (no limit) is `Int.max`.
    @inline(__always)
    static func normalizedLineLimit(_ lineLimit: Int?) -> Int {
        lineLimit.map { max(1, $0) } ?? Int.max
    }

    /// Lays `text` out (no cache).
    func makeLayout(_ text: String, font: FontSpec, maxWidth: Double, lineLimit: Int) -> TextLayout {
        if text.isEmpty {
            return TextLayout(
                size: .init(width: 0, height: 0), lines: [], isTruncated: false, usesFallbackFont: false,
                firstBaseline: 0, lastBaseline: 0)
        }
        let face = face(for: font)
        let maxSubunits = face.subunits(fitting: maxWidth)

        // Fast path: printable ASCII in the face's tables, without newlines or tabs, that fits on one line.
        let scan = text.utf8.withContiguousStorageIfAvailable { bytes in
            Self.scanASCII(bytes, face: face)
        }
        if let scan, scan.isTabulated && !scan.hasBreakerBytes && scan.widthSubunits <= maxSubunits {
            let drawn = scan.contentEnd == text.utf8.count ? text : Self.slice(text, 0, scan.contentEnd)
            let width = min(face.points(scan.widthSubunits), maxWidth)  // fits within the 1e-9 tolerance
            let direction = text.utf8.withContiguousStorageIfAvailable { Self.paragraphDirection($0, from: 0) } ?? .natural
            return finish(
                [TextLine(utf8Range: 0..<scan.contentEnd, width: width, text: drawn, writingDirection: direction)],
                isTruncated: false, usesFallbackFont: false, face: face)
        }

        guard scan != nil else {
            // Not contiguous UTF-8 (a bridged string): lay out a native copy, whose offsets are the same.
            var copy = text
            copy.makeContiguousUTF8()
            return makeLayout(copy, font: font, maxWidth: maxWidth, lineLimit: lineLimit)
        }
        var breaker = LineBreaker(
            text: text, face: face, maxSubunits: maxSubunits, maxWidth: maxWidth, lineLimit: lineLimit)
        text.utf8.withContiguousStorageIfAvailable { bytes in
            if scan?.isTabulated == true, let ascii = face.ascii {
                var source = ASCIIClusterSource(bytes: bytes, ascii: ascii)
                breaker.run(&source)
            } else {
                var source = ShapedClusterSource(bytes: bytes, text: text, face: face)
                breaker.run(&source)
            }
        }
        return finish(
            breaker.lines, isTruncated: breaker.isTruncated, usesFallbackFont: breaker.usesFallbackFont, face: face)
    }

    /// Sizes the lines and places the baselines.
    func finish(_ lines: [TextLine], isTruncated: Bool, usesFallbackFont: Bool, face: TextFace)
        -> TextLayout
    {
        var width = 0.0
        for line in lines where line.width > width {
            width = line.width
        }
        let lineHeight = face.font.lineHeight
        let baseline = lines.isEmpty ? 0 : face.baselineOffset
        let lastBaseline = lines.isEmpty ? 0 : Double(lines.count - 1) * lineHeight + baseline
        return TextLayout(
            size: .init(width: width, height: Double(lines.count) * lineHeight),
            lines: lines, isTruncated: isTruncated, usesFallbackFont: usesFallbackFont,
            firstBaseline: baseline, lastBaseline: lastBaseline)
    }

    /// What one pass over the UTF-8 bytes found.
    struct ASCIIScan {
        /// Whether every byte is in the face's ASCII tables or is a tab or a newline (otherwise the scan stopped at
        /// the first that is not).
        var isTabulated = true
        /// Whether there is a tab or a newline, which only the line breaker handles.
        var hasBreakerBytes = false
        /// UTF-8 offset just past the last non-space byte.
        var contentEnd = 0
        /// Width of `0..<contentEnd` in subunits, as one line (kerned; when there is no tab or newline).
        var widthSubunits = 0
    }

    /// Sums the advances and the kerning of printable ASCII text in one pass over its bytes (`ASCIIShaping`).
    /// - Complexity: O(n) in the number of bytes.
    static func scanASCII(_ bytes: UnsafeBufferPointer<UInt8>, face: TextFace) -> ASCIIScan {
        var scan = ASCIIScan()
        guard let ascii = face.ascii else {
            scan.isTabulated = false
            return scan
        }
        let advances = ascii.advances, kerning = ascii.kerning
        var units = 0
        var contentUnits = 0
        var offset = 0
        var previous = -1
        var hasLetter = false
        var characters = ASCIISet()
        for byte in bytes {
            hasLetter = hasLetter || (byte | 0x20) &- 0x61 < 26
            let advance = byte < 0x80 ? advances[Int(byte)] : -1
            characters.insert(Int(byte & 0x7F))
            offset &+= 1
            if advance < 0 {
                guard byte >= 0x09 && byte <= 0x0D else {
                    scan.isTabulated = false
                    return scan
                }
                scan.hasBreakerBytes = true
                previous = -1
                contentUnits = units
                scan.contentEnd = offset
                continue
            }
            if previous >= 0 { units &+= Int(kerning[previous << 7 | Int(byte)]) }
            units &+= Int(advance)
            previous = Int(byte)
            if byte != 0x20 {
                contentUnits = units
                scan.contentEnd = offset
            }
        }
        scan.widthSubunits = contentUnits &* TextFace.subunitsPerUnit
        // Tabs and newlines are not shaped (and only their own set bits, which no requirement holds).
        if !ascii.leavesUnchanged(characters) { scan.isTabulated = false }
        // Without a letter, the text takes the layout's direction: shaped in full when its runs then differ in level.
        if !hasLetter && !ShapedClusterSource.asciiIsOneLevel(bytes) { scan.isTabulated = false }
        return scan
    }

    /// The width, in subunits, of `text`'s bytes `start ..< end` followed by "…", shaped as one line: a truncated
    /// line as the renderer draws it (its last letter kerned with the ellipsis).
    static func ellipsizedWidth(_ text: String, _ start: Int, _ end: Int, face: TextFace) -> Int {
        if let ascii = face.ascii, ascii.ellipsisAdvance >= 0 {
            let width = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
                // A line without a letter takes the layout's direction, and "…" then makes a run of its own beside
                // digits: shaped in full (`ShapedClusterSource.bidiLevels`).
                guard slice.contains(where: { ($0 | 0x20) &- 0x61 < 26 }), let units = ascii.ellipsizedWidth(slice) else { return nil }
                return units * TextFace.subunitsPerUnit
            }
            if let width = width ?? nil { return width }
        }
        guard end > start else { return face.ellipsisSubunits }
        var line = slice(text, start, end, appendingEllipsis: true)
        line.makeContiguousUTF8()
        return line.utf8.withContiguousStorageIfAvailable { bytes in
            var source = ShapedClusterSource(bytes: bytes, text: line, face: face)
            var cluster = TextCluster()
            var total = 0
            while source.next(into: &cluster) { total += cluster.width }
            return total
        } ?? 0
    }

    /// The end (UTF-8 offset, on a cluster boundary) and width of the truncated line starting at `start` whose text
    /// before "…" fits up to `end` by its clusters' widths: cut back one character at a time while the line shaped
    /// with its ellipsis is wider than `maxSubunits` (down to the ellipsis alone).
    static func truncatedLine(_ text: String, start: Int, end: Int, maxSubunits: Int, face: TextFace)
        -> (end: Int, subunits: Int)
    {
        var end = end
        while true {
            let width = ellipsizedWidth(text, start, end, face: face)
            guard width > maxSubunits, end > start else { return (end, width) }
            let utf8 = text.utf8
            let previous = text.index(before: utf8.index(utf8.startIndex, offsetBy: end))
            end = max(start, utf8.distance(from: utf8.startIndex, to: previous))
        }
    }

    /// The direction of the paragraph starting at UTF-8 offset `start`: its first strong character outside
    /// isolates (UAX #9 P2, P3) before a paragraph separator, or `.natural` when there is none. A letter of
    /// ASCII text decides at once.
    static func paragraphDirection(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> WritingDirection {
        var offset = max(0, start)
        var isolates = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte < 0x80 {
                if (byte | 0x20) &- 0x61 < 26 && isolates == 0 { return .leftToRight }  // A–Z, a–z
                if byte == 0x0A || byte == 0x0D || (byte >= 0x1C && byte <= 0x1E) { return .natural }
                offset += 1
                continue
            }
            let (scalar, next) = decodeScalar(bytes, at: offset)
            offset = next
            switch BidiClass.of(scalar) {
            case .leftToRight where isolates == 0: return .leftToRight
            case .rightToLeft where isolates == 0, .arabicLetter where isolates == 0: return .rightToLeft
            case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate: isolates += 1
            case .popDirectionalIsolate: if isolates > 0 { isolates -= 1 }
            case .paragraphSeparator: return .natural
            default: break
            }
        }
        return .natural
    }

    /// `paragraphDirection(bytes, from: 0)`, with the ASCII bytes before the first letter or non-ASCII byte read
    /// inline (a Latin text decides at its first byte, a price like "$129" after its four).
    @inline(__always)
    static func leadingParagraphDirection(_ bytes: UnsafeBufferPointer<UInt8>) -> WritingDirection {
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte >= 0x80 { return paragraphDirection(bytes, from: offset) }
            if (byte | 0x20) &- 0x61 < 26 { return .leftToRight }
            if byte == 0x0A || byte == 0x0D || (byte >= 0x1C && byte <= 0x1E) { return .natural }
            offset += 1
        }
        return .natural
    }

    /// The scalar at a UTF-8 offset of well-formed UTF-8 (any `String`'s bytes) and the offset after it.
    @inline(__always)
    static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return (lead, offset + 1) }
        // A lead byte's continuation bytes are in the buffer: the bytes are a String's, well formed.
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), offset + 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F), offset + 3)
        }
        return ((lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12 | UInt32(bytes[offset + 2] & 0x3F) << 6
                | UInt32(bytes[offset + 3] & 0x3F), offset + 4)
    }

    /// `text`'s characters between two UTF-8 offsets that fall on character boundaries.
    static func slice(_ text: String, _ start: Int, _ end: Int) -> String {
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: start)
        let to = utf8.index(from, offsetBy: end - start)
        return String(text[from..<to])
    }
}
