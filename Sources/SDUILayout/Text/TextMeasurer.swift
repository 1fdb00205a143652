// Text measurement for the layout engine: SwiftUI `Text` sizing with Inter's advances.
// See docs/text.md for the font, the CSS the renderer must use and the evidence for each number.

/// The font a piece of text is set in: Inter at a point size and CSS weight, with a fixed line height.
///
/// `lineHeight` is Apple's leading (baseline to baseline, in points) from the Dynamic Type table;
/// every line of the text is exactly this tall, and the renderer sets CSS `line-height` to it.
public struct FontSpec: Hashable, Sendable {
    /// Point size (CSS `font-size` in px; one point is one CSS pixel).
    public var size: Double
    /// CSS weight, 100…900. Inter is embedded at 400, 500, 600 and 700; other weights use the face that
    /// CSS font matching picks (300 → 400, 450 → 500, 550 → 600, 800 → 700), so measurer and browser agree.
    public var weight: Int
    /// Baseline-to-baseline distance in points; the height of one line.
    public var lineHeight: Double

    /// Creates a font specification.
    /// - Parameters:
    ///   - size: Point size.
    ///   - weight: CSS weight, 100…900 (default 400, regular).
    ///   - lineHeight: Height of one line in points (Apple's leading for the text style).
    public init(size: Double, weight: Int = 400, lineHeight: Double) {
        self.size = size
        self.weight = weight
        self.lineHeight = lineHeight
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

    /// Creates a line.
    public init(utf8Range: Range<Int>, width: Double, text: String) {
        self.utf8Range = utf8Range
        self.width = width
        self.text = text
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

/// Measures and wraps text the way SwiftUI's `Text` does, with Inter's advance widths, and caches the results.
///
/// Width of a line is the plain sum of Inter's advances (no kerning, no ligatures), so the HTML
/// renderer must draw with the embedded Inter subsets and this CSS on every text element:
///
/// ```css
/// @font-face { font-family: "SDUI Inter"; font-weight: 400; /* and 500, 600, 700 */
///              src: url(Inter-400.woff2) format("woff2"); }
/// .text {
///   font-family: "SDUI Inter", "Noto Sans CJK JP", "Noto Color Emoji", sans-serif;
///   font-size: <size>px; font-weight: <weight>; line-height: <lineHeight>px;
///   font-kerning: none; font-variant-ligatures: none;
///   font-feature-settings: "kern" 0, "liga" 0, "calt" 0;
///   font-synthesis: none; letter-spacing: 0; word-spacing: 0;
///   text-rendering: geometricPrecision; text-spacing-trim: space-all; text-autospace: no-autospace;
///   white-space: pre; tab-size: 28px;   /* one element per TextLine, drawing TextLine.text */
/// }
/// ```
///
/// Drawing each `TextLine.text` as its own `white-space: pre` element makes the browser break exactly
/// where this measurer did. Measured in Chromium 156 on Debian, line widths agree within 0.02 %.
///
/// Semantics follow SwiftUI: the size is (widest line, lines × `lineHeight`) and never wider than
/// `maxWidth`, except for a single character that cannot fit, which still takes a line. Lines wrap
/// greedily at spaces, after hyphens and dashes, and between CJK characters and emoji; "\n" starts a
/// new line; a word longer than the line breaks between characters (grapheme clusters, never inside
/// one). Spaces at a wrap hang: they do not count toward the line's width. With `lineLimit`, text that
/// does not fit ends the last line with "…", cut at a character so that line and ellipsis fit.
///
/// The measurer keeps a cache keyed by (string, font, width, line limit): relayout at the same width
/// and repeated strings cost one hash lookup. It is not thread-safe (not `Sendable`); use one per
/// layout thread or actor.
public final class TextMeasurer {
    /// Cache key: everything a layout depends on (the display scale is fixed per measurer).
    struct CacheKey: Hashable {
        var text: String
        var font: FontSpec
        var maxWidth: Double
        var lineLimit: Int
    }

    /// Device pixels per point of the renderer's screenshots; emoji advances are whole device pixels.
    public let displayScale: Double
    /// The most layouts the cache holds before it is emptied.
    public let cacheCapacity: Int
    /// Number of `measure` calls answered from the cache.
    public private(set) var cacheHits = 0
    /// Number of `measure` calls that had to lay the text out.
    public private(set) var cacheMisses = 0

    let tables: InterTables
    private var cache: [CacheKey: TextLayout] = [:]

    /// Creates a measurer.
    /// - Parameters:
    ///   - displayScale: Device pixels per point of the renderer (Chromium's device scale factor). It only
    ///     changes emoji widths, which the emoji font rounds to whole device pixels. Default 1.
    ///   - cacheCapacity: The most layouts kept; when full, the cache is emptied and refilled. Default 8192.
    public init(displayScale: Double = 1, cacheCapacity: Int = 8192) {
        self.displayScale = displayScale.isFinite && displayScale > 0 ? displayScale : 1
        self.cacheCapacity = max(1, cacheCapacity)
        self.tables = InterTables.shared
    }

    /// Number of layouts in the cache.
    public var cachedLayoutCount: Int { cache.count }

    /// Empties the cache (and resets the hit and miss counts).
    public func removeAllCachedLayouts() {
        cache.removeAll(keepingCapacity: true)
        cacheHits = 0
        cacheMisses = 0
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
        let key = CacheKey(
            text: text, font: font, maxWidth: Self.normalizedWidth(maxWidth),
            lineLimit: lineLimit.map { max(1, $0) } ?? Int.max)
        if let cached = cache[key] {
            cacheHits &+= 1
            return cached
        }
        cacheMisses &+= 1
        let layout = makeLayout(text, font: font, maxWidth: key.maxWidth, lineLimit: key.lineLimit)
        if cache.count >= cacheCapacity {
            cache.removeAll(keepingCapacity: true)
        }
        cache[key] = layout
        return layout
    }

    /// The width of `text` when nothing wraps: its widest line, lines split only at "\n".
    ///
    /// Equal to `measure(text, font: font, maxWidth: .infinity, lineLimit: nil).size.width`,
    /// without building lines; ASCII text is summed straight from the advance table.
    /// - Complexity: O(n) in the length of `text`.
    public func idealWidth(_ text: String, font: FontSpec) -> Double {
        let face = TextFace(font: font, displayScale: displayScale, tables: tables)
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
            asciiSingleLine(bytes, face: face, maxSubunits: Int.max)
        }
        if let line = ascii ?? nil {
            return face.points(line.widthSubunits)
        }
        return measure(text, font: font, maxWidth: .infinity, lineLimit: nil).size.width
    }

    /// Distance from the top of a line box to its baseline, in points, as Chromium places it.
    ///
    /// CSS centres the font's content area (Inter's ascender + descender, each rounded to device pixels)
    /// in the line box, flooring the half-leading; measured to the pixel in Chromium 156.
    public func baselineOffset(for font: FontSpec) -> Double {
        let scale = font.size / InterMetrics.unitsPerEm * displayScale
        let ascent = (InterMetrics.ascender * scale).rounded()
        let descent = (-InterMetrics.descender * scale).rounded()
        let halfLeading = ((font.lineHeight * displayScale - ascent - descent) / 2).rounded(.down)
        return (ascent + halfLeading) / displayScale
    }

    // MARK: - Layout

    /// NaN means no limit; negative widths behave like zero.
    static func normalizedWidth(_ width: Double) -> Double {
        if width.isNaN { return .infinity }
        return max(0, width)
    }

    /// Lays `text` out (no cache).
    func makeLayout(_ text: String, font: FontSpec, maxWidth: Double, lineLimit: Int) -> TextLayout {
        if text.isEmpty {
            return TextLayout(
                size: .init(width: 0, height: 0), lines: [], isTruncated: false, usesFallbackFont: false,
                firstBaseline: 0, lastBaseline: 0)
        }
        let face = TextFace(font: font, displayScale: displayScale, tables: tables)
        let maxSubunits = face.subunits(fitting: maxWidth)

        // Fast path: ASCII without newlines or tabs that fits on one line.
        let fast = text.utf8.withContiguousStorageIfAvailable { bytes in
            asciiSingleLine(bytes, face: face, maxSubunits: maxSubunits)
        }
        if let line = fast ?? nil {
            let drawn = line.contentEnd == text.utf8.count ? text : Self.slice(text, 0, line.contentEnd)
            let width = face.points(line.widthSubunits)
            return finish(
                [TextLine(utf8Range: 0..<line.contentEnd, width: width, text: drawn)],
                isTruncated: false, usesFallbackFont: false, font: font)
        }

        var breaker = LineBreaker(
            text: text, face: face, maxSubunits: maxSubunits, maxWidth: maxWidth, lineLimit: lineLimit)
        let isASCII = text.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 >= 0x80 }
        }
        if isASCII == true {
            text.utf8.withContiguousStorageIfAvailable { bytes in
                var source = ASCIIClusterSource(bytes: bytes, face: face)
                breaker.run(&source)
            }
        } else {
            var source = StringClusterSource(text: text, face: face)
            breaker.run(&source)
        }
        return finish(
            breaker.lines, isTruncated: breaker.isTruncated, usesFallbackFont: breaker.usesFallbackFont, font: font)
    }

