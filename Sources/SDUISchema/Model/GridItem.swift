/// One column of a `grid` (or row of an `hgrid`): SwiftUI's `GridItem`.
///
/// The grid sizes its columns as SwiftUI's `LazyVGrid` does (`docs/layout.md`): fixed columns first, then
/// the others in order, each offered what remains ÷ the columns left; an adaptive item then fits as many
/// columns of at least its `minimum` as its share allows.
public struct GridItem: Hashable, Sendable {
    /// How the column is sized (SwiftUI's `GridItem.Size`).
    public enum Size: Hashable, Sendable {
        /// Exactly this many points, whatever the space (`.fixed(_:)`).
        case fixed(Double)
        /// Its share of the space, clamped to `minimum…maximum` (`.flexible(minimum:maximum:)`; SwiftUI's
        /// defaults 10 and infinity).
        case flexible(minimum: Double = 10, maximum: Double = .infinity)
        /// As many columns of at least `minimum` (at most `maximum`) as its share fits (`.adaptive(minimum:maximum:)`).
        case adaptive(minimum: Double, maximum: Double = .infinity)
    }

    /// The column's size.
    public var size: Size
    /// Points after this column, before the next (nil: the grid's `columnSpacing`, which defaults to 8).
    public var spacing: Double?
    /// Where an item sits in its cell (nil: center, SwiftUI's default; `top` aligns a row's items at the top).
    public var alignment: Alignment?

    public init(_ size: Size, spacing: Double? = nil, alignment: Alignment? = nil) {
        self.size = size; self.spacing = spacing; self.alignment = alignment
    }

    /// SwiftUI's `.flexible()` defaults.
    public static let defaultFlexibleMinimum = 10.0
    public static let defaultMaximum = Double.infinity
    /// Most items in one `columns`/`rows` array.
    public static let maxCount = 64
}
