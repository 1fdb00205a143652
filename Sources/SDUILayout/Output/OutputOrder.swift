/// The output order of a tree whose virtualised grids realised rows (appended at the end of the arrays, linked in
/// document order): a walk through firstChild / nextSibling from the root, with a layered node's backgrounds' views
/// before its children and its overlays' views after them (as built). Nodes realised only to be measured (a
/// virtualised grid's first row) are not linked, so not in it.
///
/// The output step's own buffers, kept by the engine across viewport layouts (no allocation once warm).
struct OutputOrder {
    /// Node indices in output order.
    private(set) var nodes = ContiguousArray<Int32>()
    /// Per node index, its position in `nodes`; -1 for nodes never in it (entries of nodes not in this walk may be
    /// left from an earlier one: read only those of nodes in `nodes` and of layer contents they name).
    private(set) var positions = ContiguousArray<Int32>()
    private var stack = ContiguousArray<Int32>()

    /// Walks `tree` into `nodes` and `positions`.
    /// - Complexity: O(n) in the linked nodes (+ O(d log d) per layered node's d decorations).
    mutating func walk(_ tree: LayoutTree) {
        nodes.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        stack.append(0)
        while let node = stack.popLast() {
            nodes.append(node)
            let mark = stack.count
            let layered = tree.nodes[Int(node)].hasLayers
            if layered { pushDecorations(of: node, overlays: false, tree) }
            var child = tree.nodes[Int(node)].firstChild
            while child >= 0 { stack.append(child); child = tree.nodes[Int(child)].nextSibling }
            if layered { pushDecorations(of: node, overlays: true, tree) }
            var a = mark, b = stack.count - 1
            while a < b { stack.swapAt(a, b); a += 1; b -= 1 }
        }
        let count = tree.nodes.count
        if positions.count < count { positions = ContiguousArray(repeating: -1, count: count) }
        for (position, node) in nodes.enumerated() { positions[Int(node)] = Int32(truncatingIfNeeded: position) }
    }

    /// Pushes the views of `node`'s backgrounds (or overlays) on the walk's stack, in node order (as built).
    private mutating func pushDecorations(of node: Int32, overlays: Bool, _ tree: LayoutTree) {
        let entry = tree.layered(node)
        var decorations: [Int32] = []
        for k in Int(entry.firstLayer)..<Int(entry.firstLayer + entry.layerCount) {
            let layer = tree.layers[k]
            if layer.contentNode >= 0 && (layer.role == .overlay) == overlays { decorations.append(layer.contentNode) }
        }
        decorations.sort()
        stack.append(contentsOf: decorations)
    }
}
