public import SDUIEnvironment
public import SDUISchema
import SDUILayout

/// What a host keys a view by: the node's identity and its type (a node whose type changes is a new view, as a
/// change of view type is in SwiftUI).
public struct ViewKey: Hashable, Sendable, CustomStringConvertible {
    public var identity: NodeIdentity
    public var type: ComponentType
    public init(_ identity: NodeIdentity, _ type: ComponentType) { self.identity = identity; self.type = type }
    /// The key of an item.
    public init(_ item: DisplayItem) { self.init(item.identity, item.type) }
    public var description: String { identity.description + ":" + type.rawValue }
}

/// One change to a host's view tree (`Reconciler.operations(from:to:)`).
///
/// Applied in order, with `remove`s last: `insert` and `move` place a view in `parent` (nil: the host's root
/// container) right after the view `after` (nil: first), so views that are about to be removed never disturb the
/// placement; `remove` takes a view and whatever is still inside it out of the tree.
public enum ViewOperation: Hashable, Sendable {
    /// A new view for `new[item]`.
    case insert(ViewKey, item: NodeIndex, parent: ViewKey?, after: ViewKey?)
    /// An existing view moves to another place (another parent, or another position among its siblings).
    case move(ViewKey, parent: ViewKey?, after: ViewKey?)
    /// An existing view's geometry changes to `new[item]`'s: its frame (in its parent's coordinates) and, for text,
    /// where its lines break and sit (a label given a new width re-wraps).
    case updateFrame(ViewKey, item: NodeIndex)
    /// An existing view draws `new[item]`'s content (text, colours, image, action, visibility …) — and its lines.
    case updateContent(ViewKey, item: NodeIndex)
    /// A view (and what is still inside it) leaves the tree.
    case remove(ViewKey)

    /// The view the operation is about.
    public var key: ViewKey {
        switch self {
        case .insert(let k, _, _, _), .move(let k, _, _), .updateFrame(let k, _), .updateContent(let k, _), .remove(let k):
            return k
        }
    }
}

/// The minimal view operations that turn the views of one display list into those of the next, keyed by node
/// identity: nothing that kept its identity and type is recreated; a relayout (rotation, resize, Dynamic Type)
/// whose tree is unchanged is frame updates only; changing one text is one content update (plus the frames that
/// text's new size moved).
///
/// Siblings that keep their relative order stay put: among a parent's children that were already its children,
/// the longest run in the old order (a longest increasing subsequence) is left in place and only the others move
/// — React's and Vue's keyed-children rule.
public enum Reconciler {
    /// The operations from the views of `old` to those of `new` (`DisplayList.items` of two results).
    /// - Complexity: O(n log n) in the number of items.
    public static func operations(from old: [DisplayItem], to new: [DisplayItem]) -> [ViewOperation] {
        let oldKeys = old.map(ViewKey.init)
        let newKeys = new.map(ViewKey.init)
        var oldIndex: [ViewKey: Int] = [:]
        oldIndex.reserveCapacity(old.count)
        for (i, key) in oldKeys.enumerated() where oldIndex[key] == nil { oldIndex[key] = i }
        var newIndex: [ViewKey: Int] = [:]
        newIndex.reserveCapacity(new.count)
        for (i, key) in newKeys.enumerated() where newIndex[key] == nil { newIndex[key] = i }

        func parentKey(_ items: [DisplayItem], _ keys: [ViewKey], _ i: Int) -> ViewKey? {
            guard let p = items[i].parent, p.int >= 0, p.int < keys.count else { return nil }
            return keys[p.int]
        }
        // Each old view's position among its old parent's children.
        var oldPosition = [Int](repeating: 0, count: old.count)
        var childCount: [ViewKey?: Int] = [:]
        for i in old.indices {
            let parent = parentKey(old, oldKeys, i)
            oldPosition[i] = childCount[parent, default: 0]
            childCount[parent, default: 0] += 1
        }
        // The new children of each parent, in order.
        var newChildren: [ViewKey?: [Int]] = [:]
        for i in new.indices { newChildren[parentKey(new, newKeys, i), default: []].append(i) }
        // Views that stay where they are: per parent, the longest increasing run of old positions among the
        // children that were already that parent's children.
        var stays = [Bool](repeating: false, count: new.count)
        for (parent, children) in newChildren {
            var candidates: [(newItem: Int, oldPosition: Int)] = []
            for c in children {
                guard let o = oldIndex[newKeys[c]], parentKey(old, oldKeys, o) == parent else { continue }
                candidates.append((c, oldPosition[o]))
            }
            for k in longestIncreasingRun(candidates.map(\.oldPosition)) { stays[candidates[k].newItem] = true }
        }

        var operations: [ViewOperation] = []
        var previousSibling: [ViewKey?: ViewKey] = [:]
        for i in new.indices {
            let key = newKeys[i]
            let parent = parentKey(new, newKeys, i)
            let after = previousSibling[parent]
            previousSibling[parent] = key
            let item = NodeIndex(Int32(truncatingIfNeeded: i))
            guard newIndex[key] == i else {
                // A key repeated in one list (never for a decoded screen): its later items get no view.
                continue
            }
            guard let o = oldIndex[key] else {
                operations.append(.insert(key, item: item, parent: parent, after: after))
                continue
            }
            if !stays[i] { operations.append(.move(key, parent: parent, after: after)) }
            appendUpdates(from: old, o, to: new, i, key: key, into: &operations)
        }
        // The topmost views that go: their old parent stays (or they were a root).
        for (o, key) in oldKeys.enumerated() where newIndex[key] == nil && oldIndex[key] == o {
            if let parent = parentKey(old, oldKeys, o), newIndex[parent] == nil { continue }
            operations.append(.remove(key))
        }
        return operations
    }

