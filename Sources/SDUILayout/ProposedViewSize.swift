public import SDUIEnvironment

/// A size offered to a view, either side of which may be unspecified — SwiftUI's `ProposedViewSize`: a nil side
/// asks for the view's ideal size along it (a text's single line, a stack's children at their ideal sizes, a
/// scroll view's content), a number for its size when offered that much.
///
/// `LayoutEngine.layout(_:proposal:in:traits:)` lays a screen out at one, as SwiftUI's
/// `sizeThatFits(ProposedViewSize(width: 320, height: nil))` does for a view embedded in a cell or a stack.
public struct ProposedViewSize: Hashable, Sendable, CustomStringConvertible {
    /// The offered width, or nil for the ideal width.
    public var width: Double?
    /// The offered height, or nil for the ideal height.
    public var height: Double?

    /// A proposal of `width` × `height` (nil: unspecified).
    public init(width: Double?, height: Double?) {
        self.width = width; self.height = height
    }

    /// A proposal of exactly `size`.
    public init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// Both sides unspecified: the view's ideal size (SwiftUI's `.unspecified`).
    public static let unspecified = ProposedViewSize(width: nil, height: nil)

    /// Each side as the engine takes it: a number that is finite and ≥ 0 (at most 100 000 pt), else unspecified
    /// — negative sides are 0, larger ones 100 000, NaN and infinity unspecified.
    public var checked: ProposedViewSize {
        func side(_ value: Double?) -> Double? {
            guard let value, value.isFinite else { return nil }
            return Swift.min(Swift.max(0, value), 100_000)
        }
        return ProposedViewSize(width: side(width), height: side(height))
    }

    /// `320×nil`, `nil×nil`.
    public var description: String {
        func side(_ value: Double?) -> String {
            guard let value else { return "nil" }
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        }
        return side(width) + "×" + side(height)
    }
}
