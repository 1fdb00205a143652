import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema
@testable import SDUIDisplay

/// The display list after a template's items are spliced into the kept tree (`DisplayListChange.spliced`) against the
/// general path: after every random insert, removal, move and change of items, the kept list, its accessibility tree
/// and reading order, and the views a driver holds equal a fresh `DisplayList` of a fresh layout, and the operations
/// equal the general reconciler's for the two whole lists.
@MainActor @Suite struct SplicedDisplayListTests {
    /// Rows with ids (their unnamed nodes keep their identities when the row moves; their path ids move).
    static let identified = SplicedChangesTests.payload

    /// Rows without ids in a grid, with an overlay badge and accessibility: moved rows are other views (their
    /// identities are their positions).
    static let positional = #"""
    {"schemaVersion": 1, "id": "positional", "state": {"items": [{"id": "a", "t": "Alpha"}, {"id": "b", "t": "Beta"}], "n": 0},
     "root": {"type": "scroll", "children": [{"type": "vstack", "spacing": 4, "children": [
       {"type": "text", "text": "@{len(items)} items"},
       {"type": "grid", "columns": 2, "spacing": 6, "children": [
         {"type": "forEach", "items": "@{items}", "template":
           {"type": "vstack", "accessibility": {"children": "combine"}, "children": [
             {"type": "text", "text": "@{item.t}", "modifiers": [{"overlay": {"content": {"type": "text", "text": "@{index}"}}}]},
             {"type": "button", "title": "Add", "action": {"type": "set", "name": "n", "value": "@{n + 1}"}}]}}]},
       {"type": "text", "id": "end", "text": "End"}]}]}}
    """#

    /// Rows with ids stacked in one place (a moved row keeps its frame: only its unnamed nodes' path ids move).
    static let stacked = #"""
    {"schemaVersion": 1, "id": "stacked", "state": {"items": [{"id": "a", "t": "Alpha"}, {"id": "b", "t": "Beta"}]},
     "root": {"type": "zstack", "children": [
       {"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template":
         {"type": "hstack", "id": "row-@{item.id}", "frame": {"width": 200, "height": 40}, "children": [
           {"type": "color", "color": "#FF0000", "frame": {"width": 20, "height": 20}},
           {"type": "vstack", "children": [{"type": "spacer", "minLength": 4}]}]}},
       {"type": "text", "text": "Front"}]}}
    """#

    /// Rows whose elements are their leaves' own (the accessibility tree is spliced): an image with an overlay badge
    /// and an alt, a text with its own hint, a hidden decoration, unnamed texts whose ids are their paths, a button, in
    /// a grid whose rows move every element after an insert; a text after the grid shown and hidden in some changes, and
    /// a text whose container is hidden from assistive technologies in the same changes (its own item is kept, its part
    /// in the tree is not).
    static let leaves = #"""
    {"schemaVersion": 1, "id": "leaves", "state": {"items": [{"id": "a", "t": "Alpha"}, {"id": "b", "t": "Beta"}], "n": 0, "show": true},
     "root": {"type": "scroll", "children": [{"type": "vstack", "spacing": 4, "children": [
       {"type": "text", "text": "@{len(items)} items", "accessibility": {"label": "Count"}},
       {"type": "grid", "columns": 2, "spacing": 6, "children": [
         {"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template":
           {"type": "vstack", "id": "cell-@{item.id}", "children": [
             {"type": "image", "url": "https://img.example/@{item.id}.jpg", "alt": "@{item.t}", "aspectRatio": 1.5,
              "modifiers": [{"overlay": {"content": {"type": "text", "text": "@{index}"}}}]},
             {"type": "text", "id": "t-@{item.id}", "text": "@{item.t}", "accessibility": {"hint": "Opens the row"}},
             {"type": "color", "color": "#FF0000", "frame": {"height": 2}, "accessibility": {"hidden": true}},
             {"type": "button", "title": "Add", "action": {"type": "set", "name": "n", "value": "@{n + 1}"}}]}}]},
       {"type": "text", "text": "Only when shown", "visible": "@{show}"},
       {"type": "vstack", "accessibility": {"hidden": "@{show}"}, "children": [{"type": "text", "text": "Read while hidden"}]},
       {"type": "text", "id": "end", "text": "End"}]}]}}
    """#

    /// Rows with SF Symbols and modifier chains in a grid whose columns and padding are fractions of a point: a
    /// symbol image with padding, a label with a system image, a text with padding, a background and a border, and a
    /// symbol image with a padded overlay badge (the symbols' and modifiers' boxes are relative to their frames, which
    /// move with the row; the badge's item is renumbered: it reads no `index`, so a moved row keeps its nodes).
    static let symbols = #"""
    {"schemaVersion": 1, "id": "symbols", "state": {"items": [{"id": "a", "t": "Alpha"}, {"id": "b", "t": "Beta"}], "n": 0},
     "root": {"type": "scroll", "children": [{"type": "vstack", "spacing": 4.3, "padding": 3.7, "children": [
       {"type": "text", "text": "@{len(items)} items"},
       {"type": "grid", "columns": 3, "spacing": 6.1, "children": [
         {"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template":
           {"type": "vstack", "id": "cell-@{item.id}", "spacing": 2.9, "children": [
             {"type": "image", "systemName": "star.fill", "padding": 1.3, "frame": {"height": 23.7}},
             {"type": "label", "title": "@{item.t}", "systemImage": "cart", "padding": 0.7},
             {"type": "text", "text": "@{item.id}", "modifiers": [{"padding": 2.3}, {"background": "#FFEECC"}, {"border": {"color": "#FF0000", "width": 1.5}}]},
             {"type": "image", "systemName": "tag", "frame": {"height": 17.3}, "modifiers": [{"padding": 0.9}, {"overlay":
               {"alignment": "topTrailing", "content": {"type": "text", "text": "@{item.id}", "modifiers": [{"padding": 1.1}]}}}]},
             {"type": "button", "title": "Add", "action": {"type": "set", "name": "n", "value": "@{n + 1}"}}]}}]},
       {"type": "text", "id": "end", "text": "End"}]}]}}
    """#

    /// Rows with ids in a stack whose sizes are whole points, so a moved row's modifier boxes keep their places in their
    /// frames bit for bit: a symbol image with padding and an overlay badge (its item renumbered when the row moves),
    /// and a text with padding, a background and a border.
    static let decorated = #"""
    {"schemaVersion": 1, "id": "decorated", "state": {"items": [{"id": "a", "t": "Alpha"}, {"id": "b", "t": "Beta"}], "n": 0},
     "root": {"type": "scroll", "children": [{"type": "vstack", "spacing": 4, "children": [
       {"type": "text", "text": "@{len(items)} items"},
       {"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template":
         {"type": "hstack", "id": "row-@{item.id}", "spacing": 8, "frame": {"width": 300, "height": 40}, "children": [
           {"type": "image", "systemName": "tag", "frame": {"width": 24, "height": 24}, "modifiers": [{"padding": 2}, {"overlay":
             {"alignment": "topTrailing", "content": {"type": "text", "text": "@{item.id}", "modifiers": [{"padding": 1}]}}}]},
           {"type": "text", "text": "@{item.id}", "modifiers": [{"padding": 2}, {"background": "#FFEECC"}, {"border": {"color": "#FF0000", "width": 1}}]},
           {"type": "spacer"},
           {"type": "button", "title": "Add", "action": {"type": "set", "name": "n", "value": "@{n + 1}"}}]}},
       {"type": "text", "id": "end", "text": "End"}]}]}}
    """#

    @Test(arguments: [("identified", UInt64(1)), ("positional", 2), ("identified", 3), ("stacked", 4), ("leaves", 5), ("leaves", 6),
                      ("symbols", 7), ("symbols", 8), ("decorated", 9)])
    func `random splices leave the kept list, accessibility and views equal to a fresh list`(_ name: String, _ seed: UInt64) throws {
        let payload = name == "identified" ? Self.identified : name == "stacked" ? Self.stacked : name == "leaves" ? Self.leaves
            : name == "symbols" ? Self.symbols : name == "decorated" ? Self.decorated : Self.positional
        let screen = try #require(PayloadDecoder().decode(Array(payload.utf8)).screen)
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let kept = keptDisplay(of: screen, engine: engine)
        let (environment, traits) = (kept.environment, kept.traits)
        var (list, driver) = (kept.list, kept.driver)
        var random = SplitMix(seed: seed)
        var items: [StateValue] = [SplicedChangesTests.item("a", "Alpha"), SplicedChangesTests.item("b", "Beta")]
        var state = screen.state
        var next = 0, spliced = 0, reused = 0
        for step in 0..<60 {
            switch random.next(5) {
            case 0, 1:
                next += 1
                let title = String(repeating: "word ", count: random.next(10) + 1)
                items.insert(SplicedChangesTests.item("n\(next)", title), at: random.next(items.count + 1))
            case 2 where !items.isEmpty: items.remove(at: random.next(items.count))
            case 3 where items.count > 1:
                let from = random.next(items.count)
                items.insert(items.remove(at: from), at: random.next(items.count))
            default:
                if !items.isEmpty { items[random.next(items.count)] = SplicedChangesTests.item("c\(step)", "Changed \(step)") }
            }
            #expect(state.set("items", to: .array(items)) == nil)
            // Now and then a row's text shown or hidden in the same change.
            let toggles = name == "leaves" && random.next(4) == 0
            if toggles { #expect(state.set("show", to: .bool(state["show"] != .bool(true))) == nil) }
            let made = updater.update(to: state, changedNames: toggles ? ["items", "show"] : ["items"])
            let update = try #require(made)
            let result = engine.layout(applying: update, in: environment, traits: traits)
            // The kept items moved into the new list (the driver's path) in most steps, copied in the others; the old
            // list read before the change shares the driver's storage in half of them (it must stay as it was) and is a
            // copy of its own in the others (the driver's storage is then ended in place and kept for a later list).
            let before = step % 2 == 0 ? driver.items : driver.items.map { $0 }
            // (Its items' hashes: a copy of the items would share what they hold, and so hide a write into it.)
            let beforeHashes = before.map(\.hashValue)
            // Moved changes write their list into the storage of the list the driver dropped when it has as many places.
            let storageCount = driver.itemStorage?.count ?? 0
            let change = list.update(driver.items, to: result, moving: step % 3 != 2, storage: step % 3 != 2 ? driver.itemStorage : nil)
            if case .spliced(let splice) = change, step % 3 != 2, storageCount == splice.items.count { reused += 1 }
            let operations = driver.apply(change)
            #expect(before.map(\.hashValue) == beforeHashes, "step \(step): the old list as it was")

            let freshLayout = LayoutEngine().layout(try #require(screen.resolved(in: state).screen), in: environment, traits: traits)
            let context = "step \(step)"
            let freshItems = IncrementalDisplayListTests.expectEqual(list, driver, toFresh: freshLayout, context)
            if case .spliced = change, name == "leaves" { Self.expectKeptBuilder(of: list.accessibilityTree, equalToFresh: freshLayout, context) }
            #expect(driver.views.count == freshItems.count, "\(context): one view per item")
            // The views in the items' order, kept in step (made on the first step, then permuted by each splice).
            let ordered = driver.orderedViews()
            #expect(ordered == driver.items.map { driver.view(for: ViewKey($0)) ?? -1 }, "\(context): views in order")
            if case .spliced(let splice) = change {
                spliced += 1
                #expect(operations == Reconciler.operations(from: before, to: freshItems), "\(context): operations")
                // Every item not named changed is the old one renumbered.
                for (i, o) in splice.oldIndices.enumerated() where o >= 0 && !splice.changed.contains(i) {
                    var old = before[Int(o)]
                    old.index = freshItems[i].index
                    old.parent = freshItems[i].parent
                    old.id = freshItems[i].id
                    #expect(old == freshItems[i], "\(context): kept item \(freshItems[i].id)")
                }
            }
        }
        // Without ids, moved rows (and the unnamed nodes after them) are other views: a whole list, renumbered.
        if name != "positional" { #expect(spliced >= (name == "stacked" ? 15 : 30), "spliced updates: \(spliced)") }
        #expect(list.splicedUpdateCount >= 30, "renumbered updates: \(list.splicedUpdateCount)")
        if name != "positional" { #expect(reused >= 5, "lists written into a dropped list's storage: \(reused)") }
        // Elements that are their leaves' own are spliced; a row that combines its subtree makes the tree again.
        if name == "positional" {
            #expect(list.accessibilitySpliceCount < list.splicedUpdateCount)
        } else {
            #expect(list.accessibilitySpliceCount == list.splicedUpdateCount, "spliced trees: \(list.accessibilitySpliceCount)")
        }
    }
}

extension SplicedDisplayListTests {
    /// What a spliced accessibility tree keeps of every node for the next splice or update (its builder's per-node
    /// arrays, spliced in place) equals what a fresh pass reads of the fresh layout.
    static func expectKeptBuilder(of tree: AccessibilityTree?, equalToFresh layout: LayoutResult, _ context: String) {
        guard let kept = tree?.kept else { Issue.record("\(context): no kept builder"); return }
        guard let fresh = AccessibilityTree(layout: layout).kept else { Issue.record("\(context): no fresh builder"); return }
        #expect(kept.ids == fresh.ids, "\(context): ids")
        #expect(kept.types == fresh.types, "\(context): types")
        #expect(kept.parents == fresh.parents, "\(context): parents")
        #expect(kept.frames == fresh.frames, "\(context): frames")
        #expect(kept.hiddenByLayout == fresh.hiddenByLayout, "\(context): hidden")
        #expect(kept.facts.count == fresh.facts.count, "\(context): facts")
        for i in 0..<min(kept.facts.count, fresh.facts.count) {
            let (a, b) = (kept.facts[i], fresh.facts[i])
            #expect(a.hasAction == b.hasAction && a.hiddenByModifiers == b.hiddenByModifiers && a.control == b.control
                    && a.text == b.text && a.value == b.value, "\(context): facts of node \(i)")
            #expect(kept.accessibility(i) == fresh.accessibility(i), "\(context): properties of node \(i)")
        }
    }
}
