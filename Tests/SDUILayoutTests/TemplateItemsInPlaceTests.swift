import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema
import SDUIFixtures

/// A template's children rearranged in the array's own storage (`TemplateItemPatch.rearrange`) against the same
/// children made by copying, and the values that share that storage — a screen a caller keeps, a layout result
/// read only later — left as they were.
@Suite struct TemplateItemsInPlaceTests {
    static func node(_ k: Int) -> ComponentNode {
        var node = ComponentNode(type: .text, id: "n\(k)")
        node.text = .fixed("text \(k)")
        return node
    }

    @Test func `random rearrangements equal the children made by copying, in place when the storage is the array's own`() {
        var random = SplitMix(seed: 27)
        for round in 0..<300 {
            let oldCount = random.next(9)
            let old = (0..<oldCount).map(Self.node)
            // A random subset of the old children in a random order, with made nodes between them.
            var kept = Array(0..<oldCount).filter { _ in random.next(4) != 0 }
            for k in kept.indices.reversed() { kept.swapAt(k, random.next(k + 1)) }
            var origins: [Int?] = kept.map { $0 }
            var made: [ComponentNode] = []
            for _ in 0..<random.next(3) {
                origins.insert(nil, at: random.next(origins.count + 1))
                made.append(Self.node(100 + round))
            }
            let expected = origins.map { $0.map { old[$0] } }
            var madeAt = 0
            let reference = expected.map { node -> ComponentNode in
                if let node { return node }
                madeAt += 1
                return made[madeAt - 1]
            }
            // Held by another value: the write copies first; the held array is unchanged.
            let held = old
            var shared = held
            TemplateItemPatch.rearrange(&shared, origins: origins, made: made)
            #expect(shared == reference, "round \(round): \(origins)")
            #expect(held == old, "round \(round): a held copy changed")
            // The array's own storage, with room for the made nodes: rearranged where it is.
            var own = (0..<oldCount).map(Self.node)
            own.reserveCapacity(oldCount + made.count)
            let address = own.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            TemplateItemPatch.rearrange(&own, origins: origins, made: made)
            #expect(own == reference, "round \(round): \(origins)")
            if !own.isEmpty {
                #expect(own.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == address, "round \(round): copied")
            }
        }
        // Origins it cannot move by (an old child twice, one out of range, too few made nodes): copied what can be.
        var children = (0..<3).map(Self.node)
        TemplateItemPatch.rearrange(&children, origins: [2, 2, nil], made: [Self.node(9)])
        #expect(children == [Self.node(2), Self.node(2), Self.node(9)])
        children = (0..<3).map(Self.node)
        TemplateItemPatch.rearrange(&children, origins: [0, 5, nil], made: [])
        #expect(children == [Self.node(0)])
    }

    static let payload = #"""
        {"schemaVersion": 1, "id": "patch", "state": {"a": [{"id": "x", "n": 1}, {"id": "y", "n": 2}], "tint": "#FF0000"},
         "root": {"type": "vstack", "id": "list", "children": [
           {"type": "text", "id": "head", "text": "@{len(a)} items"},
           {"type": "forEach", "items": "@{a}", "id": "@{item.id}", "template":
             {"type": "hstack", "children": [{"type": "text", "text": "@{item.id}: @{item.n}"},
               {"type": "button", "title": "Remove", "action": {"type": "remove", "name": "a", "value": "@{item}"}}]}},
           {"type": "color", "id": "rule", "color": "@{tint}", "frame": {"height": 1}},
           {"type": "text", "id": "tail", "text": "end"}]}}
        """#

    static func element(_ id: String, _ n: Int) -> StateValue {
        .object(StateObject(keys: ["id", "n"], values: [.string(id), .int(n)]))
    }

    @Test func `screens a caller keeps and results read later are unchanged by the template changes after them`() throws {
        let screen = try #require(PayloadDecoder().decode(Array(Self.payload.utf8)).screen)
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = NodeContentDifferentialTests.environment
        let traits = environment.traitCollection()
        _ = engine.layout(screen, in: environment, traits: traits)
        var random = SplitMix(seed: 2727)
        var a: [StateValue] = [Self.element("x", 1), Self.element("y", 2)]
        var state = screen.state
        // (screen, its state, its result) kept a few changes, then compared with what it was made for.
        var kept: [(Screen, ScreenState, LayoutResult)] = []
        for step in 0..<48 {
            switch random.next(3) {
            case 0: a.insert(Self.element("z\(step)", step), at: random.next(a.count + 1))
            case 1 where !a.isEmpty: a.remove(at: random.next(a.count))
            default: if a.count > 1 { a.swapAt(random.next(a.count), random.next(a.count)) }
            }
            #expect(state.set("a", to: .array(a)) == nil)
            var changed = ["a"]
            // A property reader of a changed variable: the update keeps the old screen until its checks pass.
            if random.next(3) == 0 {
                #expect(state.set("tint", to: .string(step % 2 == 0 ? "#00FF00" : "#FF0000")) == nil)
                changed.append("tint")
            }
            let updated = updater.update(to: state, changedNames: changed)
            let update = try #require(updated)
            #expect(update.changedStructure && !update.tookGeneralPath, "step \(step)")
            let result = engine.layout(applying: update, in: environment, traits: traits)
            if random.next(2) == 0 { kept.append((update.screen, state, result)) }
            if kept.count > 3 || step == 47 {
                for (held, heldState, heldResult) in kept {
                    let general = try #require(screen.resolved(in: heldState).screen)
                    #expect(held.root == general.root, "step \(step): a kept screen changed")
                    // Read for the first time now, after the changes since: the nodes it was made from.
                    let fresh = LayoutEngine().layout(general, in: environment, traits: traits)
                    #expect(heldResult.nodes == fresh.nodes, "step \(step): a kept result's nodes")
                    try NodeContentDifferentialTests.check(heldResult, against: general, traits.horizontalSizeClass,
                                                           "step \(step): a kept result's content")
                }
                kept.removeAll()
            }
        }
    }

    /// Every node with templates in `node`'s subtree.
    static func templateNodes(in node: ComponentNode, into found: inout [ComponentNode]) {
        if !node.templates.isEmpty { found.append(node) }
        node.forEachView { _, view in templateNodes(in: view, into: &found) }
    }

    @Test func `template ranges written into the content record equal the records made again`() throws {
        let screen = try #require(BenchmarkFixtures.shop(count: 6))
        var nodes: [ComponentNode] = []
        Self.templateNodes(in: screen.root, into: &nodes)
        try #require(!nodes.isEmpty)
        var random = SplitMix(seed: 2728)
        for (k, node) in nodes.enumerated() {
            for round in 0..<20 {
                // The same templates with new ranges (an item inserted or removed moves the ends), or none.
                var templates = node.templates
                var shift = 0
                for t in templates.indices {
                    let count = random.next(9)
                    let lower = templates[t].range.lowerBound + shift
                    shift += count - templates[t].range.count
                    templates[t].range = lower..<(lower + count)
                }
                if round == 19 { templates = [] }
                var general = node, fast = node
                general.templates = templates
                fast.setTemplateRanges(templates)
                #expect(fast == general, "node \(k), round \(round)")
                #expect(fast.content == general.content, "node \(k), round \(round): content record")
                #expect((fast.content.extras?.fields.pointee.templateRanges ?? []) == templates.map(\.range), "node \(k), round \(round)")
                #expect(fast.box.record.pointee == general.box.record.pointee, "node \(k), round \(round): geometry record")
                // The node it was copied from keeps its own.
                #expect(node.content.extras?.fields.pointee.templateRanges == node.templates.map(\.range))
            }
        }
    }
}
