import SDUIEnvironment
import SDUISchema
import SDUIDisplay
import SDUILayout

/// The HTML spelling of a display item's modifier chain (`DisplayDecorations`), SF Symbol glyph boxes and text
/// decorations (kept apart from the node writer).
extension HTMLRenderer {
    /// The node's own style for its chain: hidden, opacity, its clip, the shadow of its clipped frame, text
    /// decorations.
    static func modifierStyle(_ item: DisplayItem, classes: inout [String]) -> String {
        let appearance = item.appearance
        var style = ""
        if appearance.isHiddenByModifier && !classes.contains("sdui-hidden") { classes.append("sdui-hidden") }
        let opacity = appearance.opacity
        if opacity < 1 { style += ";opacity:" + CSSFormat.number(opacity) }
        let d = appearance.decorations
        switch d.clip {
        case .circle?:
            style += ";clip-path:circle(" + CSSFormat.px(min(item.frame.width, item.frame.height) / 2) + " at 50% 50%)"
        case .ellipse?:
            style += ";clip-path:ellipse(50% 50% at 50% 50%)"
        case let shape?:
            if !classes.contains("sdui-clip") && !classes.contains("sdui-scroll") { classes.append("sdui-clip") }
            let r = shape.cornerRadius(in: item.frame)
            if r > 0 { style += ";border-radius:" + CSSFormat.px(r) }
        case nil:
            break
        }
        if let s = d.frameShadow { style += ";box-shadow:" + shadow(s) }
        if let decorations = item.text?.decorations, !decorations.isEmpty {
            var lines: [String] = []
            if decorations.contains(.strikethrough) { lines.append("line-through") }
            if decorations.contains(.underline) { lines.append("underline") }
            style += ";text-decoration:" + lines.joined(separator: " ")
        }
        return style
    }

    /// The boxes as absolutely positioned elements, moved by (`dx`, `dy`) (over the content and children:
    /// `z-index` 1).
    static func boxes(_ boxes: [DisplayBox], over: Bool, dx: Double = 0, dy: Double = 0, attributes: String = "") -> String {
        var out = ""
        for box in boxes {
            var classes = "sdui-layer"
            var style = "left:" + CSSFormat.px(box.rect.x + dx) + ";top:" + CSSFormat.px(box.rect.y + dy)
                + ";width:" + CSSFormat.px(box.rect.width) + ";height:" + CSSFormat.px(box.rect.height)
            if over { style += ";z-index:1" }
            if let fill = box.fill { classes += " sdui-bg"; style += ";" + colorVariables("b", fill) }
            if let stroke = box.stroke {
                classes += " sdui-stroke"
                style += ";" + colorVariables("s", stroke) + ";--sw:" + CSSFormat.px(box.strokeWidth)
            }
            if let s = box.shadow { style += ";box-shadow:" + shadow(s) }
            if box.cornerRadius > 0 { style += ";border-radius:" + CSSFormat.px(box.cornerRadius) }
            out += "<div class=\"" + classes + "\"" + attributes + " style=\"" + style + "\"></div>"
        }
        return out
    }

    static func shadow(_ s: DisplayShadow) -> String {
        CSSFormat.px(s.x) + " " + CSSFormat.px(s.y) + " " + CSSFormat.px(s.radius) + " " + CSSFormat.color(s.color.light)
    }

    /// An SF Symbol's neutral glyph box in the foreground colour.
    static func symbol(_ symbol: DisplaySymbol) -> String {
        let g = symbol.glyphBox
        return "<div class=\"sdui-layer sdui-symbol\" data-symbol=\"" + HTMLEscaping.attribute(symbol.name) + "\" style=\"left:"
            + CSSFormat.px(g.x) + ";top:" + CSSFormat.px(g.y) + ";width:" + CSSFormat.px(g.width) + ";height:"
            + CSSFormat.px(g.height) + ";border-radius:" + CSSFormat.px(symbol.glyphCornerRadius) + "\"></div>"
    }

    /// The style that clips a node's own content box (`DisplayDecorations.contentClip`).
    static func contentClipStyle(_ clip: DisplayClipShape?, box: Rect) -> String {
        switch clip {
        case .circle?, .ellipse?: return ";overflow:hidden;border-radius:50%"
        case .capsule?: return ";overflow:hidden;border-radius:" + CSSFormat.px(DisplayClipShape.capsule.cornerRadius(in: box))
        case .roundedRectangle(let r)?: return r > 0 ? ";overflow:hidden;border-radius:" + CSSFormat.px(r) : ";overflow:hidden"
        case .rectangle?: return ";overflow:hidden"
        case nil: return ""
        }
    }
}
