import SDUISchema

/// How a node's children were spliced: the nodes, text runs, controls and layers renumbered, for the per-node state
/// of the stages after the build (placements, measurements, frames) to follow (`LayoutState.followSplice`).
struct ChildrenSplice {
    /// The node whose children changed (its number is the same before and after).
    let container: Int32
    let nodes: TableSplice
    let texts: TableSplice
    let layers: TableSplice
    /// For each old node of `nodes.region`: its new number, or -1 (removed).
    let regionNumbers: [Int32]
    /// `nodes.delta`, summed once (`newNumber` adds it to every node after the region).
    private let nodeDelta: Int32

    init(container: Int32, nodes: TableSplice, texts: TableSplice, layers: TableSplice, regionNumbers: [Int32]) {
        self.container = container
        self.nodes = nodes
        self.texts = texts
        self.layers = layers
        self.regionNumbers = regionNumbers
        nodeDelta = Int32(nodes.delta)
    }

    /// The new number of old node `old` (-1: removed).
    @inline(__always)
    func newNumber(_ old: Int32) -> Int32 {
        let i = Int(old)
        if old < 0 || i < nodes.region.lowerBound { return old }
        if i >= nodes.region.upperBound { return old + nodeDelta }
        return regionNumbers[i - nodes.region.lowerBound]
    }
}

/// Why `LayoutTree.spliceChildren` left the tree as it was: the change needs a new tree (a full build and layout).
enum ChildrenSpliceRefusal: Error, Equatable {
    /// The node is not a node of the tree as built, the tree realises rows (a viewport layout's lazy grids), or its
    /// children in the tree are not its payload children one for one (`nesting-too-deep` left them out).
    case notSpliceable
    /// Old or new items hold a grid (its GridItems, and whether its items are lazy, are the full build's).
    case holdsGrid
    /// Old or new items report a font that is missing or substituted (the full build orders those by text run), or
    /// the build's diagnostics are not in the order a splice keeps (`LayoutTree.buildDiagnosticRun`).
    case reports
    /// The tree's payload memory has been extended by many splices (`PayloadSource.generation`) and could not be
    /// started afresh from the new screen (`LayoutTree.restartSource(from:)`): a full build does, so what old items
    /// held is let go.
    case sourceTooOld
}

extension LayoutTree {
    /// Whether `roots` are the roots of subtrees that follow each other from node `start` (each where the one before
    /// it ends: `subtreeEnd`) — what a splice's numbering of its children is checked against.
    func followEachOther(_ roots: [Int32], from start: Int) -> Bool {
        var k = start
        for root in roots {
            guard Int(root) == k else { return false }
            k = subtreeEnd(k)
        }
        return true
    }

