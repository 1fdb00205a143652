import SDUIEnvironment
import SDUISchema
public import SDUILayout
public import SDUIDisplay

/// Writes a `LayoutResult` as one SVG image of the window: rectangles at the engine's frames, text lines
/// as `<text>` in Inter, images as `<image>` over their reserved skeleton box.
///
/// SVG has no load events: an image that cannot be fetched simply leaves the grey skeleton box; an image
/// whose URL may not be loaded (see `HTMLEscaping.imageSource`) shows the placeholder icon. Colours are the
/// layout's appearance (`traits.userInterfaceStyle`).
public struct SVGRenderer: Sendable {
    /// Whether the Inter web fonts are embedded.
    public var fonts: FontEmbedding

    /// Creates a renderer.
    public init(fonts: FontEmbedding = .embedded) { self.fonts = fonts }

    /// The SVG document for `layout`, with visual properties taken from `screen`.
    /// - Complexity: O(n) in the number of nodes.
    public func render(_ layout: LayoutResult) -> String {
        var svg = ""
        write(layout, to: &svg)
        return svg
    }

    /// Writes `render(layout)` to `output` piece by piece (a file stream never holds the image).
    /// - Complexity: O(n) in the number of nodes and text lines; memory beyond `output` is one node's markup.
    public func write<Output: TextOutputStream>(_ layout: LayoutResult, to output: inout Output) {
        write(DisplayList(layout, accessibility: false), to: &output)
    }

    /// Writes the SVG of a display list (the render contract) piece by piece.
    /// - Complexity: O(n) in the number of nodes and text lines; memory beyond `output` is one item and its path.
    public func write<Output: TextOutputStream>(_ list: DisplayList, to output: inout Output) {
        let env = list.environment
        let dark = list.isDark
        let direction = list.traits.layoutDirection
        func color(_ c: Color?) -> String { c.map { CSSFormat.color($0.resolved(dark: dark)) } ?? "none" }

        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + CSSFormat.number(env.size.width)
            + "\" height=\"" + CSSFormat.number(env.size.height) + "\" viewBox=\"0 0 " + CSSFormat.number(env.size.width)
            + " " + CSSFormat.number(env.size.height) + "\" data-device=\"" + HTMLEscaping.attribute(env.device.slug)
            + "\" data-orientation=\"" + env.orientation.rawValue + "\" data-mode=\"" + HTMLEscaping.attribute(env.mode.description)
            + "\"" + (direction == .rightToLeft ? " data-layout-direction=\"rightToLeft\"" : "") + ">\n<style>\n"
        output.write(out)
        if fonts == .embedded {
            let families = PageStyle.families(for: [list.layout])
            for face in EmbeddedFonts.faces where families.contains(face.family) {
                output.write("@font-face{font-family:\"" + face.family + "\";font-weight:" + String(face.weight)
                    + ";src:url(data:font/woff2;base64,")
                output.write(face.base64)
                output.write(") format(\"woff2\")}\n")
            }
            output.write(PageStyle.fontFaceRules(PageStyle.loadedFaces(for: [list.layout]), fonts: fonts))
        }
        out = "text{font-family:" + PageStyle.fontFamily + ";font-kerning:normal;white-space:pre}\n</style>\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"" + color(Color.system["background"]) + "\"/>\n"
        output.write(out)

        // Groups close after their subtree, like the HTML writer's elements; a node with two clips (its corner
        // radius or container clip, and a clip shape) is two nested groups, one clip each, closed together.
        var open: [(node: NodeIndex, groups: Int)] = []
        var clipCount = 0
        for item in list {
            out = ""
            while let last = open.last, last.node != item.parent {
                out += String(repeating: "</g>", count: last.groups) + "\n"
                open.removeLast()
            }
            let f = item.frame
            let appearance = item.appearance
            var group = "<g data-node-id=\"" + HTMLEscaping.attribute(item.id) + "\" data-type=\""
                + HTMLEscaping.attribute(item.type.rawValue) + "\""
            if item.isHidden || appearance.isHiddenByModifier { group += " visibility=\"hidden\"" }
            if appearance.opacity < 1 { group += " opacity=\"" + CSSFormat.number(appearance.opacity) + "\"" }
            let decorations = appearance.decorations
            var defs = ""
            // An element takes one clip-path: a second clip is an outer group of its own around the node's.
            var outer = ""
            var clips = 0
            func addClip(_ path: (String) -> String) {
                clipCount += 1
                let clipID = "c" + String(clipCount)
                defs += path(clipID)
                if clips == 0 {
                    group += " clip-path=\"url(#" + clipID + ")\""
                } else {
                    outer += "<g clip-path=\"url(#" + clipID + ")\">"
                }
                clips += 1
            }
            if appearance.clipsContent {
                let shape = rect(f, radius: appearance.cornerRadius, fill: nil)
                addClip { "<clipPath id=\"" + $0 + "\">" + shape + "</clipPath>" }
            }
            if let clip = decorations.clip {
                addClip { Self.clipPath(clip, frame: f, id: $0) }
            }
            open.append((item.index, max(clips, 1)))
            if let shadow = decorations.frameShadow {
                let id = "s" + String(item.index.rawValue)
                defs += Self.shadowFilter(shadow, id: id, color: color)
                group += " filter=\"url(#" + id + ")\""
            }
            out += defs + outer + group + ">"
            out += Self.boxes(decorations.under, frame: f, color: color)
            if let fill = appearance.fill { out += rect(f, radius: appearance.cornerRadius, fill: color(fill)) }
            if let image = item.image {
                if let clip = decorations.contentClip {
                    clipCount += 1
                    let clipID = "c" + String(clipCount)
                    out += Self.clipPath(clip, frame: item.contentBox, id: clipID) + "<g clip-path=\"url(#" + clipID + ")\">"
                        + self.image(image, box: item.contentBox, dark: dark) + "</g>"
                } else {
                    out += self.image(image, box: item.contentBox, dark: dark)
                }
            }
            let foreground = color(appearance.foreground ?? Color.system["primary"])
            if let symbol = item.symbol { out += Self.symbol(symbol, frame: f, fill: foreground) }
            out += InputDrawing.svg(for: item)
            if let text = item.text, item.control?.drawsOwnText != true {
                out += self.text(text, frame: f, fill: foreground, layoutDirection: direction)
            }
            out += Self.boxes(decorations.over, frame: f, color: color)
            out += "\n"
            output.write(out)
        }
        for entry in open.reversed() { output.write(String(repeating: "</g>", count: entry.groups) + "\n") }
        output.write("</svg>\n")
    }

