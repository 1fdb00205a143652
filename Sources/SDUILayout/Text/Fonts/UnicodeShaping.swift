// The Unicode rules shaping applies before a font's lookups: canonical composition and decomposition (what HarfBuzz's
// normaliser does with the font's coverage) and the Arabic joining forms. Data: ShapingData.swift (UCD 15.0).

/// How a character joins its neighbours (Unicode's Joining_Type, ArabicShaping.txt).
enum JoiningType: UInt8 {
    /// Joins neither side (U).
    case nonJoining = 0
    /// Joins the character before it only (R: alef, dal, reh, waw…).
    case rightJoining = 1
    /// Joins both sides (D: beh, seen, lam…).
    case dualJoining = 2
    /// Joins the character after it only (L).
    case leftJoining = 3
    /// Makes its neighbours join (C: tatweel, ZWJ).
    case joinCausing = 4
    /// Skipped when deciding who joins whom (T: marks).
    case transparent = 5

    /// The joining type of a code point: ArabicShaping.txt's, else transparent for marks and format characters
    /// (Mn, Me, Cf) and non-joining for everything else, as HarfBuzz decides.
    static func of(_ scalar: UInt32) -> JoiningType {
        if scalar < 0x0600 {
            // Only combining marks (transparent) below the Arabic block: U+0300…036F and the like.
            guard scalar >= 0x0300 else { return scalar == 0xAD ? .transparent : .nonJoining }
        } else if let listed = listed(scalar) {
            return listed
        }
        guard let properties = Unicode.Scalar(scalar)?.properties else { return .nonJoining }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return .transparent
        default: return .nonJoining
        }
    }

    /// The type ArabicShaping.txt gives a code point, if it lists one other than U.
    private static func listed(_ scalar: UInt32) -> JoiningType? {
        let ranges = ShapingData.joiningRanges
        var low = 0, high = ranges.count / 3
        while low < high {
            let middle = (low + high) >> 1
            if ranges[middle * 3 + 1] < scalar { low = middle + 1 } else { high = middle }
        }
        guard low < ranges.count / 3, ranges[low * 3] <= scalar else { return nil }
        return JoiningType(rawValue: UInt8(ranges[low * 3 + 2]))
    }

    /// The state machine's column: U, L, R, D (C joins as D).
    fileprivate var column: Int {
        switch self {
        case .nonJoining, .transparent: return 0
        case .leftJoining: return 1
        case .rightJoining: return 2
        case .dualJoining, .joinCausing: return 3
        }
    }
}

/// The contextual form an Arabic-script character takes: which of the `isol`, `fina`, `medi`, `init` features
/// applies to it (a bit each in a glyph's feature mask), or none.
enum JoiningForm: UInt8 {
    case none = 0
    case isolated = 1
    case final = 2
    case medial = 4
    case initial = 8

    /// The feature tag that draws the form.
    var feature: UInt32 {
        switch self {
        case .none: return 0
        case .isolated: return FontFile.tag("isol")
        case .final: return FontFile.tag("fina")
        case .medial: return FontFile.tag("medi")
        case .initial: return FontFile.tag("init")
        }
    }

    /// The form of each character of `scalars` (HarfBuzz's Arabic joining state machine over Unicode's joining
    /// types): a character joins the one before it when both can, marks are skipped. `before` and `after` are the
    /// characters around the run (the first that is not transparent decides how the run's ends join).
    static func forms(_ scalars: UnsafeBufferPointer<UInt32>, before: UInt32?, after: UInt32?) -> [JoiningForm] {
        // (previous action, current action, next state) per state and column U, L, R, D — HarfBuzz's table
        // without the Syriac columns. 0 none, 1 isol, 2 fina, 4 medi, 8 init.
        typealias Entry = (previous: UInt8, current: UInt8, next: Int)
        let table: [[Entry]] = [
            [(0, 0, 0), (0, 1, 2), (0, 1, 1), (0, 1, 2)],  // 0: previous was U, not willing to join
            [(0, 0, 0), (0, 1, 2), (0, 1, 1), (0, 1, 2)],  // 1: previous was R or isolated, not willing to join
            [(0, 0, 0), (0, 1, 2), (8, 2, 1), (8, 2, 3)],  // 2: previous was D/L isolated, willing to join
            [(0, 0, 0), (0, 1, 2), (4, 2, 1), (4, 2, 3)],  // 3: previous was D final, willing to join
        ]
        var result = [JoiningForm](repeating: .none, count: scalars.count)
        var state = 0
        if let before {
            let type = JoiningType.of(before)
            if type != .transparent { state = table[0][type.column].next }
        }
        var previous = -1
        for i in scalars.indices {
            let type = JoiningType.of(scalars[i])
            if type == .transparent { continue }
            let entry = table[state][type.column]
            if entry.previous != 0 && previous >= 0 { result[previous] = JoiningForm(rawValue: entry.previous) ?? .none }
            result[i] = JoiningForm(rawValue: entry.current) ?? .none
            previous = i
            state = entry.next
        }
        if let after {
            let type = JoiningType.of(after)
            if type != .transparent {
                let entry = table[state][type.column]
                if entry.previous != 0 && previous >= 0 { result[previous] = JoiningForm(rawValue: entry.previous) ?? .none }
            }
        }
        return result
    }
}

