import SDUIEnvironment
import SDUISchema

// Bringing a kept accessibility tree to the layout after a change of structure (a template's items inserted, removed
// or moved into the kept tree) without running the whole pass: what the runtime's display list does after a splice
// (docs/hosts.md, "Keeping the list across layouts").

extension AccessibilityTree {
    /// Brings the tree to `layout`, whose nodes are the nodes of the layout the tree was made from with a splice
    /// applied: `oldIndices[i]` is the node that node `i` of `layout` was, or -1 for a node the splice made. Every kept
    /// node keeps what the pass read of its content unless it is in `contentChanged` (ascending, in `layout`'s
    /// numbering: its content is read again). Each node made is named `id(i)` (its `LayoutNode.id`), and so is each
    /// kept node of `renamed` (ascending: the nodes whose id may not be their old node's — a node without a payload id
    /// is named by its path, which a splice may move); every other node keeps its old node's id. A kept leaf whose
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
    /// `written`: the index ranges of `layout` outside which every node is drawn as the node it was
    /// (`LayoutResult.writtenRanges(since:)`; nil: any node may differ). With them, only the geometry of the nodes in
    /// them (and of those the splice made or moved) is read again (`readGeometry(of:keepingOutside:…)`), and the
    /// elements of the nodes outside them keep their last reading order, among which the others are placed
    /// (`AccessibilityOrder.permutation(frames:documents:kept:direction:lineEnds:)`); without them, one sort of every
    /// element.
    ///
    /// The differential tests (`SplicedDisplayListTests`, `AccessibilitySpliceTests`) check that the result equals a
    /// fresh pass.
    /// - Complexity: O(n) in nodes, plus the elements drafted and O(e log e) in elements for the reading order
    ///   (with `written`: O(e) plus O(m log m) in the m elements inside the ranges).
    package mutating func splice(layout: LayoutResult, oldIndices: [Int32], contentChanged: [Int32], renamed: [Int],
                                 written: [Range<Int>]? = nil, id: (Int) -> String) -> [Int]? {
        guard var b = kept, b.types.count == exposure.count, !b.hasGroups, oldIndices.count == layout.nodeCount,
              b.direction == layout.traits.layoutDirection, b.sizeClass == layout.traits.horizontalSizeClass else { return nil }
        kept = nil
        let n = oldIndices.count, oldCount = b.types.count
        if !b.rolesAreOwnLeaves {
            for i in 0..<oldCount where !b.hasOwnLeafRole(i) { return nil }
            b.rolesAreOwnLeaves = true
        }
        // The per-node arrays are kept and spliced: the nodes before the first node the splice made or moved keep
        // their places, the nodes after the last keep theirs shifted (the arrays' tails move, nothing is copied), and
        // only the nodes between are written — a kept node's facts taken from its old place, a made node's read.
        let limit = min(n, oldCount)
        var head = 0
        while head < limit && Int(oldIndices[head]) == head { head += 1 }
        var tail = 0
        while tail < limit - head && Int(oldIndices[n - 1 - tail]) == oldCount - 1 - tail { tail += 1 }
        let oldEnd = oldCount - tail, newEnd = n - tail
        if newEnd == oldEnd, Self.isPermutation(oldIndices, of: head..<newEnd) {
            // The nodes between only moved (a reorder): their places permuted by swaps, nothing copied or made — the
            // swaps found once, for the nodes not at their old places, and made in each array.
            let swaps = Self.swaps(in: head, taking: oldIndices[head..<newEnd])
            Self.swap(&b.types, swaps)
            Self.swap(&b.facts, swaps)
            Self.swap(&b.ids, swaps)
            Self.swap(&exposure, swaps)
        } else {
            guard b.spliceFacts(layout: layout, oldIndices: oldIndices, head: head, oldEnd: oldEnd, newEnd: newEnd,
                                exposure: &exposure, id: id) else { return nil }
        }
        var previous = -1
        for i in renamed {
            guard i > previous, i < n, oldIndices[i] >= 0 else { return nil }
            b.ids[i] = id(i)
            previous = i
        }
        // The kept nodes whose content changed: read again.
        for c in contentChanged {
            let i = Int(c)
            guard i >= 0, i < n else { return nil }
            if oldIndices[i] < 0 { continue }
            guard let content = layout.content(at: i) else { return nil }
            b.types[i] = content.type
            b.facts[i] = AccessibilityTreeBuilder.readFacts(content, properties: &b.properties)
            guard b.hasOwnLeafRole(i) else { return nil }
        }
        for i in head..<newEnd where oldIndices[i] < 0 { guard b.hasOwnLeafRole(i) else { return nil } }
        // What the layout gives every node: its parent, frame and visibility (outside the written ranges, the
        // node's old ones).
        if let written {
            b.readGeometry(of: layout, keepingOutside: written, oldIndices: oldIndices, head: head, oldEnd: oldEnd, newEnd: newEnd)
        } else {
            b.readGeometry(of: layout)
        }
        b.textSource = layout.storage
        b.childStart = []; b.childList = []
        b.compactProperties()
        // The elements: the old ones, kept elements changed where they lie and new ones after them (`made`); then
        // put into reading order by swaps (no element is copied), and the ones no node keeps dropped from the end.
        var pool = elements
        elements = []
        var made: [AccessibilityElement] = []
        // Per element in document order: its index in `pool` (a made one's: `pool.count` + its index in `made`).
        var drafted: [Int] = []
        drafted.reserveCapacity(pool.count)
        // Per element in document order: its node (read here, not from the element's own array of nodes).
        var draftedNodes: [Int] = []
        draftedNodes.reserveCapacity(pool.count)
        let keptCount = pool.count
        var isClaimed = [Bool](repeating: false, count: keptCount)
        var touched: [Int] = []
        var nextChanged = 0, nextRenamed = 0
        // Each node's new exposure is written over its old one in place; a parent's (before it) is the new one.
        exposure.withUnsafeMutableBufferPointer { exposure in pool.withUnsafeMutableBufferPointer { pool in
            // Read through a constant (the closure's captured variable would be copied for each call on it).
            let b = b
            for i in 0..<n {
                let o = Int(oldIndices[i])
                let was: AccessibilityExposure? = o >= 0 ? exposure[i] : nil
                while nextChanged < contentChanged.count && Int(contentChanged[nextChanged]) < i { nextChanged += 1 }
                let isRead = o < 0 || nextChanged < contentChanged.count && Int(contentChanged[nextChanged]) == i
                let p = b.parents[i]
                if p >= 0, case .hidden = exposure[p] {
                    // Hidden with its parent's subtree, as the pass marks it.
                    exposure[i] = .hidden
                    if !Self.isHidden(was) { touched.append(i) }
                    continue
                }
                if b.isHidden(i) {
                    exposure[i] = .hidden
                    if !Self.isHidden(was) { touched.append(i) }
                    continue
                }
                // Not a leaf: a plain container (no role-giving property here), structural.
                guard AccessibilityTreeBuilder.isLeafType(b.types[i]) else {
                    exposure[i] = .structural
                    if !Self.isStructural(was) { touched.append(i) }
                    continue
                }
                // A kept leaf element whose content was not read again (a text without a string reads its lines, which
                // the layout may have changed): the same element at its new place.
                // (Every element of a tree a splice takes is its own node's alone: `nodeIndices` is `[o]`, and `nodes` its id,
                // read — each a separate allocation — only where the node's index or id changes.)
                if !isRead, case .element(let k)? = was, k < keptCount, !isClaimed[k], !b.isTextWithoutString(i),
                   i == o || pool[k].nodeIndices.count == 1 && pool[k].nodeIndices[0] == o {
                    isClaimed[k] = true
                    pool[k].frame = b.frames[i]
                    if i != o { pool[k].nodeIndices[0] = i }
                    // A kept node's id is its old node's (the element's) unless it is renamed.
                    while nextRenamed < renamed.count && renamed[nextRenamed] < i { nextRenamed += 1 }
                    if nextRenamed < renamed.count && renamed[nextRenamed] == i,
                       pool[k].nodes.count != 1 || pool[k].nodes[0] != b.ids[i] {
                        pool[k].nodes = [b.ids[i]]
                    }
                    exposure[i] = .element(drafted.count)
                    drafted.append(k)
                    draftedNodes.append(i)
                    continue
                }
                if let element = b.leafElement(i) {
                    exposure[i] = .element(drafted.count)
                    drafted.append(keptCount + made.count)
                    draftedNodes.append(i)
                    made.append(element)
                    touched.append(i)
                } else {
                    exposure[i] = .structural
                    if !Self.isStructural(was) { touched.append(i) }
                }
            }
        } }
        pool.append(contentsOf: consume made)
        var ends: [Int] = []
        let order: [Int]
        if let written {
            // The kept elements of the nodes outside the written ranges, whose frames are as they were, in their last
            // reading order; the others placed among them.
            let inOrder = Self.keptElementsInOrder(drafted: drafted, nodes: draftedNodes, keptCount: keptCount, outside: written)
            let frames = drafted.map { pool[$0].frame }
            order = AccessibilityOrder.permutation(frames: frames, documents: draftedNodes, kept: inOrder, direction: b.direction,
                                                   lineEnds: &ends)
            mergedOrderCount += 1
        } else {
            // Every element is one item of the screen's group, in document order: one sort, as the pass makes it.
            let items = drafted.indices.map { d in
                AccessibilityOrder.Item(kind: .element(d), frame: pool[drafted[d]].frame, priority: 0, document: draftedNodes[d])
            }
            order = AccessibilityOrder.permutation(items, direction: b.direction, lineEnds: &ends)
        }
        // Where each position's element is in `pool`: the elements in reading order, then the ones no node keeps.
        var source: [Int] = []
        source.reserveCapacity(pool.count)
        var used = [Bool](repeating: false, count: pool.count)
        for (position, d) in order.enumerated() {
            let k = drafted[d]
            source.append(k)
            used[k] = true
            exposure[draftedNodes[d]] = .element(position)
        }
        for k in pool.indices where !used[k] { source.append(k) }
        Self.permute(&pool, taking: source)
        pool.removeLast(pool.count - order.count)
        elements = pool
        priorities = [Double](repeating: 0, count: elements.count)
        lineEnds = ends
        kept = b
        return touched
    }

