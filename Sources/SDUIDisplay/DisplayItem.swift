public import SDUIEnvironment
public import SDUISchema
public import SDUILayout

/// A node's place in one display list: its index in `LayoutResult.nodes` (document order, parents first).
///
/// Typed and index-based: hosts keep arrays indexed by it and never split path strings. It addresses a node within
/// one result; across results (relayouts, new payloads) a node is matched by its `NodeIdentity`.
public struct NodeIndex: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The index into `LayoutResult.nodes` and `DisplayList.items`.
    public var rawValue: Int32
    /// An index.
    public init(_ rawValue: Int32) { self.rawValue = rawValue }
    /// `rawValue` as an `Int` (for subscripts).
    @inlinable public var int: Int { Int(rawValue) }
    public static func < (a: NodeIndex, b: NodeIndex) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "#" + String(rawValue) }
}

/// Everything a host draws for one node, resolved once from the layout and the payload: the only input of the
/// HTML and SVG writers, the runtime's views and the native hosts.
///
/// Geometry is in window points (scroll content at offset 0); text line positions are relative to `frame`'s origin.
public struct DisplayItem: Hashable, Sendable {
    /// This node's index in the list.
    public var index: NodeIndex
    /// The parent's index; nil for the root.
    public var parent: NodeIndex?
    /// Which node this is across results (for the reconciler).
    public var identity: NodeIdentity
    /// The payload's `id`, or the path id (`root.0.3`) when it has none (`LayoutNode.id`).
    public var id: String
    /// The component type.
    public var type: ComponentType
    /// The engine's frame in window points.
    public var frame: Rect
    /// The box the node's own content is drawn in (text lines, image, children), in window points: the frame inset by
    /// `contentInsets`.
    public var contentBox: Rect
    /// The padding between `frame` and `contentBox`, in physical edges (`leading` is the left edge and `trailing` the
    /// right one, also in a right-to-left layout), as the layout applied it.
    public var contentInsets: EdgeInsets
    /// `visible: false`: zero size, drawn as nothing (hosts keep a hidden view).
    public var isHidden: Bool
    /// Colours, corners, clipping and the modifier chain's decorations.
    public var appearance: ResolvedAppearance
    /// The lines to draw (text nodes and button titles).
    public var text: DisplayText?
    /// What to load and how to show it (image nodes without `systemName`).
    public var image: ImageRequest?
    /// The SF Symbol drawn (an `image` with `systemName`, a `label`'s `systemImage`).
    public var symbol: DisplaySymbol?
    /// A scroll node's axis and the section views it keeps in its viewport; nil for other nodes.
    public var scroll: DisplayScroll?
    /// What a tap does.
    public var action: Action?
    /// The input control the node is (toggle, stepper, text field, picker) in the screen's state; nil for others.
    public var control: DisplayControl?
    /// Where an input's control is drawn, relative to the frame's origin in physical points: a switch or stepper
    /// (UIKit's sizes) or a menu's chevron at the row's trailing edge (the left one right to left), centred
    /// vertically, beside the label its text lines draw; a text field's or segmented control's box is the whole
    /// frame. nil for a node that is not an input.
    public var controlBox: Rect?
    /// What assistive technologies read.
    public var accessibility: DisplayAccessibility
    /// The payload's properties this version does not know (a custom component's own properties, for the host's
    /// factory); empty for built-in nodes.
    public var properties: [String: JSONValue]
    /// True when the payload node was not found for this layout node (drawn with defaults; never expected for an
    /// engine result).
    public var isUnresolved: Bool

    /// The payload's `id` (nil when the node has none).
    public var payloadID: String? {
        if case .explicit(let id) = identity { return id }
        return nil
    }

    /// The fill of a host that draws one fill at the frame (the native hosts): `appearance.fill`, or, for a node
    /// with a chain, the front-most decoration box filling the whole frame (nil when none does — a background of a
    /// padded box, say, which only a host drawing `appearance.decorations` shows).
    public var frameFill: Color? {
        if let fill = appearance.fill { return fill }
        let whole = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        return appearance.decorations.under.last { $0.fill != nil && $0.shadow == nil && $0.rect == whole }?.fill
    }

    /// The frame in the parent's coordinates (the parent's frame origin subtracted), given the parent's frame.
    @inlinable public func frame(relativeTo parentFrame: Rect) -> Rect {
        Rect(x: frame.x - parentFrame.x, y: frame.y - parentFrame.y, width: frame.width, height: frame.height)
    }

