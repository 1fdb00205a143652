import SDUIEnvironment

/// The modifiers every node accepts, named as in SwiftUI. Each returns a modified copy.
///
/// Every scalar parameter is a `Responsive` value: a literal (`16`, `1.5`, `true`), `.sizeClass(compact:regular:)`
/// or `.fixed(x)` for a variable. The one-value modifiers also take a plain `Double`/`Bool` variable.
extension PayloadComponent {
    /// Adds `length` points of padding on every edge (SwiftUI's `padding(_:)`; 16 when omitted).
    ///
    /// Padding adds up like nested SwiftUI paddings: `.padding(8).padding(.top, 4)` gives 12 on top.
    public func padding(_ length: Responsive<Double> = 16) -> Self {
        padding(.all, length)
    }

    /// Adds `length` points of padding on every edge, for a `Double` variable (literals and size-class maps
    /// use the `Responsive` overload).
    @_disfavoredOverload
    public func padding(_ length: Double) -> Self {
        padding(.all, .fixed(length))
    }

    /// Adds `length` points of padding on `edges` (SwiftUI's `padding(_:_:)`; 16 when omitted).
    public func padding(_ edges: Edge.Set, _ length: Responsive<Double> = 16) -> Self {
        with { node in
            var padding = node.modifiers.padding ?? Padding(0)
            if edges.contains(.top) { padding.top = padding.top.adding(length) }
            if edges.contains(.leading) { padding.leading = padding.leading.adding(length) }
            if edges.contains(.bottom) { padding.bottom = padding.bottom.adding(length) }
            if edges.contains(.trailing) { padding.trailing = padding.trailing.adding(length) }
            node.modifiers.padding = padding
        }
    }

    /// Adds `length` points of padding on `edges`, for a `Double` variable.
    @_disfavoredOverload
    public func padding(_ edges: Edge.Set, _ length: Double) -> Self {
        padding(edges, .fixed(length))
    }

    /// Fixes the width and/or height (SwiftUI's `frame(width:height:alignment:)`).
    ///
    /// Frame calls merge into the node's one frame: a later call replaces only the fields it names.
    public func frame(width: Responsive<Double>? = nil, height: Responsive<Double>? = nil,
                      alignment: Responsive<Alignment>? = nil) -> Self {
        with { node in
            var frame = node.modifiers.frame ?? Frame()
            if let width { frame.width = width }
            if let height { frame.height = height }
            if let alignment { frame.alignment = alignment }
            node.modifiers.frame = frame
        }
    }

    /// Bounds the width and/or height (SwiftUI's `frame(minWidth:maxWidth:minHeight:maxHeight:alignment:)`);
    /// a maximum may be `.infinity` to take all the space offered.
    public func frame(minWidth: Responsive<Double>? = nil, maxWidth: Responsive<Double>? = nil,
                      minHeight: Responsive<Double>? = nil, maxHeight: Responsive<Double>? = nil,
                      alignment: Responsive<Alignment>? = nil) -> Self {
        with { node in
            var frame = node.modifiers.frame ?? Frame()
            if let minWidth { frame.minWidth = minWidth }
            if let maxWidth { frame.maxWidth = maxWidth }
            if let minHeight { frame.minHeight = minHeight }
            if let maxHeight { frame.maxHeight = maxHeight }
            if let alignment { frame.alignment = alignment }
            node.modifiers.frame = frame
        }
    }

    /// Gives the content's box a width ÷ height `ratio` (SwiftUI's `aspectRatio(_:contentMode:)`).
    ///
    /// On an image this reserves its box before it loads (no layout shift).
    public func aspectRatio(_ ratio: Responsive<Double>, contentMode: Responsive<ContentMode>? = nil) -> Self {
        with { node in
            node.modifiers.aspectRatio = ratio
            if let contentMode { node.modifiers.contentMode = contentMode }
        }
    }

