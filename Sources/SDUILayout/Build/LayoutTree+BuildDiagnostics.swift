// The build's diagnostics: each records the flat node it names, so that a splice of a container's children can keep
// them — the diagnostics about kept children follow them to their new places and take their new names (a path id
// and a JSON Pointer say where a node is among its siblings), the made children's are put in, in the order a full
// build reports them.

/// Which node a diagnostic of the build names.
struct DiagnosticOwner: Equatable {
    /// The flat node.
    var node: Int32
    /// How many bytes of the diagnostic's pointer come after the node's own (`/frame`: 6).
    var pointerSuffixLength: Int32
    /// Reported once the whole tree is built (a font's), after every diagnostic reported as nodes are added.
    var reportedLast: Bool
}

extension LayoutTree {
    /// Appends a diagnostic of the build about flat node `node`, whose pointer is the node's followed by
    /// `pointerSuffix` (`/frame`, or empty). `reportedLast`: reported once the whole tree is built (a font's), not
    /// as its node is added.
    mutating func report(_ diagnostic: LayoutDiagnostic, about node: Int32, pointerSuffix: String = "", reportedLast: Bool = false) {
        buildDiagnostics.append(diagnostic)
        buildDiagnosticOwners.append(DiagnosticOwner(node: node, pointerSuffixLength: Int32(pointerSuffix.utf8.count),
                                                     reportedLast: reportedLast))
    }

    /// Drops the build's diagnostics after the first `count` (those of rows realised for one pass).
    mutating func truncateBuildDiagnostics(to count: Int) {
        buildDiagnostics.truncate(to: count)
        buildDiagnosticOwners.truncate(to: count)
    }
}

/// Where the build's diagnostics about a container's children are (`LayoutTree.childDiagnostics`).
struct ChildDiagnostics {
    /// The run of `buildDiagnostics` about the children: the full build reports each child's subtree while it
    /// builds it, one child after another. Empty: where such diagnostics go.
    var run: Range<Int>
    /// For each old child, its part of `run` (in the list's order); empty when `run` is.
    var ofChild: [Range<Int>]
    /// Whether `run`'s place is known when it is empty: the list is in node order, so a diagnostic about a node
    /// before the children (a decorated image's is reported after its background views, which the children may
    /// be in) was reported before them.
    var placeKnown: Bool
}

extension LayoutTree {
    /// Where the build's diagnostics about the nodes of the children `children` (each child's node range, in
    /// order, in the build's numbering; they start at node `start`, or go there when there are none) are, or nil
    /// when a splice cannot keep the full build's order: they do not follow each other child by child, or one of
    /// them is reported last (a font's: the full build orders those by text run, after every other).
    func childDiagnostics(of children: [Range<Int>], from start: Int) -> ChildDiagnostics? {
        let owners = buildDiagnosticOwners
        assert(owners.count == buildDiagnostics.count, "childDiagnostics: a diagnostic without its owner")
        if owners.isEmpty { return ChildDiagnostics(run: 0..<0, ofChild: [], placeKnown: true) }
        guard let first = children.first?.lowerBound, let end = children.last?.upperBound else {
            return ChildDiagnostics(run: 0..<0, ofChild: [], placeKnown: false).placed(in: owners, at: start)
        }
        var ofChild: [Range<Int>] = []
        var lower = -1, upper = -1, child = 0
        for (k, owner) in owners.enumerated() where Int(owner.node) >= first && Int(owner.node) < end {
            guard !owner.reportedLast, lower < 0 || upper == k else { return nil }
            while !children[child].contains(Int(owner.node)) {
                child += 1
                guard child < children.count else { return nil }  // an earlier child's, after a later one's
            }
            if ofChild.isEmpty { ofChild = [Range<Int>](repeating: 0..<0, count: children.count) }
            if ofChild[child].isEmpty { ofChild[child] = k..<k }
            ofChild[child] = ofChild[child].lowerBound..<(k + 1)
            if lower < 0 { lower = k }
            upper = k + 1
        }
        guard lower < 0 else { return ChildDiagnostics(run: lower..<upper, ofChild: ofChild, placeKnown: true) }
        return ChildDiagnostics(run: 0..<0, ofChild: [], placeKnown: false).placed(in: owners, at: first)
    }

    /// Whether a subtree built on its own (a splice's made children, from node `first`) reported only diagnostics
    /// about its nodes, none of them last.
    func reportsAboutOwnNodes(from first: Int32) -> Bool {
        buildDiagnosticOwners.allSatisfy { !$0.reportedLast && $0.node >= first }
    }

