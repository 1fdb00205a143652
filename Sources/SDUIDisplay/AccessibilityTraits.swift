public import SDUISchema

/// What an accessibility element is and does: UIKit's `UIAccessibilityTraits`, an option set with UIKit's names
/// (one bit per payload `AccessibilityTrait`; the bits are not UIKit's values — a UIKit host maps them by name).
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let button = AccessibilityTraits(trait: .button)
    public static let link = AccessibilityTraits(trait: .link)
    public static let header = AccessibilityTraits(trait: .header)
    public static let searchField = AccessibilityTraits(trait: .searchField)
    public static let image = AccessibilityTraits(trait: .image)
    public static let selected = AccessibilityTraits(trait: .selected)
    public static let playsSound = AccessibilityTraits(trait: .playsSound)
    public static let keyboardKey = AccessibilityTraits(trait: .keyboardKey)
    public static let staticText = AccessibilityTraits(trait: .staticText)
    public static let summaryElement = AccessibilityTraits(trait: .summaryElement)
    public static let notEnabled = AccessibilityTraits(trait: .notEnabled)
    public static let updatesFrequently = AccessibilityTraits(trait: .updatesFrequently)
    public static let startsMediaSession = AccessibilityTraits(trait: .startsMediaSession)
    public static let adjustable = AccessibilityTraits(trait: .adjustable)
    public static let allowsDirectInteraction = AccessibilityTraits(trait: .allowsDirectInteraction)
    public static let causesPageTurn = AccessibilityTraits(trait: .causesPageTurn)
    public static let tabBar = AccessibilityTraits(trait: .tabBar)
    public static let toggleButton = AccessibilityTraits(trait: .toggleButton)
    public static let supportsZoom = AccessibilityTraits(trait: .supportsZoom)

    /// The set holding one payload trait (one bit per `AccessibilityTrait` case, in declaration order).
    public init(trait: AccessibilityTrait) {
        self.init(rawValue: UInt64(1) << UInt64(trait.rank))
    }

    /// The set of the payload's traits.
    public init(_ traits: [AccessibilityTrait]) {
        self = []
        for trait in traits { insert(AccessibilityTraits(trait: trait)) }
    }

    /// The payload traits in the set, in `AccessibilityTrait` order.
    public var traits: [AccessibilityTrait] { AccessibilityTrait.allCases.filter { contains(AccessibilityTraits(trait: $0)) } }
}
