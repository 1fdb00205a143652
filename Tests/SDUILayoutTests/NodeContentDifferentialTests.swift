import Foundation
import SDUIEnvironment
import SDUIFixtures
@testable import SDUILayout
@testable import SDUISchema
import Testing

/// The content a result hands the later stages (`LayoutResult.content(at:)`) against the payload model it stands for,
/// walked independently of the flat tree (each node, then the views it lays out in the flat tree's order,
/// `ComponentNode.forEachView`): on random payloads with every content key (size-class maps included), and after
/// random sequences of every kind of state change, each compared with a fresh decode of the payload in that state.
/// Both size classes.
@Suite struct NodeContentDifferentialTests {
    /// The nodes of `root` in the flat tree's order.
    static func modelNodes(_ root: ComponentNode) -> [ComponentNode] {
        var nodes: [ComponentNode] = []
        func visit(_ node: ComponentNode) {
            nodes.append(node)
            node.forEachView { _, view in visit(view) }
        }
        visit(root)
        return nodes
    }

    /// Every node's content in `result` equals the model's values of the node at the same place in `screen`.
    static func check(_ result: LayoutResult, against screen: Screen, _ sizeClass: UserInterfaceSizeClass, _ context: String) throws {
        let nodes = modelNodes(screen.root)
        #expect(result.nodeCount == nodes.count, "\(context): node count")
        guard result.nodeCount == nodes.count else { return }
        for (i, node) in nodes.enumerated() {
            let content = try #require(result.content(at: i))
            #expect(NodeContentReadTests.actual(content) == NodeContentReadTests.expected(node, sizeClass), "\(context): node \(i)")
            // Every field, the ones `actual` leaves out included.
            #expect(content.fullDescription == fullExpected(node, sizeClass, state: result.storage.state), "\(context): node \(i), every field")
        }
    }

