import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema

/// A template splice renumbers the placed texts; the engine then writes them into the buffer of the result before the
/// last, brought up to the last one by the same splices and the pass's writes (`reuseRetiredTexts`), or, when the
/// caller let the last result go, into the last result's own (`takeLastTexts`), instead of copying the last result's.
/// Checked against the general path — a fresh engine's layout of the same state — over random inserts, removals,
/// moves and changed items, whichever results the caller still holds.
@Suite struct SplicedTextsTests {
    static let payload = #"""
    {"schemaVersion": 1, "id": "texts", "state": {"items": [{"id": "a", "t": "Alpha"}, {"id": "b", "t": "Beta is longer than a line of this list, so it wraps"}]},
     "root": {"type": "scroll", "id": "page", "children": [{"type": "vstack", "id": "list", "spacing": 4, "children": [
       {"type": "text", "id": "count", "text": "@{len(items)} items"},
       {"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template":
         {"type": "vstack", "id": "row-@{item.id}", "alignment": "leading", "children": [
           {"type": "text", "id": "title-@{item.id}", "text": "@{item.t}", "lineLimit": 2},
           {"type": "text", "id": "id-@{item.id}", "text": "#@{item.id}", "style": "caption"}]}},
       {"type": "text", "id": "end", "text": "End of the list"}]}]}}
    """#

    /// Which results the caller keeps while the next is made: none, the last, or the last two.
    @Test(arguments: [0, 1, 2])
    func `placed texts after each splice equal a fresh layout's, whichever results are held`(_ held: Int) throws {
        let screen = try #require(PayloadDecoder().decode(Array(Self.payload.utf8)).screen)
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = window(320, 700)
        let traits = environment.traitCollection()
        var kept: [LayoutResult] = [engine.layout(screen, in: environment, traits: traits)]
        if held == 0 { kept = [] }
        var random = SplitMix(seed: 2_700 + UInt64(held))
        var items: [StateValue] = [Self.item("a", "Alpha"), Self.item("b", "Beta is longer than a line of this list, so it wraps")]
        var state = screen.state
        var next = 0, incremental = 0
        for step in 0..<60 {
            let update = try Self.randomChange(of: &items, next: &next, step: step, random: &random, state: &state, updater: &updater)
            let before = engine.incrementalLayoutCount
            let result = engine.layout(applying: update, in: environment, traits: traits)
            if engine.incrementalLayoutCount > before { incremental += 1 }
            let fresh = LayoutEngine().layout(update.screen, in: environment, traits: traits)
            #expect(result.nodes == fresh.nodes, "held \(held), step \(step)")
            if held > 0 {
                kept.append(result)
                if kept.count > held { kept.removeFirst() }
            }
        }
        // Spliced into the kept tree (a splice refuses only when the payload memory is to be started afresh).
        #expect(incremental >= 50, "held \(held): \(incremental) of 60 incremental")
    }

    /// Results let go at once (the engine then writes the last result's texts in place: `takeLastTexts`) or held for a
    /// few changes, at random; each result's nodes are read only when it is let go — after the changes made while it
    /// was held, which must not have written into its texts — against a fresh layout made with it.
    @Test func `results let go at once or held a while keep the texts they were made with`() throws {
        let screen = try #require(PayloadDecoder().decode(Array(Self.payload.utf8)).screen)
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = window(320, 700)
        let traits = environment.traitCollection()
        var held: [(result: LayoutResult, fresh: [LayoutNode], until: Int, step: Int)] = []
        _ = engine.layout(screen, in: environment, traits: traits)
        var random = SplitMix(seed: 2_777)
        var items: [StateValue] = [Self.item("a", "Alpha"), Self.item("b", "Beta is longer than a line of this list, so it wraps")]
        var state = screen.state
        var next = 0, incremental = 0, letGoAtOnce = 0
        for step in 0..<80 {
            let update = try Self.randomChange(of: &items, next: &next, step: step, random: &random, state: &state, updater: &updater)
            let before = engine.incrementalLayoutCount
            let result = engine.layout(applying: update, in: environment, traits: traits)
            if engine.incrementalLayoutCount > before { incremental += 1 }
            let fresh = LayoutEngine().layout(update.screen, in: environment, traits: traits).nodes
            // Held for 0 (let go at once), 1 or 2 more changes.
            let span = random.next(3)
            if span == 0 {
                letGoAtOnce += 1
                #expect(result.nodes == fresh, "step \(step), let go at once")
            } else {
                held.append((result, fresh, step + span, step))
            }
            for entry in held where entry.until <= step {
                #expect(entry.result.nodes == entry.fresh, "made at step \(entry.step), read at step \(step)")
            }
            held.removeAll { $0.until <= step }
        }
        #expect(incremental >= 60, "\(incremental) of 80 incremental")
        #expect(letGoAtOnce >= 15)
    }

    /// One random change of the list — an item inserted (two times in five), removed, two swapped or one replaced —
    /// set in `state` and given to `updater`: the update to lay out.
    static func randomChange(of items: inout [StateValue], next: inout Int, step: Int, random: inout SplitMix,
                             state: inout ScreenState, updater: inout StateUpdater) throws -> StateUpdate {
        switch random.next(5) {
        case 0, 1:
            next += 1
            items.insert(item("n\(next)", String(repeating: "word ", count: random.next(14) + 1)),
                         at: random.next(items.count + 1))
        case 2 where items.count > 1: items.remove(at: random.next(items.count))
        case 3 where items.count > 1: items.swapAt(random.next(items.count), random.next(items.count))
        default:
            if !items.isEmpty { items[random.next(items.count)] = item("c\(step)", "Changed at step \(step) to a text of some length") }
        }
        #expect(state.set("items", to: .array(items)) == nil)
        let update = updater.update(to: state, changedNames: ["items"])
        return try #require(update)
    }

    static func item(_ id: String, _ title: String) -> StateValue {
        .object(StateObject(keys: ["id", "t"], values: [.string(id), .string(title)]))
    }
}
