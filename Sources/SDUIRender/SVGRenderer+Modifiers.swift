import SDUIEnvironment
import SDUISchema
import SDUIDisplay
import SDUILayout

/// The SVG spelling of a display item's modifier chain (`DisplayDecorations`) and SF Symbol glyph boxes (kept
/// apart from the node writer). SVG has no z-index: overlays and borders are drawn over the node's own content,
/// before its children.
extension SVGRenderer {
    /// The boxes, relative to `frame`'s origin, as SVG shapes.
    static func boxes(_ boxes: [DisplayBox], frame: Rect, color: (Color?) -> String) -> String {
        var out = ""
        for box in boxes {
            let r = Rect(x: frame.x + box.rect.x, y: frame.y + box.rect.y, width: box.rect.width, height: box.rect.height)
            if let s = box.shadow {
                out += "<rect x=\"" + CSSFormat.number(r.x + s.x) + "\" y=\"" + CSSFormat.number(r.y + s.y) + "\" width=\""
                    + CSSFormat.number(r.width) + "\" height=\"" + CSSFormat.number(r.height) + "\" rx=\""
                    + CSSFormat.number(box.cornerRadius) + "\" fill=\"" + color(s.color) + "\" style=\"filter:blur("
                    + CSSFormat.px(s.radius / 2) + ")\"/>"
            }
            if let fill = box.fill { out += shape(r, radius: box.cornerRadius, attributes: " fill=\"" + color(fill) + "\"") }
            if let stroke = box.stroke {
                let w = min(box.strokeWidth, r.width / 2, r.height / 2)
                let inset = Rect(x: r.x + w / 2, y: r.y + w / 2, width: max(0, r.width - w), height: max(0, r.height - w))
                out += shape(inset, radius: max(0, box.cornerRadius - w / 2), attributes: " fill=\"none\" stroke=\""
                             + color(stroke) + "\" stroke-width=\"" + CSSFormat.number(w) + "\"")
            }
        }
        return out
    }

    static func shape(_ f: Rect, radius: Double, attributes: String) -> String {
        "<rect x=\"" + CSSFormat.number(f.x) + "\" y=\"" + CSSFormat.number(f.y) + "\" width=\"" + CSSFormat.number(f.width)
            + "\" height=\"" + CSSFormat.number(f.height) + "\"" + (radius > 0 ? " rx=\"" + CSSFormat.number(radius) + "\"" : "")
            + attributes + "/>"
    }

    /// A clip shape in `f` as a `<clipPath>`.
    static func clipPath(_ clip: DisplayClipShape, frame f: Rect, id: String) -> String {
        let shape: String
        switch clip {
        case .circle:
            shape = "<circle cx=\"" + CSSFormat.number(f.x + f.width / 2) + "\" cy=\"" + CSSFormat.number(f.y + f.height / 2)
                + "\" r=\"" + CSSFormat.number(min(f.width, f.height) / 2) + "\"/>"
        case .ellipse:
            shape = "<ellipse cx=\"" + CSSFormat.number(f.x + f.width / 2) + "\" cy=\"" + CSSFormat.number(f.y + f.height / 2)
                + "\" rx=\"" + CSSFormat.number(f.width / 2) + "\" ry=\"" + CSSFormat.number(f.height / 2) + "\"/>"
        case .capsule, .rectangle, .roundedRectangle:
            shape = Self.shape(f, radius: clip.cornerRadius(in: f), attributes: "")
        }
        return "<clipPath id=\"" + id + "\">" + shape + "</clipPath>"
    }

    /// A drop shadow filter for the node's clipped frame.
    static func shadowFilter(_ s: DisplayShadow, id: String, color: (Color?) -> String) -> String {
        "<filter id=\"" + id + "\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feDropShadow dx=\""
            + CSSFormat.number(s.x) + "\" dy=\"" + CSSFormat.number(s.y) + "\" stdDeviation=\"" + CSSFormat.number(s.radius / 2)
            + "\" flood-color=\"" + color(s.color) + "\"/></filter>"
    }

    /// An SF Symbol's neutral glyph box, in an item at `frame`.
    static func symbol(_ symbol: DisplaySymbol, frame: Rect, fill: String) -> String {
        let g = symbol.glyphBox
        return shape(Rect(x: frame.x + g.x, y: frame.y + g.y, width: g.width, height: g.height), radius: symbol.glyphCornerRadius,
                     attributes: " fill=\"" + fill + "\" fill-opacity=\"0.55\"")
    }

    /// The `text-decoration` attribute value of `decorations` (nil: none).
    static func textDecoration(_ decorations: TextDecorations) -> String? {
        var lines: [String] = []
        if decorations.contains(.strikethrough) { lines.append("line-through") }
        if decorations.contains(.underline) { lines.append("underline") }
        return lines.isEmpty ? nil : lines.joined(separator: " ")
    }
}
