public import SDUIEnvironment
public import SDUISchema
public import SDUILayout

/// The device-matrix page: one screen laid out in many windows, each in a labelled device outline with its
/// diagnostics beside it, in one self-contained HTML file.
///
/// Variants (one per Dynamic Type size) are pre-rendered; the page's controls switch between them, filter
/// by orientation and toggle dark mode (colours only: layout does not depend on appearance). With named states
/// (`states`: the payload's `previews`, or `sdui preview --state FILE`) every window shows one panel per state side
/// by side, each captioned with its name, and a control shows all states or one.
public struct PreviewPage: Sendable {
    /// The screen the page is for (its title and id head the page; without `states`, every panel shows it).
    public var screen: Screen
    /// The named states every window shows side by side, in order; empty: one panel of `screen` per window.
    public var states: [PreviewState]
    /// One matrix per Dynamic Type size; the first is shown when the page opens.
    public var variants: [Variant]
    /// Whether the page opens in dark mode.
    public var isDark: Bool
    /// Options for the panels (fonts are embedded once for the whole page).
    public var options: HTMLRenderer.Options

    /// The layouts of one Dynamic Type size.
    public struct Variant: Sendable {
        /// The Dynamic Type size every layout used.
        public var contentSize: ContentSizeCategory
        /// The layouts, in matrix order; with states, window by window, each window's in the order of `states`
        /// (`layouts[window * states.count + state]`).
        public var layouts: [LayoutResult]
        /// Creates a variant.
        public init(contentSize: ContentSizeCategory, layouts: [LayoutResult]) {
            self.contentSize = contentSize; self.layouts = layouts
        }
    }

    /// Creates a page.
    public init(screen: Screen, states: [PreviewState] = [], variants: [Variant], isDark: Bool = false,
                options: HTMLRenderer.Options = .init()) {
        self.screen = screen; self.states = states; self.variants = variants; self.isDark = isDark; self.options = options
    }

    /// Lays `screen` (or, given `states`, each state's screen) out in every window of `windows` for every size of
    /// `contentSizes` in `layoutDirection` with `layout` (the engine's entry point) and builds the page.
    public init(screen: Screen, states: [PreviewState] = [], windows: [WindowEnvironment], contentSizes: [ContentSizeCategory],
                isDark: Bool = false, layoutDirection: LayoutDirection = .leftToRight, options: HTMLRenderer.Options = .init(),
                layout: (Screen, WindowEnvironment, TraitCollection) -> LayoutResult) {
        var seen = Set<ContentSizeCategory>()
        let sizes = contentSizes.filter { seen.insert($0).inserted }
        let screens = states.isEmpty ? [screen] : states.map(\.screen)
        let variants = sizes.map { size in
            Variant(contentSize: size, layouts: windows.flatMap { window in
                screens.map { shown in
                    layout(shown, window, window.traitCollection(contentSize: size, style: isDark ? .dark : .light,
                                                                 layoutDirection: layoutDirection))
                }
            })
        }
        self.init(screen: screen, states: states, variants: variants, isDark: isDark, options: options)
    }

    /// Like `init(screen:windows:contentSizes:isDark:layoutDirection:options:layout:)`, but refuses a page of more than
    /// `maxElements` elements — nodes, text lines and diagnostics (`elementCount(of:)`) over every window and size — as soon
    /// as the layouts so far exceed it, so an oversized page is neither built nor written.
    /// - Throws: `PreviewPageTooLarge` with the count reached.
    public init(screen: Screen, states: [PreviewState] = [], windows: [WindowEnvironment], contentSizes: [ContentSizeCategory],
                isDark: Bool = false, layoutDirection: LayoutDirection = .leftToRight, options: HTMLRenderer.Options = .init(),
                maxElements: Int, layout: (Screen, WindowEnvironment, TraitCollection) -> LayoutResult) throws(PreviewPageTooLarge) {
        var seen = Set<ContentSizeCategory>()
        let sizes = contentSizes.filter { seen.insert($0).inserted }
        let screens = states.isEmpty ? [screen] : states.map(\.screen)
        var variants: [Variant] = []
        var elements = 0
        var laidOut = 0
        for size in sizes {
            var layouts: [LayoutResult] = []
            for window in windows {
                for shown in screens {
                    let result = layout(shown, window, window.traitCollection(contentSize: size, style: isDark ? .dark : .light,
                                                                             layoutDirection: layoutDirection))
                    elements += Self.elementCount(of: result)
                    laidOut += 1
                    if elements > maxElements {
                        throw PreviewPageTooLarge(elements: elements, maxElements: maxElements, layoutsCounted: laidOut,
                                                  layouts: sizes.count * windows.count * screens.count)
                    }
                    layouts.append(result)
                }
            }
            variants.append(Variant(contentSize: size, layouts: layouts))
        }
        self.init(screen: screen, states: states, variants: variants, isDark: isDark, options: options)
    }

