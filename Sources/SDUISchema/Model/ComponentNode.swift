public import SDUIEnvironment

/// One node of a screen's tree: a type, an optional id, its properties, modifiers and children.
///
/// Properties are flat and optional: each applies to the types listed in `docs/schema.md`; the decoder
/// refuses a property on a type it does not belong to. Every scalar may be a size-class map.
public struct ComponentNode: Hashable, Sendable {
    /// The node's kind.
    public var type: ComponentType
    /// Unique within the screen when present; otherwise the engine uses the node's path (`root.0.3`).
    public var id: String?
    /// Children, for containers.
    public var children: [ComponentNode]

    // MARK: Containers
    /// Space between children (stacks; grid rows and columns unless `rowSpacing`/`columnSpacing` say otherwise).
    /// Nil means SwiftUI's default (8 pt).
    public var spacing: Responsive<Double>?
    /// Child alignment (vstack: horizontal; hstack: vertical; zstack: both) or text alignment (text).
    public var alignment: Responsive<Alignment>?
    /// Number of grid columns.
    public var columns: Responsive<Int>?
    /// Grid: never make a column narrower than this; lower the column count instead (never below 1).
    public var minColumnWidth: Responsive<Double>?
    public var rowSpacing: Responsive<Double>?
    public var columnSpacing: Responsive<Double>?
    /// Scroll direction.
    public var axis: Responsive<Axis>?

    // MARK: Text
    public var text: Responsive<String>?
    public var style: Responsive<TextStyle>?
    public var weight: Responsive<FontWeight>?
    /// Maximum number of lines; nil means unlimited.
    public var lineLimit: Responsive<Int>?
    /// Text color (text), title color (button), or the fill (color node).
    public var color: Responsive<Color>?

    // MARK: Image
    public var url: Responsive<String>?
    public var placeholder: Responsive<ImagePlaceholder>?
    public var alt: Responsive<String>?

    // MARK: Button
    public var title: Responsive<String>?
    public var buttonStyle: Responsive<ButtonStyle>?

    // MARK: Spacer
    /// Minimum length along the stack's axis; nil means SwiftUI's default (8 pt).
    public var minLength: Responsive<Double>?

    /// Modifiers every node accepts.
    public var modifiers: Modifiers

    /// Properties of custom types, kept verbatim for the host app's component.
    public var extra: [String: JSONValue]

    public init(type: ComponentType, id: String? = nil, children: [ComponentNode] = []) {
        self.type = type
        self.id = id
        self.children = children
        self.modifiers = Modifiers()
        self.extra = [:]
    }

    /// Number of nodes in this subtree, including this one.
    /// - Complexity: O(n).
    public var subtreeCount: Int { 1 + children.reduce(0) { $0 + $1.subtreeCount } }
}

/// Modifiers that apply to any node, in this fixed order from the content outward:
/// `aspectRatio` → `padding` → `frame` → `background` → `cornerRadius` (clips).
public struct Modifiers: Hashable, Sendable {
    /// Space around the content, inside the frame and background.
    public var padding: Padding?
    /// Size constraints (SwiftUI's `frame(width:height:alignment:)` and `frame(minWidth:…)`).
    public var frame: Frame?
    /// Width ÷ height of the content's box (SwiftUI's `aspectRatio(_:contentMode:)`).
    public var aspectRatio: Responsive<Double>?
    /// How the content fills its aspect-ratio box (`fill` default for images).
    public var contentMode: Responsive<ContentMode>?
    /// A color behind the node's padded, framed box.
    public var background: Responsive<Color>?
    /// Corner radius of the background and clip.
    public var cornerRadius: Responsive<Double>?
    /// False removes the node from layout and drawing (like an `if` in SwiftUI). Nil means visible.
    public var visible: Responsive<Bool>?
    /// Priority when siblings in a stack compete for space (SwiftUI's `layoutPriority`); default 0.
    public var layoutPriority: Responsive<Double>?
    /// What a tap does.
    public var action: Action?

    public init() {}
}

/// Padding on each edge; each edge may be a size-class map.
public struct Padding: Hashable, Sendable {
    public var top: Responsive<Double>
    public var leading: Responsive<Double>
    public var bottom: Responsive<Double>
    public var trailing: Responsive<Double>
    public init(top: Responsive<Double> = 0, leading: Responsive<Double> = 0, bottom: Responsive<Double> = 0, trailing: Responsive<Double> = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// The same padding on every edge.
    public init(_ all: Responsive<Double>) { self.init(top: all, leading: all, bottom: all, trailing: all) }
}

/// A frame modifier. Fixed `width`/`height` behave like SwiftUI's `frame(width:height:)`; the min/max
/// fields like `frame(minWidth:maxWidth:…)`, where a max may be `.infinity` ("infinity" in JSON).
public struct Frame: Hashable, Sendable {
    public var width: Responsive<Double>?
    public var height: Responsive<Double>?
    public var minWidth: Responsive<Double>?
    public var maxWidth: Responsive<Double>?
    public var minHeight: Responsive<Double>?
    public var maxHeight: Responsive<Double>?
    /// Where the content sits inside a frame larger than it (default center).
    public var alignment: Responsive<Alignment>?
    public init(width: Responsive<Double>? = nil, height: Responsive<Double>? = nil,
                minWidth: Responsive<Double>? = nil, maxWidth: Responsive<Double>? = nil,
                minHeight: Responsive<Double>? = nil, maxHeight: Responsive<Double>? = nil,
                alignment: Responsive<Alignment>? = nil) {
        self.width = width; self.height = height; self.minWidth = minWidth; self.maxWidth = maxWidth
        self.minHeight = minHeight; self.maxHeight = maxHeight; self.alignment = alignment
    }
}

/// A whole screen: the payload's top level.
public struct Screen: Hashable, Sendable {
    /// The payload format versions this build understands.
    public static let supportedVersions: [Int] = [1]
    public var schemaVersion: Int
    /// The screen's id (used for routing: `navigate` actions name it).
    public var id: String
    public var title: String?
    public var root: ComponentNode

    public init(schemaVersion: Int = 1, id: String, title: String? = nil, root: ComponentNode) {
        self.schemaVersion = schemaVersion; self.id = id; self.title = title; self.root = root
    }
}
