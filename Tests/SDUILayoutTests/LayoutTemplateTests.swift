import Dispatch
import Foundation
import SDUIEnvironment
@testable import SDUILayout
import SDUISchema
import Testing
import SDUIFixtures

/// A screen's flat tree is built once (per size class) and kept with the screen; every later layout, by any
/// engine, with any traits, starts from it. These tests compare such layouts with layouts of a copy of the
/// screen that nothing was derived from (its tree built for exactly those traits).
@Suite struct LayoutTemplateTests {
    /// A value equal to `screen` with nothing derived from it yet.
    static func untouchedCopy(_ screen: Screen) -> Screen {
        Screen(schemaVersion: screen.schemaVersion, id: screen.id, title: screen.title, root: screen.root)
    }

    /// Environments and Dynamic Type sizes in an order that changes both traits: regular then compact, large
    /// then small and accessibility sizes.
    static let configurations: [(WindowEnvironment, ContentSizeCategory)] = [
        (device("ipad-pro-13-m4", .landscape), .large),
        (window(375, 667), .accessibility3),
        (device("iphone-se-3"), .xSmall),
        (device("ipad-pro-11-m4", .portrait, .splitView(.oneThird)), .large),
        (device("ipad-pro-11-m4", .landscape, .splitView(.twoThirds)), .accessibility5),
        (window(414, 896), .large),
    ]

    @Test func `layouts from a kept tree equal layouts of a screen built for those traits`() throws {
        var screens = try BuildPathTests.screens()
        // The same screens with a size-class map on every node (one template per size class).
        screens += screens.prefix(12).map { Screen(id: $0.id + "-maps", root: BuildPathTests.forcedGeneral($0.root)) }
        var compared = 0, textNodes = 0
        for screen in screens {
            let kept = LayoutEngine()
            for (environment, contentSize) in Self.configurations {
                let traits = environment.traitCollection(contentSize: contentSize)
                let actual = kept.layout(screen, in: environment, traits: traits)
                let expected = LayoutEngine().layout(Self.untouchedCopy(screen), in: environment, traits: traits)
                #expect(actual.nodes == expected.nodes, "\(screen.id) on \(environment.configuration.device.name) at \(contentSize)")
                #expect(actual.diagnostics == expected.diagnostics, "\(screen.id) at \(contentSize)")
                compared += 1
                textNodes += actual.nodes.filter { $0.text != nil }.count
                // Another engine's first layout of the same value takes the kept tree as well.
                let other = LayoutEngine().layout(screen, in: environment, traits: traits)
                #expect(other.nodes == expected.nodes, "\(screen.id) (other engine)")
            }
        }
        #expect(compared == screens.count * Self.configurations.count)
        // Fonts change with the Dynamic Type size: the comparison covers text runs resolved again.
        #expect(textNodes > 1000)
    }

    @Test func `a screen is flattened once per size class, by whichever layout comes first`() throws {
        let plain = BenchmarkFixtures.cards()
        let maps = Screen(id: "maps", root: BuildPathTests.forcedGeneral(plain.root))
        for (screen, expectedBuilds) in [(plain, 1), (maps, 2)] {
            for (environment, contentSize) in Self.configurations {
                _ = LayoutEngine().layout(screen, in: environment, traits: environment.traitCollection(contentSize: contentSize))
            }
            #expect(ScreenLayoutTemplates.of(screen).buildCount == expectedBuilds, "\(screen.id)")
        }
    }

    @Test func `changing a screen drops what was derived from it`() throws {
        var screen = try BuildPathTests.screens()[0]
        let environment = window(375, 667), traits = environment.traitCollection()
        let engine = LayoutEngine()
        let before = engine.layout(screen, in: environment, traits: traits)
        let copy = screen
        // In place, deep in the tree: the screen's kept tree no longer describes it.
        screen.root.children[0].modifiers.padding = Padding(40)
        let after = LayoutEngine().layout(screen, in: environment, traits: traits)
        #expect(after.nodes != before.nodes)
        #expect(after.nodes == LayoutEngine().layout(Self.untouchedCopy(screen), in: environment, traits: traits).nodes)
        // The unchanged copy keeps its tree (copies share it until one of them changes).
        #expect(ScreenLayoutTemplates.of(copy) !== ScreenLayoutTemplates.of(screen))
        #expect(LayoutEngine().layout(copy, in: environment, traits: traits).nodes == before.nodes)
        // Setting any property replaces the kept data.
        var renamed = copy
        renamed.title = "other"
        #expect(ScreenLayoutTemplates.of(renamed) !== ScreenLayoutTemplates.of(copy))
    }

