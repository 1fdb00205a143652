import SDUIEnvironment
import SDUISchema
import SDUILayout

// The display list after a change of structure spliced into the kept tree (a template's items inserted, removed or
// moved: `NodeChanges.spliced`): the kept items are renumbered, and only the items of the nodes made and of those
// whose output changed are made again.

/// A display list spliced (`DisplayListChange.spliced`): the new list, and how its items follow the old one's.
public struct DisplaySplice: Sendable {
    /// The new list.
    public var items: [DisplayItem]
    /// For each new item, the index of the old item it keeps (renumbered), or -1 for an item of a node the splice made.
    public var oldIndices: [Int32]
    /// For each old item, its index in the new list, or -1 for an item of a node the splice removed.
    public var newIndices: [Int32]
    /// The new items that are not the old item at `oldIndices` renumbered, ascending: the items of the nodes made,
    /// and of the kept nodes whose content, frame, text, modifier boxes or accessibility changed.
    public var changed: [Int]
    /// The new indices of the nodes whose children were spliced, ascending: the only nodes whose children were
    /// inserted, removed or reordered.
    public var parents: [Int]
    /// The items of `changed` that are their old item with only `frame` and `contentBox` moved by the same offset
    /// (its node only moved, and its accessibility is as it was) and its layers' views renumbered, ascending: what
    /// they draw, their lines and their boxes in their frame are the old item's.
    var translated: [Int] = []
    /// For each old item, how `items` holds it (`MovedPlace`: copied or made again, or moved — its bits, not a copy):
    /// the driver that asked for the move (`ViewTreeDriver.apply(moving:)`) reads the old list, then ends it
    /// (`retireOldItems(_:into:)`: a moved place is not released with it, but for the fields a new value was written
    /// over in the moved bits). Empty when every new item is its own.
    var moved: [MovedPlace] = []
}

/// How a spliced list holds an old item (`DisplaySplice.moved`): not moved (`[]`: the new list holds a copy or a new
/// item, and the old item is released with the old list), or moved — the old item's bits are the new item's, so the
/// old place is not released — but for the fields written over the moved bits without releasing the old values,
/// which the old list still holds (the reconciler reads it) and releases as it is retired.
struct MovedPlace: OptionSet {
    let rawValue: UInt8
    /// The old item's bits are the new item's.
    static let moved = MovedPlace(rawValue: 1)
    /// A new `id` (a node without a payload id, named by a path that moved).
    static let newID = MovedPlace(rawValue: 2)
    /// New `appearance.layers` (its backgrounds' and overlays' views renumbered).
    static let newLayers = MovedPlace(rawValue: 4)

    /// Releases the fields `self` says were written over the moved bits at `item` (each place of a list holds its own).
    func releaseWrittenFields(at item: UnsafeMutablePointer<DisplayItem>) {
        if contains(.newID) { withUnsafeMutablePointer(to: &item.pointee.id) { _ = $0.deinitialize(count: 1) } }
        if contains(.newLayers) { withUnsafeMutablePointer(to: &item.pointee.appearance.layers) { _ = $0.deinitialize(count: 1) } }
    }
}

extension DisplaySplice {
    /// Ends `old`, the list the splice was made from, into `storage` when the splice moved items out of it: the items it
    /// still holds (removed, made again or copied) are released, and the fields written over moved items' bits, and its places — all uninitialised then: the moved
    /// ones' bits are `items`' — are kept for the next splice's list (`DisplayListStorage`); `old` is left empty. Reads
    /// and releases nothing moved, so nothing is released twice: when `old` shares its storage with another list, the
    /// copy made here before writing retained every item once, and what it retained of the moved ones is what that
    /// other list releases. Without moved items, `old` is left as it is (released as a list).
    mutating func retireOldItems(_ old: inout [DisplayItem], into storage: DisplayListStorage) {
        guard !moved.isEmpty else { return }
        defer { moved = [] }
        // Any other list would release the moved items' references twice (once with it, once with `items`).
        precondition(moved.count == old.count, "DisplaySplice.retireOldItems: not the list the splice was made from")
        old.withUnsafeMutableBufferPointer { old in
            for o in old.indices {
                if moved[o].isEmpty { (old.baseAddress! + o).deinitialize(count: 1) } else { moved[o].releaseWrittenFields(at: old.baseAddress! + o) }
            }
        }
        storage.keep(old)
        old = []
    }
}