    /// Puts `container`'s new children in place of its old ones, as a state change made them (a template's items
    /// inserted, removed or moved): `containerNode` is its payload node in the new state, `origins` says for each of
    /// its children which old child it keeps (by index among the old children), or -1 for a child made, which is
    /// built here by the build's own per-node step (`TreeBuilder.add`) into `scratch`. The nodes of kept children
    /// keep their records — only renumbered — and every table indexed by node, text run, control or layer follows
    /// (links, `texts`, `inputs`, `layeredNodes`, `layers`, payload pointers, replaced sources, lazy grids, fonts'
    /// reports); the container's child fields are derived again (`deriveChildFields`). Every untouched node keeps its
    /// record; the layout state follows with the returned splice (`LayoutState.followSplice`).
    ///
    /// Nothing is changed when it refuses (`ChildrenSpliceRefusal`).
    /// - Complexity: O(n) copies of plain records (the nodes after the first changed one), plus the built items.
    mutating func spliceChildren(of container: Int32, origins: [Int32], containerNode: ComponentNode, builder: TreeBuilder,
                                 scratch: inout LayoutTree) -> Result<ChildrenSplice, ChildrenSpliceRefusal> {
        let c = Int(container)
        guard c >= 0, c < builtCount, nodes.count == builtCount, lazyGrids.isEmpty, let source else {
            return .failure(.notSpliceable)
        }
        guard source.generation < PayloadSource.maxGeneration else { return .failure(.sourceTooOld) }
        // The old payload children (linked in order, after a section's header, before its footer).
        var oldChildren: [Int32] = []
        oldChildren.reserveCapacity(containerNode.children.count + 1)
        var before: [Int32] = [], after: [Int32] = []
        var child = nodes[c].firstChild
        while child >= 0 {
            let index = nodes[Int(child)].childIndex
            if index >= 0 {
                guard index == Int32(oldChildren.count), after.isEmpty else { return .failure(.notSpliceable) }
                oldChildren.append(child)
            } else if index == sectionFooterChildIndex {
                after.append(child)
            } else if oldChildren.isEmpty && after.isEmpty {
                before.append(child)
            } else {
                return .failure(.notSpliceable)
            }
            child = nodes[Int(child)].nextSibling
        }
        guard origins.count == containerNode.children.count, origins.allSatisfy({ $0 < Int32(oldChildren.count) }) else {
            return .failure(.notSpliceable)
        }
        let end = subtreeEnd(c)
        // The region the children occupy: from the first to the end of the last, or, with none, where they go —
        // before the footer, or the overlays' views (flat nodes after the children, not linked), or the end.
        let start: Int, regionEnd: Int
        if let first = oldChildren.first, let last = oldChildren.last {
            start = Int(first)
            regionEnd = subtreeEnd(Int(last))
        } else if let next = after.first ?? before.last.map({ Int32(subtreeEnd(Int($0))) }) {
            start = Int(next)
            regionEnd = start
        } else {
            var k = c + 1
            while k < end && nodes[k].parent == container && decoration(ofChildIndex: nodes[k].childIndex)?.isOverlay == false {
                k = subtreeEnd(k)
            }
            start = k
            regionEnd = k
        }
        var childRanges: [Range<Int>] = []
        childRanges.reserveCapacity(oldChildren.count)
        for (k, node) in oldChildren.enumerated() {
            childRanges.append(Int(node)..<(k + 1 < oldChildren.count ? Int(oldChildren[k + 1]) : regionEnd))
        }
        let region = nodes.unchecked
        for k in start..<regionEnd where region[k].kind == .grid || region[k].kind == .hgrid { return .failure(.holdsGrid) }
        // A font report of the region's text runs is the full build's to order and name.
        if !fontMisses.isEmpty || !fontSubstitutions.isEmpty {
            let texts = entries(in: start..<regionEnd).texts
            if fontMisses.contains(where: { texts.contains(Int($0.text)) })
                || fontSubstitutions.contains(where: { texts.contains(Int($0.text)) }) { return .failure(.reports) }
        }
        // The build's diagnostics about the children follow them (`spliceBuildDiagnostics`).
        guard let childDiagnostics = childDiagnostics(of: childRanges, from: start) else { return .failure(.reports) }

        // The new payload: kept by a source that keeps the old one (kept children's nodes still point into it). The
        // container's node is kept without its children, and each made child on its own: no pointer of the tree goes
        // into the container's children array, which the state's screen alone then holds, and rearranges in place
        // at the next change (`TemplateItemPatch.rearrange`). A kept child's node stays where it was kept.
        let newSource = PayloadSource(root: source.root.pointee, title: source.title, extending: source)
        let kept = newSource.keep(containerNode, withoutChildren: true)
        let depth = depth(of: container) + 1
        let axes = childAxes(of: container)
        prepareScratch(&scratch, under: c, source: newSource, pointer: kept)
        var runs: [NodeRun] = []
        runs.reserveCapacity(origins.count)
        // Each new child's number after the splice: the children's subtrees follow each other from `start`.
        var childRoots: [Int32] = []
        childRoots.reserveCapacity(origins.count)
        var childRoot = start
        containerNode.children.withUnsafeBufferPointer { children in
            for (j, origin) in origins.enumerated() {
                childRoots.append(Int32(childRoot))
                if origin >= 0 {
                    let range = childRanges[Int(origin)]
                    if case .old(let last)? = runs.last, last.upperBound == range.lowerBound {
                        runs[runs.count - 1] = .old(last.lowerBound..<range.upperBound)
                    } else {
                        runs.append(.old(range))
                    }
                    childRoot += range.count
                } else {
                    let first = scratch.nodes.count
                    builder.add(newSource.keep(children[j]), parent: 0, childIndex: Int32(j), parentContext: axes.context,
                                shareAxis: axes.share, parentHidden: nodes[c].isHidden, depth: depth, into: &scratch)
                    runs.append(.made(first..<scratch.nodes.count))
                    childRoot += scratch.nodes.count - first
                }
            }
        }
        guard scratch.buildDiagnostics.isEmpty || (childDiagnostics.placeKnown && scratch.reportsAboutOwnNodes(from: 1)),
              scratch.fontMisses.isEmpty, scratch.fontSubstitutions.isEmpty else {
            scratch.source = nil
            return .failure(.reports)
        }
        guard scratch.gridItems.isEmpty, scratch.lazyGridNodes.isEmpty,
              !(1..<scratch.nodes.count).contains(where: { scratch.nodes[$0].kind == .grid || scratch.nodes[$0].kind == .hgrid }) else {
            scratch.source = nil
            return .failure(.holdsGrid)
        }

        // Nothing refuses from here on.
        makeNodeBuffersOwn()
        // The runs that move no node (`trimmed()`: leading kept children where they were, trailing ones that move with
        // the nodes after the region) are left out of the region every table is spliced and renumbered over.
        let moved = TableSplice(region: start..<regionEnd, runs: runs).trimmed()
        let lower = moved.region.lowerBound, upper = moved.region.upperBound
        let movedRuns = moved.runs.count == runs.count ? runs : Array(moved.runs)
        let nodeSplice = TableSplice(region: moved.region, runs: movedRuns)
        var (regionNumbers, scratchNumbers) = nodeSplice.numbers(madeCount: scratch.nodes.count)
        scratchNumbers[0] = container
        let splice0 = ChildrenSplice(container: container, nodes: nodeSplice, texts: TableSplice(region: 0..<0, runs: []),
                                     layers: TableSplice(region: 0..<0, runs: []), regionNumbers: regionNumbers)
        func renumber(_ i: Int32) -> Int32 { splice0.newNumber(i) }
        func renumberMade(_ i: Int32) -> Int32 { i < 0 ? -1 : scratchNumbers[Int(i)] }

        // Side tables: the runs of each, in the new order.
        var textRuns: [NodeRun] = [], inputRuns: [NodeRun] = [], layeredRuns: [NodeRun] = [], layerRuns: [NodeRun] = []
        textRuns.reserveCapacity(movedRuns.count); inputRuns.reserveCapacity(movedRuns.count)
        layeredRuns.reserveCapacity(movedRuns.count); layerRuns.reserveCapacity(movedRuns.count)
        for run in movedRuns {
            switch run {
            case .old(let range):
                let (texts, inputs) = entries(in: range)
                textRuns.append(.old(texts))
                inputRuns.append(.old(inputs))
                let layered = layeredEntries(in: range)
                layeredRuns.append(.old(layered))
                layerRuns.append(.old(layerRange(of: layered, in: layeredNodes)))
            case .made(let range):
                let (texts, inputs) = scratch.entries(in: range)
                textRuns.append(.made(texts))
                inputRuns.append(.made(inputs))
                let layered = scratch.layeredEntries(in: range)
                layeredRuns.append(.made(layered))
                layerRuns.append(.made(layerRange(of: layered, in: scratch.layeredNodes)))
            }
        }
        let (textRegion, inputRegion) = entries(in: lower..<upper)
        let textSplice = TableSplice(region: textRegion, runs: textRuns)
        let inputSplice = TableSplice(region: inputRegion, runs: inputRuns)
        let layeredRegion = layeredEntries(in: lower..<upper)
        let layeredSplice = TableSplice(region: layeredRegion, runs: layeredRuns)
        let layerSplice = TableSplice(region: layerRange(of: layeredRegion, in: layeredNodes), runs: layerRuns)
        let textNumbers = EntryNumbers(textSplice), inputNumbers = EntryNumbers(inputSplice)
        let layerNumbers = EntryNumbers(layerSplice)

        // The per-node records.
        let oldNodeCount = nodes.count
        nodes.splice(nodeSplice, made: scratch.nodes, filler: FlatNode())
        frames.splice(nodeSplice, made: scratch.frames, filler: FrameSpec())
        paddings.splice(nodeSplice, made: scratch.paddings, filler: PaddingSpec())
        sources.splice(nodeSplice, made: scratch.sources, filler: kept)
        nodeCapacity = min(nodes.capacity, frames.capacity, paddings.capacity, sources.capacity)
        let flat = nodes.unchecked
        // The nodes before the region: their parents, text runs and controls come before it too; only a link to a
        // node in or after it (an ancestor's next sibling, the container's first child) is renumbered.
        let first = Int32(lower)
        for k in 0..<lower {
            if flat[k].firstChild >= first { flat[k].firstChild = splice0.newNumber(flat[k].firstChild) }
            if flat[k].nextSibling >= first { flat[k].nextSibling = splice0.newNumber(flat[k].nextSibling) }
        }
        var k = lower
        var afterRegion = nodeSplice.runs
        if upper < oldNodeCount { afterRegion.append(.old(upper..<oldNodeCount)) }
        for run in afterRegion {
            if case .made = run {
                for _ in 0..<run.count {
                    flat[k].parent = renumberMade(flat[k].parent)
                    flat[k].firstChild = renumberMade(flat[k].firstChild)
                    flat[k].nextSibling = renumberMade(flat[k].nextSibling)
                    if flat[k].textIndex >= 0 { flat[k].textIndex = textNumbers.made(flat[k].textIndex) }
                    if flat[k].kind == .input && flat[k].firstGridItem >= 0 { flat[k].firstGridItem = inputNumbers.made(flat[k].firstGridItem) }
                    k += 1
                }
            } else {
                for _ in 0..<run.count {
                    flat[k].parent = splice0.newNumber(flat[k].parent)
                    flat[k].firstChild = splice0.newNumber(flat[k].firstChild)
                    flat[k].nextSibling = splice0.newNumber(flat[k].nextSibling)
                    if flat[k].textIndex >= 0 { flat[k].textIndex = textNumbers.old(flat[k].textIndex) }
                    if flat[k].kind == .input && flat[k].firstGridItem >= 0 { flat[k].firstGridItem = inputNumbers.old(flat[k].firstGridItem) }
                    k += 1
                }
            }
        }
        // The container's children, linked again: its header, the children in their new order (each at its new
        // index, its payload node the new one), its footer.
        var chain: [Int32] = []
        chain.reserveCapacity(before.count + origins.count + after.count)
        chain += before.lazy.map(renumber)
        assert(followEachOther(childRoots, from: start), "spliceChildren: a child's number is not where the one before it ends")
        chain += childRoots
        chain += after.map(renumber)
        var j: Int32 = 0
        for (position, node) in chain.enumerated() {
            flat[Int(node)].nextSibling = position + 1 < chain.count ? chain[position + 1] : -1
            flat[Int(node)].parent = container
            if position >= before.count && position < chain.count - after.count {
                flat[Int(node)].childIndex = j
                j += 1
            }
        }
        flat[c].firstChild = chain.first ?? -1
        sources[c] = kept

        // The side tables.
        texts.splice(textSplice, made: scratch.texts, filler: TextSpec(string: "", style: .body, fixedWeight: nil, contentSize: contentSize, lineLimit: nil, alignment: .center))
        inputs.splice(inputSplice, made: scratch.inputs, filler: InputSpec(controlWidth: 0, controlHeight: 0, gap: 0, segments: 0, expands: false))
        let oldLayered = layeredNodes
        let oldLayerCount = layers.count
        layeredNodes.splice(layeredSplice, made: scratch.layeredNodes, filler: LayeredNode(node: -1, firstLayer: 0, layerCount: 0, ignoresSafeArea: false))
        layers.splice(layerSplice, made: scratch.layers, filler: LayoutLayer(role: .content, modifier: nil))
        var layeredAt = 0
        for run in layeredSplice.wholeTable(oldCount: oldLayered.count) {
            for _ in 0..<run.count {
                if case .made = run {
                    layeredNodes[layeredAt].node = renumberMade(layeredNodes[layeredAt].node)
                    layeredNodes[layeredAt].firstLayer = layerNumbers.made(layeredNodes[layeredAt].firstLayer)
                } else {
                    layeredNodes[layeredAt].node = renumber(layeredNodes[layeredAt].node)
                    layeredNodes[layeredAt].firstLayer = layerNumbers.old(layeredNodes[layeredAt].firstLayer)
                }
                layeredAt += 1
            }
        }
        var layerAt = 0
        for run in layerSplice.wholeTable(oldCount: oldLayerCount) {
            for _ in 0..<run.count {
                let node = layers[layerAt].contentNode
                if node >= 0 {
                    if case .made = run { layers[layerAt].contentNode = renumberMade(node) } else { layers[layerAt].contentNode = renumber(node) }
                }
                layerAt += 1
            }
        }
        ignoresSafeAreaCount = layeredNodes.reduce(0) { $0 + ($1.ignoresSafeArea ? 1 : 0) }

        // What is indexed by node or text run elsewhere.
        var replaced: [Int32: ReplacedSource] = [:]
        for (node, holder) in replacedSources where node != container {
            let moved = renumber(node)
            if moved >= 0 { replaced[moved] = holder }
        }
        replacedSources = replaced
        lazyGridNodes = lazyGridNodes.map(renumber)
        for k in fontMisses.indices { fontMisses[k].text = textNumbers.old(fontMisses[k].text) }
        for k in fontSubstitutions.indices { fontSubstitutions[k].text = textNumbers.old(fontSubstitutions[k].text) }
        diagnosticNames.removeAll()
        builtCount = nodes.count
        usesSizeClasses = usesSizeClasses || scratch.usesSizeClasses
        usesFontFamilies = usesFontFamilies || scratch.usesFontFamilies
        self.source = newSource
        linksArray = nil
        scratch.source = nil
        _ = deriveChildFields(of: container)
        spliceBuildDiagnostics(childDiagnostics, runs: runs, childRanges: childRanges, made: scratch, renumber: renumber,
                               renumberMade: renumberMade)
        return .success(ChildrenSplice(container: container, nodes: nodeSplice, texts: textSplice, layers: layerSplice,
                                       regionNumbers: regionNumbers))
    }