    /// The fast path of `operations(from:to:)` for a host whose views are `old`'s, one per item (`old`'s keys are
    /// unique — a decoded screen's always are; `ViewTreeDriver` knows it when it has as many views as items): when
    /// `new` has the same key and the same parent at every index (a state change that changes texts or colours, a
    /// rotation, a Dynamic Type change that moves nothing between parents), nothing is inserted, moved or removed,
    /// and each index needs at most a frame and a content update, found by comparing the two items at that index —
    /// no dictionary, no key hashed. Nil when the trees differ. Under that precondition it gives exactly
    /// `operations(from:to:)`'s operations (ReconcilerTests' differential test).
    /// - Complexity: O(n) in the number of items.
    public static func sameTreeOperations(fromUniquelyKeyed old: [DisplayItem], to new: [DisplayItem]) -> [ViewOperation]? {
        guard old.count == new.count, !old.isEmpty else { return nil }
        for i in old.indices {
            guard old[i].parent == new[i].parent, old[i].type == new[i].type, old[i].identity == new[i].identity else { return nil }
        }
        var operations: [ViewOperation] = []
        for i in new.indices { appendUpdates(from: old, i, to: new, i, key: ViewKey(new[i]), into: &operations) }
        return operations
    }

    /// The updates the view of `old[o]` needs to draw `new[i]` (the same key): a frame update when its frame in its
    /// parent or its lines moved, a content update when what it draws changed.
    /// (`key` is made only when an update is.)
    static func appendUpdates(from old: [DisplayItem], _ o: Int, to new: [DisplayItem], _ i: Int, key: @autoclosure () -> ViewKey,
                              into operations: inout [ViewOperation]) {
        appendUpdates(from: old[o], relativeFrame(old, o), to: new[i], relativeFrame(new, i), at: i, key: key(), into: &operations)
    }

    /// The updates the view of `old` (at `oldFrame` in its parent) needs to draw `new` (at `newFrame`), item `i` of
    /// the new list.
    static func appendUpdates(from old: DisplayItem, _ oldFrame: Rect, to new: DisplayItem, _ newFrame: Rect, at i: Int,
                              key: @autoclosure () -> ViewKey, into operations: inout [ViewOperation]) {
        let item = NodeIndex(Int32(truncatingIfNeeded: i))
        let sameContent = old.hasSameContent(as: new)
        if oldFrame != newFrame || (sameContent && !old.hasSameLines(as: new)) {
            operations.append(.updateFrame(key(), item: item))
        }
        if !sameContent { operations.append(.updateContent(key(), item: item)) }
    }