/// The storage of a display list whose items are gone, kept for the next splice's list of the same length: a driver
/// that moves kept items (`ViewTreeDriver.apply(moving:)`) keeps its old list's storage here
/// (`DisplaySplice.retireOldItems(_:into:)`) instead of filling the moved places and releasing the list item by item,
/// and the next splice writes its list into it (`DisplayListUpdater.spliced(_:from:to:changes:moving:storage:)`)
/// instead of allocating one. Its places are all uninitialised: the storage holds them alone, never reads, copies or
/// releases them as items, and fills them with `DisplayItem.vacant()` before it lets them go (replaced by another, or
/// dropped) — an array's places must hold items when it is released.
package final class DisplayListStorage {
    /// The places (each uninitialised), the only reference to their storage.
    private var places: [DisplayItem] = []

    /// Empty storage.
    package init() {}

    /// How many places the storage holds (0: none).
    package var count: Int { places.count }

    /// Takes `list` — its storage referenced by nothing else, every place uninitialised — as the storage.
    func keep(_ list: [DisplayItem]) {
        vacate()
        places = list
    }

    /// The places, when there are `count` of them (the storage is then empty): every place uninitialised, the caller
    /// initialises each one before the list is read or released (or gives the places back with `keep(_:)`).
    func take(count: Int) -> [DisplayItem]? {
        guard count > 0, places.count == count else { return nil }
        let taken = places
        places = []
        return taken
    }

    deinit { vacate() }

    /// Fills the places with the vacant item (each an item again) and lets them go.
    private func vacate() {
        guard !places.isEmpty else { return }
        let vacant = DisplayItem.vacant()
        places.withUnsafeMutableBufferPointer { places in
            for i in places.indices { (places.baseAddress! + i).initialize(to: vacant) }
        }
        places = []
    }
}

extension DisplayItem {
    /// An item of nothing (no text, image, action, properties …): what fills the places of a dropped list's storage
    /// (`DisplayListStorage`) before it is released.
    static func vacant() -> DisplayItem {
        let zero = Rect(x: 0, y: 0, width: 0, height: 0)
        return DisplayItem(index: NodeIndex(0), parent: nil, identity: .explicit(""), id: "", type: .spacer, frame: zero,
                           contentBox: zero, contentInsets: EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0),
                           isHidden: false, appearance: ResolvedAppearance(content: nil, type: .spacer, frame: zero),
                           text: nil, image: nil, symbol: nil, scroll: nil, action: nil, control: nil, controlBox: nil,
                           accessibility: DisplayAccessibility(), properties: [:], isUnresolved: false)
    }
}

