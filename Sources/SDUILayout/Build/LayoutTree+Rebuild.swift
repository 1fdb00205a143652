import SDUISchema

/// Why `LayoutTree.rebuildSubtree(at:with:scratch:)` left the tree as it was: the change needs a new tree (a
/// full build and layout).
enum SubtreeRebuildRefusal: Error, Equatable {
    /// The node is the root, or not a node of the tree as built (a realised row).
    case notRebuildable
    /// A node of the subtree changed kind (`NodeKind`: another algorithm lays it out), e.g. an image that gained
    /// an SF Symbol.
    case kindChanged
    /// The subtree has another shape: other nodes, text runs, layers, GridItems or controls (a modifier chain that
    /// gained a layer or a view).
    case shapeChanged
    /// The subtree holds a grid: whether a grid's items are lazy depends on its ancestors (`lazyGridNodes`).
    case holdsGrid
    /// The subtree reports, or reported, a build diagnostic or a font that is missing or substituted (they are
    /// ordered and named by the full build).
    case reports
}

extension LayoutTree {
    /// Builds the subtree of node `index` again from its payload node (`sources[index]`, which a state change
    /// replaced: `replaceSource(of:from:)`) and puts it in place of the old one, when it has the same shape — the
    /// same nodes in the same places, kinds, text runs, layers, GridItems and controls: what a bound property that
    /// changes size or visibility (`visible`, `frame`, `padding`, `spacing`, a font, a modifier's value) changes.
    /// The fields its parent derives from its visible children (their count and gaps, a stack's shape, spacers'
    /// minimums) are derived again. Returns the nodes whose records changed and must be laid out again: the
    /// subtree's range, and the parent's spacers (a spacer's minimum depends on its neighbours); or why the
    /// change needs a new tree (nothing was changed then).
    ///
    /// The nodes below `index` keep their payload pointers: a property change replaces one node, its children are
    /// the same values (`StateUpdater`). `scratch`: a tree the engine keeps, built into (its buffers reused).
    /// - Complexity: O(subtree + the parent's children).
    mutating func rebuildSubtree(at index: Int32, with builder: TreeBuilder, scratch: inout LayoutTree)
        -> Result<(subtree: Range<Int>, siblings: [Int32]), SubtreeRebuildRefusal> {
        let i = Int(index)
        guard index > 0, i < builtCount, i < nodes.count, lazyGrids.isEmpty else { return .failure(.notRebuildable) }
        let old = nodes[i]
        let parent = Int(old.parent)
        let end = subtreeEnd(i)
        let count = end - i
        // The old subtree's side tables: each is a contiguous run (the build appends them in node order).
        var firstText = -1, textCount = 0, firstInput = -1, inputCount = 0
        for k in i..<end {
            let n = nodes[k]
            if n.kind == .grid || n.kind == .hgrid { return .failure(.holdsGrid) }
            if n.textIndex >= 0 {
                if firstText < 0 { firstText = Int(n.textIndex) }
                textCount += 1
            }
            if n.kind == .input && n.firstGridItem >= 0 {
                if firstInput < 0 { firstInput = Int(n.firstGridItem) }
                inputCount += 1
            }
        }
        var firstLayered = -1, layeredCount = 0
        for (k, entry) in layeredNodes.enumerated() where Int(entry.node) >= i && Int(entry.node) < end {
            if firstLayered < 0 { firstLayered = k }
            layeredCount += 1
        }
        let firstLayer = firstLayered >= 0 ? Int(layeredNodes[firstLayered].firstLayer) : 0
        let layerCount = firstLayered >= 0
            ? Int(layeredNodes[firstLayered + layeredCount - 1].firstLayer + layeredNodes[firstLayered + layeredCount - 1].layerCount) - firstLayer
            : 0
        if firstText >= 0 && (fontMisses.contains { Int($0.text) >= firstText && Int($0.text) < firstText + textCount }
                              || fontSubstitutions.contains { Int($0.text) >= firstText && Int($0.text) < firstText + textCount }) {
            return .failure(.reports)
        }
        if !buildDiagnostics.isEmpty {
            let pointer = SDUILayout.pointer(forPath: path(of: index))
            if buildDiagnostics.contains(where: { $0.pointer == pointer || $0.pointer.hasPrefix(pointer + "/") }) {
                return .failure(.reports)
            }
        }

        // The subtree built again under a copy of its parent (a section reads its stack's spacing from it).
        let pointer = sources[i]
        prepareScratch(&scratch, under: parent, source: PayloadSource(root: pointer.pointee, title: nil), pointer: sources[parent])
        let depth = depth(of: old.parent) + 1
        builder.add(pointer, parent: 0, childIndex: old.childIndex, parentContext: old.stackAxisOfParent, shareAxis: old.shareAxis,
                    parentHidden: nodes[parent].isHidden, depth: depth, into: &scratch)

        // The same shape, or nothing is changed.
        guard scratch.buildDiagnostics.isEmpty, scratch.fontMisses.isEmpty, scratch.fontSubstitutions.isEmpty else {
            return .failure(.reports)
        }
        guard scratch.nodes.count - 1 == count, scratch.texts.count == textCount, scratch.inputs.count == inputCount,
              scratch.gridItems.isEmpty, scratch.layeredNodes.count == layeredCount, scratch.layers.count == layerCount,
              scratch.lazyGridNodes.isEmpty else { return .failure(.shapeChanged) }
        // Scratch node k + 1 is node i + k.
        let shift = Int32(i - 1)
        for k in 0..<count {
            let new = scratch.nodes[k + 1], was = nodes[i + k]
            if new.kind != was.kind { return .failure(.kindChanged) }
            let parentHere = k == 0 ? old.parent : new.parent + shift
            let firstChild = new.firstChild < 0 ? -1 : new.firstChild + shift
            let nextSibling = k == 0 ? old.nextSibling : (new.nextSibling < 0 ? -1 : new.nextSibling + shift)
            guard parentHere == was.parent, firstChild == was.firstChild, nextSibling == was.nextSibling,
                  new.childIndex == was.childIndex, (new.textIndex < 0) == (was.textIndex < 0),
                  (new.firstGridItem < 0) == (was.firstGridItem < 0), new.hasLayers == was.hasLayers else {
                return .failure(.shapeChanged)
            }
        }
        for k in 0..<layeredCount {
            let new = scratch.layeredNodes[k], was = layeredNodes[firstLayered + k]
            guard Int(new.node) + Int(shift) == Int(was.node), Int(new.firstLayer) + firstLayer == Int(was.firstLayer),
                  new.layerCount == was.layerCount else { return .failure(.shapeChanged) }
        }

        // Into the tree: buffers a template shares are copied first (results of the tree as it was keep theirs).
        makeNodeBuffersOwn()
        let nodeBuffer = nodes.unchecked
        for k in 0..<count {
            var new = scratch.nodes[k + 1]
            let was = nodeBuffer[i + k]
            new.parent = was.parent
            new.firstChild = was.firstChild
            new.nextSibling = was.nextSibling
            if new.textIndex >= 0 { new.textIndex += Int32(firstText) }
            if new.kind == .input && new.firstGridItem >= 0 { new.firstGridItem += Int32(firstInput) }
            nodeBuffer[i + k] = new
            frames[i + k] = scratch.frames[k + 1]
            paddings[i + k] = scratch.paddings[k + 1]
        }
        for k in 0..<textCount { texts[firstText + k] = scratch.texts[k] }
        for k in 0..<inputCount { inputs[firstInput + k] = scratch.inputs[k] }
        for k in 0..<layerCount {
            var layer = scratch.layers[k]
            if layer.contentNode >= 0 { layer.contentNode += shift }
            layers[firstLayer + k] = layer
        }
        for k in 0..<layeredCount {
            var entry = scratch.layeredNodes[k]
            entry.node += shift
            entry.firstLayer += Int32(firstLayer)
            if entry.ignoresSafeArea != layeredNodes[firstLayered + k].ignoresSafeArea {
                ignoresSafeAreaCount += entry.ignoresSafeArea ? 1 : -1
            }
            layeredNodes[firstLayered + k] = entry
        }
        usesSizeClasses = usesSizeClasses || scratch.usesSizeClasses
        usesFontFamilies = usesFontFamilies || scratch.usesFontFamilies
        linksArray = nil
        scratch.source = nil
        return .success((i..<end, deriveChildFields(of: Int32(parent))))
    }

