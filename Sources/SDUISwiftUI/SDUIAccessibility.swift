#if canImport(SwiftUI)
// Apple platforms only; type-checked in CI against Hosts/Stubs/SwiftUI (see SDUIScreenView.swift).
import SwiftUI
import SDUIDisplay

extension SwiftUI.AccessibilityTraits {
    /// SwiftUI's traits for the display list's (`SDUIDisplay.AccessibilityTraits`), each by its SwiftUI name
    /// (`button` → `isButton`). `isToggle` and `isTabBar` exist from iOS 17 (a toggle is a button before it).
    /// SwiftUI has no trait for `notEnabled`, `adjustable` or `supportsZoom` (it expresses them with `disabled`,
    /// `accessibilityAdjustableAction` and `accessibilityZoomAction`, which need the app's handlers); they are left out.
    init(_ traits: SDUIDisplay.AccessibilityTraits) {
        self = []
        for (ours, swiftUI) in Self.byName where traits.contains(ours) { formUnion(swiftUI) }
        if #available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *) {
            if traits.contains(.toggleButton) { formUnion(.isToggle) }
            if traits.contains(.tabBar) { formUnion(.isTabBar) }
        } else if traits.contains(.toggleButton) {
            formUnion(.isButton)
        }
    }

    /// Each trait with SwiftUI's of the same meaning (all but the iOS 17 ones).
    private static let byName: [(SDUIDisplay.AccessibilityTraits, SwiftUI.AccessibilityTraits)] = [
        (.button, .isButton), (.link, .isLink), (.header, .isHeader), (.searchField, .isSearchField), (.image, .isImage),
        (.selected, .isSelected), (.playsSound, .playsSound), (.keyboardKey, .isKeyboardKey),
        (.staticText, .isStaticText), (.summaryElement, .isSummaryElement), (.updatesFrequently, .updatesFrequently),
        (.startsMediaSession, .startsMediaSession), (.allowsDirectInteraction, .allowsDirectInteraction),
        (.causesPageTurn, .causesPageTurn),
    ]
}

extension View {
    /// A node view's part in the screen's accessibility tree (docs/accessibility.md, "Runtime"): an element gets its
    /// label, hint, value, traits and identifier, and `sortPriority` — its place in the list's reading order
    /// (`DisplayList.accessibilitySortPriorities`), because every node's view is a sibling in one container and
    /// SwiftUI would otherwise read them by frame. A node that is not an element (hidden, merged into another, or a
    /// plain container, whose children are views of their own) is hidden, unless `keepsOwn` (a registered custom
    /// view's own accessibility is the app's).
    func sduiAccessibility(_ accessibility: DisplayAccessibility, sortPriority: Double, keepsOwn: Bool) -> some View {
        let isElement = accessibility.isElement
        return self
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(isElement ? accessibility.label ?? "" : "")
            .accessibilityHint(isElement ? accessibility.hint ?? "" : "")
            .accessibilityValue(isElement ? accessibility.value ?? "" : "")
            .accessibilityAddTraits(isElement ? SwiftUI.AccessibilityTraits(accessibility.traits) : [])
            .accessibilityIdentifier(accessibility.identifier ?? "")
            .accessibilitySortPriority(sortPriority)
            .accessibilityHidden(accessibility.isHidden || (!isElement && !keepsOwn))
    }
}
#endif
