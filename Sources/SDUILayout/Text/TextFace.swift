// Advance lookup: Inter's tables, the fallback advances the renderer's other fonts produce, and
// the line-breaking class of each character. Numbers and their evidence: docs/text.md.

/// Inter's advance tables in the layout the hot paths read: flat, immutable, allocated once.
final class InterTables: @unchecked Sendable {
    // @unchecked: every buffer is written in `init` and only read afterwards, never freed.

    /// The tables, built on first use.
    static let shared = InterTables()

    /// Per weight index, advances of U+0000 ..< `InterMetrics.denseEnd` in font units (`noGlyph` = none).
    let dense: [UnsafeBufferPointer<UInt16>]
    /// Per weight index, advances of ASCII in font units; control characters are 0.
    let ascii: [UnsafeBufferPointer<UInt16>]
    /// Code points ≥ `denseEnd` that Inter covers, ascending.
    let sparseCodepoints: UnsafeBufferPointer<UInt32>
    /// Per weight index, advances parallel to `sparseCodepoints`.
    let sparseAdvances: [UnsafeBufferPointer<UInt16>]
    /// `base << 32 | mark` of each composition Inter covers, ascending.
    let compositionKeys: UnsafeBufferPointer<UInt64>
    /// Precomposed code points parallel to `compositionKeys`.
    let composedCodepoints: UnsafeBufferPointer<UInt32>

    private init() {
        func freeze<T>(_ values: [T]) -> UnsafeBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: values.count)
            _ = buffer.initialize(from: values)
            return UnsafeBufferPointer(buffer)
        }
        dense = InterMetrics.denseAdvances.map(freeze)
        ascii = InterMetrics.denseAdvances.map { table in
            freeze(table[0..<128].map { $0 == InterMetrics.noGlyph ? 0 : $0 })
        }
        sparseCodepoints = freeze(InterMetrics.sparseCodepoints)
        sparseAdvances = InterMetrics.sparseAdvances.map(freeze)
        compositionKeys = freeze(InterMetrics.compositionKeys)
        composedCodepoints = freeze(InterMetrics.composedCodepoints)
    }

    /// Index into `InterMetrics.weights` of the face CSS font matching picks for `weight`.
    ///
    /// CSS Fonts 4 §5.2: for a desired weight from 400 to 500, try weights from it up to 500, then below
    /// it descending, then above 500; below 400, try lighter descending, then heavier ascending; above
    /// 500, try heavier ascending, then lighter descending.
    static func weightIndex(forCSSWeight weight: Int) -> Int {
        weightIndex(forCSSWeight: weight, available: InterMetrics.weights)
    }

    /// Index into `available` (ascending CSS weights of one family) of the face CSS font matching picks.
    static func weightIndex(forCSSWeight weight: Int, available: [Int]) -> Int {
        let desired = min(1000, max(1, weight))
        var order: [Int] = []
        if desired >= 400 && desired <= 500 {
            order += available.filter { $0 >= desired && $0 <= 500 }.sorted()
            order += available.filter { $0 < desired }.sorted(by: >)
            order += available.filter { $0 > 500 }.sorted()
        } else if desired < 400 {
            order += available.filter { $0 <= desired }.sorted(by: >)
            order += available.filter { $0 > desired }.sorted()
        } else {
            order += available.filter { $0 >= desired }.sorted()
            order += available.filter { $0 < desired }.sorted(by: >)
        }
        return available.firstIndex(of: order[0]) ?? 0
    }

    /// `weightIndex(forCSSWeight:)` of 0, 100, …, 1000, the weights payloads use, computed once.
    static let commonWeightIndices: [Int] = (0...10).map { weightIndex(forCSSWeight: $0 * 100) }
}