    /// The elements one entry of `layout` adds to the page: one per node, per text line and per diagnostic (what
    /// the page's size and the browser's work grow with; a long text in a narrow window is many lines).
    public static func elementCount(of layout: LayoutResult) -> Int {
        layout.nodes.reduce(layout.nodeCount + layout.diagnostics.count) { $0 + ($1.text?.lines.count ?? 0) }
    }

    /// The HTML document.
    public func html() -> String {
        var html = ""
        write(to: &html)
        return html
    }

    /// Writes `html()` to `output` piece by piece (a file stream never holds the page).
    /// - Complexity: O(elements); memory beyond `output` is one node's markup.
    public func write<Output: TextOutputStream>(to output: inout Output) {
        let renderer = HTMLRenderer(options: HTMLRenderer.Options(fonts: .omitted, isScrollingEnabled: options.isScrollingEnabled))
        let title = HTMLEscaping.text(screen.title ?? screen.id)
        var html = "<!DOCTYPE html>\n<html lang=\"en\"" + PageStyle.fontGateClass(fonts: options.fonts) + "><head><meta charset=\"utf-8\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<title>" + title + " — SDUIKit preview</title>\n<style>\n"
        let families = PageStyle.families(for: variants.flatMap(\.layouts))
        let faces = PageStyle.loadedFaces(for: variants.flatMap(\.layouts))
        output.write(html)
        output.write(PageStyle.css(fonts: options.fonts, families: families, faces: faces))
        html = Self.pageRules + "</style>\n" + PageStyle.fontGate(fonts: options.fonts, families: families, faces: faces)
        html += "</head>\n"
        html += "<body" + (isDark ? " class=\"sdui-dark\"" : "") + " data-filter=\"all\">\n"
        html += "<header class=\"pv-bar\"><h1>" + title + " <small>" + HTMLEscaping.text(screen.id) + "</small></h1>\n"
        html += "<label>Orientation <select id=\"pv-orientation\"><option value=\"all\">all</option>"
            + "<option value=\"portrait\">portrait</option><option value=\"landscape\">landscape</option></select></label>\n"
        html += "<label>Dynamic Type <select id=\"pv-size\">"
        for (i, v) in variants.enumerated() {
            html += "<option value=\"" + v.contentSize.rawValue + "\"" + (i == 0 ? " selected" : "") + ">"
                + v.contentSize.rawValue + "</option>"
        }
        html += "</select></label>\n"
        if !states.isEmpty {
            html += "<label>State <select id=\"pv-state\"><option value=\"\" selected>all, side by side</option>"
            for state in states {
                html += "<option value=\"" + HTMLEscaping.attribute(state.name) + "\">" + HTMLEscaping.text(state.name) + "</option>"
            }
            html += "</select></label>\n"
        }
        html += "<label><input type=\"checkbox\" id=\"pv-dark\"" + (isDark ? " checked" : "")
            + "> Dark</label></header>\n"
        output.write(html)
        for (i, variant) in variants.enumerated() {
            output.write("<main class=\"pv-variant\" data-content-size=\"" + variant.contentSize.rawValue + "\""
                + (i == 0 ? "" : " hidden") + ">\n")
            let perWindow = max(1, states.count)
            var start = 0
            while start < variant.layouts.count {
                let end = min(start + perWindow, variant.layouts.count)
                writeEntry(variant.layouts[start..<end], renderer: renderer, to: &output)
                start = end
            }
            output.write("</main>\n")
        }
        output.write("<script>\n" + Self.script + "</script>\n</body></html>\n")
    }

