import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema

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
        // Texts and titles only (count, name, price): incremental; visibility, columns and the template: in full.
        #expect(incremental == 10)
    }

    @Test func `a text change lays out only its ancestors and reuses every other card`() throws {
        let screen = try #require(BenchmarkFixtures.cardsWithBadges(count: 20))
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = window(375, 667)
        let traits = environment.traitCollection()
        _ = engine.layout(screen, in: environment, traits: traits)
        var state = screen.state
        for count in [1, 22, 333, 1] {
            state.set("badge7", to: .int(count))
            let made = updater.update(to: state, changedNames: ["badge7"])
            let update = try #require(made)
            #expect(update.textChanges?.count == 1)
            let reusedBefore = engine.state.placementsReused
            let builds = engine.buildCount
            let result = engine.layout(applying: update, in: environment, traits: traits)
            #expect(engine.buildCount == builds, "no new tree is taken")
            // The 19 other cards are reused whole (card-7, its row, the grid and the scroll are laid out again).
            #expect(engine.state.placementsReused - reusedBefore >= 19)
            RememberedLayoutTests.expectSame(result, LayoutEngine().layout(update.screen, in: environment, traits: traits), "badge7 = \(count)")
            #expect(result.nodes.first { $0.id == "card-7-badge" }?.text?.lines == ["\(count)"])
        }
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
}
