import SDUIEnvironment
import SDUISchema

/// The payload nodes a built tree was made from, shared by the tree and the results made from it: every flat node
/// points at its payload node (`LayoutTree.sources`), in memory this object keeps alive and never moves.
///
/// The screen's root is copied into memory of its own; a node inside it is reached in place, inside its parent's
/// `children` buffer, which the root keeps (and which nothing changes: the payload model is a value). The views of
/// backgrounds and overlays and a section's header and footer are copies (`keep(_:)`): the model hands them out by
/// value.
///
/// Also keeps, once a later stage has asked for them, what the nodes show and do (`NodeContentTable`), and, once a
/// result of this tree has been read, the named nodes (id, path, type, parent) of the tree in
/// document order, so that reading the nodes of a later result of the same tree (a relayout) only copies them and
/// fills in frames and text runs.
final class PayloadSource: @unchecked Sendable {
    /// The screen's root node.
    let root: UnsafePointer<ComponentNode>
    /// The screen's title.
    let title: String?
    /// Nodes kept for the tree besides the root: each `keep(_:)`'s. Written only while the tree is built (one thread).
    private var kept: [UnsafeMutablePointer<ComponentNode>] = []
    /// (A `PlainLock`: one allocation, where an `NSLock` is four on Linux; every build makes a source.)
    private let lock = PlainLock.make()
    /// Guarded by `lock`.
    private var namedNodes: [LayoutNode]?
    /// The content of the tree's nodes, one table per size class asked for (`contents(_:sizeClass:)`). Guarded by
    /// `lock`.
    private var contentTables: [NodeContentTable] = []

    /// The source a state change's splice extended (`LayoutTree.spliceChildren`): kept children's flat nodes still
    /// point into it.
    private let extended: PayloadSource?
    /// How many splices extended the sources before this one (0 for a built tree's).
    let generation: Int
    /// For a splice's source, the runs of the spliced tree's nodes over the nodes of the tree `extended` is of
    /// (`TableSplice.wholeTable(oldCount:)`): how a content table of that tree is carried to this one. Written only
    /// by the splice, before the tree is laid out.
    private var spliceRuns: [NodeRun]?
    /// The most splices a tree's sources take before they are started afresh (`LayoutTree.restartSource(from:)`;
    /// each keeps the one before, and with it the payload nodes of every item it ever held).
    static let maxGeneration = 32

    init(root: ComponentNode, title: String?) {
        self.title = title
        extended = nil
        generation = 0
        let stored = UnsafeMutablePointer<ComponentNode>.allocate(capacity: 1)
        stored.initialize(to: root)
        self.root = UnsafePointer(stored)
    }

    /// A source for a tree whose nodes point into `previous` too (a splice), with the same root and title.
    init(root: ComponentNode, title: String?, extending previous: PayloadSource) {
        self.title = title
        extended = previous
        generation = previous.generation + 1
        let stored = UnsafeMutablePointer<ComponentNode>.allocate(capacity: 1)
        stored.initialize(to: root)
        self.root = UnsafePointer(stored)
    }

    deinit {
        let root = UnsafeMutablePointer(mutating: root)
        root.deinitialize(count: 1)
        root.deallocate()
        for node in kept {
            node.deinitialize(count: 1)
            node.deallocate()
        }
    }

    /// A copy of `node` in memory of its own, valid as long as this source: for a node the model gives by value (a
    /// background's or overlay's view, a section's header or footer), and a splice's container and made children.
    /// Only while the tree is being built or spliced. `withoutChildren`: the copy has none (a spliced container, whose
    /// children's flat nodes point at nodes kept elsewhere: the copy does not hold the model's children array).
    func keep(_ node: ComponentNode, withoutChildren: Bool = false) -> UnsafePointer<ComponentNode> {
        let stored = UnsafeMutablePointer<ComponentNode>.allocate(capacity: 1)
        stored.initialize(to: node)
        if withoutChildren { stored.pointee.children = [] }
        kept.append(stored)
        return UnsafePointer(stored)
    }

    /// What the tree's nodes show and do, for `links` (the tree's own, in node order) and `sizeClass`: resolved the
    /// first time a result of the tree is asked, then shared by its results; for a result whose nodes' payload nodes a
    /// state change replaced (`replaced`), a table with those nodes resolved again (shared from then on).
    /// The first table of a spliced tree is the table of the tree it was spliced from carried through the splices
    /// (`NodeContentTable.spliced(from:through:links:replaced:)`), when that tree had one.
    func contents(_ links: OutputLinks, replaced: [Int32: ReplacedSource], sizeClass: UserInterfaceSizeClass) -> NodeContentTable {
        lock.lock()
        defer { lock.unlock() }
        if let i = contentTables.firstIndex(where: { $0.sizeClass == sizeClass }) {
            let table = contentTables[i].patched(links, replaced: replaced)
            contentTables[i] = table
            return table
        }
        let made = splicedContents(links, replaced: replaced, sizeClass: sizeClass)
            ?? NodeContentTable(links: links, replaced: replaced, sizeClass: sizeClass)
        contentTables.append(made)
        return made
    }

