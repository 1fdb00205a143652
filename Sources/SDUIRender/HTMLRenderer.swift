import SDUIEnvironment
import SDUISchema
public import SDUILayout
public import SDUIDisplay

/// Writes a `LayoutResult` as HTML: one panel element the size of the window, every node an absolutely
/// positioned element at the engine's frame. The browser does no layout of its own.
///
/// Contract for tools that inspect the output (see `docs/render.md`):
/// - the panel (`.sdui-panel`) carries `data-device`, `data-orientation`, `data-mode` (the `sdui layout`
///   spellings) and its box is the window: a node's frame is its rect minus the panel's rect;
/// - every node's element carries `data-node-id`, `data-type` and `data-frame="x,y,w,h"` (window points);
/// - a text node's element carries `data-wrap` (the width its lines were broken in) and `data-text`
///   (the payload's text); each line is an `.sdui-line` element with `data-lw` (the engine's width); a line
///   whose bidirectional runs go more than one way carries `data-bidi`: its runs in the visual order the
///   engine's Bidirectional Algorithm gives them, left to right, as `start-end-level` in UTF-16 offsets of the
///   line's text, comma-separated;
/// - a right-to-left panel carries `dir="rtl"` and `data-layout-direction="rightToLeft"`.
/// - the panel is an ARIA group owning the accessibility elements in reading order (`AccessibilityMarkup`).
public struct HTMLRenderer: Sendable {
    /// Rendering choices.
    public struct Options: Hashable, Sendable {
        /// Whether the Inter web fonts are embedded in a document (`document(…)` only).
        public var fonts: FontEmbedding
        /// Whether scroll views can be scrolled with the mouse in the page (they always clip).
        public var isScrollingEnabled: Bool
        /// Markup for a page brought up to date item by item (`PatchablePanel`): every element carries its view key
        /// (`data-k`), a scroll view's backgrounds drawn before it carry `data-deco-of`, ARIA ids follow identities,
        /// and no element has an inline event handler (a Content-Security-Policy without 'unsafe-inline' holds).
        var isPatchable = false
        /// Creates options.
        public init(fonts: FontEmbedding = .embedded, isScrollingEnabled: Bool = true) {
            self.fonts = fonts; self.isScrollingEnabled = isScrollingEnabled
        }
    }

    /// The options used by every call.
    public var options: Options

    /// Creates a renderer.
    public init(options: Options = Options()) { self.options = options }

    /// A self-contained HTML document showing one screen (the `sdui render --format html` output).
    public func document(_ layout: LayoutResult) -> String {
        var html = ""
        writeDocument(layout, to: &html)
        return html
    }

    /// Writes `document(layout)` to `output` piece by piece (a file stream never holds the page).
    /// - Complexity: O(n) in the number of nodes and text lines; memory beyond `output` is one node's markup.
    public func writeDocument<Output: TextOutputStream>(_ layout: LayoutResult, to output: inout Output) {
        let dark = layout.traits.userInterfaceStyle == .dark
        output.write("<!DOCTYPE html>\n<html lang=\"en\"" + PageStyle.fontGateClass(fonts: options.fonts) + "><head><meta charset=\"utf-8\">\n")
        output.write("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        output.write("<title>" + HTMLEscaping.text(layout.screenTitle ?? layout.screenID) + " — "
            + HTMLEscaping.text(layout.environment.device.name) + "</title>\n")
        let families = PageStyle.families(for: [layout])
        let faces = PageStyle.loadedFaces(for: [layout])
        output.write("<style>\n")
        output.write(PageStyle.css(fonts: options.fonts, families: families, faces: faces))
        output.write("body{margin:0;padding:16px;background:#e5e5ea}\n</style>\n")
        output.write(PageStyle.fontGate(fonts: options.fonts, families: families, faces: faces))
        output.write("</head><body" + (dark ? " class=\"sdui-dark\"" : "") + ">\n")
        writePanel(layout, to: &output)
        output.write("</body></html>\n")
    }

    /// The panel element for one laid-out screen (no surrounding document; needs `PageStyle.css`).
    /// - Complexity: O(n) in the number of nodes.
    public func panel(_ layout: LayoutResult) -> String {
        var out = ""
        writePanel(layout, to: &out)
        return out
    }

