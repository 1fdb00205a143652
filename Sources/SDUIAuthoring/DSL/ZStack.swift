public import SDUISchema

/// An overlay stack (SwiftUI's `ZStack`): writes a `zstack` node; later children are drawn on top.
public struct ZStack: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// `content` stacked back to front.
    /// - Parameter alignment: Where smaller children sit (default center).
    public init(alignment: Responsive<Alignment>? = nil, @ComponentBuilder content: () -> [ComponentNode]) {
        node = ComponentNode(type: .zstack, children: content())
        node.alignment = alignment
    }
}
