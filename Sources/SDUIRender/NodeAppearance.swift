public import SDUIEnvironment
public import SDUISchema
import SDUILayout

/// A node's visual properties, resolved for one window: what the renderers draw besides the frame.
///
/// Responsive values are resolved against the layout's horizontal size class; colours keep both
/// appearances so a page can switch between light and dark without laying out again.
public struct NodeAppearance: Hashable, Sendable {
    /// Background behind the node's framed box.
    public var background: Color?
    /// Corner radius of the background and of the clip (0: none).
    public var cornerRadius: Double
    /// Padding inside the frame (the content box is the frame inset by it).
    public var padding: EdgeInsets
    /// Where content smaller than the frame sits (the frame modifier's alignment; center by default).
    public var contentAlignment: Alignment
    /// Text colour (text), title colour (button), fill (color node).
    public var color: Color?
    /// The image URL as written in the payload (vetted by `HTMLEscaping.imageSource` before use).
    public var imageURL: String?
    /// How the image fills its box.
    public var contentMode: ContentMode
    /// What an image shows while it loads.
    public var placeholder: ImagePlaceholder
    /// The image's accessibility label.
    public var alt: String?
    /// Whether the image's content is mirrored in a right-to-left layout (`flipsForRightToLeftLayoutDirection`).
    public var flipsForRightToLeftLayoutDirection: Bool
    /// The button's look.
    public var buttonStyle: ButtonStyle
    /// The tap action, if any.
    public var action: Action?
    /// The text as written in the payload (text nodes) or the title (buttons).
    public var sourceText: String?
    /// True when the node clips its children (scroll views and rounded nodes).
    public var clipsContent: Bool

    /// The appearance of `node` (nil: a node the screen does not contain, drawn with defaults) for the
    /// horizontal size class `sizeClass`.
    public init(node: ComponentNode?, type: ComponentType, sizeClass: UserInterfaceSizeClass) {
        func r<T>(_ value: Responsive<T>?) -> T? { value?.resolved(for: sizeClass) }
        let modifiers = node?.modifiers ?? Modifiers()
        background = r(modifiers.background)
        cornerRadius = max(0, r(modifiers.cornerRadius) ?? 0)
        if let p = modifiers.padding {
            padding = EdgeInsets(top: max(0, p.top.resolved(for: sizeClass)), leading: max(0, p.leading.resolved(for: sizeClass)),
                                 bottom: max(0, p.bottom.resolved(for: sizeClass)), trailing: max(0, p.trailing.resolved(for: sizeClass)))
        } else {
            padding = .zero
        }
        contentAlignment = r(modifiers.frame?.alignment) ?? .center
        color = r(node?.color)
        imageURL = r(node?.url)
        contentMode = r(modifiers.contentMode) ?? .fill
        placeholder = r(node?.placeholder) ?? .skeleton
        alt = r(node?.alt)
        flipsForRightToLeftLayoutDirection = r(node?.flipsForRightToLeftLayoutDirection) ?? false
        buttonStyle = r(node?.buttonStyle) ?? .automatic
        action = modifiers.action
        sourceText = type == .button ? r(node?.title) : r(node?.text)
        clipsContent = type == .scroll || cornerRadius > 0
    }
}