    /// Whether the node draws the same content as `other`: everything but where it is — type, visibility,
    /// appearance, the text itself and its face (not its line breaks), image, action, accessibility, padding and
    /// payload properties (not the path id of a node without a payload id: it changes when a sibling is inserted
    /// before an ancestor, and identifies nothing). What the reconciler calls a content update.
    public func hasSameContent(as other: DisplayItem) -> Bool {
        guard type == other.type, isHidden == other.isHidden, appearance.hasSameContent(as: other.appearance) else { return false }
        switch (text, other.text) {
        case (nil, nil): break
        case (let a?, let b?):
            guard a.face == b.face, a.sourceText == b.sourceText, a.alignment == b.alignment, a.decorations == b.decorations else { return false }
        default: return false
        }
        return image == other.image && symbol?.name == other.symbol?.name && action == other.action
            && accessibility == other.accessibility
            && (!appearance.layers.isEmpty || contentInsets == other.contentInsets) && properties == other.properties
    }

    /// Whether the node's text lines sit as `other`'s do (same breaks, widths, positions, truncation): what a frame
    /// update carries besides the frame (a label given a new width re-wraps; a host re-reads `text.lines`), and
    /// where the modifier chain's boxes, the content box inside them and the symbol sit (geometry, not content).
    /// The indices of its backgrounds' and overlays' views (`DisplayLayer.decorationIndex`) are numbering, as `index`
    /// and `parent` are: not compared.
    public func hasSameLines(as other: DisplayItem) -> Bool {
        switch (text, other.text) {
        case (nil, nil): break
        case (let a?, let b?): guard a.lines == b.lines, a.isTruncated == b.isTruncated, a.wrapWidth == b.wrapWidth else { return false }
        default: return false
        }
        return appearance.equalsIgnoringDecorationIndices(other.appearance)
            && contentInsets == other.contentInsets && symbol == other.symbol
    }
}

extension DisplayItem {
    /// An item of `type` that draws nothing, at index 0 with a zero frame: storage for a view before it is given its
    /// first item (the runtime's `ComponentView` holds its item without an optional).
    package init(placeholderOf type: ComponentType) {
        index = NodeIndex(0)
        parent = nil
        identity = .structural(anchor: nil, slots: [])
        id = ""
        self.type = type
        frame = .zero
        contentBox = .zero
        contentInsets = .zero
        isHidden = false
        appearance = ResolvedAppearance(content: nil, type: type, frame: .zero)
        text = nil
        image = nil
        symbol = nil
        scroll = nil
        action = nil
        control = nil
        controlBox = nil
        accessibility = DisplayAccessibility()
        properties = [:]
        isUnresolved = true
    }
}

/// The text of a node as the engine measured and broke it, placed in the node's frame.
public struct DisplayText: Hashable, Sendable {
    /// The face the lines were measured in (and must be drawn in for the frames to hold).
    public var face: DisplayTextFace
    /// The lines, top to bottom.
    public var lines: [DisplayLine]
    /// The payload's text (text nodes) or title (buttons), before line breaking and truncation.
    public var sourceText: String?
    /// Whether the engine truncated the text (the last line ends with "…").
    public var isTruncated: Bool
    /// The width the lines were broken in: the content box's width.
    public var wrapWidth: Double
    /// How the lines align in their block (`leading` is the right edge in a right-to-left layout).
    public var alignment: Alignment
    /// Lines drawn through or under the text (`strikethrough`, `underline`).
    public var decorations: TextDecorations
}

/// SwiftUI's `strikethrough()` and `underline()`.
public struct TextDecorations: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// A line through the text.
    public static let strikethrough = TextDecorations(rawValue: 1 << 0)
    /// A line under the text.
    public static let underline = TextDecorations(rawValue: 1 << 1)
}

/// The font of a text run: Inter (with the documented fallbacks), or a face read from a font file, at a size, weight
/// and line height.
public struct DisplayTextFace: Hashable, Sendable {
    /// The family the engine measured with (the embedded web font and the bundled metrics).
    public static let measuredFamily = "Inter"
    /// Point size.
    public var size: Double
    /// CSS weight (100…900).
    public var weight: Int
    /// Line height (Apple's leading) in points.
    public var lineHeight: Double
    /// Distance from the top of a line box to its baseline (`FontSpec.baselineOffset`: the engine's formula).
    public var baselineOffset: Double
    /// The face read from a font file the lines were measured in and must be drawn in (its `postScriptName` is the
    /// name CoreText knows it by once the file is registered); nil: the built-in face.
    public var fontFace: FontFace? = nil
    /// The payload's `italic`: `fontFace` is the family's italic face when it has one; the built-in face has none.
    public var isItalic = false