    private func rect(_ f: Rect, radius: Double, fill: String?) -> String {
        var s = "<rect x=\"" + CSSFormat.number(f.x) + "\" y=\"" + CSSFormat.number(f.y) + "\" width=\""
            + CSSFormat.number(f.width) + "\" height=\"" + CSSFormat.number(f.height) + "\""
        if radius > 0 { s += " rx=\"" + CSSFormat.number(radius) + "\"" }
        if let fill { s += " fill=\"" + fill + "\"" }
        return s + "/>"
    }

    private func image(_ image: ImageRequest, box: Rect, dark: Bool) -> String {
        var out = ""
        if image.placeholder == .skeleton { out += rect(box, radius: 0, fill: dark ? "#2c2c2e" : "#e5e5ea") }
        if let source = image.loadableURL {
            out += "<image href=\"" + HTMLEscaping.attribute(source) + "\" x=\"" + CSSFormat.number(box.x) + "\" y=\""
                + CSSFormat.number(box.y) + "\" width=\"" + CSSFormat.number(box.width) + "\" height=\""
                + CSSFormat.number(box.height) + "\" preserveAspectRatio=\"xMidYMid "
                + (image.contentMode == .fit ? "meet" : "slice") + "\""
                // Mirrored about the box's vertical centre line.
                + (image.isFlipped ? " transform=\"matrix(-1 0 0 1 " + CSSFormat.number(2 * box.x + box.width) + " 0)\"" : "") + "/>"
        } else {
            // The failure phase: a photo glyph in the middle of the box.
            let s = 28.0 / 24.0
            out += "<g transform=\"translate(" + CSSFormat.number(box.x + box.width / 2 - 14) + " "
                + CSSFormat.number(box.y + box.height / 2 - 14) + ") scale(" + CSSFormat.number(s) + ")\" color=\"#8e8e93\">"
                + PageStyle.placeholderPaths + "</g>"
        }
        return out
    }

    /// One `<text>` per engine line at the engine's baseline (`DisplayLine.baseline`: the layout's formula).
    private func text(_ text: DisplayText, frame: Rect, fill: String, layoutDirection: LayoutDirection) -> String {
        let f = text.alignment.horizontalFraction
        let anchor = f == 0.5 ? "middle" : (f == 1 ? "end" : "start")
        var out = ""
        for line in text.lines {
            var x = frame.x + line.blockLeft + line.blockWidth * f
            var attributes = anchor == "start" ? "" : " text-anchor=\"" + anchor + "\""
            if layoutDirection == .rightToLeft || line.direction == .rightToLeft {
                // Anchored at the line's start edge as the engine placed it (its right edge when right to left);
                // the viewer orders the line's bidirectional runs from that base direction.
                let rtl = line.direction == .rightToLeft
                x = frame.x + line.left + (rtl ? line.width : 0)
                attributes = rtl ? " direction=\"rtl\"" : ""
            }
            out += "<text x=\"" + CSSFormat.number(x) + "\" y=\"" + CSSFormat.number(frame.y + line.baseline)
                + "\" font-size=\"" + CSSFormat.number(text.face.size) + "\" font-weight=\"" + String(text.face.weight)
                + "\" fill=\"" + fill + "\"" + attributes
                + (text.face.fontFace.map { " style=\"" + HTMLEscaping.attribute(PageStyle.loadedFaceStyle($0)) + "\"" } ?? "")
                + (Self.textDecoration(text.decorations).map { " text-decoration=\"" + $0 + "\"" } ?? "")
                + " xml:space=\"preserve\">" + HTMLEscaping.text(line.text) + "</text>"
        }
        return out
    }
}
