import Foundation
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema
import Testing

/// The content record the decoder writes into each node's property box (`NodeContentRecord`, by its fast path field
/// by field, by its general path whole) holds what the content table (`LayoutResult.content(at:)`, resolved by the
/// build's own code from the node's properties) gives: checked on random trees, random payloads, the examples and
/// size-class maps in content and geometry, for both size classes, field by field.
@Suite struct ContentRecordTests {
    /// What the records of the node at `node` give, as `NodeContentReadTests.describe` writes it: the record for the
    /// size class (its variant when the box uses size classes), the node's id, type and fixed URL, the geometry
    /// record's text, title, button style and flags (a variant's text, title and button style when it has variants).
    static func fromRecords(_ node: UnsafePointer<ComponentNode>, _ sizeClass: UserInterfaceSizeClass) -> String {
        let n = node.pointee
        let base = ComponentNode.content(at: node).pointee
        let record = base.resolved(for: sizeClass)
        let g = ComponentNode.geometry(at: node).pointee
        var (text, title, buttonStyle) = (g.text, g.title, g.buttonStyle)
        if let variant = base.variants?[sizeClass] { (text, title, buttonStyle) = (variant.text, variant.title, variant.buttonStyle) }
        let isImage = n.type == .image, isLabel = n.type == .label
        let e = record.extras?.fields.pointee ?? NodeContentExtras()
        return NodeContentReadTests.describe(
            id: n.id, type: n.type, text: n.type == .button || isLabel ? title : text, color: record.color,
            background: record.background, cornerRadius: record.cornerRadius, buttonStyle: buttonStyle,
            frameAlignment: record.frameAlignment, contentMode: record.contentMode, axis: record.axis,
            pinnedViews: record.pinnedViews, strikethrough: record.strikethrough, underline: record.underline,
            hasAction: g.hasAction, hasModifierChain: g.hasModifierChain, chain: e.chain,
            url: isImage || isLabel ? (n.fixedURL ?? e.url) : nil, alt: isImage || isLabel ? record.alt : nil,
            systemName: isImage || isLabel ? record.systemName : nil, systemImage: isImage || isLabel ? e.systemImage : nil,
            action: e.action, accessibility: e.accessibility, properties: e.properties, onAppear: e.onAppear, input: e.input,
            templateItem: e.templateItem)
            + " | \(e.payloadChainStart) \(e.chainBackgroundColors) \(record.isHiddenByModifiers) \(e.onDisappear.map { "\($0)" } ?? "-")"
            + " \(isImage || isLabel ? "\(e.placeholder.map { "\($0)" } ?? "-") \(e.flipsForRightToLeftLayoutDirection)" : "")"
    }

    /// What the table gives, with the fields `describe` leaves out.
    static func fromTable(_ c: NodeContent) -> String {
        NodeContentReadTests.actual(c)
            + " | \(c.chain.payloadChainStart) \(c.chainBackgroundColors) \(c.isHiddenByModifiers) \(c.onDisappear.map { "\($0)" } ?? "-")"
            + " \(c.type == .image || c.type == .label ? "\(c.placeholder.map { "\($0)" } ?? "-") \(c.flipsForRightToLeftLayoutDirection)" : "")"
    }

    static func check(_ screen: Screen, _ sizeClass: UserInterfaceSizeClass, _ context: String) throws -> (checked: Int, variants: Int) {
        let result = LayoutEngine().layout(screen, in: NodeContentDifferentialTests.environment, traits: TraitCollection(horizontalSizeClass: sizeClass))
        let links = result.storage.links
        var checked = 0, variants = 0
        for i in 0..<result.nodeCount {
            let content = try #require(result.content(at: i))
            let source = links[i].source
            #expect(Self.fromRecords(source, sizeClass) == Self.fromTable(content), "\(context) node \(i)")
            checked += 1
            if ComponentNode.content(at: source).pointee.variants != nil { variants += 1 }
        }
        return (checked, variants)
    }

    @Test(arguments: [UserInterfaceSizeClass.compact, .regular])
    func `records of random trees, the examples and size-class maps equal the table`(_ sizeClass: UserInterfaceSizeClass) throws {
        var checked = 0, variants = 0
        for screen in try NodeContentReadTests.screens() {
            let (c, v) = try Self.check(screen, sizeClass, screen.id)
            checked += c; variants += v
        }
        #expect(checked > 1000)
        #expect(variants > 0)
    }

    @Test(arguments: 0..<40)
    func `records of random payloads equal the table`(_ seed: Int) throws {
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
