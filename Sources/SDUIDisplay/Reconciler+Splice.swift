import SDUIEnvironment
import SDUISchema

// The reconciler's operations after a template's items were spliced into the kept tree (`DisplaySplice`): what the
// general matching by key gives, found by looking only at the items the splice made, moved or changed.

extension Reconciler {
    /// `operations(from:to:)` for the list `splice` makes of `old` (a host with one view per item of `old`, whose keys
    /// are unique): the views of the nodes made are inserted, those of the nodes removed go, the kept children of a
    /// spliced parent that left the longest run of their old order move, and only the items the splice changed (and
    /// the children of those whose origin moved: their frames in their parent's coordinates moved) are compared.
    /// Nil when a made item takes the key of a removed one (that view would be updated, not made) or the splice does
    /// not fit `old`. Gives exactly `operations(from: old, to: splice.items)` (SplicedDisplayListTests).
    /// - Complexity: O(the spliced parents' new subtrees + the items changed and their children + the old items).
    public static func splicedOperations(fromUniquelyKeyed old: [DisplayItem], to splice: DisplaySplice) -> [ViewOperation]? {
        let new = splice.items
        guard !old.isEmpty, !new.isEmpty, old.count == splice.newIndices.count, new.count == splice.oldIndices.count else { return nil }
        func parent(_ items: [DisplayItem], _ i: Int) -> Int { items[i].parent?.int ?? -1 }
        var removed: [Int] = []
        var removedKeys = Set<ViewKey>()
        for o in old.indices where splice.newIndices[o] < 0 {
            removed.append(o)
            removedKeys.insert(ViewKey(old[o]))
        }
        // Per spliced parent, the kept children that leave the longest run of their old order move.
        var moved: [Int] = []
        for p in splice.parents {
            guard p >= 0, p < new.count, splice.oldIndices[p] >= 0 else { return nil }
            let op = Int(splice.oldIndices[p])
            // Each kept child with its old index: the old children's order is their indices' (document order), so the
            // longest run of old order is the longest increasing run of old indices — found without walking the old
            // subtree.
            var candidates: [(item: Int, oldIndex: Int)] = []
            var k = p + 1
            while k < new.count, parent(new, k) >= p {
                if parent(new, k) == p, splice.oldIndices[k] >= 0 {
                    let o = Int(splice.oldIndices[k])
                    guard o < old.count, parent(old, o) == op else { return nil }
                    candidates.append((k, o))
                }
                k += 1
            }
            var stays = longestIncreasingRun(candidates.map(\.oldIndex))[...]
            for (c, candidate) in candidates.enumerated() {
                if stays.first == c { stays.removeFirst() } else { moved.append(candidate.item) }
            }
        }
        moved.sort()
        // The kept children of changed items whose origin moved: compared by frame.
        var children: [Int] = []
        for i in splice.changed where splice.oldIndices[i] >= 0 {
            let o = Int(splice.oldIndices[i])
            guard new[i].frame.x != old[o].frame.x || new[i].frame.y != old[o].frame.y else { continue }
            var k = i + 1
            while k < new.count, parent(new, k) >= i {
                if parent(new, k) == i && splice.oldIndices[k] >= 0 { children.append(k) }
                k += 1
            }
        }
        children.sort()
        let compared = NodeChanges.merged(NodeChanges.merged(splice.changed.map(Int32.init), moved.map(Int32.init)),
                                          children.map(Int32.init))
        var operations: [ViewOperation] = []
        var nextTranslated = 0
        var nextMoved = 0
        // (Keys are made only for the operations appended: most compared items are children of a moved item whose
        // place in their parent is as it was.)
        func key(_ i: Int) -> ViewKey { ViewKey(new[i]) }
        func parentKey(_ i: Int) -> ViewKey? {
            let p = parent(new, i)
            return p >= 0 ? key(p) : nil
        }
        for c in compared {
            let i = Int(c)
            let o = Int(splice.oldIndices[i])
            guard o >= 0 else {
                let made = key(i)
                guard !removedKeys.contains(made) else { return nil }
                operations.append(.insert(made, item: NodeIndex(c), parent: parentKey(i), after: previousSibling(of: i, in: new).map(key)))
                continue
            }
            while nextMoved < moved.count && moved[nextMoved] < i { nextMoved += 1 }
            if nextMoved < moved.count && moved[nextMoved] == i {
                operations.append(.move(key(i), parent: parentKey(i), after: previousSibling(of: i, in: new).map(key)))
            }
            while nextTranslated < splice.translated.count && splice.translated[nextTranslated] < i { nextTranslated += 1 }
            if nextTranslated < splice.translated.count && splice.translated[nextTranslated] == i {
                // The old item moved as a whole: the same content and lines, so at most a new place in its parent.
                if relativeFrame(old, o) != relativeFrame(new, i) { operations.append(.updateFrame(key(i), item: NodeIndex(c))) }
                continue
            }
            appendUpdates(from: old, o, to: new, i, key: key(i), into: &operations)
        }
        // The topmost views that go: those whose parent stays.
        for o in removed {
            let p = parent(old, o)
            if p < 0 || splice.newIndices[p] >= 0 { operations.append(.remove(ViewKey(old[o]))) }
        }
        return operations
    }