    /// The runs of text runs and of controls of the nodes in `range` (each table is in node order), found in one pass.
    private func entries(in range: Range<Int>) -> (texts: Range<Int>, inputs: Range<Int>) {
        let nodes = self.nodes.unchecked
        var firstText = -1, texts = 0, firstInput = -1, inputs = 0
        for k in range {
            let text = nodes[k].textIndex
            if text >= 0 {
                if firstText < 0 { firstText = Int(text) }
                texts += 1
            }
            if nodes[k].kind == .input, case let input = nodes[k].firstGridItem, input >= 0 {
                if firstInput < 0 { firstInput = Int(input) }
                inputs += 1
            }
        }
        return (firstText >= 0 ? firstText..<(firstText + texts) : entries(before: range.lowerBound, texts: true),
                firstInput >= 0 ? firstInput..<(firstInput + inputs) : entries(before: range.lowerBound, texts: false))
    }

    /// Where the text runs (`texts: true`) or controls of nodes that have none go when they are at `node`: after the
    /// last entry of a node before it.
    private func entries(before node: Int, texts: Bool) -> Range<Int> {
        let nodes = self.nodes.unchecked
        var k = node - 1
        while k >= 0 {
            let n = nodes[k]
            let entry = texts ? n.textIndex : (n.kind == .input ? n.firstGridItem : -1)
            if entry >= 0 { return Int(entry + 1)..<Int(entry + 1) }
            k -= 1
        }
        return 0..<0
    }