    /// One window: its label, then per layout (one, or one per named state side by side) the device outline with
    /// the panel and the diagnostics list.
    private func writeEntry<Output: TextOutputStream>(_ layouts: ArraySlice<LayoutResult>, renderer: HTMLRenderer,
                                                      to output: inout Output) {
        guard let first = layouts.first else { return }
        let env = first.environment
        let device = env.device
        let stated = !states.isEmpty
        let modeLabel = env.mode == .fullScreen ? "" : " · " + env.mode.label
        var out = "<section class=\"pv-entry" + (stated ? " pv-stated" : "") + "\" data-orientation=\"" + env.orientation.rawValue + "\">\n"
        out += "<div class=\"pv-label\"><b>" + HTMLEscaping.text(device.name) + "</b>" + HTMLEscaping.text(modeLabel) + "<br>"
        out += HTMLEscaping.text(env.size.description) + " pt · " + env.orientation.rawValue
            + " · w " + env.horizontalSizeClass.rawValue + " / h " + env.verticalSizeClass.rawValue
            + (first.traits.layoutDirection == .rightToLeft ? " · right to left" : "")
        // Grid columns are the layout's (with states, each state's caption has its own: a binding may change them).
        if !stated { out += Self.gridLabel(first, prefix: "<br>") }
        out += "</div>\n"
        if stated { out += "<div class=\"pv-states\">\n" }
        output.write(out)
        for (offset, layout) in layouts.enumerated() {
            let state = stated && offset < states.count ? states[offset] : nil
            if let state {
                output.write("<figure class=\"pv-state\" data-state=\"" + HTMLEscaping.attribute(state.name) + "\"><figcaption><b>"
                    + HTMLEscaping.text(state.name) + "</b>" + Self.gridLabel(layout, prefix: " · ") + "</figcaption>\n")
            }
            output.write("<div class=\"pv-device pv-" + device.idiom.rawValue + (env.mode == .fullScreen ? "" : " pv-pane") + "\">\n")
            renderer.writePanel(layout, to: &output)
            output.write("</div>\n<ul class=\"pv-diagnostics\">")
            let diagnostics = layout.diagnostics
            if diagnostics.isEmpty {
                output.write("<li class=\"pv-ok\">no diagnostics</li>")
            }
            for d in diagnostics {
                output.write("<li class=\"pv-" + d.severity.rawValue + "\"><b>" + d.severity.rawValue + "</b> <code>"
                    + HTMLEscaping.text(d.code) + "</code> <code>" + HTMLEscaping.text(d.path) + "</code> "
                    + HTMLEscaping.text(d.message) + "</li>")
            }
            output.write("</ul>\n" + (state == nil ? "" : "</figure>\n"))
        }
        output.write((stated ? "</div>\n" : "") + "</section>\n")
    }

    /// "grid: 2 columns" (or "grid ID: N columns · …" for several grids) after `prefix`; empty without grids.
    private static func gridLabel(_ layout: LayoutResult, prefix: String) -> String {
        let grids = gridColumnCounts(layout)
        guard !grids.isEmpty else { return "" }
        return prefix + grids.map { id, count in
            (grids.count == 1 ? "grid" : "grid " + HTMLEscaping.text(id)) + ": " + String(count)
                + (count == 1 ? " column" : " columns")
        }.joined(separator: " · ")
    }

    /// For every grid in the layout (by node id, in document order), its column count: the number of distinct
    /// x origins among its visible children.
    public static func gridColumnCounts(_ layout: LayoutResult) -> [(id: String, columns: Int)] {
        var result: [(String, Int)] = []
        var childXs: [Int: Set<Double>] = [:]
        for node in layout.nodes where !node.isHidden && layout.nodes.indices.contains(node.parent)
            && layout.nodes[node.parent].type == .grid {
            childXs[node.parent, default: []].insert((node.frame.x * 1000).rounded() / 1000)
        }
        for (i, node) in layout.nodes.enumerated() where node.type == .grid {
            result.append((node.id, childXs[i]?.count ?? 0))
        }
        return result
    }