    /// The elements (indices into `drafted`, each `drafted[d]` an element's place in the old reading order when below
    /// `keptCount`, and `nodes[d]` its node, ascending) that were elements before and whose nodes lie outside the
    /// ranges `written` (ascending: their frames are as they were), in their old reading order.
    /// - Complexity: O(e + r) in elements and ranges.
    static func keptElementsInOrder(drafted: [Int], nodes: [Int], keptCount: Int, outside ranges: [Range<Int>]) -> [Int] {
        var atOld = [Int](repeating: -1, count: keptCount)
        var count = 0
        atOld.withUnsafeMutableBufferPointer { atOld in
            var r = 0
            for d in drafted.indices {
                let k = drafted[d]
                guard k >= 0 && k < keptCount else { continue }
                let i = nodes[d]
                while r < ranges.count && ranges[r].upperBound <= i { r += 1 }
                if r < ranges.count && ranges[r].lowerBound <= i { continue }
                atOld[k] = d
                count += 1
            }
        }
        return [Int](unsafeUninitializedCapacity: count) { kept, written in
            for d in atOld where d >= 0 && written < count { kept.initializeElement(at: written, to: d); written += 1 }
        }
    }

    private static func isHidden(_ exposure: AccessibilityExposure?) -> Bool {
        if case .hidden? = exposure { return true }
        return false
    }

