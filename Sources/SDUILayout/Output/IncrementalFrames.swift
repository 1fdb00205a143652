import SDUIEnvironment

/// What an incremental pass (`LayoutEngine.layout(applying:in:traits:)`) laid out again, so the output step writes
/// only the frames that can have changed instead of every node's (`writeFramesIncrementally`).
///
/// Why that is enough: frames are absolute, so a node's frame changes only if its own geometry or its parent's
/// content origin changed. The pass lays out again only the nodes on the `path`; every other node is a child of a
/// path node, or inside such a child's subtree. A child whose placement record is the
/// same after the pass as before (same proposal, same version, of this pass or not reusable) holds the same subtree
/// geometry — it was reused, replayed, or laid out again to the same result (layout is a pure function of the tree
/// and the proposal) — so when its own origin is unchanged too, nothing inside it moved. The nodes placed again are
/// the invalidated nodes, the containers whose children a splice changed, and their ancestors as far as the pass
/// placed them; a node's decorations' views (flat nodes of their own, not linked as its children) are written with it.
struct IncrementalOutput {
    /// The invalidated nodes, ascending: their whole subtrees are written again.
    var changed: [Int32] = []
    /// The nodes placed again (the invalidated nodes, the containers whose children a splice changed and their
    /// ancestors as far as the pass placed them), ascending (pre-order: parents first).
    var path: [Int32] = []
    /// The children of path nodes that are not inside a changed node's subtree, with their placement records before
    /// the pass (those on the path too: the writer passes over them).
    var children: [(node: Int32, record: PlacementRecord)] = []
    /// The containers whose children a splice changed: each child's frame is recorded as written (its index among
    /// its siblings may have changed where its frame did not).
    var containers: [Int32] = []

    /// An empty plan (writes nothing).
    init() {}

    /// The plan for a pass from the root that invalidated `nodes` and the containers `containers` (whose children a
    /// splice changed: they are placed again, their children compared like any path node's, not written whole)
    /// (`flat`: the tree's nodes, `records`: the placements of the pass about to run, read before it).
    /// - Complexity: O(changed × depth + the children of the path nodes); the path is short, so membership is a
    ///   linear search, not a hash.
    init(changed nodes: [Int32], containers: [Int32] = [], flat: UncheckedBuffer<FlatNode>, records: UncheckedBuffer<PlacementRecord>) {
        var changed = nodes.sorted()
        changed.removeDuplicateNeighbours()
        self.changed = changed
        self.containers = containers
        for node in changed + containers {
            var i = node
            while i >= 0 && !path.contains(i) { path.append(i); i = flat[Int(i)].parent }
        }
        path.sort()
        for p in path where !changed.contains(p) { addChildren(of: p, flat: flat, records: records) }
        dropCoveredChildren(flat: flat)
    }

    /// Starts the plan of an upward relayout (`LayoutState.relayoutUpward`) from the invalidated nodes `nodes` and
    /// the containers `containers` (as in `init(changed:containers:flat:records:)`), read before it places anything:
    /// the ancestors it places are added as it places them (`willPlace`), and `finish` ends the plan. The buffers of
    /// the last plan are reused.
    mutating func startUpward(from nodes: some Sequence<Int32>, containers: [Int32], flat: UncheckedBuffer<FlatNode>,
                              records: UncheckedBuffer<PlacementRecord>) {
        changed.removeAll(keepingCapacity: true)
        path.removeAll(keepingCapacity: true)
        children.removeAll(keepingCapacity: true)
        self.containers = containers
        changed.append(contentsOf: nodes)
        if changed.count > 1 {
            changed.sort()
            changed.removeDuplicateNeighbours()
        }
        path.append(contentsOf: changed)
        for c in containers where !path.contains(c) {
            path.append(c)
            addChildren(of: c, flat: flat, records: records)
        }
    }

    /// Node `node` is about to be placed again by an upward relayout: on the path, its children's records read now.
    mutating func willPlace(_ node: Int32, flat: UncheckedBuffer<FlatNode>, records: UncheckedBuffer<PlacementRecord>) {
        guard !path.contains(node) else { return }
        path.append(node)
        addChildren(of: node, flat: flat, records: records)
    }

    /// Ends an upward relayout's plan: the path in order, the children inside a changed subtree dropped.
    mutating func finish(flat: UncheckedBuffer<FlatNode>) {
        if path.count > 1 { path.sort() }
        if !changed.isEmpty { dropCoveredChildren(flat: flat) }
    }