    /// Writes `panel(layout)` to `output` piece by piece.
    /// - Complexity: O(n) in the number of nodes and text lines.
    public func writePanel<Output: TextOutputStream>(_ layout: LayoutResult, to out: inout Output) {
        writePanel(DisplayList(layout), to: &out)
    }

    /// Writes the panel of a display list (the render contract) piece by piece.
    /// - Complexity: O(n) in the number of nodes and text lines; memory beyond `output` is one item and its path.
    public func writePanel<Output: TextOutputStream>(_ list: DisplayList, to out: inout Output) {
        writePanel(list, environment: list.environment, traits: list.traits, screenID: list.layout.screenID,
                   title: list.layout.screenTitle ?? list.layout.screenID, accessibility: AccessibilityMarkup(list), to: &out)
    }

    /// The panel of `items` (a display list's, in order): its element, every item's element nested as the tree is.
    func writePanel<Items: Sequence<DisplayItem>, Output: TextOutputStream>(
        _ list: Items, environment env: WindowEnvironment, traits: TraitCollection, screenID: String, title: String,
        accessibility: AccessibilityMarkup, to out: inout Output) {
        var head = "<div class=\"sdui-panel\""
        head += " data-device=\"" + HTMLEscaping.attribute(env.device.slug) + "\""
        head += " data-orientation=\"" + env.orientation.rawValue + "\""
        head += " data-mode=\"" + HTMLEscaping.attribute(env.mode.description) + "\""
        head += " data-screen=\"" + HTMLEscaping.attribute(screenID) + "\""
        head += " data-content-size=\"" + traits.preferredContentSizeCategory.rawValue + "\""
        if traits.layoutDirection == .rightToLeft { head += " dir=\"rtl\" data-layout-direction=\"rightToLeft\"" }
        head += accessibility.panelAttributes(title: title)
        head += " style=\"width:" + CSSFormat.px(env.size.width) + ";height:" + CSSFormat.px(env.size.height)
        head += ";" + Self.colorVariables("b", Color.system["background"]) + "\">\n"
        out.write(head)

        // Children close after their subtree: keep a stack of the open items' indices and frames.
        var open: [(index: NodeIndex, frame: Rect)] = []
        for item in list {
            while let last = open.last, last.index != item.parent {
                out.write("</div>\n")
                open.removeLast()
            }
            let parentFrame = open.last?.frame ?? Rect.zero
            writeElement(for: item, parentFrame: parentFrame, layoutDirection: traits.layoutDirection,
                         accessibility: accessibility, to: &out)
            open.append((item.index, item.frame))
        }
        for _ in open { out.write("</div>\n") }
        out.write("</div>\n")
    }

    // MARK: - Nodes