    /// Sizes the lines and places the baselines.
    private func finish(_ lines: [TextLine], isTruncated: Bool, usesFallbackFont: Bool, font: FontSpec)
        -> TextLayout
    {
        var width = 0.0
        for line in lines where line.width > width {
            width = line.width
        }
        let baseline = lines.isEmpty ? 0 : baselineOffset(for: font)
        let lastBaseline = lines.isEmpty ? 0 : Double(lines.count - 1) * font.lineHeight + baseline
        return TextLayout(
            size: .init(width: width, height: Double(lines.count) * font.lineHeight),
            lines: lines, isTruncated: isTruncated, usesFallbackFont: usesFallbackFont,
            firstBaseline: baseline, lastBaseline: lastBaseline)
    }

    /// The result of the ASCII single-line scan.
    struct ASCIILine {
        /// UTF-8 offset just past the last non-space byte.
        var contentEnd: Int
        /// Width of `0..<contentEnd` in subunits.
        var widthSubunits: Int
    }

    /// Sums an ASCII string that needs no breaking; `nil` if it has non-ASCII bytes, a newline or a tab,
    /// or is wider than `maxSubunits` (the line breaker then takes over).
    func asciiSingleLine(_ bytes: UnsafeBufferPointer<UInt8>, face: TextFace, maxSubunits: Int) -> ASCIILine? {
        let advances = face.asciiUnits
        var units = 0
        var contentUnits = 0
        var contentEnd = 0
        var offset = 0
        for byte in bytes {
            offset &+= 1
            // Bytes ≥ 0x80 are non-ASCII; \t \n \v \f \r need the breaker.
            if byte >= 0x80 || (byte >= 0x09 && byte <= 0x0D) {
                return nil
            }
            units &+= Int(advances[Int(byte)])
            if byte != 0x20 {
                contentUnits = units
                contentEnd = offset
            }
        }
        let subunits = contentUnits &* TextFace.subunitsPerUnit
        guard subunits <= maxSubunits else { return nil }
        return ASCIILine(contentEnd: contentEnd, widthSubunits: subunits)
    }

    /// `text`'s characters between two UTF-8 offsets that fall on character boundaries.
    static func slice(_ text: String, _ start: Int, _ end: Int) -> String {
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: start)
        let to = utf8.index(from, offsetBy: end - start)
        return String(text[from..<to])
    }
}
