import Foundation
import SDUIFuzzing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema
import Testing

/// The content record the decoder writes into each node's property box (`NodeContentRecord`, by its fast path field
/// by field, by its general path whole), as `LayoutResult.content(at:)` reads it, holds what the payload model's
/// public properties say (`fullExpected`: every field, resolved for the size class): on random trees, random
/// payloads, the examples and size-class maps in content and geometry, for both size classes.
@Suite struct ContentRecordTests {
    static func check(_ screen: Screen, _ sizeClass: UserInterfaceSizeClass, _ context: String) throws -> (checked: Int, variants: Int) {
        let result = LayoutEngine().layout(screen, in: NodeContentDifferentialTests.environment, traits: TraitCollection(horizontalSizeClass: sizeClass))
        let links = result.storage.links
        var checked = 0, variants = 0
        for i in 0..<result.nodeCount {
            let content = try #require(result.content(at: i))
            let source = links[i].source
            #expect(content.fullDescription == fullExpected(source.pointee, sizeClass, state: result.storage.state), "\(context) node \(i)")
            checked += 1
            if ComponentNode.content(at: source).pointee.variants != nil { variants += 1 }
        }
        return (checked, variants)
    }

    @Test(arguments: [UserInterfaceSizeClass.compact, .regular])
    func `records of random trees, the examples and size-class maps hold the model's values`(_ sizeClass: UserInterfaceSizeClass) throws {
        var checked = 0, variants = 0
        for screen in try NodeContentReadTests.screens() {
            let (c, v) = try Self.check(screen, sizeClass, screen.id)
            checked += c; variants += v
        }
        #expect(checked > 1000)
        #expect(variants > 0)
    }

    @Test(arguments: 0..<40)
    func `records of random payloads hold the model's values`(_ seed: Int) throws {
        var g = SplitMix(seed: UInt64(seed) &* 7919 &+ 5)
        let json = #"{"schemaVersion": 1, "id": "random-\#(seed)", "root": \#(NodeContentDifferentialTests.payloadNode(depth: 0, &g))}"#
        let decoding = PayloadDecoder(options: .init(customTypes: ["gauge"])).decode(Array(json.utf8))
        let screen = try #require(decoding.screen, "seed \(seed): \(decoding.issues)")
        for sizeClass in [UserInterfaceSizeClass.compact, .regular] {
            _ = try Self.check(screen, sizeClass, "seed \(seed) \(sizeClass)")
        }
        // The general path's records agree too (the fast path may have written these).
        let general = try #require(PayloadDecoder(options: .init(customTypes: ["gauge"])).decodeGeneral(Array(json.utf8)).screen)
        #expect(FastPathAgreement.firstDifferentContent(screen.root, general.root) == nil, "seed \(seed)")
    }
}
