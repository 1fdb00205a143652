import Testing
import SDUIEnvironment
import SDUISchema
@testable import SDUILayout
@testable import SDUILint

/// Input controls as accessibility elements, with UIKit's traits and values.
///
/// Published behaviour: a `UISwitch` reports the button trait and an `accessibilityValue` of "1" when on and "0" when
/// off (Flutter's engine copied it from a real UISwitch in Accessibility Inspector, flutter/engine#16211; Cash App's
/// AccessibilitySnapshot reads a switch's state from that trait and value, cashapp/AccessibilitySnapshot#170);
/// UIKit's switch trait is public since iOS 17 as `UIAccessibilityTraits.toggleButton`. A segmented control read as
/// one element is adjustable with the selected segment as its value (FloatingSegmentedControl#2, matching Photos).
@Suite struct AccessibilityInputTests {
    static let form = """
    {"schemaVersion": 1, "id": "form",
     "state": {"wifi": true, "bluetooth": false, "count": 3, "name": "Ada", "pin": "1234", "note": "", "size": "m", "color": "blue"},
     "root": {"type": "vstack", "spacing": 12, "children": [
      {"type": "toggle", "id": "wifi", "label": "Wi-Fi", "isOn": "@{wifi}"},
      {"type": "toggle", "id": "bluetooth", "label": "Bluetooth", "isOn": "@{bluetooth}"},
      {"type": "stepper", "id": "count", "label": "Quantity", "value": "@{count}"},
      {"type": "textField", "id": "name", "placeholder": "Your name", "text": "@{name}", "accessibility": {"label": "Name"}},
      {"type": "textField", "id": "pin", "placeholder": "PIN", "text": "@{pin}", "secure": true},
      {"type": "textField", "id": "note", "placeholder": "Add a note", "text": "@{note}"},
      {"type": "picker", "id": "size", "label": "Size", "selection": "@{size}", "style": "segmented",
       "options": [{"value": "s", "label": "Small"}, {"value": "m", "label": "Medium"}]},
      {"type": "picker", "id": "color", "label": "Colour", "selection": "@{color}",
       "options": [{"value": "red", "label": "Red"}, {"value": "blue", "label": "Blue"}]},
      {"type": "hstack", "id": "row", "accessibility": {"children": "combine"}, "children": [
        {"type": "text", "text": "Alerts"}, {"type": "toggle", "id": "inner", "label": "Alerts", "isOn": "@{wifi}"}]}]}}
    """

    func tree(_ json: String = form) throws -> AccessibilityTree {
        let screen = try Screen(json: json)
        let environment = device("iphone-16")
        let result = LayoutEngine().layout(screen, in: environment, traits: environment.traitCollection(contentSize: .large))
        return AccessibilityTree(layout: result)
    }

    @Test func `every input control is an element with its label, UIKit's traits and its value in the screen's state`() throws {
        let t = try tree()
        let inputs = Array(t.elements.prefix(8))
        #expect(inputs.map(\.label) == ["Wi-Fi", "Bluetooth", "Quantity", "Name", "PIN", "Add a note", "Size", "Colour"])
        #expect(inputs.map(\.value) == ["1", "0", "3", "Ada", "••••", nil, "Medium", "Blue"])
        #expect(inputs.map(\.control) == [.toggle, .toggle, .stepper, .textField, .textField, .textField, .segmentedPicker, .menuPicker])
        #expect(inputs[0].traits == [.button, .toggleButton])
        #expect(inputs[2].traits == [.adjustable] && inputs[6].traits == [.adjustable])
        #expect(inputs[3].traits == [] && inputs[7].traits == [.button])
    }

    @Test func `a toggle merged into a combined row adds its label, traits and value to the row's element`() throws {
        let row = try #require(try tree().elements.last)
        #expect(row.nodes.first == "row" && row.nodes.contains("inner"))
        #expect(row.label == "Alerts, Alerts" && row.value == "1" && row.traits.contains(.toggleButton))
        #expect(row.control == nil, "the row is not itself a control")
    }

    @Test func `a payload's own value and traits win over the control's`() throws {
        let t = try tree("""
        {"schemaVersion": 1, "id": "f", "state": {"on": true}, "root": {"type": "toggle", "id": "t", "label": "Dark",
         "isOn": "@{on}", "accessibility": {"value": "On", "traits": ["selected"]}}}
        """)
        #expect(t.elements.map(\.value) == ["On"])
        #expect(t.elements.first?.traits == [.button, .selected, .toggleButton])
    }

    @Test func `lint reports an input control without a label, and not one with a label or a text field with a placeholder`() throws {
        let screen = try Screen(json: """
        {"schemaVersion": 1, "id": "f", "state": {"on": true, "n": 1, "s": "", "c": "a"}, "root": {"type": "vstack", "children": [
          {"type": "toggle", "id": "bare", "isOn": "@{on}"},
          {"type": "toggle", "id": "named", "label": "Dark", "isOn": "@{on}"},
          {"type": "stepper", "id": "count", "value": "@{n}"},
          {"type": "textField", "id": "field", "placeholder": "Email", "text": "@{s}"},
          {"type": "picker", "id": "pick", "selection": "@{c}", "options": ["a", "b"]}]}}
        """)
        let environment = device("iphone-16")
        let result = LayoutEngine().layout(screen, in: environment, traits: environment.traitCollection(contentSize: .large))
        let found = AccessibilityAudit.findings(layout: result, tree: AccessibilityTree(layout: result))
            .filter { $0.code == "missing-accessibility-label" }
        #expect(found.map { result.nodes[$0.node].id } == ["bare", "count", "pick"], "\(found)")
    }
}
