public import SDUISchema

extension PayloadComponent {
    /// What a renderer that cannot show this node — one that does not know its type, or is older than its
    /// `minimumVersion` — shows in its place (`"fallback": NODE`). The fallback may have a fallback of its own; ids
    /// must be unique across a node and its fallbacks.
    ///
    /// ```swift
    /// Custom(type: "map", properties: ["lat": 48.85, "lon": 2.35])
    ///     .fallback(Image(url: "https://…/map.png", alt: "Map of the store").aspectRatio(2))
    /// ```
    public func fallback(_ component: some PayloadComponent) -> Self {
        with { $0.fallback = component.node }
    }

    /// A fallback written as a block: its one component, or a `VStack` of them when it has several.
    public func fallback(@ComponentBuilder _ content: () -> [ComponentNode]) -> Self {
        let nodes = content()
        return with { $0.fallback = nodes.count == 1 ? nodes[0] : ComponentNode(type: .vstack, children: nodes) }
    }

    /// The payload format version a renderer needs to show this node (`"minimumVersion": "1.7"`): an older one
    /// shows the `fallback`, or nothing. `FormatVersion.current` is this build's.
    public func minimumVersion(_ version: FormatVersion) -> Self {
        with { $0.minimumVersion = version }
    }

    /// The payload format version `major.minor` a renderer needs to show this node.
    public func minimumVersion(_ major: Int, _ minor: Int) -> Self {
        minimumVersion(FormatVersion(major, minor))
    }
}
