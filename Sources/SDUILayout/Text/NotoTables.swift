// Hebrew and Arabic advances: Noto Sans Hebrew and Noto Sans Arabic, the faces the renderer embeds after Inter,
// and Arabic's joining forms and lam-alef ligatures. Numbers and their evidence: docs/text.md, "Right to left".

/// The scripts the renderer draws with a Noto face (Inter has none of their letters).
enum NotoScript {
    case hebrew, arabic

    /// The script whose face covers `scalar`'s block, if any (the face may still lack the character).
    @inline(__always)
    static func of(_ scalar: UInt32) -> NotoScript? {
        switch scalar {
        case 0x0590...0x05FF, 0xFB1D...0xFB4F: return .hebrew
        case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF: return .arabic
        default: return nil
        }
    }
}

/// How an Arabic character joins its neighbours (Unicode's Joining_Type, ArabicShaping.txt).
enum JoiningType: UInt8 {
    /// Joins neither side (U); also every character outside the Arabic face but ZWJ.
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

    /// Whether a character of this type joins the one after it, when that one joins back.
    var joinsForward: Bool { self == .dualJoining || self == .leftJoining || self == .joinCausing }
    /// Whether a character of this type joins the one before it, when that one joins forward.
    var joinsBackward: Bool { self == .dualJoining || self == .rightJoining || self == .joinCausing }
}

/// An Arabic letter's contextual form: the index of its advance in `NotoMetrics.arabicAdvances`.
enum ArabicForm: Int {
    case isolated = 0, initial = 1, medial = 2, final = 3

    /// The form of a letter that joins the one before it (`previous`) and/or the one after it (`next`).
    @inline(__always)
    static func joining(previous: Bool, next: Bool) -> ArabicForm {
        previous ? (next ? .medial : .final) : (next ? .initial : .isolated)
    }
}

/// The Noto tables in the layout the measurer reads: flat, immutable, allocated once.
final class NotoTables: @unchecked Sendable {
    // @unchecked: every buffer is written in `init` and only read afterwards, never freed.

    static let shared = NotoTables()

    let hebrewCodepoints: UnsafeBufferPointer<UInt32>
    /// Per weight index, advances parallel to `hebrewCodepoints`.
    let hebrewAdvances: [UnsafeBufferPointer<UInt16>]
    /// Presentation forms drawn decomposed before a mark, and per weight index their advance then.
    let hebrewBeforeMark: [(UInt32, [UInt16])]
    let arabicCodepoints: UnsafeBufferPointer<UInt32>
    let arabicJoiningTypes: UnsafeBufferPointer<UInt8>
    /// Per weight index, four advances (isolated, initial, medial, final) per Arabic code point.
    let arabicAdvances: [UnsafeBufferPointer<UInt16>]
    let lamAlefKeys: UnsafeBufferPointer<UInt64>
    /// Per weight index, two advances per lam-alef (lam initial, lam medial).
    let lamAlefAdvances: [UnsafeBufferPointer<UInt16>]
    let compositionKeys: UnsafeBufferPointer<UInt64>
    let composedCodepoints: UnsafeBufferPointer<UInt32>

    private init() {
        func freeze<T>(_ values: [T]) -> UnsafeBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: values.count)
            _ = buffer.initialize(from: values)
            return UnsafeBufferPointer(buffer)
        }
        hebrewCodepoints = freeze(NotoMetrics.hebrewCodepoints)
        hebrewAdvances = NotoMetrics.hebrewAdvances.map(freeze)
        hebrewBeforeMark = NotoMetrics.hebrewBeforeMark
        arabicCodepoints = freeze(NotoMetrics.arabicCodepoints)
        arabicJoiningTypes = freeze(NotoMetrics.arabicJoiningTypes)
        arabicAdvances = NotoMetrics.arabicAdvances.map(freeze)
        lamAlefKeys = freeze(NotoMetrics.lamAlefKeys)
        lamAlefAdvances = NotoMetrics.lamAlefAdvances.map(freeze)
        compositionKeys = freeze(NotoMetrics.arabicCompositionKeys)
        composedCodepoints = freeze(NotoMetrics.arabicComposedCodepoints)
    }

    /// The index of `value` in the ascending `values`, or nil.
    @inline(__always)
    static func index<T: BinaryInteger>(of value: T, in values: UnsafeBufferPointer<T>) -> Int? {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) >> 1
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < values.count && values[low] == value ? low : nil
    }

    /// Index of a code point of the Hebrew face.
    @inline(__always)
    func hebrewIndex(_ scalar: UInt32) -> Int? { Self.index(of: scalar, in: hebrewCodepoints) }

    /// Index of a code point of the Arabic face.
    @inline(__always)
    func arabicIndex(_ scalar: UInt32) -> Int? { Self.index(of: scalar, in: arabicCodepoints) }

    /// The joining type of any code point: the Arabic face's table, ZWJ join-causing, other marks and format
    /// characters transparent, everything else non-joining.
    @inline(__always)
    func joiningType(_ scalar: UInt32) -> JoiningType {
        if let i = arabicIndex(scalar) { return JoiningType(rawValue: arabicJoiningTypes[i]) ?? .nonJoining }
        if scalar == 0x200D { return .joinCausing }
        if scalar == 0x200C || scalar < 0x0300 { return .nonJoining }
        return TextFace.isZeroWidth(Unicode.Scalar(scalar) ?? " ") ? .transparent : .nonJoining
    }

    /// The precomposed letter HarfBuzz draws for `base` followed by `mark`, if the Arabic face has it.
    @inline(__always)
    func composition(_ base: UInt32, _ mark: UInt32) -> UInt32? {
        Self.index(of: UInt64(base) << 32 | UInt64(mark), in: compositionKeys).map { composedCodepoints[$0] }
    }

    /// The index of the lam-alef ligature of `lam` followed by `alef`, if the face has one.
    @inline(__always)
    func lamAlef(_ lam: UInt32, _ alef: UInt32) -> Int? {
        Self.index(of: UInt64(lam) << 32 | UInt64(alef), in: lamAlefKeys)
    }

    /// The CSS font matching weight index (into `NotoMetrics.weights`) for a CSS weight: the faces are 400 and
    /// 700, so up to 500 → 400 and above → 700 (CSS Fonts 4 §5.2, as for Inter).
    static func weightIndex(forCSSWeight weight: Int) -> Int {
        weight % 100 == 0 && weight >= 0 && weight <= 1000 ? commonWeightIndices[weight / 100]
            : InterTables.weightIndex(forCSSWeight: weight, available: NotoMetrics.weights)
    }

    /// `weightIndex(forCSSWeight:)` of 0, 100, …, 1000, computed once.
    private static let commonWeightIndices: [Int] = (0...10).map {
        InterTables.weightIndex(forCSSWeight: $0 * 100, available: NotoMetrics.weights)
    }
}
