import SDUIEnvironment
import SDUISchema

// Bringing a kept accessibility tree to the layout after a change of structure (a template's items inserted, removed
// or moved into the kept tree) without running the whole pass: what the runtime's display list does after a splice
// (docs/hosts.md, "Keeping the list across layouts").

extension AccessibilityTree {
    /// Brings the tree to `layout`, whose nodes are the nodes of the layout the tree was made from with a splice
    /// applied: `oldIndices[i]` is the node that node `i` of `layout` was, or -1 for a node the splice made. Every kept
    /// node keeps what the pass read of its content unless it is in `contentChanged` (ascending, in `layout`'s
    /// numbering: its content is read again); each node is named `id(i)` (its `LayoutNode.id`). A kept leaf whose
    /// content was not read again and that was an element of its own stays that element, renumbered and placed at its
    /// node's frame; every other leaf's element is drafted again; the reading order is sorted again.
    ///
    /// Only for a tree whose every element is a leaf's own, which is one sort of its elements: no node of `layout`
    /// has an `accessibility` property that merges, ignores or contains its children (`children`), sorts
    /// (`sortPriority`), or describes a node that is not a leaf (a container's label, hint, value or traits combine
    /// its subtree). Returns the nodes whose part in the tree may differ from the part of the node they were
    /// (ascending: the nodes made, those whose role changed and those whose element was drafted again) — every other
    /// node's role and element are its old node's but for the element's frame and node index. Returns nil, and leaves
    /// the tree unusable (make it again with `init(layout:)`), for another tree, traits or a splice that does not fit.
    ///
    /// The differential tests (`SplicedDisplayListTests`) check that the result equals a fresh pass.
    /// - Complexity: O(n) in nodes, plus the elements drafted and O(e log e) in elements for the reading order.
    package mutating func splice(layout: LayoutResult, oldIndices: [Int32], contentChanged: [Int32],
                                 id: (Int) -> String) -> [Int]? {
        guard var old = kept, old.types.count == exposure.count, !old.hasGroups, oldIndices.count == layout.nodeCount,
              old.direction == layout.traits.layoutDirection, old.sizeClass == layout.traits.horizontalSizeClass else { return nil }
        kept = nil
        let n = oldIndices.count
        var types: [ComponentType] = [], parents: [Int] = [], frames: [Rect] = [], hidden: [Bool] = [], ids: [String] = []
        var facts: [AccessibilityTreeBuilder.NodeFacts] = []
        types.reserveCapacity(n); parents.reserveCapacity(n); frames.reserveCapacity(n); hidden.reserveCapacity(n)
        ids.reserveCapacity(n); facts.reserveCapacity(n)
        var properties: [AccessibilityContent] = []
        // The nodes whose content was read again (made, or changed).
        var isRead = [Bool](repeating: false, count: n)
        var nextChanged = 0
        for i in 0..<n {
            let o = Int(oldIndices[i])
            guard o < old.types.count else { return nil }
            let p = layout.parentIndex(at: i)
            parents.append(p >= 0 && p < i ? p : -1)
            frames.append(layout.frame(at: i))
            hidden.append(layout.isHidden(at: i))
            ids.append(id(i))
            while nextChanged < contentChanged.count && Int(contentChanged[nextChanged]) < i { nextChanged += 1 }
            var f: AccessibilityTreeBuilder.NodeFacts
            if o < 0 || nextChanged < contentChanged.count && Int(contentChanged[nextChanged]) == i {
                guard let content = layout.content(at: i) else { return nil }
                types.append(content.type)
                f = AccessibilityTreeBuilder.readFacts(content, properties: &properties)
                isRead[i] = true
            } else {
                types.append(old.types[o])
                // Taken from the old builder (its only reference), not copied.
                f = AccessibilityTreeBuilder.NodeFacts()
                swap(&f, &old.facts[o])
                if f.accessibilityIndex >= 0 {
                    properties.append(old.properties[Int(f.accessibilityIndex)])
                    f.accessibilityIndex = Int32(truncatingIfNeeded: properties.count - 1)
                }
            }
            if f.accessibilityIndex >= 0 {
                // A property that gives a node a role beyond its own leaf element: the whole pass.
                let a = properties[Int(f.accessibilityIndex)]
                guard a.children == nil, a.sortPriority == nil,
                      !a.describesItself || AccessibilityTreeBuilder.isLeafType(types[i]) else { return nil }
            }
            facts.append(consume f)
        }
        var b = AccessibilityTreeBuilder(layout: layout, ids: ids, types: types, parents: parents, frames: frames,
                                         hidden: hidden, facts: facts, properties: properties)
        // The elements: the old ones, kept elements changed where they lie and new ones appended after them; then
        // put into reading order by swaps (no element is copied), and the ones no node keeps dropped from the end.
        var pool = elements
        elements = []
        // Per element in document order: its index in `pool`.
        var drafted: [Int] = []
        let keptCount = pool.count
        var isClaimed = [Bool](repeating: false, count: keptCount)
        var newExposure = [AccessibilityExposure](repeating: .structural, count: n)
        var hiddenWithAncestor = [Bool](repeating: false, count: n)
        var touched: [Int] = []
        for i in 0..<n {
            let o = Int(oldIndices[i])
            let was: AccessibilityExposure? = o >= 0 ? exposure[o] : nil
            let p = b.parents[i]
            if (p >= 0 && hiddenWithAncestor[p]) || b.isHidden(i) {
                // Hidden with its subtree, as the pass marks it.
                hiddenWithAncestor[i] = true
                newExposure[i] = .hidden
                if was != .hidden { touched.append(i) }
                continue
            }
            // Not a leaf: a plain container (no role-giving property here), structural.
            guard AccessibilityTreeBuilder.isLeafType(b.types[i]) else {
                if was != .structural { touched.append(i) }
                continue
            }
            // A kept leaf element whose content was not read again (a text without a string reads its lines, which
            // the layout may have changed): the same element at its new place.
            if !isRead[i], case .element(let k)? = was, k < keptCount, !isClaimed[k], pool[k].nodeIndices.count == 1,
               pool[k].nodeIndices[0] == o, !(b.types[i] == .text && b.facts[i].text == nil) {
                isClaimed[k] = true
                pool[k].frame = b.frames[i]
                pool[k].nodeIndices[0] = i
                if pool[k].nodes.first != b.ids[i] { pool[k].nodes[0] = b.ids[i] }
                newExposure[i] = .element(drafted.count)
                drafted.append(k)
                continue
            }
            if let element = b.leafElement(i) {
                newExposure[i] = .element(drafted.count)
                drafted.append(pool.count)
                pool.append(element)
                touched.append(i)
            } else if was != .structural {
                touched.append(i)
            }
        }
        // Every element is one item of the screen's group, in document order: one sort, as the pass makes it.
        let items = drafted.indices.map { d in
            AccessibilityOrder.Item(kind: .element(d), frame: pool[drafted[d]].frame, priority: 0, document: pool[drafted[d]].nodeIndices[0])
        }
        var ends: [Int] = []
        let order = AccessibilityOrder.permutation(items, direction: b.direction, lineEnds: &ends)
        // Where each position's element is in `pool`: the elements in reading order, then the ones no node keeps.
        var source: [Int] = []
        source.reserveCapacity(pool.count)
        var used = [Bool](repeating: false, count: pool.count)
        for (position, d) in order.enumerated() {
            let k = drafted[d]
            source.append(k)
            used[k] = true
            newExposure[pool[k].nodeIndices[0]] = .element(position)
        }
        for k in pool.indices where !used[k] { source.append(k) }
        Self.permute(&pool, taking: source)
        pool.removeLast(pool.count - order.count)
        elements = pool
        priorities = [Double](repeating: 0, count: elements.count)
        lineEnds = ends
        exposure = newExposure
        b.exposure = newExposure
        kept = b
        return touched
    }

    /// Puts `values[source[p]]` at each position `p` (`source`: a permutation of `values`' indices), by swaps.
    static func permute<T>(_ values: inout [T], taking source: [Int]) {
        guard source.count == values.count else { return }
        var placed = [Bool](repeating: false, count: source.count)
        values.withUnsafeMutableBufferPointer { values in
            for start in source.indices where !placed[start] {
                var j = start
                while source[j] != start {
                    values.swapAt(j, source[j])
                    placed[j] = true
                    j = source[j]
                }
                placed[j] = true
            }
        }
    }
}
