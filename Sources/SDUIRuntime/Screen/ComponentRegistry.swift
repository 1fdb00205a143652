public import SDUISchema
public import SDUIDisplay

/// Turns payload nodes into views (the seed's `ComponentRegistry.shared.resolve(node:)`): built-in
/// types get a `ComponentView`; a host app registers factories for its custom types; an unknown type
/// gets a placeholder view (an older app survives a newer server) and the screen reports it.
@MainActor
public final class ComponentRegistry {
    /// Makes the view for a node of a registered type.
    public typealias Factory = @MainActor (ComponentNode) -> View

    /// The registry screens use unless given another.
    public static let shared = ComponentRegistry()

    private var factories: [String: Factory] = [:]

    /// Creates a registry that knows only the built-in types.
    public init() {}

    /// Registers `factory` for nodes whose `type` is `type`; a built-in type's factory replaces the default.
    public func register(type: String, factory: @escaping Factory) { factories[type] = factory }

    /// Removes a registration.
    public func unregister(type: String) { factories[type] = nil }

    /// Whether nodes of `type` resolve to a real view (built in or registered).
    public func canResolve(_ type: ComponentType) -> Bool { type.isBuiltIn || factories[type.rawValue] != nil }

    /// The view for `node`: the registered factory's, a `ComponentView` for a built-in type, or a
    /// placeholder `ComponentView` (`isPlaceholder`) for an unknown type.
    public func resolve(node: ComponentNode) -> View {
        if let factory = factories[node.type.rawValue] {
            let view = factory(node)
            if view.accessibilityIdentifier == nil { view.accessibilityIdentifier = node.id }
            return view
        }
        return ComponentView(component: node, isPlaceholder: !node.type.isBuiltIn)
    }

    /// The view for a display item: the registered factory's (given a node of the item's type, id and payload
    /// properties), or a `ComponentView` (a placeholder for an unknown type), with the item's content applied.
    public func resolve(item: DisplayItem) -> View {
        let view: View
        if let factory = factories[item.type.rawValue] {
            var node = ComponentNode(type: item.type, id: item.payloadID)
            node.extra = item.properties
            view = factory(node)
            if view.accessibilityIdentifier == nil { view.accessibilityIdentifier = item.id }
        } else {
            view = ComponentView(type: item.type, id: item.id, isPlaceholder: !item.type.isBuiltIn)
        }
        (view as? ComponentView)?.apply(item)
        return view
    }
}
