public import SDUIEnvironment
public import SDUISchema
import SDUILayout

/// A node's look, resolved for one window: every colour keeps its light and dark values (the trait that picks
/// one is the host's), every size-class value is resolved, every default a type implies is applied.
///
/// The defaults (docs/render.md, "Drawing decisions"): text `primary`; button tint `accent` (`borderedProminent`:
/// tint fill, white title; `bordered`: tint at 15 % opacity, tinted title; other styles: tinted title); `color`
/// node `primary`; divider `separator`. Bordered buttons get a radius of min(height / 2, 8) unless the payload
/// sets `cornerRadius`.
public struct ResolvedAppearance: Hashable, Sendable {
    /// What fills the frame (the shorthand `background`, a color node's colour, a divider's line, a button's fill).
    public var fill: Color?
    /// Text colour (text), title colour (button).
    public var foreground: Color?
    /// Radius of the fill (and of the clip when `clipsContent`).
    public var cornerRadius: Double
    /// Whether the node clips what it contains to its frame (scroll views, a payload `cornerRadius` > 0).
    public var clipsContent: Bool
    /// The button's look (buttons only; `.automatic` otherwise).
    public var buttonStyle: ButtonStyle
    /// Where content smaller than the content box sits (the frame modifier's alignment; center by default).
    public var contentAlignment: Alignment
    /// The payload's `modifiers` chain, resolved, innermost first (the shorthand keys are in `fill`, `cornerRadius` and
    /// `contentInsets`, or, for a node with a chain, in `decorations`); empty for most nodes.
    public var layers: [DisplayLayer]
    /// What the chain draws where the engine laid it out (backgrounds, overlays, borders, shadows, clips), the shorthand
    /// `background` and `cornerRadius` included; empty for a node without a `modifiers` chain (its shorthand keys are
    /// `fill` and `cornerRadius`, over the frame).
    public var decorations: DisplayDecorations

    /// The product of the chain's `opacity` modifiers (1: opaque).
    public var opacity: Double {
        layers.reduce(1) { if case .opacity(let o) = $1.effect { return $0 * o } else { return $0 } }
    }

    /// Whether the two appearances differ only in where their layers sit (their boxes, their views' indices, the
    /// radii of their boxes): what a content update changes (a relayout moves the boxes: a frame update). The same
    /// answer as comparing the two `content` values, without making them (ReconcilerTests checks both agree).
    func hasSameContent(as other: ResolvedAppearance) -> Bool {
        guard fill == other.fill, foreground == other.foreground, cornerRadius == other.cornerRadius,
              clipsContent == other.clipsContent, buttonStyle == other.buttonStyle, contentAlignment == other.contentAlignment,
              layers.count == other.layers.count, decorations.under.count == other.decorations.under.count,
              decorations.over.count == other.decorations.over.count, decorations.clip == other.decorations.clip,
              decorations.contentClip == other.decorations.contentClip,
              decorations.frameShadow == other.decorations.frameShadow else { return false }
        for k in layers.indices {
            guard layers[k].name == other.layers[k].name, layers[k].effect == other.layers[k].effect,
                  layers[k].chainIndex == other.layers[k].chainIndex else { return false }
        }
        func sameDrawing(_ a: [DisplayBox], _ b: [DisplayBox]) -> Bool {
            for k in a.indices {
                guard a[k].fill == b[k].fill, a[k].stroke == b[k].stroke, a[k].strokeWidth == b[k].strokeWidth,
                      a[k].shadow == b[k].shadow else { return false }
            }
            return true
        }
        return sameDrawing(decorations.under, other.decorations.under) && sameDrawing(decorations.over, other.decorations.over)
    }

    /// Whether the two appearances are equal but for their layers' views' indices (`DisplayLayer.decorationIndex`:
    /// numbering, which a splice changes as it renumbers items).
    func equalsIgnoringDecorationIndices(_ other: ResolvedAppearance) -> Bool {
        guard fill == other.fill, foreground == other.foreground, cornerRadius == other.cornerRadius,
              clipsContent == other.clipsContent, buttonStyle == other.buttonStyle, contentAlignment == other.contentAlignment,
              decorations == other.decorations, layers.count == other.layers.count else { return false }
        for k in layers.indices {
            guard layers[k].name == other.layers[k].name, layers[k].effect == other.layers[k].effect,
                  layers[k].chainIndex == other.layers[k].chainIndex, layers[k].box == other.layers[k].box else { return false }
        }
        return true
    }

    /// The appearance without where its layers sit (their boxes, their views' indices): what a content update
    /// changes (a relayout moves the boxes: a frame update).
    var content: ResolvedAppearance {
        var a = self
        for k in a.layers.indices { a.layers[k].box = nil; a.layers[k].decorationIndex = nil }
        // A box's radius follows its size for circles and capsules; the radii the payload sets are in `layers`.
        for k in a.decorations.under.indices { a.decorations.under[k].rect = .zero; a.decorations.under[k].cornerRadius = 0 }
        for k in a.decorations.over.indices { a.decorations.over[k].rect = .zero; a.decorations.over[k].cornerRadius = 0 }
        return a
    }