/// Inter at one weight and size, with the fallback advances, ready for the line breaker.
///
/// Widths are integers in *subunits*, 1/4096 of a font unit, so that sums are exact and the same text
/// measures the same however it is split (re-measuring at a reported width never wraps differently).
/// Inter's advances are whole font units; emoji, tab stops and fallback advances are rounded to the
/// nearest subunit (under 1e-6 pt at 17 pt).
struct TextFace {
    /// Subunits per font unit.
    static let subunitsPerUnit = 4096

    /// The font this face was made for.
    let font: FontSpec
    /// The face read from a font file, when `font` names one: its shaped advances replace Inter's, and the widths
    /// below are in its units (`pointsPerSubunit` is size / (its unitsPerEm × 4096)).
    let loaded: FontFace?
    /// Points per subunit of the built-in Inter at this size (for characters a loaded face lacks).
    let interPointsPerSubunit: Double
    /// Index into `InterMetrics.weights`.
    let weightIndex: Int
    /// Points per subunit.
    let pointsPerSubunit: Double
    /// ASCII advances (font units) of this weight.
    let asciiUnits: UnsafeBufferPointer<UInt16>
    /// Advances of U+0000 ..< `InterMetrics.denseEnd` of this weight.
    let denseUnits: UnsafeBufferPointer<UInt16>
    /// Code points ≥ `InterMetrics.denseEnd` that Inter covers, and their advances in this weight.
    let sparseCodepoints: UnsafeBufferPointer<UInt32>
    let sparseUnits: UnsafeBufferPointer<UInt16>
    /// Compositions Inter covers (`base << 32 | mark`) and the precomposed code points.
    let compositionKeys: UnsafeBufferPointer<UInt64>
    let composedCodepoints: UnsafeBufferPointer<UInt32>
    /// Distance from the top of a line to its baseline, in points.
    let baselineOffset: Double
    /// Emoji: Noto Color Emoji's advance, 2550/2048 em, rounded by Chromium to whole device pixels.
    let emojiSubunits: Int
    /// 1 em: Han, kana, CJK punctuation and full-width forms in Noto Sans CJK.
    let emSubunits: Int
    /// Hangul syllables and jamo in Noto Sans CJK: 0.92 em.
    let hangulSubunits: Int
    /// Half-width forms (U+FF61…U+FF9F) in Noto Sans CJK: 0.5 em.
    let halfEmSubunits: Int
    /// Any other character Inter lacks: an estimate of 0.55 em (see docs/text.md).
    let otherFallbackSubunits: Int
    /// Tab stops every 28 pt (CSS `tab-size: 28px`; NSParagraphStyle's default interval).
    let tabIntervalSubunits: Int
    /// The hyphen drawn at a soft-hyphen break.
    let hyphenSubunits: Int
    /// The ellipsis "…" that ends a truncated line.
    let ellipsisSubunits: Int
    /// Index into `NotoMetrics.weights` of the Hebrew and Arabic faces CSS picks for this weight.
    let notoWeightIndex: Int
    /// Subunits per Noto font unit (Noto has 1000 units per em, Inter 2816).
    let notoSubunitsPerUnit: Double

