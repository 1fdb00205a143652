import Foundation
import SDUIEnvironment
public import SDUILayout
public import SDUISchema

/// One accessibility problem of a laid-out screen, for `sdui lint`.
public struct AccessibilityFinding: Hashable, Sendable {
    /// `missing-accessibility-label` or `low-contrast` (both in `LayoutDiagnostic.kinds`).
    public var code: String
    public var severity: LayoutDiagnostic.Severity
    /// The node's index in `LayoutResult.nodes`.
    public var node: Int
    public var message: String
}

/// The accessibility checks of `sdui lint`, on a layout and its accessibility tree.
///
/// - `missing-accessibility-label`: an image with no `alt` or label that is not hidden, or a button (or a node
///   with an action that is an element) with nothing to read: VoiceOver says only "image" or "button". An image
///   or button below an element that has a label of its own (`ignore`, or `combine` with a `label`) is covered
///   by that label and not reported. So is an input control (toggle, stepper, text field, picker) with no label
///   (a text field's placeholder is its label when it has none).
/// - `low-contrast`: text (and a button title in a colour the payload chose) whose contrast with its effective
///   background is below WCAG 2.2 AA (success criterion 1.4.3): 4.5 : 1, or 3 : 1 for large text (≥ 18 pt, or
///   ≥ 14 pt bold), checked in light and in dark appearance. The background is the nearest opaque layer behind
///   the text: its own background, its ancestors' (`background` and the chain's `background` colours), a `color`
///   node earlier in an enclosing zstack, then the system background (white, or black in dark); translucent
///   layers and text colours are composited over what is behind them. Text over an image in a zstack is not
///   checked (its background is the picture).
public enum AccessibilityAudit {
    /// The findings of `layout`, with its accessibility tree.
    public static func findings(layout: LayoutResult, tree: AccessibilityTree) -> [AccessibilityFinding] {
        let nodes = layout.nodes
        let contents = nodes.indices.map { layout.content(at: $0) }
        var findings: [AccessibilityFinding] = []
        missingLabels(nodes, contents, tree, into: &findings)
        lowContrast(nodes, contents, tree, into: &findings)
        return findings.sorted { $0.node != $1.node ? $0.node < $1.node : $0.code < $1.code }
    }

    // MARK: Labels

