/// A grid of equal flexible columns (SwiftUI's `LazyVGrid` with `.flexible()` columns): writes a `grid` node.
public struct Grid: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// `content` laid out row by row.
    /// - Parameters:
    ///   - columns: Number of columns, 1…64 (default 2), e.g. `.sizeClass(compact: 2, regular: 4)`.
    ///   - minColumnWidth: Never make a column narrower; use fewer columns instead (never below 1).
    ///   - spacing: Points between rows and columns (default 8).
    ///   - rowSpacing: Points between rows; overrides `spacing`.
    ///   - columnSpacing: Points between columns; overrides `spacing`.
    ///   - alignment: Horizontal alignment of an item narrower than its cell (default center).
    public init(columns: Responsive<Int>? = nil, minColumnWidth: Responsive<Double>? = nil,
                spacing: Responsive<Double>? = nil, rowSpacing: Responsive<Double>? = nil,
                columnSpacing: Responsive<Double>? = nil, alignment: Responsive<HorizontalAlignment>? = nil,
                @ComponentBuilder content: () -> [ComponentNode]) {
        node = ComponentNode(type: .grid, children: content())
        node.columns = columns
        node.minColumnWidth = minColumnWidth
        node.spacing = spacing
        node.rowSpacing = rowSpacing
        node.columnSpacing = columnSpacing
        node.alignment = alignment?.map(\.alignment)
    }
}
