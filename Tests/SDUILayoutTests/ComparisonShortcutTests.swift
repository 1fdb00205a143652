import Testing
import SDUIEnvironment
@testable import SDUILayout

/// The shortcuts the change comparison and the reading order take against what they stand for: a placed text's lines
/// found equal by their storage before they are compared as arrays (`PlacedText.drawSame`), and a coordinate snapped to
/// hundredths without the C library's `round` (`AccessibilityOrder.snapped`).
@Suite struct ComparisonShortcutTests {
    static func lines(_ texts: [String]) -> [TextLine] {
        var start = 0
        return texts.map { text in
            defer { start += text.utf8.count }
            return TextLine(utf8Range: start..<start + text.utf8.count, width: Double(text.utf8.count) * 7.5, text: text)
        }
    }

    static func placed(_ lines: [TextLine]) -> PlacedText {
        var text = PlacedText()
        text.isPlaced = true
        text.fontSize = 17
        text.lineHeight = 22
        text.placed.layout.lines = lines
        return text
    }

    static func drawSame(_ a: PlacedText, _ b: PlacedText) -> Bool {
        withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in PlacedText.drawSame(a, b) } }
    }

    @Test func linesAreComparedByStorageThenByValue() {
        let shared = Self.lines(["Product number 7", "with a longer name"])
        // One storage: the same lines.
        #expect(Self.drawSame(Self.placed(shared), Self.placed(shared)))
        // Two storages of equal lines: equal (compared as arrays).
        let copy = Self.lines(["Product number 7", "with a longer name"])
        #expect(Self.drawSame(Self.placed(shared), Self.placed(copy)))
        // Other lines, fewer lines, no lines: not the same.
        #expect(!Self.drawSame(Self.placed(shared), Self.placed(Self.lines(["Product number 8", "with a longer name"]))))
        #expect(!Self.drawSame(Self.placed(shared), Self.placed(Self.lines(["Product number 7"]))))
        #expect(!Self.drawSame(Self.placed(shared), Self.placed([])))
        #expect(Self.drawSame(Self.placed([]), Self.placed([])))
        // The same storage, something else different: not the same.
        var bigger = Self.placed(shared)
        bigger.fontSize = 18
        #expect(!Self.drawSame(Self.placed(shared), bigger))
        // A storage shared, then one side written: its own storage with other lines.
        var written = Self.placed(shared)
        written.placed.layout.lines[0].text = "Product number 9"
        #expect(!Self.drawSame(Self.placed(shared), written))
    }

    @Test func snappedRoundsAsTheCLibraryDoes() {
        var values: [Double] = [0, -0.0, 0.005, -0.005, 0.004999999, 0.015, -0.015, 0.125, -0.125, 1.005, 2.675, 1e-300, -1e-300,
                                .infinity, -.infinity, .nan, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                .leastNonzeroMagnitude, 4_503_599_627_370_496 / 100, 4_503_599_627_370_497 / 100,
                                9_223_372_036_854_775_808 / 100, 1e17, -1e17, 1e19, -1e19]
        // Halves of hundredths and their neighbours, at every magnitude up to where every double is a whole number.
        var scale = 1.0
        while scale < 1e17 {
            for k in [0.5, 1.5, 2.5, 12.5, 99.5] {
                let v = k * scale / 100
                values += [v, v.nextUp, v.nextDown, -v, (-v).nextUp, (-v).nextDown]
            }
            scale *= 7
        }
        var generator = SplitMix(seed: 27)
        let scales: [Double] = [1e-3, 1e-1, 1, 10, 1e3, 1e6, 1e9, 1e12, 1e15, 1e18]
        for _ in 0..<20_000 {
            let v = Double.random(in: -1...1, using: &generator) * scales.randomElement(using: &generator)!
            values += [v, (v * 100).rounded() / 100, ((v * 100).rounded() + 0.5) / 100]
        }
        for v in values {
            let expected = (v * 100).rounded(), snapped = AccessibilityOrder.snapped(v)
            #expect(snapped == expected || snapped.isNaN && expected.isNaN, "snapped(\(v)) = \(snapped), not \(expected)")
        }
    }
}
