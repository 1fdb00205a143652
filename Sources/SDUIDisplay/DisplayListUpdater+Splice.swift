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
    /// (its node only moved, and its accessibility is as it was), ascending: what they draw, their lines and their
    /// boxes in their frame are the old item's.
    var translated: [Int] = []
}

extension DisplayListUpdater {
    /// The list of `layout` made from `items` (the list of `previous`) when `layout`'s nodes are `previous`'s with
    /// `changes.spliced` applied: each kept item renumbered — its index, its parent's, and for a node without a
    /// payload id whose path moved, its path id and identity — and the items of `changes.content ∪ changes.frames`
    /// (in the new numbering: the nodes made and those whose output changed) made again — or, for a node that only
    /// moved (`LayoutResult.translation(of:since:in:)`), its item moved; the accessibility tree is spliced
    /// (`AccessibilityTree.splice(layout:oldIndices:contentChanged:id:)`: the items of the nodes it names take their
    /// part again) or, when it cannot be, made again and each item's part in it taken. `.spliced` when every kept node keeps its view's key (identity and
    /// type), else `.list` of the new items; nil when the splices do not fit the two results (make the whole list).
    /// - Complexity: O(n) in items (a kept item is moved, not made), plus the items made and the accessibility pass.
    mutating func spliced(_ items: [DisplayItem], from previous: LayoutResult, to layout: LayoutResult,
                          changes: NodeChanges) -> DisplayListChange? {
        guard let oldIndices = NodeSplice.oldNodes(after: changes.spliced, oldCount: items.count),
              oldIndices.count == layout.nodeCount else { return nil }
        let count = oldIndices.count
        let remade = NodeChanges.merged(changes.content, changes.frames)
        let content = changes.content
        var newIndices = [Int32](repeating: -1, count: items.count)
        for (i, o) in oldIndices.enumerated() where o >= 0 {
            guard Int(o) < items.count else { return nil }
            newIndices[Int(o)] = Int32(i)
        }
        var newItems: [DisplayItem] = []
        newItems.reserveCapacity(count)
        var changed: [Int] = []
        var keysKept = true
        // Whether a node's path from the root changed (made, or it or an ancestor has another slot in its parent).
        var moved = [Bool](repeating: false, count: count)
        var parents: [Int] = []
        var translated: [Int] = []
        var nextRemade = 0, nextContent = 0
        for i in 0..<count {
            let o = Int(oldIndices[i])
            let parent = layout.parentIndex(at: i)
            guard parent < i else { return nil }
            let slot = layout.childSlot(at: i)
            while nextRemade < remade.count && Int(remade[nextRemade]) < i { nextRemade += 1 }
            let isRemade = nextRemade < remade.count && Int(remade[nextRemade]) == i
            while nextContent < content.count && Int(content[nextContent]) < i { nextContent += 1 }
            let isContent = nextContent < content.count && Int(content[nextContent]) == i
            if o >= 0 {
                let oldParent = previous.parentIndex(at: o)
                guard parent < 0 ? oldParent < 0 : oldParent == Int(oldIndices[parent]) else { return nil }
                moved[i] = (parent >= 0 && moved[parent]) || slot != previous.childSlot(at: o)
            } else {
                moved[i] = true
            }
            // A node that only moved (its content as it was): its item moved.
            let moves = o >= 0 && isRemade && !isContent && !(items[o].type == .image && items[o].symbol != nil)
                && layout.translation(of: i, since: o, in: previous) != nil
            if o < 0 || isRemade && !moves {
                let content = layout.content(at: i)
                let id = layout.payloadID(at: i)
                let identity = parent >= 0 ? newItems[parent].identity.child(slot: slot, id: id) : .root(id: id)
                guard let type = content?.type ?? (o >= 0 ? items[o].type : nil) else { return nil }
                if o >= 0 && (identity != items[o].identity || type != items[o].type) { keysKept = false }
                let node = LayoutNode(id: id ?? (o >= 0 && !moved[i] ? items[o].id : layout.pathID(at: i)), path: "", type: type,
                                      parent: parent, frame: layout.frame(at: i), isHidden: layout.isHidden(at: i),
                                      text: layout.textRun(at: i), layers: content == nil ? nil : layout.layers(at: i))
                newItems.append(DisplayItem(node, index: i, in: layout, content: content, identity: identity))
                changed.append(i)
                continue
            }
            // The old item copied into its place once, then renumbered there.
            newItems.append(items[o])
            newItems.withUnsafeMutableBufferPointer { buffer in
                let item = buffer.baseAddress! + i
                item.pointee.index = NodeIndex(Int32(truncatingIfNeeded: i))
                item.pointee.parent = parent >= 0 ? NodeIndex(Int32(truncatingIfNeeded: parent)) : nil
                if moved[i], item.pointee.payloadID == nil {
                    // A node without an id is its path: below a moved ancestor both moved with it.
                    item.pointee.id = layout.pathID(at: i)
                    let identity = parent >= 0 ? buffer[parent].identity.child(slot: slot, id: nil) : .root(id: nil)
                    if identity != item.pointee.identity {
                        item.pointee.identity = identity
                        keysKept = false
                    }
                }
                if moves {
                    item.pointee.frame = layout.frame(at: i)
                    item.pointee.contentBox = item.pointee.frame.inset(by: item.pointee.contentInsets)
                }
            }
            if moves {
                changed.append(i)
                translated.append(i)
            }
        }
        // The spliced nodes, each numbered as the tree stood after its splice: renumbered by the splices after it.
        for (k, splice) in changes.spliced.enumerated() {
            guard let node = NodeSplice.newNumber(ofOld: splice.node, through: changes.spliced[(k + 1)...]),
                  node >= 0, Int(node) < count else { return nil }
            if !parents.contains(Int(node)) { parents.append(Int(node)) }
        }
        parents.sort()
        if includesAccessibility {
            // The kept tree spliced when it can be (only the parts of the nodes it names may differ), else made again.
            var tree = accessibilityTree.take()
            let touched = tree?.splice(layout: layout, oldIndices: oldIndices, contentChanged: content, id: { newItems[$0].id })
            if touched != nil { accessibilitySpliceCount += 1 } else { tree = AccessibilityTree(layout: layout) }
            guard let tree else { return nil }
            let candidates = touched.map { NodeChanges.merged(changed.map(Int32.init), $0.map(Int32.init)).map(Int.init) }
            var next = 0
            // The items whose accessibility changed, ascending.
            var retold: [Int] = []
            for i in candidates ?? Array(0..<count) {
                let isMade = next < changed.count && changed[next] == i
                if isMade { next += 1 }
                var accessibility = DisplayAccessibility(identifier: newItems[i].payloadID)
                accessibility.fill(from: tree, node: i)
                guard accessibility != newItems[i].accessibility else { continue }
                newItems[i].accessibility = accessibility
                if !isMade { changed.append(i) }
                retold.append(i)
            }
            changed.sort()
            // A moved item whose accessibility changed draws something else too.
            if !retold.isEmpty { translated.removeAll { Self.contains(retold, $0) } }
            accessibilityTree = tree
            accessibilityOrder = DisplayList.order(of: tree)
        }
        splicedUpdateCount += 1
        guard keysKept else { return .list(newItems) }
        return .spliced(DisplaySplice(items: newItems, oldIndices: oldIndices, newIndices: newIndices, changed: changed,
                                      parents: parents, translated: translated))
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
