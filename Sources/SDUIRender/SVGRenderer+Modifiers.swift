import SDUIEnvironment
import SDUISchema
import SDUILayout

/// The SVG spelling of `ModifierDrawing` and SF Symbol glyphs (kept apart from the node writer, so it moves with
/// the drawing when renderers draw from a display list). SVG has no z-index: overlays and borders are drawn over
/// the node's own content, before its children.
extension SVGRenderer {
    static func boxes(_ boxes: [ModifierDrawing.Box], frame: Rect, color: (Color?) -> String) -> String {
        var out = ""
        for box in boxes {
            let r = Rect(x: frame.x + box.rect.x, y: frame.y + box.rect.y, width: box.rect.width, height: box.rect.height)
            if let fill = box.fill { out += rect(r, radius: box.radius, attributes: " fill=\"" + color(fill) + "\"") }
            if let stroke = box.stroke {
                let w = min(stroke.width, r.width / 2, r.height / 2)
                let inset = Rect(x: r.x + w / 2, y: r.y + w / 2, width: max(0, r.width - w), height: max(0, r.height - w))
                out += rect(inset, radius: max(0, box.radius - w / 2), attributes: " fill=\"none\" stroke=\"" + color(stroke.color)
                            + "\" stroke-width=\"" + CSSFormat.number(w) + "\"")
            }
            if let s = box.shadow {
                out += "<rect x=\"" + CSSFormat.number(r.x + s.x) + "\" y=\"" + CSSFormat.number(r.y + s.y) + "\" width=\""
                    + CSSFormat.number(r.width) + "\" height=\"" + CSSFormat.number(r.height) + "\" rx=\"" + CSSFormat.number(box.radius)
                    + "\" fill=\"" + color(s.color) + "\" style=\"filter:blur(" + CSSFormat.px(s.radius / 2) + ")\"/>"
            }
        }
        return out
    }

    static func rect(_ f: Rect, radius: Double, attributes: String) -> String {
        "<rect x=\"" + CSSFormat.number(f.x) + "\" y=\"" + CSSFormat.number(f.y) + "\" width=\"" + CSSFormat.number(f.width)
            + "\" height=\"" + CSSFormat.number(f.height) + "\"" + (radius > 0 ? " rx=\"" + CSSFormat.number(radius) + "\"" : "") + attributes + "/>"
    }

    /// The node's own clip as a `<clipPath>` (nil: none).
    static func clip(_ drawing: ModifierDrawing, frame f: Rect, id: String) -> String? {
        let shape: String
        switch drawing.clip {
        case .rounded(let r)?: shape = rect(f, radius: r, attributes: "")
        case .circle?:
            shape = "<circle cx=\"" + CSSFormat.number((f.x + f.width / 2)) + "\" cy=\"" + CSSFormat.number((f.y + f.height / 2)) + "\" r=\""
                + CSSFormat.number(min(f.width, f.height) / 2) + "\"/>"
        case .ellipse?:
            shape = "<ellipse cx=\"" + CSSFormat.number((f.x + f.width / 2)) + "\" cy=\"" + CSSFormat.number((f.y + f.height / 2)) + "\" rx=\""
                + CSSFormat.number(f.width / 2) + "\" ry=\"" + CSSFormat.number(f.height / 2) + "\"/>"
        case nil: return nil
        }
        return "<clipPath id=\"" + id + "\">" + shape + "</clipPath>"
    }

    /// A drop shadow filter for the node's clipped box.
    static func shadowFilter(_ s: ModifierDrawing.Shadow, id: String) -> String {
        "<filter id=\"" + id + "\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feDropShadow dx=\"" + CSSFormat.number(s.x)
            + "\" dy=\"" + CSSFormat.number(s.y) + "\" stdDeviation=\"" + CSSFormat.number(s.radius / 2) + "\" flood-color=\""
            + CSSFormat.color(s.color.light) + "\"/></filter>"
    }

    /// An SF Symbol's neutral glyph box (`SymbolDrawing`) in `box`.
    static func symbol(_ box: Rect, fill: String) -> String {
        let g = SymbolDrawing.glyph(side: box.width)
        return rect(Rect(x: box.x + g.x, y: box.y + g.y, width: g.width, height: g.height), radius: SymbolDrawing.radius(side: box.width),
                    attributes: " fill=\"" + fill + "\" fill-opacity=\"0.55\"")
    }
}
