import SDUIDisplay

extension ScreenViewController {
    /// Gives the controller's view the element views in VoiceOver's reading order (`accessibilityElements`), from the
    /// display list the views were just brought to (each view's own properties are set by the reconciler's inserts and
    /// content updates, `View.applyAccessibility`).
    func applyAccessibilityOrder(_ order: [NodeIndex], items: [DisplayItem]) {
        var elements: [View] = []
        if readsViewsInOrder, let ordered = views.orderedViews(), ordered.count == items.count {
            // Written in place: an append per element checks the array's uniqueness and room each time.
            elements = ordered.withUnsafeBufferPointer { ordered in
                [View](unsafeUninitializedCapacity: order.count) { places, count in
                    for index in order where index.int >= 0 && index.int < ordered.count {
                        places.initializeElement(at: count, to: ordered[index.int])
                        count += 1
                    }
                }
            }
        } else {
            elements.reserveCapacity(order.count)
            for index in order where index.int < items.count {
                if let nodeView = views.view(for: ViewKey(items[index.int])) { elements.append(nodeView) }
            }
        }
        view.accessibilityElements = elements
    }
}

extension View {
    /// Sets UIKit's accessibility properties from a node's part in the accessibility tree (docs/accessibility.md,
    /// "Runtime"): an element's label, hint, value and traits; `accessibilityElementsHidden` for hidden and merged
    /// nodes; `shouldGroupAccessibilityChildren` for a `contain` container; the identifier when the payload gives one.
    func applyAccessibility(_ accessibility: DisplayAccessibility) {
        let isElement = accessibility.isElement
        isAccessibilityElement = isElement
        accessibilityLabel = isElement ? accessibility.label : nil
        accessibilityHint = isElement ? accessibility.hint : nil
        accessibilityValue = isElement ? accessibility.value : nil
        accessibilityTraits = isElement ? accessibility.traits : []
        accessibilityElementsHidden = accessibility.isHidden
        shouldGroupAccessibilityChildren = accessibility.role == .container
        if let identifier = accessibility.identifier { accessibilityIdentifier = identifier }
    }
}
