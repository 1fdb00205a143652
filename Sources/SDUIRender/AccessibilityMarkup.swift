import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIDisplay

/// The ARIA markup of one HTML panel, written from the display list's accessibility (`DisplayItem.accessibility`,
/// `DisplayList.accessibilityOrder`: the pass `sdui accessibility` prints), so that a browser's computed
/// accessibility tree holds exactly `sdui accessibility`'s elements, in its order (checked in Chromium,
/// `AccessibilityBrowserTests`).
///
/// - The panel is a `role="group"` (`aria-roledescription="screen"`, named by the screen's title) whose
///   `aria-owns` lists every element in reading order: the browser reads the owned elements in that order
///   whatever their place in the DOM (which follows the layout tree).
/// - An element whose traits name an ARIA role (`AccessibilityMarkup.role`) is its node's element with that role,
///   `aria-label` (the label), `aria-description` (the hint) and the role's state (`aria-checked`,
///   `aria-valuetext`); `notEnabled` adds `aria-disabled`.
/// - Any other element (a text, a combined text) is read as text: a visually hidden `<span>` holding its label
///   inside its node's element (the drawn lines are `aria-hidden`, so the browser reads the label once, whole).
/// - Nodes covered by an element (merged into a `combine`, below an `ignore`) and hidden nodes are `aria-hidden`.
struct AccessibilityMarkup {
    /// The element nodes in reading order.
    let order: [NodeIndex]
    /// Makes the element ids unique on a page of many panels.
    let prefix: String
    /// An item's id suffix when ids follow identities (a patchable panel: an item keeps its id when others are
    /// inserted before it), made on demand; nil: the node index.
    let identityKey: ((NodeIndex) -> String)?

    init(_ list: DisplayList) {
        self.init(order: list.accessibilityOrder, environment: list.environment, traits: list.traits, screenID: list.layout.screenID,
                  identityKey: nil)
    }

    init(order: [NodeIndex], environment env: WindowEnvironment, traits: TraitCollection, screenID: String,
         identityKey: ((NodeIndex) -> String)?) {
        self.order = order
        self.identityKey = identityKey
        var key = "ax-" + env.device.slug + "-" + env.orientation.rawValue + "-" + env.mode.description + "-"
            + traits.preferredContentSizeCategory.rawValue + (traits.layoutDirection == .rightToLeft ? "-rtl" : "")
        key = String(key.unicodeScalars.map { scalar -> Character in
            let v = scalar.value
            let safe = (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x2D
            return safe ? Character(scalar) : "_"
        })
        prefix = key + "-" + String(UInt32(truncatingIfNeeded: Self.hash(screenID)), radix: 36)
    }

    /// An id suffix for an identity: its hash (ids are for ARIA references only).
    static func identityKey(of item: DisplayItem) -> String {
        String(hash(ViewKey(item).description), radix: 36)
    }

    /// A stable FNV-1a hash (Swift's `hashValue` differs between runs).
    static func hash(_ text: String) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x100000001b3 }
        return h
    }

    /// The ARIA role of an element: its input control's (`switch`, `spinbutton`, `textbox`, `radiogroup` for a
    /// segmented picker, `button` for a menu picker), else the one its traits name, or nil for an element read as
    /// text.
    static func role(_ accessibility: DisplayAccessibility) -> String? {
        switch accessibility.control {
        case .toggle?: return "switch"
        case .stepper?: return "spinbutton"
        case .textField?: return "textbox"
        case .segmentedPicker?: return "radiogroup"
        case .menuPicker?: return "button"
        case nil: return role(accessibility.traits)
        }
    }

    /// The ARIA role an element's traits name, or nil for an element read as text.
    static func role(_ traits: AccessibilityTraits) -> String? {
        if traits.contains(.button) || traits.contains(.toggleButton) { return "button" }
        if traits.contains(.link) { return "link" }
        if traits.contains(.header) { return "heading" }
        if traits.contains(.searchField) { return "searchbox" }
        if traits.contains(.image) { return "img" }
        return nil
    }

    /// The id of the element node `index` carries.
    func id(_ index: NodeIndex) -> String {
        if let identityKey { return prefix + "-" + identityKey(index) }
        return prefix + "-" + String(index.rawValue)
    }

    /// ` role="group" aria-roledescription="screen" aria-label="…" aria-owns="…"` for the panel element.
    func panelAttributes(title: String) -> String {
        var out = " role=\"group\" aria-roledescription=\"screen\" aria-label=\"" + HTMLEscaping.attribute(title) + "\""
        if !order.isEmpty {
            out += " aria-owns=\"" + order.map { id($0) }.joined(separator: " ") + "\""
        }
        return out
    }

    /// The ARIA attributes of an item's element (starting with a space, or empty).
    func attributes(of item: DisplayItem) -> String {
        let a = item.accessibility
        switch a.role {
        case .hidden, .covered:
            return " aria-hidden=\"true\""
        case .none, .container:
            return ""
        case .element:
            guard let role = Self.role(a) else { return "" }
            var out = " id=\"" + id(item.index) + "\" role=\"" + role + "\" aria-label=\"" + HTMLEscaping.attribute(a.label ?? "") + "\""
            if let hint = a.hint { out += " aria-description=\"" + HTMLEscaping.attribute(hint) + "\"" }
            switch a.control {
            case .toggle?:
                out += " aria-checked=\"" + (a.value == "1" ? "true" : "false") + "\""
            case .stepper?:
                if let value = a.value, let number = Double(value), number.isFinite {
                    out += " aria-valuenow=\"" + HTMLEscaping.attribute(value) + "\""
                }
                if let value = a.value { out += " aria-valuetext=\"" + HTMLEscaping.attribute(value) + "\"" }
            default:
                break
            }
            if a.traits.contains(.notEnabled) { out += " aria-disabled=\"true\"" }
            return out
        }
    }

    /// What an item's element holds for assistive technologies besides its drawing: the text of an element read as
    /// text.
    func content(of item: DisplayItem) -> String {
        let a = item.accessibility
        guard a.role == .element, Self.role(a) == nil else { return "" }
        return "<span class=\"sdui-ax\" id=\"" + id(item.index) + "\">" + HTMLEscaping.text(a.label ?? "") + "</span>"
    }
}
