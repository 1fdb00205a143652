import SDUIDisplay
import SDUIEnvironment

/// How the preview draws input controls: UIKit's shapes at UIKit's sizes (the frames come from the layout), in the
/// state the screen was resolved in — a `UISwitch` on (green) or off, a `UIStepper`'s − | +, a rounded text field,
/// a segmented control with its selected segment, a menu picker's chevron.
enum InputDrawing {
    /// The control's elements inside the node's element (positions relative to it); "" for other nodes.
    static func html(for item: DisplayItem) -> String {
        guard let control = item.control, let c = item.controlBox else { return "" }
        let f = item.frame
        func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ style: String, _ content: String = "") -> String {
            "<div class=\"sdui-control\" aria-hidden=\"true\" style=\"position:absolute;left:" + CSSFormat.px(x) + ";top:" + CSSFormat.px(y)
                + ";width:" + CSSFormat.px(w) + ";height:" + CSSFormat.px(h) + ";" + style + "\">" + content + "</div>"
        }
        switch control {
        case .toggle(let isOn):
            let x = c.x, y = c.y
            let knob = box(isOn ? 22 : 2, 2, 27, 27, "border-radius:13.5px;background:#fff;box-shadow:0 2px 4px rgba(0,0,0,.25)")
            return box(x, y, 51, 31, "border-radius:15.5px;background:" + (isOn ? "#34C759" : "#E9E9EA"), knob)
        case .stepper:
            let x = c.x, y = c.y
            let signs = box(0, 0, 47, 32, "text-align:center;line-height:32px;font-size:20px", "−")
                + box(46.5, 8, 1, 16, "background:#C6C6C8")
                + box(47, 0, 47, 32, "text-align:center;line-height:32px;font-size:20px", "+")
            return box(x, y, 94, 32, "border-radius:8px;background:#EEEEF0", signs)
        case .textField:
            return box(0, 0, f.width, f.height, "box-sizing:border-box;border:1px solid #C6C6C8;border-radius:5px")
        case .segmented(let options, let selected):
            let count = max(1, options.count)
            let width = f.width / Double(count)
            var inner = ""
            for (i, label) in options.enumerated() {
                let x = Double(i) * width
                if i == selected { inner += box(x + 2, 2, width - 4, f.height - 4, "border-radius:7px;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.12)") }
                inner += box(x, 0, width, f.height, "text-align:center;font-size:13px;line-height:" + CSSFormat.px(f.height)
                             + (i == selected ? ";font-weight:600" : ""), HTMLEscaping.text(label))
            }
            return box(0, 0, f.width, f.height, "border-radius:9px;background:#EEEEF0", inner)
        case .menu:
            return box(c.x, c.y, c.width, c.height, "text-align:center;font-size:10px;line-height:" + CSSFormat.px(f.height) + ";color:#007AFF", "⌃⌄")
        }
    }

    /// The same shapes as SVG, in window coordinates (`item.frame` plus `controlBox`); "" for other nodes.
    static func svg(for item: DisplayItem) -> String {
        guard let control = item.control, let c = item.controlBox else { return "" }
        let f = item.frame
        let x = f.x + c.x, y = f.y + c.y
        func n(_ v: Double) -> String { CSSFormat.number(v) }
        func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double, _ attributes: String) -> String {
            "<rect x=\"" + n(x) + "\" y=\"" + n(y) + "\" width=\"" + n(w) + "\" height=\"" + n(h) + "\" rx=\"" + n(r) + "\" " + attributes + "/>"
        }
        func label(_ text: String, _ cx: Double, _ cy: Double, _ size: Double, _ extra: String = "") -> String {
            "<text x=\"" + n(cx) + "\" y=\"" + n(cy + size * 0.35) + "\" font-size=\"" + n(size) + "\" text-anchor=\"middle\"" + extra
                + " xml:space=\"preserve\">" + HTMLEscaping.text(text) + "</text>"
        }
        var out = "<g class=\"sdui-control\" aria-hidden=\"true\">"
        switch control {
        case .toggle(let isOn):
            out += rect(x, y, c.width, c.height, c.height / 2, "fill=\"" + (isOn ? "#34C759" : "#E9E9EA") + "\"")
            out += "<circle cx=\"" + n(x + (isOn ? c.width - c.height / 2 : c.height / 2)) + "\" cy=\"" + n(y + c.height / 2)
                + "\" r=\"" + n(c.height / 2 - 2) + "\" fill=\"#FFFFFF\"/>"
        case .stepper:
            out += rect(x, y, c.width, c.height, 8, "fill=\"#EEEEF0\"")
            out += rect(x + c.width / 2 - 0.5, y + 8, 1, c.height - 16, 0, "fill=\"#C6C6C8\"")
            out += label("−", x + c.width / 4, y + c.height / 2, 20) + label("+", x + c.width * 3 / 4, y + c.height / 2, 20)
        case .textField:
            out += rect(x + 0.5, y + 0.5, max(0, c.width - 1), max(0, c.height - 1), 5, "fill=\"none\" stroke=\"#C6C6C8\"")
        case .segmented(let options, let selected):
            out += rect(x, y, c.width, c.height, 9, "fill=\"#EEEEF0\"")
            let width = c.width / Double(max(1, options.count))
            for (i, option) in options.enumerated() {
                let left = x + Double(i) * width
                if i == selected { out += rect(left + 2, y + 2, max(0, width - 4), max(0, c.height - 4), 7, "fill=\"#FFFFFF\"") }
                out += label(option, left + width / 2, y + c.height / 2, 13, i == selected ? " font-weight=\"600\"" : "")
            }
        case .menu:
            out += label("⌃⌄", x + c.width / 2, y + c.height / 2, 10, " fill=\"#007AFF\"")
        }
        return out + "</g>"
    }
}

/// Which part of an input control a point hits, by the shapes `InputDrawing` draws (a live page's taps).
public enum InputHitTesting {
    /// A stepper of `width` points tapped at `x` (from its left edge): -1 on its −, +1 on its +, 0 beside the control
    /// (on its label). The control is UIKit's 94 × 32 pt `UIStepper` at the trailing edge, two 47-pt halves.
    public static func stepperDirection(atX x: Double, width: Double) -> Int {
        let left = width - 94
        guard x >= left, x <= width else { return 0 }
        return x < left + 47 ? -1 : 1
    }

    /// The segment of a segmented picker of `count` equal segments over `width` points tapped at `x`, or nil.
    public static func segment(atX x: Double, width: Double, count: Int) -> Int? {
        guard count > 0, width > 0, x >= 0, x <= width else { return nil }
        return min(count - 1, Int(x / (width / Double(count))))
    }
}
