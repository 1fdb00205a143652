// The Unicode Bidirectional Algorithm (UAX #9, Unicode 15.0): the embedding level of every character of a
// paragraph, and the visual order of a line. Checked against the standard's BidiCharacterTest
// (Tests/SDUILayoutTests/Fixtures/BidiCharacterTest-subset.txt). See docs/text.md, "Right to left".

/// The writing direction of a paragraph (UIKit's `NSWritingDirection`).
public enum WritingDirection: String, Hashable, Sendable, CaseIterable {
    /// Decided by the text: its first strong character (UAX #9 rules P2 and P3).
    case natural
    case leftToRight
    case rightToLeft
}

/// A character's directional type (Unicode's Bidi_Class property, UAX #9 table 4).
public enum BidiClass: UInt8, Hashable, Sendable, CaseIterable {
    case leftToRight, rightToLeft, arabicLetter
    case europeanNumber, europeanSeparator, europeanTerminator, arabicNumber, commonSeparator
    case nonspacingMark, boundaryNeutral
    case paragraphSeparator, segmentSeparator, whiteSpace, otherNeutral
    case leftToRightEmbedding, leftToRightOverride, rightToLeftEmbedding, rightToLeftOverride, popDirectionalFormat
    case leftToRightIsolate, rightToLeftIsolate, firstStrongIsolate, popDirectionalIsolate

    /// The class of `scalar` (Unicode 15.0).
    public init(_ scalar: Unicode.Scalar) { self = Self.of(scalar.value) }

    /// The class of a code point.
    static func of(_ value: UInt32) -> BidiClass {
        if value < 0x80 { return asciiClasses[Int(value)] }
        let starts = BidiData.rangeStarts
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) >> 1
            if starts[middle] <= value { low = middle + 1 } else { high = middle }
        }
        // low ≥ 1: the first range starts at 0.
        return BidiClass(rawValue: BidiData.rangeClasses[max(0, low - 1)]) ?? .leftToRight
    }

    private static let asciiClasses: [BidiClass] = (0..<128).map { value in
        var low = 0, high = BidiData.rangeStarts.count
        while low < high {
            let middle = (low + high) >> 1
            if BidiData.rangeStarts[middle] <= UInt32(value) { low = middle + 1 } else { high = middle }
        }
        return BidiClass(rawValue: BidiData.rangeClasses[max(0, low - 1)]) ?? .leftToRight
    }

    /// L, R or AL: a strong type.
    var isStrong: Bool { self == .leftToRight || self == .rightToLeft || self == .arabicLetter }
    /// LRI, RLI or FSI.
    var isIsolateInitiator: Bool { self == .leftToRightIsolate || self == .rightToLeftIsolate || self == .firstStrongIsolate }
    /// Removed by rule X9: embeddings, overrides, PDF and boundary neutrals.
    var isRemovedByX9: Bool {
        switch self {
        case .leftToRightEmbedding, .rightToLeftEmbedding, .leftToRightOverride, .rightToLeftOverride,
             .popDirectionalFormat, .boundaryNeutral:
            return true
        default:
            return false
        }
    }
    /// A neutral or isolate formatting character (NI in rules N1 and N2).
    var isNeutralOrIsolate: Bool {
        switch self {
        case .paragraphSeparator, .segmentSeparator, .whiteSpace, .otherNeutral,
             .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate, .popDirectionalIsolate:
            return true
        default:
            return false
        }
    }
}

/// One run of a line in visual order: characters of one embedding level.
public struct BidiRun: Hashable, Sendable {
    /// The characters (indices into the paragraph's scalars), in logical order.
    public var range: Range<Int>
    /// The embedding level; odd levels are drawn right to left.
    public var level: UInt8
    /// Whether the run is drawn right to left (an odd level).
    public var isRightToLeft: Bool { level & 1 == 1 }

    /// Creates a run.
    public init(range: Range<Int>, level: UInt8) {
        self.range = range; self.level = level
    }
}

/// The embedding levels of one paragraph, resolved by the Unicode Bidirectional Algorithm (UAX #9, rules
/// P2–I2), and its lines' visual order (rules L1 and L2).
///
/// ```swift
/// let paragraph = BidiParagraph(Array("שלום world".unicodeScalars))
/// paragraph.baseLevel                       // 1: the first strong character is Hebrew
/// paragraph.visualRuns(in: 0..<10)          // [6..<10 at level 2 ("world"), 0..<6 at level 1]
/// ```
///
/// The paragraph is one paragraph: a paragraph separator (U+2029, "\n") inside it is treated as rule L1 says,
/// but does not start a new paragraph (split paragraphs first). Embeddings nest at most 125 deep (`maxDepth`)
/// and bracket pairs are found up to 63 deep, as the standard prescribes.
public struct BidiParagraph: Sendable {
    /// The paragraph embedding level: 0 left to right, 1 right to left.
    public let baseLevel: UInt8
    /// Each character's class, as given (before any rule changes it).
    public let classes: [BidiClass]
    /// Each character's embedding level after rules X1–I2. Characters removed by rule X9 take the level of
    /// the character before them (the paragraph level at the start), which is where they are drawn.
    public let levels: [UInt8]

    /// The deepest explicit embedding (UAX #9 BD2).
    public static let maxDepth = 125

