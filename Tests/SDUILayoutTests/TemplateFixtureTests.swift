import Foundation
import Testing
import SDUIEnvironment
import SDUILayout
import SDUISchema
import SDUIFixtures

/// The template benchmark's payloads: a list sent as data and one template against the same list expanded.
@Suite struct TemplateFixtureTests {
    @Test func `a template payload lays out exactly as its expanded payload and is a fraction of its size`() throws {
        let templateJSON = BenchmarkFixtures.templateCards(count: 200)
        let expandedJSON = try #require(BenchmarkFixtures.templateCardsExpanded(count: 200))
        let template = try #require(PayloadDecoder(options: .init(strict: true)).decode(templateJSON).screen)
        let expanded = try #require(PayloadDecoder(options: .init(strict: true)).decode(expandedJSON).screen)
        #expect(template.root.subtreeCount == expanded.root.subtreeCount)
        #expect(template.root.subtreeCount == 2 + 200 * 7)
        let environment = try WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!, mode: .window(Size(width: 393, height: 852))))
        let traits = environment.traitCollection()
        let a = LayoutEngine().layout(template, in: environment, traits: traits)
        let b = LayoutEngine().layout(expanded, in: environment, traits: traits)
        #expect(a.nodeCount == b.nodeCount)
        for (x, y) in zip(a.nodes, b.nodes) {
            #expect(x.id == y.id && x.frame == y.frame, "\(x.id) \(x.frame) vs \(y.id) \(y.frame)")
        }
        #expect(a.nodes.first { $0.id == "price-p3" } != nil)
        // Sent as data plus one template, the list is well under half of the expanded payload.
        let templateBytes = templateJSON.serialized().utf8.count, expandedBytes = expandedJSON.serialized().utf8.count
        #expect(templateBytes * 2 < expandedBytes, "\(templateBytes) vs \(expandedBytes) bytes")
    }
}
