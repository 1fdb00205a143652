public import SDUISchema

/// An alignment along the horizontal axis (SwiftUI's `HorizontalAlignment`): what a `VStack`, a `Grid`'s
/// items and multi-line text accept.
public enum HorizontalAlignment: String, Hashable, Sendable, CaseIterable {
    case leading, center, trailing

    /// The model's alignment with the same name.
    public var alignment: Alignment {
        switch self {
        case .leading: return .leading
        case .center: return .center
        case .trailing: return .trailing
        }
    }
}
