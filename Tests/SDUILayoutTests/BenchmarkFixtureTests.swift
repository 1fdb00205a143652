import SDUIEnvironment
import SDUILayout
import SDUISchema
import Testing
import SDUIFixtures

/// The bench fixture's frames against the closed form the peer comparison (`Benchmarks/compare.py`) expects.
@Suite struct BenchmarkFixtureTests {
    @Test func `cards-100 at 375 pt matches the closed form`() {
        let result = LayoutEngine().layout(BenchmarkFixtures.cards(), in: window(375, 667), traits: window(375, 667).traitCollection())
        #expect(result.nodes.count == 802)
        let cardHeight = 204.09375
        #expect(near(result.frame("scroll"), Rect(x: 0, y: 0, width: 375, height: 667)))
        #expect(near(result.frame("grid")!.height, 16 + 50 * cardHeight + 49 * 12 + 16))
        for i in [0, 1, 2, 57, 99] {
            let x = 16 + Double(i % 2) * (165.5 + 12)
            let y = 16 + Double(i / 2) * (cardHeight + 12)
            #expect(near(result.frame("card-\(i)"), Rect(x: x, y: y, width: 165.5, height: cardHeight)))
            #expect(near(result.frame("card-\(i)-image"), Rect(x: x + 8, y: y + 8, width: 149.5, height: 84.09375)))
            #expect(near(result.frame("card-\(i)-title"), Rect(x: x + 8, y: y + 100.09375, width: 149.5, height: 20)))
            #expect(near(result.frame("card-\(i)-subtitle"), Rect(x: x + 8, y: y + 128.09375, width: 149.5, height: 16)))
            let rowY = y + 152.09375
            #expect(near(result.frame("card-\(i)-row"), Rect(x: x + 8, y: rowY, width: 149.5, height: 44)))
            #expect(near(result.frame("card-\(i)-price"), Rect(x: x + 8, y: rowY + 12, width: 60, height: 20)))
            #expect(near(result.frame("card-\(i)-spacer"), Rect(x: x + 76, y: rowY + 22, width: 29.5, height: 0)))
            #expect(near(result.frame("card-\(i)-button"), Rect(x: x + 8 + 105.5, y: rowY, width: 44, height: 44)))
        }
        #expect(result.diagnostics.isEmpty)
    }
}