    init(font: FontSpec, displayScale: Double, tables: InterTables) {
        let weight = font.weight
        weightIndex = weight % 100 == 0 && weight >= 0 && weight <= 1000
            ? InterTables.commonWeightIndices[weight / 100]
            : InterTables.weightIndex(forCSSWeight: weight)
        let size = font.size.isFinite && font.size > 0 ? font.size : 0
        loaded = font.face
        let unitsPerEm = font.face.map { Double($0.unitsPerEm) } ?? InterMetrics.unitsPerEm
        let subunitsPerEm = unitsPerEm * Double(Self.subunitsPerUnit)
        // Guard the divisions below for a zero size: everything is then 0 wide.
        pointsPerSubunit = size / subunitsPerEm
        interPointsPerSubunit = size / (InterMetrics.unitsPerEm * Double(Self.subunitsPerUnit))
        self.font = font
        asciiUnits = tables.ascii[weightIndex]
        denseUnits = tables.dense[weightIndex]
        sparseCodepoints = tables.sparseCodepoints
        sparseUnits = tables.sparseAdvances[weightIndex]
        compositionKeys = tables.compositionKeys
        composedCodepoints = tables.composedCodepoints
        if let face = font.face {
            baselineOffset = Self.baselineOffset(size: size, lineHeight: font.lineHeight, displayScale: displayScale,
                                                 unitsPerEm: unitsPerEm, ascender: Double(face.ascender),
                                                 descender: Double(face.descender))
        } else {
            baselineOffset = Self.baselineOffset(size: size, lineHeight: font.lineHeight, displayScale: displayScale)
        }
        func subunits(em: Double) -> Int { Int((em * subunitsPerEm).rounded()) }
        let emojiPoints = (size * displayScale * 2550 / 2048).rounded() / displayScale
        emojiSubunits = size > 0 ? Int((emojiPoints / size * subunitsPerEm).rounded()) : 0
        emSubunits = subunits(em: 1)
        hangulSubunits = subunits(em: 0.92)
        halfEmSubunits = subunits(em: 0.5)
        otherFallbackSubunits = subunits(em: 0.55)
        tabIntervalSubunits = size > 0 ? max(1, Int((28 / pointsPerSubunit).rounded())) : 1
        let interScale = Double(Self.subunitsPerUnit) * unitsPerEm / InterMetrics.unitsPerEm
        if let face = font.face {
            // The face's own hyphen and ellipsis (shaped alone), else Inter's, which the renderer falls back to.
            func advance(_ character: String, interUnits: Int) -> Int {
                guard character.unicodeScalars.allSatisfy({ face.covers($0.value) }) else {
                    return Int((Double(interUnits) * interScale).rounded())
                }
                return face.shape(character).reduce(0) { $0 + Int($1.advance) } * Self.subunitsPerUnit
            }
            hyphenSubunits = advance("-", interUnits: Int(asciiUnits[0x2D]))
            ellipsisSubunits = advance("…", interUnits: Int(InterMetrics.ellipsisAdvance[weightIndex]))
        } else {
            hyphenSubunits = Int(asciiUnits[0x2D]) * Self.subunitsPerUnit
            ellipsisSubunits = Int(InterMetrics.ellipsisAdvance[weightIndex]) * Self.subunitsPerUnit
        }
        notoWeightIndex = NotoTables.weightIndex(forCSSWeight: weight)
        notoSubunitsPerUnit = subunitsPerEm / NotoMetrics.unitsPerEm
    }

    /// Subunits for a width in Noto font units (rounded to the nearest subunit, under 1e-6 pt at 17 pt).
    @inline(__always)
    func subunits(notoUnits units: Int) -> Int {
        Int((Double(units) * notoSubunitsPerUnit).rounded())
    }

    /// Distance from the top of a line box to its baseline, as Chromium places it: CSS centres the
    /// content area (Inter's ascender + descender, each rounded to device pixels) in the line box,
    /// flooring the half-leading. Measured to the pixel in Chromium 156.
    static func baselineOffset(size: Double, lineHeight: Double, displayScale: Double,
                               unitsPerEm: Double = InterMetrics.unitsPerEm, ascender: Double = InterMetrics.ascender,
                               descender: Double = InterMetrics.descender) -> Double {
        let scale = size / unitsPerEm * displayScale
        let ascent = (ascender * scale).rounded()
        let descent = (-descender * scale).rounded()
        let halfLeading = ((lineHeight * displayScale - ascent - descent) / 2).rounded(.down)
        return (ascent + halfLeading) / displayScale
    }

    /// Points for a width in subunits.
    @inline(__always)
    func points(_ subunits: Int) -> Double {
        Double(subunits) * pointsPerSubunit
    }

    /// The most subunits a line may take to fit in `width` points (`Int.max / 4` for no limit).
    ///
    /// Rounds down, with a relative tolerance of 1e-9 so that a width this face reported
    /// (`points(n)`) converts back to at least `n`.
    func subunits(fitting width: Double) -> Int {
        Self.subunits(fitting: width, pointsPerSubunit: pointsPerSubunit)
    }

