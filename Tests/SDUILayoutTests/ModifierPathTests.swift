import Foundation
import SDUIEnvironment
@testable import SDUILayout
import SDUISchema
import Testing
import SDUIFixtures

/// The shorthand keys' own layout step (`computeModifierLayers`) is the fast path of the general layer path
/// (`computeLayeredNode`): every payload must give the same frames both ways — laid out as built, and with
/// every node forced onto the layer path; and with its shorthand keys as written, and spelt as the same `modifiers`
/// chain. Plus random chains of every modifier: finite frames, relayouts (remembered placements and layer
/// boxes) equal to fresh layouts.
@Suite struct ModifierPathTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The repository's payloads: examples, layout fixtures, the benchmark payload and screens.
    static func payloads() -> [(String, Screen)] {
        var screens: [(String, Screen)] = []
        let fm = FileManager.default
        for dir in ["Examples", "Benchmarks"] {
            let url = repository.appendingPathComponent(dir)
            for file in ((try? fm.contentsOfDirectory(atPath: url.path)) ?? []).sorted() where file.hasSuffix(".json") {
                if let data = fm.contents(atPath: url.appendingPathComponent(file).path),
                   let screen = PayloadDecoder().decode(data).screen { screens.append((file, screen)) }
            }
        }
        for file in (try? LayoutFixture.files()) ?? [] {
            guard let fixture = try? LayoutFixture.load(file) else { continue }
            if let screen = PayloadDecoder().decode(fixture.payload).screen { screens.append((fixture.file, screen)) }
        }
        screens.append(("cards-text", BenchmarkFixtures.cards(count: 12, textTitles: true)))
        return screens
    }

    static let environments: [WindowEnvironment] = [
        window(375, 667), device("iphone-16"), device("ipad-pro-11-m4", .portrait, .splitView(.oneThird)), device("ipad-pro-13-m4", .landscape),
    ]

    /// Every node's frame, text and hidden flag (what both paths must agree on).
    static func frames(_ result: LayoutResult) -> [String] {
        result.nodes.map { "\($0.path) \($0.frame) \($0.isHidden) \($0.text?.lines ?? [])" }
    }

    static func layout(_ screen: Screen, _ environment: WindowEnvironment, forced: Bool, contentSize: ContentSizeCategory = .large) -> LayoutResult {
        let engine = LayoutEngine()
        engine.forcesLayerPath = forced
        return engine.layout(screen, in: environment, traits: environment.traitCollection(contentSize: contentSize))
    }

    /// `node` with its shorthand modifier keys moved into the front of its chain (the order `fullChain` gives them).
    static func chained(_ node: ComponentNode) -> ComponentNode {
        var node = node
        node.children = node.children.map(chained)
        let full = node.modifiers.fullChain(isImage: node.type == .image)
        guard full.count != node.modifiers.chain.count else { return node }
        let contentMode = node.type == .image ? node.modifiers.contentMode : nil
        node.modifiers.aspectRatio = nil
        node.modifiers.contentMode = contentMode
        node.modifiers.padding = nil
        node.modifiers.frame = nil
        node.modifiers.background = nil
        node.modifiers.cornerRadius = nil
        node.modifiers.chain = full
        return node
    }

    @Test func `the repository's payloads give the same frames on the shorthand fast path and the layer path`() {
        let screens = Self.payloads()
        #expect(screens.count > 60)
        for (name, screen) in screens {
            for environment in Self.environments {
                let shorthand = Self.layout(screen, environment, forced: false)
                let layered = Self.layout(screen, environment, forced: true)
                #expect(Self.frames(shorthand) == Self.frames(layered), "\(name) in \(environment.size)")
                #expect(shorthand.diagnostics.map(\.code).sorted() == layered.diagnostics.map(\.code).sorted(), "\(name)")
            }
        }
    }

    @Test func `flat keys and the same chain spelt in modifiers give the same frames`() {
        for (name, screen) in Self.payloads() {
            let chained = Screen(id: screen.id, root: Self.chained(screen.root))
            for environment in Self.environments {
                let flat = Self.layout(screen, environment, forced: false)
                let chain = Self.layout(chained, environment, forced: false)
                // (Not the paths: moving the shorthand keys into a chain renumbers its decorations' views, `root.0.overlay1`.)
                #expect(flat.nodes.map(\.frame) == chain.nodes.map(\.frame), "\(name) in \(environment.size)")
            }
        }
    }

    @Test(arguments: 0..<60)
    func `random trees give the same frames on both paths and spelt as chains`(_ seed: Int) {
        var g = SplitMix(seed: UInt64(seed) &* 104_729)
        let screen = Screen(id: "random-\(seed)", root: RandomTreeTests.node(depth: 0, &g))
        let chained = Screen(id: screen.id, root: Self.chained(screen.root))
        for environment in Self.environments.prefix(3) {
            let shorthand = Self.layout(screen, environment, forced: false, contentSize: .accessibility1)
            #expect(Self.frames(shorthand) == Self.frames(Self.layout(screen, environment, forced: true, contentSize: .accessibility1)), "seed \(seed)")
            #expect(Self.frames(shorthand) == Self.frames(Self.layout(chained, environment, forced: false, contentSize: .accessibility1)), "seed \(seed)")
        }
    }

    // MARK: Random chains

    static func randomChain(depth: Int, _ g: inout SplitMix) -> [Modifier] {
        func length() -> Responsive<Double> { .fixed(Double(Int.random(in: 0...40, using: &g))) }
        func alignment() -> Responsive<Alignment> { .fixed(Alignment.allCases.randomElement(using: &g)!) }
        var chain: [Modifier] = []
        for _ in 0..<Int.random(in: 1...6, using: &g) {
            switch Int.random(in: 0..<15, using: &g) {
            case 0: chain.append(.padding(Padding(top: length(), leading: length(), bottom: 0, trailing: length())))
            case 1: chain.append(.frame(Frame(width: Bool.random(using: &g) ? length() : nil, height: Bool.random(using: &g) ? length() : nil,
                                              minWidth: Bool.random(using: &g) ? length() : nil, maxWidth: Bool.random(using: &g) ? .fixed(.infinity) : nil,
                                              alignment: alignment())))
            case 2: chain.append(.aspectRatio(AspectRatio(ratio: Bool.random(using: &g) ? .fixed(Double(Int.random(in: 1...30, using: &g)) / 10) : nil,
                                                          contentMode: .fixed(Bool.random(using: &g) ? .fit : .fill))))
            case 3 where depth < 2:
                let content = RandomTreeTests.node(depth: 3, &g)
                chain.append(.background(Decoration(.view(content), alignment: alignment(), ignoresSafeArea: .fixed(Bool.random(using: &g)))))
            case 4 where depth < 2:
                chain.append(.overlay(Decoration(.view(RandomTreeTests.node(depth: 3, &g)), alignment: alignment())))
            case 5: chain.append(.offset(Offset(x: .fixed(Double(Int.random(in: -30...30, using: &g))), y: length())))
            case 6: chain.append(.fixedSize(FixedSize(horizontal: .fixed(Bool.random(using: &g)), vertical: .fixed(Bool.random(using: &g)))))
            case 7: chain.append(.ignoresSafeArea(Bool.random(using: &g) ? .all : [.top]))
            case 8: chain.append(.hidden(.fixed(true)))
            case 9: chain.append(.layoutPriority(.fixed(Double(Int.random(in: -1...2, using: &g)))))
            case 10: chain.append(.opacity(0.5))
            case 11: chain.append(.border(Border(color: .fixed(Color(parsing: "red")!))))
            case 12: chain.append(.clipShape(.capsule))
            case 13: chain.append(.shadow(Shadow(radius: 3)))
            default: chain.append(.background(Decoration(.color(.fixed(Color(parsing: "blue")!)), ignoresSafeArea: .fixed(Bool.random(using: &g)))))
            }
        }
        return chain
    }

    static func withChains(_ node: ComponentNode, depth: Int = 0, _ g: inout SplitMix) -> ComponentNode {
        var node = node
        node.children = node.children.map { withChains($0, depth: depth + 1, &g) }
        if Int.random(in: 0..<3, using: &g) == 0 { node.modifiers.chain = randomChain(depth: depth, &g) }
        return node
    }

    @Test(arguments: 0..<80)
    func `random chains lay out to finite frames, and relayouts equal fresh layouts`(_ seed: Int) {
        var g = SplitMix(seed: UInt64(seed) &* 15_485_863)
        let root = Self.withChains(RandomTreeTests.node(depth: 0, &g), &g)
        let screen = Screen(id: "chains-\(seed)", root: root)
        let engine = LayoutEngine()
        // Back and forth, so remembered placements (and their layer boxes) are reused.
        let order = [0, 1, 0, 1, 2, 0, 2, 0]
        for k in order {
            let environment = Self.environments[k]
            let traits = environment.traitCollection()
            let result = engine.layout(screen, in: environment, traits: traits)
            for node in result.nodes {
                let f = node.frame
                #expect(f.x.isFinite && f.y.isFinite && f.width >= 0 && f.height >= 0, "seed \(seed): \(node.path) \(f)")
            }
            let fresh = LayoutEngine().layout(screen, in: environment, traits: traits)
            #expect(fresh.nodes == result.nodes, "seed \(seed) in \(environment.size)")
            #expect(fresh.diagnostics.map(\.code).sorted() == result.diagnostics.map(\.code).sorted(), "seed \(seed)")
            for i in 0..<result.nodeCount { #expect(result.layers(at: i) == fresh.layers(at: i)) }
        }
    }
}
