public import SDUISchema

/// Flexible space along the enclosing stack's axis (SwiftUI's `Spacer`): writes a `spacer` node.
public struct Spacer: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// A spacer at least `minLength` points long (default 8).
    public init(minLength: Responsive<Double>? = nil) {
        node = ComponentNode(type: .spacer)
        node.minLength = minLength
    }

    /// A spacer at least `minLength` points long, for a `Double` variable.
    @_disfavoredOverload
    public init(minLength: Double) {
        self.init(minLength: .fixed(minLength))
    }
}
