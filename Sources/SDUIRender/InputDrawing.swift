import SDUIEnvironment
import SDUILayout
import SDUISchema

/// How the preview draws input controls: UIKit's shapes at UIKit's sizes (the frames come from the layout), in the
/// state the screen was resolved in — a `UISwitch` on (green) or off, a `UIStepper`'s − | +, a rounded text field,
/// a segmented control with its selected segment, a menu picker's chevron.
enum InputDrawing {
    /// The control's elements inside the node's element (positions relative to it); "" for other nodes.
    static func html(for node: LayoutNode, component: ComponentNode?, state: ScreenState) -> String {
        guard let component, let input = component.input else { return "" }
        let f = node.frame
        func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ style: String, _ content: String = "") -> String {
            "<div class=\"sdui-control\" style=\"position:absolute;left:" + CSSFormat.px(x) + ";top:" + CSSFormat.px(y)
                + ";width:" + CSSFormat.px(w) + ";height:" + CSSFormat.px(h) + ";" + style + "\">" + content + "</div>"
        }
        switch component.type {
        case .toggle:
            let isOn = state[input.target] == .bool(true)
            let x = f.width - 51, y = (f.height - 31) / 2
            let knob = box(isOn ? 22 : 2, 2, 27, 27, "border-radius:13.5px;background:#fff;box-shadow:0 2px 4px rgba(0,0,0,.25)")
            return box(x, y, 51, 31, "border-radius:15.5px;background:" + (isOn ? "#34C759" : "#E9E9EA"), knob)
        case .stepper:
            let x = f.width - 94, y = (f.height - 32) / 2
            let signs = box(0, 0, 47, 32, "text-align:center;line-height:32px;font-size:20px", "−")
                + box(46.5, 8, 1, 16, "background:#C6C6C8")
                + box(47, 0, 47, 32, "text-align:center;line-height:32px;font-size:20px", "+")
            return box(x, y, 94, 32, "border-radius:8px;background:#EEEEF0", signs)
        case .textField:
            return box(0, 0, f.width, f.height, "box-sizing:border-box;border:1px solid #C6C6C8;border-radius:5px")
        case .picker where input.pickerStyle == .segmented:
            let count = max(1, input.options.count)
            let width = f.width / Double(count)
            let selected = input.options.firstIndex { $0.value == state[input.target] }
            var inner = ""
            for (i, option) in input.options.enumerated() {
                let x = Double(i) * width
                if i == selected { inner += box(x + 2, 2, width - 4, f.height - 4, "border-radius:7px;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.12)") }
                inner += box(x, 0, width, f.height, "text-align:center;font-size:13px;line-height:" + CSSFormat.px(f.height)
                             + (i == selected ? ";font-weight:600" : ""), HTMLEscaping.text(option.label))
            }
            return box(0, 0, f.width, f.height, "border-radius:9px;background:#EEEEF0", inner)
        case .picker:
            return box(f.width - 12, 0, 12, f.height, "text-align:center;font-size:10px;line-height:" + CSSFormat.px(f.height) + ";color:#007AFF", "⌃⌄")
        default:
            return ""
        }
    }

    /// Whether the node's text run is drawn by `html(for:)` instead (a segmented picker draws every option).
    static func drawsOwnText(_ component: ComponentNode?) -> Bool {
        component?.type == .picker && component?.input?.pickerStyle == .segmented
    }
}