    /// The fields a node derives from its visible children, derived again: their count and, in a stack or scroll,
    /// their gaps, their sum, the stack's shape and spacers' minimums (`StackChildren`, as the build derives them).
    /// Returns the children whose own records changed (a spacer's minimum).
    mutating func deriveChildFields(of parent: Int32) -> [Int32] {
        let nodes = self.nodes.unchecked
        let p = Int(parent)
        let isStack: Bool
        switch nodes[p].kind {
        case .vstack, .hstack, .scroll: isStack = true
        default: isStack = false
        }
        var visible: Int32 = 0
        var changed: [Int32] = []
        var stackChildren = StackChildren(nodes[p])
        var child = nodes[p].firstChild
        while child >= 0 {
            let c = Int(child)
            if isStack {
                // As built: the first visible child has no gap, and a spacer's minimum is its own until a
                // neighbour sets it.
                nodes[c].gapBefore = 0
                if nodes[c].kind == .spacer {
                    changed.append(child)
                    if nodes[c].hasDefaultMinLength { nodes[c].minLength = 8 }
                }
            }
            if !nodes[c].isHidden {
                visible += 1
                if isStack { stackChildren.add(c, nodes, frames.unchecked) }
            }
            child = nodes[c].nextSibling
        }
        if isStack { stackChildren.finish(p, nodes) }
        nodes[p].visibleChildCount = visible
        return changed
    }

