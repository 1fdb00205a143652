import SDUIEnvironment

/// What an incremental pass (`LayoutEngine.layout(applying:in:traits:)`) laid out again, so the output step writes
/// only the frames that can have changed instead of every node's (`writeFramesIncrementally`).
///
/// Why that is enough: frames are absolute, so a node's frame changes only if its own geometry or its parent's
/// content origin changed. The pass lays out again only the invalidated nodes and their ancestors (`path`); every
/// other node is a child of a path node, or inside such a child's subtree. A child whose placement record is the
/// same after the pass as before (same proposal, same version, reusable) holds the same subtree geometry — it was
/// reused, or laid out again to the same result (layout is a pure function of the tree and the proposal) — so when
/// its own origin is unchanged too, nothing inside it moved.
struct IncrementalOutput {
    /// The invalidated nodes, ascending: their whole subtrees are written again.
    var changed: [Int32]
    /// The invalidated nodes and their ancestors, ascending (pre-order: parents first).
    var path: [Int32]
    /// The children of path nodes that are neither on the path nor inside a changed node's subtree, with their
    /// placement records before the pass.
    var children: [(node: Int32, record: PlacementRecord)]

    /// The plan for invalidating `nodes` (`flat`: the tree's nodes, `records`: the placements of the pass about to run, read before it).
    /// - Complexity: O(changed × depth + the children of the path nodes); the path is short, so membership is a
    ///   linear search, not a hash.
    init(changed nodes: [Int32], flat: UncheckedBuffer<FlatNode>, records: UncheckedBuffer<PlacementRecord>) {
        var changed = nodes.sorted()
        changed.removeDuplicateNeighbours()
        self.changed = changed
        var path: [Int32] = []
        for node in changed {
            var i = node
            while i >= 0 && !path.contains(i) { path.append(i); i = flat[Int(i)].parent }
        }
        path.sort()
        self.path = path
        children = []
        for p in path {
            // Below a changed node: its subtree is written whole.
            var inside = false
            var a = p
            while a >= 0 && !inside { inside = changed.contains(a); a = flat[Int(a)].parent }
            if inside { continue }
            var child = flat[Int(p)].firstChild
            while child >= 0 {
                if !path.contains(child) { children.append((child, records[Int(child)])) }
                child = flat[Int(child)].nextSibling
            }
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

extension IncrementalOutput {
    /// Whether the plan writes the views of backgrounds and overlays whose frames can have changed (flat nodes of
    /// their decorated node, not linked as its children): a plan of whole subtrees writes index ranges, which hold
    /// them; a plan with a path reaches only children (a tree with layered nodes then writes every frame).
    var reachesDecorationViews: Bool { path.isEmpty }

    /// The plan after an upward relayout that stopped at `roots` (`relayoutUpward`): each root kept its frame, so
    /// only what is inside it is written again.
    init(subtreesOf roots: [Int32]) {
        changed = roots
        if changed.count > 1 {
            changed.sort()
            changed.removeDuplicateNeighbours()
        }
        path = []
        children = []
    }
}

/// Writes the frames and content origins of the nodes `plan` says can have changed over the last result's (which
/// `last` holds, for this tree, in array order, unrounded and not mirrored: the caller checks).
/// Returns false — nothing is known to be consistent, write every frame — when some geometry is not finite (the
/// full pass reports it). `written`: the index ranges it wrote, in the order written (adjacent ones as one).
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
        /// Writes the descendants of node `i`.
        @inline(__always) func writeDescendants(_ i: Int) -> Bool {
            var k = i + 1
            let end = subtreeEnd(i)
            if k < end { note(k..<end) }
            while k < end {
                guard write(k) else { return false }
                k += 1
            }
            return true
        }
        for p in plan.path {
            guard write(Int(p)) else { return false }
            note(Int(p)..<Int(p) + 1)
        }
        for c in plan.changed where !writeDescendants(Int(c)) { return false }
        for (child, before) in plan.children {
            let i = Int(child)
            let oldOrigin = origins[i]
            guard write(i) else { return false }
            note(i..<i + 1)
            let after = records[i]
            let same = before.epoch == epoch && after.epoch == epoch && after.version == before.version
                && after.proposedWidth.bitPattern == before.proposedWidth.bitPattern
                && after.proposedHeight.bitPattern == before.proposedHeight.bitPattern
            let moved = origins[i].x.bitPattern != oldOrigin.x.bitPattern || origins[i].y.bitPattern != oldOrigin.y.bitPattern
            if (!same || moved) && !writeDescendants(i) { return false }
        }
        return true
    }
    }
}