    /// Whether a `hidden` modifier hides the node: it keeps its frame and draws nothing (nor do its children).
    public var isHiddenByModifier: Bool { layers.contains { $0.effect == .hidden } }

    /// A bordered button's fill: the tint at 15 % opacity.
    public static func tinted(_ color: Color) -> Color {
        var light = color.light, dark = color.dark
        light.alpha = UInt8(Double(light.alpha) * 0.15)
        dark.alpha = UInt8(Double(dark.alpha) * 0.15)
        return Color(light: light, dark: dark)
    }

    static let primary = Color.system["primary"]
    static let accent = Color.system["accent"]
    static let white = Color.system["white"]
    static let separator = Color.system["separator"]

    /// The appearance of a node of `type` with `content` (nil: not found, drawn with defaults) at `frame`; `boxes` are
    /// the engine's boxes of its chain (nil for a node without a `modifiers` chain).
    init(content: NodeContent?, type: ComponentType, frame: Rect, boxes: NodeLayers? = nil) {
        let height = frame.height
        let color = content?.color
        var fill = content?.background
        var foreground: Color?
        // With a chain laid out, the `background` and `cornerRadius` keys are layers of it (drawn in `decorations`).
        let isLayered = boxes != nil && content != nil
        if isLayered { fill = nil }
        let payloadRadius = isLayered ? 0 : max(0, content?.cornerRadius ?? 0)
        var radius = payloadRadius
        let style = type == .button ? content?.buttonStyle ?? .automatic : .automatic
        switch type {
        case .color:
            fill = color ?? Self.primary
        case .divider:
            if fill == nil { fill = Self.separator }
        case .text, .toggle, .stepper, .textField, .picker, .label:
            foreground = color ?? Self.primary
        case .image where content?.systemName != nil:
            foreground = color ?? Self.primary
        case .button:
            let tint = color ?? Self.accent
            switch style {
            case .borderedProminent:
                if fill == nil { fill = tint }
                foreground = Self.white
            case .bordered:
                if fill == nil, let tint { fill = Self.tinted(tint) }
                foreground = tint
            case .automatic, .plain, .borderless:
                foreground = tint
            }
            if radius == 0, style == .bordered || style == .borderedProminent { radius = min(height / 2, 8) }
        default:
            break
        }
        self.fill = fill
        self.foreground = foreground
        self.cornerRadius = radius
        self.clipsContent = type == .scroll || payloadRadius > 0
        self.buttonStyle = style
        self.contentAlignment = content?.frameAlignment ?? .center
        if let content, content.hasModifierChain {
            let (chain, offset) = content.chain
            layers = chain[offset...].enumerated().map { k, element in
                var layer = DisplayLayer(element, chainIndex: offset + k)
                if let boxes, offset + k < boxes.layers.count, case let laid = boxes.layers[offset + k] {
                    layer.box = Rect(x: laid.box.x - frame.x, y: laid.box.y - frame.y, width: laid.box.width, height: laid.box.height)
                    layer.decorationIndex = laid.contentNode.map { NodeIndex(Int32(truncatingIfNeeded: $0)) }
                }
                return layer
            }
            if let boxes, isLayered {
                var colorFill: Color? = nil
                if type == .color { colorFill = self.fill; self.fill = nil }
                decorations = DisplayDecorations(chain: chain, layers: boxes, frame: frame, colorFill: colorFill)
            } else {
                decorations = DisplayDecorations()
            }
        } else {
            layers = []
            decorations = DisplayDecorations()
        }
    }
}

/// One modifier of a node's chain, resolved for the window: what it draws and, when the engine reports per-layer
/// boxes, where (`box`).
public struct DisplayLayer: Hashable, Sendable {
    /// What the modifier draws or does.
    public typealias Effect = ModifierEffect
    /// The modifier's payload name (`"border"`, `"shadow"` …).
    public var name: String
    /// What it draws.
    public var effect: Effect
    /// Its index in `Modifiers.fullChain(isImage:)` (the top-level modifier keys first), the index the engine's per-layer boxes use.
    public var chainIndex: Int
    /// The box the engine laid this layer out in (`LayerFrame.box`), relative to the item's frame origin (a node
    /// that moves keeps its layers); nil in a result that reports no boxes (one built from `LayoutNode` values
    /// without `layers`).
    public var box: Rect?
    /// A background's or overlay's view: its item's index in the list (nil for a colour and other modifiers).
    public var decorationIndex: NodeIndex?

    init(_ element: ChainElement, chainIndex: Int) {
        name = element.name
        self.chainIndex = chainIndex
        effect = element.effect
    }
}
