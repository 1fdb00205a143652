import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema

/// After a template's items are spliced into the kept tree, the result's change set says how the nodes were renumbered
/// (`NodeChanges.spliced`) and which nodes differ from the nodes they were (`frames`): checked against the two results
/// matched node by node by id, over random inserts, removals, moves and changed items; and which of those only moved
/// (`translated`): checked against `LayoutResult.translation(of:since:in:withLayers:)` asked node by node.
@MainActor @Suite struct SplicedChangesTests {
    static let payload = #"""
    {"schemaVersion": 1, "id": "spliced", "state": {"items": [{"id": "a", "t": "Alpha"}, {"id": "b", "t": "Beta is longer than a line of this list"}], "n": 0},
     "root": {"type": "scroll", "id": "page", "children": [{"type": "vstack", "id": "list", "spacing": 4, "children": [
       {"type": "hstack", "id": "head", "children": [{"type": "text", "id": "count", "text": "@{len(items)} items"},
         {"type": "spacer", "id": "head-gap"}, {"type": "color", "id": "head-mark", "color": "#000000", "frame": {"width": 10, "height": 10}}]},
       {"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template":
         {"type": "hstack", "id": "row-@{item.id}", "children": [
           {"type": "text", "id": "title-@{item.id}", "text": "@{item.t}"},
           {"type": "spacer", "id": "gap-@{item.id}"},
           {"type": "button", "id": "add-@{item.id}", "title": "Add", "action": {"type": "set", "name": "n", "value": "@{n + 1}"}}]}},
       {"type": "text", "id": "end", "text": "End"}]}]}}
    """#

    @Test func `frames and the renumbering after a splice agree with the results matched by id`() throws {
        let screen = try #require(PayloadDecoder().decode(Array(Self.payload.utf8)).screen)
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = IncrementalDisplayListTests.window(375)
        let traits = environment.traitCollection()
        var last = engine.layout(screen, in: environment, traits: traits)
        var random = SplitMix(seed: 2727)
        var items: [StateValue] = [Self.item("a", "Alpha"), Self.item("b", "Beta is longer than a line of this list")]
        var state = screen.state
        var next = 0, spliced = 0
        for step in 0..<50 {
            switch random.next(4) {
            case 0:
                next += 1
                items.insert(Self.item("n\(next)", String(repeating: "word ", count: random.next(12) + 1)), at: random.next(items.count + 1))
            case 1 where !items.isEmpty: items.remove(at: random.next(items.count))
            case 2 where items.count > 1: items.swapAt(random.next(items.count), random.next(items.count))
            default:
                if !items.isEmpty { items[random.next(items.count)] = Self.item("c\(step)", "Changed \(step)") }
            }
            #expect(state.set("items", to: .array(items)) == nil)
            let updated = updater.update(to: state, changedNames: ["items"])
            let update = try #require(updated)
            let result = engine.layout(applying: update, in: environment, traits: traits)
            defer { last = result }
            guard engine.lastSpliceRefusal == nil, let changes = result.changes(since: last) else {
                Issue.record("step \(step): no change set (\(String(describing: engine.lastSpliceRefusal)))")
                continue
            }
            spliced += 1
            #expect(!changes.spliced.isEmpty && !changes.structure.isEmpty, "step \(step)")
            let old = last.nodes, new = result.nodes
            var oldByID: [String: Int] = [:]
            for (k, node) in old.enumerated() { oldByID[node.id] = k }
            // Every old node kept is renumbered where its id now is; a removed one has no new number.
            var newByID: [String: Int] = [:]
            for (k, node) in new.enumerated() { newByID[node.id] = k }
            for (k, node) in old.enumerated() {
                var number: Int32? = Int32(k)
                for splice in changes.spliced { number = number.flatMap { splice.newNumber(ofOld: $0) } }
                #expect(number.map(Int.init) == newByID[node.id], "step \(step): \(node.id)")
            }
            // `frames`: a node made, or one whose frame, visibility, text or index among its siblings differ.
            var expected: [Int32] = []
            for (k, node) in new.enumerated() {
                guard let o = oldByID[node.id] else { expected.append(Int32(k)); continue }
                let was = old[o]
                if was.frame != node.frame || was.isHidden != node.isHidden || was.text != node.text || was.layers != node.layers
                    || was.path.split(separator: ".").last != node.path.split(separator: ".").last {
                    expected.append(Int32(k))
                }
            }
            #expect(changes.frames == expected, "step \(step)")
        }
        #expect(spliced == 50)
    }

    /// Rows of fractional heights whose texts have boxes (padding, a background and an overlay): a row that moves by a
    /// fractional offset does not always keep its boxes bit for bit at the same place relative to its frame.
    static let fractional = #"""
    {"schemaVersion": 1, "id": "fractional", "state": {"items": [{"id": "a", "t": "Alpha"}, {"id": "b", "t": "Beta"}], "n": 0},
     "root": {"type": "scroll", "children": [{"type": "vstack", "spacing": 3.3, "alignment": "leading", "children": [
       {"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template":
         {"type": "text", "id": "t-@{item.id}", "text": "@{item.t}", "font": {"size": 13.7}, "modifiers": [{"padding": 2.7},
           {"background": "#FFEECC"}, {"overlay": {"alignment": "center", "content": {"type": "color", "color": "#FF0000",
           "frame": {"width": 3.1, "height": 1.9}}}}]}},
       {"type": "text", "id": "end", "text": "End"}]}]}}
    """#

    @Test(arguments: ["plain", "decorated", "fractional"])
    func `translated names the kept nodes of frames that only moved, as translation asked node by node finds them`(_ name: String) throws {
        let payload = name == "decorated" ? SplicedDisplayListTests.decorated : name == "fractional" ? Self.fractional : Self.payload
        let screen = try #require(PayloadDecoder().decode(Array(payload.utf8)).screen)
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = IncrementalDisplayListTests.window(375)
        let traits = environment.traitCollection()
        var last = engine.layout(screen, in: environment, traits: traits)
        var random = SplitMix(seed: 2728)
        var items: [StateValue] = [Self.item("a", "Alpha"), Self.item("b", "Beta")]
        var state = screen.state
        var next = 0, translatedSteps = 0, layeredSteps = 0, unmovedBoxes = 0
        for step in 0..<50 {
            switch random.next(3) {
            case 0:
                next += 1
                items.insert(Self.item("n\(next)", String(repeating: "word ", count: random.next(6) + 1)), at: random.next(items.count + 1))
            case 1 where items.count > 1: items.remove(at: random.next(items.count))
            default:
                if items.count > 1 { items.swapAt(random.next(items.count), random.next(items.count)) }
            }
            #expect(state.set("items", to: .array(items)) == nil)
            let updated = updater.update(to: state, changedNames: ["items"])
            let update = try #require(updated)
            let result = engine.layout(applying: update, in: environment, traits: traits)
            defer { last = result }
            let changes = try #require(result.changes(since: last), "step \(step)")
            let translated = try #require(changes.translated?.nodes, "step \(step)")
            let oldNodes = try #require(NodeSplice.oldNodes(after: changes.spliced, oldCount: last.nodeCount))
            // Every kept node of `frames` whose content is as it was is in `translated` exactly when it only moved, and
            // in its `layered` too when it has modifier boxes.
            var expected: [Int32] = [], expectedLayered: [Int32] = []
            for k in changes.frames where oldNodes[Int(k)] >= 0 && !changes.content.contains(k) {
                let o = Int(oldNodes[Int(k)])
                guard let moved = result.translation(of: Int(k), since: o, in: last, withLayers: true) else {
                    if result.layers(at: Int(k)) != nil, last.layers(at: o) != nil, result.frame(at: Int(k)).width == last.frame(at: o).width,
                       result.frame(at: Int(k)).height == last.frame(at: o).height { unmovedBoxes += 1 }
                    continue
                }
                expected.append(k)
                if moved.layered { layeredSteps += 1; expectedLayered.append(k) }
            }
            #expect(translated == expected, "step \(step)")
            #expect(changes.translated?.layered == expectedLayered, "step \(step)")
            if !expected.isEmpty { translatedSteps += 1 }
        }
        // The random changes reach the path: nodes that only moved, with modifier boxes too on the decorated screen.
        #expect(translatedSteps > 10)
        if name != "plain" { #expect(layeredSteps > 10) }
        // … and boxes that did not move with their node's frame bit for bit.
        if name == "fractional" { #expect(unmovedBoxes > 0) }
    }

    static func item(_ id: String, _ title: String) -> StateValue {
        .object(StateObject(keys: ["id", "t"], values: [.string(id), .string(title)]))
    }
}