/// Canonical decomposition and composition (UCD 15.0), as a shaper normalises text against a font's coverage.
enum CanonicalComposition {
    private static let hangulBase: UInt32 = 0xAC00, leadBase: UInt32 = 0x1100, vowelBase: UInt32 = 0x1161
    private static let trailBase: UInt32 = 0x11A7, vowelCount: UInt32 = 21, trailCount: UInt32 = 28
    private static let syllableCount: UInt32 = 11_172

    /// The canonical decomposition of a code point into one or two (`second` 0) code points, or nil.
    static func decompose(_ scalar: UInt32) -> (first: UInt32, second: UInt32)? {
        if scalar >= hangulBase && scalar < hangulBase + syllableCount {
            let index = scalar - hangulBase
            let trail = index % trailCount
            if trail != 0 { return (scalar - trail, trailBase + trail) }  // LV + T
            return (leadBase + index / (vowelCount * trailCount), vowelBase + (index % (vowelCount * trailCount)) / trailCount)
        }
        guard scalar >= 0xC0 else { return nil }
        let table = ShapingData.decompositions
        var low = 0, high = table.count / 3
        while low < high {
            let middle = (low + high) >> 1
            if table[middle * 3] < scalar { low = middle + 1 } else { high = middle }
        }
        guard low < table.count / 3, table[low * 3] == scalar else { return nil }
        return (table[low * 3 + 1], table[low * 3 + 2])
    }

    /// The primary composite of two code points, or nil.
    static func compose(_ first: UInt32, _ second: UInt32) -> UInt32? {
        if first >= leadBase && first < leadBase + 19 && second >= vowelBase && second < vowelBase + vowelCount {
            return hangulBase + ((first - leadBase) * vowelCount + second - vowelBase) * trailCount
        }
        if first >= hangulBase && first < hangulBase + syllableCount && (first - hangulBase) % trailCount == 0
            && second > trailBase && second < trailBase + trailCount {
            return first + second - trailBase
        }
        let table = ShapingData.compositions
        let key = UInt64(first) << 32 | UInt64(second)
        var low = 0, high = table.count / 3
        while low < high {
            let middle = (low + high) >> 1
            if UInt64(table[middle * 3]) << 32 | UInt64(table[middle * 3 + 1]) < key { low = middle + 1 } else { high = middle }
        }
        guard low < table.count / 3, table[low * 3] == first, table[low * 3 + 1] == second else { return nil }
        return table[low * 3 + 2]
    }
}

/// What a shaper needs to know about a character beyond its glyph.
enum ScalarProperties {
    /// Whether it is a combining mark (general category Mn, Mc or Me): marks are normalised with their base.
    @inline(__always)
    static func isMark(_ scalar: UInt32) -> Bool {
        if scalar < 0x0300 { return false }
        guard let properties = Unicode.Scalar(scalar)?.properties else { return false }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Whether it is a non-spacing mark (Mn): a mark for a font without GDEF glyph classes, as HarfBuzz decides.
    @inline(__always)
    static func isNonspacingMark(_ scalar: UInt32) -> Bool {
        scalar >= 0x0300 && Unicode.Scalar(scalar)?.properties.generalCategory == .nonspacingMark
    }

    /// The canonical combining class.
    @inline(__always)
    static func combiningClass(_ scalar: UInt32) -> UInt8 {
        scalar < 0x0300 ? 0 : Unicode.Scalar(scalar)?.properties.canonicalCombiningClass.rawValue ?? 0
    }

    /// Whether a shaper draws it with no advance: default-ignorable code points (soft hyphen, ZWSP, ZWJ, ZWNJ,
    /// variation selectors, bidi controls, BOM), which HarfBuzz hides after shaping.
    @inline(__always)
    static func isDefaultIgnorable(_ scalar: UInt32) -> Bool {
        if scalar < 0xAD { return false }
        if scalar == 0xAD { return true }
        if scalar < 0x034F { return false }
        return Unicode.Scalar(scalar)?.properties.isDefaultIgnorableCodePoint ?? false
    }

    /// The fraction of an em HarfBuzz gives a space character a font lacks (drawn with the font's space glyph), or
    /// nil when it is not such a space; 0 means "the space glyph's own advance".
    static func spaceFallback(_ scalar: UInt32) -> Double? {
        switch scalar {
        case 0x00A0, 0x1680: return 0  // no-break space, Ogham space mark: the space's advance
        case 0x2000, 0x2002: return 1.0 / 2
        case 0x2001, 0x2003, 0x3000: return 1
        case 0x2004: return 1.0 / 3
        case 0x2005: return 1.0 / 4
        case 0x2006: return 1.0 / 6
        case 0x2009: return 1.0 / 5
        case 0x200A: return 1.0 / 16
        case 0x205F: return 4.0 / 18
        default: return nil
        }
    }
}
