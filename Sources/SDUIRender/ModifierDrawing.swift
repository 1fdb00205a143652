import SDUIEnvironment
import SDUISchema
import SDUILayout

/// What a node's `modifiers` chain draws, from the layer boxes the engine reported (`LayoutNode.layers`): the same
/// description for HTML and SVG, so each renderer only spells it. Boxes are relative to the node's frame.
///
/// - `background` colors are drawn under the content (the outermost first), `overlay` colors and `border`s over it
///   (the innermost first), each in the box of what it wraps;
/// - `cornerRadius` / `clipShape` clip: when the clipped box is the node's frame, the node itself is clipped (its
///   content and children); the decorations inside the clip take its corner radius; a `shadow` outside it is the
///   clipped shape's;
/// - `shadow` is the box's shadow (SwiftUI shadows the drawn pixels; a box's shadow is what a card needs);
/// - `opacity` multiplies into the node's opacity (applied to the whole node);
/// - `offset`, `padding`, `frame` and the rest are already in the boxes.
struct ModifierDrawing {
    /// One drawn box.
    struct Box {
        var rect: Rect
        var fill: Color?
        var stroke: (color: Color, width: Double)?
        var shadow: Shadow?
        var radius: Double
    }
    /// A resolved shadow.
    struct Shadow { var color: Color; var radius: Double; var x: Double; var y: Double }
    /// A clip of the node itself.
    enum Clip { case rounded(Double), circle, ellipse }

    var under: [Box] = []
    var over: [Box] = []
    var opacity = 1.0
    /// A `hidden` modifier: the node and its subtree keep their frames and are not drawn.
    var isHidden = false
    var clip: Clip?
    /// A clip of the node's own content only (image, a color's fill): the clip of the node when the views of a
    /// background or overlay outside it are the node's children and must not be clipped with it.
    var contentClip: Clip?
    /// A shadow of the node's own (clipped) box.
    var frameShadow: Shadow?
    /// The node's content box inside its frame (text, image and a color's fill go there).
    var contentInsets = EdgeInsets()

    /// The drawing of `node` (nil when it has no `modifiers` chain: the v1 keys are drawn as before).
    init?(node: LayoutNode, component: ComponentNode?, sizeClass: UserInterfaceSizeClass) {
        guard let layers = node.layers, let component else { return nil }
        func r<T>(_ value: Responsive<T>?) -> T? { value?.resolved(for: sizeClass) }
        let chain = component.modifiers.fullChain(isImage: node.type == .image)
        let frame = node.frame
        func local(_ box: Rect) -> Rect { Rect(x: box.x - frame.x, y: box.y - frame.y, width: box.width, height: box.height) }
        let content = layers.content
        contentInsets = EdgeInsets(top: max(0, content.minY - frame.minY), leading: max(0, content.minX - frame.minX),
                                   bottom: max(0, frame.maxY - content.maxY), trailing: max(0, frame.maxX - content.maxX))
        var radius = 0.0
        var clipped = false
        var clipLayer = -1
        func sameAsFrame(_ box: Rect) -> Bool {
            abs(box.minX - frame.minX) < 0.5 && abs(box.minY - frame.minY) < 0.5 && abs(box.width - frame.width) < 0.5 && abs(box.height - frame.height) < 0.5
        }
        for (k, layer) in layers.layers.enumerated() where layer.chainIndex < chain.count {
            let inner = layers.inner(of: k)
            if clipLayer >= 0 && clip != nil && layer.contentNode != nil {
                // A view outside the clip: clip only the node's own content.
                contentClip = clip
                clip = nil
            }
            switch chain[layer.chainIndex] {
            case .background(let d):
                if case .color(let c) = d.content, let color = r(c) {
                    under.insert(Box(rect: local(layer.box), fill: color, radius: clipped ? radius : 0), at: 0)
                }
            case .overlay(let d):
                if case .color(let c) = d.content, let color = r(c) {
                    over.append(Box(rect: local(layer.box), fill: color, radius: clipped ? radius : 0))
                }
            case .border(let b):
                if let color = r(b.color) {
                    over.append(Box(rect: local(inner), stroke: (color, max(0, r(b.width) ?? 1)), radius: clipped ? radius : 0))
                }
            case .shadow(let s):
                let shadow = Shadow(color: r(s.color) ?? Color(light: .init(red: 0, green: 0, blue: 0, alpha: 84)),
                                    radius: max(0, r(s.radius) ?? 0), x: r(s.x) ?? 0, y: r(s.y) ?? 0)
                if sameAsFrame(inner) && clip != nil { frameShadow = shadow } else {
                    under.insert(Box(rect: local(inner), shadow: shadow, radius: clipped ? radius : 0), at: 0)
                }
            case .hidden(let h):
                if r(h) ?? true { isHidden = true }
            case .opacity(let o):
                opacity *= min(1, max(0, r(o) ?? 1))
            case .cornerRadius(let c):
                radius = max(0, r(c) ?? 0)
                clipped = true
                clipLayer = k
                if sameAsFrame(inner) { clip = .rounded(radius) }
            case .clipShape(let shape):
                switch shape {
                case .circle, .ellipse:
                    radius = min(inner.width, inner.height) / 2
                    if sameAsFrame(inner) { clip = shape == .circle ? .circle : .ellipse }
                case .capsule:
                    radius = min(inner.width, inner.height) / 2
                    if sameAsFrame(inner) { clip = .rounded(radius) }
                case .rectangle:
                    radius = 0
                    if sameAsFrame(inner) { clip = .rounded(0) }
                case .roundedRectangle(let c):
                    radius = max(0, c.resolved(for: sizeClass))
                    if sameAsFrame(inner) { clip = .rounded(radius) }
                }
                clipped = true
                clipLayer = k
            default:
                break
            }
        }
    }
}

extension ModifierDrawing {
    /// `drawing` with its content clip as the clip (for a renderer that clips the content box like a node).
    static func contentOnly(_ drawing: ModifierDrawing) -> ModifierDrawing {
        var d = drawing
        d.clip = drawing.contentClip
        return d
    }
}

/// SF Symbols (`image` with `systemName`, a `label`'s `systemImage`): the preview draws a neutral glyph box, a
/// rounded square of the symbol's box inset by a tenth, in the text color (symbol fonts are not shipped).
enum SymbolDrawing {
    /// The glyph box inside a symbol box `side` points wide, relative to its origin.
    static func glyph(side: Double) -> Rect { Rect(x: side * 0.1, y: side * 0.1, width: side * 0.8, height: side * 0.8) }
    /// The glyph's corner radius.
    static func radius(side: Double) -> Double { side * 0.2 }
}
