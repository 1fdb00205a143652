public import SDUIEnvironment

/// Trait values a view or controller imposes on itself and its descendants (UIKit's `UITraitOverrides`).
///
/// A nil field inherits the value from the superview chain.
public struct TraitOverrides: Hashable, Sendable {
    /// Overrides the horizontal size class.
    public var horizontalSizeClass: UserInterfaceSizeClass?
    /// Overrides the vertical size class.
    public var verticalSizeClass: UserInterfaceSizeClass?
    /// Overrides light or dark.
    public var userInterfaceStyle: UserInterfaceStyle?
    /// Overrides the Dynamic Type size.
    public var preferredContentSizeCategory: ContentSizeCategory?
    /// Overrides the reading direction.
    public var layoutDirection: LayoutDirection?

    /// No overrides.
    public init(horizontalSizeClass: UserInterfaceSizeClass? = nil, verticalSizeClass: UserInterfaceSizeClass? = nil,
                userInterfaceStyle: UserInterfaceStyle? = nil, preferredContentSizeCategory: ContentSizeCategory? = nil,
                layoutDirection: LayoutDirection? = nil) {
        self.horizontalSizeClass = horizontalSizeClass; self.verticalSizeClass = verticalSizeClass
        self.userInterfaceStyle = userInterfaceStyle; self.preferredContentSizeCategory = preferredContentSizeCategory
        self.layoutDirection = layoutDirection
    }

    /// True when nothing is overridden.
    public var isEmpty: Bool { self == TraitOverrides() }

    /// `traits` with these overrides applied.
    public func applied(to traits: TraitCollection) -> TraitCollection {
        var result = traits
        if let horizontalSizeClass { result.horizontalSizeClass = horizontalSizeClass }
        if let verticalSizeClass { result.verticalSizeClass = verticalSizeClass }
        if let userInterfaceStyle { result.userInterfaceStyle = userInterfaceStyle }
        if let preferredContentSizeCategory { result.preferredContentSizeCategory = preferredContentSizeCategory }
        if let layoutDirection { result.layoutDirection = layoutDirection }
        return result
    }
}

/// A trait a controller can observe with `registerForTraitChanges(_:handler:)` (UIKit's `UITrait` types).
public enum Trait: String, Hashable, Sendable, CaseIterable {
    case horizontalSizeClass, verticalSizeClass, userInterfaceIdiom, interfaceOrientation, displayScale
    case layoutDirection, userInterfaceStyle, preferredContentSizeCategory

    /// Size classes, the traits layout depends on most.
    public static let sizeClasses: [Trait] = [.horizontalSizeClass, .verticalSizeClass]
}
