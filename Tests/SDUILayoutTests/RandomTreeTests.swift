import Foundation
import SDUIEnvironment
@testable import SDUILayout
import SDUISchema
import Testing
import SDUIFixtures

/// Random trees of every type and modifier (seeded, so failures reproduce): layout never crashes, never
/// produces a non-finite frame or a negative size, and a relayout equals a fresh layout.
@Suite struct RandomTreeTests {
    typealias Generator = SplitMix

    static func value(_ g: inout Generator) -> Double {
        switch Int.random(in: 0..<10, using: &g) {
        case 0: return 0
        case 1: return .infinity
        case 2: return -5
        default: return Double(Int.random(in: 1...400, using: &g))
        }
    }

    static func node(depth: Int, _ g: inout Generator) -> ComponentNode {
        let leaves: [ComponentType] = [.text, .image, .button, .spacer, .divider, .color, .custom("mystery")]
        let containers: [ComponentType] = [.vstack, .hstack, .zstack, .grid, .scroll]
        let isContainer = depth < 4 && Bool.random(using: &g)
        let type = isContainer ? containers.randomElement(using: &g)! : leaves.randomElement(using: &g)!
        var node = ComponentNode(type: type)
        if isContainer {
            node.children = (0..<Int.random(in: 0...4, using: &g)).map { _ in Self.node(depth: depth + 1, &g) }
            if Bool.random(using: &g) { node.spacing = .fixed(Double(Int.random(in: 0...20, using: &g))) }
            if type == .grid {
                node.columns = .sizeClass(compact: Int.random(in: 1...3, using: &g), regular: Int.random(in: 2...6, using: &g))
                if Bool.random(using: &g) { node.minColumnWidth = .fixed(Double(Int.random(in: 50...300, using: &g))) }
            }
            if type == .scroll && Bool.random(using: &g) { node.axis = .fixed(.horizontal) }
            if Bool.random(using: &g) { node.alignment = .fixed(Alignment.allCases.randomElement(using: &g)!) }
        }
        switch type {
        case .text: node.text = .fixed(String(repeating: "word ", count: Int.random(in: 0...30, using: &g))); if Bool.random(using: &g) { node.lineLimit = .fixed(Int.random(in: 1...3, using: &g)) }
        case .button: node.title = "Tap"
        case .spacer: if Bool.random(using: &g) { node.minLength = .fixed(Double(Int.random(in: 0...50, using: &g))) }
        default: break
        }
        if Int.random(in: 0..<3, using: &g) == 0 { node.modifiers.padding = Padding(.fixed(value(&g))) }
        if Int.random(in: 0..<3, using: &g) == 0 {
            node.modifiers.frame = Frame(width: Bool.random(using: &g) ? .fixed(value(&g)) : nil,
                                         height: Bool.random(using: &g) ? .fixed(value(&g)) : nil,
                                         minWidth: Bool.random(using: &g) ? .fixed(value(&g)) : nil,
                                         maxWidth: Bool.random(using: &g) ? .fixed(value(&g)) : nil,
                                         alignment: .fixed(Alignment.allCases.randomElement(using: &g)!))
        }
        if Int.random(in: 0..<4, using: &g) == 0 { node.modifiers.aspectRatio = .fixed(Double(Int.random(in: 1...30, using: &g)) / 10) }
        if Int.random(in: 0..<8, using: &g) == 0 { node.modifiers.visible = false }
        if Int.random(in: 0..<6, using: &g) == 0 { node.modifiers.layoutPriority = .fixed(Double(Int.random(in: -1...2, using: &g))) }
        return node
    }

    @Test(arguments: 0..<100)
    func `random trees lay out to finite frames, and relayout equals a fresh layout`(_ seed: Int) {
        var g = Generator(seed: UInt64(seed) &* 7919)
        let screen = Screen(id: "random-\(seed)", root: Self.node(depth: 0, &g))
        let environments = [window(375, 667), device("ipad-pro-11-m4", .portrait, .splitView(.oneThird)), device("ipad-pro-13-m4", .landscape)]
        let engine = LayoutEngine()
        for environment in environments {
            let traits = environment.traitCollection(contentSize: .accessibility2)
            let result = engine.layout(screen, in: environment, traits: traits)
            #expect(result.nodes.count == screen.root.subtreeCount)
            for node in result.nodes {
                let f = node.frame
                #expect(f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite, "seed \(seed): \(node.id) \(f)")
                #expect(f.width >= 0 && f.height >= 0, "seed \(seed): \(node.id) \(f)")
            }
            let fresh = freshLayout(of: screen, in: environment, traits: traits)
            #expect(fresh.nodes == result.nodes, "seed \(seed)")
        }
    }
}

