import Foundation
import SDUIEnvironment
@testable import SDUILayout
import SDUISchema
import Testing
import SDUIFixtures

/// Measurements and placements kept across passes of one tree (`MeasureCache`, `PlacementStamp`), and the bounded
/// work they buy: every result must equal a fresh engine's, and the reuse must happen.
@Suite struct RememberedLayoutTests {
    static func screens() throws -> [Screen] {
        try EngineBehaviourTests.examples() + [BenchmarkFixtures.cards(count: 8), BenchmarkFixtures.cards(count: 6, textTitles: true),
                                               BenchmarkFixtures.nestedStacks(depth: 12, siblings: true), BenchmarkFixtures.prioritizedStack(count: 300)]
    }

    static func expectSame(_ a: LayoutResult, _ b: LayoutResult, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.nodes == b.nodes, "\(what)", sourceLocation: sourceLocation)
        #expect(a.diagnostics == b.diagnostics, "\(what)", sourceLocation: sourceLocation)
    }

    @Test func `toggling between widths gives a fresh engine's result every time`() throws {
        for screen in try Self.screens() {
            let engine = LayoutEngine()
            // Two widths back and forth (a toggle), then a third and back: every pass equals a fresh layout.
            for width in [375.0, 376, 375, 376, 375, 414, 375, 376, 376, 375] {
                let environment = window(width, 667)
                let traits = environment.traitCollection()
                Self.expectSame(engine.layout(screen, in: environment, traits: traits),
                                LayoutEngine().layout(screen, in: environment, traits: traits), "\(screen.id) at \(width)")
            }
        }
    }

    @Test func `a kept engine lays a text field out at each Dynamic Type size as a fresh engine does`() throws {
        // A text field is as tall as the body line + 12 pt; a screen's tree is built once and taken at other sizes.
        let screen = try Screen(json: """
            {"schemaVersion": 1, "id": "t", "state": {"note": ""}, "root": {"type": "vstack", "children": [
             {"type": "textField", "id": "note", "text": "@{note}", "placeholder": "A note"}]}}
            """)
        let engine = LayoutEngine()
        let environment = window(375, 667)
        for size in [ContentSizeCategory.small, .large, .xxxLarge, .accessibility5, .small] {
            let traits = environment.traitCollection(contentSize: size)
            let kept = engine.layout(screen, in: environment, traits: traits)
            Self.expectSame(kept, LayoutEngine().layout(screen, in: environment, traits: traits), "at \(size.rawValue)")
            #expect(kept.nodes[1].frame.height == DynamicTypeTable.metrics(.body, size).lineHeight + 12, "at \(size.rawValue)")
        }
    }

    @Test func `going back to a width laid out before reuses the root's placement`() {
        let screen = BenchmarkFixtures.cards(count: 20)
        let engine = LayoutEngine()
        let narrow = window(375, 667), wider = window(376, 667)
        _ = engine.layout(screen, in: narrow, traits: narrow.traitCollection())
        _ = engine.layout(screen, in: wider, traits: wider.traitCollection())
        let before = engine.state.placementsReused
        _ = engine.layout(screen, in: narrow, traits: narrow.traitCollection())
        // The root's placement at 375 pt is answered from the placements remembered from the pass before the last: nothing else is
        // laid out (its subtree's placements are remembered too).
        #expect(engine.state.placementsReused == before + 1)
        // A width not among the last two passes' reuses nothing.
        let third = window(390, 667)
        let reused = engine.state.placementsReused
        _ = engine.layout(screen, in: third, traits: third.traitCollection())
        #expect(engine.state.placementsReused == reused)
    }

    @Test func `a subtree that reported a diagnostic is laid out again so the diagnostic is reported again`() throws {
        var text = ComponentNode(type: .text, id: "long")
        text.text = "A title far too long for its one line, so it is truncated"
        text.lineLimit = 1
        let screen = Screen(id: "s", root: ComponentNode(type: .vstack, children: [text, ComponentNode(type: .color, id: "c")]))
        let engine = LayoutEngine()
        for width in [200.0, 201, 200, 201, 200] {
            let environment = window(width, 400)
            let result = engine.layout(screen, in: environment, traits: environment.traitCollection())
            #expect(result.diagnostics.map(\.code) == ["text-truncated"], "\(width)")
            Self.expectSame(result, LayoutEngine().layout(screen, in: environment, traits: environment.traitCollection()), "\(width)")
        }
    }

    @Test func `invalidating one node lays out it and its ancestors again and reuses its siblings`() throws {
        let screen = BenchmarkFixtures.cards(count: 10)
        let engine = LayoutEngine()
        let narrow = window(375, 667), wider = window(376, 667)
        _ = engine.layout(screen, in: narrow, traits: narrow.traitCollection())
        _ = engine.layout(screen, in: wider, traits: wider.traitCollection())
        // The third card (scroll › grid › card-2): its version and its ancestors' change.
        let card = try #require((0..<engine.state.tree.nodes.count).first { engine.state.tree.id(of: Int32($0)) == "card-2" })
        engine.state.measurements.invalidate(node: Int32(card), parents: engine.state.tree.nodes.unchecked)
        let before = engine.state.placementsReused
        let result = engine.layout(screen, in: narrow, traits: narrow.traitCollection())
        Self.expectSame(result, LayoutEngine().layout(screen, in: narrow, traits: narrow.traitCollection()), "after invalidating card-2")
        // scroll, grid and card-2 are laid out again; the grid's other nine cards are reused (card-2's row of
        // fixed leaves is placed again with it: such rows are not stamped, see `PlacementStamp`).
        #expect(engine.state.placementsReused - before == 9)
    }

    @Test func `measurements survive relayouts of one tree and are dropped for another`() {
        let screen = BenchmarkFixtures.nestedStacks(depth: 8, siblings: true)
        let engine = LayoutEngine()
        let environment = window(375, 667)
        _ = engine.layout(screen, in: environment, traits: environment.traitCollection())
        let kept = engine.state.measurements.count
        #expect(kept > 0)
        let wider = window(500, 667)
        _ = engine.layout(screen, in: wider, traits: wider.traitCollection())
        #expect(engine.state.measurements.count >= kept)
        _ = engine.layout(BenchmarkFixtures.cards(count: 2), in: environment, traits: environment.traitCollection())
        #expect(engine.state.measurements.count == 0)  // cards measure nothing; the chain's entries are gone
    }

    @Test func `deep alternating stacks lay out in time linear in their depth`() {
        // Counted, not timed: the nodes laid out (measurements made plus placements) per node stay bounded as the
        // chain deepens (with a 4-slot cache they grew by ≈ 1.4× per level).
        func work(_ depth: Int) -> Double {
            let engine = LayoutEngine()
            let environment = window(375, 667)
            _ = engine.layout(BenchmarkFixtures.nestedStacks(depth: depth, siblings: true), in: environment,
                              traits: environment.traitCollection())
            return Double(engine.state.measurements.count) / Double(engine.state.tree.nodes.count)
        }
        let shallow = work(16), deep = work(128)
        #expect(deep < shallow * 2 + 4, "measurements per node: \(shallow) at 16, \(deep) at 128")
    }

    @Test func `stack children are ordered stably by priority, then flexibility, for any count`() {
        // The merge sort against a plain stable sort, on runs below and above the insertion-sort run length.
        var rng = SplitMix(seed: 7)
        for count in [0, 1, 2, 15, 16, 17, 33, 100, 1000] {
            let items = (0..<count).map { i in
                StackItem(node: Int32(i), priority: Double(Int.random(in: 0..<4, using: &rng)),
                          flexibility: [0, 1, .infinity][Int.random(in: 0..<3, using: &rng)], minimum: 0)
            }
            let buffer = NodeBuffer<StackItem>(), scratch = NodeBuffer<StackItem>()
            for item in items { buffer.append(item); scratch.append(item) }
            let groups = sortStackItems(buffer.unchecked, 0, count, scratch.unchecked)
            let expected = items.enumerated().sorted { a, b in
                if a.element.priority != b.element.priority { return a.element.priority > b.element.priority }
                if a.element.flexibility != b.element.flexibility { return a.element.flexibility < b.element.flexibility }
                return a.offset < b.offset
            }.map { $0.element.node }
            #expect((0..<count).map { buffer[$0].node } == expected, "\(count)")
            #expect(groups == Set(items.map(\.priority)).count)
        }
    }
}