    /// Writes the opening tag of a node's element plus its own content (lines, image); the caller closes it.
    func writeElement<Output: TextOutputStream>(for item: DisplayItem, parentFrame: Rect,
                                                         layoutDirection: LayoutDirection, accessibility: AccessibilityMarkup,
                                                         to out: inout Output) {
        let frame = item.frame
        let appearance = item.appearance
        var classes = ["sdui-node"]
        var style = "left:" + CSSFormat.px(frame.x - parentFrame.x) + ";top:" + CSSFormat.px(frame.y - parentFrame.y)
            + ";width:" + CSSFormat.px(frame.width) + ";height:" + CSSFormat.px(frame.height)
        if item.type == .button { classes.append("sdui-button") }
        if let text = item.text {
            classes.append("sdui-text")
            style += ";font-size:" + CSSFormat.px(text.face.size) + ";font-weight:" + String(text.face.weight)
                + ";line-height:" + CSSFormat.px(text.face.lineHeight)
            // (Escaped: the family names are quoted, and the style is an attribute.)
            if let loaded = text.face.fontFace { style += ";" + HTMLEscaping.attribute(PageStyle.loadedFaceStyle(loaded)) }
        }
        if let fill = appearance.fill {
            classes.append("sdui-bg")
            style += ";" + Self.colorVariables("b", fill)
        }
        if let foreground = appearance.foreground {
            classes.append("sdui-fg")
            style += ";" + Self.colorVariables("f", foreground)
        }
        if appearance.cornerRadius > 0 {
            style += ";border-radius:" + CSSFormat.px(appearance.cornerRadius)
        }
        if item.type == .scroll {
            classes.append(options.isScrollingEnabled ? "sdui-scroll" : "sdui-clip")
        } else if appearance.clipsContent {
            classes.append("sdui-clip")
        }
        if item.isHidden { classes.append("sdui-hidden") }
        style += Self.modifierStyle(item, classes: &classes)
        let decorations = appearance.decorations

        var tag = "<div class=\"" + classes.joined(separator: " ") + "\""
        let patchKey = options.isPatchable ? HTMLEscaping.attribute(PatchablePanel.key(item)) : nil
        if let patchKey { tag += " data-k=\"" + patchKey + "\"" }
        tag += " data-node-id=\"" + HTMLEscaping.attribute(item.id) + "\""
        tag += " data-type=\"" + HTMLEscaping.attribute(item.type.rawValue) + "\""
        tag += " data-frame=\"" + frame.dataFrame + "\""
        if let text = item.text {
            tag += " data-wrap=\"" + CSSFormat.number(text.wrapWidth) + "\""
            if let source = text.sourceText { tag += " data-text=\"" + HTMLEscaping.attribute(source) + "\"" }
            if text.isTruncated { tag += " data-truncated=\"true\"" }
        }
        if let action = item.action {
            tag += " data-action=\"" + HTMLEscaping.attribute(Self.describe(action)) + "\""
        }
        tag += accessibility.attributes(of: item)
        tag += " style=\"" + style + "\">"
        let isScroll = item.type == .scroll
        if isScroll && !decorations.under.isEmpty {
            // A scroll view clips: it would cut its own backgrounds where they extend past its frame (into the safe
            // area): they are drawn as its parent's children, just before it.
            out.write(Self.boxes(decorations.under, over: false, dx: frame.x - parentFrame.x, dy: frame.y - parentFrame.y,
                                 attributes: patchKey.map { " data-deco-of=\"" + $0 + "\"" } ?? ""))
        }
        out.write(tag)
        out.write(accessibility.content(of: item))
        if !isScroll { out.write(Self.boxes(decorations.under, over: false)) }
        if let image = item.image {
            out.write(self.image(image, insets: item.contentInsets, clip: decorations.contentClip, contentBox: item.contentBox,
                                 inlineHandlers: !options.isPatchable))
        }
        if let symbol = item.symbol { out.write(Self.symbol(symbol)) }
        out.write(InputDrawing.html(for: item))
        if let text = item.text, item.control?.drawsOwnText != true {
            writeLines(text, layoutDirection: layoutDirection, to: &out)
        }
        out.write(Self.boxes(decorations.over, over: true))
        out.write("\n")
    }

    /// One absolutely positioned `.sdui-line` per engine line, never re-wrapped (`white-space: pre`).
    ///
    /// Each line box is the engine's line: text at the x the engine's widths give (a centred or trailing line is
    /// offset inside the block by the engine's width, not the browser's), so a line's origin never depends on
    /// the font the browser happens to have yet — nothing moves when Inter arrives. A line whose paragraph runs
    /// the other way than the panel carries its own `dir`, so the browser orders its bidirectional runs from the
    /// engine's paragraph direction.
    private func writeLines<Output: TextOutputStream>(_ text: DisplayText, layoutDirection: LayoutDirection,
                                                      to out: inout Output) {
        let panelIsRTL = layoutDirection == .rightToLeft
        let height = CSSFormat.px(text.face.lineHeight)
        for line in text.lines {
            let isRTL = line.direction == .rightToLeft
            out.write("<div class=\"sdui-line\"" + (isRTL == panelIsRTL ? "" : isRTL ? " dir=\"rtl\"" : " dir=\"ltr\"")
                + " aria-hidden=\"true\"" + Self.bidiAttribute(line.text, direction: line.direction)
                + " data-lw=\"" + CSSFormat.number(line.width) + "\" style=\"left:"
                + CSSFormat.px(line.left) + ";top:" + CSSFormat.px(line.top) + ";width:" + CSSFormat.px(line.width)
                + ";height:" + height + "\">" + HTMLEscaping.text(line.text) + "</div>")
        }
    }