    static let environment = try! WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!, orientation: .portrait,
                                                                         mode: .window(Size(width: 390, height: 800))))

    /// A random payload node (JSON) with the content keys of its type, some as size-class maps.
    static func payloadNode(depth: Int, _ g: inout SplitMix) -> String {
        func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &g)] }
        func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &g) == 0 }
        func maybeMap(_ a: String, _ b: String) -> String { chance(4) ? #"{"compact": \#(a), "regular": \#(b)}"# : a }
        let colors = ["\"#FF0000\"", "\"#00FF0080\"", "\"blue\"", "\"#123\""]
        var keys: [String] = []
        let containers = ["vstack", "hstack", "zstack", "scroll", "section"]
        let leaves = ["text", "button", "label", "image", "color", "spacer", "divider", "gauge"]
        let isContainer = depth < 3 && chance(2)
        let type = isContainer ? pick(containers) : pick(leaves)
        keys.append(#""type": "\#(type)""#)
        if chance(2) { keys.append(#""id": "n\#(Int.random(in: 0..<1_000_000, using: &g))""#) }
        switch type {
        case "text":
            keys.append(#""text": \#(maybeMap(#""hello \#(Int.random(in: 0..<99, using: &g))""#, #""wide text""#))"#)
            if chance(3) { keys.append(#""strikethrough": \#(maybeMap("true", "false"))"#) }
            if chance(3) { keys.append(#""underline": true"#) }
        case "button":
            keys.append(#""title": \#(maybeMap(#""Buy""#, #""Buy now""#))"#)
            if chance(2) { keys.append(#""style": \#(maybeMap(#""bordered""#, #""borderedProminent""#))"#) }
            keys.append(#""action": {"type": "open", "url": "https://example.com/\#(Int.random(in: 0..<9, using: &g))"}"#)
        case "label":
            keys.append(#""title": "Map""#)
            keys.append(#""systemImage": \#(maybeMap(#""map""#, #""map.fill""#))"#)
        case "image":
            if chance(2) { keys.append(#""url": \#(maybeMap(#""https://example.com/a.jpg""#, #""https://example.com/b.jpg""#))"#) }
            else { keys.append(#""systemName": "star""#) }
            if chance(2) { keys.append(#""alt": \#(maybeMap(#""A star""#, #""Stars""#))"#) }
            if chance(3) { keys.append(#""contentMode": \#(maybeMap(#""fit""#, #""fill""#))"#) }
            if chance(3) { keys.append(#""aspectRatio": 1.5"#) }
        case "color": keys.append(#""color": \#(maybeMap(pick(colors), pick(colors)))"#)
        case "gauge": keys.append(#""mystery": {"a": [1, 2]}"#)
        case "scroll": if chance(2) { keys.append(#""axis": \#(maybeMap(#""horizontal""#, #""vertical""#))"#) }
        default: break
        }
        if type == "text" || type == "button", chance(2) { keys.append(#""color": \#(maybeMap(pick(colors), pick(colors)))"#) }
        if chance(3) { keys.append(#""background": \#(maybeMap(pick(colors), pick(colors)))"#) }
        if chance(4) { keys.append(#""cornerRadius": \#(maybeMap("4", "8"))"#) }
        if chance(4) { keys.append(#""frame": {"width": \#(maybeMap("40", "80")), "alignment": \#(maybeMap(#""leading""#, #""bottomTrailing""#))}"#) }
        if chance(4) { keys.append(#""accessibility": {"label": \#(maybeMap(#""Label""#, #""Wide label""#)), "hint": "Hint", "traits": ["header"]}"#) }
        if chance(3) {
            var chain: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &g) {
                chain.append(pick([
                    #"{"border": {"color": \#(pick(colors)), "width": \#(maybeMap("1", "3"))}}"#,
                    #"{"shadow": {"radius": \#(maybeMap("2", "6")), "y": 1}}"#,
                    #"{"opacity": \#(maybeMap("0", "0.5"))}"#,
                    #"{"hidden": \#(maybeMap("true", "false"))}"#,
                    #"{"offset": {"x": 3, "y": \#(maybeMap("2", "-2"))}}"#,
                    #"{"clipShape": "capsule"}"#,
                    #"{"background": \#(maybeMap(pick(colors), pick(colors)))}"#,
                    #"{"overlay": {"content": {"type": "text", "text": \#(maybeMap(#""New""#, #""Sale""#)), "color": \#(pick(colors))}}}"#,
                    #"{"background": {"content": {"type": "color", "color": \#(pick(colors))}}}"#,
                ]))
            }
            keys.append(#""modifiers": [\#(chain.joined(separator: ", "))]"#)
        }
        if isContainer {
            let count = Int.random(in: 0...4, using: &g)
            let children = (0..<count).map { _ in payloadNode(depth: depth + 1, &g) }
            keys.append(#""children": [\#(children.joined(separator: ", "))]"#)
            if type == "section" {
                if chance(2) { keys.append(#""header": {"type": "text", "text": \#(maybeMap(#""Head""#, #""Header""#))}"#) }
                if chance(2) { keys.append(#""footer": {"type": "text", "text": "Foot", "color": \#(pick(colors))}"#) }
            }
        }
        return "{" + keys.joined(separator: ", ") + "}"
    }

    @Test(arguments: 0..<60)
    func `content of random payloads equals the payload model's`(_ seed: Int) throws {
        var g = SplitMix(seed: UInt64(seed) &* 6007 &+ 11)
        let json = #"{"schemaVersion": 1, "id": "random-\#(seed)", "root": \#(Self.payloadNode(depth: 0, &g))}"#
        let decoding = PayloadDecoder(options: .init(customTypes: ["gauge"])).decode(Array(json.utf8))
        let screen = try #require(decoding.screen, "seed \(seed): \(decoding.issues) \(json)")
        for sizeClass in [UserInterfaceSizeClass.compact, .regular] {
            let result = LayoutEngine().layout(screen, in: Self.environment, traits: TraitCollection(horizontalSizeClass: sizeClass))
            try Self.check(result, against: screen, sizeClass, "seed \(seed) \(sizeClass)")
        }
    }

    /// `checkEvery`: content is read after every change (a spliced tree's table is carried from the last one's), or
    /// only after some (it is carried through the splices of the changes in between).
    @Test(arguments: [(UserInterfaceSizeClass.compact, 1), (.regular, 1), (.compact, 3), (.regular, 4)])
    func `content after random state changes equals a fresh decode's payload model`(_ sizeClass: UserInterfaceSizeClass, _ checkEvery: Int) throws {
        let count = 6
        let document = BenchmarkFixtures.shopPayload(count: count)
        let screen = try #require(BenchmarkFixtures.shop(count: count))
        let changes = BenchmarkFixtures.shopChanges(count: count)
        let traits = TraitCollection(horizontalSizeClass: sizeClass)
        let engine = LayoutEngine()
        var updater = StateUpdater(screen: screen)
        var state = screen.state
        var results = [engine.layout(screen, in: Self.environment, traits: traits)]
        try Self.check(results[0], against: screen, sizeClass, "first")
        var g = SplitMix(seed: (sizeClass == .compact ? 5 : 7) &+ UInt64(checkEvery))
        var spliced = 0
        for step in 0..<40 {
            var change = changes[Int.random(in: 0..<changes.count, using: &g)]
            let value: StateValue
            if change.variable == "products", Bool.random(using: &g) {
                // Any subset of the products in any order: inserts, removes and moves at once.
                let picked = (0..<(count + 3)).filter { _ in Bool.random(using: &g) }.shuffled(using: &g)
                value = .array(picked.map { StateValue(BenchmarkFixtures.shopProduct($0)) })
                change.kind = "template-random"
            } else {
                value = change.values[Int.random(in: 0..<2, using: &g)]
            }
            #expect(state.set(change.variable, to: value) == nil)
            let updated = updater.update(to: state, changedNames: [change.variable])
            let update = try #require(updated)
            if update.changedStructure { spliced += 1 }
            let result = engine.layout(applying: update, in: Self.environment, traits: traits)
            results.append(result)
            guard step % checkEvery == 0 else { continue }
            let fresh = try #require(PayloadDecoder().decode(document, state: state).screen)
            try Self.check(result, against: fresh, sizeClass, "step \(step) \(change.kind)")
        }
        #expect(spliced > 0)
        // Results made before later changes keep the content they had: the first one still shows the first state.
        try Self.check(results[0], against: screen, sizeClass, "first, after the changes")
    }

    /// A template whose items' roots are images with the item's URL (the nodes of one template share their properties
    /// and differ in their URL): after random inserts, removals and moves, and items that keep their identity and
    /// change their URL or alt, every node's content equals a fresh decode's (a kept item's root takes its old record
    /// only when it resolves alike).
    @Test(arguments: [UInt64(11), 12, 13])
    func `content of kept template items whose values change equals a fresh decode's`(_ seed: UInt64) throws {
        let bytes = Array(#"""
        {"schemaVersion": 1, "id": "images", "state": {"items": [{"id": "a", "u": "https://img.example/a.jpg", "t": "A"}]},
         "root": {"type": "vstack", "children": [
           {"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template":
             {"type": "image", "url": "@{item.u}", "alt": "@{item.t}", "frame": {"width": 40, "height": 40}}},
           {"type": "text", "text": "End"}]}}
        """#.utf8)
        let document = try JSONValue.parse(bytes).get()
        let screen = try #require(PayloadDecoder().decode(document).screen)
        let engine = LayoutEngine()
        var updater = StateUpdater(screen: screen)
        var state = screen.state
        var g = SplitMix(seed: seed)
        func item(_ id: String, _ version: Int) -> StateValue {
            .object(StateObject(keys: ["id", "u", "t"], values: [.string(id), .string("https://img.example/\(id)-\(version).jpg"),
                                                                 .string(version % 2 == 0 ? id : "\(id) \(version % 3)")]))
        }
        var items: [(id: String, version: Int)] = [("a", 0)]
        var next = 0
        for step in 0..<50 {
            switch Int.random(in: 0..<4, using: &g) {
            case 0:
                next += 1
                items.insert(("n\(next)", 0), at: Int.random(in: 0...items.count, using: &g))
            case 1 where items.count > 1: items.remove(at: Int.random(in: 0..<items.count, using: &g))
            case 2 where items.count > 1:
                let from = Int.random(in: 0..<items.count, using: &g)
                items.insert(items.remove(at: from), at: Int.random(in: 0..<items.count, using: &g))
            default:
                if !items.isEmpty { items[Int.random(in: 0..<items.count, using: &g)].version += 1 }
            }
            // Now and then an insert and a changed value at once.
            if Bool.random(using: &g), !items.isEmpty { items[Int.random(in: 0..<items.count, using: &g)].version += 1 }
            #expect(state.set("items", to: .array(items.map { item($0.id, $0.version) })) == nil)
            let updated = updater.update(to: state, changedNames: ["items"])
            let update = try #require(updated)
            let result = engine.layout(applying: update, in: Self.environment, traits: TraitCollection())
            let fresh = try #require(PayloadDecoder().decode(document, state: state).screen)
            try Self.check(result, against: fresh, .compact, "step \(step)")
        }
    }
}