    /// The page's own chrome (labels, outlines, controls): normal flow, system fonts, fixed sizes (`sdui serve`'s
    /// page uses it too).
    public static let pageRules = """
    body{margin:0;background:#e5e5ea;font:13px/1.4 system-ui,-apple-system,"DejaVu Sans",sans-serif;color:#1c1c1e}
    body.sdui-dark{background:#1c1c1e;color:#e5e5ea}
    .pv-bar{position:sticky;top:0;z-index:10;display:flex;gap:20px;align-items:center;padding:10px 20px;\
    background:rgba(242,242,247,.94);border-bottom:1px solid #c6c6c8}
    .sdui-dark .pv-bar{background:rgba(28,28,30,.94);border-color:#38383a}
    .pv-bar h1{font-size:17px;margin:0 12px 0 0}.pv-bar small{font-weight:400;color:#8e8e93}
    .pv-variant{display:flex;flex-wrap:wrap;align-items:flex-start;gap:32px;padding:24px}
    .pv-variant[hidden]{display:none}
    .pv-entry{display:grid;grid-template-columns:auto 260px;grid-template-rows:auto auto;column-gap:16px;row-gap:8px}
    .pv-label{grid-column:1 / 3;min-height:54px}
    .pv-device{position:relative;padding:14px;background:#1c1c1e;border-radius:48px;box-shadow:0 2px 12px rgba(0,0,0,.25)}
    .pv-device.pv-pad{border-radius:28px;padding:18px}
    .pv-device.pv-pane{background:#636366}
    .pv-device .sdui-panel{border-radius:34px}
    .pv-device.pv-pad .sdui-panel{border-radius:12px}
    .pv-diagnostics{list-style:none;margin:0;padding:0;font-size:12px;max-width:260px;overflow-wrap:anywhere}
    .pv-diagnostics li{margin:0 0 6px}.pv-diagnostics code{font-size:11px}
    .pv-error b{color:#ff3b30}.pv-warning b{color:#ff9500}.pv-info b{color:#007aff}.pv-ok{color:#8e8e93}
    .pv-entry.pv-stated{display:block}
    .pv-states{display:flex;flex-wrap:wrap;align-items:flex-start;gap:24px;margin-top:8px}
    .pv-state{margin:0;display:flex;flex-direction:column;gap:8px}
    .pv-state[hidden]{display:none}
    .pv-state figcaption{font-size:13px}
    body[data-filter=portrait] .pv-entry[data-orientation=landscape]{display:none}
    body[data-filter=landscape] .pv-entry[data-orientation=portrait]{display:none}

    """

    /// Control wiring: orientation filter, Dynamic Type variant, dark mode.
    static let script = """
    (function(){
      var body=document.body;
      document.getElementById('pv-orientation').addEventListener('change',function(e){body.dataset.filter=e.target.value;});
      document.getElementById('pv-dark').addEventListener('change',function(e){body.classList.toggle('sdui-dark',e.target.checked);});
      var state=document.getElementById('pv-state');
      if(state){state.addEventListener('change',function(e){
        document.querySelectorAll('.pv-state').forEach(function(f){f.hidden=e.target.value!==''&&f.dataset.state!==e.target.value;});
      });}
      document.getElementById('pv-size').addEventListener('change',function(e){
        document.querySelectorAll('.pv-variant').forEach(function(v){v.hidden=v.dataset.contentSize!==e.target.value;});
      });
    })();

    """
}

/// A named state the preview page shows the screen in: the payload's `previews` (`Screen.previews`) or a state
/// file given to `sdui preview --state`.
public struct PreviewState: Sendable {
    /// The name the panel's caption shows (`"empty cart"`).
    public var name: String
    /// The screen resolved in that state (`Screen.resolved(in:)`).
    public var screen: Screen
    /// Creates a named state.
    public init(name: String, screen: Screen) { self.name = name; self.screen = screen }
}

extension PreviewState {
    /// The payload's named states (`screen.previews`), each resolved (`Screen.resolved(in:)`); a state the screen
    /// cannot be resolved in is left out and named in `failures`, with the problems.
    public static func states(of screen: Screen) -> (states: [PreviewState], failures: [String]) {
        var states: [PreviewState] = [], failures: [String] = []
        for preview in screen.previews {
            let decoding = screen.resolved(in: preview.state)
            if let resolved = decoding.screen {
                states.append(PreviewState(name: preview.name, screen: resolved))
            } else {
                failures.append(JSONPointer.appending("/previews", preview.name) + ": " + decoding.errors.map(\.message).joined(separator: "; "))
            }
        }
        return (states, failures)
    }
}

/// A preview page that would hold more elements than allowed (see `PreviewPage.init(…maxElements:layout:)`).
public struct PreviewPageTooLarge: Error, Hashable, Sendable, CustomStringConvertible {
    /// Elements (nodes, text lines, diagnostics) counted when the limit was passed.
    public var elements: Int
    /// The limit.
    public var maxElements: Int
    /// Layouts counted so far, of `layouts` in the page.
    public var layoutsCounted: Int
    /// Windows × Dynamic Type sizes of the page.
    public var layouts: Int
    /// What a person reads.
    public var description: String {
        "the page would hold more than \(maxElements) elements (nodes, text lines and diagnostics): \(elements) "
            + "after laying out \(layoutsCounted) of its \(layouts) windows × Dynamic Type sizes"
    }
}
