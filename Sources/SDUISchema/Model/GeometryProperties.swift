import SDUIEnvironment

/// A node's geometry and text properties as plain values, kept up to date by `ComponentNode` on every change to them.
///
/// The layout engine's build step reads this one small record per node instead of unpacking ~25 optional
/// `Responsive` values (each an enum inside an optional) — the reads were most of a build's cost. It holds the
/// payload's values as given (not validated or clamped: the engine does that); NaN means absent.
/// When any geometry property is a size-class map (`usesSizeClasses`), the record is not used and the engine
/// reads the properties themselves for the current size class.
///
/// Derived data: it takes no part in equality or hashing (equal nodes always have equal records).
package struct GeometryProperties: Hashable, Sendable {
    /// Some geometry property is a size-class map: resolve the properties instead.
    package var usesSizeClasses = false
    /// `visible: false`.
    package var isHidden = false
    /// The node has an `action`.
    package var hasAction = false
    package var hasPadding = false
    package var hasFrame = false
    /// `contentMode: fill`.
    package var isFill = false
    /// `axis: horizontal` (scroll).
    package var isHorizontalAxis = false
    /// Stack / zstack / grid / text alignment (nil: absent).
    package var alignment: Alignment?
    /// Frame alignment (nil: absent).
    package var frameAlignment: Alignment?
    /// Grid columns (0: absent).
    package var columns = 0
    package var spacing = Double.nan
    package var rowSpacing = Double.nan
    package var columnSpacing = Double.nan
    package var minColumnWidth = Double.nan
    package var minLength = Double.nan
    package var aspectRatio = Double.nan
    package var layoutPriority = Double.nan
    /// The text (text) and title (button) (nil: absent).
    package var text: String?
    package var title: String?
    /// Text style, font weight, line limit (text) and button style (nil: absent).
    package var textStyle: TextStyle?
    package var fontWeight: FontWeight?
    package var lineLimit: Int?
    package var buttonStyle: ButtonStyle?
    /// Padding (meaningful when `hasPadding`).
    package var paddingTop = 0.0, paddingLeading = 0.0, paddingBottom = 0.0, paddingTrailing = 0.0
    /// Frame values (meaningful when `hasFrame`; NaN: absent).
    package var width = Double.nan, height = Double.nan
    package var minWidth = Double.nan, maxWidth = Double.nan, minHeight = Double.nan, maxHeight = Double.nan

    package init() {}

    /// The record for `node`'s current properties; size-class maps are left out and flagged (`usesSizeClasses`).
    /// - Complexity: O(1).
    package init(of node: ComponentNode) { self.init(of: node, sizeClass: nil) }

    /// The record for `node` with size-class maps resolved for `sizeClass` (nil: left out and flagged).
    /// - Complexity: O(1).
    package init(of node: ComponentNode, sizeClass: UserInterfaceSizeClass?) {
        var sizeClassMaps = false
        @inline(__always) func fixed<T>(_ value: Responsive<T>?) -> T? {
            switch value {
            case nil: return nil
            case .fixed(let v)?: return v
            case .sizeClass(let compact, let regular)?:
                sizeClassMaps = true
                guard let sizeClass else { return nil }
                return sizeClass == .compact ? (compact ?? regular) : (regular ?? compact)
            }
        }
        text = fixed(node.text)
        title = fixed(node.title)
        textStyle = fixed(node.style)
        fontWeight = fixed(node.weight)
        lineLimit = fixed(node.lineLimit)
        buttonStyle = fixed(node.buttonStyle)
        let m = node.modifiers
        spacing = fixed(node.spacing) ?? .nan
        rowSpacing = fixed(node.rowSpacing) ?? .nan
        columnSpacing = fixed(node.columnSpacing) ?? .nan
        minColumnWidth = fixed(node.minColumnWidth) ?? .nan
        minLength = fixed(node.minLength) ?? .nan
        columns = fixed(node.columns) ?? 0
        alignment = fixed(node.alignment)
        isHorizontalAxis = fixed(node.axis) == .horizontal
        aspectRatio = fixed(m.aspectRatio) ?? .nan
        isFill = fixed(m.contentMode) == .fill
        layoutPriority = fixed(m.layoutPriority) ?? .nan
        isHidden = fixed(m.visible) == false
        hasAction = m.action != nil
        if let padding = m.padding {
            hasPadding = true
            paddingTop = fixed(padding.top) ?? 0
            paddingLeading = fixed(padding.leading) ?? 0
            paddingBottom = fixed(padding.bottom) ?? 0
            paddingTrailing = fixed(padding.trailing) ?? 0
        }
        if let frame = m.frame {
            hasFrame = true
            width = fixed(frame.width) ?? .nan
            height = fixed(frame.height) ?? .nan
            minWidth = fixed(frame.minWidth) ?? .nan
            maxWidth = fixed(frame.maxWidth) ?? .nan
            minHeight = fixed(frame.minHeight) ?? .nan
            maxHeight = fixed(frame.maxHeight) ?? .nan
            frameAlignment = fixed(frame.alignment)
        }
        usesSizeClasses = sizeClassMaps && sizeClass == nil
    }

    /// Always equal: the record is derived from the node's properties, which equality compares.
    package static func == (lhs: GeometryProperties, rhs: GeometryProperties) -> Bool { true }
    /// Adds nothing (see `==`).
    package func hash(into hasher: inout Hasher) {}
}
