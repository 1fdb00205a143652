public import SDUISchema

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

    /// `content` in the columns `columns` describes (SwiftUI's `LazyVGrid(columns:spacing:)`): fixed, flexible and
    /// adaptive `GridItem`s, e.g. `[GridItem(.fixed(70)), GridItem(.adaptive(minimum: 40, maximum: .infinity))]`,
    /// or `.sizeClass(compact: […], regular: […])`.
    /// - Parameters:
    ///   - spacing: Points between rows (and, unless a GridItem's `spacing` says otherwise, after each column; default 8).
    public init(columns: Responsive<[GridItem]>, spacing: Responsive<Double>? = nil, rowSpacing: Responsive<Double>? = nil,
                columnSpacing: Responsive<Double>? = nil, @ComponentBuilder content: () -> [ComponentNode]) {
        node = ComponentNode(type: .grid, children: content())
        node.gridItems = columns
        node.spacing = spacing
        node.rowSpacing = rowSpacing
        node.columnSpacing = columnSpacing
    }

    /// `content` in the columns `columns` (the same columns in every size class).
    public init(columns: [GridItem], spacing: Responsive<Double>? = nil, rowSpacing: Responsive<Double>? = nil,
                columnSpacing: Responsive<Double>? = nil, @ComponentBuilder content: () -> [ComponentNode]) {
        self.init(columns: .fixed(columns), spacing: spacing, rowSpacing: rowSpacing, columnSpacing: columnSpacing, content: content)
    }
}