    /// `sameTreeOperations(fromUniquelyKeyed:to:)` for the list `changes` makes of `old` (`DisplayListChange.items`:
    /// every other item is as it was): only the changed items are compared, and the children of those whose origin
    /// moved (their frames in their parent's coordinates moved; the rest of such a child is as it was, so only its
    /// frame is compared). Nil when a change gives an index another key or parent. Gives exactly the operations
    /// `sameTreeOperations` gives for the two whole lists (ReconcilerTests).
    /// - Complexity: O(changes × log changes, plus the subtrees of the changed items whose origin moved).
    public static func sameTreeOperations(fromUniquelyKeyed old: [DisplayItem], replacing changes: [DisplayItemChange]) -> [ViewOperation]? {
        guard !old.isEmpty else { return nil }
        /// The change at index `i`, by binary search (`changes` is ascending).
        func change(at i: Int) -> Int? {
            var low = 0, high = changes.count
            while low < high {
                let middle = (low + high) >> 1
                if changes[middle].index < i { low = middle + 1 } else { high = middle }
            }
            return low < changes.count && changes[low].index == i ? low : nil
        }
        func newFrame(_ i: Int) -> Rect { change(at: i).map { changes[$0].item.frame } ?? old[i].frame }
        // Items compared: (index, its change's position in `changes`, or -1 for a child left as it was).
        var compared: [(index: Int, change: Int)] = []
        compared.reserveCapacity(changes.count)
        var previous = -1
        var moved = false
        for c in changes.indices {
            let i = changes[c].index
            guard i > previous, i < old.count else { return nil }
            previous = i
            guard old[i].parent == changes[c].item.parent, old[i].type == changes[c].item.type,
                  old[i].identity == changes[c].item.identity else { return nil }
            compared.append((i, c))
            guard old[i].frame.x != changes[c].item.frame.x || old[i].frame.y != changes[c].item.frame.y else { continue }
            // Its subtree is the run after it whose parents are not before it (pre-order).
            var k = i + 1
            while k < old.count, let p = old[k].parent, p.int >= i {
                if p.int == i { compared.append((k, -1)); moved = true }
                k += 1
            }
        }
        if moved {
            // A child of a moved item may be changed too: once, with its change.
            compared.sort { $0.index < $1.index || $0.index == $1.index && $0.change > $1.change }
            var kept = 0
            for k in compared.indices where kept == 0 || compared[kept - 1].index != compared[k].index {
                compared[kept] = compared[k]
                kept += 1
            }
            compared.removeLast(compared.count - kept)
        }
        var operations: [ViewOperation] = []
        for (i, c) in compared {
            var oldFrame = old[i].frame
            var frame = c >= 0 ? changes[c].item.frame : oldFrame
            if let p = old[i].parent, p.int >= 0, p.int < old.count {
                let oldParent = old[p.int].frame
                oldFrame = Rect(x: oldFrame.x - oldParent.x, y: oldFrame.y - oldParent.y, width: oldFrame.width, height: oldFrame.height)
                let parent = newFrame(p.int)
                frame = Rect(x: frame.x - parent.x, y: frame.y - parent.y, width: frame.width, height: frame.height)
            }
            if c >= 0 {
                appendUpdates(from: old[i], oldFrame, to: changes[c].item, frame, at: i, key: ViewKey(changes[c].item),
                              into: &operations)
            } else if oldFrame != frame {
                // Left as it was: the same content and lines, a new place in its parent.
                operations.append(.updateFrame(ViewKey(old[i]), item: NodeIndex(Int32(truncatingIfNeeded: i))))
            }
        }
        return operations
    }

    /// The index of the current item that new item `i` keeps (`oldIndices[i]`, or `i` itself without them), when there
    /// is one among `count` (`ViewTreeDriver.run`; here, not in the generic driver: there it is a call with the host's
    /// metadata and an `Optional.map` closure).
    @usableFromInline
    static func keptIndex(of i: Int, _ oldIndices: UnsafeBufferPointer<Int32>?, count: Int) -> Int? {
        let o: Int
        if let oldIndices { o = Int(oldIndices[i]) } else { o = i }
        return o >= 0 && o < count ? o : nil
    }

    /// The frame of `items[i]` in its parent's coordinates (the window's for a root).
    static func relativeFrame(_ items: [DisplayItem], _ i: Int) -> Rect {
        items.withUnsafeBufferPointer { relativeFrame($0, i) }
    }

    /// `relativeFrame(_:_:)` of items read in place (an array's element passed on is a copy).
    @usableFromInline
    static func relativeFrame(_ items: UnsafeBufferPointer<DisplayItem>, _ i: Int) -> Rect {
        let item = items.baseAddress! + i
        guard let p = item.pointee.parent, p.int >= 0, p.int < items.count else { return item.pointee.frame }
        return item.pointee.frame(relativeTo: (items.baseAddress! + p.int).pointee.frame)
    }

    /// Indices into `values` of one longest strictly increasing subsequence.
    /// - Complexity: O(n log n).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        guard !values.isEmpty else { return [] }
        var tails: [Int] = []  // indices into values: the smallest tail of a run of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < v { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[i] = tails[low - 1] }
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var run: [Int] = []
        var k = tails.last ?? -1
        while k >= 0 { run.append(k); k = previous[k] }
        return run.reversed()
    }
}
