import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIRender

/// The HTML pieces of a live page other than panels: window labels, diagnostics, the problems overlay, lint,
/// notices. Every payload string passes through `HTMLEscaping`.
enum LiveMarkup {
    static func text(_ s: String) -> String { HTMLEscaping.text(s) }
    static func attribute(_ s: String) -> String { HTMLEscaping.attribute(s) }

    /// A window's caption: device, mode, size, orientation, size classes, grid columns.
    static func windowLabel(_ layout: LayoutResult) -> String {
        let env = layout.environment
        var out = "<b>" + text(env.device.name) + "</b>" + (env.mode == .fullScreen ? "" : text(" · " + env.mode.label)) + "<br>"
        out += text(env.size.description) + " pt · " + env.orientation.rawValue + " · w " + env.horizontalSizeClass.rawValue
            + " / h " + env.verticalSizeClass.rawValue
        let grids = PreviewPage.gridColumnCounts(layout)
        if !grids.isEmpty {
            out += "<br>" + grids.map { id, count in
                (grids.count == 1 ? "grid" : "grid " + text(id)) + ": " + String(count) + (count == 1 ? " column" : " columns")
            }.joined(separator: " · ")
        }
        return out
    }

    /// A layout's diagnostics as list items.
    static func diagnostics(_ layout: LayoutResult) -> String {
        guard !layout.diagnostics.isEmpty else { return "<li class=\"pv-ok\">no diagnostics</li>" }
        return layout.diagnostics.map { d in
            "<li class=\"pv-" + d.severity.rawValue + "\"><b>" + d.severity.rawValue + "</b> <code>" + text(d.code) + "</code> <code>"
                + text(d.path) + "</code> " + text(d.message) + "</li>"
        }.joined()
    }

    /// One window's entry: its label, the device outline holding the panel, its diagnostics.
    static func entry(window: ServeWindow, label: String, panel: String, diagnostics: String) -> String {
        let env = window.environment
        return "<section class=\"pv-entry\" data-w=\"" + attribute(window.id) + "\" data-orientation=\"" + env.orientation.rawValue + "\">\n"
            + "<div class=\"pv-label\">" + label + "</div>\n"
            + "<div class=\"pv-device pv-" + env.device.idiom.rawValue + (env.mode == .fullScreen ? "" : " pv-pane") + "\">\n"
            + panel + "</div>\n<ul class=\"pv-diagnostics\">" + diagnostics + "</ul>\n</section>\n"
    }

    /// The problems of a save that does not decode, over the last good render.
    static func problems(_ problems: [ServeProblem], file: String, hasScreen: Bool) -> String {
        guard !problems.isEmpty else { return "" }
        var out = "<h2>" + text(file) + (problems.count == 1 ? " has a problem" : " has \(problems.count) problems")
            + (hasScreen ? " — the last version that decoded stays below" : "") + "</h2>\n<ol>"
        for p in problems {
            out += "<li class=\"pv-" + text(p.severity) + "\"><b>" + text(p.severity) + "</b> <code class=\"sv-code\">" + text(p.code) + "</code> "
            if !p.pointer.isEmpty || p.location != nil {
                out += "<span class=\"sv-where\">"
                if !p.pointer.isEmpty { out += "<code class=\"sv-pointer\">" + text(p.pointer) + "</code> " }
                if let location = p.location { out += "<span class=\"sv-location\">" + text(location.description) + "</span>" }
                out += "</span> "
            }
            out += "<span class=\"sv-message\">" + text(p.message) + "</span></li>"
        }
        return out + "</ol>\n<p>Fix the file and save: the page updates.</p>"
    }

    /// The warnings of the current contents (shown with lint).
    static func warnings(_ warnings: [ServeProblem]) -> String {
        warnings.map { p in
            "<li class=\"pv-warning\"><b>warning</b> <code>" + text(p.code) + "</code> <code>" + text(p.pointer.isEmpty ? "/" : p.pointer) + "</code>"
                + (p.location.map { " <span class=\"sv-location\">" + text($0.description) + "</span>" } ?? "") + " " + text(p.message) + "</li>"
        }.joined()
    }

    /// The lint findings of the visible configurations.
    static func lint(_ findings: [ServeLintFinding]?, warnings: [ServeProblem], windows: Int, size: ContentSizeCategory) -> String {
        var out = "<p class=\"sv-note\">" + String(windows) + (windows == 1 ? " window" : " windows") + " at " + size.rawValue + "</p><ul class=\"sv-lint-list\">"
        out += Self.warnings(warnings)
        guard let findings else { return out + "<li class=\"pv-ok\">lint is off</li></ul>" }
        if findings.isEmpty && warnings.isEmpty { out += "<li class=\"pv-ok\">no findings</li>" }
        for f in findings {
            out += "<li class=\"pv-" + text(f.severity) + "\"><b>" + text(f.severity) + "</b> <code>" + text(f.code) + "</code> at "
                + text(f.nodes) + " <code>" + text(f.pointer) + "</code>: " + text(f.message) + "<br><small>" + text(f.places) + "</small></li>"
        }
        return out + "</ul>"
    }
}
