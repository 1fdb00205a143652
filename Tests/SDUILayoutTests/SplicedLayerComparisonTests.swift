import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema

/// `LayoutNodeStorage.hasSameLayers(at:as:at:)` — the in-place comparison of two nodes' layers that the changes of a
/// spliced tree use — against the general path: the two nodes' `layers(at:)` compared. Every pair of nodes of two
/// successive results, over random inserts, removals, moves and changed items of a template whose rows carry
/// padding, backgrounds, overlays with views, offsets and hidden rows.
@Suite struct SplicedLayerComparisonTests {
    static let payload = #"""
    {"schemaVersion": 1, "id": "layers", "state": {"items": [{"id": "a", "t": "Alpha", "on": true}]},
     "root": {"type": "vstack", "spacing": 4, "padding": 8, "children": [
       {"type": "text", "text": "@{len(items)} items", "modifiers": [{"background": {"color": "#EEEEEE"}}]},
       {"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template":
         {"type": "hstack", "id": "row-@{item.id}", "padding": 6, "visible": "@{item.on}", "modifiers": [
            {"background": {"content": {"type": "color", "color": "#FF0000"}}},
            {"overlay": {"content": {"type": "text", "text": "@{item.t}"}, "alignment": "topTrailing"}},
            {"offset": {"x": 2, "y": 1}}], "children": [
           {"type": "text", "text": "@{item.t}", "padding": 4, "modifiers": [{"background": {"color": "#00FF00"}}]},
           {"type": "spacer"}]}},
       {"type": "text", "id": "end", "text": "End", "modifiers": [{"overlay": {"content": {"type": "text", "text": "!"}}}]}]}}
    """#

    @Test(arguments: [UInt64(31), 32])
    func `in-place layer comparison equals comparing the reported layers`(_ seed: UInt64) throws {
        let screen = try #require(PayloadDecoder().decode(Array(Self.payload.utf8)).screen)
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = window(320, 700)
        let traits = environment.traitCollection()
        var last = engine.layout(screen, in: environment, traits: traits)
        var random = SplitMix(seed: seed)
        func item(_ id: String, _ title: String, _ on: Bool) -> StateValue {
            .object(StateObject(keys: ["id", "t", "on"], values: [.string(id), .string(title), .bool(on)]))
        }
        var items: [StateValue] = [item("a", "Alpha", true)]
        var state = screen.state
        var next = 0, compared = 0, same = 0
        for step in 0..<30 {
            switch random.next(5) {
            case 0, 1:
                next += 1
                items.insert(item("n\(next)", String(repeating: "w ", count: random.next(6) + 1), random.next(4) != 0),
                             at: random.next(items.count + 1))
            case 2 where items.count > 1: items.remove(at: random.next(items.count))
            case 3 where items.count > 1: items.swapAt(random.next(items.count), random.next(items.count))
            default:
                if !items.isEmpty { items[random.next(items.count)] = item("c\(step)", "Changed \(step)", random.next(2) == 0) }
            }
            #expect(state.set("items", to: .array(items)) == nil)
            let updated = updater.update(to: state, changedNames: ["items"])
            let update = try #require(updated)
            let result = engine.layout(applying: update, in: environment, traits: traits)
            let (old, new) = (last.storage, result.storage)
            guard old.isEnginePass, new.isEnginePass else { Issue.record("step \(step): not engine passes"); continue }
            for i in 0..<result.nodeCount {
                for o in 0..<last.nodeCount {
                    let expected = result.layers(at: i) == last.layers(at: o)
                    #expect(new.hasSameLayers(at: i, as: old, at: o) == expected, "step \(step): node \(i) against old node \(o)")
                    compared += 1
                    if expected { same += 1 }
                }
            }
            last = result
        }
        #expect(compared > 1_000 && same > 100, "pairs compared: \(compared), alike: \(same)")
    }

    /// A node's path id (`LayoutResult.pathID(at:)`, written as bytes) equals its components joined
    /// (`pathComponent(forChildIndex:)` from the root down), for every node of a screen with child indices past the
    /// small ones, a section's header and footer, and backgrounds and overlays with views.
    @Test func `path ids equal their components joined`() throws {
        let rows = (0..<1_050).map { #"{"type": "text", "text": "Row \#($0)", "modifiers": [{"overlay": {"content": {"type": "text", "text": "!"}}}]}"# }
        let payload = #"{"schemaVersion": 1, "id": "paths", "root": {"type": "scroll", "children": [{"type": "vstack", "children": ["#
            + #"{"type": "section", "header": {"type": "text", "text": "Head"}, "footer": {"type": "text", "text": "Foot"}, "children": ["#
            + rows.joined(separator: ", ") + "]}]}]}}"
        let screen = try #require(PayloadDecoder().decode(Array(payload.utf8)).screen)
        let environment = window(320, 700)
        let result = LayoutEngine().layout(screen, in: environment, traits: environment.traitCollection())
        #expect(result.nodeCount > 2_000)
        for i in 0..<result.nodeCount {
            var components: [String] = []
            var k = i
            while k > 0 {
                components.append(pathComponent(forChildIndex: result.childSlot(at: k)))
                k = result.parentIndex(at: k)
            }
            #expect(result.pathID(at: i) == "root" + components.reversed().joined(), "node \(i)")
        }
    }
}
