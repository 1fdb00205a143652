/// The device family (UIKit's `UIUserInterfaceIdiom`).
public enum UserInterfaceIdiom: String, Sendable, CaseIterable, Codable {
    case phone, pad
}

/// A size class (SwiftUI's `UserInterfaceSizeClass`).
public enum UserInterfaceSizeClass: String, Sendable, CaseIterable, Codable {
    case compact, regular
}

/// Horizontal and vertical size class together.
public struct SizeClassPair: Hashable, Sendable {
    public var horizontal: UserInterfaceSizeClass
    public var vertical: UserInterfaceSizeClass
    public init(horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass) {
        self.horizontal = horizontal; self.vertical = vertical
    }
}

/// The orientation of the interface (UIKit's `UIInterfaceOrientation`, without the upside-down distinction).
public enum InterfaceOrientation: String, Sendable, CaseIterable, Codable {
    case portrait, landscape
    /// The other orientation.
    public var rotated: InterfaceOrientation { self == .portrait ? .landscape : .portrait }
}

/// Reading direction (UIKit's `UITraitEnvironmentLayoutDirection`).
public enum LayoutDirection: String, Sendable, CaseIterable, Codable {
    case leftToRight, rightToLeft

    /// The direction named `text`: exactly `leftToRight` or `rightToLeft`, UIKit's names as the payload and the
    /// command line document them (no other spelling, so what is accepted is what the docs say).
    public init?(parsing text: String) {
        self.init(rawValue: text)
    }
}

/// Light or dark appearance (UIKit's `UIUserInterfaceStyle`, SwiftUI's `ColorScheme`).
public enum UserInterfaceStyle: String, Sendable, CaseIterable, Codable {
    case light, dark
}

/// The traits a view sees (UIKit's `UITraitCollection`): size classes, idiom, orientation, scale,
/// direction, appearance and Dynamic Type size.
public struct TraitCollection: Hashable, Sendable {
    public var horizontalSizeClass: UserInterfaceSizeClass
    public var verticalSizeClass: UserInterfaceSizeClass
    public var userInterfaceIdiom: UserInterfaceIdiom
    public var interfaceOrientation: InterfaceOrientation
    public var displayScale: Double
    public var layoutDirection: LayoutDirection
    public var userInterfaceStyle: UserInterfaceStyle
    /// Dynamic Type size (UIKit's `preferredContentSizeCategory`).
    public var preferredContentSizeCategory: ContentSizeCategory

    public init(
        horizontalSizeClass: UserInterfaceSizeClass = .compact,
        verticalSizeClass: UserInterfaceSizeClass = .regular,
        userInterfaceIdiom: UserInterfaceIdiom = .phone,
        interfaceOrientation: InterfaceOrientation = .portrait,
        displayScale: Double = 3,
        layoutDirection: LayoutDirection = .leftToRight,
        userInterfaceStyle: UserInterfaceStyle = .light,
        preferredContentSizeCategory: ContentSizeCategory = .large
    ) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.userInterfaceIdiom = userInterfaceIdiom
        self.interfaceOrientation = interfaceOrientation
        self.displayScale = displayScale
        self.layoutDirection = layoutDirection
        self.userInterfaceStyle = userInterfaceStyle
        self.preferredContentSizeCategory = preferredContentSizeCategory
    }

    /// The names of the traits that differ between two collections (for `traitCollectionDidChange`-style diffs).
    public func changedTraits(from other: TraitCollection) -> [String] {
        var names: [String] = []
        if horizontalSizeClass != other.horizontalSizeClass { names.append("horizontalSizeClass") }
        if verticalSizeClass != other.verticalSizeClass { names.append("verticalSizeClass") }
        if userInterfaceIdiom != other.userInterfaceIdiom { names.append("userInterfaceIdiom") }
        if interfaceOrientation != other.interfaceOrientation { names.append("interfaceOrientation") }
        if displayScale != other.displayScale { names.append("displayScale") }
        if layoutDirection != other.layoutDirection { names.append("layoutDirection") }
        if userInterfaceStyle != other.userInterfaceStyle { names.append("userInterfaceStyle") }
        if preferredContentSizeCategory != other.preferredContentSizeCategory { names.append("preferredContentSizeCategory") }
        return names
    }
}
