import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
@testable import SDUIDisplay

/// An input's label is SwiftUI's `Toggle`/`Stepper` layout — an HStack of the leading label, wrapping in the width
/// the control leaves, and the control at the trailing edge: never under the control, in either direction.
@Suite struct InputLabelTests {
    static let payload = #"""
    {"schemaVersion": 1, "state": {"on": true, "n": 3, "name": "", "size": 1}, "root": {"type": "vstack", "padding": 16, "children": [
      {"type": "toggle", "id": "toggle", "isOn": "@{on}", "label": "Notifications for every new message in every channel you follow"},
      {"type": "stepper", "id": "stepper", "value": "@{n}", "label": "Guests staying with you for the whole of the long weekend"},
      {"type": "textField", "id": "field", "text": "@{name}", "placeholder": "Your name"},
      {"type": "picker", "id": "menu", "selection": "@{size}", "options": [{"value": 1, "label": "Small"}, {"value": 2, "label": "Large"}]},
      {"type": "toggle", "id": "short", "isOn": "@{on}", "label": "Wi-Fi"}]}}
    """#

    @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft], ["iphone-se-3", "iphone-16", "ipad-mini-7"])
    func `label lines are leading and end before the control`(_ direction: LayoutDirection, _ window: String) throws {
        let items = try Fixture.items(Screen(json: Self.payload), Fixture.window(window), direction: direction)
        var checked = 0
        for item in items where item.control != nil {
            let box = try #require(item.controlBox, "\(item.id)")
            let text = try #require(item.text, "\(item.id)")
            let w = item.frame.width
            for line in text.lines {
                let left = line.left, right = line.left + line.width
                switch item.type {
                case .toggle, .stepper, .picker:
                    // The room the control leaves, at the leading edge; the control at the trailing one.
                    if direction == .leftToRight {
                        #expect(box.x + box.width == w, "\(item.id): the control is at the trailing (right) edge")
                        #expect(abs(left) < 1e-9, "\(item.id): \"\(line.text)\" starts at the leading edge, not \(left)")
                        #expect(right <= box.x - InputMetrics.labelGap + 1e-9, "\(item.id): \"\(line.text)\" runs under the control")
                    } else {
                        #expect(box.x == 0, "\(item.id): right to left, the control is at the left")
                        #expect(abs(right - w) < 1e-9, "\(item.id): \"\(line.text)\" starts at the right edge")
                        #expect(left >= box.width + InputMetrics.labelGap - 1e-9, "\(item.id): \"\(line.text)\" runs under the control")
                    }
                case .textField:
                    let inset = InputMetrics.textFieldInset
                    #expect(abs((direction == .leftToRight ? left : w - right) - inset) < 1e-9, "placeholder at the leading inset")
                default:
                    break
                }
                checked += 1
            }
            // Vertically centred against the control (an HStack's default alignment).
            let top = text.lines.first?.top ?? 0, bottom = (text.lines.last?.top ?? 0) + text.face.lineHeight
            #expect(abs((top + bottom) / 2 - item.frame.height / 2) < 1, "\(item.id)")
        }
        #expect(checked >= 5, "every label line")
    }
}
