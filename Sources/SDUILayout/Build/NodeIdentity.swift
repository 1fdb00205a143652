import SDUISchema

/// What names a flat node: its payload `id` and its type, read from the node's payload node when a result's nodes,
/// a node's content or a diagnostic is named (`LayoutNodeStorage.identity(at:)`, `LayoutTree.id(of:)`). The build
/// keeps no copy: a layout whose nodes nobody names owns no id per node.
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
