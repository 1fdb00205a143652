import Foundation
import Testing
@testable import SDUILayout

/// The Unicode Bidirectional Algorithm against the standard's own conformance data (a subset of
/// BidiCharacterTest-15.0.0.txt, see the file's header) and a few cases stated by hand.
@Suite struct BidiTests {
    struct Case: Sendable, CustomStringConvertible {
        var line: Int
        var scalars: [Unicode.Scalar]
        var direction: WritingDirection
        var paragraphLevel: UInt8
        var levels: [UInt8?]  // nil: removed by X9
        var order: [Int]
        var description: String { "line \(line)" }
    }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/BidiCharacterTest-subset.txt")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var cases: [Case] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let fields = line.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 5 else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            let direction: WritingDirection = fields[1] == "0" ? .leftToRight : fields[1] == "1" ? .rightToLeft : .natural
            cases.append(Case(line: number + 1, scalars: scalars, direction: direction,
                              paragraphLevel: UInt8(fields[2]) ?? 255,
                              levels: fields[3].split(separator: " ").map { $0 == "x" ? nil : UInt8($0) },
                              order: fields[4].split(separator: " ").compactMap { Int($0) }))
        }
        return cases
    }()

    @Test func `the conformance subset is in the repository and holds thousands of cases`() {
        #expect(Self.cases.count > 2000)
        #expect(Self.cases.contains { $0.scalars.contains { $0.value == 0x2067 } }, "isolates are covered")
        #expect(Self.cases.contains { $0.scalars.contains { $0.value == 0x202E } }, "overrides are covered")
    }

    @Test func `every BidiCharacterTest case resolves to the standard's paragraph level, levels and visual order`() {
        var failures: [String] = []
        for c in Self.cases {
            let paragraph = BidiParagraph(c.scalars, direction: c.direction)
            let levels = paragraph.lineLevels(0..<c.scalars.count)
            var problems: [String] = []
            if paragraph.baseLevel != c.paragraphLevel { problems.append("paragraph level \(paragraph.baseLevel)") }
            let got = zip(levels, c.scalars).map { level, scalar in BidiClass(scalar).isRemovedByX9 ? nil : level } as [UInt8?]
            if got.count != c.levels.count || zip(got, c.levels).contains(where: { $0 != $1 }) {
                problems.append("levels \(got.map { $0.map(String.init) ?? "x" }.joined(separator: " "))")
            }
            let order = paragraph.visualOrder(0..<c.scalars.count, includingRemoved: false)
            if order != c.order { problems.append("order \(order.map(String.init).joined(separator: " "))") }
            if !problems.isEmpty && failures.count < 20 {
                failures.append("\(c): " + problems.joined(separator: "; ") + " (expected level \(c.paragraphLevel), levels "
                    + c.levels.map { $0.map(String.init) ?? "x" }.joined(separator: " ") + ", order "
                    + c.order.map(String.init).joined(separator: " ") + ")")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func `a Hebrew paragraph with an English word runs right to left around a left-to-right run`() {
        let text = Array("שלום world!".unicodeScalars)
        let paragraph = BidiParagraph(text)
        #expect(paragraph.baseLevel == 1)
        let runs = paragraph.visualRuns(in: 0..<text.count)
        // Visual order, left to right: "!" (paragraph level), "world" (level 2), " " then "שלום" (level 1).
        #expect(runs == [BidiRun(range: 10..<11, level: 1), BidiRun(range: 5..<10, level: 2), BidiRun(range: 0..<5, level: 1)])
    }

    @Test func `numbers in Arabic text stay left to right and neutrals between them follow the paragraph`() {
        let text = Array("السعر 129 ريال".unicodeScalars)
        let paragraph = BidiParagraph(text)
        #expect(paragraph.baseLevel == 1)
        #expect(paragraph.levels[6..<9].allSatisfy { $0 == 2 }, "European digits after Arabic letters: W2 makes them AN, level 2")
        #expect(BidiParagraph.firstStrongDirection(of: "$129".unicodeScalars) == .natural)
        #expect(BidiParagraph.firstStrongDirection(of: "123 abc".unicodeScalars) == .leftToRight)
        #expect(BidiParagraph.firstStrongDirection(of: "\u{2067}abc\u{2069} שלום".unicodeScalars) == .rightToLeft,
                "an isolate is skipped")
    }

    @Test func `a paragraph without strong characters takes the default direction`() {
        let text = Array("(1) - 2".unicodeScalars)
        #expect(BidiParagraph(text).baseLevel == 0)
        #expect(BidiParagraph(text, defaultDirection: .rightToLeft).baseLevel == 1)
        #expect(BidiParagraph(text, direction: .leftToRight, defaultDirection: .rightToLeft).baseLevel == 0)
    }

    @Test func `the class table agrees with the standard's classes for sample characters`() {
        let expected: [(UInt32, BidiClass)] = [
            (0x41, .leftToRight), (0x5D0, .rightToLeft), (0x627, .arabicLetter), (0x31, .europeanNumber),
            (0x661, .arabicNumber), (0x2B, .europeanSeparator), (0x24, .europeanTerminator), (0x2C, .commonSeparator),
            (0x300, .nonspacingMark), (0x200B, .boundaryNeutral), (0x2029, .paragraphSeparator), (0x9, .segmentSeparator),
            (0x20, .whiteSpace), (0x21, .otherNeutral), (0x202A, .leftToRightEmbedding), (0x2066, .leftToRightIsolate),
            (0x2069, .popDirectionalIsolate), (0x5FF, .rightToLeft), (0x20CF, .europeanTerminator), (0xFDD0, .boundaryNeutral),
            (0x1F600, .otherNeutral), (0x10FFFF, .boundaryNeutral),
        ]
        for (value, bidi) in expected {
            #expect(BidiClass.of(value) == bidi, "U+\(String(value, radix: 16, uppercase: true))")
        }
    }
}