    /// The face as the layout engine's font specification.
    public var fontSpec: FontSpec { FontSpec(size: size, weight: weight, lineHeight: lineHeight, face: fontFace) }
}

/// One engine line placed in its node's frame.
public struct DisplayLine: Hashable, Sendable {
    /// The characters drawn (a truncated last line ends with "…").
    public var text: String
    /// The engine's width of the line.
    public var width: Double
    /// Where the line's text starts, from the frame's left edge (its right edge is `left + width`).
    public var left: Double
    /// Top of the line box, from the frame's top.
    public var top: Double
    /// The baseline, from the frame's top (`top + face.baselineOffset`).
    public var baseline: Double
    /// Left edge of the text block the line is aligned in, from the frame's left edge.
    public var blockLeft: Double
    /// Width of the text block (the widest line, at most the content box's width).
    public var blockWidth: Double
    /// The paragraph direction the line is drawn in.
    public var direction: WritingDirection
}

/// What an image node loads and shows (the seed's `AsyncImage` phases: empty → placeholder, success → image,
/// failure → icon). Its box never depends on the phase.
public struct ImageRequest: Hashable, Sendable {
    /// The URL as written in the payload.
    public var source: String?
    /// `source` if it may be loaded (`ImageRequest.loadableURL`), else nil: the image shows its failure phase at once.
    public var loadableURL: String?
    /// How the picture fills its box (`fill` crops, `fit` letterboxes).
    public var contentMode: ContentMode
    /// What shows while it loads.
    public var placeholder: ImagePlaceholder
    /// Whether the picture is drawn mirrored (`flipsForRightToLeftLayoutDirection` in a right-to-left layout).
    public var isFlipped: Bool

    /// `url` if a host may load it — `http:`, `https:` or a `data:image/…` URL (not `data:image/svg+xml`; scheme
    /// compared case-insensitively; no whitespace or control character anywhere, at most 1 MiB) — else nil.
    ///
    /// Anything else (`javascript:`, `file:`, relative paths, `data:text/html`) is never loaded or written to a page.
    public static func loadableURL(_ url: String) -> String? {
        if let ascii = loadableASCIIURL(url) { return ascii ? url : nil }
        return loadableURLOfAnyText(url)
    }

    /// `loadableURL(_:)` for a URL of ASCII bytes only, read byte by byte (no lowercased copy, no scalars): true when it
    /// is loadable, false when not, nil when the URL holds a byte that is not ASCII (then ask `loadableURLOfAnyText`).
    /// For ASCII the two agree: a byte is a scalar and a character (control characters, among them "\r\n", are
    /// refused first), and lowercasing maps letters to letters.
    static func loadableASCIIURL(_ url: String) -> Bool? {
        url.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard !bytes.isEmpty, bytes.count <= 1 << 20 else { return bytes.isEmpty ? false : nil }
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte < 0x21 || byte == 0x7F { return false }
            }
            /// Whether the bytes start with `prefix` (lowercase ASCII), ignoring the case of letters.
            func starts(with prefix: StaticString) -> Bool {
                guard bytes.count >= prefix.utf8CodeUnitCount else { return false }
                let p = prefix.utf8Start
                for k in 0..<prefix.utf8CodeUnitCount {
                    var b = bytes[k]
                    if b >= 0x41 && b <= 0x5A { b |= 0x20 }
                    if b != p[k] { return false }
                }
                return true
            }
            if starts(with: "https://") { return bytes.count > 8 }
            if starts(with: "http://") { return bytes.count > 7 }
            return starts(with: "data:image/") && !starts(with: "data:image/svg")
        } ?? nil
    }

    /// `loadableURL(_:)` read as text: scalars for the control characters, the lowercased string for the scheme.
    static func loadableURLOfAnyText(_ url: String) -> String? {
        guard !url.isEmpty, url.utf8.count <= 1 << 20 else { return nil }
        // Control characters and whitespace inside a scheme are how filters are usually bypassed: refuse them.
        guard !url.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else { return nil }
        let lower = url.lowercased()
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") {
            return url.count > (lower.hasPrefix("https://") ? 8 : 7) ? url : nil
        }
        if lower.hasPrefix("data:image/") && !lower.hasPrefix("data:image/svg") { return url }
        return nil
    }
}

