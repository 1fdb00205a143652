public import SDUISchema

/// The result builder of the DSL: turns a block of components into the list of nodes it describes.
///
/// Supports everything a SwiftUI `@ViewBuilder` block does: several components, `if`/`else`,
/// `if let`, `switch`, `for`-`in` loops, optional components and arrays of components.
@resultBuilder
public enum ComponentBuilder {
    /// One component.
    public static func buildExpression(_ component: some PayloadComponent) -> [ComponentNode] {
        [component.node]
    }
    /// An optional component: nothing when nil.
    public static func buildExpression(_ component: (some PayloadComponent)?) -> [ComponentNode] {
        component.map { [$0.node] } ?? []
    }
    /// An array of components of one kind (for example `[ComponentNode]` or `products.map { Text($0.name) }`).
    public static func buildExpression(_ components: [some PayloadComponent]) -> [ComponentNode] {
        components.map(\.node)
    }
    /// An array of components of different kinds.
    public static func buildExpression(_ components: [any PayloadComponent]) -> [ComponentNode] {
        components.map(\.node)
    }
    /// The statements of a block, in order.
    public static func buildBlock(_ parts: [ComponentNode]...) -> [ComponentNode] {
        parts.flatMap { $0 }
    }
    /// An `if` without `else`: nothing when the condition is false.
    public static func buildOptional(_ part: [ComponentNode]?) -> [ComponentNode] {
        part ?? []
    }
    /// The `if` branch of an `if`/`else` or the first cases of a `switch`.
    public static func buildEither(first part: [ComponentNode]) -> [ComponentNode] {
        part
    }
    /// The `else` branch of an `if`/`else` or the later cases of a `switch`.
    public static func buildEither(second part: [ComponentNode]) -> [ComponentNode] {
        part
    }
    /// A `for`-`in` loop: each iteration's nodes, in order.
    public static func buildArray(_ parts: [[ComponentNode]]) -> [ComponentNode] {
        parts.flatMap { $0 }
    }
    /// An `if #available` block.
    public static func buildLimitedAvailability(_ part: [ComponentNode]) -> [ComponentNode] {
        part
    }
}
