/// A node kind. Unknown kinds are kept (`custom`) so an older app survives a newer server.
public enum ComponentType: Hashable, Sendable, CustomStringConvertible {
    case vstack, hstack, zstack, grid, scroll, text, image, button, spacer, divider, color
    /// A group of children with an optional header and footer (SwiftUI's `Section`).
    case section
    /// The first child whose ideal size fits the proposal (SwiftUI's `ViewThatFits`).
    case viewThatFits
    /// Children placed in lines like words, wrapping when the next would not fit (chips, tags).
    case flow
    /// A grid of rows filled column by column (SwiftUI's `LazyHGrid`).
    case hgrid
    /// A title with an SF Symbol before it (SwiftUI's `Label`).
    case label
    /// Input controls, bound two-way to a state variable (`InputProperties`).
    case toggle, textField, stepper, picker
    /// A type this version does not know, or one a host app registers.
    case custom(String)

    /// Every built-in type.
    public static let builtIn: [ComponentType] = [.vstack, .hstack, .zstack, .grid, .scroll, .text, .image, .button, .spacer, .divider, .color,
                                                  .section, .viewThatFits, .flow, .hgrid, .label,
                                                  .toggle, .textField, .stepper, .picker]

    public init(rawValue: String) {
        // A switch, not a search of `builtIn`: the decoder makes a type for every node.
        switch rawValue {
        case "vstack": self = .vstack
        case "hstack": self = .hstack
        case "zstack": self = .zstack
        case "grid": self = .grid
        case "scroll": self = .scroll
        case "text": self = .text
        case "image": self = .image
        case "button": self = .button
        case "spacer": self = .spacer
        case "divider": self = .divider
        case "color": self = .color
        case "section": self = .section
        case "viewThatFits": self = .viewThatFits
        case "flow": self = .flow
        case "hgrid": self = .hgrid
        case "label": self = .label
        case "toggle": self = .toggle
        case "textField": self = .textField
        case "stepper": self = .stepper
        case "picker": self = .picker
        default: self = .custom(rawValue)
        }
    }

    /// The payload's spelling.
    public var rawValue: String {
        switch self {
        case .vstack: return "vstack"
        case .hstack: return "hstack"
        case .zstack: return "zstack"
        case .grid: return "grid"
        case .scroll: return "scroll"
        case .text: return "text"
        case .image: return "image"
        case .button: return "button"
        case .spacer: return "spacer"
        case .divider: return "divider"
        case .color: return "color"
        case .section: return "section"
        case .viewThatFits: return "viewThatFits"
        case .flow: return "flow"
        case .hgrid: return "hgrid"
        case .label: return "label"
        case .toggle: return "toggle"
        case .textField: return "textField"
        case .stepper: return "stepper"
        case .picker: return "picker"
        case .custom(let name): return name
        }
    }
    public var description: String { rawValue }
    /// Whether this type takes `children`.
    public var isContainer: Bool {
        switch self {
        case .vstack, .hstack, .zstack, .grid, .scroll, .section, .viewThatFits, .flow, .hgrid: return true
        case .custom: return true
        default: return false
        }
    }
    public var isBuiltIn: Bool { if case .custom = self { return false } else { return true } }
}

/// Alignment in one or two dimensions (SwiftUI's `Alignment`, `HorizontalAlignment`, `VerticalAlignment`).
///
/// A `vstack` accepts `leading`/`center`/`trailing`, an `hstack` `top`/`center`/`bottom`, a `zstack` and a
/// `frame` any of the nine.
public enum Alignment: String, Hashable, Sendable, CaseIterable {
    case topLeading, top, topTrailing, leading, center, trailing, bottomLeading, bottom, bottomTrailing

