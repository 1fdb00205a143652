public import SDUISchema

/// A color that fills the space it is offered (SwiftUI's `Color` used as a view): writes a `color` node.
///
/// Named `ColorFill` because `Color` is the model's color value (what `background(_:)` takes).
public struct ColorFill: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// A fill of `color` (default primary).
    public init(_ color: Responsive<Color>? = nil) {
        node = ComponentNode(type: .color)
        node.color = color
    }

    /// A fill of a system color name or hex string (see `Color.named(_:)`).
    public init(_ color: String) {
        self.init(.fixed(.named(color)))
    }

    /// A fill of `color`.
    public init(_ color: Color) {
        self.init(.fixed(color))
    }
}
