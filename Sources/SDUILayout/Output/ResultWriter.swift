import SDUIEnvironment
import SDUISchema

/// Output step: relative geometry → absolute window frames, `LayoutNode`s in document order, diagnostics.
///
/// Frames are clamped here so NaN or infinity never escape (they become 0) and sizes are never negative.
/// Pixel rounding, when asked for, is a separate final pass (as in Yoga): each edge is rounded to the
/// display's pixel grid, so adjacent frames stay adjacent.
func makeLayoutResult(state s: inout LayoutState, environment: WindowEnvironment, traits: TraitCollection,
                      roundsToPixels: Bool) -> LayoutResult {
    var nodes: [LayoutNode] = []
    let count = s.tree.nodes.count
    nodes.reserveCapacity(count)
    guard count > 0 else {
        return LayoutResult(screenID: s.tree.screenID, environment: environment, traits: traits, nodes: [], diagnostics: [])
    }
    // Absolute content origins per output index (parent positions + content offsets).
    let scale = traits.displayScale > 0 ? traits.displayScale : 1
    var originX = ContiguousArray<Double>(); originX.reserveCapacity(count)
    var originY = ContiguousArray<Double>(); originY.reserveCapacity(count)
    var outputIndex = ContiguousArray<Int32>(repeating: -1, count: count)

    // Pre-order traversal through firstChild / nextSibling (realised rows of a virtualised grid were
    // appended at the end of the arrays but are linked in document order).
    s.traversal.removeAll(keepingCapacity: true)
    s.traversal.append(0)
    while let node = s.traversal.popLast() {
        let i = Int(node)
        let flat = s.tree.nodes[i]
        let g = s.geometry[i]
        var x = g.x, y = g.y
        var parentIndex = -1
        if flat.parent >= 0 {
            let p = Int(outputIndex[Int(flat.parent)])
            parentIndex = p
            if p >= 0 {
                x += originX[p]; y += originY[p]
            }
        }
        var width = g.width, height = g.height
        if flat.isHidden { width = 0; height = 0; x = parentIndex >= 0 ? originX[parentIndex] : x; y = parentIndex >= 0 ? originY[parentIndex] : y }
        x = x.isFinite ? x : 0; y = y.isFinite ? y : 0
        width = width.isFinite ? max(0, width) : 0
        height = height.isFinite ? max(0, height) : 0
        var frame = Rect(x: x, y: y, width: width, height: height)
        if roundsToPixels { frame = roundToPixels(frame, scale: scale) }
        outputIndex[i] = Int32(nodes.count)
        originX.append(x + (flat.isHidden ? 0 : g.contentX))
        originY.append(y + (flat.isHidden ? 0 : g.contentY))
        let label = s.tree.labels[i]
        var run: TextRun? = nil
        if flat.textIndex >= 0 && !flat.isHidden {
            let placed = s.placedTexts[Int(flat.textIndex)]
            let spec = s.tree.texts[Int(flat.textIndex)]
            run = TextRun(lines: placed.lines, lineWidths: placed.lineWidths, fontSize: spec.fontSize,
                          fontWeight: spec.fontWeight, lineHeight: spec.lineHeight, alignment: spec.alignment,
                          isTruncated: placed.isTruncated)
        }
        nodes.append(LayoutNode(id: label.id, path: label.path, pointer: pointer(forPath: label.path), type: label.type,
                                parent: parentIndex, frame: frame, isHidden: flat.isHidden, text: run))
        // Children in reverse so the first child is popped first.
        let mark = s.traversal.count
        var child = flat.firstChild
        while child >= 0 { s.traversal.append(child); child = s.tree.nodes[Int(child)].nextSibling }
        s.traversal[mark...].reverse()
    }

    var diagnostics = s.tree.buildDiagnostics
    for d in s.diagnostics {
        let label = s.tree.labels[Int(d.node)]
        diagnostics.append(LayoutDiagnostic(severity: d.severity, code: d.code.description, path: label.id,
                                            pointer: pointer(forPath: label.path), message: d.message))
    }
    return LayoutResult(screenID: s.tree.screenID, environment: environment, traits: traits, nodes: nodes,
                        diagnostics: diagnostics)
}

/// Rounds each edge to the nearest device pixel.
func roundToPixels(_ frame: Rect, scale: Double) -> Rect {
    func r(_ v: Double) -> Double { (v * scale).rounded() / scale }
    let minX = r(frame.minX), minY = r(frame.minY), maxX = r(frame.maxX), maxY = r(frame.maxY)
    return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
}