    /// Empties `scratch` and puts in it, as its node 0, a copy of node `parent` without links (payload node
    /// `pointer`): the build's per-node step then appends nodes under it as under `parent` (its traits, fonts and
    /// state are this tree's).
    func prepareScratch(_ scratch: inout LayoutTree, under parent: Int, source: PayloadSource, pointer: UnsafePointer<ComponentNode>) {
        scratch.removeAll()
        scratch.sizeClass = sizeClass
        scratch.contentSize = contentSize
        scratch.fonts = fonts
        scratch.inputState = inputState
        scratch.source = source
        var stub = nodes[parent]
        stub.parent = -1; stub.firstChild = -1; stub.nextSibling = -1
        scratch.reserveNodes(1)
        scratch.nodes.appendAssumingCapacity(stub)
        scratch.frames.appendAssumingCapacity(frames[parent])
        scratch.paddings.appendAssumingCapacity(paddings[parent])
        scratch.sources.appendAssumingCapacity(pointer)
    }

    /// Copies the per-node buffers a template shares (frozen) into buffers of the tree's own.
    mutating func makeNodeBuffersOwn() {
        if nodes.isFrozen { nodes = NodeBuffer(copying: nodes) }
        if frames.isFrozen { frames = NodeBuffer(copying: frames) }
        if paddings.isFrozen { paddings = NodeBuffer(copying: paddings) }
        if sources.isFrozen { sources = NodeBuffer(copying: sources) }
        nodeCapacity = min(nodes.capacity, frames.capacity, paddings.capacity, sources.capacity)
    }

    /// The index after node `i`'s subtree, its decorations' views included (array order is pre-order: the subtree is
    /// the run of nodes after `i` whose parent is in it). A node with a next sibling after it is stepped over whole:
    /// the nodes between the two are its subtree (a node's decorations' views are built before or after its linked
    /// children, never between them).
    /// - Complexity: O(the subtree's nodes that have no later next sibling, plus `i`'s children).
    func subtreeEnd(_ i: Int) -> Int {
        let nodes = self.nodes.unchecked
        var k = i + 1
        while k < nodes.count && Int(nodes[k].parent) >= i {
            let next = Int(nodes[k].nextSibling)
            k = next > k ? next : k + 1
        }
        assert(k == scannedSubtreeEnd(i), "a next sibling inside another node's subtree")
        return k
    }

    /// `subtreeEnd(i)` found node by node (what it is checked against).
    func scannedSubtreeEnd(_ i: Int) -> Int {
        let nodes = self.nodes.unchecked
        var k = i + 1
        while k < nodes.count && Int(nodes[k].parent) >= i { k += 1 }
        return k
    }
}
