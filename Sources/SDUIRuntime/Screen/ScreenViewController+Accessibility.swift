import SDUIEnvironment
import SDUILayout
import SDUISchema

extension ScreenViewController {
    /// Gives every node view its accessibility properties from the screen's `AccessibilityTree` (the pass
    /// `sdui accessibility` prints), and the controller's view the elements in VoiceOver's reading order
    /// (`accessibilityElements`).
    func applyAccessibility(_ result: LayoutResult) {
        let tree = AccessibilityTree(layout: result, screen: screen)
        var elements: [View] = []
        elements.reserveCapacity(tree.elements.count)
        for (index, exposure) in tree.exposure.enumerated() where index < nodeViews.count {
            let nodeView = nodeViews[index].view
            nodeView.isAccessibilityElement = false
            nodeView.accessibilityLabel = nil
            nodeView.accessibilityHint = nil
            nodeView.accessibilityValue = nil
            nodeView.accessibilityTraits = []
            nodeView.accessibilityElementsHidden = exposure == .hidden || exposure == .covered
            nodeView.shouldGroupAccessibilityChildren = exposure == .container
        }
        for element in tree.elements {
            guard let index = element.nodeIndices.first, index < nodeViews.count else { continue }
            let nodeView = nodeViews[index].view
            nodeView.isAccessibilityElement = true
            nodeView.accessibilityLabel = element.label
            nodeView.accessibilityHint = element.hint
            nodeView.accessibilityValue = element.value
            nodeView.accessibilityTraits = AccessibilityTraits(element.traits)
            if let identifier = element.identifier { nodeView.accessibilityIdentifier = identifier }
            elements.append(nodeView)
        }
        view.accessibilityElements = elements
    }
}
