public import SDUISchema

/// A horizontal stack (SwiftUI's `HStack`): writes an `hstack` node.
public struct HStack: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// A stack of `content` from leading to trailing.
    /// - Parameters:
    ///   - alignment: Vertical alignment of shorter children (default center).
    ///   - spacing: Points between children (default 8).
    public init(alignment: Responsive<VerticalAlignment>? = nil, spacing: Responsive<Double>? = nil,
                @ComponentBuilder content: () -> [ComponentNode]) {
        node = ComponentNode(type: .hstack, children: content())
        node.alignment = alignment?.map(\.alignment)
        node.spacing = spacing
    }
}
