import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema
@testable import SDUIDisplay
import SDUIFixtures

/// A splice that reads the layout's written ranges (`LayoutResult.writtenRanges(since:)`: the kept items outside them
/// renumbered without reading the layout, the accessibility tree's geometry read only inside them and its reading
/// order merged from the kept elements) against the general step for every node (`usesWrittenRanges` false) on the
/// same layouts, and against a fresh list: after every random insert, removal, move and swap of a template's items on
/// the shop screen and on screens with overlays, a zstack and modifier boxes.
@MainActor @Suite struct WrittenRangeSpliceTests {
    /// Rows with ids stacked in a zstack of a fixed size inside a list, each with an overlay badge and unnamed nodes
    /// (named by their paths): a moved row keeps its frame, and its nodes lie outside the written ranges below a
    /// parent whose place among its siblings changed.
    static let stackedInList = #"""
    {"schemaVersion": 1, "id": "stacked-in-list", "state": {"items": [{"id": "a", "t": "Alpha"}, {"id": "b", "t": "Beta"}]},
     "root": {"type": "scroll", "children": [{"type": "vstack", "spacing": 4, "children": [
       {"type": "text", "text": "Top"},
       {"type": "zstack", "frame": {"width": 300, "height": 60}, "children": [
         {"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template":
           {"type": "hstack", "id": "row-@{item.id}", "frame": {"width": 200, "height": 40}, "children": [
             {"type": "color", "color": "#FF0000", "frame": {"width": 20, "height": 20},
              "modifiers": [{"overlay": {"content": {"type": "text", "text": "!"}}}]},
             {"type": "text", "text": "Row"},
             {"type": "vstack", "children": [{"type": "spacer", "minLength": 4}]}]}},
         {"type": "text", "text": "Front"}]},
       {"type": "text", "id": "end", "text": "End"}]}]}}
    """#

    @Test(arguments: [("shop", UInt64(41)), ("shop", 42), ("stacked", 43), ("stackedInList", 47), ("leaves", 44), ("decorated", 45), ("symbols", 46)])
    func `splices reading the written ranges equal the general step and a fresh list`(_ name: String, _ seed: UInt64) throws {
        let isShop = name == "shop"
        let payload = name == "stacked" ? SplicedDisplayListTests.stacked : name == "stackedInList" ? Self.stackedInList : name == "leaves" ? SplicedDisplayListTests.leaves
            : name == "decorated" ? SplicedDisplayListTests.decorated : SplicedDisplayListTests.symbols
        let decoded = isShop ? BenchmarkFixtures.shop(count: 10) : PayloadDecoder().decode(Array(payload.utf8)).screen
        let screen = try #require(decoded)
        let variable = isShop ? "products" : "items"
        var next = 0
        func made() -> StateValue {
            next += 1
            return isShop ? StateValue(BenchmarkFixtures.shopProduct(100 + next))
                : SplicedChangesTests.item("n\(next)", String(repeating: "word ", count: next % 5 + 1))
        }
        var items: [StateValue] = isShop ? (0..<10).map { StateValue(BenchmarkFixtures.shopProduct($0)) }
            : [SplicedChangesTests.item("a", "Alpha"), SplicedChangesTests.item("b", "Beta")]
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = IncrementalDisplayListTests.window(375)
        let traits = environment.traitCollection()
        let first = engine.layout(screen, in: environment, traits: traits)
        var list = DisplayListUpdater(), general = DisplayListUpdater()
        general.usesWrittenRanges = false
        var driver = ViewTreeDriver(host: ModelHost()), generalDriver = ViewTreeDriver(host: ModelHost())
        driver.apply(list.update(driver.items, to: first))
        generalDriver.apply(general.update(generalDriver.items, to: first))
        var state = screen.state
        var random = SplitMix(seed: seed)
        var mergedOrders = 0
        for step in 0..<40 {
            switch random.next(6) {
            case 0, 1: items.insert(made(), at: random.next(items.count + 1))
            case 2 where items.count > 1: items.remove(at: random.next(items.count))
            case 3 where items.count > 1: items.swapAt(random.next(items.count), random.next(items.count))
            case 4 where items.count > 1:
                let from = random.next(items.count)
                items.insert(items.remove(at: from), at: random.next(items.count))
            default: items.insert(made(), at: items.count)
            }
            #expect(state.set(variable, to: .array(items)) == nil)
            let updated = updater.update(to: state, changedNames: [variable])
            let update = try #require(updated)
            let result = engine.layout(applying: update, in: environment, traits: traits)
            let mergedBefore = list.accessibilityTree?.mergedOrderCount ?? 0
            let change = list.update(driver.items, to: result, moving: true, storage: driver.itemStorage)
            if (list.accessibilityTree?.mergedOrderCount ?? 0) > mergedBefore { mergedOrders += 1 }
            let generalChange = general.update(generalDriver.items, to: result, moving: false)
            if case .spliced(let a) = change, case .spliced(let b) = generalChange {
                #expect(a.changed == b.changed, "step \(step): changed items")
                #expect(a.translated == b.translated, "step \(step): translated items")
                #expect(a.oldIndices == b.oldIndices && a.parents == b.parents, "step \(step): renumbering")
            }
            driver.apply(change)
            generalDriver.apply(generalChange)
            let context = "\(name) seed \(seed) step \(step)"
            #expect(driver.items == generalDriver.items, "\(context): items as the general step makes them")
            let (tree, generalTree) = (list.accessibilityTree, general.accessibilityTree)
            #expect(tree?.elements == generalTree?.elements && tree?.exposure == generalTree?.exposure, "\(context): accessibility")
            #expect(tree?.lineEnds == generalTree?.lineEnds, "\(context): reading order's lines")
            #expect(list.accessibilityOrder == general.accessibilityOrder, "\(context): reading order")
            let fresh = LayoutEngine().layout(try #require(screen.resolved(in: state).screen), in: environment, traits: traits)
            _ = IncrementalDisplayListTests.expectEqual(list, driver, toFresh: fresh, context)
            if list.accessibilitySpliceCount > 0 { SplicedDisplayListTests.expectKeptBuilder(of: tree, equalToFresh: fresh, context) }
        }
        // The ranges were there and used (a zstack at the root sizes to its rows: laid out from the root, no ranges);
        // the tree spliced as often on both paths.
        if name != "stacked" {
            #expect(list.writtenRangeSpliceCount >= 20, "splices with written ranges: \(list.writtenRangeSpliceCount)")
            #expect(list.itemsKeptOutsideWrittenRanges > 0)
        }
        #expect(general.writtenRangeSpliceCount == 0)
        // The reading orders merged from the kept elements' whenever there were ranges.
        if name != "stacked" { #expect(mergedOrders >= 20, "merged reading orders: \(mergedOrders)") }
        #expect(general.accessibilityTree?.mergedOrderCount ?? 0 == 0)
        #expect(list.accessibilitySpliceCount == general.accessibilitySpliceCount)
        if name != "symbols" { #expect(list.accessibilitySpliceCount >= 20, "spliced trees: \(list.accessibilitySpliceCount)") }
    }
}