/// What assistive technologies are told about a node: its part in the screen's accessibility tree
/// (`AccessibilityTree`, the pass `sdui accessibility` prints — docs/accessibility.md), resolved once per layout.
/// The reading order is the list's (`DisplayList.accessibilityOrder`), not the item's: a rotation that reorders
/// elements changes no item's content.
public struct DisplayAccessibility: Hashable, Sendable {
    /// UIKit's `UIAccessibilityTraits` (`AccessibilityTraits`).
    public typealias Traits = AccessibilityTraits

    /// How the node takes part.
    public enum Role: Hashable, Sendable {
        /// Not an element; its subtree may hold elements (a plain stack, a spacer). Also every node of a list made
        /// without the pass (`DisplayList(_:accessibility: false)`).
        case none
        /// An element VoiceOver visits (`isAccessibilityElement`): `label`, `traits`, `hint` and `value` are its.
        case element
        /// An accessibility container (`children: "contain"`): its elements are read together.
        case container
        /// Merged into an element above it (`combine`, below an `ignore`): not read on its own.
        case covered
        /// Hidden from assistive technologies with its subtree (`hidden`, `visible: false`, `opacity` 0).
        case hidden
    }

    /// The node's part in the tree.
    public var role: Role
    /// What VoiceOver reads (`accessibilityLabel`); nil unless `role` is `.element`.
    public var label: String?
    /// What activating the element does (`accessibilityHint`).
    public var hint: String?
    /// The element's current value (`accessibilityValue`: a switch's "1"/"0", a stepper's number, a picker's choice).
    public var value: String?
    /// The element's traits (empty unless `role` is `.element`).
    public var traits: Traits
    /// The input control the element is (a switch, stepper, text field, picker), nil for any other.
    public var control: AccessibilityControl?
    /// The identifier UI tests find the view by (`accessibilityIdentifier`): the payload's `accessibility.identifier`,
    /// else its `id` (nil without either).
    public var identifier: String?

    /// Whether the node is hidden from assistive technologies (or merged into another element): `role` is
    /// `.hidden` or `.covered`.
    public var isHidden: Bool { role == .hidden || role == .covered }
    /// Whether the node is an element VoiceOver visits.
    public var isElement: Bool { role == .element }

    /// A node's accessibility.
    public init(role: Role = .none, label: String? = nil, hint: String? = nil, value: String? = nil, traits: Traits = [],
                control: AccessibilityControl? = nil, identifier: String? = nil) {
        self.role = role; self.label = label; self.hint = hint; self.value = value; self.traits = traits
        self.control = control; self.identifier = identifier
    }
}

/// An input control as a host draws it, in the state the screen was resolved in (the frame comes from the layout,
/// sized by UIKit's metrics: docs/state.md, "Inputs").
public enum DisplayControl: Hashable, Sendable {
    /// A `UISwitch`, on or off.
    case toggle(isOn: Bool)
    /// A `UIStepper`'s − | +.
    case stepper
    /// A rounded text field.
    case textField
    /// A segmented control: its options' labels and the selected one (nil: none matches the state).
    case segmented(options: [String], selected: Int?)
    /// A menu picker: the selected option's title (the node's text) and a chevron.
    case menu

    /// Whether the control draws the node's text itself (a segmented control draws every option).
    public var drawsOwnText: Bool {
        if case .segmented = self { return true }
        return false
    }

    /// The control of a node with `content`, in the state its screen was resolved in; nil when the node is not an
    /// input.
    init?(_ content: NodeContent, input: InputContent?) {
        guard let input = DisplayInput(content, input: input, value: input?.value) else { return nil }
        switch input {
        case .toggle(let isOn): self = .toggle(isOn: isOn)
        case .stepper: self = .stepper
        case .textField: self = .textField
        case .picker(let options, let selected, segmented: true): self = .segmented(options: options.map(\.label), selected: selected)
        case .picker: self = .menu
        }
    }
}

/// What a scroll node scrolls: its axis and the section views it pins (SwiftUI's `ScrollView(axis)` around a
/// `LazyVStack(pinnedViews:)`).
public struct DisplayScroll: Hashable, Sendable {
    /// The axis the content scrolls along.
    public var axis: Axis
    /// The sections' views kept in the viewport while their section passes under them.
    public var pinnedViews: PinnedScrollableViews

    public init(axis: Axis, pinnedViews: PinnedScrollableViews = []) { self.axis = axis; self.pinnedViews = pinnedViews }
}
