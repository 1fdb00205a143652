public import SDUISchema

/// A tappable titled button (SwiftUI's `Button`): writes a `button` node; its tap target is at least 44×44 pt.
public struct Button: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// A button titled `title` that performs `action` (data; the runtime carries it out).
    public init(_ title: String, action: Action? = nil) {
        self.init(.fixed(title), action: action)
    }

    /// A button whose title may differ per size class.
    public init(_ title: Responsive<String>, action: Action? = nil) {
        node = ComponentNode(type: .button)
        node.title = title
        node.modifiers.action = action
    }

    /// The button's look (SwiftUI's `buttonStyle(_:)`: `.bordered`, `.borderedProminent`, …).
    public func buttonStyle(_ style: Responsive<ButtonStyle>) -> Button {
        with { $0.buttonStyle = style }
    }

    /// The tint: title color, or the fill of a `.borderedProminent` button (SwiftUI's `tint(_:)`).
    public func tint(_ color: Responsive<Color>) -> Button {
        with { $0.color = color }
    }

    /// The tint: a system color name or a hex string (see `Color.named(_:)`).
    public func tint(_ color: String) -> Button {
        tint(.fixed(.named(color)))
    }

    /// The tint.
    public func tint(_ color: Color) -> Button {
        tint(.fixed(color))
    }

    /// The title color; the same payload property as `tint(_:)`.
    public func foregroundColor(_ color: Responsive<Color>) -> Button {
        tint(color)
    }

    /// The title color: a system color name or a hex string.
    public func foregroundColor(_ color: String) -> Button {
        tint(color)
    }

    /// The title color.
    public func foregroundColor(_ color: Color) -> Button {
        tint(color)
    }
}
