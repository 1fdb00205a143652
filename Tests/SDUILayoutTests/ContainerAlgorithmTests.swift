import Testing
@testable import SDUILayout
import SDUISchema
import SDUIEnvironment

/// The container algorithms as pure functions, checked against published SwiftUI numbers.
private func columns(_ items: [GridItemSpec], width: Double) -> (width: Double, tracks: [GridTrack], limited: Bool) {
    var tracks = ContiguousArray<GridTrack>()
    let result = items.withUnsafeBufferPointer { gridItemColumns($0, width: width, into: &tracks) }
    return (result.width, Array(tracks), result.isLimited)
}

private func fixed(_ w: Double) -> GridItemSpec { GridItemSpec(kind: .fixed, minimum: w, maximum: w, spacing: 8, alignX: 0.5, alignY: 0.5) }
private func flexible(_ minimum: Double = 10, _ maximum: Double = .infinity) -> GridItemSpec {
    GridItemSpec(kind: .flexible, minimum: minimum, maximum: maximum, spacing: 8, alignX: 0.5, alignY: 0.5)
}
private func adaptive(_ minimum: Double, _ maximum: Double = .infinity) -> GridItemSpec {
    GridItemSpec(kind: .adaptive, minimum: minimum, maximum: maximum, spacing: 8, alignX: 0.5, alignY: 0.5)
}

private func near(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 0.01 } }

@Test func `objc.io fixed 70 plus adaptive 40 in 200 points gives columns 70, 57, 57 at x 0, 78, 143`() {
    let r = columns([fixed(70), adaptive(40)], width: 200)
    #expect(near(r.tracks.map(\.width), [70, 57, 57]))
    #expect(near(r.tracks.map(\.offset), [0, 78, 143]))
    #expect(r.width == 200)
}

@Test func `two flexible columns whose minimums exceed their shares widen the grid, laid out again at that width`() {
    // juejin.cn 7081943051349786631: .flexible(minimum: 100), .flexible(minimum: 180) offered 300 → 146 + 8 + 180 = 334,
    // then laid out at 334: 163 + 8 + 180 (the grid is 334 wide; its columns 351).
    let r = columns([flexible(100), flexible(180)], width: 300)
    #expect(r.width == 334)
    #expect(near(r.tracks.map(\.width), [163, 180]))
    #expect(near(r.tracks.map(\.offset), [0, 171]))
}

@Test func `an adaptive item fits as many columns of its minimum as it can, and two adaptive items share the width first`() {
    // juejin.cn 7083356120147820552: adaptive(50…100) in 300 → 5 columns of 53.6.
    let one = columns([adaptive(50, 100)], width: 300)
    #expect(near(one.tracks.map(\.width), Array(repeating: 53.6, count: 5)))
    #expect(one.width == 300)
    // adaptive(50…100) + adaptive(40…100) in 300: 146 each → 2 columns of 69, then 3 of 43.33.
    let two = columns([adaptive(50, 100), adaptive(40, 100)], width: 300)
    #expect(near(two.tracks.map(\.width), [69, 69, 43.333, 43.333, 43.333]))
    #expect(near(two.tracks.map(\.offset), [0, 77, 154, 205.333, 256.667]))
}

@Test func `fixed columns are served first, and an adaptive item left with nothing is one empty column`() {
    // flexible(minimum: 100), fixed 100, adaptive(minimum: 100), fixed 100 in 300: 76 left for two items; the flexible
    // takes its minimum 100, the adaptive item gets −24 → one column of 0; the grid is 324 wide.
    let r = columns([flexible(100), fixed(100), adaptive(100), fixed(100)], width: 300)
    #expect(r.width == 324)
    #expect(near(r.tracks.map(\.width), [100, 100, 0, 100]))
    #expect(near(r.tracks.map(\.offset), [0, 108, 216, 224]))
}