    /// `subunits(fitting:)` for a face with `pointsPerSubunit`.
    @inline(__always)
    static func subunits(fitting width: Double, pointsPerSubunit: Double) -> Int {
        guard width.isFinite, pointsPerSubunit > 0 else { return Int.max / 4 }
        let exact = width / pointsPerSubunit
        if exact >= Double(Int.max / 4) { return Int.max / 4 }
        let tolerant = exact * (1 + 1e-9)
        // No line fits a negative width; and `Int` of a value below `Int.min` would trap.
        guard tolerant >= -1 else { return -1 }
        return tolerant >= 0 ? Int(tolerant) : Int(tolerant.rounded(.down))  // Int() truncates: floor for ≥ 0
    }

    /// Inter's advance for a code point in font units, or `nil` if Inter has no glyph for it.
    @inline(__always)
    func interUnits(_ scalar: UInt32) -> Int? {
        if scalar < InterMetrics.denseEnd {
            let units = denseUnits[Int(scalar)]
            return units == InterMetrics.noGlyph ? nil : Int(units)
        }
        let codepoints = sparseCodepoints
        var low = 0
        var high = codepoints.count
        while low < high {
            let middle = (low + high) >> 1
            if codepoints[middle] < scalar { low = middle + 1 } else { high = middle }
        }
        guard low < codepoints.count, codepoints[low] == scalar else { return nil }
        return Int(sparseUnits[low])
    }

    /// The precomposed code point HarfBuzz draws for `base` followed by `mark`, if Inter has it.
    @inline(__always)
    func composition(_ base: UInt32, _ mark: UInt32) -> UInt32? {
        let key = UInt64(base) << 32 | UInt64(mark)
        let keys = compositionKeys
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) >> 1
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        guard low < keys.count, keys[low] == key else { return nil }
        return composedCodepoints[low]
    }

    /// The fallback advance (subunits) of a character Inter lacks, by the range of its first scalar.
    func fallbackSubunits(_ scalar: UInt32) -> Int {
        switch scalar {
        case 0xFF61...0xFF9F: return halfEmSubunits  // half-width katakana and punctuation
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF, 0xFFA0...0xFFDC:
            return hangulSubunits
        default:
            return Self.isCJK(scalar) ? emSubunits : otherFallbackSubunits
        }
    }

    /// Han, kana, Bopomofo, Hangul, CJK symbols and punctuation, full-width forms: drawn by the CJK font
    /// and breakable between any two characters.
    @inline(__always)
    static func isCJK(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x1100...0x11FF,  // Hangul Jamo
            0x2E80...0x2FDF,  // CJK radicals, Kangxi radicals
            0x2FF0...0x303F,  // ideographic description, CJK symbols and punctuation
            0x3040...0x33FF,  // kana, Bopomofo, Hangul compatibility jamo, Kanbun, strokes, enclosed, compatibility
            0x3400...0x4DBF,  // Han extension A
            0x4E00...0x9FFF,  // Han
            0xA960...0xA97F,  // Hangul Jamo extended A
            0xAC00...0xD7FF,  // Hangul syllables, Jamo extended B
            0xF900...0xFAFF,  // CJK compatibility ideographs
            0xFE10...0xFE1F,  // vertical forms
            0xFE30...0xFE4F,  // CJK compatibility forms
            0xFF00...0xFFEF,  // half-width and full-width forms
            0x1B000...0x1B16F,  // kana supplement and extended
            0x20000...0x3FFFF:  // Han extensions B…
            return true
        default:
            return false
        }
    }

    /// Whether the renderer draws nothing for this scalar: combining and enclosing marks, format
    /// characters, variation selectors, ZWJ and the control characters the renderer strips.
    @inline(__always)
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return scalar.properties.isDefaultIgnorableCodePoint
        }
    }
}
