public import SDUISchema

/// A thin separator line across the enclosing stack (SwiftUI's `Divider`): writes a `divider` node.
public struct Divider: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// A divider.
    public init() {
        node = ComponentNode(type: .divider)
    }
}