    /// Appends `p`'s children (linked: a node's decorations' views are written with it, `writeFramesIncrementally`)
    /// with their records.
    private mutating func addChildren(of p: Int32, flat: UncheckedBuffer<FlatNode>, records: UncheckedBuffer<PlacementRecord>) {
        var child = flat[Int(p)].firstChild
        while child >= 0 {
            children.append((child, records[Int(child)]))
            child = flat[Int(child)].nextSibling
        }
    }

    /// Drops the children whose parent is inside a changed node's subtree (written whole). (Children on the path
    /// are passed over by the writer.)
    private mutating func dropCoveredChildren(flat: UncheckedBuffer<FlatNode>) {
        let changed = self.changed
        /// Whether `p` is a changed node or inside one's subtree.
        func inside(_ p: Int32) -> Bool {
            var a = p
            while a >= 0 {
                if changed.contains(a) { return true }
                a = flat[Int(a)].parent
            }
            return false
        }
        var lastParent: Int32 = -1, lastInside = false
        children.removeAll { child in
            let p = flat[Int(child.node)].parent
            if p != lastParent { lastParent = p; lastInside = inside(p) }
            return lastInside
        }
    }
}

extension Array where Element: Equatable {
    /// Drops each element equal to the one before it (sorted: every duplicate).
    package mutating func removeDuplicateNeighbours() {
        var kept = 0
        for i in indices where kept == 0 || self[kept - 1] != self[i] {
            self[kept] = self[i]
            kept += 1
        }
        removeLast(count - kept)
    }
}