    /// Horizontal component: 0 leading, 0.5 center, 1 trailing.
    @inlinable public var horizontalFraction: Double {
        switch self {
        case .topLeading, .leading, .bottomLeading: return 0
        case .top, .center, .bottom: return 0.5
        case .topTrailing, .trailing, .bottomTrailing: return 1
        }
    }
    /// Vertical component: 0 top, 0.5 center, 1 bottom.
    @inlinable public var verticalFraction: Double {
        switch self {
        case .topLeading, .top, .topTrailing: return 0
        case .leading, .center, .trailing: return 0.5
        case .bottomLeading, .bottom, .bottomTrailing: return 1
        }
    }
    /// The values a horizontal alignment (vstack, text) accepts.
    public static let horizontal: [Alignment] = [.leading, .center, .trailing]
    /// The values a vertical alignment (hstack) accepts.
    public static let vertical: [Alignment] = [.top, .center, .bottom]
}

/// The axis of a scroll view or stack.
public enum Axis: String, Hashable, Sendable, CaseIterable { case vertical, horizontal }

/// How content fits a box with a different aspect ratio (SwiftUI's `ContentMode`).
public enum ContentMode: String, Hashable, Sendable, CaseIterable { case fit, fill }

/// What an image shows while it loads.
public enum ImagePlaceholder: String, Hashable, Sendable, CaseIterable { case skeleton, none }

/// A button's look (SwiftUI's button styles).
public enum ButtonStyle: String, Hashable, Sendable, CaseIterable { case automatic, plain, bordered, borderedProminent, borderless }

/// How a screen is presented (UIKit's `UIModalPresentationStyle`).
public enum PresentationStyle: String, Hashable, Sendable, CaseIterable {
    case automatic, pageSheet, formSheet, fullScreen, overFullScreen
}

/// A color: `#RRGGBB`, `#RRGGBBAA`, a named system color, or a light/dark pair.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// sRGB components, 0…255.
    public struct RGBA: Hashable, Sendable {
        public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
        }
        /// `#rrggbb` or `#rrggbbaa` when not opaque.
        public var hex: String {
            func h(_ v: UInt8) -> String { let s = String(v, radix: 16); return s.count == 1 ? "0" + s : s }
            return "#" + h(red) + h(green) + h(blue) + (alpha == 255 ? "" : h(alpha))
        }
    }
    /// The color in light appearance.
    public var light: RGBA
    /// The color in dark appearance.
    public var dark: RGBA
    /// The payload spelling it was written as (a hex string or a system color name), when it was one string.
    public var name: String?

    public init(light: RGBA, dark: RGBA? = nil, name: String? = nil) {
        self.light = light; self.dark = dark ?? light; self.name = name
    }

    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a system color name.
    ///
    /// Hex first when the text starts with `#` (no system color name does): most colors in a payload are hex,
    /// and they no longer pay for a dictionary lookup that cannot match.
    public init?(parsing text: String) {
        if text.utf8.first == UInt8(ascii: "#") {
            guard let rgba = Color.parseHex(text) else { return nil }
            self.init(light: rgba, name: text)
            return
        }
        guard let system = Color.system[text] else { return nil }
        self = system
    }

    /// The components of `#RGB` (each digit doubled), `#RRGGBB` or `#RRGGBBAA`, read straight from the UTF-8
    /// bytes (no arrays: the decoder parses every color in a payload).
    static func parseHex(_ text: String) -> RGBA? {
        let utf8 = text.utf8
        guard utf8.first == UInt8(ascii: "#") else { return nil }
        let count = utf8.count - 1
        guard count == 3 || count == 6 || count == 8 else { return nil }
        var value: UInt32 = 0
        for c in utf8.dropFirst() {
            guard let digit = hexValue(c) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        func byte(_ shift: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: value >> shift) }
        switch count {
        case 3:
            func doubled(_ shift: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: value >> shift & 0xF) &* 17 }
            return RGBA(red: doubled(8), green: doubled(4), blue: doubled(0))
        case 6: return RGBA(red: byte(16), green: byte(8), blue: byte(0))
        default: return RGBA(red: byte(24), green: byte(16), blue: byte(8), alpha: byte(0))
        }
    }
    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }

    /// The color for an appearance.
    public func resolved(dark isDark: Bool) -> RGBA { isDark ? dark : light }
    public var description: String { name ?? (light == dark ? light.hex : "{light: \(light.hex), dark: \(dark.hex)}") }

    /// Named system colors with UIKit's light and dark values.
    public static let system: [String: Color] = {
        func c(_ name: String, _ l: (UInt8, UInt8, UInt8, UInt8), _ d: (UInt8, UInt8, UInt8, UInt8)) -> (String, Color) {
            (name, Color(light: RGBA(red: l.0, green: l.1, blue: l.2, alpha: l.3), dark: RGBA(red: d.0, green: d.1, blue: d.2, alpha: d.3), name: name))
        }
        return Dictionary(uniqueKeysWithValues: [
            c("primary", (0, 0, 0, 255), (255, 255, 255, 255)),
            c("secondary", (60, 60, 67, 153), (235, 235, 245, 153)),
            c("tertiary", (60, 60, 67, 76), (235, 235, 245, 76)),
            c("background", (255, 255, 255, 255), (0, 0, 0, 255)),
            c("secondaryBackground", (242, 242, 247, 255), (28, 28, 30, 255)),
            c("groupedBackground", (242, 242, 247, 255), (0, 0, 0, 255)),
            c("separator", (60, 60, 67, 74), (84, 84, 88, 153)),
            c("accent", (0, 122, 255, 255), (10, 132, 255, 255)),
            c("blue", (0, 122, 255, 255), (10, 132, 255, 255)),
            c("red", (255, 59, 48, 255), (255, 69, 58, 255)),
            c("green", (52, 199, 89, 255), (48, 209, 88, 255)),
            c("orange", (255, 149, 0, 255), (255, 159, 10, 255)),
            c("gray", (142, 142, 147, 255), (142, 142, 147, 255)),
            c("fill", (120, 120, 128, 51), (120, 120, 128, 92)),
            c("white", (255, 255, 255, 255), (255, 255, 255, 255)),
            c("black", (0, 0, 0, 255), (0, 0, 0, 255)),
            c("clear", (0, 0, 0, 0), (0, 0, 0, 0)),
        ])
    }()
}

