public import SDUISchema

/// A node of a type the host app registers (or a newer format defines): writes a node of `type` with
/// `properties` kept verbatim and optional `children`.
///
/// Decoders that do not know the type keep it with a warning (an error in strict mode).
public struct Custom: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// A `type` node with `properties` (written after the known keys, sorted by name) and `children`.
    ///
    /// A `type` that names a built-in type (`"text"`) writes that type; prefer its component.
    public init(type: String, properties: [String: JSONValue] = [:],
                @ComponentBuilder children: () -> [ComponentNode] = { [] }) {
        node = ComponentNode(type: ComponentType(rawValue: type), children: children())
        node.extra = properties
    }
}
