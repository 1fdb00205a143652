public import SDUISchema

/// A scroll view whose children are stacked along its axis (SwiftUI's `ScrollView` + `LazyVStack`/`LazyHStack`):
/// writes a `scroll` node.
public struct Scroll: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// A scroll view of `content`.
    /// - Parameters:
    ///   - axis: Scroll direction (default vertical).
    ///   - spacing: Points between children (default 8).
    public init(_ axis: Responsive<Axis>? = nil, spacing: Responsive<Double>? = nil,
                @ComponentBuilder content: () -> [ComponentNode]) {
        node = ComponentNode(type: .scroll, children: content())
        node.axis = axis
        node.spacing = spacing
    }
}
