import SDUIEnvironment
import SDUISchema

/// A layer's box in one pass (`LayoutState.layerBoxes`, parallel to `LayoutTree.layers`), in its node's layout
/// coordinates (the origin its parent places). While a node is sized it holds the layer's size and where the
/// inner view sits in it; `positionLayers` turns that into the box.
struct LayerBox {
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0
}

/// A measurement of the view made by a node's layers up to one of them, at an unspecified proposal (its ideal
/// size), kept for one `computeLayeredNode` call (`LayoutState.layerIdeals`): an aspect ratio asks for it, and
/// without the memo a chain of n aspect ratios would measure 2ⁿ times.
struct LayerIdeal {
    var call: UInt32 = 0
    var width = 0.0, height = 0.0
}

/// The general layer path: a node with a `modifiers` chain, its layers applied as SwiftUI applies modifiers
/// (each wraps everything before it). A node's `frame`, `padding` and `aspectRatio` keys outside a chain are
/// fields of its flat node, laid out by `computeModifierLayers`: its fast path for the one order those keys
/// have (`ModifierPathTests` checks both give the same frames).
///
/// 1. The proposal travels inward, layer by layer from the outermost (`layerSize`): padding shrinks it, a
///    frame replaces or clamps it, an aspect ratio turns it into a box of the ratio (asking the inner view for
///    its ideal size when needed), `fixedSize` makes it unspecified on its axes; every other layer passes it on.
/// 2. The content is laid out at the innermost proposal (`computeContentLayout`, the node's kind).
/// 3. Sizes travel outward: padding adds the insets, a frame its rules; every other layer keeps the inner size
///    (a background or overlay never changes it).
/// 4. Place mode: each layer's box (`positionLayers`): the inner view sits at the padding's leading/top inset
///    or at the frame's alignment; an offset moves the drawing of everything inside it (the boxes), never the
///    layout; then each background and overlay view is proposed its layer's size and placed by its alignment.
///
/// Returns the node's size (what its parent sees: offsets excluded) and, in place mode, where its content box
/// is (its children's origin). Out of line: nodes without a chain never take it.
@inline(never)
func computeLayeredNode(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState)
    -> (width: Double, height: Double, contentX: Double, contentY: Double) {
    let proposal = input.proposal, mode = input.mode
    let entry = s.view.layered(node)
    let first = Int(entry.firstLayer), top = Int(entry.layerCount) - 1
    s.scratch.layerCall &+= 1
    let call = s.scratch.layerCall
    // Steps 1–3.
    let size = layerSize(node, first, top, proposal, mode, call, &s)
    guard mode == .place else { return (size.0, size.1, 0, 0) }
    // A node laid out again after compute (`extendIntoSafeArea`) is not remembered across passes, nor are its
    // ancestors (see `PlacementRecord`).
    if entry.ignoresSafeArea { s.volatilePlacements &+= 1 }
    // Step 4.
    let content = positionLayers(node, first, from: top, origin: (0, 0), &s)
    return (size.0, size.1, content.0, content.1)
}

/// Steps 1–3 for the view made by layers 0…k of the node whose layers start at `first` (layer 0: the content).
/// Place mode writes each layer's size and the inner view's position in it to `layerBoxes`.
private func layerSize(_ node: Int32, _ first: Int, _ k: Int, _ proposal: Proposal, _ mode: ComputeMode, _ call: UInt32,
                       _ s: inout LayoutState) -> (Double, Double) {
    let index = first + k
    let role = s.view.layers[index].role
    var size: (Double, Double)
    var inner = (0.0, 0.0)
    switch role {
    case .content:
        var p = proposal
        // An image without an aspect ratio is boxed as a square (its content layer's ratio).
        let ratio = s.view.layers[index].x
        if !ratio.isNaN {
            p = aspectRatioBox(ratio: ratio, fill: false, proposal: proposal)
            p = boundedBox(node, p, mode, &s)
        }
        size = computeContentLayout(node, LayoutInput(p, mode), &s).size
    case .padding:
        let padding = s.view.layers[index].padding
        let child = layerSize(node, first, k - 1, paddingProposal(padding, proposal), mode, call, &s)
        size = paddingSize(padding, child)
        inner = (padding.leading, padding.top)
    case .frame:
        let frame = s.view.layers[index].frame
        let child = layerSize(node, first, k - 1, frameProposal(frame, proposal), mode, call, &s)
        size = frameSize(frame, proposal, child)
        inner = ((size.0 - child.0) * frame.alignX, (size.1 - child.1) * frame.alignY)
    case .aspectRatio:
        var ratio = s.view.layers[index].x
        let fill = s.view.layers[index].flag
        if ratio.isNaN {
            // SwiftUI's `aspectRatio(contentMode:)`: the inner view's own ideal ratio.
            let measured = idealSize(node, first, k - 1, call, &s)
            ratio = measured.1 > 0 && measured.0 > 0 && measured.0.isFinite && measured.1.isFinite ? measured.0 / measured.1 : .nan
        }
        if ratio.isNaN {
            // No ratio to keep (an ideal size with a zero or infinite side): the proposal passes on.
            size = layerSize(node, first, k - 1, proposal, mode, call, &s)
        } else {
            var box = aspectRatioBox(ratio: ratio, fill: fill, proposal: proposal)
            box = boundedBox(node, box, mode, &s)
            size = layerSize(node, first, k - 1, box, mode, call, &s)
        }
    case .fixedSize:
        var p = proposal
        if s.view.layers[index].fixedHorizontal { p.width = .nan }
        if s.view.layers[index].fixedVertical { p.height = .nan }
        size = layerSize(node, first, k - 1, p, mode, call, &s)
    case .offset, .background, .overlay, .ignoresSafeArea, .drawing:
        size = layerSize(node, first, k - 1, proposal, mode, call, &s)
    }
    if mode == .place {
        s.layerBoxes[index] = LayerBox(x: inner.0, y: inner.1, width: size.0, height: size.1)
    }
    return size
}