    /// The run of `layeredNodes` entries of the nodes in `range`.
    private func layeredEntries(in range: Range<Int>) -> Range<Int> {
        var low = 0, high = layeredNodes.count
        while low < high {
            let middle = (low + high) >> 1
            if Int(layeredNodes[middle].node) < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < layeredNodes.count && Int(layeredNodes[end].node) < range.upperBound { end += 1 }
        return low..<end
    }

    /// The layers of the layered entries `entries` of `table` (one run: their layers are in node order).
    private func layerRange(of entries: Range<Int>, in table: ContiguousArray<LayeredNode>) -> Range<Int> {
        guard let first = entries.first, let last = entries.last else {
            // None: where they would go — after the layers of the entry before.
            if entries.lowerBound > 0 {
                let before = table[entries.lowerBound - 1]
                return Int(before.firstLayer + before.layerCount)..<Int(before.firstLayer + before.layerCount)
            }
            return 0..<0
        }
        return Int(table[first].firstLayer)..<Int(table[last].firstLayer + table[last].layerCount)
    }

    /// Node `node`'s nesting depth (the root is 1).
    func depth(of node: Int32) -> Int {
        var depth = 0
        var a = node
        while a >= 0 { depth += 1; a = nodes[Int(a)].parent }
        return depth
    }

    /// The stack axis and share axis `node` gives its children, as the build derives them (`TreeBuilder.add`).
    func childAxes(of node: Int32) -> (context: StackAxisContext, share: StackAxisContext) {
        let n = nodes[Int(node)]
        let context: StackAxisContext
        switch n.kind {
        case .vstack: context = .vertical
        case .hstack: context = .horizontal
        case .scroll: context = n.isHorizontal ? .horizontal : .vertical
        default: context = .none
        }
        switch n.kind {
        case .vstack, .hstack, .scroll: return (context, context)
        case .zstack, .custom:
            let spec = n.hasLayers ? fixedFrame(of: layered(node)) : frames[Int(node)]
            switch n.shareAxis {
            case .vertical: return (context, spec.height.isNaN ? .vertical : .none)
            case .horizontal: return (context, spec.width.isNaN ? .horizontal : .none)
            case .none: return (context, .none)
            }
        default: return (context, .none)
        }
    }
}