    /// Whether `text` is empty or only spaces and tabs: `text.trimmingCharacters(in: .whitespaces).isEmpty`
    /// without Foundation's per-call bridging, which was a quarter of `sdui lint`'s accessibility audit.
    /// `CharacterSet.whitespaces` is Unicode's Zs and U+0009 and, in Core Foundation's list, U+200B (zero width
    /// space) as well; a test compares the two over every scalar.
    static func isBlank(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: continue
            default: return false
            }
        }
        return true
    }

    static func missingLabels(_ nodes: [LayoutNode], _ contents: [NodeContent?], _ tree: AccessibilityTree,
                              into findings: inout [AccessibilityFinding]) {
        for element in tree.elements where isBlank(element.label) {
            let i = element.nodeIndices[0]
            guard i < nodes.count else { continue }
            let what: String
            switch nodes[i].type {
            case .image: what = "an image without alt or an accessibility label: VoiceOver reads only \"image\"; give it \"alt\", or \"accessibility\": {\"hidden\": true} if it is decoration"
            case .button: what = "a button without a title or an accessibility label (an icon-only button?): VoiceOver reads only \"button\"; give it \"accessibility\": {\"label\": …}"
            case .toggle, .stepper, .textField, .picker:
                what = "a \(nodes[i].type.rawValue) without a label: VoiceOver reads only its value and kind; give it \"label\""
                    + (nodes[i].type == .textField ? " (a text field: \"placeholder\" or \"accessibility\": {\"label\": …})" : "")
            default:
                guard element.traits.contains(.button) || element.traits.contains(.image) else { continue }
                what = "a \(element.traits.contains(.button) ? "tappable" : "image") element with nothing to read: give it \"accessibility\": {\"label\": …}"
            }
            findings.append(AccessibilityFinding(code: "missing-accessibility-label", severity: .warning, node: i, message: what))
        }
        // Images and buttons merged into a combined element with no label of its own add nothing to its label.
        for (i, node) in nodes.enumerated() where tree.exposure[i] == .covered {
            guard node.type == .image || node.type == .button, let content = contents[i] else { continue }
            let own = content.accessibility?.label
            let text = node.type == .image ? content.alt : content.text
            guard isBlank(own ?? text ?? ""), !isCoveredByOwnLabel(i, nodes, contents) else { continue }
            findings.append(AccessibilityFinding(code: "missing-accessibility-label", severity: .warning, node: i,
                                                 message: node.type == .image
                                                    ? "an image without alt or an accessibility label inside a combined element: it adds nothing to what VoiceOver reads; give it \"alt\", or \"accessibility\": {\"hidden\": true} if it is decoration"
                                                    : "a button without a title or an accessibility label inside a combined element: give it \"accessibility\": {\"label\": …}"))
        }
    }

    /// Whether an ancestor of node `i` is an element with a label of its own (which replaces what `i` would add).
    static func isCoveredByOwnLabel(_ i: Int, _ nodes: [LayoutNode], _ contents: [NodeContent?]) -> Bool {
        var p = nodes[i].parent
        var steps = 0
        while p >= 0 && p < nodes.count && steps < nodes.count {
            if let properties = contents[p]?.accessibility, properties.label != nil {
                let behavior = properties.children
                if behavior == .ignore || behavior == .combine || behavior == nil { return true }
            }
            p = nodes[p].parent
            steps += 1
        }
        return false
    }

    // MARK: Contrast

    /// WCAG 2.2's large text, in points: at least 18, or at least 14 when bold (weight 700 or more).
    public static func isLargeText(fontSize: Double, fontWeight: Int) -> Bool {
        fontSize >= 18 || (fontSize >= 14 && fontWeight >= 700)
    }

    /// The contrast WCAG 2.2 AA asks of text of that size: 3 : 1 for large text, else 4.5 : 1.
    public static func requiredContrast(fontSize: Double, fontWeight: Int) -> Double {
        isLargeText(fontSize: fontSize, fontWeight: fontWeight) ? 3 : 4.5
    }

    static func lowContrast(_ nodes: [LayoutNode], _ contents: [NodeContent?], _ tree: AccessibilityTree,
                            into findings: inout [AccessibilityFinding]) {
        for (i, node) in nodes.enumerated() where node.type == .text || node.type == .label || node.type == .button {
            guard tree.exposure[i] != .hidden, let run = node.text, !run.lines.isEmpty, let content = contents[i] else { continue }
            let ink: Color
            var plate: Color?
            if node.type != .button {
                ink = content.color ?? Color.system["primary"] ?? Color(light: .init(red: 0, green: 0, blue: 0))
            } else {
                // A button in the system tint is Apple's own choice; one in a colour the payload chose is checked.
                guard let tint = content.color else { continue }
                switch content.buttonStyle ?? .automatic {
                case .borderedProminent:
                    ink = Color.system["white"] ?? tint
                    plate = tint
                case .bordered:
                    ink = tint
                    plate = Color(light: ContrastMath.scaled(tint.light, 0.15), dark: ContrastMath.scaled(tint.dark, 0.15))
                case .automatic, .plain, .borderless:
                    ink = tint
                }
            }
            let required = requiredContrast(fontSize: run.fontSize, fontWeight: run.fontWeight)
            var worst: (ratio: Double, dark: Bool, ink: Color.RGBA, back: Color.RGBA)?
            for dark in [false, true] {
                guard var back = background(of: i, nodes, contents, dark: dark) else { continue }
                if let plate, node.type == .button, content.background == nil {
                    back = ContrastMath.over(plate.resolved(dark: dark), back)
                }
                let shown = ContrastMath.over(ink.resolved(dark: dark), back)
                let ratio = ContrastMath.ratio(shown, back)
                if ratio < required - 1e-9 && ratio < (worst?.ratio ?? .infinity) { worst = (ratio, dark, shown, back) }
            }
            guard let worst else { continue }
            let size = isLargeText(fontSize: run.fontSize, fontWeight: run.fontWeight) ? "large text" : "text under 18 pt (14 pt bold)"
            findings.append(AccessibilityFinding(
                code: "low-contrast", severity: .warning, node: i,
                message: "contrast \(ContrastMath.format(worst.ratio, below: required)):1 (\(worst.ink.hex) on \(worst.back.hex)) in \(worst.dark ? "dark" : "light") appearance is below WCAG 2.2 AA's \(ContrastMath.format(required)):1 for \(size)"))
        }
    }

    /// The opaque colour behind node `i`'s content in one appearance, or nil when it is an image.
    static func background(of i: Int, _ nodes: [LayoutNode], _ contents: [NodeContent?], dark: Bool) -> Color.RGBA? {
        // The layers from the node outwards (the first is nearest the text).
        var layers: [Color.RGBA] = []
        var k = i
        var steps = 0
        while k >= 0 && k < nodes.count && steps <= nodes.count {
            if let content = contents[k] {
                if let own = content.background { layers.append(own.resolved(dark: dark)) }
                for color in content.chainBackgroundColors { layers.append(color.resolved(dark: dark)) }
            }
            let parent = nodes[k].parent
            if parent >= 0 && parent < k, nodes[parent].type == .zstack {
                // Earlier children of a zstack are behind: a color fills the zstack, an image is a picture.
                var j = k - 1
                var behind: [Color.RGBA] = []
                while j > parent {
                    if nodes[j].parent == parent, !nodes[j].isHidden {
                        if nodes[j].type == .image { return nil }
                        if nodes[j].type == .color, let content = contents[j] {
                            let fill = content.color ?? Color.system["primary"]
                            if let fill { behind.append(fill.resolved(dark: dark)) }
                        }
                    }
                    j -= 1
                }
                layers += behind
            }
            k = parent
            steps += 1
        }
        var result = dark ? Color.RGBA(red: 0, green: 0, blue: 0) : Color.RGBA(red: 255, green: 255, blue: 255)
        for layer in layers.reversed() { result = ContrastMath.over(layer, result) }
        return result
    }
}

