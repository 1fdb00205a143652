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
/// What a node shows and does is read from its payload node's content record (`NodeContent`), through the same
/// pointers: nothing is kept here for it. Once a result of this tree has been read, keeps the named nodes (id, path,
/// type, parent) of the tree in document order, so that reading the nodes of a later result of the same tree (a relayout) only copies them and
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

    /// The source a state change's splice extended (`LayoutTree.spliceChildren`): kept children's flat nodes still
    /// point into it.
    private let extended: PayloadSource?
    /// How many splices extended the sources before this one (0 for a built tree's).
    let generation: Int
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
/// same node writes the new node into it only when nothing but the tree holds it (no result).
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
    /// replaced point into `root` too (their holders go). false, nothing changed, when a node has no payload node
    /// there.
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