    /// Records that this source's tree is the tree of `extended` with its nodes spliced as `runs` say.
    func follows(splice runs: [NodeRun]) { spliceRuns = runs }

    /// The table of the nearest tree this one was spliced from that has one for `sizeClass`, carried through the
    /// splices since; nil when none has.
    private func splicedContents(_ links: OutputLinks, replaced: [Int32: ReplacedSource],
                                 sizeClass: UserInterfaceSizeClass) -> NodeContentTable? {
        var splices: [[NodeRun]] = []
        var source = self
        while let runs = source.spliceRuns, let previous = source.extended {
            splices.append(runs)
            if let base = previous.existingContents(sizeClass: sizeClass) {
                return NodeContentTable.spliced(from: base, through: splices.reversed(), links: links, replaced: replaced)
            }
            source = previous
        }
        return nil
    }

    /// The table for `sizeClass`, if one was made.
    private func existingContents(sizeClass: UserInterfaceSizeClass) -> NodeContentTable? {
        lock.lock()
        defer { lock.unlock() }
        return contentTables.first { $0.sizeClass == sizeClass }
    }

    /// The named nodes of the tree as built, made by `make` the first time (`isNew`: made by this call).
    func template(_ make: () -> [LayoutNode]) -> (nodes: [LayoutNode], isNew: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if let namedNodes { return (namedNodes, false) }
        let made = make()
        namedNodes = made
        return (made, true)
    }
}

/// One payload node in memory of its own, for a flat node whose payload node a state change replaced
/// (`LayoutTree.replaceSource(of:from:)`): the tree and every result that points at it keep it. The next change of the
/// same node writes the new node into it only when nothing but the tree holds it (no result, no content table).
final class ReplacedSource: ManagedBuffer<Void, ComponentNode> {
    /// A holder of `node`.
    static func make(_ node: ComponentNode) -> ReplacedSource {
        let holder = unsafeDowncast(create(minimumCapacity: 1) { _ in () }, to: ReplacedSource.self)
        holder.withUnsafeMutablePointerToElements { $0.initialize(to: node) }
        return holder
    }

    /// The node, at an address that does not change while the holder lives.
    var node: UnsafePointer<ComponentNode> { UnsafePointer(withUnsafeMutablePointerToElements { $0 }) }

    deinit { _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 1) } }
}

extension LayoutTree {
    /// Points every node at its payload node in `root` — the screen the tree shows now — held by a source of its own
    /// (`PayloadSource.generation` 0), and lets the sources before it go: what a tree whose sources many splices
    /// extended does instead of a full build. A node is found where `replaceSource(of:from:)` finds it (its child
    /// slot in its parent's payload node, from the root down); the views the model gives by value (backgrounds,
    /// overlays, a section's header and footer) are kept by the new source. Nodes whose payload node a state change
    /// replaced point into `root` too (their holders go). The new source carries no content table (the old ones
    /// point into the sources let go): its first request makes one. false, nothing changed, when a node has no
    /// payload node there.
    /// - Complexity: O(n) in the nodes, plus a copy of each view the model gives by value.
    mutating func restartSource(from root: ComponentNode) -> Bool {
        guard let old = source, builtCount == nodes.count, lazyGrids.isEmpty, !nodes.isEmpty else { return false }
        let fresh = PayloadSource(root: root, title: old.title)
        let flat = nodes.unchecked
        var pointers = ContiguousArray<UnsafePointer<ComponentNode>>(repeating: fresh.root, count: flat.count)
        for k in 1..<flat.count {
            let parent = Int(flat[k].parent)
            guard parent >= 0, parent < k else { return false }
            let slot = flat[k].childIndex
            if slot >= 0 {
                let children = ComponentNode.children(at: pointers[parent])
                guard Int(slot) < children.count, let base = children.baseAddress else { return false }
                pointers[k] = base + Int(slot)
            } else {
                guard let view = pointers[parent].pointee.child(atLayoutIndex: slot) else { return false }
                pointers[k] = fresh.keep(view)
            }
            assert(NodeIdentity(pointers[k]).type == NodeIdentity(sources[k]).type, "restartSource: node \(k) found another payload node")
        }
        if sources.isFrozen && !sources.thawIfUnique() {
            sources = NodeBuffer(copying: sources)
            nodeCapacity = min(nodeCapacity, sources.capacity)
        }
        for k in 0..<flat.count { sources[k] = pointers[k] }
        replacedSources = [:]
        source = fresh
        linksArray = nil
        return true
    }
}
