import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema
import Testing
import SDUIFixtures

@Suite struct EngineBehaviourTests {
    static func examples() throws -> [Screen] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        return try files.map { try Screen(jsonData: try #require(FileManager.default.contents(atPath: directory.appendingPathComponent($0).path))) }
    }

    @Test func `an image's frame is the same before and after it loads`() throws {
        // Layout takes no image data: a loaded image can only change the payload's url/placeholder, never
        // the box. Swap both (as a host would after loading) and compare every frame.
        var image = ComponentNode(type: .image, id: "photo")
        image.url = "https://example.com/tiny.jpg"
        image.modifiers.aspectRatio = 1.5
        var card = ComponentNode(type: .vstack, id: "card", children: [image, ComponentNode(type: .color, id: "below")])
        card.modifiers.padding = Padding(8)
        let before = lay(ComponentNode(type: .scroll, children: [card]), in: window(375, 667))
        image.url = "https://example.com/huge-4000x100.jpg"
        image.placeholder = .fixed(ImagePlaceholder.none)
        card.children[0] = image
        let after = lay(ComponentNode(type: .scroll, children: [card]), in: window(375, 667))
        #expect(before.nodes.map(\.frame) == after.nodes.map(\.frame))
        #expect(near(before.frame("photo"), Rect(x: 8, y: 8, width: 359, height: 359 / 1.5)))
    }

    @Test func `relayout after a window change equals a fresh layout`() throws {
        let environments = WindowEnvironment.allFixed()
        for screen in try Self.examples() + [BenchmarkFixtures.cards(count: 6, textTitles: true)] {
            let engine = LayoutEngine()
            var previous: WindowEnvironment?
            for environment in environments {
                let traits = environment.traitCollection()
                let reused = engine.layout(screen, in: environment, traits: traits)
                let fresh = freshLayout(of: screen, in: environment, traits: traits)
                #expect(reused.nodes == fresh.nodes, "\(screen.id) on \(environment.device.name) after \(previous?.device.name ?? "-")")
                #expect(reused.diagnostics == fresh.diagnostics)
                previous = environment
            }
        }
    }

    @Test func `a width change reuses the built tree`() {
        let engine = LayoutEngine()
        let screen = BenchmarkFixtures.cards()
        _ = engine.layout(screen, in: window(375, 667), traits: window(375, 667).traitCollection())
        let narrow = engine.layout(screen, in: window(414, 896), traits: window(414, 896).traitCollection())
        #expect(engine.buildCount == 1)
        #expect(near(narrow.frame("card-0")!.width, (414 - 32 - 12) / 2))
        _ = engine.layout(screen, in: window(375, 667), traits: window(375, 667).traitCollection(contentSize: .accessibility2))
        #expect(engine.buildCount == 2, "a Dynamic Type change rebuilds (text runs change)")
    }

    @Test func `root is centred in the safe area`() {
        var box = ComponentNode(type: .color, id: "box")
        box.modifiers.frame = Frame(width: 100, height: 100)
        let environment = device("iphone-16")
        let result = lay(box, in: environment)
        let safe = environment.safeAreaRect
        #expect(near(result.frame("box"), Rect(x: safe.x + (safe.width - 100) / 2, y: safe.y + (safe.height - 100) / 2, width: 100, height: 100)))
    }

    @Test func `a button smaller than 44 points is reported`() {
        var button = ComponentNode(type: .button, id: "buy")
        button.title = "OK"
        let result = lay(ComponentNode(type: .vstack, children: [button]), in: window(375, 667))
        #expect(result.codes().contains("tap-target-too-small"))
        var big = button
        big.modifiers.frame = Frame(minWidth: 44, minHeight: 44)
        #expect(!lay(ComponentNode(type: .vstack, children: [big]), in: window(375, 667)).codes().contains("tap-target-too-small"))
    }

    @Test func `text wraps, honours lineLimit and reports truncation`() throws {
        var text = ComponentNode(type: .text, id: "t")
        text.text = .fixed(String(repeating: "word ", count: 60))
        text.lineLimit = 2
        var frame = ComponentNode(type: .vstack, id: "column", children: [text])
        frame.modifiers.frame = Frame(width: 200)
        let result = lay(frame, in: window(375, 667))
        let node = try #require(result.node("t"))
        let run = try #require(node.text)
        #expect(run.lines.count == 2)
        #expect(run.isTruncated)
        #expect(node.frame.width <= 200)
        #expect(near(node.frame.height, 2 * run.lineHeight))
        #expect(result.diagnostics.contains { $0.code == "text-truncated" && $0.path == "t" && $0.severity == .info })
    }

    @Test func `a kept engine lays out rebuilt texts as a new engine does`() {
        // Each screen is built anew (its strings in new storage), so the kept engine meets at each text index
        // the same string, an equal one, another one, or the same one in another style; sometimes its text
        // cache is emptied in between.
        let pool = ["Product 12: a handmade ceramic mug with a long name", "$12.99", "Short", "", "日本語のテキスト",
                    "Wireless Earbuds Pro Max with noise cancelling", "a b c d e f g h i j k l m n o p"]
        let styles: [TextStyle] = [.headline, .subheadline, .body, .caption]
        var g = SplitMix(seed: 11)
        let engine = LayoutEngine()
        let environment = window(375, 667)
        for round in 0..<60 {
            let count = Int.random(in: 1...12, using: &g)
            let texts = (0..<count).map { i -> ComponentNode in
                var node = ComponentNode(type: .text, id: "t\(i)")
                let chosen = pool.randomElement(using: &g)!
                node.text = .fixed(String(decoding: Array(chosen.utf8), as: UTF8.self))
                node.style = .fixed(styles[Int.random(in: 0..<2, using: &g) == 0 ? 0 : Int.random(in: 0..<styles.count, using: &g)])
                if Bool.random(using: &g) { node.lineLimit = .fixed(Int.random(in: 1...2, using: &g)) }
                return node
            }
            var column = ComponentNode(type: .vstack, id: "column", children: texts)
            column.modifiers.frame = Frame(width: .fixed(Double(Int.random(in: 60...300, using: &g))))
            let screen = Screen(id: "texts-\(round)", root: column)
            if round % 7 == 3 { engine.removeCachedTextLayouts() }
            let kept = engine.layout(screen, in: environment, traits: environment.traitCollection())
            let fresh = freshLayout(of: screen, in: environment, traits: environment.traitCollection())
            #expect(kept.nodes == fresh.nodes, "round \(round)")
            #expect(kept.diagnostics == fresh.diagnostics, "round \(round)")
        }
    }

    @Test func `Dynamic Type size changes text height`() throws {
        var text = ComponentNode(type: .text, id: "t")
        text.text = "Headline"
        text.style = .fixed(.headline)
        let large = lay(ComponentNode(type: .vstack, children: [text]), in: window(375, 667))
        let ax5 = lay(ComponentNode(type: .vstack, children: [text]), in: window(375, 667), contentSize: .accessibility5)
        #expect(large.frame("t")!.height == DynamicTypeTable.metrics(.headline, .large).lineHeight)
        #expect(ax5.frame("t")!.height > large.frame("t")!.height)
    }

    @Test func `hostile values never produce NaN or negative frames`() {
        var node = ComponentNode(type: .hstack, id: "h", children: [ComponentNode(type: .color, id: "c")])
        node.modifiers.padding = Padding(top: -50, leading: .fixed(.infinity), bottom: .fixed(.nan), trailing: -1e308)
        node.modifiers.frame = Frame(width: .fixed(-10), minHeight: .fixed(.infinity), maxHeight: .fixed(.nan))
        node.spacing = .fixed(.nan)
        node.modifiers.aspectRatio = .fixed(-2)
        let result = lay(ComponentNode(type: .vstack, children: [node]), in: window(375, 667))
        for n in result.nodes {
            #expect(n.frame.x.isFinite && n.frame.y.isFinite && n.frame.width.isFinite && n.frame.height.isFinite)
            #expect(n.frame.width >= 0 && n.frame.height >= 0)
        }
    }

    @Test func `pixel rounding is an option and keeps frames within half a point`() {
        let exact = LayoutEngine().layout(BenchmarkFixtures.cards(count: 4), in: window(375, 667), traits: window(375, 667).traitCollection())
        let rounded = LayoutEngine(options: .init(roundsToPixels: true)).layout(BenchmarkFixtures.cards(count: 4), in: window(375, 667), traits: window(375, 667).traitCollection())
        #expect(exact.frame("card-0-image")!.height == 84.09375)
        let scale = window(375, 667).traitCollection().displayScale
        for (a, b) in zip(exact.nodes, rounded.nodes) {
            #expect(near(a.frame, b.frame, 0.5))
            #expect(((b.frame.y * scale).rounded() - b.frame.y * scale).magnitude < 1e-9)
        }
    }
}
