public import SDUIEnvironment
import SDUILayout

/// The views of a host, driven by reconciler operations: what the headless runtime, the UIKit host and the tests'
/// model tree share. A host says how to make, place, move, frame, update and remove one of its views. Views live on
/// the main actor, as UIKit's and SwiftUI's do.
@MainActor
public protocol ViewTreeHost {
    /// The host's view type (a reference, or an id into the host's own storage).
    associatedtype HostView
    /// A new view for `item` (its content applied; its geometry is set with `setGeometry`).
    mutating func makeView(for item: DisplayItem) -> HostView
    /// Puts `view` into `parent` (nil: the root container) right after `sibling` (nil: as the first subview).
    mutating func place(_ view: HostView, in parent: HostView?, after sibling: HostView?)
    /// Sets `view`'s frame in its parent's coordinates, and the rest of `item`'s geometry (its text lines).
    mutating func setGeometry(_ view: HostView, frame: Rect, item: DisplayItem)
    /// `setGeometry(_:frame:item:)` with the item read through its address, valid for the call (the driver's list,
    /// not a copy of the item). By default the item is passed on to `setGeometry(_:frame:item:)`.
    mutating func setGeometry(_ view: HostView, frame: Rect, itemAt item: UnsafePointer<DisplayItem>)
    /// Makes `view` draw `item`'s content.
    mutating func update(_ view: HostView, with item: DisplayItem)
    /// Takes `view` (and what is still inside it) out of the tree.
    mutating func remove(_ view: HostView)
}

extension ViewTreeHost {
    @inlinable
    public mutating func setGeometry(_ view: HostView, frame: Rect, itemAt item: UnsafePointer<DisplayItem>) {
        setGeometry(view, frame: frame, item: item.pointee)
    }
}

