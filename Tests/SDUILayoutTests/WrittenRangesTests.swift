import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema
import SDUIFixtures

/// After an incremental state change the output step writes only the frames that can have changed
/// (`IncrementalOutput`: the nodes placed again, and of their children those placed differently or moved), and the
/// result says which index ranges it wrote (`LayoutResult.writtenRanges(since:)`). Checked against the last result
/// matched node by node (through the splices' renumbering): every node outside the ranges is drawn as the node it
/// was; the change set compared over the ranges equals the one compared over every node; the frames equal a fresh
/// layout's.
@MainActor @Suite struct WrittenRangesTests {
    /// Whether node `i` of `new` is drawn as node `o` of `old`: frame (bit for bit), visibility, text run, modifier
    /// boxes (a decoration view's node renumbered as `was` says: for each node of `new`, the node of `old` it was)
    /// and index among its parent's children.
    static func drawnAlike(_ new: LayoutResult, _ i: Int, _ old: LayoutResult, _ o: Int, was: [Int32]) -> Bool {
        let a = old.storage, b = new.storage
        let fa = a.frames[o], fb = b.frames[i]
        var layers = new.layers(at: i)
        if var renumbered = layers {
            for k in renumbered.layers.indices {
                if let node = renumbered.layers[k].contentNode { renumbered.layers[k].contentNode = Int(was[node]) }
            }
            layers = renumbered
        }
        return fa.x.bitPattern == fb.x.bitPattern && fa.y.bitPattern == fb.y.bitPattern
            && fa.width.bitPattern == fb.width.bitPattern && fa.height.bitPattern == fb.height.bitPattern
            && a.links[o].isHidden == b.links[i].isHidden && a.links[o].childIndex == b.links[i].childIndex
            && old.textRun(at: o) == new.textRun(at: i) && old.layers(at: o) == layers
    }

    /// Checks `result` (laid out after `last` by the engine) against `last` and `fresh`; returns how many nodes lie
    /// outside the written ranges (nil: no ranges).
    /// Applies `state` to the kept layout, checks the result (`check`) against a fresh layout of the new screen and the
    /// last result, and makes it the last result.
    static func applyChecked(_ state: ScreenState, changed: [String], to kept: inout KeptLayout, last: inout LayoutResult,
                             _ label: String) throws -> (result: LayoutResult, outside: Int?) {
        let applied = kept.apply(state, changed: changed)
        let (update, result) = try #require(applied)
        defer { last = result }
        return (result, check(result, after: last, fresh: freshLayout(of: update.screen, in: kept.environment, traits: kept.traits), label))
    }

    static func check(_ result: LayoutResult, after last: LayoutResult, fresh: LayoutResult, _ label: String) -> Int? {
        RememberedLayoutTests.expectSame(result, fresh, label)
        guard let ranges = result.writtenRanges(since: last) else { return nil }
        for k in ranges.indices.dropFirst() {
            #expect(ranges[k - 1].upperBound < ranges[k].lowerBound, "\(label): ranges ascending and apart")
        }
        let spliced = result.recordedChanges(since: last)?.spliced ?? []
        let was: [Int32]
        if spliced.isEmpty {
            was = (0..<Int32(result.nodeCount)).map { $0 }
        } else {
            guard let mapped = NodeSplice.oldNodes(after: spliced, oldCount: last.nodeCount) else {
                Issue.record("\(label): the splices do not fit the last result")
                return nil
            }
            was = mapped
        }
        var outside = 0
        var r = 0
        for i in 0..<result.nodeCount {
            while r < ranges.count && ranges[r].upperBound <= i { r += 1 }
            if r < ranges.count && ranges[r].contains(i) { continue }
            outside += 1
            let o = Int(was[i])
            guard o >= 0 else {
                Issue.record("\(label): node \(i), made by the splice, outside the written ranges")
                continue
            }
            #expect(drawnAlike(result, i, last, o, was: was), "\(label): node \(i) (was \(o)) outside the written ranges changed")
        }
        // The change set compared over the ranges against the one compared over every node.
        if let changes = result.changes(since: last) {
            if spliced.isEmpty {
                #expect(changes.frames == result.storage.changedNodes(since: last.storage, in: nil), "\(label): frames")
            } else {
                let all = result.storage.changedNodes(since: last.storage, through: spliced, content: changes.content, in: nil)
                #expect(changes.frames == all?.changed, "\(label): frames")
                #expect(changes.translated?.nodes == all?.translated, "\(label): translated")
                #expect(changes.translated?.layered == all?.layered, "\(label): translated with layers")
            }
        } else {
            Issue.record("\(label): no change set")
        }
        return outside
    }

