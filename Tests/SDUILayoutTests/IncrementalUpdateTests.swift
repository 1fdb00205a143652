import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema
import SDUIFixtures

/// State changes laid out incrementally (`StateUpdater` + `LayoutEngine.layout(applying:)`) against the general
/// path: the payload resolved again in the new state and laid out by a fresh engine.
@Suite struct IncrementalUpdateTests {
    static func decode(_ json: String) throws -> Screen {
        try #require(PayloadDecoder().decode(Array(json.utf8)).screen)
    }

    /// A screen whose texts and titles read state, in stacks whose sizes follow them, and other bindings.
    static let shop = #"""
    {"schemaVersion": 1, "id": "shop", "state": {"count": 0, "name": "Ada", "wide": false, "tags": ["a"], "price": 12.5, "show": false},
     "root": {"type": "scroll", "children": [{"type": "vstack", "spacing": 8, "padding": 16, "children": [
       {"type": "hstack", "id": "header", "children": [
         {"type": "text", "id": "hello", "text": "Hello @{name}", "style": "headline"},
         {"type": "spacer"},
         {"type": "text", "id": "badge", "text": "@{count}", "style": "caption"}]},
       {"type": "text", "id": "price", "text": "@{formatCurrency(price * count, 'USD')}"},
       {"type": "button", "id": "buy", "title": "Buy @{count} for @{formatCurrency(price * count, 'USD')}", "style": "borderedProminent"},
       {"type": "text", "id": "shown", "text": "many", "visible": "@{show}"},
       {"type": "grid", "columns": "@{wide ? 3 : 2}", "children": [
         {"type": "forEach", "items": "@{tags}", "template": {"type": "text", "id": "tag-@{index}", "text": "@{item}"}}]},
       {"type": "color", "color": "red", "frame": {"height": 20}}]}]}}
    """#

    @Test func `every state change gives the fresh layout of the payload resolved in the new state`() throws {
        let screen = try Self.decode(Self.shop)
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = window(375, 667)
        let traits = environment.traitCollection()
        _ = engine.layout(screen, in: environment, traits: traits)
        let steps: [(String, StateValue)] = [
            ("count", .int(1)), ("count", .int(12)), ("name", .string("Grace Hopper, the admiral")), ("count", .int(2)),
            ("count", .int(3)), ("wide", .bool(true)), ("count", .int(1)), ("tags", .array([.string("x"), .string("y"), .string("z")])),
            ("name", .string("")), ("price", .number(99.99)), ("count", .int(1_000_000)), ("name", .string("Ada")), ("show", .bool(true)),
        ]
        var state = screen.state
        var incremental = 0
        for (name, value) in steps {
            #expect(state.set(name, to: value) == nil)
            let made = updater.update(to: state, changedNames: [name])
            let update = try #require(made)
            let before = engine.incrementalLayoutCount
            let result = engine.layout(applying: update, in: environment, traits: traits)
            incremental += engine.incrementalLayoutCount - before
            // The general path: the payload decoded again with the new state.
            let general = try #require(screen.resolved(in: state).screen)
            #expect(update.screen == general, "\(name) = \(value): the updated screen differs from the resolved one")
            RememberedLayoutTests.expectSame(result, LayoutEngine().layout(general, in: environment, traits: traits), "\(name) = \(value)")
        }
        // Texts and titles (count, name, price), the visibility (its node built again in place) and the template's
        // items (spliced into the kept tree): incremental; a grid's columns: in full.
        #expect(incremental == 12)
    }

    @Test func `a text change lays out only its ancestors and reuses every other card`() throws {
        let screen = try #require(BenchmarkFixtures.cardsWithBadges(count: 20))
        var kept = KeptLayout(screen)
        let engine = kept.engine
        var state = screen.state
        for count in [1, 22, 333, 1] {
            state.set("badge7", to: .int(count))
            let builds = engine.buildCount
            let applied = kept.apply(state, changed: ["badge7"])
            let (update, result) = try #require(applied)
            #expect(update.textChanges?.count == 1)
            #expect(engine.buildCount == builds, "no new tree is taken")
            // The badge's row keeps its size (the grid's column width × its tallest leaf): only the row is laid out
            // again; card-7, the grid, the scroll and every other card are not touched.
            let row = try #require(result.nodes.firstIndex { $0.id == "card-7-row" })
            #expect(engine.lastUpwardRoots == [Int32(row)])
            RememberedLayoutTests.expectSame(result, kept.fresh(update.screen), "badge7 = \(count)")
            #expect(result.nodes.first { $0.id == "card-7-badge" }?.text?.lines == ["\(count)"])
        }
    }

    @Test func `an update changes its own screen in place and leaves the values it was made from as they were`() throws {
        let screen = try Self.decode(Self.shop)
        let pristine = try Self.decode(Self.shop)
        var updater = StateUpdater(screen: screen)
        var state = screen.state
        var kept: [(Screen, Screen)] = []
        for count in 1...3 {
            #expect(state.set("count", to: .int(count)) == nil)
            let made = updater.update(to: state, changedNames: ["count"])
            let update = try #require(made)
            #expect(update.textChanges != nil, "count = \(count): the fast path")
            kept.append((update.screen, try #require(screen.resolved(in: state).screen)))
        }
        // The payload's screen and every earlier update's screen still hold their own texts.
        #expect(screen == pristine)
        for (i, (made, resolved)) in kept.enumerated() {
            #expect(made == resolved, "update \(i + 1) changed after later updates")
        }
        #expect(kept[0].0.root.children[0].children[0].children[2].text == .fixed("1"))
    }

    @Test func `an update for another screen than the engine's lays that screen out in full`() throws {
        let screen = try #require(BenchmarkFixtures.cardsWithBadges(count: 4))
        var updater = StateUpdater(screen: screen)
        var state = screen.state
        state.set("badge1", to: .int(5))
        let made = updater.update(to: state, changedNames: ["badge1"])
            let update = try #require(made)
        let engine = LayoutEngine()
        let environment = window(375, 667)
        // The engine never laid out `update.previous`: no patch, a full layout.
        let result = engine.layout(applying: update, in: environment, traits: environment.traitCollection())
        #expect(engine.incrementalLayoutCount == 0)
        RememberedLayoutTests.expectSame(result, LayoutEngine().layout(update.screen, in: environment, traits: environment.traitCollection()), "not laid out before")
    }

    @Test(arguments: [(375.0, LayoutDirection.leftToRight, false), (320, .leftToRight, false), (1024, .leftToRight, false),
                      (375, .rightToLeft, false), (375, .leftToRight, true)])
    func `many random badge changes laid out incrementally equal a fresh layout every time`(
        _ width: Double, _ direction: LayoutDirection, _ rounds: Bool) throws {
        // Short and long badges: a long one wraps and grows its row, card, grid row and the scroll's content (the
        // climb reaches the root and the pass runs from there); a short one stops at its row.
        let screen = try #require(BenchmarkFixtures.cardsWithBadges(count: 12))
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine(options: .init(roundsToPixels: rounds))
        let environment = window(width, 667)
        let traits = environment.traitCollection(layoutDirection: direction)
        _ = engine.layout(screen, in: environment, traits: traits)
        var random = SplitMix(seed: UInt64(width) &* 31 &+ (rounds ? 7 : 0) &+ (direction == .rightToLeft ? 3 : 0))
        let values: [StateValue] = [.int(0), .int(7), .int(42), .int(1234), .int(99_999_999_999), .string("new"),
                                    .string("a much longer badge text that wraps onto several lines in a card"), .number(2.5)]
        var state = screen.state
        var stops = 0
        for step in 0..<120 {
            // One to three badges change at once.
            let count = 1 + random.next(3)
            var names: [String] = []
            for _ in 0..<count {
                let name = "badge\(random.next(12))"
                let value = values[random.next(values.count)]
                // The variables are numbers: a string is refused (nothing changes) — the state keeps its type.
                if state.set(name, to: value) == nil, !names.contains(name) { names.append(name) }
            }
            let made = updater.update(to: state, changedNames: names)
            let update = try #require(made)
            let result = engine.layout(applying: update, in: environment, traits: traits)
            if engine.lastUpwardRoots != nil { stops += 1 }
            let fresh = LayoutEngine(options: .init(roundsToPixels: rounds)).layout(update.screen, in: environment, traits: traits)
            RememberedLayoutTests.expectSame(result, fresh, "step \(step): \(names)")
        }
        #expect(engine.incrementalLayoutCount > 0)
        // Left to right without rounding the climb stops below the root for most changes.
        if direction == .leftToRight && !rounds { #expect(stops > 0) }
    }
}