/// Writes the frames and content origins of the nodes `plan` says can have changed over the last result's (which
/// `last` holds, for this tree, in array order, unrounded and not mirrored: the caller checks).
/// Returns false — nothing is known to be consistent, write every frame — when some geometry is not finite (the
/// full pass reports it). `written`: the index ranges it wrote, ascending (adjacent ones as one).
/// - Complexity: O(path + the children of path nodes + the subtrees written again).
func writeFramesIncrementally(_ s: inout LayoutState, _ last: inout LastResult, _ plan: IncrementalOutput,
                              written: inout [Range<Int>]) -> Bool {
    let count = s.tree.nodes.count
    let nodes = s.tree.nodes.unchecked
    let geometry = s.geometry.unchecked
    let records = s.placementRecords.unchecked
    let epoch = s.placementEpoch
    return last.origins.withUnsafeMutableBufferPointer { origins in
    last.frames.withUnsafeMutableBufferPointer { frames -> Bool in
        /// Node `i`'s frame and content origin from its geometry and its parent's origin (as the full writer
        /// computes them); false when not finite.
        @inline(__always) func write(_ i: Int) -> Bool {
            let parent = Int(nodes[i].parent)
            let hidden = nodes[i].isHidden
            let g = geometry[i]
            var x = g.x, y = g.y, width = g.width, height = g.height
            if parent >= 0 {
                if hidden { x = 0; y = 0; width = 0; height = 0 }
                x += origins[parent].x; y += origins[parent].y
            }
            guard x.isFinite && y.isFinite && width.isFinite && height.isFinite else { return false }
            width = max(0, width); height = max(0, height)
            origins[i] = Point(x: x + (hidden ? 0 : g.contentX), y: y + (hidden ? 0 : g.contentY))
            frames[i] = Rect(x: x, y: y, width: width, height: height)
            return true
        }
        /// The index after node `i`'s subtree (array order is pre-order).
        @inline(__always) func subtreeEnd(_ i: Int) -> Int {
            var n = Int32(i)
            while n >= 0 {
                let next = nodes[Int(n)].nextSibling
                if next >= 0 { return Int(next) }
                n = nodes[Int(n)].parent
            }
            return count
        }
        /// Records that the frames of `range` were written (one range with the last when they are adjacent).
        @inline(__always) func note(_ range: Range<Int>) {
            if let previous = written.last, previous.upperBound == range.lowerBound {
                written[written.count - 1] = previous.lowerBound..<range.upperBound
            } else {
                written.append(range)
            }
        }
        /// Writes nodes `range` (each one's parent before it, or outside the range and written).
        @inline(__always) func write(_ range: Range<Int>) -> Bool {
            guard !range.isEmpty else { return true }
            note(range)
            // As the full writer's common case: a visible node whose frame is finite and not negative is its
            // position plus its parent's content origin (what `write` computes for it); anything else takes `write`.
            for k in range {
                let n = nodes[k]
                let o = origins[Int(n.parent)]
                let g = geometry[k]
                let xy = SIMD2(g.x, g.y) + SIMD2(o.x, o.y)
                let size = SIMD2(g.width, g.height)
                // v - v is 0 for a finite v, NaN for infinity and NaN: one comparison for the four values.
                let ok = ((xy - xy) + (size - size) .== SIMD2.zero) .& (size .>= SIMD2.zero)
                if !n.isHidden && all(ok) {
                    let origin = xy + SIMD2(g.contentX, g.contentY)
                    origins[k] = Point(x: origin.x, y: origin.y)
                    frames[k] = Rect(x: xy.x, y: xy.y, width: size.x, height: size.y)
                } else {
                    guard write(k) else { return false }
                }
            }
            return true
        }
        /// Writes the descendants of node `i`.
        @inline(__always) func writeDescendants(_ i: Int) -> Bool { write(i + 1..<subtreeEnd(i)) }
        /// Writes the views of node `p`'s backgrounds and overlays (flat nodes of their own, not linked as its
        /// children) with their subtrees.
        func writeDecorations(of p: Int32) -> Bool {
            let entry = s.tree.layered(p)
            for k in Int(entry.firstLayer) + 1..<Int(entry.firstLayer + entry.layerCount) {
                let d = Int(s.tree.layers[k].contentNode)
                guard d >= 0 else { continue }
                guard write(d) else { return false }
                // Its subtree: the nodes after it whose parent is in it (it has no next sibling to step to).
                var end = d + 1
                while end < count && Int(nodes[end].parent) >= d {
                    let next = Int(nodes[end].nextSibling)
                    end = next > end ? next : end + 1
                }
                note(d..<d + 1)
                guard write(d + 1..<end) else { return false }
            }
            return true
        }
        for p in plan.path {
            guard write(Int(p)) else { return false }
            note(Int(p)..<Int(p) + 1)
            if nodes[Int(p)].hasLayers && !writeDecorations(of: p) { return false }
        }
        for c in plan.changed where !writeDescendants(Int(c)) { return false }
        for (child, before) in plan.children where !plan.path.contains(child) {
            let i = Int(child)
            let oldOrigin = origins[i], oldFrame = frames[i]
            guard write(i) else { return false }
            let after = records[i]
            // Of this pass, or made not reusable by a diagnostic in its subtree (epoch 0: such a node is placed again,
            // or its placement replayed, whenever its parent is placed — at the same proposal and version, the same).
            let same = before.epoch == after.epoch && (after.epoch == epoch || after.epoch == 0) && after.version == before.version
                && after.proposedWidth.bitPattern == before.proposedWidth.bitPattern
                && after.proposedHeight.bitPattern == before.proposedHeight.bitPattern
            let moved = origins[i].x.bitPattern != oldOrigin.x.bitPattern || origins[i].y.bitPattern != oldOrigin.y.bitPattern
            if same && !moved {
                // Its frame is recorded as written only when it differs (its position in its parent may), or when
                // a splice may have changed its index among its siblings.
                let f = frames[i]
                if f.x.bitPattern != oldFrame.x.bitPattern || f.y.bitPattern != oldFrame.y.bitPattern
                    || f.width.bitPattern != oldFrame.width.bitPattern || f.height.bitPattern != oldFrame.height.bitPattern
                    || !plan.containers.isEmpty && plan.containers.contains(nodes[i].parent) {
                    note(i..<i + 1)
                }
                continue
            }
            note(i..<i + 1)
            guard writeDescendants(i) else { return false }
        }
        written.sortAndMerge()
        return true
    }
    }
}

extension Array where Element == Range<Int> {
    /// Ascending, with overlapping and adjacent ranges joined.
    mutating func sortAndMerge() {
        guard count > 1 else { return }
        var ascending = true
        for k in 1..<count where self[k].lowerBound < self[k - 1].upperBound { ascending = false; break }
        if ascending { return }
        // Insertion sort: a few ranges, nearly in order (path nodes first, then the children written).
        for k in 1..<count {
            let range = self[k]
            var j = k
            while j > 0 && self[j - 1].lowerBound > range.lowerBound { self[j] = self[j - 1]; j -= 1 }
            self[j] = range
        }
        var kept = 0
        for k in 1..<count {
            if self[k].lowerBound <= self[kept].upperBound {
                self[kept] = self[kept].lowerBound..<Swift.max(self[kept].upperBound, self[k].upperBound)
            } else {
                kept += 1
                self[kept] = self[k]
            }
        }
        removeLast(count - kept - 1)
    }
}
