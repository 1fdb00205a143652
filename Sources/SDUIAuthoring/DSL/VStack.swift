public import SDUISchema

/// A vertical stack (SwiftUI's `VStack`): writes a `vstack` node.
public struct VStack: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// A stack of `content` from top to bottom.
    /// - Parameters:
    ///   - alignment: Horizontal alignment of narrower children (default center).
    ///   - spacing: Points between children (default 8).
    public init(alignment: Responsive<HorizontalAlignment>? = nil, spacing: Responsive<Double>? = nil,
                @ComponentBuilder content: () -> [ComponentNode]) {
        node = ComponentNode(type: .vstack, children: content())
        node.alignment = alignment?.map(\.alignment)
        node.spacing = spacing
    }
}
