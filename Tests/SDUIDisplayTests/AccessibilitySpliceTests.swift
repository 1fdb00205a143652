import Testing
import SDUIEnvironment
@testable import SDUIDisplay
@testable import SDUILayout
@testable import SDUISchema

/// Rows moved without their content changing (no row reads its index): the accessibility tree is spliced with the
/// moved nodes' places permuted, and what it keeps of every node for the next splice (the text it read, its
/// properties, its id) must follow its node. Checked after every random move, swap, insert and removal against a
/// fresh list and a fresh pass.
@MainActor @Suite struct AccessibilitySpliceTests {
    static let payload = #"""
    {"schemaVersion": 1, "id": "moved", "state": {"items": [{"id": "a", "t": "Alpha"}, {"id": "b", "t": "Beta"}], "n": 0},
     "root": {"type": "scroll", "children": [{"type": "vstack", "spacing": 4, "children": [
       {"type": "text", "text": "Rows"},
       {"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template":
         {"type": "vstack", "id": "row-@{item.id}", "children": [
           {"type": "image", "url": "https://img.example/@{item.id}.jpg", "alt": "@{item.t}", "aspectRatio": 1.5},
           {"type": "text", "text": "@{item.t}", "accessibility": {"hint": "About @{item.id}"}},
           {"type": "button", "title": "Open @{item.id}", "action": {"type": "set", "name": "n", "value": "@{n + 1}"}}]}},
       {"type": "text", "id": "end", "text": "End"}]}]}}
    """#

    @Test(arguments: [UInt64(31), 32, 33])
    func `moved rows keep their nodes' accessibility facts, equal to a fresh pass`(_ seed: UInt64) throws {
        let screen = try #require(PayloadDecoder().decode(Array(Self.payload.utf8)).screen)
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        var (environment, traits, list, driver) = keptDisplay(of: screen, engine: engine)
        _ = (environment, traits)
        var random = SplitMix(seed: seed)
        var items: [StateValue] = (0..<6).map { SplicedChangesTests.item("i\($0)", "Item \($0) " + String(repeating: "word ", count: $0)) }
        var state = screen.state
        #expect(state.set("items", to: .array(items)) == nil)
        var next = 0, movedSplices = 0
        for step in 0..<60 {
            let splicesBefore = list.accessibilitySpliceCount
            let moves = random.next(4) < 3
            if moves && items.count > 1 {
                let from = random.next(items.count)
                if random.next(2) == 0 {
                    items.insert(items.remove(at: from), at: random.next(items.count))
                } else {
                    items.swapAt(from, random.next(items.count))
                }
            } else if random.next(2) == 0 || items.count < 3 {
                next += 1
                items.insert(SplicedChangesTests.item("n\(next)", "New \(next)"), at: random.next(items.count + 1))
            } else {
                items.remove(at: random.next(items.count))
            }
            #expect(state.set("items", to: .array(items)) == nil)
            let made = updater.update(to: state, changedNames: ["items"])
            let update = try #require(made)
            let result = engine.layout(applying: update, in: environment, traits: traits)
            let change = list.update(driver.items, to: result, moving: true, storage: driver.itemStorage)
            driver.apply(change)
            let freshLayout = LayoutEngine().layout(try #require(screen.resolved(in: state).screen), in: environment, traits: traits)
            let context = "seed \(seed) step \(step)"
            _ = IncrementalDisplayListTests.expectEqual(list, driver, toFresh: freshLayout, context)
            SplicedDisplayListTests.expectKeptBuilder(of: list.accessibilityTree, equalToFresh: freshLayout, context)
            if moves && list.accessibilitySpliceCount > splicesBefore { movedSplices += 1 }
        }
        // The moves reach the spliced tree (not a tree made again).
        #expect(movedSplices > 20, "spliced \(list.splicedUpdateCount), accessibility \(list.accessibilitySpliceCount), refusal \(String(describing: engine.lastSpliceRefusal))")
    }
}
