import SDUIEnvironment
import SDUISchema

/// Output step: relative geometry → absolute window frames in document order, plus diagnostics.
///
/// 1. Order: the arrays are in document pre-order unless a virtualised grid realised rows (appended at the
///    end, linked in document order); then the caller walks the tree for the order (`walk`: `OutputOrder`).
/// 2. Frames: each node's origin is its parent's content origin plus its position; NaN or infinity never
///    escape (they become 0) and sizes are never negative.
/// 3. Right to left: the compute step lays out in leading-to-trailing coordinates (leading = left), so a
///    right-to-left layout is its mirror image in the window: every frame's x becomes `W − x − width` (W: the
///    window's width). Nothing else in the layout depends on the direction (the safe area's leading and
///    trailing insets are swapped before compute: see `LayoutEngine`), so this final pass is the whole of
///    SwiftUI's mirroring — leading alignments and padding edges on the right, stacks from the right, a
///    horizontal scroll's content starting at its right edge.
/// 4. Pixel rounding, when asked for, is a separate step (as in Yoga): each edge is rounded to the display's
///    pixel grid, so adjacent frames stay adjacent. It comes before mirroring, so the rounded right-to-left
///    layout is exactly the mirror of the rounded left-to-right one (a window's width is on the grid).
/// 5. Nodes: the result keeps the frames and the tree's `OutputLink`s (shared, not copied) and names its
///    nodes from the payload when they are first read, so a pass creates no strings.
///
/// After an incremental pass (`incremental`), step 2 writes only the frames that can have changed when the last
/// result's frames are there to build on (`writeFramesIncrementally`).
///
/// `walk`: the output order when the tree's virtualised grids realised rows (nil: array order). `scrollOffset`: the
/// root scroll's content offset the frames are shown at (`applyScrollOffset`; 0: at the top).
///
/// `last`: what the output step kept of the last result (its frames, built on or written over, and its token); left
/// describing this one. `lastResultIsAlive`: whether a result other than this one holds the last result's frames
/// (`LastResult.isAlive()`, asked before anything in this pass held the last result's token): they are then copied,
/// not written in place.
func makeLayoutResult(state s: inout LayoutState, last: inout LastResult, walk: OutputOrder? = nil, environment: WindowEnvironment,
                      traits: TraitCollection, roundsToPixels: Bool, scrollOffset: Double = 0,
                      incremental: IncrementalOutput? = nil, lastResultIsAlive: Bool) -> LayoutResult {
    let count = s.tree.nodes.count
    guard count > 0 else {
        return LayoutResult(screenID: s.tree.screenID, environment: environment, traits: traits, nodes: [], diagnostics: [])
    }
    // Step 1 (made by the caller: `OutputOrder`).
    let inArrayOrder = walk == nil
    assert(inArrayOrder == s.tree.lazyGrids.isEmpty, "an output order is walked exactly when rows were realised")
    // Nodes realised only to be measured (a virtualised grid's first row) are not linked: not output.
    let outputCount = walk?.nodes.count ?? count
    // Step 2 (content origins per node index; frames in output order).
    if last.origins.count < count { last.origins = ContiguousArray(repeating: Point(x: 0, y: 0), count: count) }
    // The previous result's frames are overwritten in place when it is gone, else copied once — in one block move
    // (the copy-on-write of the first write below would copy them element by element).
    if last.frames.count != outputCount {
        last.frames.removeAll(keepingCapacity: true)
        last.frames.append(contentsOf: repeatElement(Rect.zero, count: outputCount))
    } else if lastResultIsAlive {
        last.frames = last.frames.withUnsafeBufferPointer { old in
            ContiguousArray(unsafeUninitializedCapacity: old.count) { buffer, initialized in
                if let from = old.baseAddress, let to = buffer.baseAddress { to.initialize(from: from, count: old.count) }
                initialized = old.count
            }
        }
    }
    let scale = traits.displayScale > 0 ? traits.displayScale : 1
    let mirrors = traits.layoutDirection == .rightToLeft
    // Frames are rounded as they are written, mirrored ones too (step 3 mirrors the rounded frames, then rounds
    // once more only for a window whose width is off the pixel grid): rounding an edge that falls on half a pixel
    // goes one way, so rounding after mirroring would make the mirror of a rounded left-to-right layout differ
    // from the rounded right-to-left one by a pixel.
    let roundsWhileWriting = roundsToPixels
    // Whether some node's computed geometry was not finite (never unless an arithmetic limit was missed: see
    // `LayoutLimits`); such nodes are found and reported after the frames are written.
    let canBuildOnLast = last.framesAreExact && inArrayOrder && !roundsToPixels && !mirrors && last.frames.count == count
        && last.origins.count >= count && scrollOffset == 0
    // The last pass's list, emptied where it lies when its result is gone.
    var written = last.writtenRanges.take() ?? []
    written.removeAll(keepingCapacity: true)
    let wroteIncrementally = canBuildOnLast
        && incremental.map { writeFramesIncrementally(&s, &last, $0, written: &written) } == true
    last.writtenRanges = wroteIncrementally ? written : nil
    let sawNonFinite = wroteIncrementally ? false : s.tree.nodes.withUnsafeBufferPointer { nodes in
    s.geometry.withUnsafeBufferPointer { geometry in
    last.origins.withUnsafeMutableBufferPointer { origins in
    last.frames.withUnsafeMutableBufferPointer { frames -> Bool in
        var sawNonFinite = false
        /// Writes node `i`'s frame at `out`; whether its geometry was not finite.
        @inline(__always) func write(_ i: Int, _ out: Int) -> Bool {
            let parent = Int(nodes[i].parent)
            let hidden = nodes[i].isHidden
            let g = geometry[i]
            var x = g.x, y = g.y, width = g.width, height = g.height
            if parent >= 0 {
                if hidden { x = 0; y = 0; width = 0; height = 0 }
                x += origins[parent].x; y += origins[parent].y
            }
            let nonFinite = !(x.isFinite && y.isFinite && width.isFinite && height.isFinite) && !hidden
            x = x.isFinite ? x : 0; y = y.isFinite ? y : 0
            width = width.isFinite ? max(0, width) : 0
            height = height.isFinite ? max(0, height) : 0
            origins[i] = Point(x: x + (hidden ? 0 : g.contentX), y: y + (hidden ? 0 : g.contentY))
            // Step 4.
            frames[out] = roundsWhileWriting ? roundToPixels(Rect(x: x, y: y, width: width, height: height), scale: scale)
                                         : Rect(x: x, y: y, width: width, height: height)
            return nonFinite
        }
        if inArrayOrder && !roundsWhileWriting {
            // The common case without branches per check: a visible node whose frame is finite and not negative
            // is its position plus its parent's content origin (what `write` computes for it); anything else,
            // and the root, take `write`.
            if write(0, 0) { sawNonFinite = true }
            // The buffers hold `count` elements (geometry and frames exactly, origins at least), count > 0.
            let nodeBase = nodes.baseAddress!, geometryBase = geometry.baseAddress!
            let originBase = origins.baseAddress!, frameBase = frames.baseAddress!
            var i = 1
            while i < count {
                let parent = Int(nodeBase[i].parent)
                assert(parent >= 0, "in array order only node 0 (the root) has no parent")
                let o = originBase[parent]
                let g = geometryBase[i]
                let xy = SIMD2(g.x, g.y) + SIMD2(o.x, o.y)
                let size = SIMD2(g.width, g.height)
                // v - v is 0 for a finite v, NaN for infinity and NaN: one comparison for the four values.
                let ok = ((xy - xy) + (size - size) .== SIMD2.zero) .& (size .>= SIMD2.zero)
                if !nodeBase[i].isHidden && all(ok) {
                    let origin = xy + SIMD2(g.contentX, g.contentY)
                    originBase[i] = Point(x: origin.x, y: origin.y)
                    frameBase[i] = Rect(x: xy.x, y: xy.y, width: size.x, height: size.y)
                } else {
                    if write(i, i) { sawNonFinite = true }
                }
                i += 1
            }
        } else if inArrayOrder {
            for i in 0..<count where write(i, i) { sawNonFinite = true }
        } else {
            for (out, node) in walk.unsafelyUnwrapped.nodes.enumerated() where write(Int(node), out) { sawNonFinite = true }
        }
        return sawNonFinite
    }
    }
    }
    }
    if sawNonFinite { reportNonFiniteGeometry(&s) }
    // Frames written below (a scroll offset, mirroring) change what `frames` holds: an incremental pass builds only
    // on plain ones. Layered nodes' frames (their outermost layer boxes, below) are written again by every pass.
    last.framesAreExact = inArrayOrder && !roundsToPixels && !mirrors && !sawNonFinite && scrollOffset == 0
    // Step 5.
    let links: OutputLinks
    if inArrayOrder {
        links = s.tree.outputLinks()
    } else {
        // Realised rows: links in traversal order, parents renumbered to output positions.
        let walk = walk.unsafelyUnwrapped
        var ordered = ContiguousArray<OutputLink>()
        ordered.reserveCapacity(outputCount)
        for node in walk.nodes {
            let i = Int(node)
            var link = OutputLink(s.tree.nodes[i], node: Int32(truncatingIfNeeded: i), source: s.tree.sources[i], padding: s.tree.paddings[i])
            let parent = Int(s.tree.nodes[i].parent)
            link.parent = parent >= 0 ? walk.positions[parent] : -1
            ordered.append(link)
        }
        links = OutputLinks(ordered)
    }
    // Layered nodes: their layers' boxes in the window, and their frames the outermost box (offsets included).
    var layerOutput: LayerOutput? = nil
    if !s.tree.layeredNodes.isEmpty {
        layerOutput = writeLayerFrames(&s, &last, positions: walk?.positions, roundsToPixels: roundsToPixels, scale: scale)
    }
    last.layerFramesAreExact = last.framesAreExact && layerOutput != nil
    // A layout at a scroll offset: the content moved and sections' pinned views kept in the viewport.
    if scrollOffset != 0 {
        if inArrayOrder { applyScrollOffset(scrollOffset, &s, frames: &last.frames, layers: &layerOutput) }
    }
    // Mirrored last: layered nodes' frames are their outermost layer boxes, written just above.
    if mirrors {
        mirror(&last.frames, windowWidth: environment.size.width, roundingTo: roundsToPixels ? scale : nil)
        if var output = layerOutput {
            mirror(&output.frames, windowWidth: environment.size.width, roundingTo: roundsToPixels ? scale : nil)
            layerOutput = output
        }
    }
    let texts = s.retainTexts(&last)
    // A token no result and no storage holds any more names nothing: it is reused.
    let token = lastResultIsAlive ? LayoutPassToken() : last.token ?? LayoutPassToken()
    let storage = LayoutNodeStorage(frames: last.frames, links: links, texts: texts, token: token,
                                    source: s.tree.source,
                                    replacedSources: s.tree.replacedSources, changedTexts: s.tree.changedTexts,
                                    state: s.tree.inputState,
                                    lazyGridNodes: inArrayOrder ? s.tree.lazyGridNodes : [],
                                    rootScrollsVertically: s.tree.nodes[0].kind == .scroll && !s.tree.nodes[0].isHorizontal, count: outputCount,
                                    linksAreTree: inArrayOrder, layoutDirection: traits.layoutDirection,
                                    layers: layerOutput?.layers ?? [], layered: layerOutput?.layered ?? [],
                                    layerFrames: layerOutput?.frames ?? [])
    last.token = storage.token

    let diagnostics: DiagnosticStorage
    if s.diagnostics.isEmpty {
        diagnostics = .made(s.tree.buildDiagnostics)
    } else if inArrayOrder {
        // Named when read: node indices are output indices here.
        diagnostics = .pending(PendingDiagnostics(built: s.tree.buildDiagnostics, found: s.diagnostics, links: links))
    } else {
        var made = s.tree.buildDiagnostics
        for d in s.diagnostics {
            let name = s.tree.diagnosticName(d.node)
            made.append(LayoutDiagnostic(severity: d.severity, code: d.code.description, path: name.id,
                                         pointer: name.pointer, message: d.message.description))
        }
        diagnostics = .made(made)
    }
    return LayoutResult(screenID: s.tree.screenID, environment: environment, traits: traits, storage: storage,
                        diagnostics: diagnostics)
}