/// Applies reconciler operations to a `ViewTreeHost`, keeping each view by its key.
@MainActor
public struct ViewTreeDriver<Host: ViewTreeHost> {
    /// The host the views live in.
    public var host: Host
    /// The items of the last display list applied.
    public private(set) var items: [DisplayItem] = []
    /// The views by key.
    public private(set) var views: [ViewKey: Host.HostView] = [:]
    /// The view of each item, in the items' order (`orderedViews()`), once asked for: brought along by changes that
    /// replace items in place or splice them, dropped by any other.
    @usableFromInline var viewsInOrder: [Host.HostView]?
    /// The storage of the list a splice last dropped (`DisplayListStorage`), for the next change made with
    /// `moving: true` to write its list into (`ScreenSession.displayChange(_:to:after:moving:storage:)`).
    package private(set) var itemStorage: DisplayListStorage?
    /// Whether `viewsInOrder` is kept (a plain flag: the generic optional is not touched on paths that do not use it).
    public private(set) var keepsViewsInOrder = false
    /// Counts of the operations applied so far, by kind (`insert`, `move`, `updateFrame`, `updateContent`, `remove`).
    public var appliedCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for (k, name) in Self.kinds.enumerated() where kindCounts[k] > 0 { counts[name] = kindCounts[k] }
        return counts
    }
    /// The operation kinds `appliedCounts` names, and their counts in that order.
    private static var kinds: [String] { ["insert", "move", "updateFrame", "updateContent", "remove"] }
    @usableFromInline var kindCounts = [Int](repeating: 0, count: 5)

    /// A driver with no views yet.
    public init(host: Host) { self.host = host }

    /// The view of the item with `key`.
    public func view(for key: ViewKey) -> Host.HostView? { views[key] }

    /// The view of each item, in the items' order (`view(for: ViewKey(items[i]))` at `i`): found by key once, then
    /// kept in step with the items (a splice permutes it; `keepsViewsInOrder`: whether it is kept now — a caller
    /// needing a few views may look those up by key instead). Nil when some item has no view.
    public mutating func orderedViews() -> [Host.HostView]? {
        if keepsViewsInOrder, let viewsInOrder { return viewsInOrder }
        guard views.count == items.count else { return nil }
        var ordered: [Host.HostView] = []
        ordered.reserveCapacity(items.count)
        for item in items {
            guard let view = views[ViewKey(item)] else { return nil }
            ordered.append(view)
        }
        viewsInOrder = ordered
        keepsViewsInOrder = true
        return ordered
    }

    /// Brings the host's views to `newItems` with the minimal operations; returns them.
    @discardableResult
    public mutating func apply(_ newItems: [DisplayItem]) -> [ViewOperation] {
        // One view per item: the items' keys are unique, and the same tree needs no matching by key.
        let sameTree = views.count == items.count ? Reconciler.sameTreeOperations(fromUniquelyKeyed: items, to: newItems) : nil
        let operations = sameTree ?? Reconciler.operations(from: items, to: newItems)
        apply(operations, newItems: newItems)
        return operations
    }

    /// Brings the host's views to the list `change` makes of the current items (`DisplayListUpdater`'s): when it
    /// replaces some items of a list with one view per item, only those (and the children of those that moved) are
    /// compared and the others are kept where they are; otherwise as `apply(_:)` with the whole new list.
    @discardableResult
    public mutating func apply(_ change: DisplayListChange) -> [ViewOperation] {
        if case .spliced(var splice) = change { return apply(&splice) }
        guard case .items(let changes) = change, views.count == items.count,
              let operations = Reconciler.sameTreeOperations(fromUniquelyKeyed: items, replacing: changes) else {
            return apply(change.applied(to: items))
        }
        // Nothing is inserted, moved or removed: the items are replaced where they are (this driver holds the only
        // copy of the list, so nothing else of it is copied).
        for change in changes { items[change.index] = change.item }
        // Each item keeps its key, so its view: the views in order are as they were (and name each item's view).
        applyKeepingOrder(operations, newItems: items, readingViewsInOrder: true)
        return operations
    }

    /// Applies `operations` (made from the current items to `newItems`).
    public mutating func apply(_ operations: [ViewOperation], newItems: [DisplayItem]) {
        if keepsViewsInOrder {
            viewsInOrder = nil
            keepsViewsInOrder = false
        }
        applyKeepingOrder(operations, newItems: newItems)
    }

    /// `apply(_:newItems:)` for operations after which each item's view is the one at its index in `viewsInOrder`;
    /// `readingViewsInOrder`: the new item at each index has the key of the current one (its view is found there).
    private mutating func applyKeepingOrder(_ operations: [ViewOperation], newItems: [DisplayItem], readingViewsInOrder: Bool = false) {
        run(operations, newItems: newItems, oldIndices: nil, readingViewsInOrder: readingViewsInOrder)
        // Views removed with their parent's subtree are gone from the host: forget them too (only an insert or a
        // remove changes which views there are).
        guard operations.contains(where: { if case .insert = $0 { return true }; if case .remove = $0 { return true }; return false }) else {
            items = newItems
            return
        }
        var live = Set<ViewKey>()
        live.reserveCapacity(newItems.count)
        for item in newItems { live.insert(ViewKey(item)) }
        if views.count != live.count { views = views.filter { live.contains($0.key) } }
        items = newItems
    }

    /// Applies `operations` to the host (made from the current items to `newItems`), keeping the views of the views
    /// inserted and removed; the items and the views inside removed ones are the caller's to bring along.
    /// `readingViewsInOrder`: the view of a frame or content update's item is read from `viewsInOrder` (when it is
    /// kept) at the index of the current item it keeps — `oldIndices`' (a splice's: every kept item keeps its key),
    /// or its own index when nil — instead of being found by key.
    @inlinable
    mutating func run(_ operations: [ViewOperation], newItems: [DisplayItem], oldIndices: [Int32]?, readingViewsInOrder: Bool) {
        // (Items read in place: passing an array's element copies it.)
        newItems.withUnsafeBufferPointer { newItems in
            guard readingViewsInOrder, keepsViewsInOrder, let ordered = viewsInOrder, ordered.count == items.count,
                  oldIndices.map({ $0.count == newItems.count }) ?? (newItems.count == items.count) else {
                return runInPlace(operations, newItems: newItems, ordered: nil, oldIndices: nil)
            }
            ordered.withUnsafeBufferPointer { ordered in
                guard let oldIndices else { return runInPlace(operations, newItems: newItems, ordered: ordered, oldIndices: nil) }
                oldIndices.withUnsafeBufferPointer { oldIndices in
                    runInPlace(operations, newItems: newItems, ordered: ordered, oldIndices: oldIndices)
                }
            }
        }
    }

    /// `run`'s body: `ordered`, the views of the current items in their order, or nil (found by key); `oldIndices`: for
    /// each new item, the current item it keeps (or -1), nil for the same index.
    @inlinable
    mutating func runInPlace(_ operations: [ViewOperation], newItems: UnsafeBufferPointer<DisplayItem>,
                                     ordered: UnsafeBufferPointer<Host.HostView>?, oldIndices: UnsafeBufferPointer<Int32>?) {
        guard let base = newItems.baseAddress else { return }
        // (Each item read through its address: a buffer's element passed on is a copy too. The view of an update's item
        // is read in `ordered` at the index of the current item it keeps, else found by key.)
        for operation in operations {
            switch operation {
            case .insert(let key, let item, let parent, let after):
                guard item.int < newItems.count else { continue }
                let view = host.makeView(for: (base + item.int).pointee)
                setView(view, for: key)
                // (Looked up in place: an optional's `flatMap` is a closure call per lookup in this unspecialised code.)
                var parentView: Host.HostView?, sibling: Host.HostView?
                if let parent { parentView = views[parent] }
                if let after { sibling = views[after] }
                host.place(view, in: parentView, after: sibling)
                host.setGeometry(view, frame: Reconciler.relativeFrame(newItems, item.int), itemAt: base + item.int)
                kindCounts[0] += 1
            case .move(let key, let parent, let after):
                guard let view = views[key] else { continue }
                var parentView: Host.HostView?, sibling: Host.HostView?
                if let parent { parentView = views[parent] }
                if let after { sibling = views[after] }
                host.place(view, in: parentView, after: sibling)
                kindCounts[1] += 1
            case .updateFrame(let key, let item):
                guard item.int < newItems.count, let view = updatedView(key, item: item.int, ordered, oldIndices) else { continue }
                host.setGeometry(view, frame: Reconciler.relativeFrame(newItems, item.int), itemAt: base + item.int)
                kindCounts[2] += 1
            case .updateContent(let key, let item):
                guard item.int < newItems.count, let view = updatedView(key, item: item.int, ordered, oldIndices) else { continue }
                host.update(view, with: (base + item.int).pointee)
                kindCounts[3] += 1
            case .remove(let key):
                guard let view = removeView(for: key) else { continue }
                host.remove(view)
                kindCounts[4] += 1
            }
        }
    }

    /// The view of a frame or content update's item, new item `item`: read in `ordered` (the views of the current items
    /// in their order) at the index of the current item it keeps (`Reconciler.keptIndex`), else found by `key`; nil
    /// when it has none.
    @inlinable @inline(__always)
    func updatedView(_ key: ViewKey, item: Int, _ ordered: UnsafeBufferPointer<Host.HostView>?,
                     _ oldIndices: UnsafeBufferPointer<Int32>?) -> Host.HostView? {
        if let ordered, let o = Reconciler.keptIndex(of: item, oldIndices, count: ordered.count) { return ordered[o] }
        return views[key]
    }

    /// Ends the current items once they were read, when `splice` moved some into its list (`DisplaySplice.moved`): the
    /// moved ones become the new list's alone, the others are released, and the list's storage is kept for the next
    /// splice (`itemStorage`; `DisplaySplice.retireOldItems(_:into:)`). The items are empty until the new list is taken.
    @usableFromInline
    mutating func retireOldItems(of splice: inout DisplaySplice) {
        guard !splice.moved.isEmpty else { return }
        let storage = itemStorage ?? DisplayListStorage()
        itemStorage = storage
        splice.retireOldItems(&items, into: storage)
    }

    /// Forgets the view of `key` (one that went with a removed view).
    @inlinable
    mutating func forgetView(_ key: ViewKey) { _ = removeView(for: key) }

    // The writes of the inlinable splice path (`apply(moving:)`), which cannot reach the private setters: the driver is
    // generic over its host and lives in another module than its hosts, so the splice path's code is inlinable, to be
    // specialised for the host where it is called (each view operation, lookup and views-in-order copy otherwise runs
    // through the host's metadata and witness tables).

    /// Keeps `view` as the view of `key`.
    @usableFromInline
    mutating func setView(_ view: Host.HostView, for key: ViewKey) { views[key] = view }

    /// Forgets the view of `key`; returns it.
    @usableFromInline
    mutating func removeView(for key: ViewKey) -> Host.HostView? { views.removeValue(forKey: key) }

    /// Takes `items` as the current items.
    @usableFromInline
    mutating func setItems(_ items: [DisplayItem]) { self.items = items }

    /// Keeps `ordered` as the views in order (nil: none kept).
    @usableFromInline
    mutating func setViewsInOrder(_ ordered: [Host.HostView]?) {
        viewsInOrder = ordered
        keepsViewsInOrder = ordered != nil
    }

    /// Takes `newItems` as the items the views draw, spliced from the current ones as `oldIndices` says (for each new
    /// item, the old item it keeps, with its key and view, or -1 for one whose view `run` inserted; `newIndices`: for
    /// each current item, its new index or -1). The views in order are permuted in place
    /// (`permuteViewsInOrder(_:newIndices:newItems:)`) when they are kept.
    @inlinable
    mutating func replaceItems(_ newItems: [DisplayItem], oldIndices: [Int32], newIndices: [Int32]) {
        if keepsViewsInOrder, var ordered = viewsInOrder {
            // (Taken out first: the driver's own reference would make the array's storage shared.)
            setViewsInOrder(nil)
            if permuteViewsInOrder(&ordered, oldIndices: oldIndices, newIndices: newIndices, newItems: newItems) {
                setViewsInOrder(ordered)
            }
        }
        setItems(newItems)
    }

    /// Brings `ordered`, the views of the current items in their order, to the views of `newItems` (spliced from the
    /// current items as `oldIndices` and `newIndices` say): each kept view moved to its new place bit for bit — no
    /// retain or release — the views of the removed items released, the inserted ones found by key. Returns false
    /// (and leaves `ordered` to be dropped) when the indices do not fit or an inserted item has no view.
    /// - Complexity: O(n) moves of a reference; retains and releases only for the items inserted and removed (and for
    ///   the difference in count).
    @inlinable
    func permuteViewsInOrder(_ ordered: inout [Host.HostView], oldIndices: [Int32], newIndices: [Int32],
                             newItems: [DisplayItem]) -> Bool {
        let oldCount = ordered.count, newCount = newItems.count
        guard oldCount > 0, newCount > 0, oldIndices.count == newCount, newIndices.count == oldCount else { return false }
        // The inserted items' views, found before anything moves; and the indices checked (each kept old item taken
        // once), since the moves below leave places uninitialised until every view is in its new place.
        var inserted: [Host.HostView] = []
        let fits = oldIndices.withUnsafeBufferPointer { oldIndices in
            newIndices.withUnsafeBufferPointer { newIndices in
                for i in 0..<newCount {
                    let o = Int(oldIndices[i])
                    if o >= 0 {
                        guard o < oldCount, Int(newIndices[o]) == i else { return false }
                    } else {
                        guard let view = views[ViewKey(newItems[i])] else { return false }
                        inserted.append(view)
                    }
                }
                return true
            }
        }
        guard fits else { return false }
        // The check above takes each kept old item once; the current items marked kept must be exactly those (one
        // marked kept that no new item takes would be neither moved nor released below: its view would leak).
        assert(oldIndices.lazy.filter { $0 >= 0 }.count == newIndices.lazy.filter { $0 >= 0 }.count,
               "ViewTreeDriver.permuteViewsInOrder: the old and new indices do not agree on the kept items")
        let common = min(oldCount, newCount)
        withUnsafeTemporaryAllocation(of: Host.HostView.self, capacity: newCount) { moved in
            let to = moved.baseAddress!
            ordered.withUnsafeMutableBufferPointer { old in
                let from = old.baseAddress!
                oldIndices.withUnsafeBufferPointer { oldIndices in
                    var next = 0
                    for i in 0..<newCount {
                        let o = Int(oldIndices[i])
                        if o >= 0 {
                            (to + i).moveInitialize(from: from + o, count: 1)
                        } else {
                            (to + i).initialize(to: inserted[next])
                            next += 1
                        }
                    }
                }
                // The views of the removed items (the only places still initialised) go.
                newIndices.withUnsafeBufferPointer { newIndices in
                    for o in 0..<oldCount where newIndices[o] < 0 { (from + o).deinitialize(count: 1) }
                }
                // Every old place is uninitialised: the first ones take the new order back.
                from.moveInitialize(from: to, count: common)
                if oldCount > newCount {
                    // The places past the new count are the array's still: filled (one retain each) to be removed below.
                    (from + newCount).initialize(repeating: from.pointee, count: oldCount - newCount)
                }
            }
            if newCount > oldCount {
                ordered.append(contentsOf: UnsafeBufferPointer(start: to + oldCount, count: newCount - oldCount))
                (to + oldCount).deinitialize(count: newCount - oldCount)
            }
        }
        if oldCount > newCount { ordered.removeLast(oldCount - newCount) }
        return true
    }

}