extension DisplayListUpdater {
    /// The list of `layout` made from `items` (the list of `previous`) when `layout`'s nodes are `previous`'s with
    /// `changes.spliced` applied: each kept item renumbered — its index, its parent's, and for a node without a
    /// payload id whose path moved, its path id and identity — and the items of `changes.content ∪ changes.frames`
    /// (in the new numbering: the nodes made and those whose output changed) made again — or, for a node that only
    /// moved (`NodeChanges.translated`, found in the comparison that made the change set; else asked node by node,
    /// `LayoutResult.translation(of:since:in:withLayers:)`), its item moved; the accessibility tree is spliced
    /// (`AccessibilityTree.splice(layout:oldIndices:contentChanged:renamed:id:)`: the items of the nodes it names take their
    /// part again) or, when it cannot be, made again and each item's part in it taken. `.spliced` when every kept node keeps its view's key (identity and
    /// type), else `.list` of the new items; nil when the splices do not fit the two results (make the whole list).
    /// - Complexity: O(n) in items (a kept item is moved, not made), plus the items made and the accessibility pass.
    /// `moving`: the kept items that stay as they were but for trivial fields (index, parent, frame) are moved into
    /// the new list, bit for bit, instead of copied (`DisplaySplice.moved`; only for `.spliced`): the caller then owns
    /// `items` alone and ends it without releasing those places (`DisplaySplice.retireOldItems(_:into:)`).
    /// `storage`: the places of a list the caller's driver dropped (`DisplayListStorage`), where the new list is written
    /// when it has as many.
    mutating func spliced(_ items: [DisplayItem], from previous: LayoutResult, to layout: LayoutResult,
                          changes: NodeChanges, moving: Bool = false, storage: DisplayListStorage? = nil) -> DisplayListChange? {
        guard let oldIndices = NodeSplice.oldNodes(after: changes.spliced, oldCount: items.count),
              oldIndices.count == layout.nodeCount, !oldIndices.isEmpty else { return nil }
        let count = oldIndices.count
        let remade = NodeChanges.merged(changes.content, changes.frames)
        let content = changes.content
        // The kept nodes that only moved, when the change set knows them (ascending): else each is asked.
        let translatedNodes = changes.translated?.nodes, translatedLayered = changes.translated?.layered ?? []
        var newIndices = [Int32](repeating: -1, count: items.count)
        for (i, o) in oldIndices.enumerated() where o >= 0 {
            guard Int(o) < items.count else { return nil }
            newIndices[Int(o)] = Int32(i)
        }
        // The spliced nodes, each numbered as the tree stood after its splice: renumbered by the splices after it.
        var parents: [Int] = []
        for (k, splice) in changes.spliced.enumerated() {
            guard let node = NodeSplice.newNumber(ofOld: splice.node, through: changes.spliced[(k + 1)...]),
                  node >= 0, Int(node) < count else { return nil }
            if !parents.contains(Int(node)) { parents.append(Int(node)) }
        }
        parents.sort()
        var changed: [Int] = []
        var keysKept = true
        // Whether a node's path from the root changed (made, or it or an ancestor has another slot in its parent).
        var moved = [Bool](repeating: false, count: count)
        var translated: [Int] = []
        // The items made by `DisplayItem.init` and the kept ones whose node only moved (both in `changed`), ascending.
        var madeItems: [Int] = [], movedItems: [Int] = []
        // The kept items named by a path that moved (their id is not their old item's), ascending.
        var renamedItems: [Int] = []
        // The old items moved (not copied) into the new list.
        var isMoved = [MovedPlace](repeating: [], count: moving ? items.count : 0)
        // (Room made once: most of the nodes remade are kept ones that only moved, each appended to two lists.)
        changed.reserveCapacity(remade.count)
        movedItems.reserveCapacity(remade.count)
        translated.reserveCapacity(remade.count)
        var fits = true
        // The new list's places, every one uninitialised: the places of a list the caller dropped when it has as many
        // (uniquely referenced, so written in place), else new ones.
        var newItems = storage?.take(count: count) ?? [DisplayItem](unsafeUninitializedCapacity: count) { _, places in places = count }
        var initialized = 0
        // The index ranges outside which every node is drawn as the node it was (nil: any may differ), and each old
        // node's new index, read by the kept items outside them (`keptOutsideWrittenRanges`).
        let written = usesWrittenRanges ? layout.writtenRanges(since: previous) : nil
        if written != nil { writtenRangeSpliceCount += 1 }
        var outside = WrittenRangeCursor(written)
        var keptOutside = 0
        let newIndexOf = newIndices
        // (`isMoved` and `moved` written through their buffers: an array captured here is checked for exclusive access
        // on every write.)
        items.withUnsafeBufferPointer { old in newItems.withUnsafeMutableBufferPointer { buffer in
        isMoved.withUnsafeMutableBufferPointer { isMoved in moved.withUnsafeMutableBufferPointer { moved in
            let base = buffer.baseAddress!
            /// Gives up: the items made so far are dropped (the moved ones are the old list's).
            func giveUp() {
                fits = false
                for i in 0..<initialized {
                    let o = Int(oldIndices[i])
                    let place: MovedPlace = o < 0 || !moving ? [] : isMoved[o]
                    if place.isEmpty { (base + i).deinitialize(count: 1) } else { place.releaseWrittenFields(at: base + i) }
                }
                initialized = 0
            }
            var nextRemade = 0, nextContent = 0, nextTranslated = 0, nextLayered = 0
            for i in 0..<count {
                let o = Int(oldIndices[i])
                while nextRemade < remade.count && Int(remade[nextRemade]) < i { nextRemade += 1 }
                let isRemade = nextRemade < remade.count && Int(remade[nextRemade]) == i
                if o >= 0 && !isRemade && outside.isOutside(i),
                   let parent = Self.keptOutsideWrittenRanges(old.baseAddress! + o, at: i, newIndices: newIndexOf,
                                                              moved: UnsafeBufferPointer(moved)) {
                    // Drawn as its old node, under the node its parent became, at the same place among its siblings,
                    // and its path as it was: the old item renumbered (its index and its parent's), nothing read.
                    let item = base + i
                    if moving {
                        UnsafeMutableRawPointer(item).copyMemory(from: old.baseAddress! + o, byteCount: MemoryLayout<DisplayItem>.size)
                        isMoved[o] = .moved
                    } else {
                        item.initialize(to: old[o])
                    }
                    initialized += 1
                    keptOutside += 1
                    item.pointee.index = NodeIndex(Int32(truncatingIfNeeded: i))
                    item.pointee.parent = parent >= 0 ? NodeIndex(Int32(truncatingIfNeeded: parent)) : nil
                    continue
                }
                let (parent, slot) = layout.parentAndSlot(at: i)
                guard parent < i else { return giveUp() }
                while nextContent < content.count && Int(content[nextContent]) < i { nextContent += 1 }
                let isContent = nextContent < content.count && Int(content[nextContent]) == i
                if o >= 0 {
                    // (The old item's parent is its node's in `previous`: the list was made from it.)
                    let oldParent = (old.baseAddress! + o).pointee.parent?.int ?? -1
                    guard parent < 0 ? oldParent < 0 : oldParent == Int(oldIndices[parent]) else { return giveUp() }
                    moved[i] = (parent >= 0 && moved[parent]) || slot != previous.childSlot(at: o)
                } else {
                    moved[i] = true
                }
                let oldItem = o >= 0 ? old.baseAddress! + o : nil
                // A node that only moved (its content as it was): its item moved. With modifier boxes, only when the
                // padding they give is the old item's too (its bottom and trailing edges are not relative values).
                var moves = false, movedLayers: NodeLayers?
                if o >= 0 && isRemade && !isContent {
                    let layered: Bool?
                    if let translatedNodes {
                        while nextTranslated < translatedNodes.count && Int(translatedNodes[nextTranslated]) < i { nextTranslated += 1 }
                        let isTranslated = nextTranslated < translatedNodes.count && Int(translatedNodes[nextTranslated]) == i
                        while nextLayered < translatedLayered.count && Int(translatedLayered[nextLayered]) < i { nextLayered += 1 }
                        layered = isTranslated ? nextLayered < translatedLayered.count && Int(translatedLayered[nextLayered]) == i : nil
                    } else {
                        layered = layout.translation(of: i, since: o, in: previous, withLayers: true)?.layered
                    }
                    if layered == true, let layers = layout.layers(at: i) {
                        moves = DisplayItem.contentInsets(of: layers, in: layout.frame(at: i)) == oldItem!.pointee.contentInsets
                        movedLayers = layers
                    } else {
                        moves = layered == false
                    }
                }
                if o < 0 || isRemade && !moves {
                    let content = layout.content(at: i)
                    let id = layout.payloadID(at: i)
                    let identity = parent >= 0 ? base[parent].identity.child(slot: slot, id: id) : .root(id: id)
                    guard let type = content?.type ?? oldItem?.pointee.type else { return giveUp() }
                    if let oldItem, identity != oldItem.pointee.identity || type != oldItem.pointee.type { keysKept = false }
                    if id == nil && o >= 0 && moved[i] { renamedItems.append(i) }
                    let node = LayoutNode(id: id ?? (o >= 0 && !moved[i] ? oldItem!.pointee.id : layout.pathID(at: i)), path: "",
                                          type: type, parent: parent, frame: layout.frame(at: i), isHidden: layout.isHidden(at: i),
                                          text: layout.textRun(at: i), layers: content == nil ? nil : layout.layers(at: i))
                    (base + i).initialize(to: DisplayItem(node, index: i, in: layout, content: content, identity: identity))
                    initialized += 1
                    changed.append(i)
                    madeItems.append(i)
                    continue
                }
                let item = base + i
                // A node without an id is its path: below a moved ancestor both moved with it (new values).
                let renamed: Bool
                if moved[i], case .structural = oldItem!.pointee.identity { renamed = true } else { renamed = false }
                if moving {
                    // The old item's bits: its trivial fields are written below, nothing it holds is (but a new id).
                    UnsafeMutableRawPointer(item).copyMemory(from: oldItem!, byteCount: MemoryLayout<DisplayItem>.size)
                    isMoved[o] = .moved
                } else {
                    item.initialize(to: oldItem!.pointee)
                }
                initialized += 1
                item.pointee.index = NodeIndex(Int32(truncatingIfNeeded: i))
                item.pointee.parent = parent >= 0 ? NodeIndex(Int32(truncatingIfNeeded: parent)) : nil
                if renamed {
                    renamedItems.append(i)
                    let id = layout.pathID(at: i)
                    if moving {
                        // Written over the moved bits without releasing the old id: the old list, which the reconciler
                        // reads, still holds it (released as that list is retired).
                        withUnsafeMutablePointer(to: &item.pointee.id) { $0.initialize(to: id) }
                        isMoved[o].insert(.newID)
                    } else {
                        item.pointee.id = id
                    }
                    let identity = parent >= 0 ? base[parent].identity.child(slot: slot, id: nil) : .root(id: nil)
                    if identity != item.pointee.identity {
                        if moving { Self.own(item, movedFrom: oldItem!, place: &isMoved[o]) }
                        item.pointee.identity = identity
                        keysKept = false
                    }
                }
                if moves {
                    item.pointee.frame = layout.frame(at: i)
                    item.pointee.contentBox = item.pointee.frame.inset(by: item.pointee.contentInsets)
                    changed.append(i)
                    movedItems.append(i)
                    // Its backgrounds' and overlays' views are items too, renumbered with the splice (numbering, which
                    // no update carries: `DisplayItem.hasSameLines(as:)`). The layers hold their indices in an array the
                    // moved bits share with the old item: the item is made its own first.
                    if let movedLayers, Self.decorationsMoved(item.pointee.appearance, in: movedLayers) {
                        if moving && isMoved[o].contains(.moved) && !isMoved[o].contains(.newLayers) {
                            // Renumbered in a copy of the array, written over the moved bits without releasing the old
                            // one (the old list's, released as it is retired).
                            var layers = item.pointee.appearance.layers
                            Self.renumberDecorations(of: &layers, in: movedLayers)
                            withUnsafeMutablePointer(to: &item.pointee.appearance.layers) { $0.initialize(to: layers) }
                            isMoved[o].insert(.newLayers)
                        } else {
                            Self.renumberDecorations(of: &item.pointee.appearance.layers, in: movedLayers)
                        }
                    }
                    // A symbol image's box is taken from the two rectangles again: relative to the frame, but not always
                    // bit for bit the same at another place (then the item is compared, not only moved).
                    if item.pointee.type == .image, let old = item.pointee.symbol?.box {
                        let box = DisplaySymbol.imageBox(contentBox: item.pointee.contentBox, frame: item.pointee.frame)
                        if box != old {
                            item.pointee.symbol!.box = box
                            continue
                        }
                    }
                    translated.append(i)
                }
            }
        } } } }
        guard fits else {
            // Every place uninitialised again: kept as storage (filled with items only when it lets them go).
            (storage ?? DisplayListStorage()).keep(newItems)
            return nil
        }
        // Each place holds its item now (the list may be read and released).
        precondition(initialized == count, "DisplayListUpdater.spliced: a place left uninitialised")
        itemsKeptOutsideWrittenRanges += keptOutside
        /// The new item at `i` made its own when it was moved (`own(_:movedFrom:place:)`).
        func ownItem(at i: Int) {
            let o = Int(oldIndices[i])
            guard moving, o >= 0, !isMoved[o].isEmpty else { return }
            items.withUnsafeBufferPointer { old in
                newItems.withUnsafeMutableBufferPointer { buffer in
                    Self.own(buffer.baseAddress! + i, movedFrom: old.baseAddress! + o, place: &isMoved[o])
                }
            }
        }
        if includesAccessibility {
            // The kept tree spliced when it can be (only the parts of the nodes it names may differ), else made again.
            var tree = accessibilityTree.take()
            let touched = tree?.splice(layout: layout, oldIndices: oldIndices, contentChanged: content, renamed: renamedItems,
                                        written: written, id: { newItems[$0].id })
            if touched != nil { accessibilitySpliceCount += 1 } else { tree = AccessibilityTree(layout: layout) }
            guard let tree else {
                for i in 0..<count { ownItem(at: i) }
                return nil
            }
            // The items made here take their part in place, as a fresh list's item does (`DisplayItem.init` left its
            // role `.none`).
            newItems.withUnsafeMutableBufferPointer { buffer in
                for i in madeItems { buffer[i].accessibility.fill(from: tree, node: i) }
            }
            // Every other item keeps its old item's part — the tree's part of its node is its old node's but for the
            // element's frame and node index, which an item does not hold — unless the splice names its node
            // (`touched`: made, role changed or element drafted again) or the tree was made again: those are compared.
            var nextMade = 0
            // The kept items whose accessibility changed, ascending.
            var retold: [Int] = []
            for i in touched ?? Array(0..<count) {
                while nextMade < madeItems.count && madeItems[nextMade] < i { nextMade += 1 }
                if nextMade < madeItems.count && madeItems[nextMade] == i { continue }
                let identifier: String?
                if case .explicit(let id) = newItems[i].identity { identifier = id } else { identifier = nil }
                var accessibility = DisplayAccessibility(identifier: identifier)
                accessibility.fill(from: tree, node: i)
                guard accessibility != newItems[i].accessibility else { continue }
                ownItem(at: i)
                newItems[i].accessibility = accessibility
                // (A moved item is in `changed` already.)
                if !Self.contains(movedItems, i) { changed.append(i) }
                retold.append(i)
            }
            if !retold.isEmpty { changed.sort() }
            // A moved item whose accessibility changed draws something else too.
            if !retold.isEmpty { translated.removeAll { Self.contains(retold, $0) } }
            accessibilityTree = tree
            accessibilityOrder = DisplayList.order(of: tree)
        }
        splicedUpdateCount += 1
        guard keysKept else {
            // A whole list: each item its own.
            for i in 0..<count { ownItem(at: i) }
            return .list(newItems)
        }
        return .spliced(DisplaySplice(items: newItems, oldIndices: oldIndices, newIndices: newIndices, changed: changed,
                                      parents: parents, translated: translated, moved: isMoved))
    }