    @Test func `the shop screen's template inserts, removals and moves write only what moved`() throws {
        let count = 12
        let screen = try #require(BenchmarkFixtures.shop(count: count))
        var kept = KeptLayout(screen)
        var last = kept.engine.layout(screen, in: kept.environment, traits: kept.traits)
        // (A second layout of the same screen: the kept engine's last result, which the changes are taken against.)
        var products = (0..<count).map { StateValue(BenchmarkFixtures.shopProduct($0)) }
        var state = screen.state
        var random = SplitMix(seed: 2791)
        var next = count, skipped = 0, steps = 0
        for step in 0..<40 {
            switch random.next(3) {
            case 0:
                products.insert(StateValue(BenchmarkFixtures.shopProduct(next)), at: random.next(products.count + 1))
                next += 1
            case 1 where products.count > 1: products.remove(at: random.next(products.count))
            default:
                if products.count > 1 { products.swapAt(random.next(products.count), random.next(products.count)) }
            }
            state.set("products", to: .array(products))
            let applied = kept.apply(state, changed: ["products"])
            let (update, result) = try #require(applied)
            defer { last = result }
            #expect(kept.engine.lastSpliceRefusal == nil, "step \(step)")
            guard let outside = Self.check(result, after: last, fresh: freshLayout(of: update.screen, in: kept.environment, traits: kept.traits),
                                           "step \(step)") else {
                Issue.record("step \(step): no written ranges")
                continue
            }
            steps += 1
            // The cards before the first one that moved are not written.
            if outside > result.nodeCount / 4 { skipped += 1 }
        }
        #expect(steps == 40)
        // (Each card reports a diagnostic — its Add button is under the minimum tap size — so its placement is
        // replayed, not reused: replayed placements are not written either.)
        #expect(skipped >= 15, "steps that left a quarter of the nodes out: \(skipped)")
    }

    @Test func `the shop screen's text, visibility and size changes write only what moved`() throws {
        let screen = try #require(BenchmarkFixtures.shop(count: 12))
        for change in BenchmarkFixtures.shopChanges(count: 12) where ["text", "visibility", "size", "section-content"].contains(change.kind) {
            var kept = KeptLayout(screen)
            var last = kept.engine.layout(screen, in: kept.environment, traits: kept.traits)
            var state = screen.state
            for value in change.values + change.values {
                state.set(change.variable, to: value)
                _ = try Self.applyChecked(state, changed: [change.variable], to: &kept, last: &last, "\(change.kind) = \(value)")
            }
        }
    }

