public import SDUIEnvironment
public import SDUISchema

/// A group of children with an optional header and footer (SwiftUI's `Section`): writes a `section` node. In a
/// scroll with `pinnedViews: [.sectionHeaders]` its header stays at the top while the section passes under it.
public struct Section: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// A section of `content` between `header` and `footer`.
    /// - Parameters:
    ///   - spacing: Points between the header, the children and the footer (default 8).
    public init(spacing: Responsive<Double>? = nil, @ComponentBuilder content: () -> [ComponentNode],
                @ComponentBuilder header: () -> [ComponentNode] = { [] }, @ComponentBuilder footer: () -> [ComponentNode] = { [] }) {
        node = ComponentNode(type: .section, children: content())
        node.spacing = spacing
        node.header = Self.one(header())
        node.footer = Self.one(footer())
    }

    /// One view: the only one, or several in a vstack.
    static func one(_ views: [ComponentNode]) -> ComponentNode? {
        switch views.count {
        case 0: return nil
        case 1: return views[0]
        default: return ComponentNode(type: .vstack, children: views)
        }
    }
}

/// The first child whose ideal size fits (SwiftUI's `ViewThatFits`): writes a `viewThatFits` node.
public struct ViewThatFits: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// The first of `content` that fits on `axes` (default both), else the last.
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ComponentBuilder content: () -> [ComponentNode]) {
        node = ComponentNode(type: .viewThatFits, children: content())
        if axes != [.horizontal, .vertical] { node.axes = axes }
    }
}

/// Children in lines like words, wrapping when the next would not fit (chips, tags): writes a `flow` node.
public struct Flow: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// A flow of `content`.
    /// - Parameters:
    ///   - alignment: Where each line sits across the flow (default leading).
    ///   - spacing: Points between children on a line (default 8).
    ///   - lineSpacing: Points between lines (default: `spacing`).
    public init(alignment: Responsive<HorizontalAlignment>? = nil, spacing: Responsive<Double>? = nil,
                lineSpacing: Responsive<Double>? = nil, @ComponentBuilder content: () -> [ComponentNode]) {
        node = ComponentNode(type: .flow, children: content())
        node.alignment = alignment?.map(\.alignment)
        node.spacing = spacing
        node.lineSpacing = lineSpacing
    }
}

/// A grid of rows filled column by column (SwiftUI's `LazyHGrid`): writes an `hgrid` node.
public struct HGrid: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// `content` in the rows `rows` describes (fixed, flexible, adaptive `GridItem`s).
    /// - Parameters:
    ///   - spacing: Points between columns (and, unless a GridItem says otherwise, after each row; default 8).
    public init(rows: [GridItem], alignment: Responsive<VerticalAlignment>? = nil, spacing: Responsive<Double>? = nil,
                @ComponentBuilder content: () -> [ComponentNode]) {
        node = ComponentNode(type: .hgrid, children: content())
        node.gridItems = .fixed(rows)
        node.alignment = alignment?.map(\.alignment)
        node.spacing = spacing
    }
}

/// A title with an SF Symbol before it (SwiftUI's `Label(_:systemImage:)`): writes a `label` node.
public struct Label: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// `title` after the symbol `systemImage`, in `style` (default body).
    public init(_ title: String, systemImage: String? = nil, style: Responsive<TextStyle>? = nil) {
        node = ComponentNode(type: .label)
        node.title = .fixed(title)
        node.systemImage = systemImage.map { .fixed($0) }
        node.style = style
    }

    /// The title and symbol color (SwiftUI's `foregroundColor(_:)`).
    public func foregroundColor(_ color: Responsive<Color>) -> Label { with { $0.color = color } }
}

extension Image {
    /// An SF Symbol (SwiftUI's `Image(systemName:)`), sized as the symbol at `style` (default body).
    public init(systemName: String, style: Responsive<TextStyle>? = nil) {
        node = ComponentNode(type: .image)
        node.systemName = .fixed(systemName)
        node.style = style
    }
}

extension Scroll {
    /// Keeps the sections' headers and/or footers in the viewport while their section passes under it (SwiftUI's
    /// `LazyVStack(pinnedViews:)`).
    public func pinnedViews(_ views: PinnedScrollableViews) -> Scroll { with { $0.pinnedViews = views } }
}

extension Text {
    /// A line through the text (SwiftUI's `strikethrough(_:)`).
    public func strikethrough(_ isActive: Bool = true) -> Text { with { $0.strikethrough = .fixed(isActive) } }
    /// A line under the text (SwiftUI's `underline(_:)`).
    public func underline(_ isActive: Bool = true) -> Text { with { $0.underline = .fixed(isActive) } }
    /// Every digit as wide as the widest (SwiftUI's `monospacedDigit()`).
    public func monospacedDigit() -> Text { with { $0.monospacedDigit = .fixed(true) } }
    /// Where a line that does not fit is cut (SwiftUI's `truncationMode(_:)`).
    public func truncationMode(_ mode: TruncationMode) -> Text { with { $0.truncationMode = .fixed(mode) } }
    /// How far the font may shrink before the text is truncated (SwiftUI's `minimumScaleFactor(_:)`).
    public func minimumScaleFactor(_ factor: Double) -> Text { with { $0.minimumScaleFactor = .fixed(factor) } }
    /// Extra points between lines (SwiftUI's `lineSpacing(_:)`).
    public func lineSpacing(_ spacing: Double) -> Text { with { $0.lineSpacing = .fixed(spacing) } }
}
