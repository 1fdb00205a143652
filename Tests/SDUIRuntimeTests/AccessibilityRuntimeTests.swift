import Testing
import SDUIEnvironment
import SDUILayout
import SDUIDisplay
import SDUISchema
@testable import SDUIRuntime

@MainActor
struct AccessibilityRuntimeTests {
    static func screen() throws -> Screen {
        try Screen(json: """
        {"schemaVersion": 1, "id": "a11y", "root": {"type": "vstack", "id": "stack", "children": [
          {"type": "text", "id": "title", "text": "Orders", "accessibility": {"traits": ["header"]}},
          {"type": "hstack", "id": "card", "accessibility": {"children": "combine", "identifier": "order-card"}, "children": [
            {"type": "text", "id": "name", "text": "Trail Runner 3"}, {"type": "text", "id": "price", "text": "$129"}]},
          {"type": "image", "id": "wave", "url": "u", "aspectRatio": 8, "accessibility": {"hidden": true}},
          {"type": "button", "id": "pay", "title": "Pay", "accessibility": {"hint": "Charges your card"}}]}}
        """)
    }

    @Test func `the screen's views carry UIKit's accessibility properties from the same pass as sdui accessibility`() throws {
        let screen = try Self.screen()
        let h = try Harness { ScreenViewController(screen: screen, registry: ComponentRegistry()) }
        let controller = try #require(h.root as? ScreenViewController)
        let result = try #require(controller.layoutResult)
        let tree = AccessibilityTree(layout: result)
        let elements = try #require(controller.view.accessibilityElements)
        #expect(elements.map(\.accessibilityLabel) == tree.elements.map(\.label))
        #expect(elements.map(\.accessibilityLabel) == ["Orders", "Trail Runner 3, $129", "Pay"])
        let title = try #require(controller.nodeView(id: "title")), card = try #require(controller.nodeView(id: "card"))
        let pay = try #require(controller.nodeView(id: "pay")), wave = try #require(controller.nodeView(id: "wave"))
        #expect(elements[0] === title && elements[1] === card && elements[2] === pay)
        #expect(title.isAccessibilityElement && title.accessibilityTraits == [.header, .staticText])
        #expect(card.isAccessibilityElement && card.accessibilityIdentifier == "order-card")
        #expect(pay.accessibilityTraits == .button && pay.accessibilityHint == "Charges your card")
        #expect(!wave.isAccessibilityElement && wave.accessibilityElementsHidden)
        let name = try #require(controller.nodeView(id: "name"))
        #expect(!name.isAccessibilityElement && name.accessibilityElementsHidden, "merged into the card")
        #expect(try #require(controller.nodeView(id: "stack")).isAccessibilityElement == false)
    }

    @Test func `a switch's view is a button with the toggle trait whose value follows the state through a content update`() throws {
        let screen = try Screen(json: """
        {"schemaVersion": 1, "id": "f", "state": {"on": true}, "root": {"type": "vstack", "children": [
          {"type": "toggle", "id": "wifi", "label": "Wi-Fi", "isOn": "@{on}"}, {"type": "text", "id": "t", "text": "Below"}]}}
        """)
        let h = try Harness { ScreenViewController(screen: screen, registry: ComponentRegistry()) }
        let controller = try #require(h.root as? ScreenViewController)
        let wifi = try #require(controller.nodeView(id: "wifi"))
        #expect(wifi.isAccessibilityElement && wifi.accessibilityLabel == "Wi-Fi")
        #expect(wifi.accessibilityTraits == [.button, .toggleButton] && wifi.accessibilityValue == "1")
        try controller.toggleInput(ofNodeWithID: "wifi")
        #expect(controller.nodeView(id: "wifi") === wifi, "the view keeps its identity")
        #expect(wifi.accessibilityValue == "0")
        #expect(controller.view.accessibilityElements?.first === wifi)
    }

    @Test func `traits map to UIKit's option set and back`() {
        let traits = AccessibilityTraits([.button, .selected, .header])
        #expect(traits.contains(.button) && traits.contains(.selected) && traits.contains(.header) && !traits.contains(.link))
        #expect(traits.traits == [.button, .header, .selected])
        #expect(Set(AccessibilityTrait.allCases.map { AccessibilityTraits(trait: $0).rawValue }).count == AccessibilityTrait.allCases.count)
    }
}