/// Step 3: each frame's x becomes `windowWidth − x − width`; with `scale`, the frames were rounded before and
/// the mirrored edges are rounded again, which moves them only when the window's width is off the pixel grid.
func mirror(_ frames: inout ContiguousArray<Rect>, windowWidth: Double, roundingTo scale: Double?) {
    let width = windowWidth.isFinite ? windowWidth : 0
    frames.withUnsafeMutableBufferPointer { frames in
        for i in frames.indices {
            let f = frames[i]
            let mirrored = Rect(x: width - f.x - f.width, y: f.y, width: f.width, height: f.height)
            frames[i] = scale.map { roundToPixels(mirrored, scale: $0) } ?? mirrored
        }
    }
}

/// Reports each visible node whose computed geometry (position or size) is not finite, or whose position is not
/// finite once its ancestors' offsets are added (written as 0 in the frames).
@inline(never)
private func reportNonFiniteGeometry(_ s: inout LayoutState) {
    let count = s.tree.nodes.count
    var absolute = ContiguousArray<Point>(repeating: Point(x: 0, y: 0), count: count)
    for i in 0..<count {
        let node = s.tree.nodes[i], g = s.geometry[i]
        guard !node.isHidden else { continue }
        let parent = Int(node.parent)
        let origin = parent >= 0 ? absolute[parent] : Point(x: 0, y: 0)
        let x = origin.x + g.x, y = origin.y + g.y
        absolute[i] = Point(x: x + g.contentX, y: y + g.contentY)
        if !(x.isFinite && y.isFinite && g.width.isFinite && g.height.isFinite) {
            s.report("layout-overflow", .warning, Int32(truncatingIfNeeded: i),
                     "the computed frame is not finite (an arithmetic limit was exceeded): non-finite values are written as 0")
        }
    }
}

