import SDUISchema

/// What names a flat node: its payload `id` and its type. The build writes one per node as it visits it
/// (`LayoutTree.identities`, by node index), so a result's nodes and diagnostics are named from the flat tree, not
/// from the payload.
struct NodeIdentity: Equatable {
    /// The payload's `id` (nil: the node is named by its path id, `root.0.3`).
    var id: String?
    var type: ComponentType

    /// The identity of the payload node at `node`.
    @inline(__always)
    init(_ node: UnsafePointer<ComponentNode>) {
        id = node.pointee.id
        type = node.pointee.type
    }

    init(id: String?, type: ComponentType) {
        self.id = id
        self.type = type
    }
}