@Test func `a flexible item is clamped to its maximum and an adaptive one to its maximum per column`() {
    let r = columns([flexible(10, 50), flexible()], width: 200)
    #expect(near(r.tracks.map(\.width), [50, 142]))
    // ⌊208 / 48⌋ = 4 columns of (200 − 24) / 4 = 44, at most 42.
    let capped = columns([adaptive(40, 42)], width: 200)
    #expect(near(capped.tracks.map(\.width), [42, 42, 42, 42]))
    #expect(near(capped.tracks.map(\.offset), [0, 50, 100, 150]))
}

@Test func `an unspecified width gives every item its minimum`() {
    let r = columns([fixed(30), flexible(20), adaptive(40)], width: .nan)
    #expect(near(r.tracks.map(\.width), [30, 20, 40]))
    #expect(r.width == 30 + 8 + 20 + 8 + 40)
}

@Test func `an adaptive item in a huge width is cut at the column limit`() {
    let r = columns([adaptive(1)], width: 1_000_000)
    #expect(r.tracks.count == maxGridTracks)
    #expect(r.limited)
}

private func lines(_ sizes: [(Double, Double)], maxWidth: Double, spacing: Double = 8, lineSpacing: Double = 8) -> ([FlowLine], (Double, Double)) {
    var out = ContiguousArray<FlowLine>()
    let size = sizes.withUnsafeBufferPointer { flowLines($0, maxWidth: maxWidth, spacing: spacing, lineSpacing: lineSpacing, into: &out) }
    return (Array(out), size)
}

@Test func `a flow wraps a child that would make the line too wide, Apple's Layout sample`() {
    let (result, size) = lines([(50, 20), (60, 30), (40, 20), (70, 20)], maxWidth: 130)
    #expect(result == [FlowLine(start: 0, end: 2, width: 118, height: 30, y: 0), FlowLine(start: 2, end: 4, width: 118, height: 20, y: 38)])
    #expect(size == (118, 58))
}

@Test func `a child wider than the line stays on a line of its own, and an unspecified width is one line`() {
    let (wide, _) = lines([(20, 10), (200, 10), (20, 10)], maxWidth: 100)
    #expect(wide.map { $0.start..<$0.end } == [0..<1, 1..<2, 2..<3])
    let (one, size) = lines([(20, 10), (200, 10), (20, 10)], maxWidth: .nan, spacing: 4)
    #expect(one.count == 1)
    #expect(size == (248, 10))
}

@Test func `ViewThatFits picks the first child that fits on its axes, else the last`() {
    func choose(_ sizes: [(Double, Double)], _ w: Double, _ h: Double, horizontal: Bool = true, vertical: Bool = true) -> Int {
        sizes.withUnsafeBufferPointer { viewThatFitsChoice($0, proposal: Proposal(width: w, height: h), horizontal: horizontal, vertical: vertical) }
    }
    let sizes = [(300.0, 20.0), (150.0, 60.0), (80.0, 20.0)]
    #expect(choose(sizes, 200, 40) == 2)
    #expect(choose(sizes, 200, 40, vertical: false) == 1)
    #expect(choose(sizes, 50, 40) == 2)
    #expect(choose(sizes, 400, 100) == 0)
    #expect(choose(sizes, .nan, .nan) == 0)
    #expect(choose(sizes, 10, 10, horizontal: false, vertical: false) == 0)
}

@Test func `a node with a modifiers chain is laid out with its shorthand keys inside the chain`() throws {
    let screen = try SDUISchema.Screen(json: #"{"schemaVersion": 1, "root": {"type": "vstack", "children": [{"type": "color", "id": "c", "frame": {"height": 10}, "modifiers": [{"padding": 8}]}]}}"#)
    let result = LayoutEngine().layout(screen, in: window(100, 100), traits: window(100, 100).traitCollection())
    #expect(result.diagnostics.isEmpty)
    // .frame(height: 10).padding(8): 84 × 10 inside 100 × 26, centred in the window.
    #expect(result.frame("c") == Rect(x: 0, y: 37, width: 100, height: 26))
    #expect(result.node("c")?.layers?.content == Rect(x: 8, y: 45, width: 84, height: 10))
}

@Test func `a flat node stays 144 bytes with the GridItem link and the layers flag`() {
    #expect(MemoryLayout<FlatNode>.size <= 144)
}
