public import SDUISchema

/// A value the DSL turns into one payload node: a DSL component (`VStack`, `Text`, …) or a `ComponentNode`.
///
/// Components are values: every modifier returns a modified copy and leaves the receiver unchanged.
/// Modifiers set properties of the one node; the layout applies them in the model's fixed order
/// (aspectRatio → padding → frame → background → cornerRadius) whatever order they are written in.
public protocol PayloadComponent: Sendable {
    /// The payload node this component writes.
    var node: ComponentNode { get set }
}

extension ComponentNode: PayloadComponent {
    /// The node itself, so a `ComponentNode` can appear in a `@ComponentBuilder` block and take modifiers.
    public var node: ComponentNode {
        get { self }
        set { self = newValue }
    }
}

extension PayloadComponent {
    /// A copy with `change` applied to its node.
    func with(_ change: (inout ComponentNode) -> Void) -> Self {
        var copy = self
        change(&copy.node)
        return copy
    }
}
