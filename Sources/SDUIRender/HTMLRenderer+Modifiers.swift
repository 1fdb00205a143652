import SDUIEnvironment
import SDUISchema
import SDUILayout

/// The HTML spelling of `ModifierDrawing`, SF Symbol glyphs and text decorations (kept apart from the node writer,
/// so it moves with the drawing when renderers draw from a display list).
extension HTMLRenderer {
    /// The node's own style for its chain: opacity, its clip, the shadow of its clipped box.
    static func modifierStyle(_ drawing: ModifierDrawing, frame: Rect, classes: inout [String]) -> String {
        var style = ""
        if drawing.isHidden && !classes.contains("sdui-hidden") { classes.append("sdui-hidden") }
        if drawing.opacity < 1 { style += ";opacity:" + CSSFormat.number(drawing.opacity) }
        switch drawing.clip {
        case .rounded(let r)?:
            classes.append("sdui-clip")
            if r > 0 { style += ";border-radius:" + CSSFormat.px(r) }
        case .circle?:
            style += ";clip-path:circle(" + CSSFormat.px(min(frame.width, frame.height) / 2) + " at 50% 50%)"
        case .ellipse?:
            style += ";clip-path:ellipse(50% 50% at 50% 50%)"
        case nil:
            break
        }
        if let s = drawing.frameShadow { style += ";box-shadow:" + shadow(s) }
        return style
    }

    /// The layer boxes as absolutely positioned elements (over the content and children: `z-index` 1).
    static func boxes(_ boxes: [ModifierDrawing.Box], over: Bool) -> String {
        boxes.map { box($0, over: over) }.joined()
    }

    static func box(_ box: ModifierDrawing.Box, over: Bool) -> String {
        var classes = "sdui-layer"
        var style = "left:" + CSSFormat.px(box.rect.x) + ";top:" + CSSFormat.px(box.rect.y) + ";width:" + CSSFormat.px(box.rect.width)
            + ";height:" + CSSFormat.px(box.rect.height)
        if over { style += ";z-index:1" }
        if let fill = box.fill { classes += " sdui-bg"; style += ";" + colorVariables("b", fill) }
        if let stroke = box.stroke {
            classes += " sdui-stroke"
            style += ";" + colorVariables("s", stroke.color) + ";--sw:" + CSSFormat.px(stroke.width)
        }
        if let s = box.shadow { style += ";box-shadow:" + shadow(s) }
        if box.radius > 0 { style += ";border-radius:" + CSSFormat.px(box.radius) }
        return "<div class=\"" + classes + "\" style=\"" + style + "\"></div>"
    }

    static func shadow(_ s: ModifierDrawing.Shadow) -> String {
        CSSFormat.px(s.x) + " " + CSSFormat.px(s.y) + " " + CSSFormat.px(s.radius) + " " + CSSFormat.color(s.color.light)
    }

    /// An SF Symbol's neutral glyph box (`SymbolDrawing`) in the text color, at `origin` in the node.
    static func symbol(side: Double, at origin: (Double, Double)) -> String {
        let g = SymbolDrawing.glyph(side: side)
        return "<div class=\"sdui-layer sdui-symbol\" style=\"left:" + CSSFormat.px(origin.0 + g.x) + ";top:" + CSSFormat.px(origin.1 + g.y)
            + ";width:" + CSSFormat.px(g.width) + ";height:" + CSSFormat.px(g.height) + ";border-radius:"
            + CSSFormat.px(SymbolDrawing.radius(side: side)) + "\"></div>"
    }

    /// The style that clips a node's own content box (`ModifierDrawing.contentClip`).
    static func contentClipStyle(_ clip: ModifierDrawing.Clip?) -> String {
        switch clip {
        case .rounded(let r)?: return r > 0 ? ";overflow:hidden;border-radius:" + CSSFormat.px(r) : ";overflow:hidden"
        case .circle?, .ellipse?: return ";overflow:hidden;border-radius:50%"
        case nil: return ""
        }
    }

    /// A clip's corner radius for a box in `frame`.
    static func radius(_ clip: ModifierDrawing.Clip, _ frame: Rect) -> Double {
        switch clip {
        case .rounded(let r): return r
        case .circle, .ellipse: return min(frame.width, frame.height) / 2
        }
    }

    /// `text-decoration` for `strikethrough` and `underline`.
    static func textDecoration(_ component: ComponentNode?, sizeClass: UserInterfaceSizeClass) -> String {
        guard let component else { return "" }
        var lines: [String] = []
        if component.strikethrough?.resolved(for: sizeClass) == true { lines.append("line-through") }
        if component.underline?.resolved(for: sizeClass) == true { lines.append("underline") }
        return lines.isEmpty ? "" : ";text-decoration:" + lines.joined(separator: " ")
    }
}

extension NodeAppearance {
    /// The appearance of a node whose chain is drawn by `ModifierDrawing`: its v1 background and corner radius
    /// are layers there, and its content sits in the chain's content box.
    func drawn(with drawing: ModifierDrawing, type: ComponentType) -> NodeAppearance {
        var a = self
        a.background = nil
        a.cornerRadius = 0
        a.padding = drawing.contentInsets
        a.clipsContent = type == .scroll
        return a
    }
}