    /// The sibling before `items[i]` under its parent (document order: climbing from the item before it).
    private static func previousSibling(of i: Int, in items: [DisplayItem]) -> Int? {
        let p = items[i].parent?.int ?? -1
        var j = i - 1
        while j > p {
            let q = items[j].parent?.int ?? -1
            if q == p { return j }
            j = q
        }
        return nil
    }
}

extension ViewTreeDriver {
    /// `apply(_:)` for a change made from this driver's `items` with the kept items moved
    /// (`ScreenSession.displayChange(_:to:after:moving:)` given `moving: true`, called right before with `items`):
    /// after a splice the old list is ended without its moved places once the reconciler read it, so the new list holds
    /// its items alone. Returns the change as the caller may keep it (nothing moved left in it) and the operations.
    /// Every change made with `moving: true` must be applied here, to the driver whose items it was made from, before
    /// anything else changes them.
    @inlinable
    package mutating func apply(moving change: DisplayListChange) -> (change: DisplayListChange, operations: [ViewOperation]) {
        guard case .spliced(var splice) = change else { return (change, apply(change)) }
        let operations = apply(&splice)
        return (.spliced(splice), operations)
    }

    /// Brings the host's views to the list `splice` makes of the current items: the operations of
    /// `Reconciler.splicedOperations(fromUniquelyKeyed:to:)` when this driver has one view per item, and the views of
    /// the removed items forgotten by their keys; otherwise as `apply(_:)` with the whole new list. The old items the
    /// splice moved into its list (`DisplaySplice.moved`) leave with the old list's storage once it was read
    /// (`retireOldItems(of:)`: kept for the next splice).
    @inlinable
    mutating func apply(_ splice: inout DisplaySplice) -> [ViewOperation] {
        guard views.count == items.count, let operations = Reconciler.splicedOperations(fromUniquelyKeyed: items, to: splice) else {
            let sameTree = views.count == items.count ? Reconciler.sameTreeOperations(fromUniquelyKeyed: items, to: splice.items) : nil
            let operations = sameTree ?? Reconciler.operations(from: items, to: splice.items)
            retireOldItems(of: &splice)
            apply(operations, newItems: splice.items)
            return operations
        }
        var removed: [ViewKey] = []
        for o in items.indices where splice.newIndices[o] < 0 { removed.append(ViewKey(items[o])) }
        run(operations, newItems: splice.items, oldIndices: splice.oldIndices, readingViewsInOrder: true)
        // The views inside a removed one went with it.
        for key in removed { forgetView(key) }
        retireOldItems(of: &splice)
        replaceItems(splice.items, oldIndices: splice.oldIndices, newIndices: splice.newIndices)
        return operations
    }
}
