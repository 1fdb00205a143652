import Foundation
import SDUIDisplay
import SDUIEnvironment
import SDUILayout
import SDUISchema
import Testing

/// What a host that scrolls natively (the SwiftUI host's `ScrollView`) works out from the scroll offset, headlessly:
/// where pinned section headers and footers are drawn (`ScrollPinning`, against the engine's own layout at that
/// offset) and which lazy items are visible (`LazyItemTracker`, whose actions the host runs).
@Suite struct ScrollHostTests {
    /// A root scroll of `sections` sections, each a header, `rows` rows of `rowHeight` and a footer.
    static func feed(sections: Int, rows: Int, rowHeight: Double, pinned: String, horizontal: Bool = false,
                     nestedScroll: Bool = false) throws -> Screen {
        func color(_ id: String, _ length: Double) -> String {
            let size = horizontal ? #""width": \#(length)"# : #""height": \#(length)"#
            return ##"{"type": "color", "id": "\##(id)", "color": "#336699", "frame": {\##(size)}}"##
        }
        let list = (0..<sections).map { s in
            let rowList = (0..<rows).map { r in color("s\(s)r\(r)", rowHeight) }.joined(separator: ", ")
            return #"{"type": "section", "id": "s\#(s)", "spacing": 0, "header": \#(color("s\(s)h", 40)), "footer": \#(color("s\(s)f", 30)), "children": [\#(rowList)]}"#
        }
        var children = list.joined(separator: ", ")
        if nestedScroll {
            children += #", {"type": "scroll", "id": "inner", "frame": {"height": 200}, "children": [\#(list[0].replacingOccurrences(of: "\"s0", with: "\"n0"))]}"#
        }
        let axis = horizontal ? #""axis": "horizontal", "# : ""
        let json = #"{"schemaVersion": 1, "id": "feed", "root": {"type": "scroll", "id": "feed", \#(axis)"spacing": 0, "pinnedViews": [\#(pinned)], "children": [\#(children)]}}"#
        let decoded = PayloadDecoder().decode(Data(json.utf8))
        return try #require(decoded.screen, "\(decoded.errors)")
    }

    /// Every node's frame at `offset` as a host draws it — the frame at offset 0 moved back by the offset (nodes in
    /// the scroll's content) and by its pinned ancestor's displacement — against the engine's layout at that offset.
    func expectHostMatchesEngine(_ screen: Screen, window: WindowEnvironment, offsets: [Double],
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        let traits = window.traitCollection()
        let base = LayoutEngine().layout(screen, in: window, traits: traits)
        let items = DisplayList(base).items
        let pinning = ScrollPinning(layout: base, items: items)
        let horizontal = pinning.isHorizontal
        // A native scroll view's offset stays within its content (the engine clamps the same way).
        let extent = ScrollContent.extents(of: items).first { $0.index == 0 }?.extent ?? .zero
        let viewport = items[0].frame
        let maxOffset = max(0, horizontal ? extent.maxX - viewport.width : extent.maxY - viewport.height)
        for offset in offsets.map({ min(max(0, $0), maxOffset) }) {
            let engine = LayoutEngine().layout(screen, in: window, traits: traits, scrollOffset: offset)
            var moved = [Double](repeating: 0, count: items.count)
            for (item, delta) in pinning.displacements(in: items, at: offset) { moved[item.int] = delta }
            for i in items.indices {
                // A pinned view's subtree moves with it.
                var delta = 0.0
                var a: Int? = i
                while let k = a { if moved[k] != 0 { delta = moved[k]; break }; a = items[k].parent?.int }
                let shift = i == 0 ? 0 : -offset + delta
                let f = items[i].frame
                let expected = horizontal ? Rect(x: f.x + shift, y: f.y, width: f.width, height: f.height)
                                          : Rect(x: f.x, y: f.y + shift, width: f.width, height: f.height)
                let actual = engine.frame(at: i)
                #expect(abs(actual.x - expected.x) < 1e-9 && abs(actual.y - expected.y) < 1e-9, "\(items[i].id) at offset \(offset): engine \(actual), host \(expected)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    @Test func `pinned headers are drawn where the engine places them at every offset`() throws {
        let screen = try Self.feed(sections: 4, rows: 5, rowHeight: 60, pinned: #""sectionHeaders""#)
        let window = try WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!, mode: .window(Size(width: 390, height: 500))))
        // Content 4 × (40 + 300 + 30) = 1480 tall in 500: offsets across the whole range, on and off section edges.
        expectHostMatchesEngine(screen, window: window, offsets: stride(from: 0.0, through: 980, by: 17.5).map { $0 } + [340, 370, 980])
        let items = Fixture.items(screen, window)
        let pinning = ScrollPinning(layout: LayoutEngine().layout(screen, in: window, traits: window.traitCollection()), items: items)
        #expect(pinning.pins.count == 4 && pinning.pins.allSatisfy(\.isHeader), "headers only")
        // At 400 the second section (370…740) is under the top: its header is held at the viewport's top, 30 down.
        let moves = pinning.displacements(in: items, at: 400)
        let header = try #require(items.firstIndex { $0.id == "s1h" })
        #expect(moves.first { $0.item.int == header }?.delta == 30)
        // The first section's header was pushed out above it (370 − 40 − 400 = −70 on screen): 330 below its place.
        #expect(moves.first { items[$0.item.int].id == "s0h" }?.delta == 330)
        #expect(moves.count == 2, "the later headers are at their own places")
        // At 690 it is pushed out by the next section: 740 − 40 − 690 = 10 on screen, 320 below its place.
        #expect(pinning.displacements(in: items, at: 690).first { $0.item.int == header }?.delta == 320)
    }

    @Test func `pinned footers, both kinds, and a horizontal scroll`() throws {
        let window = try WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!, mode: .window(Size(width: 390, height: 500))))
        // From offset 1: the engine pins nothing at offset 0 (a layout at offset 0 is its plain layout, footers at their
        // places); a native scroll view pins footers from the start, as LazyVStack does (docs/hosts.md).
        let footers = try Self.feed(sections: 3, rows: 6, rowHeight: 50, pinned: #""sectionFooters""#)
        expectHostMatchesEngine(footers, window: window, offsets: stride(from: 1.0, through: 700, by: 23).map { $0 })
        let both = try Self.feed(sections: 3, rows: 6, rowHeight: 50, pinned: #""sectionHeaders", "sectionFooters""#)
        expectHostMatchesEngine(both, window: window, offsets: stride(from: 1.0, through: 700, by: 19).map { $0 })
        let sideways = try Self.feed(sections: 3, rows: 4, rowHeight: 120, pinned: #""sectionHeaders""#, horizontal: true)
        expectHostMatchesEngine(sideways, window: window, offsets: stride(from: 0.0, through: 1000, by: 37).map { $0 })
    }

    @Test func `sections in a nested scroll and a root that pins nothing are not pinned`() throws {
        let window = try WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!, mode: .window(Size(width: 390, height: 500))))
        let nested = try Self.feed(sections: 2, rows: 3, rowHeight: 60, pinned: #""sectionHeaders""#, nestedScroll: true)
        let items = Fixture.items(nested, window)
        let pinning = ScrollPinning(layout: LayoutEngine().layout(nested, in: window, traits: window.traitCollection()), items: items)
        #expect(pinning.pins.map { items[$0.item.int].id } == ["s0h", "s1h"])
        expectHostMatchesEngine(nested, window: window, offsets: [0, 100, 250, 400])
        let plain = try Self.feed(sections: 2, rows: 3, rowHeight: 60, pinned: "")
        let plainItems = Fixture.items(plain, window)
        #expect(ScrollPinning(layout: LayoutEngine().layout(plain, in: window, traits: window.traitCollection()), items: plainItems).pins.isEmpty)
    }

    @Test func `the published pinned header case`() throws {
        // Apple's PinnedScrollableViews example as the layout fixture has it: at 420 the first header is pushed out to −20.
        let url = Fixture.repository.appendingPathComponent("Tests/SDUILayoutTests/Fixtures/published-apple-pinned-section-header.json")
        let fixture = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let payload = try JSONSerialization.data(withJSONObject: try #require(fixture["payload"]))
        let screen = try #require(PayloadDecoder().decode(payload).screen)
        let window = try WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!, mode: .window(Size(width: 200, height: 300))))
        let items = Fixture.items(screen, window)
        let pinning = ScrollPinning(layout: LayoutEngine().layout(screen, in: window, traits: window.traitCollection()), items: items)
        let header = try #require(items.firstIndex { $0.id == "aHeader" })
        let delta = try #require(pinning.displacements(in: items, at: 420).first { $0.item.int == header }?.delta)
        #expect(items[header].frame.y - 420 + delta == -20)
        expectHostMatchesEngine(screen, window: window, offsets: [0, 20, 400, 420, 440, 580])
    }