    /// The new index of the parent of a kept node `i` outside the written ranges whose old item is `oldItem` (-1 for
    /// the root), when its item is that old item renumbered: its parent kept before it and not moved (its path from the
    /// root as it was — outside the ranges the node's own place among its siblings is its old one). Nil when the item
    /// must be made in full (`DisplayListUpdater.spliced`'s general step). `newIndices`: each old node's new index;
    /// `moved`: whether each node before `i` has a path that moved.
    /// - Complexity: O(1).
    @inline(__always)
    static func keptOutsideWrittenRanges(_ oldItem: UnsafePointer<DisplayItem>, at i: Int, newIndices: [Int32],
                                         moved: UnsafeBufferPointer<Bool>) -> Int? {
        guard let oldParent = oldItem.pointee.parent?.int else { return i == 0 ? -1 : nil }
        guard oldParent >= 0, oldParent < newIndices.count else { return nil }
        let parent = Int(newIndices[oldParent])
        guard parent >= 0, parent < i, !moved[parent] else { return nil }
        return parent
    }

    /// Makes `item`, the bits of the old item at `old` moved into a new list (`place`: how, `MovedPlace`), its own:
    /// what it holds is retained (copied out and put back over its own bits, which are not released: they are the old
    /// list's), and the old item becomes the old list's to release. The fields written over the moved bits are already
    /// the item's own: the old values' bits are put back first, and the new values set again after the copy.
    static func own(_ item: UnsafeMutablePointer<DisplayItem>, movedFrom old: UnsafePointer<DisplayItem>, place: inout MovedPlace) {
        guard !place.isEmpty else { return }
        let oldItem = UnsafeMutablePointer(mutating: old)
        /// Takes the value at `field` (a field of the item) out, and puts the bits of the old item's field at `oldField`
        /// back there.
        func takeOut<T>(_ field: UnsafeMutablePointer<T>, puttingBack oldField: UnsafeMutablePointer<T>) -> T {
            let value = field.move()
            UnsafeMutableRawPointer(field).copyMemory(from: oldField, byteCount: MemoryLayout<T>.size)
            return value
        }
        var id: String?, layers: [DisplayLayer]?
        if place.contains(.newID) {
            id = withUnsafeMutablePointer(to: &item.pointee.id) { field in
                withUnsafeMutablePointer(to: &oldItem.pointee.id) { takeOut(field, puttingBack: $0) }
            }
        }
        if place.contains(.newLayers) {
            layers = withUnsafeMutablePointer(to: &item.pointee.appearance.layers) { field in
                withUnsafeMutablePointer(to: &oldItem.pointee.appearance.layers) { takeOut(field, puttingBack: $0) }
            }
        }
        let copy = item.pointee
        item.initialize(to: copy)
        if let id { item.pointee.id = id }
        if let layers { item.pointee.appearance.layers = layers }
        place = []
    }

