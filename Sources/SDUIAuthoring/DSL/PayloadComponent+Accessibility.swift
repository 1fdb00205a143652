public import SDUISchema

/// The accessibility modifiers, with SwiftUI's names: each sets one key of the node's `"accessibility"` object.
///
/// `Image` keeps its own `accessibilityLabel(_:)`, which writes the image's `alt` (the same label, the key images
/// have always had).
extension PayloadComponent {
    /// Changes the node's accessibility properties.
    private func accessibility(_ change: (inout AccessibilityProperties) -> Void) -> Self {
        with { node in
            var properties = node.modifiers.accessibility ?? AccessibilityProperties()
            change(&properties)
            node.modifiers.accessibility = properties
        }
    }

    /// What VoiceOver calls the element (SwiftUI's `accessibilityLabel(_:)`), replacing its default label.
    public func accessibilityLabel(_ label: Responsive<String>) -> Self { accessibility { $0.label = label } }

    /// What activating the element does, read after a pause (`accessibilityHint(_:)`).
    public func accessibilityHint(_ hint: Responsive<String>) -> Self { accessibility { $0.hint = hint } }

    /// The element's current value (`accessibilityValue(_:)`).
    public func accessibilityValue(_ value: Responsive<String>) -> Self { accessibility { $0.value = value } }

    /// `accessibilityLabel(_:)` for a `String` variable (literals and size-class maps use the `Responsive` overload).
    @_disfavoredOverload
    public func accessibilityLabel(_ label: String) -> Self { accessibilityLabel(.fixed(label)) }

    /// `accessibilityHint(_:)` for a `String` variable.
    @_disfavoredOverload
    public func accessibilityHint(_ hint: String) -> Self { accessibilityHint(.fixed(hint)) }

    /// `accessibilityValue(_:)` for a `String` variable.
    @_disfavoredOverload
    public func accessibilityValue(_ value: String) -> Self { accessibilityValue(.fixed(value)) }

    /// A string for UI tests, never read aloud (`accessibilityIdentifier(_:)`).
    public func accessibilityIdentifier(_ identifier: String) -> Self { accessibility { $0.identifier = identifier } }

    /// Adds traits to the element's own (`accessibilityAddTraits(_:)`): `.accessibilityAddTraits(.header)`.
    public func accessibilityAddTraits(_ traits: AccessibilityTrait...) -> Self {
        accessibility { properties in
            for trait in traits where !properties.traits.contains(trait) { properties.traits.append(trait) }
        }
    }

    /// Hides the node and its subtree from assistive technologies (`accessibilityHidden(_:)`; true when omitted).
    public func accessibilityHidden(_ hidden: Responsive<Bool> = true) -> Self { accessibility { $0.hidden = hidden } }

    /// Order among the elements of the same accessibility container, higher first (`accessibilitySortPriority(_:)`).
    public func accessibilitySortPriority(_ priority: Responsive<Double>) -> Self { accessibility { $0.sortPriority = priority } }

    /// Order among the elements of the same accessibility container, for a `Double` variable.
    @_disfavoredOverload
    public func accessibilitySortPriority(_ priority: Double) -> Self { accessibilitySortPriority(.fixed(priority)) }

    /// Makes the node an accessibility element or container (`accessibilityElement(children:)`; `.ignore` when
    /// omitted, as in SwiftUI): `.combine` merges the children into one element, `.contain` groups them.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> Self {
        accessibility { $0.children = .fixed(children) }
    }
}