/// What happens when a node is tapped, appears or disappears (data only: the runtime carries navigation out,
/// `ActionInterpreter` computes the state changes and effects).
///
/// The strings of `navigate`, `open` and `present` may interpolate the state (`"product/@{item.id}"`); they are
/// checked when the payload is decoded and computed when the action runs.
public indirect enum Action: Hashable, Sendable {
    /// Push `screen` on the navigation stack.
    case navigate(screen: String)
    /// Open a URL outside the app.
    case open(url: String)
    /// Present `screen` modally.
    case present(screen: String, style: PresentationStyle)
    /// Dismiss the presented screen.
    case dismiss
    /// Set state variable `name` to `value` (which keeps the variable's type).
    case set(name: String, value: ValueTemplate)
    /// Flip bool variable `name`.
    case toggle(name: String)
    /// Add `value` to the end of array variable `name`.
    case append(name: String, value: ValueTemplate)
    /// Remove elements of array variable `name`.
    case remove(name: String, selector: RemoveSelector)
    /// Run `actions` in order; each sees the state the ones before it left.
    case sequence([Action])
    /// Run `then` when `condition` (a bool) holds, else `else`.
    case `if`(condition: ValueTemplate, then: Action?, else: Action?)
    /// Ask the host app to perform a request; its response runs `onSuccess` or `onFailure`.
    case request(RequestAction)
    /// An action type this version does not know (kept verbatim).
    case custom(type: String, payload: JSONValue)

    /// The payload's `type`.
    public var typeName: String {
        switch self {
        case .navigate: return "navigate"
        case .open: return "open"
        case .present: return "present"
        case .dismiss: return "dismiss"
        case .set: return "set"
        case .toggle: return "toggle"
        case .append: return "append"
        case .remove: return "remove"
        case .sequence: return "sequence"
        case .if: return "if"
        case .request: return "request"
        case .custom(let t, _): return t
        }
    }

    /// The built-in action types, in the order the documentation lists them.
    public static let builtInTypes = ["navigate", "open", "present", "dismiss", "set", "toggle", "append", "remove", "sequence", "if", "request"]
}
