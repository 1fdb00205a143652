import SDUIEnvironment
import SDUISchema
import SDUILayout

/// The ARIA markup of one HTML panel, made from the screen's `AccessibilityTree`, so that a browser's computed
/// accessibility tree holds exactly `sdui accessibility`'s elements, in its order (checked in Chromium,
/// `AccessibilityBrowserTests`).
///
/// - The panel is a `role="group"` (`aria-roledescription="screen"`, named by the screen's title) whose
///   `aria-owns` lists every element in reading order: the browser reads the owned elements in that order
///   whatever their place in the DOM (which follows the layout tree).
/// - An element whose traits name an ARIA role (`button` → `button`, `link` → `link`, `header` → `heading`,
///   `searchField` → `searchbox`, `image` → `img`, in that precedence) is its node's element with that role,
///   `aria-label` (the label) and `aria-description` (the hint); `notEnabled` adds `aria-disabled`.
/// - Any other element (a text, a combined text) is read as text: a visually hidden `<span>` holding its label
///   inside its node's element (the drawn lines are `aria-hidden`, so the browser reads the label once, whole).
/// - Nodes covered by an element (merged into a `combine`, below an `ignore`) and hidden nodes are `aria-hidden`.
///
/// A value (`accessibilityValue`) has no ARIA attribute outside range widgets and is not written; traits other
/// than those above (`selected`, `summaryElement`, `updatesFrequently` …) neither.
struct AccessibilityMarkup {
    let tree: AccessibilityTree
    /// Makes the element ids unique on a page of many panels.
    let prefix: String

    init(layout: LayoutResult, screen: Screen) {
        tree = AccessibilityTree(layout: layout, screen: screen)
        let env = layout.environment
        var key = "ax-" + env.device.slug + "-" + env.orientation.rawValue + "-" + env.mode.description + "-"
            + layout.traits.preferredContentSizeCategory.rawValue + (layout.traits.layoutDirection == .rightToLeft ? "-rtl" : "")
        key = String(key.unicodeScalars.map { scalar -> Character in
            let v = scalar.value
            let safe = (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x2D
            return safe ? Character(scalar) : "_"
        })
        prefix = key + "-" + String(UInt32(truncatingIfNeeded: Self.hash(screen.id)), radix: 36)
    }

    /// A stable FNV-1a hash (Swift's `hashValue` differs between runs).
    static func hash(_ text: String) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x100000001b3 }
        return h
    }

    /// The ARIA role an element's traits name, or nil for an element read as text.
    static func role(_ traits: [AccessibilityTrait]) -> String? {
        if traits.contains(.button) || traits.contains(.toggleButton) { return "button" }
        if traits.contains(.link) { return "link" }
        if traits.contains(.header) { return "heading" }
        if traits.contains(.searchField) { return "searchbox" }
        if traits.contains(.image) { return "img" }
        return nil
    }

    func id(_ element: Int) -> String { prefix + "-" + String(element) }

    /// ` role="group" aria-roledescription="screen" aria-label="…" aria-owns="…"` for the panel element.
    func panelAttributes(title: String) -> String {
        var out = " role=\"group\" aria-roledescription=\"screen\" aria-label=\"" + HTMLEscaping.attribute(title) + "\""
        if !tree.elements.isEmpty {
            out += " aria-owns=\"" + tree.elements.indices.map { id($0) }.joined(separator: " ") + "\""
        }
        return out
    }

    /// The ARIA attributes of node `index`'s element (starting with a space, or empty).
    func attributes(node index: Int) -> String {
        guard index < tree.exposure.count else { return "" }
        switch tree.exposure[index] {
        case .hidden, .covered:
            return " aria-hidden=\"true\""
        case .structural, .container:
            return ""
        case .element(let k):
            let element = tree.elements[k]
            guard let role = Self.role(element.traits) else { return "" }
            var out = " id=\"" + id(k) + "\" role=\"" + role + "\" aria-label=\"" + HTMLEscaping.attribute(element.label) + "\""
            if let hint = element.hint { out += " aria-description=\"" + HTMLEscaping.attribute(hint) + "\"" }
            if element.traits.contains(.notEnabled) { out += " aria-disabled=\"true\"" }
            return out
        }
    }

    /// What node `index`'s element holds for assistive technologies besides its drawing: the text of an element
    /// read as text.
    func content(node index: Int) -> String {
        guard index < tree.exposure.count, case .element(let k) = tree.exposure[index] else { return "" }
        let element = tree.elements[k]
        guard Self.role(element.traits) == nil else { return "" }
        return "<span class=\"sdui-ax\" id=\"" + id(k) + "\">" + HTMLEscaping.text(element.label) + "</span>"
    }
}