/// Rounds each edge to the nearest device pixel.
func roundToPixels(_ frame: Rect, scale: Double) -> Rect {
    // A finite v · scale can overflow to infinity only beyond 10³⁰⁸ / scale; such a value is kept as it is (it is
    // on the pixel grid to any precision a Double has there), so a rounded frame is as finite as the exact one.
    func r(_ v: Double) -> Double {
        let scaled = v * scale
        return scaled.isFinite ? scaled.rounded() / scale : v
    }
    let minX = r(frame.minX), minY = r(frame.minY), maxX = r(frame.maxX), maxY = r(frame.maxY)
    let rounded = Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    // (x + width itself may overflow for a frame near the largest Double: then the exact frame is kept.)
    return rounded.width.isFinite && rounded.height.isFinite ? rounded : frame
}

/// The layers of a result, in output indices.
struct LayerOutput {
    var layers: ContiguousArray<LayoutLayer>
    var layered: ContiguousArray<LayeredNode>
    var frames: ContiguousArray<Rect>
}

/// Each layered node's layer boxes in window points (from its layout origin: its content origin less its content
/// offset), and its frame set to its outermost layer's box (an outermost offset moves it). In output indices: the
/// same as node indices in array order; a viewport layout's realised rows are renumbered (`positions`, `OutputOrder`).
/// After frames written incrementally (`last.writtenRanges`) over exact layer boxes (`last.layerFramesAreExact`), only
/// the layered nodes in the ranges are written: every other one is drawn as it was, its boxes and frame too.
/// - Complexity: O(layers) (+ O(layered nodes · log) to sort a viewport layout's); incremental: O(layered nodes +
///   the layers of those written).
private func writeLayerFrames(_ s: inout LayoutState, _ last: inout LastResult, positions: ContiguousArray<Int32>?, roundsToPixels: Bool,
                              scale: Double) -> LayerOutput {
    let inArrayOrder = positions == nil
    let layerCount = s.tree.layers.count
    let written = inArrayOrder && last.layerFramesAreExact && last.layerFrames.count == layerCount ? last.writtenRanges : nil
    var frames: ContiguousArray<Rect>
    if written != nil {
        // (Taken out: written in place when the last result is gone, else copied at the first write.)
        frames = last.layerFrames
        last.layerFrames = []
    } else {
        frames = ContiguousArray<Rect>(repeating: .zero, count: layerCount)
    }
    var nextRange = 0
    var layers = s.tree.layers
    var layered = ContiguousArray<LayeredNode>()
    layered.reserveCapacity(s.tree.layeredNodes.count)
    for entry in s.tree.layeredNodes {
        let i = Int(entry.node)
        let out = inArrayOrder ? i : Int(positions.unsafelyUnwrapped[i])
        // Realised only to be measured (not linked), or of a row dropped from the output.
        guard out >= 0, out < last.frames.count, !inArrayOrder || i < s.tree.nodes.count else { continue }
        var e = entry
        e.node = Int32(truncatingIfNeeded: out)
        layered.append(e)
        let first = Int(entry.firstLayer), end = first + Int(entry.layerCount)
        if !inArrayOrder {
            for k in first..<end where layers[k].contentNode >= 0 {
                layers[k].contentNode = positions.unsafelyUnwrapped[Int(layers[k].contentNode)]
            }
        }
        if let written {
            while nextRange < written.count && written[nextRange].upperBound <= i { nextRange += 1 }
            guard nextRange < written.count && written[nextRange].lowerBound <= i else { continue }
        }
        guard !s.tree.nodes[i].isHidden else {
            if written != nil { for k in first..<end { frames[k] = .zero } }
            continue
        }
        // The layout origin as the frame writer computes it (the parent's content origin plus the position).
        let g = s.geometry[i]
        let parent = Int(s.tree.nodes[i].parent)
        let originX = parent >= 0 ? last.origins[parent].x + g.x : g.x
        let originY = parent >= 0 ? last.origins[parent].y + g.y : g.y
        for k in first..<end {
            let box = s.layerBoxes[k]
            var rect = Rect(x: originX + box.x, y: originY + box.y, width: max(0, box.width), height: max(0, box.height))
            if !(rect.x.isFinite && rect.y.isFinite && rect.width.isFinite && rect.height.isFinite) { rect = .zero }
            frames[k] = roundsToPixels ? roundToPixels(rect, scale: scale) : rect
        }
        // The outermost box; a background's or overlay's own box may extend into the safe area, the node's does not.
        var outer = end - 1
        while outer > first && (layers[outer].role == .background || layers[outer].role == .overlay) { outer -= 1 }
        last.frames[out] = frames[outer]
    }
    if !inArrayOrder { layered.sort { $0.node < $1.node } }
    last.layerFrames = frames
    return LayerOutput(layers: layers, layered: layered, frames: frames)
}
