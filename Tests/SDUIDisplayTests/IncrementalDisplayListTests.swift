import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema
@testable import SDUIDisplay
import SDUIFixtures

/// The display list brought from layout to layout (`DisplayListUpdater`) against the general path: after every change
/// of random sequences of state changes, the kept list, its accessibility tree and reading order, and the views a
/// driver holds equal a fresh `DisplayList` of a fresh layout of the payload resolved again in the new state.
@MainActor @Suite struct IncrementalDisplayListTests {
    /// Every kind of change: texts (short and wrapping), colours, visibility, sizes, accessibility labels, hints and
    /// hiding, elements merged into a `combine` container and read in a `contain` group, a `forEach`'s items (the
    /// general path).
    static let payload = #"""
    {"schemaVersion": 1, "id": "incremental",
     "state": {"tint": "#3366CC", "alpha": 0.5, "label": "Cart", "show": true, "gap": 8, "lines": 1, "w": 120,
               "count": 1, "name": "Ada", "hint": "Opens the cart", "quiet": false, "tags": ["a", "b"], "pad": 12},
     "root": {"type": "scroll", "children": [{"type": "vstack", "id": "column", "spacing": "@{gap}", "alignment": "leading", "children": [
       {"type": "hstack", "id": "header", "spacing": 8, "children": [
         {"type": "text", "id": "hello", "text": "Hello @{name}", "color": "@{tint}", "lineLimit": "@{lines}"},
         {"type": "spacer"},
         {"type": "text", "id": "badge", "text": "@{count}", "style": "caption"}]},
       {"type": "color", "id": "swatch", "color": "@{tint}", "frame": {"width": "@{w}", "height": 20}},
       {"type": "image", "id": "photo", "url": "https://example.com/a.jpg", "alt": "@{label}", "aspectRatio": 1.5,
        "modifiers": [{"opacity": "@{alpha}"}]},
       {"type": "text", "id": "more", "text": "A longer description that wraps onto a second line @{name}", "lineLimit": "@{lines}",
        "padding": "@{pad}"},
       {"type": "button", "id": "buy", "title": "Buy @{count}", "visible": "@{show}",
        "accessibility": {"hint": "@{hint}", "hidden": "@{quiet}"}},
       {"type": "hstack", "id": "combined", "spacing": 4, "accessibility": {"children": "combine"}, "children": [
         {"type": "text", "id": "c-name", "text": "@{name}"}, {"type": "text", "id": "c-count", "text": "@{count} items"}]},
       {"type": "vstack", "id": "group", "accessibility": {"children": "contain"}, "children": [
         {"type": "text", "id": "g-label", "text": "@{label}"}, {"type": "text", "id": "g-count", "text": "@{count}"}]},
       {"type": "hstack", "id": "tags", "spacing": 4, "children": [
         {"type": "forEach", "items": "@{tags}", "template": {"type": "text", "id": "tag-@{index}", "text": "@{item}"}}]}]}]}}
    """#

    /// The new values each variable takes.
    static let values: [String: [StateValue]] = [
        "tint": [.string("#FF0000"), .string("#3366CC")],
        "alpha": [.number(0.25), .number(1), .number(0)],
        "label": [.string("Basket"), .string(""), .string("Cart")],
        "show": [.bool(false), .bool(true)],
        "gap": [.int(0), .int(16), .number(3.5)],
        "lines": [.int(2), .int(1), .int(3)],
        "w": [.int(40), .int(300), .number(120.5)],
        "count": [.int(2), .int(12_345), .int(1), .int(7)],
        "name": [.string("Grace Hopper, the admiral of the fleet"), .string(""), .string("Ada"), .string("Bo")],
        "hint": [.string("Buys it"), .string("Opens the cart")],
        "quiet": [.bool(true), .bool(false)],
        "tags": [.array([.string("x")]), .array([.string("a"), .string("b"), .string("c")])],
        "pad": [.int(0), .int(24), .int(12)],
    ]

    static func window(_ width: Double) -> WindowEnvironment {
        let device = DeviceCatalog.device(named: "iphone-16")!
        return try! WindowEnvironment(WindowConfiguration(device: device, orientation: .portrait, mode: .window(Size(width: width, height: 700))))
    }

    /// Runs `steps` random changes of `values` on `screen` and checks every one against the general path; returns how
    /// many updates were incremental.
    static func check(_ screen: Screen, values: [String: [StateValue]], steps: Int, width: Double, direction: LayoutDirection,
                      seed: UInt64, maxChanges: Int = 3) throws -> (incremental: Int, accessibilityRebuilds: Int) {
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = window(width)
        let traits = environment.traitCollection(layoutDirection: direction)
        var list = DisplayListUpdater()
        var driver = ViewTreeDriver(host: ModelHost())
        var last = engine.layout(screen, in: environment, traits: traits)
        driver.apply(list.update(driver.items, to: last))
        var random = SplitMix(seed: seed)
        let names = values.keys.sorted()
        var state = screen.state
        for step in 0..<steps {
            var changed: [String] = []
            for _ in 0..<(1 + random.next(maxChanges)) {
                let name = names[random.next(names.count)]
                let choices = try #require(values[name])
                #expect(state.set(name, to: choices[random.next(choices.count)]) == nil)
                if !changed.contains(name) { changed.append(name) }
            }
            let made = updater.update(to: state, changedNames: changed)
            let update = try #require(made)
            let result = engine.layout(applying: update, in: environment, traits: traits)
            // The change set names every node a comparison of the two whole layouts finds changed.
            if let changes = result.changes(since: last), let compared = result.changedNodes(since: last) {
                let named = Set(NodeChanges.merged(changes.content, changes.frames))
                #expect(compared.allSatisfy(named.contains), "step \(step): \(compared.filter { !named.contains($0) }) not in the change set")
            }
            last = result
            let before = driver.items
            let madeViews = driver.host.made
            let change = list.update(driver.items, to: result)
            let operations = driver.apply(change)

            let general = try #require(screen.resolved(in: state).screen)
            let freshLayout = LayoutEngine().layout(general, in: environment, traits: traits)
            #expect(result.nodes == freshLayout.nodes, "step \(step): \(changed): layout")
            let context = "step \(step): \(changed)"
            let freshItems = Self.expectEqual(list, driver, toFresh: freshLayout, context)
            if case .items = change {
                // The same tree: the operations the whole lists give, and no view made.
                #expect(operations == Reconciler.sameTreeOperations(fromUniquelyKeyed: before, to: freshItems), "\(context): operations")
                #expect(driver.host.made == madeViews, "\(context): views made")
            }
        }
        return (list.incrementalUpdateCount, list.accessibilityRebuildCount)
    }

    /// Checks the kept list's items, accessibility tree and reading order and the driver's views against a fresh
    /// `DisplayList` of `freshLayout`; returns its items.
    static func expectEqual(_ list: DisplayListUpdater, _ driver: ViewTreeDriver<ModelHost>, toFresh freshLayout: LayoutResult,
                            _ context: String) -> [DisplayItem] {
        let fresh = DisplayList(freshLayout)
        let freshItems = fresh.items
        #expect(driver.items == freshItems, "\(context): items \(differing(driver.items, freshItems))")
        #expect(list.accessibilityTree?.elements == fresh.accessibilityTree?.elements, "\(context): elements")
        #expect(list.accessibilityTree?.exposure == fresh.accessibilityTree?.exposure, "\(context): exposure")
        #expect(list.accessibilityOrder == fresh.accessibilityOrder, "\(context): reading order")
        var freshDriver = ViewTreeDriver(host: ModelHost())
        freshDriver.apply(freshItems)
        #expect(driver.host.shape == freshDriver.host.shape, "\(context): views")
        return freshItems
    }

    /// The indices of the items that differ (a failure's message).
    static func differing(_ a: [DisplayItem], _ b: [DisplayItem]) -> String {
        guard a.count == b.count else { return "\(a.count) vs \(b.count) items" }
        return a.indices.filter { a[$0] != b[$0] }.map { "\(a[$0].id)" }.joined(separator: ", ")
    }

    @Test(arguments: [(375.0, LayoutDirection.leftToRight), (320, .leftToRight), (1024, .leftToRight), (375, .rightToLeft)])
    func `random state changes of every kind leave the kept list, accessibility tree and views equal to a fresh list`(
        _ width: Double, _ direction: LayoutDirection) throws {
        let decoded = try #require(PayloadDecoder().decode(Array(Self.payload.utf8)).screen)
        let screen = try #require(decoded.resolved(in: decoded.state).screen)
        let counts = try Self.check(screen, values: Self.values, steps: 60, width: width, direction: direction,
                                    seed: UInt64(width) &* 31 &+ (direction == .rightToLeft ? 7 : 0))
        // Many changes are made in place (a forEach's items take the general path; a change that moves more than a
        // quarter of the items makes the whole list).
        #expect(counts.incremental > 10)
    }

    @Test(arguments: [(375.0, LayoutDirection.leftToRight), (320, .leftToRight), (1024, .leftToRight), (375, .rightToLeft)])
    func `badge, colour and visibility changes of the cards screen are made in place, reordering read elements when they move`(
        _ width: Double, _ direction: LayoutDirection) throws {
        let screen = try #require(BenchmarkFixtures.cardsWithBadges(count: 6, boundProperties: true))
        var values: [String: [StateValue]] = [:]
        for i in 0..<6 {
            values["badge\(i)"] = [.int(1), .int(2), .int(12_345), .int(1_000_000_007)]
            values["accent\(i)"] = [.string("#FF0000"), .string("#3366CC")]
            values["show\(i)"] = [.bool(false), .bool(true)]
            values["size\(i)"] = [.int(28), .int(20)]
        }
        let counts = try Self.check(screen, values: values, steps: 60, width: width, direction: direction,
                                    seed: UInt64(width) &* 17 &+ (direction == .rightToLeft ? 3 : 0), maxChanges: 2)
        // Badges and colours are made in place; hiding a subtitle moves every card after it (the whole list).
        #expect(counts.incremental > 40)
    }

    /// Inputs: a switch, a stepper and a segmented picker whose variables set only their controls, and a text field
    /// (secure and not) and a menu picker whose variables set the text the layout measures — all on the fast path.
    static let inputPayload = #"""
    {"schemaVersion": 1, "id": "inputs", "state": {"on": false, "qty": 1, "size": "m", "name": "", "drink": "tea"},
     "root": {"type": "vstack", "spacing": 8, "children": [
       {"type": "toggle", "id": "on", "isOn": "@{on}", "label": "Notifications"},
       {"type": "stepper", "id": "qty", "value": "@{qty}", "range": [0, 10], "label": "Quantity"},
       {"type": "picker", "id": "size", "selection": "@{size}", "options": ["s", "m", "l"], "style": "segmented"},
       {"type": "textField", "id": "name", "text": "@{name}", "placeholder": "Name"},
       {"type": "textField", "id": "secret", "text": "@{name}", "placeholder": "Password", "secure": true},
       {"type": "textField", "id": "bare", "text": "@{name}"},
       {"type": "picker", "id": "drink", "selection": "@{drink}", "options": ["tea", {"value": "coffee", "label": "A large coffee"}]},
       {"type": "grid", "id": "swatches", "columns": 4, "children": [\#(swatches)]}]}}
    """#

    @Test(arguments: [(375.0, LayoutDirection.leftToRight), (320, .leftToRight), (375, .rightToLeft)])
    func `a switch, stepper, segment, text field or menu change is made in place and equals a fresh list`(
        _ width: Double, _ direction: LayoutDirection) throws {
        let decoded = try #require(PayloadDecoder().decode(Array(Self.inputPayload.utf8)).screen)
        let screen = try #require(decoded.resolved(in: decoded.state).screen)
        let controls: [String: [StateValue]] = [
            "on": [.bool(true), .bool(false)],
            "qty": [.int(0), .int(7), .number(2.5), .int(10)],
            "size": [.string("s"), .string("l"), .string("m"), .string("xl")],
        ]
        let fast = try Self.check(screen, values: controls, steps: 40, width: width, direction: direction,
                                  seed: UInt64(width) &* 13 &+ (direction == .rightToLeft ? 5 : 0), maxChanges: 2)
        #expect(fast.incremental == 40, "only controls changed: every change in place")
        var all = controls
        all["name"] = [.string("Grace"), .string(""), .string("A name long enough to be truncated in the field")]
        all["drink"] = [.string("coffee"), .string("tea")]
        let mixed = try Self.check(screen, values: all, steps: 40, width: width, direction: direction,
                                   seed: UInt64(width) &* 19 &+ (direction == .rightToLeft ? 5 : 0), maxChanges: 3)
        // A text field's text and a menu picker's title are patched in the layout's text runs, as a text's — but a
        // field without a placeholder emptied has no run left (the general path, then the next change in place).
        #expect(mixed.incremental >= 30)
    }

    /// No groups: elements that pass each other along a line (two texts at a z-stack's trailing edge, the wider read
    /// first) and rows whose texts move.
    static let linePayload = #"""
    {"schemaVersion": 1, "id": "lines", "state": {"name": "Ada", "count": 1, "w": 10},
     "root": {"type": "vstack", "spacing": 8, "children": [
       {"type": "zstack", "id": "stack", "alignment": "trailing", "children": [
         {"type": "text", "id": "z-a", "text": "@{name}"}, {"type": "text", "id": "z-b", "text": "Middle length"}]},
       {"type": "hstack", "id": "row", "children": [
         {"type": "text", "id": "r-count", "text": "@{count}"}, {"type": "spacer"}, {"type": "text", "id": "r-end", "text": "end"}]},
       {"type": "hstack", "id": "bar", "spacing": 4, "children": [
         {"type": "color", "color": "#FF0000", "frame": {"width": "@{w}", "height": 10}}, {"type": "text", "id": "b-x", "text": "x @{count}"}]},
       {"type": "grid", "id": "swatches", "columns": 4, "children": [\#(swatches)]}]}}
    """#
    /// Enough nodes that a change of a few items is made in place (a change of more than a quarter makes the list).
    static let swatches = (0..<40).map { _ in ##"{"type": "color", "color": "#00AA00", "frame": {"height": 8}}"## }
        .joined(separator: ", ")

    @Test(arguments: [(375.0, LayoutDirection.leftToRight), (320, .leftToRight), (375, .rightToLeft)])
    func `elements that pass each other along a line are read in their new order without the whole pass`(
        _ width: Double, _ direction: LayoutDirection) throws {
        let decoded = try #require(PayloadDecoder().decode(Array(Self.linePayload.utf8)).screen)
        let screen = try #require(decoded.resolved(in: decoded.state).screen)
        let values: [String: [StateValue]] = [
            "name": [.string("Ada"), .string("A much longer name"), .string("Bo"), .string("Middle length plus")],
            "count": [.int(1), .int(22), .int(333_333)],
            "w": [.int(10), .int(200), .int(40)],
        ]
        let counts = try Self.check(screen, values: values, steps: 60, width: width, direction: direction,
                                    seed: UInt64(width) &* 7 &+ (direction == .rightToLeft ? 1 : 0), maxChanges: 2)
        #expect(counts.incremental == 60)
        #expect(counts.accessibilityRebuilds == 0)
    }

    @Test func `one badge change makes the items of its row again and nothing else`() throws {
        let screen = try #require(BenchmarkFixtures.cardsWithBadges(count: 10))
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = Self.window(375)
        let traits = environment.traitCollection()
        var list = DisplayListUpdater()
        var driver = ViewTreeDriver(host: ModelHost())
        driver.apply(list.update([], to: engine.layout(screen, in: environment, traits: traits)))
        var state = screen.state
        state.set("badge4", to: .int(2))
        let made = updater.update(to: state, changedNames: ["badge4"])
        let update = try #require(made)
        let change = list.update(driver.items, to: engine.layout(applying: update, in: environment, traits: traits))
        guard case .items(let changes) = change else { Issue.record("the whole list was made"); return }
        // The badge (its text) and whatever of its row moved: at most the row and its four leaves.
        let ids = changes.map(\.item.id)
        #expect(ids.contains("card-4-badge"))
        #expect(ids.allSatisfy { $0.hasPrefix("card-4-row") || $0.hasPrefix("card-4-") }, "\(ids)")
        #expect(changes.count <= 5)
        let operations = driver.apply(change)
        #expect(operations.contains(.updateContent(ViewKey(.explicit("card-4-badge"), .text), item: changes.first { $0.item.id == "card-4-badge" }!.item.index)))
        #expect(list.accessibilityRebuildCount == 0)
    }
}