    private static func isStructural(_ exposure: AccessibilityExposure?) -> Bool {
        if case .structural? = exposure { return true }
        return false
    }

    /// Whether `oldIndices[range]` are the indices `range` in some order.
    static func isPermutation(_ oldIndices: [Int32], of range: Range<Int>) -> Bool {
        var seen = [Bool](repeating: false, count: range.count)
        for i in range {
            let o = Int(oldIndices[i]) - range.lowerBound
            guard o >= 0, o < seen.count, !seen[o] else { return false }
            seen[o] = true
        }
        return true
    }

    /// The swaps (pairs of indices, made in order) that put `values[source[p]]` at each position `p` of an array
    /// `values` whose positions `source.indices` the values `source` permute (`isPermutation`), following each cycle
    /// of the permutation: found once for several arrays permuted alike. A position whose value stays is in no swap.
    /// - Complexity: O(source.count).
    static func swaps(in start: Int, taking source: ArraySlice<Int32>) -> [(Int, Int)] {
        let base = source.startIndex
        guard base == start else { return [] }
        var swaps: [(Int, Int)] = []
        var placed = [Bool](repeating: false, count: source.count)
        placed.withUnsafeMutableBufferPointer { placed in
            for first in 0..<source.count where !placed[first] {
                var j = first
                while Int(source[base + j]) - start != first {
                    let next = Int(source[base + j]) - start
                    swaps.append((start + j, start + next))
                    placed[j] = true
                    j = next
                }
                placed[j] = true
            }
        }
        return swaps
    }

