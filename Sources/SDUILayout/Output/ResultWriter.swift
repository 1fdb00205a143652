import SDUIEnvironment
import SDUISchema

/// Output step: relative geometry → absolute window frames, `LayoutNode`s in document order, diagnostics.
///
/// 1. Order: the arrays are in document pre-order unless a virtualised grid realised rows (appended at the
///    end, linked in document order); then a traversal through firstChild / nextSibling gives the order.
/// 2. Frames: each node's origin is its parent's content origin plus its position; NaN or infinity never
///    escape (they become 0) and sizes are never negative.
/// 3. Pixel rounding, when asked for, is a separate final step (as in Yoga): each edge is rounded to the
///    display's pixel grid, so adjacent frames stay adjacent.
/// 4. Nodes: for a full layout the names (id, path, type, parent) come from a template kept with the built
///    tree, so a relayout only writes frames and text runs.
func makeLayoutResult(state s: inout LayoutState, environment: WindowEnvironment, traits: TraitCollection,
                      roundsToPixels: Bool) -> LayoutResult {
    let count = s.tree.nodes.count
    guard count > 0 else {
        return LayoutResult(screenID: s.tree.screenID, environment: environment, traits: traits, nodes: [], diagnostics: [])
    }
    // Step 1.
    let inArrayOrder = s.tree.lazyGrids.isEmpty
    s.order.removeAll(keepingCapacity: true)
    if inArrayOrder {
        for i in 0..<count { s.order.append(Int32(i)) }
    } else {
        s.traversal.removeAll(keepingCapacity: true)
        s.traversal.append(0)
        while let node = s.traversal.popLast() {
            s.order.append(node)
            let mark = s.traversal.count
            var child = s.tree.nodes[Int(node)].firstChild
            while child >= 0 { s.traversal.append(child); child = s.tree.nodes[Int(child)].nextSibling }
            var a = mark, b = s.traversal.count - 1
            while a < b { s.traversal.swapAt(a, b); a += 1; b -= 1 }
        }
    }
    // Step 2 (content origins and frames per node index).
    if s.originX.count < count {
        s.originX = ContiguousArray(repeating: 0, count: count)
        s.originY = ContiguousArray(repeating: 0, count: count)
        s.frames = ContiguousArray(repeating: .zero, count: count)
    }
    let scale = traits.displayScale > 0 ? traits.displayScale : 1
    for node in s.order {
        let i = Int(node)
        let parent = Int(s.tree.nodes[i].parent)
        let hidden = s.tree.nodes[i].isHidden
        let g = s.geometry[i]
        var x = g.x, y = g.y, width = g.width, height = g.height
        if parent >= 0 {
            if hidden { x = 0; y = 0; width = 0; height = 0 }
            x += s.originX[parent]; y += s.originY[parent]
        }
        x = x.isFinite ? x : 0; y = y.isFinite ? y : 0
        width = width.isFinite ? max(0, width) : 0
        height = height.isFinite ? max(0, height) : 0
        s.originX[i] = x + (hidden ? 0 : g.contentX)
        s.originY[i] = y + (hidden ? 0 : g.contentY)
        // Step 3.
        s.frames[i] = roundsToPixels ? roundToPixels(Rect(x: x, y: y, width: width, height: height), scale: scale)
                                     : Rect(x: x, y: y, width: width, height: height)
    }
    // Step 4.
    var nodes: [LayoutNode]
    if inArrayOrder {
        // A new template is uniquely referenced: frames are written in place, no copy. Later passes copy
        // it once (copy-on-write) because the previous result still shares it.
        if s.template.count != count { s.template = makeTemplate(s.tree) }
        nodes = s.template
        s.template = []
        nodes.withUnsafeMutableBufferPointer { buffer in
            for i in 0..<count {
                buffer[i].frame = s.frames[i]
                let textIndex = s.tree.nodes[i].textIndex
                if textIndex >= 0 && !s.tree.nodes[i].isHidden { buffer[i].text = textRun(s, Int(textIndex)) }
            }
        }
    } else {
        nodes = []
        nodes.reserveCapacity(count)
        if s.outputIndex.count < count { s.outputIndex = ContiguousArray(repeating: -1, count: count) }
        for node in s.order {
            let i = Int(node)
            let parent = Int(s.tree.nodes[i].parent)
            s.outputIndex[i] = Int32(nodes.count)
            let label = s.tree.labels[i]
            let textIndex = s.tree.nodes[i].textIndex
            nodes.append(LayoutNode(id: label.id, path: label.path, type: label.type,
                                    parent: parent >= 0 ? Int(s.outputIndex[parent]) : -1, frame: s.frames[i],
                                    isHidden: s.tree.nodes[i].isHidden,
                                    text: textIndex >= 0 && !s.tree.nodes[i].isHidden ? textRun(s, Int(textIndex)) : nil))
        }
    }

    if inArrayOrder { s.template = nodes }
    var diagnostics = s.tree.buildDiagnostics
    for d in s.diagnostics {
        let label = s.tree.labels[Int(d.node)]
        diagnostics.append(LayoutDiagnostic(severity: d.severity, code: d.code.description, path: label.id,
                                            pointer: pointer(forPath: label.path), message: d.message))
    }
    return LayoutResult(screenID: s.tree.screenID, environment: environment, traits: traits, nodes: nodes,
                        diagnostics: diagnostics)
}

/// The names of every node of a full (array-order) tree, with zero frames.
private func makeTemplate(_ tree: LayoutTree) -> [LayoutNode] {
    var nodes: [LayoutNode] = []
    nodes.reserveCapacity(tree.nodes.count)
    for i in tree.nodes.indices {
        let label = tree.labels[i]
        nodes.append(LayoutNode(id: label.id, path: label.path, type: label.type, parent: Int(tree.nodes[i].parent),
                                frame: .zero, isHidden: tree.nodes[i].isHidden))
    }
    return nodes
}

private func textRun(_ s: LayoutState, _ index: Int) -> TextRun {
    let placed = s.placedTexts[index]
    let spec = s.tree.texts[index]
    return TextRun(lines: placed.lines, lineWidths: placed.lineWidths, fontSize: spec.fontSize,
                   fontWeight: spec.fontWeight, lineHeight: spec.lineHeight, alignment: spec.alignment,
                   isTruncated: placed.isTruncated)
}

/// Rounds each edge to the nearest device pixel.
func roundToPixels(_ frame: Rect, scale: Double) -> Rect {
    func r(_ v: Double) -> Double { (v * scale).rounded() / scale }
    let minX = r(frame.minX), minY = r(frame.minY), maxX = r(frame.maxX), maxY = r(frame.maxY)
    return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
}
