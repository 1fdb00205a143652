public import SDUIEnvironment
public import SDUISchema
import SDUILayout

/// What a node's modifier chain draws, from the boxes the engine laid each modifier out in (`NodeLayers`): the one
/// description HTML, SVG and native hosts spell. Boxes are relative to the item's frame origin (a node that moves
/// keeps its decorations).
///
/// - `background` colours are drawn under the content (the outermost first), `overlay` colours and `border`s over
///   it (the innermost first), each in the box of what it wraps; the views of backgrounds and overlays are items of
///   their own (`DisplayLayer.decorationIndex`), children of the decorated item, backgrounds' before its children,
///   overlays' after;
/// - `cornerRadius` / `clipShape` clip: when the clipped box is the node's frame the node itself is clipped (its
///   content and children: `clip`) — unless a background's or overlay's view outside the clip is one of its
///   children, then only its own content is (`contentClip`); decorations inside the clip take its corner radius;
///   a `shadow` outside it is the clipped shape's (`frameShadow`);
/// - `shadow` of anything else is its box's shadow (SwiftUI shadows the drawn pixels; a box's shadow is what a
///   card needs);
/// - `opacity` and `hidden` apply to the whole node (`ResolvedAppearance.opacity`, `.isHiddenByModifier`);
/// - `offset`, `padding`, `frame` and the rest are already in the boxes.
public struct DisplayDecorations: Hashable, Sendable {
    /// Boxes drawn under the node's content and children, back to front.
    public var under: [DisplayBox] = []
    /// Boxes drawn over the node's content and children, back to front.
    public var over: [DisplayBox] = []
    /// A clip of the whole node (its content and children) to a shape of its frame.
    public var clip: DisplayClipShape?
    /// A clip of the node's own content only (image, a colour's fill), when a decoration view outside the clip is
    /// one of its children and must not be clipped with it.
    public var contentClip: DisplayClipShape?
    /// The shadow of the node's clipped frame.
    public var frameShadow: DisplayShadow?

    /// Whether nothing is drawn (a chain of layout modifiers only).
    public var isEmpty: Bool { under.isEmpty && over.isEmpty && clip == nil && contentClip == nil && frameShadow == nil }
}

/// One box a modifier draws, relative to the item's frame origin.
public struct DisplayBox: Hashable, Sendable {
    /// Where, relative to the item's frame origin.
    public var rect: Rect
    /// The colour that fills it.
    public var fill: Color?
    /// A line along its inside (`border`).
    public var stroke: Color?
    /// The line's width.
    public var strokeWidth: Double
    /// The box's drop shadow (the box itself is not filled).
    public var shadow: DisplayShadow?
    /// Its corner radius.
    public var cornerRadius: Double

    public init(rect: Rect, fill: Color? = nil, stroke: Color? = nil, strokeWidth: Double = 0, shadow: DisplayShadow? = nil,
                cornerRadius: Double = 0) {
        self.rect = rect; self.fill = fill; self.stroke = stroke; self.strokeWidth = strokeWidth; self.shadow = shadow
        self.cornerRadius = cornerRadius
    }
}

/// A resolved `shadow` modifier.
public struct DisplayShadow: Hashable, Sendable {
    public var color: Color
    /// Blur radius in points.
    public var radius: Double
    public var x: Double
    public var y: Double
}

/// An SF Symbol (`image` with `systemName`, a `label`'s `systemImage`): its name and the square it is drawn in,
/// relative to the item's frame origin. Symbol fonts are not shipped: hosts without them draw a neutral glyph box,
/// the square inset by a tenth with a fifth of its side as corner radius, in the foreground colour.
public struct DisplaySymbol: Hashable, Sendable {
    /// The SF Symbol name.
    public var name: String
    /// The symbol's box, relative to the item's frame origin.
    public var box: Rect

    /// The neutral glyph box inside `box`.
    public var glyphBox: Rect {
        Rect(x: box.x + box.width * 0.1, y: box.y + box.height * 0.1, width: box.width * 0.8, height: box.height * 0.8)
    }
    /// The glyph box's corner radius.
    public var glyphCornerRadius: Double { min(box.width, box.height) * 0.2 }