    /// Makes the build's diagnostics those of the tree after a splice of a container's children: `where.run` is
    /// replaced by, for each of `runs` in its new order, the old diagnostics about a kept run's children or
    /// `made`'s about a made run's nodes, each named again at its node's new place; the others keep their names.
    /// Every owner is renumbered (`renumber` old nodes, `renumberMade` made ones). `childRanges`: the old children's
    /// node ranges. Call it after the nodes are spliced and linked (names are read from the tree).
    mutating func spliceBuildDiagnostics(_ place: ChildDiagnostics, runs: [NodeRun], childRanges: [Range<Int>], made: LayoutTree,
                                         renumber: (Int32) -> Int32, renumberMade: (Int32) -> Int32) {
        guard !buildDiagnostics.isEmpty || !made.buildDiagnostics.isEmpty else { return }
        let oldDiagnostics = buildDiagnostics, oldOwners = buildDiagnosticOwners
        buildDiagnostics.removeAll(keepingCapacity: true)
        buildDiagnosticOwners.removeAll(keepingCapacity: true)
        for k in 0..<place.run.lowerBound { keep(oldDiagnostics[k], oldOwners[k], at: renumber(oldOwners[k].node)) }
        var madeAt = 0
        let madeOwners = made.buildDiagnosticOwners
        for nodeRun in runs {
            switch nodeRun {
            case .old(let nodes):
                guard !place.ofChild.isEmpty else { continue }
                // A kept run is one or more whole old children.
                var child = firstChild(in: childRanges, startingAt: nodes.lowerBound)
                while child < childRanges.count && childRanges[child].lowerBound < nodes.upperBound {
                    for k in place.ofChild[child] { rename(oldDiagnostics[k], oldOwners[k], at: renumber(oldOwners[k].node)) }
                    child += 1
                }
            case .made(let nodes):
                while madeAt < madeOwners.count && Int(madeOwners[madeAt].node) < nodes.lowerBound { madeAt += 1 }
                while madeAt < madeOwners.count && nodes.contains(Int(madeOwners[madeAt].node)) {
                    rename(made.buildDiagnostics[madeAt], madeOwners[madeAt], at: renumberMade(madeOwners[madeAt].node))
                    madeAt += 1
                }
            }
        }
        for k in place.run.upperBound..<oldOwners.count { keep(oldDiagnostics[k], oldOwners[k], at: renumber(oldOwners[k].node)) }
    }

    /// The child whose nodes start at `node` (children in order).
    private func firstChild(in childRanges: [Range<Int>], startingAt node: Int) -> Int {
        var low = 0, high = childRanges.count
        while low < high {
            let middle = (low + high) >> 1
            if childRanges[middle].lowerBound < node { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private mutating func keep(_ diagnostic: LayoutDiagnostic, _ owner: DiagnosticOwner, at node: Int32) {
        buildDiagnostics.append(diagnostic)
        buildDiagnosticOwners.append(DiagnosticOwner(node: node, pointerSuffixLength: owner.pointerSuffixLength,
                                                     reportedLast: owner.reportedLast))
    }

    /// `diagnostic` about node `node` at its place now: its id (a path id when the node has no payload id) and its
    /// pointer (the node's, followed by what came after the node's before).
    private mutating func rename(_ diagnostic: LayoutDiagnostic, _ owner: DiagnosticOwner, at node: Int32) {
        var named = diagnostic
        named.path = id(of: node)
        named.pointer = pointer(forPath: path(of: node))
            + String(decoding: diagnostic.pointer.utf8.suffix(Int(owner.pointerSuffixLength)), as: UTF8.self)
        keep(named, owner, at: node)
    }
}

extension ChildDiagnostics {
    /// An empty run put where the full build reports a container's children (`first`: the node they start at):
    /// before the first diagnostic about a later node or reported last. Known only when the list is in node order.
    func placed(in owners: [DiagnosticOwner], at first: Int) -> ChildDiagnostics {
        var sorted = true, last: Int32 = -1, at = owners.count
        for (k, owner) in owners.enumerated() {
            if owner.reportedLast {
                if at == owners.count { at = k }
                last = .max
                continue
            }
            if owner.node < last { sorted = false }
            last = owner.node
            if at == owners.count, Int(owner.node) >= first { at = k }
        }
        return ChildDiagnostics(run: at..<at, ofChild: ofChild, placeKnown: sorted)
    }
}