    @MainActor @Test func `the lazy items a native scroll shows are those its offset brings into view`() throws {
        // A feed of 40 cards in a two-column grid (lazy items) under a header; the host reports its scroll view's offset.
        let cards = (0..<40).map { i in ##"{"type": "color", "id": "card\##(i)", "color": "#CCCCCC", "frame": {"height": 100}, "onAppear": {"type": "set", "name": "last", "value": \##(i)}}"## }
        let json = ##"{"schemaVersion": 1, "id": "grid", "state": {"last": -1}, "root": {"type": "scroll", "id": "feed", "spacing": 0, "children": [{"type": "color", "id": "top", "color": "#000000", "frame": {"height": 200}}, {"type": "grid", "id": "g", "columns": 2, "spacing": 0, "children": [\##(cards.joined(separator: ", "))]}]}}"##
        let screen = try #require(PayloadDecoder().decode(Data(json.utf8)).screen)
        let window = try WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!, mode: .window(Size(width: 390, height: 600))))
        let layout = LayoutEngine().layout(screen, in: window, traits: window.traitCollection())
        let items = DisplayList(layout).items
        let tracker = LazyItemTracker()
        tracker.hasAppeared = true
        var ran: [String] = []
        func show(at offset: Double) -> [String] {
            tracker.scroll(to: offset)
            tracker.update(current: { LazyItemTracker.Snapshot(layout: layout, items: items) },
                           perform: { _, _, id in ran.append(id) }, report: { Issue.record("\($0)") })
            return tracker.visible
        }
        // Rows of 100 under a 200-pt header: at offset 0, rows 0–3 (y 200…600) are visible: cards 0–7.
        #expect(show(at: 0) == (0..<8).map { "card\($0)" })
        #expect(ran == (0..<8).map { "'grid' onAppear of lazy item 'card\($0)'" }, "each appearing card's onAppear ran once")
        // At 1000 the viewport is 1000…1600: rows 8–13, cards 16–27.
        #expect(show(at: 1000) == (16..<28).map { "card\($0)" })
        // Past the end the offset is clamped to the content (2200 − 600 = 1600): the last six rows.
        #expect(show(at: 5000) == (28..<40).map { "card\($0)" })
        #expect(tracker.offset == 1600)
    }
}