    @Test func `engines on several threads share one screen's tree`() throws {
        let screens = try BuildPathTests.screens().prefix(6)
        for screen in screens {
            let configurations = Self.configurations
            let expected = configurations.map { environment, contentSize in
                LayoutEngine().layout(Self.untouchedCopy(screen), in: environment,
                                      traits: environment.traitCollection(contentSize: contentSize)).nodes
            }
            let mismatches = Locked(0)
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                let engine = LayoutEngine()
                for k in 0..<(configurations.count * 3) {
                    let index = (k + worker) % configurations.count
                    let (environment, contentSize) = configurations[index]
                    let nodes = engine.layout(screen, in: environment, traits: environment.traitCollection(contentSize: contentSize)).nodes
                    if nodes != expected[index] { mismatches.withLock { $0 += 1 } }
                }
            }
            #expect(mismatches.withLock { $0 } == 0, "\(screen.id)")
        }
    }

    @Test func `viewport layouts on an engine that holds a kept tree leave the tree alone`() throws {
        let feed = BenchmarkFixtures.feed(count: 400)
        let environment = window(375, 667), traits = environment.traitCollection()
        let engine = LayoutEngine()
        let full = engine.layout(feed, in: environment, traits: traits)
        for offset in [0.0, 5_000, 20_000] {
            _ = engine.layout(feed, in: environment, traits: traits, viewport: ScrollViewport(offset: offset))
            // The kept tree is unchanged: full layouts (this engine's and a new one's) are as before.
            #expect(LayoutEngine().layout(feed, in: environment, traits: traits).nodes == full.nodes)
            #expect(engine.layout(feed, in: environment, traits: traits).nodes == full.nodes)
        }
    }
}

extension LayoutTemplateTests {
    /// A shared template's results read their links from its frozen nodes (`OutputLinks(frozen:)`); a tree of an
    /// engine's own gives them an array copied from its nodes. Both must give every node the same link (and the
    /// results of both paths the same nodes: `ModifierPathTests` compares an engine's own trees, `forcesLayerPath`,
    /// with templates, node by node).
    @Test func `a template's results read the same links from its nodes as an engine's own tree copies`() throws {
        var screens = try BuildPathTests.screens()
        screens.append(Screen(id: "maps", root: BuildPathTests.forcedGeneral(BenchmarkFixtures.cards(count: 4, textTitles: true).root)))
        var compared = 0, nodes = 0
        for screen in screens {
            var own = LayoutTree()
            TreeBuilder(sizeClass: .compact, contentSize: .large).build(screen, into: &own)
            var shared = own.unsharedCopy()
            shared.freeze()
            nodes += own.nodes.count
            let copied = own.outputLinks(), frozen = shared.outputLinks()
            #expect(copied.count == own.nodes.count && frozen.count == own.nodes.count, "\(screen.id)")
            for i in 0..<min(copied.count, frozen.count) {
                let a = copied[i], b = frozen[i], node = own.nodes[i]
                #expect(a.parent == b.parent && a.childIndex == b.childIndex && a.textIndex == b.textIndex && a.isHidden == b.isHidden,
                        "\(screen.id) node \(i)")
                #expect(a.parent == node.parent && a.isHidden == node.isHidden && a.textIndex == (node.isHidden ? -1 : node.textIndex))
                compared += 1
            }
        }
        // Every node of every screen (the example screens and the cards: several hundred).
        #expect(compared == nodes && nodes > 300)
    }

    /// A result keeps what names its nodes: read after its screen, the screen's template and the engine are gone,
    /// its nodes are those of a result read at once.
    @Test func `a result names its nodes after its screen and engine are gone`() throws {
        let environment = window(375, 667)
        let traits = environment.traitCollection()
        let expected = LayoutEngine().layout(BenchmarkFixtures.cards(count: 5, textTitles: true), in: environment, traits: traits).nodes
        var result: LayoutResult? = nil
        do {
            let engine = LayoutEngine()
            result = engine.layout(BenchmarkFixtures.cards(count: 5, textTitles: true), in: environment, traits: traits)
            engine.invalidate()
        }
        #expect(result?.nodes == expected)
    }
}

/// A lock around a value (tests only).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock(); defer { lock.unlock() }
        return body(&value)
    }
}