    /// Makes `swaps` (`swaps(in:taking:)`) in `values`, in order.
    static func swap<T>(_ values: inout [T], _ swaps: [(Int, Int)]) {
        guard !swaps.isEmpty else { return }
        values.withUnsafeMutableBufferPointer { values in
            for (a, b) in swaps { values.swapAt(a, b) }
        }
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

extension AccessibilityTreeBuilder {
    /// `AccessibilityTree.splice`'s per-node facts, types, ids and exposure of the nodes `head..<newEnd` of `layout`
    /// (the nodes `head..<oldEnd` before it; the nodes before and after are where they were, shifted): a kept node's
    /// taken from its old place (not copied), a made node's read and named `id(i)`. False when a kept node between was
    /// not between or a made node has no content.
    mutating func spliceFacts(layout: LayoutResult, oldIndices: [Int32], head: Int, oldEnd: Int, newEnd: Int,
                              exposure: inout [AccessibilityExposure], id: (Int) -> String) -> Bool {
        var types: [ComponentType] = [], facts: [AccessibilityTreeBuilder.NodeFacts] = [], ids: [String] = []
        // Each node's exposure before the splice (a made node's is not read).
        var was: [AccessibilityExposure] = []
        types.reserveCapacity(newEnd - head); facts.reserveCapacity(newEnd - head); was.reserveCapacity(newEnd - head)
        ids.reserveCapacity(newEnd - head)
        for i in head..<newEnd {
            let o = Int(oldIndices[i])
            if o < 0 {
                guard let content = layout.content(at: i) else { return false }
                types.append(content.type)
                facts.append(AccessibilityTreeBuilder.readFacts(content, properties: &properties))
                was.append(.structural)
                ids.append(id(i))
            } else {
                // Every node between was between (the nodes before and after are kept where they were).
                guard o >= head, o < oldEnd else { return false }
                types.append(self.types[o])
                // Taken from the old place (dropped with the splice), not copied.
                var f = AccessibilityTreeBuilder.NodeFacts()
                swap(&f, &self.facts[o])
                facts.append(consume f)
                was.append(exposure[o])
                var name = ""
                swap(&name, &self.ids[o])
                ids.append(consume name)
            }
        }
        self.types.replaceSubrange(head..<oldEnd, with: types)
        self.facts.replaceSubrange(head..<oldEnd, with: facts)
        exposure.replaceSubrange(head..<oldEnd, with: was)
        self.ids.replaceSubrange(head..<oldEnd, with: ids)
        return true
    }

    /// Takes every node's parent, frame and visibility from `layout` (of as many nodes as the builder): read from an
    /// engine pass's links and frames in place.
    mutating func readGeometry(of layout: LayoutResult) {
        let n = layout.nodeCount, storage = layout.storage
        // (Written through buffers: an array written element by element checks that it is unique at each write.)
        guard storage.isEnginePass, storage.frames.count >= n else {
            parents = [Int](unsafeUninitializedCapacity: n) { parents, count in
                for i in 0..<n {
                    let p = layout.parentIndex(at: i)
                    parents.initializeElement(at: i, to: p >= 0 && p < i ? p : -1)
                }
                count = n
            }
            frames = [Rect](unsafeUninitializedCapacity: n) { frames, count in
                for i in 0..<n { frames.initializeElement(at: i, to: layout.frame(at: i)) }
                count = n
            }
            hiddenByLayout = [Bool](unsafeUninitializedCapacity: n) { hidden, count in
                for i in 0..<n { hidden.initializeElement(at: i, to: layout.isHidden(at: i)) }
                count = n
            }
            return
        }
        // (The links read through a local copy: the storage's, read per node, would be retained and released.)
        let links = storage.links
        parents = Self.parents(from: links, count: n)
        frames = storage.frames.withUnsafeBufferPointer { all in
            // One block copy (an array made from a buffer copies element by element).
            [Rect](unsafeUninitializedCapacity: n) { frames, count in
                if let from = all.baseAddress, let to = frames.baseAddress { to.initialize(from: from, count: n) }
                count = n
            }
        }
        hiddenByLayout = [Bool](unsafeUninitializedCapacity: n) { hidden, count in
            for i in 0..<n { hidden.initializeElement(at: i, to: links[i].isHidden) }
            count = n
        }
    }

    /// Each of the first `n` nodes' parent index from the output links (-1 for the root, and for a link that does not
    /// point to an earlier node).
    static func parents(from links: OutputLinks, count n: Int) -> [Int] {
        [Int](unsafeUninitializedCapacity: n) { parents, count in
            for i in 0..<n {
                let p = Int(links[i].parent)
                parents.initializeElement(at: i, to: p >= 0 && p < i ? p : -1)
            }
            count = n
        }
    }

    /// `readGeometry(of:)` for a builder whose per-node arrays a splice brought to `layout` (`AccessibilityTree.splice`:
    /// the nodes before `head` where they were, those from `oldEnd` on shifted to `newEnd`, `oldIndices` the node each
    /// node of `layout` was) when every node outside the index ranges `written` is drawn as the node it was
    /// (`LayoutResult.writtenRanges(since:)`): the frame and visibility of such a node are the old node's, kept where
    /// the splice left them; only the nodes in the ranges, and those between `head` and `newEnd` that are not at their
    /// old place, are read. Every node's parent is read (its index moves with the splice).
    /// - Complexity: O(n) in nodes for the parents, plus the nodes read and the shifted tail moved once.
    mutating func readGeometry(of layout: LayoutResult, keepingOutside written: [Range<Int>], oldIndices: [Int32], head: Int,
                               oldEnd: Int, newEnd: Int) {
        let n = layout.nodeCount, storage = layout.storage
        let oldCount = frames.count
        guard storage.isEnginePass, storage.frames.count >= n, storage.links.count >= n, oldIndices.count == n,
              hiddenByLayout.count == oldCount, 0 <= head, head <= oldEnd, oldEnd <= oldCount, head <= newEnd, newEnd <= n,
              oldCount - oldEnd == n - newEnd else {
            readGeometry(of: layout)
            return
        }
        if newEnd != oldEnd {
            // The places of the nodes between (read below); the tail moves once.
            let zero = Rect(x: 0, y: 0, width: 0, height: 0)
            frames.replaceSubrange(head..<oldEnd, with: repeatElement(zero, count: newEnd - head))
            hiddenByLayout.replaceSubrange(head..<oldEnd, with: repeatElement(false, count: newEnd - head))
        }
        // (The links read through a local copy: the storage's, read per node, would be retained and released.)
        let links = storage.links
        parents = Self.parents(from: links, count: n)
        storage.frames.withUnsafeBufferPointer { all in
        frames.withUnsafeMutableBufferPointer { frames in
        hiddenByLayout.withUnsafeMutableBufferPointer { hidden in
            for range in written {
                for i in max(0, range.lowerBound)..<max(0, min(n, range.upperBound)) {
                    frames[i] = all[i]
                    hidden[i] = links[i].isHidden
                }
            }
            // The nodes between: at their old node's place only when none was inserted or removed and they did not move.
            for i in head..<newEnd where newEnd != oldEnd || Int(oldIndices[i]) != i {
                frames[i] = all[i]
                hidden[i] = links[i].isHidden
            }
        }
        }
        }
    }

    /// Whether node `i`'s `accessibility` properties (if any) give it no role beyond its own leaf element: no
    /// `children`, no `sortPriority`, and a label, hint, value or traits only on a leaf (on a container they combine
    /// its subtree).
    func hasOwnLeafRole(_ i: Int) -> Bool {
        let k = Int(facts[i].accessibilityIndex)
        guard k >= 0 else { return true }
        return properties[k].children == nil && properties[k].sortPriority == nil
            && (!properties[k].describesItself || Self.isLeafType(types[i]))
    }

    /// Whether node `i` is a text whose string the payload does not give (it reads its laid-out lines).
    func isTextWithoutString(_ i: Int) -> Bool {
        guard case .text = types[i] else { return false }
        return facts[i].text == nil
    }

    /// Drops the `accessibility` properties no node names any more (the nodes a splice removed or read again left
    /// theirs), once they outnumber the ones named.
    mutating func compactProperties() {
        guard properties.count > 16 else { return }
        var named = 0
        for f in facts where f.accessibilityIndex >= 0 { named += 1 }
        guard properties.count > 2 * named else { return }
        var kept: [AccessibilityContent] = []
        kept.reserveCapacity(named)
        for i in facts.indices where facts[i].accessibilityIndex >= 0 {
            kept.append(properties[Int(facts[i].accessibilityIndex)])
            facts[i].accessibilityIndex = Int32(truncatingIfNeeded: kept.count - 1)
        }
        properties = kept
    }
}
