import SDUIEnvironment
import SDUILayout
import SDUISchema
import Testing
import SDUIFixtures

/// Viewport (virtualised) layouts of a long feed give the same frames as a full layout, realise only what
/// is near the viewport, and do not grow with the number of items.
@Suite struct ViewportLayoutTests {
    static let environment = window(375, 667)

    /// Lays `screen` out in full and for the viewport at `offset` (with `margin`) and checks what both tests of
    /// viewport frames check: few nodes realised, each at its full-layout frame and pointer, and every card
    /// whose full-layout frame meets the realised window (in window coordinates: the content starts at the
    /// safe area's top) among them. Returns both results.
    static func expectViewportMatchesFull(_ screen: Screen, offset: Double, margin: Double) throws
        -> (full: LayoutResult, viewport: LayoutResult) {
        let traits = environment.traitCollection()
        let full = LayoutEngine().layout(screen, in: environment, traits: traits)
        let byID = Dictionary(uniqueKeysWithValues: full.nodes.map { ($0.id, $0) })
        let viewport = LayoutEngine().layout(screen, in: environment, traits: traits,
                                             viewport: ScrollViewport(offset: offset, margin: margin))
        #expect(viewport.nodes.count < 200, "only rows near the viewport are realised")
        for node in viewport.nodes {
            let reference = try #require(byID[node.id])
            #expect(near(node.frame, reference.frame, 0.001), "\(node.id): \(node.frame) vs \(reference.frame)")
            #expect(node.pointer == reference.pointer)
        }
        let top = environment.safeAreaRect.y
        let visible = full.nodes.filter {
            $0.id.hasPrefix("card-") && !$0.id.dropFirst(5).contains("-")
                && $0.frame.maxY > top + offset - margin && $0.frame.minY < top + offset + 667 + margin
        }
        let realised = Set(viewport.nodes.map(\.id))
        #expect(!visible.isEmpty)
        for card in visible { #expect(realised.contains(card.id), "\(card.id) at \(card.frame) missing") }
        return (full, viewport)
    }

    @Test(arguments: [0.0, 20_000, 52_345.5])
    func `viewport frames equal the same nodes in a full layout`(_ offset: Double) throws {
        // Every card whose frame intersects [offset - margin, offset + height + margin] is realised.
        let (full, viewport) = try Self.expectViewportMatchesFull(BenchmarkFixtures.feed(count: 1_000), offset: offset,
                                                                  margin: 100)
        // The grid's height is the full content height (uniform rows: the estimate is exact).
        #expect(near(viewport.frame("grid")!.height, full.frame("grid")!.height, 0.001))
    }

    @Test func `scrolling through rows keeps frames exact when rows differ in height`() throws {
        // Alternate tall and short items: row heights differ; measured rows are exact.
        var screen = BenchmarkFixtures.feed(count: 200)
        for i in stride(from: 0, to: 200, by: 3) {
            screen.root.children[0].children[i].children[1].modifiers.frame = Frame(height: 60)
        }
        let traits = Self.environment.traitCollection()
        let full = LayoutEngine().layout(screen, in: Self.environment, traits: traits)
        let byID = Dictionary(uniqueKeysWithValues: full.nodes.map { ($0.id, $0.frame) })
        let engine = LayoutEngine()
        var offset = 0.0
        while offset < 3_000 {
            let result = engine.layout(screen, in: Self.environment, traits: traits, viewport: ScrollViewport(offset: offset, margin: 0))
            for node in result.nodes where node.id.hasPrefix("card-") {
                #expect(near(node.frame, byID[node.id]!, 0.001), "\(node.id) at offset \(offset)")
            }
            offset += 300
        }
    }

    @Test func `the cached tree survives viewport layouts`() {
        let engine = LayoutEngine()
        let screen = BenchmarkFixtures.feed(count: 10_000)
        let traits = Self.environment.traitCollection()
        let first = engine.layout(screen, in: Self.environment, traits: traits, viewport: ScrollViewport(offset: 0))
        let again = engine.layout(screen, in: Self.environment, traits: traits, viewport: ScrollViewport(offset: 0))
        #expect(first.nodes == again.nodes)
        #expect(engine.buildCount == 1)
        let middle = engine.layout(screen, in: Self.environment, traits: traits, viewport: ScrollViewport(offset: 500_000))
        #expect(middle.nodes.count < 200)
        // 500 000 pt down at 216.09375 pt per row of two: row 2313, cards 4626…
        #expect(middle.nodes.contains { $0.id == "card-4626" })
        #expect(engine.buildCount == 1)
    }

    /// The feed's grid inside a padded vstack between a header and a footer: `scroll > vstack > grid`, as in
    /// the storefront example. `frameOnContent` gives the vstack a fixed height instead (its grid is then not in
    /// the scroll's column and must be laid out in full).
    static func nestedFeed(count: Int, frameOnContent: Bool = false) -> Screen {
        let feed = BenchmarkFixtures.feed(count: count)
        var header = ComponentNode(type: .color, id: "header")
        header.modifiers.frame = Frame(height: 120)
        var footer = ComponentNode(type: .color, id: "footer")
        footer.modifiers.frame = Frame(height: 80)
        var content = ComponentNode(type: .vstack, id: "content", children: [header, feed.root.children[0], footer])
        content.spacing = .fixed(10)
        content.modifiers.padding = Padding(top: 24, leading: 0, bottom: 12, trailing: 0)
        if frameOnContent { content.modifiers.frame = Frame(height: 2_000) }
        // A banner above the vstack: the vstack's content starts 924 pt down the scroll, which its grid's window
        // must take into account.
        var banner = ComponentNode(type: .color, id: "banner")
        banner.modifiers.frame = Frame(height: 900)
        return Screen(id: "nested-feed", root: ComponentNode(type: .scroll, id: "scroll", children: [banner, content]))
    }

    @Test(arguments: [1_000.0, 1_500, 20_000, 52_345.5])
    func `a grid in a vstack of the scroll is virtualised, with the same frames as a full layout`(_ offset: Double) throws {
        // Every card in the viewport is realised; banner, header, grid and footer keep their full-layout frames.
        let (full, viewport) = try Self.expectViewportMatchesFull(Self.nestedFeed(count: 1_000), offset: offset, margin: 0)
        for id in ["banner", "header", "grid", "footer", "content"] {
            #expect(near(viewport.frame(id)!, full.frame(id)!, 0.001), "\(id)")
        }
    }

    @Test func `a grid under a vstack with a frame is laid out in full in a viewport layout`() throws {
        let screen = Self.nestedFeed(count: 60, frameOnContent: true)
        let traits = Self.environment.traitCollection()
        let full = LayoutEngine().layout(screen, in: Self.environment, traits: traits)
        let viewport = LayoutEngine().layout(screen, in: Self.environment, traits: traits,
                                             viewport: ScrollViewport(offset: 0, margin: 0))
        #expect(viewport.nodes.count == full.nodes.count)
        let byID = Dictionary(uniqueKeysWithValues: full.nodes.map { ($0.id, $0.frame) })
        for node in viewport.nodes { #expect(near(node.frame, byID[node.id]!, 0.001), "\(node.id)") }
    }

    /// `node` with every id prefixed (two copies of a feed in one screen).
    static func prefixed(_ node: ComponentNode, _ prefix: String) -> ComponentNode {
        var copy = node
        if let id = copy.id { copy.id = prefix + id }
        copy.children = copy.children.map { prefixed($0, prefix) }
        return copy
    }

    @Test func `two virtualised grids in one column keep their own rows`() throws {
        // Two 120-item grids of mixed row heights (every third title 60 pt tall), one below the other.
        var grid = BenchmarkFixtures.feed(count: 120).root.children[0]
        for i in stride(from: 0, to: 120, by: 3) { grid.children[i].children[1].modifiers.frame = Frame(height: 60) }
        let content = ComponentNode(type: .vstack, id: "content", children: [Self.prefixed(grid, "a-"), Self.prefixed(grid, "b-")])
        let screen = Screen(id: "two-grids", root: ComponentNode(type: .scroll, id: "scroll", children: [content]))
        let traits = Self.environment.traitCollection()
        let full = LayoutEngine().layout(screen, in: Self.environment, traits: traits)
        let byID = Dictionary(uniqueKeysWithValues: full.nodes.map { ($0.id, $0.frame) })
        let total = full.frame("content")!.height
        // Scrolling down 300 pt at a time, every card in view sits where the full layout puts it: each grid's
        // measured rows grow as it is scrolled through, whatever the other grid does in the same layouts. (A grid
        // below the viewport still realises its first row, placed below the estimated rest of the grid above:
        // not in view, not checked.)
        let engine = LayoutEngine()
        let top = Self.environment.safeAreaRect.y
        var offset = 0.0, checked = 0
        while offset < total {
            let result = engine.layout(screen, in: Self.environment, traits: traits, viewport: ScrollViewport(offset: offset, margin: 0))
            for node in result.nodes where node.id.contains("card-")
                && node.frame.maxY > top + offset && node.frame.minY < top + offset + 667 {
                #expect(near(node.frame, byID[node.id]!, 0.001), "\(node.id) at offset \(offset)")
                checked += 1
            }
            offset += 300
        }
        #expect(checked > 500)
    }
}
