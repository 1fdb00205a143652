import SDUIEnvironment
import SDUISchema

/// A node's children as a state change made them: the node (by index in the tree before the change) and, for each
/// child in the new state, the index among its old children of the child it keeps, or -1 for a child made
/// (`StateUpdate.splicedChildren`).
typealias ChildrenChange = (node: Int32, origins: [Int32])

extension LayoutState {
    /// Splices the children of each of `changes` (ascending by node, numbered as before the change; applied from the
    /// last, so each one's number still holds) into the tree in place (`LayoutTree.spliceChildren`: made children
    /// built, kept ones renumbered) and makes the per-node state follow (`followSplice`); `containerNode` gives each
    /// one's payload node in the new state. Returns the containers' new indices (to lay out again from), and appends
    /// how each splice renumbered the nodes to `splices` (in the order applied: `NodeChanges.spliced`); or nil —
    /// the tree may be partly spliced: the caller takes a new tree — when a splice refuses (`refusal`).
    mutating func spliceChildren(_ changes: [ChildrenChange], containerNode: (Int32) -> ComponentNode?, builder: TreeBuilder,
                                 scratch: inout LayoutTree, last: inout LastResult, refusal: inout ChildrenSpliceRefusal?,
                                 splices: inout [NodeSplice]) -> [Int32]? {
        var containers: [Int32] = []
        for change in changes.reversed() {
            guard let node = containerNode(change.node) else {
                refusal = .notSpliceable
                return nil
            }
            switch tree.spliceChildren(of: change.node, origins: change.origins, containerNode: node, builder: builder,
                                       scratch: &scratch) {
            case .failure(let why):
                refusal = why
                return nil
            case .success(let splice):
                followSplice(splice, last: &last)
                splices.append(splice.nodeSplice)
                containers = containers.map(splice.newNumber)
                containers.append(change.node)
            }
        }
        return containers
    }

    /// The per-node, per-text-run and per-layer state of the passes made to follow `splice`: placements, measurements,
    /// text handles, placed texts, layer boxes, the last result's frames and the diagnostics, renumbered (a kept node
    /// keeps them; a made one has none). The spare placements of the pass before the last are dropped (the next full
    /// pass makes them anew). The container and its ancestors are invalidated (`MeasureCache.invalidate`).
    mutating func followSplice(_ splice: ChildrenSplice, last: inout LastResult) {
        let oldCount = splice.nodes.region.upperBound + (tree.nodes.count - splice.nodes.region.lowerBound - splice.nodes.newCount)
        let newCount = tree.nodes.count
        if geometry.count == oldCount { geometry.splice(splice.nodes, made: nil, filler: NodeGeometry()) } else { geometry.removeAll() }
        if placementRecords.count == oldCount {
            placementRecords.splice(splice.nodes, made: nil, filler: PlacementRecord())
        } else {
            placementRecords.removeAll()
        }
        measurements.renumber(newCount: newCount, runs: splice.nodes.wholeTable(oldCount: oldCount), newNumber: splice.newNumber)
        let oldTexts = splice.texts.region.upperBound + (tree.texts.count - splice.texts.region.lowerBound - splice.texts.newCount)
        if textHandles.count == oldTexts { textHandles.splice(splice.texts, made: nil, filler: .none) } else { textHandles.removeAll() }
        if placedTexts.count == oldTexts {
            // The last result shares the texts: the buffer of the result before it, when that is gone, is brought up
            // to them and spliced in place instead of a copy of every text (`reuseRetiredTexts`); the entries the
            // splice moves are recorded as written, so the next pass can do the same.
            reuseRetiredTexts(&last)
            placedTexts.splice(splice.texts, made: nil, filler: PlacedText())
            noteTextWrites(of: splice.texts)
        } else {
            placedTexts.removeAll()
        }
        let oldLayers = splice.layers.region.upperBound + (tree.layers.count - splice.layers.region.lowerBound - splice.layers.newCount)
        if layerBoxes.count == oldLayers { layerBoxes.splice(splice.layers, made: nil, filler: LayerBox()) } else { layerBoxes.removeAll() }
        // The last result's layer boxes, as its frames below.
        if last.layerFramesAreExact && last.layerFrames.count == oldLayers {
            last.layerFrames.splice(splice.layers, made: nil, filler: Rect.zero)
        } else {
            last.layerFramesAreExact = false
        }
        spare.geometry.removeAll()
        spare.records.removeAll()
        spare.placedTexts.removeAll()
        spare.layerBoxes.removeAll()
        // The last result's frames, in array order (the output order of a tree without lazy grids).
        if last.framesAreExact && last.frames.count == oldCount && last.origins.count >= oldCount {
            last.origins.removeSubrange(oldCount...)
            last.frames.splice(splice.nodes, made: nil, filler: Rect.zero)
            last.origins.splice(splice.nodes, made: nil, filler: Point(x: 0, y: 0))
        } else {
            last.framesAreExact = false
        }
        // A removed node's diagnostics stay in its container's run until the container is placed again (it replaces
        // them: `relayoutUpward`).
        for k in diagnostics.indices {
            let node = splice.newNumber(diagnostics[k].node)
            diagnostics[k].node = node >= 0 ? node : splice.container
        }
        growBuffers()
        if geometry.count != newCount || placementRecords.count != newCount { measurementsAreCurrent = false }
        measurements.invalidate(node: splice.container, parents: tree.nodes.unchecked)
        var child = tree.nodes[Int(splice.container)].firstChild
        while child >= 0 {
            if tree.nodes[Int(child)].kind == .spacer { measurements.invalidate(node: child, parents: tree.nodes.unchecked) }
            child = tree.nodes[Int(child)].nextSibling
        }
    }
}

extension LayoutState {
    /// Records the text runs `splice` wrote (`noteTextWrite`): the entries of its runs that moved or were made. A
    /// splice that changes their count renumbers every later one: it is recorded as a splice (`textSplices`) when
    /// nothing was written before it, else nothing is recorded from then on.
    private mutating func noteTextWrites(of splice: TableSplice) {
        guard textWrites != nil else { return }
        guard splice.delta == 0 else {
            if textWrites!.isEmpty { textSplices.append(splice) } else { textWrites = nil }
            return
        }
        let moved = splice.trimmed()
        var at = moved.region.lowerBound
        for run in moved.runs {
            if case .old(let range) = run, range.lowerBound == at {
                // In place.
            } else {
                for k in at..<(at + run.count) { noteTextWrite(k) }
            }
            at += run.count
        }
    }
}

extension ChildrenSplice {
    /// How this splice renumbered the tree's nodes, for the change set (`NodeChanges.spliced`).
    var nodeSplice: NodeSplice {
        NodeSplice(node: container, oldRange: Int32(nodes.region.lowerBound)..<Int32(nodes.region.upperBound), runs: nodes.runs.map { run in
            switch run {
            case .old(let range): return .kept(Int32(range.lowerBound)..<Int32(range.upperBound))
            case .made(let range): return .inserted(Int32(range.count))
            }
        })
    }
}
