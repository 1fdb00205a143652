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
            facts.append(f)
        }
        var b = AccessibilityTreeBuilder(layout: layout, ids: ids, types: types, parents: parents, frames: frames,
                                         hidden: hidden, facts: facts, properties: properties)
        // The old elements, taken one by one as their nodes keep them (the array is this tree's only reference).
        var oldElements = elements
        elements = []
        let taken = AccessibilityElement(label: "", traits: [], frame: Rect(x: 0, y: 0, width: 0, height: 0), nodes: [],
                                         nodeIndices: [])
        var drafted: [AccessibilityElement] = []
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
            if !isRead[i], case .element(let k)? = was, k < oldElements.count, oldElements[k].nodeIndices.count == 1,
               oldElements[k].nodeIndices[0] == o, !(b.types[i] == .text && b.facts[i].text == nil) {
                var element = taken
                swap(&element, &oldElements[k])
                element.frame = b.frames[i]
                element.nodeIndices[0] = i
                if element.nodes.first != b.ids[i] { element.nodes[0] = b.ids[i] }
                newExposure[i] = .element(drafted.count)
                drafted.append(element)
                continue
            }
            if let element = b.leafElement(i) {
                newExposure[i] = .element(drafted.count)
                drafted.append(element)
                touched.append(i)
            } else if was != .structural {
                touched.append(i)
            }
        }
        // Every element is one item of the screen's group, in document order: one sort, as the pass makes it.
        let items = drafted.indices.map { k in
            AccessibilityOrder.Item(kind: .element(k), frame: drafted[k].frame, priority: 0, document: drafted[k].nodeIndices[0])
        }
        var ends: [Int] = []
        let order = AccessibilityOrder.permutation(items, direction: b.direction, lineEnds: &ends)
        // The drafted elements moved into their places (swapped, not copied).
        elements = [AccessibilityElement](repeating: taken, count: order.count)
        for (position, k) in order.enumerated() {
            newExposure[drafted[k].nodeIndices[0]] = .element(position)
            swap(&elements[position], &drafted[k])
        }
        priorities = [Double](repeating: 0, count: elements.count)
        lineEnds = ends
        exposure = newExposure
        b.exposure = newExposure
        kept = b
        return touched
    }
}