/// WCAG 2.2's relative luminance and contrast ratio, and source-over compositing in sRGB (as browsers draw).
public enum ContrastMath {
    /// Relative luminance (WCAG 2.2, "relative luminance": linearised sRGB, 0.2126 R + 0.7152 G + 0.0722 B).
    public static func luminance(_ c: Color.RGBA) -> Double {
        func channel(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(c.red) + 0.7152 * channel(c.green) + 0.0722 * channel(c.blue)
    }

    /// (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 … 21.
    public static func ratio(_ a: Color.RGBA, _ b: Color.RGBA) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `top` drawn over the opaque `bottom`.
    public static func over(_ top: Color.RGBA, _ bottom: Color.RGBA) -> Color.RGBA {
        let a = Double(top.alpha) / 255
        func mix(_ t: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(max(0, min(255, (Double(t) * a + Double(b) * (1 - a)).rounded())))
        }
        return Color.RGBA(red: mix(top.red, bottom.red), green: mix(top.green, bottom.green), blue: mix(top.blue, bottom.blue))
    }

    /// `color` with its opacity multiplied by `factor`.
    static func scaled(_ color: Color.RGBA, _ factor: Double) -> Color.RGBA {
        var c = color
        c.alpha = UInt8(max(0, min(255, (Double(c.alpha) * factor).rounded(.down))))
        return c
    }

    /// A ratio to two decimals (2.85); a ratio below `required` is rounded down when rounding would reach it, so a
    /// failing 4.497 reads "4.49", never a passing-looking "4.50".
    public static func format(_ ratio: Double, below required: Double = .infinity) -> String {
        guard ratio.isFinite, ratio >= 0, ratio < 1_000_000 else { return "?" }
        var hundredths = (ratio * 100).rounded()
        if ratio < required && hundredths >= required * 100 { hundredths = (ratio * 100).rounded(.down) }
        guard let h = Int(exactly: hundredths) else { return "?" }
        let rest = h % 100
        return "\(h / 100)." + (rest < 10 ? "0" : "") + "\(rest)"
    }
}
