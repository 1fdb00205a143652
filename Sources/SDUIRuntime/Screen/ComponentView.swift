import SDUIEnvironment
public import SDUILayout
public import SDUISchema

/// The view the registry makes for a built-in node type (and the placeholder for an unknown one):
/// headless, it keeps what a drawing view would need — the node, its text lines, its action.
@MainActor
open class ComponentView: View {
    /// The payload node, in the screen's current state (updated in place when the state changes).
    public internal(set) var component: ComponentNode
    /// The node's last layout (frame in screen coordinates, text lines).
    public internal(set) var layoutNode: LayoutNode?
    /// True when no component is registered for the node's type (an empty box is shown).
    public let isPlaceholder: Bool

    /// Creates a view for `component`.
    public init(component: ComponentNode, isPlaceholder: Bool = false) {
        self.component = component
        self.isPlaceholder = isPlaceholder
        super.init()
        accessibilityIdentifier = component.id
    }

    /// The node's type.
    public var componentType: ComponentType { component.type }
    /// The text lines as the engine broke them (text nodes and button titles).
    public var textLines: [String] { layoutNode?.text?.lines ?? [] }
    /// What a tap does.
    public var action: Action? { component.modifiers.action }
}
