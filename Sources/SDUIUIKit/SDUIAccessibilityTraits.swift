#if canImport(UIKit)
// Apple platforms only; compiled against Apple's SDK by Scripts/ios-build (see SDUIView.swift).
import UIKit
import SDUIDisplay

extension UIAccessibilityTraits {
    /// UIKit's traits for the display list's (`AccessibilityTraits`, whose bits are SDUIKit's own, one per payload
    /// trait): each trait by its UIKit name. `toggleButton` is public from iOS 17; before it a toggle is a button.
    init(_ traits: AccessibilityTraits) {
        self = []
        for (ours, uikit) in Self.byName where traits.contains(ours) { insert(uikit) }
        if traits.contains(.toggleButton) {
            if #available(iOS 17.0, tvOS 17.0, *) { insert(.toggleButton) } else { insert(.button) }
        }
        // `supportsZoom` is public from iOS 17; before it there is no trait to set.
        if traits.contains(.supportsZoom), #available(iOS 17.0, tvOS 17.0, *) { insert(.supportsZoom) }
    }

    /// Each trait with UIKit's of the same name (all but `toggleButton` and `supportsZoom`, which depend on the OS version).
    private static let byName: [(AccessibilityTraits, UIAccessibilityTraits)] = [
        (.button, .button), (.link, .link), (.header, .header), (.searchField, .searchField), (.image, .image),
        (.selected, .selected), (.playsSound, .playsSound), (.keyboardKey, .keyboardKey),
        (.staticText, .staticText), (.summaryElement, .summaryElement), (.notEnabled, .notEnabled),
        (.updatesFrequently, .updatesFrequently), (.startsMediaSession, .startsMediaSession),
        (.adjustable, .adjustable), (.allowsDirectInteraction, .allowsDirectInteraction),
        (.causesPageTurn, .causesPageTurn), (.tabBar, .tabBar),
    ]
}
#endif
