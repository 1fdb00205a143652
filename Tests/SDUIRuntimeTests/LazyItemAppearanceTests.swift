import Testing
import SDUIEnvironment
import SDUILayout
import SDUISchema
@testable import SDUIRuntime

/// Lazy grid items' `onAppear` / `onDisappear`: run as the items enter and leave the root scroll's visible area.
@MainActor
@Suite struct LazyItemAppearanceTests {
    /// A root scroll with a header and a 2-column grid of 40 rows (80 items, each 100 pt tall, 10 pt row spacing),
    /// each item logging its index into `seen` / `gone`; the header logs into `log` with the screen.
    static let feed = #"""
    {"schemaVersion": 1, "id": "feed", "state": {"log": "", "seen": [], "gone": [],
       "items": [\#((0..<80).map { "{\"id\": \"i\($0)\"}" }.joined(separator: ", "))]},
     "root": {"type": "scroll", "id": "feed", "children": [
       {"type": "vstack", "spacing": 0, "children": [
         {"type": "text", "id": "header", "text": "Header", "onAppear": {"type": "set", "name": "log", "value": "@{log + 'header '}"},
          "onDisappear": {"type": "set", "name": "log", "value": "@{log + 'header-gone '}"}},
         {"type": "grid", "id": "grid", "columns": 2, "spacing": 10, "children": [
           {"type": "forEach", "items": "@{items}", "template":
             {"type": "color", "id": "cell-@{item.id}", "color": "#3366CC", "frame": {"height": 100},
              "onAppear": {"type": "append", "name": "seen", "value": "@{index}"},
              "onDisappear": {"type": "append", "name": "gone", "value": "@{index}"}}}]}]}]}}
    """#

    func launch(_ json: String) throws -> (Harness, ScreenViewController) {
        let decoding = PayloadDecoder().decode(Array(json.utf8))
        #expect(decoding.errors.isEmpty, "\(decoding.issues)")
        let screen = try #require(decoding.screen)
        nonisolated(unsafe) var made: ScreenViewController?
        let harness = try Harness {
            let controller = ScreenViewController(screen: screen)
            made = controller
            return controller
        }
        return (harness, try #require(made))
    }

    func indices(_ controller: ScreenViewController, _ name: String) -> [Int] {
        guard case .array(let values)? = controller.state[name] else { return [] }
        return values.compactMap { if case .int(let i) = $0 { Int(i) } else { nil } }
    }

    /// The indices of the items whose frames intersect the scroll's frame shifted by `offset`, from the layout.
    func expectedVisible(_ controller: ScreenViewController, offset: Double) throws -> [Int] {
        let nodes = try #require(controller.layoutResult).nodes
        let viewport = nodes[0].frame
        return nodes.filter { $0.id.hasPrefix("cell-") && $0.frame.maxY > viewport.minY + offset && $0.frame.minY < viewport.maxY + offset }
            .compactMap { Int($0.id.dropFirst("cell-i".count)) }
    }

    @Test func `at viewDidAppear only the items in the visible area appear, the rest of the screen appears whole`() throws {
        let (harness, controller) = try launch(Self.feed)
        defer { withExtendedLifetime(harness) {} }  // the app and its scene live as long as the test
        #expect(controller.state["log"] == .string("header "))
        let visible = try expectedVisible(controller, offset: 0)
        #expect(!visible.isEmpty && visible.count < 80, "some items are visible, not all")
        #expect(indices(controller, "seen") == visible)
        #expect(controller.visibleLazyItems == visible.map { "cell-i\($0)" })
        #expect(indices(controller, "gone") == [])
    }

    @Test func `scrolling runs onAppear of the items that enter and onDisappear of those that leave, in document order`() throws {
        let (harness, controller) = try launch(Self.feed)
        defer { withExtendedLifetime(harness) {} }  // the app and its scene live as long as the test
        let first = try expectedVisible(controller, offset: 0)
        try controller.scroll(to: 1500)
        #expect(controller.scrollOffset == 1500)
        let second = try expectedVisible(controller, offset: 1500)
        #expect(Set(first).isDisjoint(with: second), "a whole screen height further")
        #expect(indices(controller, "gone") == first)
        #expect(indices(controller, "seen") == first + second)
        // Back up a little: the items above enter again, the bottom ones leave.
        try controller.scroll(to: 1400)
        let third = try expectedVisible(controller, offset: 1400)
        #expect(indices(controller, "seen") == first + second + third.filter { !second.contains($0) })
        #expect(indices(controller, "gone") == first + second.filter { !third.contains($0) })
        #expect(controller.state["log"] == .string("header "), "the header is not a lazy item: scrolling runs none of its actions")
    }

    @Test func `the offset is clamped to the content, and the last items appear at the bottom`() throws {
        let (harness, controller) = try launch(Self.feed)
        defer { withExtendedLifetime(harness) {} }  // the app and its scene live as long as the test
        try controller.scroll(to: 1e9)
        let nodes = try #require(controller.layoutResult).nodes
        let bottom = nodes.filter { $0.parent == 0 }.map(\.frame.maxY).max() ?? 0
        #expect(controller.scrollOffset == bottom - nodes[0].frame.maxY)
        #expect(controller.visibleLazyItems.last == "cell-i79")
        try controller.scroll(to: -50)
        #expect(controller.scrollOffset == 0)
        #expect(throws: RuntimeError.self) { try controller.scroll(to: .nan) }
    }

    @Test func `at viewDidDisappear the visible items disappear, and nothing runs while the screen is not visible`() throws {
        let (harness, controller) = try launch(Self.feed)
        defer { withExtendedLifetime(harness) {} }  // the app and its scene live as long as the test
        let visible = try expectedVisible(controller, offset: 0)
        harness.window.rootViewController = ViewController(name: "other")
        #expect(indices(controller, "gone") == visible)
        #expect(controller.state["log"] == .string("header header-gone "))
        try controller.scroll(to: 2000)
        #expect(indices(controller, "seen") == visible, "no item appears while the screen is off screen")
        #expect(controller.visibleLazyItems == [])
    }

    @Test func `a state change that moves items into view runs their onAppear, and one that empties the grid clamps the offset`() throws {
        // The header is 2 000 pt tall until `tall` turns false: no item is visible at launch.
        let json = Self.feed.replacingOccurrences(of: #""state": {"log": "","#, with: #""state": {"tall": true, "log": "","#)
            .replacingOccurrences(of: #""text": "Header","#, with: #""text": "Header", "frame": {"height": "@{tall ? 2000 : 20}"},"#)
        let (harness, controller) = try launch(json)
        defer { withExtendedLifetime(harness) {} }
        #expect(indices(controller, "seen") == [])
        try controller.setState("tall", to: .bool(false))
        let visible = try expectedVisible(controller, offset: 0)
        #expect(!visible.isEmpty)
        #expect(indices(controller, "seen") == visible)
        try controller.scroll(to: 1500)
        try controller.setState("items", to: .array([]))
        #expect(controller.visibleLazyItems == [], "no items left")
        #expect(controller.scrollOffset == 0, "the content shrank: the offset is clamped")
    }

    @Test func `an item a state change removes while it is visible runs its onDisappear, with its own index`() throws {
        let (harness, controller) = try launch(Self.feed)
        defer { withExtendedLifetime(harness) {} }
        let visible = try expectedVisible(controller, offset: 0)
        #expect(visible.count > 2)
        // Drop the first two items: cell-i0 and cell-i1 leave the tree (the others keep their ids and move up).
        guard case .array(let items)? = controller.state["items"] else { Issue.record("no items"); return }
        try controller.setState("items", to: .array(Array(items.dropFirst(2))))
        let gone = indices(controller, "gone")
        #expect(gone.prefix(2) == [0, 1], "the removed items disappear with the index they had: \(gone)")
        #expect(!controller.visibleLazyItems.contains("cell-i0") && !controller.visibleLazyItems.contains("cell-i1"))
        // Every item visible before is either still visible or has disappeared: none is lost.
        let now = Set(controller.visibleLazyItems)
        for index in visible where !now.contains("cell-i\(index)") {
            #expect(gone.contains(index) || index < 2, "cell-i\(index) left without onDisappear")
        }
    }
    @Test func `after items are inserted, removed and moved in the grid, the visible items are those the layout shows`() throws {
        let (harness, controller) = try launch(Self.feed)
        defer { withExtendedLifetime(harness) {} }
        var random = SplitMix(seed: 2712)
        var ids = (0..<80).map { "i\($0)" }
        let splicesBefore = controller.displayListSplices
        for step in 0..<40 {
            switch random.next(4) {
            case 0: ids.insert("n\(step)", at: random.next(ids.count + 1))
            case 1 where ids.count > 4: ids.remove(at: random.next(ids.count))
            case 2 where ids.count > 1: ids.insert(ids.remove(at: random.next(ids.count)), at: random.next(ids.count))
            default: try controller.scroll(to: Double(random.next(3000)))
            }
            try Self.setItems(ids, of: controller)
            let expected = try Self.visibleCells(of: controller)
            #expect(controller.visibleLazyItems == expected, "step \(step)")
        }
        #expect(controller.displayListSplices - splicesBefore >= 20, "the grid's items were spliced: \(controller.displayListSplices - splicesBefore)")
    }

    @Test func `after the first and last items swap places, the visible items are those the layout shows, in document order`() throws {
        // Items matched by their ids (`forEach`'s `id`): the two swapped items keep their nodes and move.
        let keyed = Self.feed.replacingOccurrences(of: #""items": "@{items}", "template""#, with: #""items": "@{items}", "id": "@{item.id}", "template""#)
        #expect(keyed != Self.feed)
        let (harness, controller) = try launch(keyed)
        defer { withExtendedLifetime(harness) {} }
        var ids = (0..<80).map { "i\($0)" }
        let splicesBefore = controller.displayListSplices
        for offset in [0.0, 4000, 0] {
            try controller.scroll(to: offset)
            ids.swapAt(0, ids.count - 1)
            try Self.setItems(ids, of: controller)
            let expected = try Self.visibleCells(of: controller)
            #expect(controller.visibleLazyItems == expected, "offset \(offset)")
        }
        #expect(controller.displayListSplices - splicesBefore == 3, "the swaps were spliced: \(controller.displayListSplices - splicesBefore)")
    }

    @Test func `after state changes in place above, in and below the grid, the visible items are those the layout shows`() throws {
        // The header's text, the cells' height and a footer's text read the state: changes that move the items, and
        // changes that move nothing that decides what is visible (the visible items are then kept without looking).
        let json = Self.feed.replacingOccurrences(of: #""state": {"log": "","#, with: #""state": {"title": "Header", "h": 100, "note": "", "log": "","#)
            .replacingOccurrences(of: #""text": "Header","#, with: #""text": "@{title}","#)
            .replacingOccurrences(of: #""frame": {"height": 100},"#, with: #""frame": {"height": "@{h}"},"#)
            .replacingOccurrences(of: #""onDisappear": {"type": "append", "name": "gone", "value": "@{index}"}}}]}]}]}}"#,
                                  with: #""onDisappear": {"type": "append", "name": "gone", "value": "@{index}"}}}]},"#
                                    + #"{"type": "text", "id": "footer", "text": "@{note}"}]}]}}"#)
        #expect(json.contains("footer") && json.contains("@{h}") && json.contains("@{title}"))
        let (harness, controller) = try launch(json)
        defer { withExtendedLifetime(harness) {} }
        var random = SplitMix(seed: 2713)
        let titles = ["Header", "A header long enough to wrap onto a second line and a third one at this width, or more", "H"]
        for step in 0..<60 {
            switch random.next(5) {
            case 0: try controller.setState("title", to: .string(titles[random.next(titles.count)]))
            case 1: try controller.setState("h", to: .int(40 + 30 * random.next(5)))
            case 2, 3: try controller.setState("note", to: .string("note \(random.next(1000))"))
            default: try controller.scroll(to: Double(random.next(4000)))
            }
            let expected = try Self.visibleCells(of: controller)
            #expect(controller.visibleLazyItems == expected, "step \(step)")
            #expect(indices(controller, "seen").count - indices(controller, "gone").count == expected.count, "step \(step)")
        }
    }

    @Test func `after a lazy item is hidden or shown in place, the visible items are those the layout shows`() throws {
        // A grid of fixed cells, each hidden while `hide` names it: hiding one changes that item alone (the display
        // list's change of a few items), which must not keep the visible items; a footer's text changes nothing that
        // decides them.
        let cells = (0..<40).map { ##"{"type": "color", "id": "cell-c\##($0)", "color": "#3366CC", "frame": {"height": 100}, "visible": "@{hide != 'c\##($0)'}"}"## }
        let json = #"{"schemaVersion": 1, "id": "fixed", "state": {"hide": "", "note": ""}, "root": {"type": "scroll", "id": "feed", "children": ["#
            + #"{"type": "vstack", "spacing": 0, "children": [{"type": "grid", "id": "grid", "columns": 2, "spacing": 10, "children": ["#
            + cells.joined(separator: ", ") + #"]}, {"type": "text", "id": "footer", "text": "@{note}"}]}]}}"#
        let (harness, controller) = try launch(json)
        defer { withExtendedLifetime(harness) {} }
        var random = SplitMix(seed: 2714)
        var hidden = 0
        for step in 0..<60 {
            switch random.next(4) {
            case 0, 1:
                // Mostly a cell that is visible now.
                let shown = controller.visibleLazyItems
                let id = shown.isEmpty || random.next(4) == 0 ? "cell-c\(random.next(40))" : shown[random.next(shown.count)]
                try controller.setState("hide", to: .string(String(id.dropFirst("cell-".count))))
                hidden += 1
            case 2: try controller.setState("note", to: .string("note \(random.next(1000))"))
            default: try controller.scroll(to: Double(random.next(2500)))
            }
            let layout = try #require(controller.layoutResult)
            let top = layout.frame(at: 0).minY + controller.scrollOffset, bottom = layout.frame(at: 0).maxY + controller.scrollOffset
            let expected = layout.nodes.filter { $0.id.hasPrefix("cell-") && !$0.isHidden && $0.frame.maxY > top && $0.frame.minY < bottom }.map(\.id)
            #expect(!expected.isEmpty, "step \(step)")
            #expect(controller.visibleLazyItems == expected, "step \(step)")
        }
        #expect(hidden >= 20)
    }

    @Test func `a screen whose root is not a vertical scroll cannot be scrolled`() throws {
        let (harness, controller) = try launch(#"{"schemaVersion": 1, "id": "s", "root": {"type": "vstack", "children": []}}"#)
        defer { withExtendedLifetime(harness) {} }
        #expect(throws: RuntimeError.self) { try controller.scroll(to: 10) }
    }

    /// Sets the state's `items` to objects with the ids `ids`.
    static func setItems(_ ids: [String], of controller: ScreenViewController) throws {
        try controller.setState("items", to: .array(ids.map { .object(StateObject(keys: ["id"], values: [.string($0)])) }))
    }

    /// The ids of the cells whose frames meet the visible area, in document order, from the layout as it is now.
    static func visibleCells(of controller: ScreenViewController) throws -> [String] {
        let layout = try #require(controller.layoutResult)
        let viewport = layout.frame(at: 0)
        let top = viewport.minY + controller.scrollOffset, bottom = viewport.maxY + controller.scrollOffset
        return layout.nodes.filter { $0.id.hasPrefix("cell-") && $0.frame.maxY > top && $0.frame.minY < bottom }.map(\.id)
    }
}