    /// Gives the content's box a width ÷ height `ratio`, for a `Double` variable or expression (`16.0 / 9.0`).
    @_disfavoredOverload
    public func aspectRatio(_ ratio: Double, contentMode: Responsive<ContentMode>? = nil) -> Self {
        aspectRatio(.fixed(ratio), contentMode: contentMode)
    }

    /// Sets how the content fills its aspect-ratio box, keeping any ratio already set.
    public func aspectRatio(contentMode: Responsive<ContentMode>) -> Self {
        with { $0.modifiers.contentMode = contentMode }
    }

    /// Puts a color behind the node's padded, framed box (SwiftUI's `background(_:)`); a later call replaces it.
    public func background(_ color: Responsive<Color>) -> Self {
        with { $0.modifiers.background = color }
    }

    /// Puts a color behind the node: a system color name (`"secondaryBackground"`) or `#RGB`/`#RRGGBB`/`#RRGGBBAA`.
    ///
    /// A string that is neither is written as given, so decoding the payload reports it.
    public func background(_ color: String) -> Self {
        background(.fixed(.named(color)))
    }

    /// Puts a color behind the node.
    public func background(_ color: Color) -> Self {
        background(.fixed(color))
    }

    /// Rounds the corners of the background and clips the content (SwiftUI's `cornerRadius(_:)`).
    public func cornerRadius(_ radius: Responsive<Double>) -> Self {
        with { $0.modifiers.cornerRadius = radius }
    }

    /// Rounds the corners, for a `Double` variable.
    @_disfavoredOverload
    public func cornerRadius(_ radius: Double) -> Self {
        cornerRadius(.fixed(radius))
    }

    /// Removes the node from layout and drawing.
    ///
    /// Unlike SwiftUI's `hidden()`, which keeps the space, this is `visible: false` (like an `if`).
    public func hidden() -> Self {
        visible(false)
    }

    /// Shows or removes the node, possibly per size class (`.visible(.sizeClass(compact: false, regular: true))`).
    public func visible(_ isVisible: Responsive<Bool>) -> Self {
        with { $0.modifiers.visible = isVisible }
    }

    /// Shows or removes the node, for a `Bool` variable.
    @_disfavoredOverload
    public func visible(_ isVisible: Bool) -> Self {
        visible(.fixed(isVisible))
    }

    /// Priority when siblings in a stack compete for space (SwiftUI's `layoutPriority(_:)`).
    public func layoutPriority(_ priority: Responsive<Double>) -> Self {
        with { $0.modifiers.layoutPriority = priority }
    }

    /// Priority when siblings in a stack compete for space, for a `Double` variable.
    @_disfavoredOverload
    public func layoutPriority(_ priority: Double) -> Self {
        layoutPriority(.fixed(priority))
    }

    /// What a tap on the node does.
    public func action(_ action: Action) -> Self {
        with { $0.modifiers.action = action }
    }

    /// Silences the lint finding `code` on this node and its subtree, saying why (`"lint": {"disable": […]}`).
    public func lintDisabled(_ code: String, reason: String) -> Self {
        with {
            var settings = $0.modifiers.lint ?? LintSettings()
            settings.disable.append(.init(code: code, reason: reason))
            $0.modifiers.lint = settings
        }
    }

    /// The node's id, unique within the screen (SwiftUI's `id(_:)`).
    public func id(_ id: String) -> Self {
        with { $0.id = id }
    }
}

extension Responsive where Value == Double {
    /// The sum per size class (fixed when both are fixed).
    /// A binding cannot be added to: the later length replaces it (`.padding(.bound…)` then `.padding(4)`).
    func adding(_ other: Responsive<Double>) -> Responsive<Double> {
        if case .fixed(let a) = self, case .fixed(let b) = other { return .fixed(a + b) }
        if case .bound = other { return other }
        if case .bound = self { return other }
        return .sizeClass(compact: value(compact: true) + other.value(compact: true),
                          regular: value(compact: false) + other.value(compact: false))
    }

    /// The value for one class, falling back to the other (0 for a map with neither or a binding without a value).
    private func value(compact: Bool) -> Double {
        resolved(for: compact ? .compact : .regular) ?? 0
    }
}
