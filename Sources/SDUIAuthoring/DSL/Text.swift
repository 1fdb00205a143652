public import SDUIEnvironment
public import SDUISchema

/// A run of text in a Dynamic Type style (SwiftUI's `Text`): writes a `text` node.
public struct Text: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// Text showing `text`, in `style` (default body).
    public init(_ text: String, style: Responsive<TextStyle>? = nil) {
        self.init(.fixed(text), style: style)
    }

    /// Text whose string may differ per size class.
    public init(_ text: Responsive<String>, style: Responsive<TextStyle>? = nil) {
        node = ComponentNode(type: .text)
        node.text = text
        node.style = style
    }

    /// Sets the Dynamic Type text style (SwiftUI's `font(_:)` with a text style: `.font(.headline)`).
    public func font(_ style: Responsive<TextStyle>) -> Text {
        with { $0.style = style }
    }

    /// Overrides the style's weight (SwiftUI's `fontWeight(_:)`).
    public func fontWeight(_ weight: Responsive<FontWeight>) -> Text {
        with { $0.weight = weight }
    }

    /// Bold weight (SwiftUI's `bold()`).
    public func bold() -> Text {
        fontWeight(.bold)
    }

    /// At most `limit` lines, truncating with an ellipsis; nil for unlimited (SwiftUI's `lineLimit(_:)`).
    public func lineLimit(_ limit: Responsive<Int>?) -> Text {
        with { $0.lineLimit = limit }
    }

    /// At most `limit` lines, for an `Int` variable.
    @_disfavoredOverload
    public func lineLimit(_ limit: Int) -> Text {
        lineLimit(.fixed(limit))
    }

    /// Alignment of the lines of multi-line text (SwiftUI's `multilineTextAlignment(_:)`).
    public func multilineTextAlignment(_ alignment: Responsive<HorizontalAlignment>) -> Text {
        with { $0.alignment = alignment.map(\.alignment) }
    }

    /// The text color (SwiftUI's `foregroundColor(_:)`).
    public func foregroundColor(_ color: Responsive<Color>) -> Text {
        with { $0.color = color }
    }

    /// The text color: a system color name or a hex string (see `Color.named(_:)`).
    public func foregroundColor(_ color: String) -> Text {
        foregroundColor(.fixed(.named(color)))
    }

    /// The text color.
    public func foregroundColor(_ color: Color) -> Text {
        foregroundColor(.fixed(color))
    }
}
