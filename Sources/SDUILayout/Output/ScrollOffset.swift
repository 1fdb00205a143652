import SDUIEnvironment
import SDUISchema

/// A layout of the root scroll at a content offset (`LayoutEngine.layout(_:in:traits:scrollOffset:)`, `sdui layout
/// --scroll-offset`), on the written frames (window points, as the screen shows them):
///
/// 1. The offset is clamped to 0 … (content length − the scroll's length), the content's length being the extent
///    of the scroll's children along its axis.
/// 2. Every node but the scroll moves back by the offset along the axis (its layer boxes too).
/// 3. Pinned views (the root scroll's `pinnedViews`): a section's header whose top has gone above the viewport's
///    top stays at the top, but no lower than its section's end minus its height (the next section pushes it
///    out), as `LazyVStack(pinnedViews: .sectionHeaders)` does; a footer whose bottom is below the viewport's
///    bottom stays at the bottom, no higher than its section's start. Their subtrees move with them. Sections
///    inside a nested scroll are not pinned.
///
/// Compute is untouched (placements and measurements do not depend on the offset): only the output moves.
/// - Complexity: O(n).
/// `frames`: the written frames, moved in place.
func applyScrollOffset(_ requested: Double, _ s: inout LayoutState, frames: inout ContiguousArray<Rect>, layers: inout LayerOutput?) {
    let count = frames.count
    guard count > 1, count == s.tree.nodes.count, s.tree.nodes[0].kind == .scroll, requested.isFinite else { return }
    let horizontal = s.tree.nodes[0].isHorizontal
    @inline(__always) func start(_ r: Rect) -> Double { horizontal ? r.minX : r.minY }
    @inline(__always) func end(_ r: Rect) -> Double { horizontal ? r.maxX : r.maxY }
    @inline(__always) func length(_ r: Rect) -> Double { horizontal ? r.width : r.height }
    // Step 1.
    let viewport = frames[0]
    var contentEnd = start(viewport)
    for i in 1..<count where s.tree.nodes[i].parent == 0 && s.tree.nodes[i].childIndex >= 0 && !s.tree.nodes[i].isHidden {
        contentEnd = maxOf(contentEnd, end(frames[i]))
    }
    let offset = minOf(maxOf(0, requested), maxOf(0, contentEnd - end(viewport)))
    // Layer boxes by output node (layered nodes in node order).
    let entries: ContiguousArray<LayeredNode> = layers?.layered ?? []
    var layerFrames = layers?.frames ?? []
    func move(_ i: Int, by delta: Double) {
        if horizontal { frames[i].origin.x += delta } else { frames[i].origin.y += delta }
        guard s.tree.nodes[i].hasLayers else { return }
        var low = 0, high = entries.count
        while low < high { let m = (low + high) >> 1; if entries[m].node < Int32(i) { low = m + 1 } else { high = m } }
        guard low < entries.count, entries[low].node == Int32(i) else { return }
        for k in Int(entries[low].firstLayer)..<Int(entries[low].firstLayer + entries[low].layerCount) {
            if horizontal { layerFrames[k].origin.x += delta } else { layerFrames[k].origin.y += delta }
        }
    }
    /// `i` and its subtree (pre-order: the nodes after it whose parent is at or after it).
    func moveSubtree(_ i: Int, by delta: Double) {
        var j = i
        repeat { move(j, by: delta); j += 1 } while j < count && Int(s.tree.nodes[j].parent) >= i
    }
    // Step 2.
    if offset != 0 { for i in 1..<count { move(i, by: -offset) } }
    // Step 3.
    let pinned = PinnedScrollableViews(rawValue: s.tree.rootPinnedViews)
    if !pinned.isEmpty {
        for i in 1..<count {
            let childIndex = s.tree.nodes[i].childIndex
            guard childIndex == sectionHeaderChildIndex || childIndex == sectionFooterChildIndex, !s.tree.nodes[i].isHidden else { continue }
            // Only sections of the root scroll itself (no nested scroll between them).
            var a = Int(s.tree.nodes[i].parent)
            var nested = false
            while a > 0 { if s.tree.nodes[a].kind == .scroll { nested = true; break }; a = Int(s.tree.nodes[a].parent) }
            if nested { continue }
            let section = frames[Int(s.tree.nodes[i].parent)]
            let frame = frames[i]
            var delta = 0.0
            if childIndex == sectionHeaderChildIndex && pinned.contains(.sectionHeaders) {
                let top = minOf(maxOf(start(frame), start(viewport)), end(section) - length(frame))
                delta = maxOf(0, top - start(frame))
            } else if childIndex == sectionFooterChildIndex && pinned.contains(.sectionFooters) {
                let top = maxOf(minOf(start(frame), end(viewport) - length(frame)), start(section))
                delta = minOf(0, top - start(frame))
            }
            if delta != 0 { moveSubtree(i, by: delta) }
        }
    }
    if layers != nil { layers?.frames = layerFrames }
}