    /// The index of the view of layer `layer` (a `DisplayLayer`'s chain index) in `layers`, a node's layers: its
    /// `decorationIndex` in an item made of them.
    private static func decorationIndex(of layer: Int, in layers: NodeLayers) -> NodeIndex? {
        layer < layers.layers.count ? layers.layers[layer].contentNode.map { NodeIndex(Int32(truncatingIfNeeded: $0)) } : nil
    }

    /// Whether a layer of `appearance` names another view than its layer in `layers` does (the node's layers in the new
    /// layout, where a moved item keeps its old appearance: the same chain and boxes).
    static func decorationsMoved(_ appearance: ResolvedAppearance, in layers: NodeLayers) -> Bool {
        appearance.layers.contains { decorationIndex(of: $0.chainIndex, in: layers) != $0.decorationIndex }
    }

    /// Sets each layer's `decorationIndex` (an appearance's `layers`) to its view's index in `layers` (see
    /// `decorationsMoved`).
    static func renumberDecorations(of appearanceLayers: inout [DisplayLayer], in layers: NodeLayers) {
        for k in appearanceLayers.indices {
            appearanceLayers[k].decorationIndex = decorationIndex(of: appearanceLayers[k].chainIndex, in: layers)
        }
    }

    /// Whether the ascending `values` hold `value` (binary search).
    static func contains(_ values: [Int], _ value: Int) -> Bool {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) >> 1
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < values.count && values[low] == value
    }
}

/// A cursor over ascending, disjoint index ranges (`LayoutResult.writtenRanges(since:)`) asked about ascending indices.
struct WrittenRangeCursor {
    private let ranges: [Range<Int>]?
    private var next = 0

    /// A cursor over `ranges` (nil: every index is inside).
    init(_ ranges: [Range<Int>]?) { self.ranges = ranges }

    /// Whether `i` lies outside every range; `i` must not be below the index last asked about.
    /// - Complexity: amortised O(1).
    @inline(__always)
    mutating func isOutside(_ i: Int) -> Bool {
        guard let ranges else { return false }
        while next < ranges.count && ranges[next].upperBound <= i { next += 1 }
        return next == ranges.count || i < ranges[next].lowerBound
    }
}
