public import SDUISchema

/// The modifiers that exist only in the `modifiers` chain, named as in SwiftUI. Each wraps everything written
/// before it (see `docs/dsl.md`).
extension PayloadComponent {
    /// Puts `content` behind the node, proposed the node's size and placed by `alignment` (SwiftUI's
    /// `background(alignment:content:)`). Several views are stacked in a `zstack`.
    public func background(alignment: Responsive<Alignment>? = nil, ignoresSafeArea: Bool? = nil,
                           @ComponentBuilder content: () -> [ComponentNode]) -> Self {
        let view = Self.decorationView(content(), alignment: alignment)
        return with { $0.modifiers.chain.append(.background(Decoration(.view(view), alignment: alignment, ignoresSafeArea: ignoresSafeArea.map { .fixed($0) }))) }
    }

    /// Puts a color behind the node that extends into the safe area where the node reaches it (SwiftUI's
    /// `background(_:ignoresSafeAreaEdges:)` with its default).
    public func background(_ color: Responsive<Color>, ignoresSafeArea: Bool) -> Self {
        with { $0.modifiers.chain.append(.background(Decoration(.color(color), ignoresSafeArea: .fixed(ignoresSafeArea)))) }
    }

    /// Puts `content` in front of the node, proposed the node's size and placed by `alignment` (SwiftUI's
    /// `overlay(alignment:content:)`): a badge in a corner, a border shape.
    public func overlay(alignment: Responsive<Alignment>? = nil, @ComponentBuilder content: () -> [ComponentNode]) -> Self {
        let view = Self.decorationView(content(), alignment: alignment)
        return with { $0.modifiers.chain.append(.overlay(Decoration(.view(view), alignment: alignment))) }
    }

    /// Puts a color in front of the node (SwiftUI's `overlay(_ style:)`).
    public func overlay(_ color: Responsive<Color>) -> Self {
        with { $0.modifiers.chain.append(.overlay(Decoration(.color(color)))) }
    }

    /// Puts a color in front of the node: a system color name or `#RGB`/`#RRGGBB`/`#RRGGBBAA`.
    public func overlay(_ color: String) -> Self { overlay(.fixed(.named(color))) }

    /// Moves the drawing by `x`, `y` points; nothing else moves (SwiftUI's `offset(x:y:)`).
    public func offset(x: Responsive<Double> = 0, y: Responsive<Double> = 0) -> Self {
        with { $0.modifiers.chain.append(.offset(Offset(x: x, y: y))) }
    }

    /// Draws everything so far at `opacity`, 0…1 (SwiftUI's `opacity(_:)`).
    public func opacity(_ opacity: Responsive<Double>) -> Self {
        with { $0.modifiers.chain.append(.opacity(opacity)) }
    }

    /// Clips everything so far to `shape` (SwiftUI's `clipShape(_:)`).
    public func clipShape(_ shape: ClipShape) -> Self {
        with { $0.modifiers.chain.append(.clipShape(shape)) }
    }

    /// Draws a `width`-point line of `color` along the inside of the box (SwiftUI's `border(_:width:)`).
    public func border(_ color: Responsive<Color>, width: Responsive<Double>? = nil) -> Self {
        with { $0.modifiers.chain.append(.border(Border(color: color, width: width))) }
    }

    /// Draws a `width`-point line of `color` (a system color name or hex string) along the inside of the box.
    public func border(_ color: String, width: Responsive<Double>? = nil) -> Self { border(.fixed(.named(color)), width: width) }

    /// Draws a shadow of `color` (a system color name or hex string) of everything so far.
    public func shadow(color: String, radius: Responsive<Double>, x: Responsive<Double>? = nil, y: Responsive<Double>? = nil) -> Self {
        shadow(color: .fixed(.named(color)), radius: radius, x: x, y: y)
    }

    /// Draws a shadow of everything so far (SwiftUI's `shadow(color:radius:x:y:)`).
    public func shadow(color: Responsive<Color>? = nil, radius: Responsive<Double>, x: Responsive<Double>? = nil,
                       y: Responsive<Double>? = nil) -> Self {
        with { $0.modifiers.chain.append(.shadow(Shadow(color: color, radius: radius, x: x, y: y))) }
    }

    /// Keeps the content at its ideal size on both axes (SwiftUI's `fixedSize()`).
    public func fixedSize() -> Self { fixedSize(horizontal: true, vertical: true) }

    /// Keeps the content at its ideal size on the axes that are true (SwiftUI's `fixedSize(horizontal:vertical:)`).
    public func fixedSize(horizontal: Responsive<Bool>, vertical: Responsive<Bool>) -> Self {
        with { $0.modifiers.chain.append(.fixedSize(FixedSize(horizontal: horizontal, vertical: vertical))) }
    }

    /// Extends the node into the safe area on `edges` where it reaches it (SwiftUI's `ignoresSafeArea(edges:)`).
    public func ignoresSafeArea(edges: Edge.Set = .all) -> Self {
        with { $0.modifiers.chain.append(.ignoresSafeArea(edges)) }
    }

    /// One view for a `background`/`overlay` content block: the view itself, or a `zstack` of several.
    static func decorationView(_ nodes: [ComponentNode], alignment: Responsive<Alignment>?) -> ComponentNode {
        if nodes.count == 1 { return nodes[0] }
        var stack = ComponentNode(type: .zstack, children: nodes)
        stack.alignment = alignment
        return stack
    }
}