    /// Resolves the levels of `scalars`.
    /// - Parameters:
    ///   - direction: The paragraph direction; `.natural` finds it from the first strong character (P2, P3),
    ///     and a paragraph without one takes `defaultDirection`.
    ///   - defaultDirection: The direction of a `.natural` paragraph without strong characters (HL1; UAX #9's
    ///     own default is left to right). `.natural` counts as left to right.
    public init(_ scalars: [Unicode.Scalar], direction: WritingDirection = .natural,
                defaultDirection: WritingDirection = .leftToRight) {
        self.init(classes: scalars.map(BidiClass.init), brackets: scalars.map(\.value), direction: direction,
                  defaultDirection: defaultDirection)
    }

    /// Resolves the levels of characters given by class, with their code points (for bracket pairs, rule N0).
    init(classes: [BidiClass], brackets codepoints: [UInt32], direction: WritingDirection,
         defaultDirection: WritingDirection) {
        self.classes = classes
        let base: UInt8
        switch direction {
        case .leftToRight: base = 0
        case .rightToLeft: base = 1
        case .natural:
            let matching = BidiResolver.matchingPDIs(classes)
            switch BidiResolver.firstStrong(classes, from: 0, to: classes.count, matchingPDI: matching) {
            case .leftToRight?: base = 0
            case .rightToLeft?: base = 1
            case nil, .natural?: base = defaultDirection == .rightToLeft ? 1 : 0
            }
        }
        baseLevel = base
        var resolver = BidiResolver(classes: classes, codepoints: codepoints, baseLevel: base)
        resolver.resolve()
        levels = resolver.levels
    }

    /// The direction of the first strong character of `scalars` outside isolates (rules P2, P3), or `.natural`
    /// when there is none.
    public static func firstStrongDirection(of scalars: some Sequence<Unicode.Scalar>) -> WritingDirection {
        var depth = 0
        for scalar in scalars {
            switch BidiClass(scalar) {
            case .leftToRight where depth == 0: return .leftToRight
            case .rightToLeft where depth == 0, .arabicLetter where depth == 0: return .rightToLeft
            case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate: depth += 1
            case .popDirectionalIsolate: if depth > 0 { depth -= 1 }
            case .paragraphSeparator: return .natural
            default: break
            }
        }
        return .natural
    }

    /// The levels of the characters of one line (`range`, a part of the paragraph) after rule L1: segment and
    /// paragraph separators, and whitespace and isolate formatting characters before them or at the end of the
    /// line, take the paragraph level.
    public func lineLevels(_ range: Range<Int>) -> [UInt8] {
        let range = range.clamped(to: 0..<levels.count)
        var line = Array(levels[range])
        var trailing = true  // in a run of whitespace that reaches the end of the line or a separator
        for i in range.reversed() {
            let k = i - range.lowerBound
            switch classes[i] {
            case .segmentSeparator, .paragraphSeparator:
                line[k] = baseLevel
                trailing = true
            case .whiteSpace, .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate, .popDirectionalIsolate:
                if trailing { line[k] = baseLevel }
            case _ where classes[i].isRemovedByX9:
                if trailing { line[k] = baseLevel }
            default:
                trailing = false
            }
        }
        return line
    }

    /// The characters of a line in visual order, left to right (rule L2 after L1), as indices into the
    /// paragraph. Characters removed by rule X9 are left out when `includingRemoved` is false.
    public func visualOrder(_ range: Range<Int>, includingRemoved: Bool = true) -> [Int] {
        let range = range.clamped(to: 0..<levels.count)
        let line = lineLevels(range)
        var order = Array(range)
        guard let highest = line.max() else { return [] }
        let lowestOdd = (line.filter { $0 & 1 == 1 }.min() ?? highest + 1)
        if highest >= lowestOdd {
            var level = highest
            while level >= lowestOdd {
                var i = 0
                while i < order.count {
                    guard line[order[i] - range.lowerBound] >= level else { i += 1; continue }
                    var j = i
                    while j < order.count && line[order[j] - range.lowerBound] >= level { j += 1 }
                    order[i..<j].reverse()
                    i = j
                }
                if level == 0 { break }
                level -= 1
            }
        }
        return includingRemoved ? order : order.filter { !classes[$0].isRemovedByX9 }
    }

    /// The runs of one line, in visual order (left to right): maximal stretches of characters with one level
    /// after rule L1, each a contiguous logical range.
    public func visualRuns(in range: Range<Int>) -> [BidiRun] {
        let range = range.clamped(to: 0..<levels.count)
        let line = lineLevels(range)
        var runs: [BidiRun] = []
        var start = range.lowerBound
        for i in range where i + 1 == range.upperBound || line[i + 1 - range.lowerBound] != line[i - range.lowerBound] {
            runs.append(BidiRun(range: start..<(i + 1), level: line[i - range.lowerBound]))
            start = i + 1
        }
        // Rule L2 over runs: reverse every maximal sequence of runs at or above each level, from the highest
        // level down to the lowest odd one.
        guard let highest = runs.map(\.level).max() else { return [] }
        let lowestOdd = runs.map(\.level).filter { $0 & 1 == 1 }.min() ?? highest + 1
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < runs.count {
                guard runs[i].level >= level else { i += 1; continue }
                var j = i
                while j < runs.count && runs[j].level >= level { j += 1 }
                runs[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return runs
    }
}
