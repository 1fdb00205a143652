public import SDUISchema

/// An alignment along the vertical axis (SwiftUI's `VerticalAlignment`): what an `HStack` accepts.
public enum VerticalAlignment: String, Hashable, Sendable, CaseIterable {
    case top, center, bottom

    /// The model's alignment with the same name.
    public var alignment: Alignment {
        switch self {
        case .top: return .top
        case .center: return .center
        case .bottom: return .bottom
        }
    }
}