/// The ideal size (proposed nothing) of the view made by layers 0…k, once per `computeLayeredNode` call.
private func idealSize(_ node: Int32, _ first: Int, _ k: Int, _ call: UInt32, _ s: inout LayoutState) -> (Double, Double) {
    let memo = s.scratch.layerIdeals[first + k]
    if memo.call == call { return (memo.width, memo.height) }
    let size = layerSize(node, first, k, .unspecified, .measure, call, &s)
    s.scratch.layerIdeals[first + k] = LayerIdeal(call: call, width: size.0, height: size.1)
    return size
}

/// Step 4 for layers `top`…0 of `node` (sized in place mode just before, or laid out again by
/// `extendIntoSafeArea`): turns each layer's size and inner position into its box, with `origin` the layout
/// origin of layer `top`; places the background and overlay views of those layers. Returns the content box's
/// origin (node coordinates).
@discardableResult
func positionLayers(_ node: Int32, _ first: Int, from top: Int, origin: (Double, Double), _ s: inout LayoutState) -> (Double, Double) {
    // Boxes, from the outside in: an offset moves everything inside it.
    var x = origin.0, y = origin.1
    var k = top
    while k >= 0 {
        let index = first + k
        let sized = s.layerBoxes[index]
        if s.view.layers[index].role == .offset {
            x += s.view.layers[index].x
            y += s.view.layers[index].y
        }
        s.layerBoxes[index] = LayerBox(x: x, y: y, width: sized.width, height: sized.height)
        x += sized.x
        y += sized.y
        k -= 1
    }
    let content = (s.layerBoxes[first].x, s.layerBoxes[first].y)
    // The decorations' views: proposed their layer's size, placed by its alignment; positions relative to the
    // node's content box (their parent's content origin).
    k = 1
    while k <= top {
        let index = first + k
        let decoration = s.view.layers[index].contentNode
        if decoration >= 0 {
            let box = s.layerBoxes[index]
            placeDecoration(decoration, in: box, alignX: s.view.layers[index].x, alignY: s.view.layers[index].y,
                            content: content, &s)
        }
        k += 1
    }
    return content
}

/// Places a background's or overlay's view in `box` (node coordinates) by the alignment fractions.
private func placeDecoration(_ decoration: Int32, in box: LayerBox, alignX: Double, alignY: Double,
                             content: (Double, Double), _ s: inout LayoutState) {
    let size = computeChildLayout(decoration, .place(Proposal(width: box.width, height: box.height)), &s).size
    let i = Int(decoration)
    s.ptr.geometry[i].x = box.x + (box.width - size.0) * alignX - content.0
    s.ptr.geometry[i].y = box.y + (box.height - size.1) * alignY - content.1
}

// MARK: - The safe area