/// The build reads most nodes on short paths (a node's own geometry record; plain leaves and texts without the
/// general path's steps). A node with any size-class map takes the general path, which resolves a record for
/// the size class. Giving every node a size-class map with the same value in both classes (`visible` true, the
/// default) must therefore change nothing: same frames, same text runs, same diagnostics.
@Suite struct BuildPathTests {
    /// `node` and its subtree, each node forced onto the build's general path without changing its meaning.
    static func forcedGeneral(_ node: ComponentNode) -> ComponentNode {
        var copy = node
        if copy.modifiers.visible == nil { copy.modifiers.visible = .sizeClass(compact: true, regular: true) }
        else if case .fixed(let v)? = copy.modifiers.visible { copy.modifiers.visible = .sizeClass(compact: v, regular: v) }
        copy.children = copy.children.map(forcedGeneral)
        return copy
    }

    static func screens() throws -> [Screen] {
        var screens = [BenchmarkFixtures.cards(count: 6), BenchmarkFixtures.cards(count: 6, textTitles: true)]
        for name in ["storefront", "news-feed", "product-detail"] {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Examples/\(name).json").standardized
            screens.append(try Screen(jsonData: Data(contentsOf: url)))
        }
        for seed in 0..<40 {
            var g = RandomTreeTests.Generator(seed: UInt64(seed) &* 104_729)
            screens.append(Screen(id: "random-\(seed)", root: RandomTreeTests.node(depth: 0, &g)))
        }
        return screens
    }

    @Test func `the build's short paths give the same layout as its general path`() throws {
        let environments = [window(375, 667), device("iphone-se-3"), device("ipad-pro-13-m4", .landscape),
                            device("ipad-pro-11-m4", .portrait, .splitView(.oneThird))]
        for screen in try Self.screens() {
            var general = screen
            general.root = Self.forcedGeneral(screen.root)
            #expect(general.root.geometry.usesSizeClasses)
            for environment in environments {
                let traits = environment.traitCollection(contentSize: .accessibility1)
                let a = LayoutEngine().layout(screen, in: environment, traits: traits)
                let b = LayoutEngine().layout(general, in: environment, traits: traits)
                #expect(a.nodes == b.nodes, "\(screen.id) on \(environment.configuration.device.name)")
                #expect(a.diagnostics == b.diagnostics, "\(screen.id) on \(environment.configuration.device.name)")
            }
        }
    }

    @Test func `plain colors sized directly match the modifier layers`() throws {
        var plainColors = 0
        for screen in try Self.screens() {
            for environment in [window(375, 667), device("ipad-pro-13-m4", .landscape)] {
                let traits = environment.traitCollection()
                let fast = LayoutEngine()
                let expected = fast.layout(screen, in: environment, traits: traits)
                let layered = LayoutEngine()
                layered.prepare(screen, traits: traits)
                // The flags are changed in a copy: the prepared tree is the screen's shared template.
                layered.state.tree = layered.state.tree.unsharedCopy()
                for i in 0..<layered.state.tree.nodes.count where layered.state.tree.nodes[i].isPlainColor {
                    layered.state.tree.nodes[i].isPlainColor = false
                    plainColors += 1
                }
                let actual = layered.layout(screen, in: environment, traits: traits)
                #expect(layered.buildCount == 1)
                #expect(expected.nodes == actual.nodes, "\(screen.id)")
                #expect(expected.diagnostics == actual.diagnostics, "\(screen.id)")
            }
        }
        #expect(plainColors > 50)
    }

    @Test func `the build's short paths make the same flat tree as its general path`() throws {
        for screen in try Self.screens() {
            var general = screen
            general.root = Self.forcedGeneral(screen.root)
            for traits in [window(375, 667).traitCollection(), device("ipad-pro-13-m4").traitCollection(contentSize: .xSmall)] {
                var a = LayoutTree(), b = LayoutTree()
                TreeBuilder(traits: traits).build(screen, into: &a)
                TreeBuilder(traits: traits).build(general, into: &b)
                #expect(a.nodes.count == b.nodes.count)
                for i in 0..<min(a.nodes.count, b.nodes.count) {
                    // Every field, as text (NaN prints alike; FlatNode has no Equatable on purpose).
                    #expect(String(describing: a.nodes[i]) == String(describing: b.nodes[i]), "\(screen.id) node \(i)")
                    #expect(String(describing: a.frames[i]) == String(describing: b.frames[i]), "\(screen.id) node \(i)")
                    #expect(String(describing: a.paddings[i]) == String(describing: b.paddings[i]), "\(screen.id) node \(i)")
                }
                #expect(String(describing: Array(a.texts)) == String(describing: Array(b.texts)), "\(screen.id)")
                #expect(a.buildDiagnostics == b.buildDiagnostics, "\(screen.id)")
            }
        }
    }
}
