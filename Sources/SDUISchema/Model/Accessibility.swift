/// What VoiceOver and other assistive technologies learn about a node: the payload's
/// `"accessibility": {"label", "hint", "value", "identifier", "traits", "hidden", "sortPriority", "children"}`,
/// on any node, with SwiftUI's names and meaning.
///
/// Every field is optional; an absent one keeps SwiftUI's default (a text is an element labelled by its string,
/// a button by its title with the `button` trait, an image by its `alt`). The strings, `hidden`, `sortPriority`
/// and `children` may be size-class maps like every scalar; `identifier` and `traits` are plain.
public struct AccessibilityProperties: Hashable, Sendable {
    /// What the element is called (SwiftUI's `accessibilityLabel(_:)`); replaces the default label (a text's
    /// string, a button's title, an image's `alt`, a combined container's merged labels).
    public var label: Responsive<String>?
    /// What happens when the element is activated, read after a pause (`accessibilityHint(_:)`).
    public var hint: Responsive<String>?
    /// The element's current value, read after its label (`accessibilityValue(_:)`: "3 of 5", "50 %").
    public var value: Responsive<String>?
    /// A string for UI tests, never read aloud (`accessibilityIdentifier(_:)`).
    public var identifier: String?
    /// Traits added to the element's own (SwiftUI's `accessibilityAddTraits(_:)`): a button keeps `button`.
    public var traits: [AccessibilityTrait]
    /// True hides the node and its whole subtree from assistive technologies (`accessibilityHidden(_:)`); an
    /// image that is only decoration says so.
    public var hidden: Responsive<Bool>?
    /// Order among the elements of the same accessibility container: higher first, default 0
    /// (`accessibilitySortPriority(_:)`).
    public var sortPriority: Responsive<Double>?
    /// What becomes of the node's children (`accessibilityElement(children:)`): merged into one element,
    /// kept as a group, or replaced by the node's own label.
    public var children: Responsive<AccessibilityChildBehavior>?

    /// Properties with nothing set (every default).
    public init(label: Responsive<String>? = nil, hint: Responsive<String>? = nil, value: Responsive<String>? = nil,
                identifier: String? = nil, traits: [AccessibilityTrait] = [], hidden: Responsive<Bool>? = nil,
                sortPriority: Responsive<Double>? = nil, children: Responsive<AccessibilityChildBehavior>? = nil) {
        self.label = label; self.hint = hint; self.value = value; self.identifier = identifier; self.traits = traits
        self.hidden = hidden; self.sortPriority = sortPriority; self.children = children
    }

    /// Whether nothing is set.
    public var isEmpty: Bool { self == AccessibilityProperties() }

    /// The payload's keys, in canonical order.
    public static let keys = ["label", "hint", "value", "identifier", "traits", "hidden", "sortPriority", "children"]
}

/// What an accessibility element is and does: UIKit's `UIAccessibilityTraits`, by their UIKit names.
public enum AccessibilityTrait: String, Hashable, Sendable, CaseIterable, Comparable {
    case button, link, header, searchField, image, selected, playsSound, keyboardKey, staticText, summaryElement,
         notEnabled, updatesFrequently, startsMediaSession, adjustable, allowsDirectInteraction, causesPageTurn,
         tabBar, toggleButton, supportsZoom

    /// Sorted in declaration order (UIKit's bit order does not matter to a payload; this order is stable).
    public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }

    /// The trait's position in declaration order (`allCases` made once, not per comparison).
    public var rank: Int { Self.ordered.firstIndex(of: self) ?? 0 }
    private static let ordered = allCases

    /// SwiftUI's spellings (`isButton`, `isHeader` …) and words from the web for the UIKit name, for
    /// "did you mean …?" messages.
    public static let synonyms: [String: AccessibilityTrait] = [
        "isButton": .button, "isLink": .link, "isHeader": .header, "heading": .header, "isSearchField": .searchField,
        "isImage": .image, "img": .image, "isSelected": .selected, "isKeyboardKey": .keyboardKey,
        "isStaticText": .staticText, "text": .staticText, "isSummaryElement": .summaryElement, "disabled": .notEnabled,
        "isToggle": .toggleButton, "toggle": .toggleButton, "isTabBar": .tabBar,
    ]
}

/// What an accessibility element does with its children (SwiftUI's `AccessibilityChildBehavior`).
public enum AccessibilityChildBehavior: String, Hashable, Sendable, CaseIterable {
    /// One element whose label is the children's labels in reading order, joined by ", " ("Trail Runner 3, $129"),
    /// with their traits, hints and values merged (`.combine`).
    case combine
    /// The children stay elements of their own, read together as a group at the node's place (`.contain`: an
    /// accessibility container).
    case contain
    /// One element with the node's own label only; the children are not read (`.ignore`, SwiftUI's default
    /// for `accessibilityElement()`).
    case ignore
}

extension ComponentNode {
    /// The modifiers a node's drawing reads, each read in place (the public `modifiers` returns the whole, large
    /// `Modifiers` value).
    package var drawingModifiers: DrawingModifiers { DrawingModifiers(box: box) }
}

/// The modifiers a node's drawing reads (`ComponentNode.drawingModifiers`), each read from the node's properties in
/// place when asked.
package struct DrawingModifiers {
    fileprivate let box: PropertyBox
    /// The `background` key.
    package var background: Responsive<Color>? { box.properties.modifiers.background }
    /// The `cornerRadius` key.
    package var cornerRadius: Responsive<Double>? { box.properties.modifiers.cornerRadius }
    /// The `frame` key's alignment.
    package var frameAlignment: Responsive<Alignment>? { box.properties.modifiers.frame?.alignment }
    /// The `contentMode` key.
    package var contentMode: Responsive<ContentMode>? { box.properties.modifiers.contentMode }
    /// What a tap does.
    package var action: Action? { box.properties.modifiers.action }
    /// The `accessibility` properties.
    package var accessibility: AccessibilityProperties? { box.properties.modifiers.accessibility }
    /// The payload's `modifiers` chain.
    package var chain: [Modifier] { box.properties.modifiers.chain }
}