    /// ` data-bidi="…"` for a line of more than one bidirectional run (see the type's documentation), else "".
    static func bidiAttribute(_ text: String, direction: WritingDirection) -> String {
        // A left-to-right line with nothing at or above U+0590 (no right-to-left letters, no bidi controls) is
        // one run.
        if direction == .leftToRight && !text.unicodeScalars.contains(where: { $0.value >= 0x0590 }) { return "" }
        let scalars = Array(text.unicodeScalars)
        let runs = BidiParagraph(scalars, direction: direction).visualRuns(in: 0..<scalars.count)
        guard runs.count > 1 else { return "" }
        var utf16 = [0]
        utf16.reserveCapacity(scalars.count + 1)
        for scalar in scalars { utf16.append(utf16[utf16.count - 1] + scalar.utf16.count) }
        return " data-bidi=\"" + runs.map { run in
            String(utf16[run.range.lowerBound]) + "-" + String(utf16[run.range.upperBound]) + "-" + String(run.level)
        }.joined(separator: ",") + "\""
    }

    /// The image box: skeleton shimmer, the image (if its URL may be loaded) and the failure icon.
    private func image(_ image: ImageRequest, insets p: EdgeInsets, clip: DisplayClipShape?, contentBox: Rect, inlineHandlers: Bool) -> String {
        let box = "left:" + CSSFormat.px(p.leading) + ";top:" + CSSFormat.px(p.top)
            + ";right:" + CSSFormat.px(p.trailing) + ";bottom:" + CSSFormat.px(p.bottom) + Self.contentClipStyle(clip, box: contentBox)
        var classes = "sdui-image"
        if image.placeholder == .skeleton { classes += " sdui-skeleton" }
        if image.loadableURL == nil { classes += " sdui-failed" }
        var out = "<div class=\"" + classes + "\" aria-hidden=\"true\" style=\"" + box + "\">"
        if let source = image.loadableURL {
            out += "<img src=\"" + HTMLEscaping.attribute(source) + "\" alt=\"\" decoding=\"async\""
            let imageClasses = (image.contentMode == .fit ? ["sdui-fit"] : []) + (image.isFlipped ? ["sdui-flip"] : [])
            out += imageClasses.isEmpty ? "" : " class=\"" + imageClasses.joined(separator: " ") + "\""
            // Without inline handlers, the page's script marks the box (load and error events, captured).
            if inlineHandlers {
                out += " onload=\"this.parentNode.classList.add('sdui-loaded')\""
                out += " onerror=\"this.parentNode.classList.add('sdui-failed')\""
            }
            out += ">"
        }
        out += PageStyle.placeholderIcon
        out += "</div>"
        return out
    }

    // MARK: - Helpers

    /// `--xl:#light;--xd:#dark` custom properties; the page's CSS picks one by appearance.
    static func colorVariables(_ prefix: String, _ color: Color?) -> String {
        guard let color else { return "" }
        return "--" + prefix + "l:" + CSSFormat.color(color.light) + ";--" + prefix + "d:" + CSSFormat.color(color.dark)
    }

    /// A bordered button's fill: the tint at 15 % opacity.
    static func tinted(_ color: Color) -> Color { ResolvedAppearance.tinted(color) }

    /// A short human description of an action (`navigate product/42`).
    static func describe(_ action: Action) -> String {
        switch action {
        case .navigate(let screen): return "navigate " + screen
        case .open(let url): return "open " + url
        case .present(let screen, let style): return "present " + screen + " (" + style.rawValue + ")"
        case .dismiss: return "dismiss"
        case .set(let name, _): return "set " + name
        case .toggle(let name): return "toggle " + name
        case .append(let name, _): return "append to " + name
        case .remove(let name, _): return "remove from " + name
        case .sequence(let actions): return actions.map(describe).joined(separator: ", then ")
        case .if: return "if …"
        case .request(let request): return "request " + request.url.description
        case .custom(let type, _): return type
        }
    }
}

/// Whether the Inter web fonts are written into the output.
public enum FontEmbedding: Hashable, Sendable {
    /// `@font-face` rules with the woff2 files as base64 `data:` URLs: a self-contained file.
    case embedded
    /// No `@font-face` rules (the family falls back to an installed Inter, then sans-serif). For snapshot
    /// references, which would otherwise repeat ~0.5 MB of font data each.
    case omitted
}