    /// The box of an `image` node's symbol (`systemName`): a square of the shorter side at the content box's origin,
    /// relative to the frame's origin. Computed from the window-point rectangles, so an item moved to another frame
    /// (`DisplayListUpdater.spliced`) takes it again from its new ones, as an item made there would.
    static func imageBox(contentBox box: Rect, frame: Rect) -> Rect {
        let side = min(box.width, box.height)
        return Rect(x: box.x - frame.x, y: box.y - frame.y, width: side, height: side)
    }
}

extension DisplayDecorations {
    /// The decorations of a node with the full chain `chain` (resolved: `NodeContent.chain`) laid out in `layers`, its
    /// frame `frame` (window points) and, for a `color` node, its colour (drawn in the content box).
    init(chain: [ChainElement], layers: NodeLayers, frame: Rect, colorFill: Color?) {
        func local(_ box: Rect) -> Rect { Rect(x: box.x - frame.x, y: box.y - frame.y, width: box.width, height: box.height) }
        func isFrame(_ box: Rect) -> Bool {
            abs(box.minX - frame.minX) < 0.5 && abs(box.minY - frame.minY) < 0.5
                && abs(box.width - frame.width) < 0.5 && abs(box.height - frame.height) < 0.5
        }
        var radius = 0.0
        var clipped = false
        for (k, layer) in layers.layers.enumerated() where layer.chainIndex < chain.count {
            let inner = layers.inner(of: k)
            if clipped, clip != nil, layer.contentNode != nil {
                // A view outside the clip: clip only the node's own content.
                contentClip = clip
                clip = nil
            }
            let cornerRadius = clipped ? radius : 0
            switch chain[layer.chainIndex].effect {
            case .fill(let color, isOverlay: false):
                under.insert(DisplayBox(rect: local(layer.box), fill: color, cornerRadius: cornerRadius), at: 0)
            case .fill(let color, isOverlay: true):
                over.append(DisplayBox(rect: local(layer.box), fill: color, cornerRadius: cornerRadius))
            case .border(let color, let width):
                over.append(DisplayBox(rect: local(inner), stroke: color, strokeWidth: width, cornerRadius: cornerRadius))
            case .shadow(let color, let blur, let x, let y):
                let shadow = DisplayShadow(color: color, radius: blur, x: x, y: y)
                if isFrame(inner), clip != nil {
                    frameShadow = shadow
                } else {
                    under.insert(DisplayBox(rect: local(inner), shadow: shadow, cornerRadius: cornerRadius), at: 0)
                }
            case .clip(let shape):
                let side = min(inner.width, inner.height) / 2
                switch shape {
                case .circle: radius = side; if isFrame(inner) { clip = .circle }
                case .ellipse: radius = side; if isFrame(inner) { clip = .ellipse }
                case .capsule: radius = side; if isFrame(inner) { clip = .capsule }
                case .rectangle: radius = 0; if isFrame(inner) { clip = .roundedRectangle(cornerRadius: 0) }
                case .roundedRectangle(let c):
                    radius = c
                    if isFrame(inner) { clip = .roundedRectangle(cornerRadius: radius) }
                }
                clipped = true
            default:
                break
            }
        }
        if let colorFill {
            // A colour fills its content box, under everything it contains, clipped with its content.
            let content = local(layers.content)
            under.append(DisplayBox(rect: content, fill: colorFill, cornerRadius: contentClip.map { $0.cornerRadius(in: content) } ?? 0))
        }
    }
}

extension DisplayClipShape {
    /// The corner radius that draws this shape in `box` as a rounded rectangle (a circle or ellipse: half the
    /// shorter side).
    public func cornerRadius(in box: Rect) -> Double {
        switch self {
        case .roundedRectangle(let r): return r
        case .rectangle: return 0
        case .circle, .ellipse, .capsule: return min(box.width, box.height) / 2
        }
    }
}

extension DisplayShadow {
    /// SwiftUI's default shadow colour: black at 33 % opacity.
    static let defaultColor = ModifierEffect.defaultShadowColor
}