    /// Decorations (a background and an overlay with views) on the nodes an insertion places again: their views are
    /// written with them. (The items have a fixed width: a change of the list's width is laid out from the root.)
    static let decoratedPath = #"""
    {"schemaVersion": 1, "id": "decorated-path", "state": {"items": [{"id": "a"}, {"id": "b"}]},
     "root": {"type": "scroll", "children": [{"type": "vstack", "spacing": 2, "modifiers": [
         {"background": {"content": {"type": "vstack", "children": [{"type": "color", "color": "#EEEEEE"}]}}},
         {"overlay": {"alignment": "bottomTrailing", "content": {"type": "text", "text": "badge"}}}],
       "children": [
       {"type": "text", "text": "Head"},
       {"type": "vstack", "modifiers": [{"padding": 3}, {"overlay": {"alignment": "top", "content": {"type": "color", "color": "#FF0000", "frame": {"height": 2}}}}],
        "children": [{"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template":
          {"type": "text", "id": "t-@{item.id}", "text": "Item @{item.id}", "modifiers": [{"frame": {"width": 90}}, {"overlay": {"content": {"type": "text", "text": "x"}}}]}}]},
       {"type": "text", "text": "Foot"}]}]}}
    """#

    @Test func `the views of decorations on the nodes placed again are written with them`() throws {
        let screen = try #require(PayloadDecoder().decode(Array(Self.decoratedPath.utf8)).screen)
        var kept = KeptLayout(screen)
        var last = kept.engine.layout(screen, in: kept.environment, traits: kept.traits)
        var items: [StateValue] = [Self.item("a"), Self.item("b")]
        var state = screen.state
        var random = SplitMix(seed: 2792)
        for step in 0..<20 {
            if random.next(2) == 0 || items.count < 2 {
                items.insert(Self.item("n\(step)"), at: random.next(items.count + 1))
            } else {
                items.remove(at: random.next(items.count))
            }
            state.set("items", to: .array(items))
            let (result, outside) = try Self.applyChecked(state, changed: ["items"], to: &kept, last: &last, "step \(step)")
            #expect(outside != nil, "step \(step): no written ranges; roots \(String(describing: kept.engine.lastUpwardRoots)), splice \(String(describing: kept.engine.lastSpliceRefusal)), diagnostics \(result.diagnostics.map(\.code))")
        }
    }

    @Test func `items swapped in a zstack keep their frames and are in the ranges`() throws {
        // The items of a zstack lie over each other: one moved to another index keeps its frame, and its index among
        // its siblings is what changed (and the node number of the overlay's view inside it).
        let payload = #"""
        {"schemaVersion": 1, "id": "z", "state": {"items": [{"id": "a"}, {"id": "bb"}, {"id": "ccc"}]},
         "root": {"type": "scroll", "children": [{"type": "vstack", "children": [{"type": "text", "text": "Head"},
           {"type": "zstack", "frame": {"height": 40}, "children": [{"type": "forEach", "items": "@{items}", "id": "@{item.id}",
             "template": {"type": "hstack", "id": "h-@{item.id}", "children": [{"type": "text", "id": "c-@{item.id}", "text": "@{item.id}",
               "modifiers": [{"padding": 2}, {"overlay": {"content": {"type": "color", "color": "#00FF00", "frame": {"width": 4, "height": 4}}}}]}]}}]}]}]}}
        """#
        let screen = try #require(PayloadDecoder().decode(Array(payload.utf8)).screen)
        var kept = KeptLayout(screen)
        var last = kept.engine.layout(screen, in: kept.environment, traits: kept.traits)
        var items = ["a", "bb", "ccc"].map(Self.item)
        var state = screen.state
        var withRanges = 0
        for step in 0..<8 {
            // Swapped, one inserted, or the first moved to the end: items of different widths, each where it was.
            switch step % 3 {
            case 0: items.swapAt(0, items.count - 1)
            case 1: items.insert(Self.item(String(repeating: "n", count: step + 1)), at: 1)
            default: items.append(items.removeFirst())
            }
            state.set("items", to: .array(items))
            let (_, outside) = try Self.applyChecked(state, changed: ["items"], to: &kept, last: &last, "step \(step)")
            // (An item wider than the others widens the zstack: laid out from the root, every frame written.)
            if outside != nil { withRanges += 1 }
        }
        #expect(withRanges >= 4)
    }

    static func item(_ id: String) -> StateValue { .object(StateObject(keys: ["id"], values: [.string(id)])) }
}
