// A font at one size, as the line breaker reads it: the faces its characters are drawn with, in the renderer's
// order, and the advances of what no face draws. Numbers and their evidence: docs/text.md.

/// The faces the text of one font is drawn with, first to last, each character by the first that has it.
final class FaceChain {
    /// The faces: a loaded face (if the font names one), then the bundled Inter, Noto Sans Hebrew and Noto Sans
    /// Arabic of the font's weight — the order the renderer's `font-family` lists them in. Empty when the bundled
    /// fonts cannot be read and no face was loaded.
    let faces: [FontFace]
    /// Per face, subunits of the first face per font unit of this one (`TextFace.subunitsPerUnit` for the first).
    let scales: [Double]

    init(faces: [FontFace]) {
        self.faces = faces
        let unitsPerEm = Double(faces.first?.unitsPerEm ?? 2048)
        scales = faces.map { Double(TextFace.subunitsPerUnit) * unitsPerEm / Double($0.unitsPerEm) }
    }

    /// The index of the first face that draws `scalar` (its glyph, its canonical decomposition, or a space it draws
    /// with its space glyph), or nil.
    @inline(__always)
    func faceIndex(for scalar: UInt32) -> Int? {
        faces.firstIndex { $0.draws(scalar) }
    }
}

extension FontFace {
    /// Whether shaping draws `scalar` with this face: its own glyph, its canonical decomposition's, a space's
    /// fallback (the space glyph) or U+2011's (U+2010's glyph) — what HarfBuzz's normaliser maps without `.notdef`.
    func draws(_ scalar: UInt32) -> Bool {
        if glyph(for: scalar) != 0 { return true }
        if ScalarProperties.spaceFallback(scalar) != nil { return glyph(for: 0x20) != 0 }
        if scalar == 0x2011 { return glyph(for: 0x2010) != 0 }
        guard let (first, second) = CanonicalComposition.decompose(scalar) else { return false }
        return draws(first) && (second == 0 || glyph(for: second) != 0)
    }
}

/// A font at one size and weight, with its faces and the fallback advances, ready for the line breaker.
///
/// Widths are integers in *subunits*, 1/4096 of a font unit of the first face, so that sums are exact and the same
/// text measures the same however it is split (re-measuring at a reported width never wraps differently). Advances
/// of the first face are whole font units; other faces', emoji, tab stops and fallback advances are rounded to the
/// nearest subunit (under 1e-6 pt at 17 pt).
struct TextFace {
    /// Subunits per font unit.
    static let subunitsPerUnit = 4096

    /// The font this face was made for.
    let font: FontSpec
    /// The faces its characters are drawn with.
    let chain: FaceChain
    /// The first face's printable-ASCII tables, when it has them (`ASCIIShaping`).
    let ascii: ASCIIShaping?
    /// Points per subunit.
    let pointsPerSubunit: Double
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
    /// Any other character no face draws: an estimate of 0.55 em (see docs/text.md).
    let otherFallbackSubunits: Int
    /// Tab stops every 28 pt (CSS `tab-size: 28px`; NSParagraphStyle's default interval).
    let tabIntervalSubunits: Int
    /// The hyphen drawn at a soft-hyphen break.
    let hyphenSubunits: Int
    /// The ellipsis "…" that ends a truncated line.
    let ellipsisSubunits: Int

    /// Bundled Inter's metrics, for the baseline of a font whose faces cannot be read.
    private static let interUnitsPerEm = 2816.0, interAscender = 2728.0, interDescender = -680.0

    /// - Parameter usesASCIITables: false to shape every text in full (tests compare the two).
    init(font: FontSpec, displayScale: Double, usesASCIITables: Bool = true) {
        let size = font.size.isFinite && font.size > 0 ? font.size : 0
        var faces: [FontFace] = []
        if let loaded = font.face { faces.append(loaded) }
        for family in ["Inter", "Noto Sans Hebrew", "Noto Sans Arabic"] {
            if let face = BundledFonts.face(family: family, weight: font.weight) { faces.append(face) }
        }
        chain = FaceChain(faces: faces)
        self.font = font
        ascii = usesASCIITables ? faces.first?.ascii : nil
        let unitsPerEm = Double(faces.first?.unitsPerEm ?? 2048)
        let subunitsPerEm = unitsPerEm * Double(Self.subunitsPerUnit)
        // Guard the divisions below for a zero size: everything is then 0 wide.
        pointsPerSubunit = size / subunitsPerEm
        if let first = faces.first {
            baselineOffset = Self.baselineOffset(size: size, lineHeight: font.lineHeight, displayScale: displayScale,
                                                 unitsPerEm: unitsPerEm, ascender: Double(first.ascender),
                                                 descender: Double(first.descender))
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
        // The hyphen and the ellipsis alone, from the first face that draws them.
        func alone(_ scalar: UInt32, _ chain: FaceChain, fallback: Int) -> Int {
            guard let index = chain.faceIndex(for: scalar) else { return fallback }
            let face = chain.faces[index]
            return Int((Double(face.advance(ofGlyph: face.glyph(for: scalar))) * chain.scales[index]).rounded())
        }
        hyphenSubunits = alone(0x2D, chain, fallback: otherFallbackSubunits)
        ellipsisSubunits = alone(0x2026, chain, fallback: otherFallbackSubunits)
    }

    /// Distance from the top of a line box to its baseline, as Chromium places it: CSS centres the
    /// content area (the face's ascender + descender, each rounded to device pixels) in the line box,
    /// flooring the half-leading. Measured to the pixel in Chromium 156.
    static func baselineOffset(size: Double, lineHeight: Double, displayScale: Double,
                               unitsPerEm: Double = interUnitsPerEm, ascender: Double = interAscender,
                               descender: Double = interDescender) -> Double {
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

    /// The fallback advance (subunits) of a character no face draws, by the range of its first scalar.
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
