public import SDUIEnvironment

/// How a node's modifier chain was laid out: the box of its own content and of every modifier, in window points —
/// what a renderer (HTML, SVG, a native host) needs to draw backgrounds, overlays, borders, shadows, clips and
/// offsets where the engine put them.
///
/// Reported for every node with a `modifiers` chain (`LayoutResult.layers(at:)`, `LayoutNode.layers`), and not
/// for nodes with the top-level modifier keys only: their frame is the outermost box, their `background` and
/// `cornerRadius` cover it and their content is the frame inset by the padding (docs/schema.md, "The modifier chain").
public struct NodeLayers: Hashable, Sendable {
    /// Where the node's own content is drawn, inside every modifier: a text's lines, an image, a color's fill,
    /// and the space its children are placed in.
    public var content: Rect
    /// One per element of the node's full chain (`Modifiers.fullChain(isImage:)`: the top-level modifier keys as the
    /// modifiers they are sugar for, then `modifiers`), in that order: innermost first.
    public var layers: [LayerFrame]

    public init(content: Rect, layers: [LayerFrame]) { self.content = content; self.layers = layers }

    /// The box of the view made by the modifiers up to (not including) layer `index` — the box layer `index`
    /// decorates: the content box for the first.
    public func inner(of index: Int) -> Rect {
        var k = index - 1
        while k >= 0 {
            // A background's or overlay's own box may be extended into the safe area; what it wraps is not.
            if !(layers[k].kind == .background || layers[k].kind == .overlay) { return layers[k].box }
            k -= 1
        }
        return content
    }
}

/// One modifier of a node's chain as laid out (`NodeLayers.layers`).
public struct LayerFrame: Hashable, Sendable {
    /// The modifier (SwiftUI's names, as in the payload).
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case padding, frame, aspectRatio, background, overlay, offset, opacity, cornerRadius, clipShape, border, shadow,
             fixedSize, layoutPriority, ignoresSafeArea, hidden, unknown
    }
    public var kind: Kind
    /// The modifier's index in `Modifiers.fullChain(isImage:)` (its values — colors, radii, shapes — are read there).
    public var chainIndex: Int
    /// The box of the view this modifier makes, in window points: for padding, frame, aspectRatio and fixedSize
    /// the box after it (padding: the padded box); for offset the moved box; for background and overlay the box
    /// they fill (what they wrap; extended into the safe area when they ignore it); for ignoresSafeArea the
    /// extended box; for opacity, cornerRadius, clipShape, border, shadow and hidden the box of what they apply
    /// to; for layoutPriority and unknown modifiers the inner view's box.
    public var box: Rect
    /// A background's or overlay's view: its index in `LayoutResult.nodes` (nil for a color, or any other modifier).
    public var contentNode: Int?

    public init(kind: Kind, chainIndex: Int, box: Rect, contentNode: Int? = nil) {
        self.kind = kind; self.chainIndex = chainIndex; self.box = box; self.contentNode = contentNode
    }
}

extension LayoutResult {
    /// The layers of `nodes[index]` (nil for a node without a `modifiers` chain, or hidden with `visible: false`),
    /// without making the `LayoutNode` values. `index` must be in `0..<nodeCount`.
    public func layers(at index: Int) -> NodeLayers? { storage.layers(at: index) }

    /// Whether node `index`'s modifier boxes are node `old`'s of `previous` moved with its frame: both have boxes
    /// (`layers(at:)`), of the same modifiers with views at the same layers, and each box — the content box and every
    /// layer's — sits at the same place relative to its node's frame, bit for bit (the boxes are in window points: a
    /// box moved with its frame is not always bit for bit at the same place relative to it). Both results must be
    /// engine passes of the same screen.
    /// - Complexity: O(layers), compared in place (no `NodeLayers` is made).
    package func hasLayersMoved(of index: Int, since old: Int, in previous: LayoutResult) -> Bool {
        let new = storage, was = previous.storage
        guard new.isEnginePass, was.isEnginePass, index >= 0, index < new.count, old >= 0, old < was.count,
              let a = was.reportedLayers(of: old), let b = new.reportedLayers(of: index) else { return false }
        return new.hasLayersMoved(b, new.frames[index], as: was, a, was.frames[old])
    }
}
