public import SDUISchema

extension Screen {
    /// A screen whose root is built with the DSL (`Screen(id: "shop") { Scroll { … } }`).
    ///
    /// One component becomes the root; several (or none) are wrapped in a `vstack`, as SwiftUI stacks
    /// the views of a body vertically.
    public init(id: String = "screen", title: String? = nil, @ComponentBuilder content: () -> [ComponentNode]) {
        let nodes = content()
        let root = nodes.count == 1 ? nodes[0] : ComponentNode(type: .vstack, children: nodes)
        self.init(id: id, title: title, root: root)
    }
}