/// `ignoresSafeArea`, after compute (positions in the window are known only then): in document order, each
/// layer that ignores the safe area on some edges and whose box touches the safe area there (within 0.5 pt) is
/// extended to the window's edge on those edges (SwiftUI's `_SafeAreaIgnoringLayout`: "lays out its body
/// differently depending on whether its own top edge is at the top edge of the safe area"):
/// - an `ignoresSafeArea` modifier: the view inside it is laid out again, proposed the extended box and centred in
///   it (a `Color` fills it; a fixed frame keeps its size); its box becomes the extended box;
/// - a background or overlay with `ignoresSafeArea: true`: its view (or color) fills the extended box.
/// Nothing's layout in its parent changes. Extended nodes are not remembered across passes, so each pass starts
/// from the layout compute gave and extends it once.
/// - Complexity: O(depth + inner nodes) per layered node that ignores the safe area.
func extendIntoSafeArea(_ s: inout LayoutState, safeArea: Rect, window: Size) {
    guard s.view.ignoresSafeAreaCount > 0 else { return }
    var n = 0
    while n < s.view.layeredNodes.count {
        let entry = s.view.layeredNodes[n]
        n += 1
        let node = entry.node
        guard entry.ignoresSafeArea, Int(node) < s.view.nodes.count, !s.view.nodes[Int(node)].isHidden else { continue }
        let origin = absoluteLayoutOrigin(node, s)
        let first = Int(entry.firstLayer), top = Int(entry.layerCount) - 1
        var k = top
        while k >= 1 {
            let index = first + k
            let role = s.view.layers[index].role
            let edges = Edge.Set(rawValue: s.view.layers[index].edges)
            k -= 1
            guard !edges.isEmpty, role == .ignoresSafeArea || role == .background || role == .overlay else { continue }
            let box = s.layerBoxes[index]
            let absolute = Rect(x: origin.0 + box.x, y: origin.1 + box.y, width: box.width, height: box.height)
            let extended = extendedBox(absolute, edges, safeArea: safeArea, window: window)
            guard extended != absolute else { continue }
            let local = LayerBox(x: extended.x - origin.0, y: extended.y - origin.1, width: extended.width, height: extended.height)
            if role == .ignoresSafeArea {
                // The inner view laid out again in the extended box, centred; its layers and decorations placed.
                let mark = s.diagnostics.count
                s.scratch.layerCall &+= 1
                let size = layerSize(node, first, k, Proposal(width: local.width, height: local.height), .place, s.scratch.layerCall, &s)
                let content = positionLayers(node, first, from: k,
                                             origin: (local.x + (local.width - size.0) / 2, local.y + (local.height - size.1) / 2), &s)
                s.layerBoxes[index] = local
                s.ptr.geometry[Int(node)].contentX = content.0
                s.ptr.geometry[Int(node)].contentY = content.1
                dropRepeatedDiagnostics(since: mark, &s)
            } else {
                s.layerBoxes[index] = local
                let decoration = s.view.layers[index].contentNode
                if decoration >= 0 {
                    let mark = s.diagnostics.count
                    let content = (s.layerBoxes[first].x, s.layerBoxes[first].y)
                    placeDecoration(decoration, in: local, alignX: s.view.layers[index].x, alignY: s.view.layers[index].y,
                                    content: content, &s)
                    dropRepeatedDiagnostics(since: mark, &s)
                }
            }
        }
    }
}

/// Drops the diagnostics reported since `mark` that a node already reported with the same code (a subtree laid
/// out again in a larger box reports what is new there, once).
private func dropRepeatedDiagnostics(since mark: Int, _ s: inout LayoutState) {
    guard s.diagnostics.count > mark else { return }
    var kept = mark
    for i in mark..<s.diagnostics.count {
        let d = s.diagnostics[i]
        let repeated = s.diagnostics[..<mark].contains { $0.node == d.node && $0.code.description == d.code.description }
        if !repeated { s.diagnostics[kept] = d; kept += 1 }
    }
    s.diagnostics.truncate(to: kept)
}

/// `box` extended to the window's edge on each edge of `edges` where it touches the safe area (and the safe
/// area has an inset there).
func extendedBox(_ box: Rect, _ edges: Edge.Set, safeArea: Rect, window: Size) -> Rect {
    var minX = box.minX, minY = box.minY, maxX = box.maxX, maxY = box.maxY
    let tolerance = 0.5
    if edges.contains(.top) && safeArea.minY > 0 && minY <= safeArea.minY + tolerance { minY = Swift.min(minY, 0) }
    if edges.contains(.bottom) && safeArea.maxY < window.height && maxY >= safeArea.maxY - tolerance { maxY = Swift.max(maxY, window.height) }
    if edges.contains(.leading) && safeArea.minX > 0 && minX <= safeArea.minX + tolerance { minX = Swift.min(minX, 0) }
    if edges.contains(.trailing) && safeArea.maxX < window.width && maxX >= safeArea.maxX - tolerance { maxX = Swift.max(maxX, window.width) }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
}

/// Where `node`'s layout origin is in the window: its position plus each ancestor's content origin.
/// - Complexity: O(depth).
private func absoluteLayoutOrigin(_ node: Int32, _ s: LayoutState) -> (Double, Double) {
    var x = s.ptr.geometry[Int(node)].x, y = s.ptr.geometry[Int(node)].y
    var parent = s.view.nodes[Int(node)].parent
    while parent >= 0 {
        let g = s.ptr.geometry[Int(parent)]
        x += g.x + g.contentX
        y += g.y + g.contentY
        parent = s.view.nodes[Int(parent)].parent
    }
    return (x, y)
}
