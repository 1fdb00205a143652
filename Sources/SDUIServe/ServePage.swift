import SDUIEnvironment
import SDUISchema

/// The HTML of a live page's shell (bar, panels, side column, overlay) and of a folder's index.
///
/// No inline script: the page's behaviour is `/_sdui/app.js`, and what it needs to start is in `data-` attributes.
enum ServePage {
    static func text(_ s: String) -> String { LiveMarkup.text(s) }
    static func attribute(_ s: String) -> String { LiveMarkup.attribute(s) }

    /// The document head: title, styles, the script.
    static func head(title: String, assets: ServeAssets) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            + "<title>" + text(title) + " — sdui serve</title>\n"
            + "<link rel=\"stylesheet\" href=\"/_sdui/fonts.css?v=" + assets.fonts.version + "\">\n"
            + "<link rel=\"stylesheet\" href=\"/_sdui/serve.css?v=" + assets.styles.version + "\">\n"
            + "<script src=\"/_sdui/app.js?v=" + assets.script.version + "\" defer></script>\n</head>\n"
    }

    /// A payload's page as it first loads (the page's script then keeps it current).
    static func html(_ page: LivePage, isFolder: Bool, assets: ServeAssets) -> String {
        page.lock.lock()
        defer { page.lock.unlock() }
        let screen = page.baseScreen
        let title = screen?.title ?? screen?.id ?? page.document.pageName
        let panels = page.unlockedPanelsHTML()
        let choices = page.choices
        var out = head(title: title, assets: assets)
        out += "<body" + (choices.isDark ? " class=\"sdui-dark\"" : "") + " data-page=\"" + attribute(page.document.pageName)
            + "\" data-choices=\"" + attribute(choices.json.serialized()) + "\">\n"
        out += "<header class=\"pv-bar sv-bar\">"
        if isFolder { out += "<a class=\"sv-home\" href=\"/\" title=\"every payload in the folder\">◀︎ all</a>" }
        out += "<h1><span id=\"sv-title\">" + text(title) + "</span> <small id=\"sv-id\">" + text(screen?.id ?? "") + "</small></h1>\n"
        out += "<details class=\"sv-devices\"><summary>Devices</summary><div class=\"sv-device-list\">"
        for window in page.context.windows {
            let env = window.environment
            out += "<label><input type=\"checkbox\" data-w=\"" + attribute(window.id) + "\"" + (choices.hidden.contains(window.id) ? "" : " checked")
                + "> " + text(env.device.name + " · " + env.orientation.rawValue + (env.mode == .fullScreen ? "" : " · " + env.mode.label))
                + "</label>"
        }
        out += "</div></details>\n"
        out += "<label>Orientation <select id=\"sv-orientation\">" + ["all", "portrait", "landscape"].map {
            "<option value=\"\($0)\"" + (choices.orientation == $0 ? " selected" : "") + ">\($0)</option>"
        }.joined() + "</select></label>\n"
        out += "<label>Dynamic Type <select id=\"sv-size\">" + ContentSizeCategory.allCases.map {
            "<option value=\"\($0.rawValue)\"" + (choices.contentSize == $0 ? " selected" : "") + ">\($0.rawValue)</option>"
        }.joined() + "</select></label>\n"
        out += "<label><input type=\"checkbox\" id=\"sv-dark\"" + (choices.isDark ? " checked" : "") + "> Dark</label>\n"
        out += "<label>State <select id=\"sv-preview\"><option value=\"\">initial</option>"
            + (screen?.previews ?? []).map { "<option value=\"" + attribute($0.name) + "\">" + text($0.name) + "</option>" }.joined()
            + "</select></label>\n"
        out += "<span id=\"sv-status\" class=\"sv-status\">connecting…</span></header>\n"
        out += "<div class=\"sv-main\">\n<main id=\"sv-panels\" class=\"pv-variant\" data-render=\"" + LivePage.renderHash(panels) + "\">\n"
            + panels + "</main>\n"
        out += "<aside class=\"sv-side\">\n"
        out += "<section><h2>State</h2><textarea id=\"sv-state-text\" spellcheck=\"false\" aria-label=\"state as JSON\">"
            + text(page.session?.state.jsonValue.serialized(pretty: true) ?? "{}") + "</textarea>\n"
            + "<div class=\"sv-buttons\"><button id=\"sv-state-apply\" type=\"button\">Apply</button> "
            + "<button id=\"sv-state-reset\" type=\"button\">Reset</button></div><div id=\"sv-state-problems\"></div></section>\n"
        out += "<section><h2>Requests</h2><ul id=\"sv-requests\"><li class=\"pv-ok\">none waiting</li></ul></section>\n"
        out += "<section><h2>Actions</h2><ul id=\"sv-notices\"><li class=\"pv-ok\">taps that navigate or fail show here</li></ul></section>\n"
        out += "<section><h2>Lint</h2><div id=\"sv-lint\"><p class=\"sv-note\">linting…</p></div></section>\n"
        out += "</aside>\n</div>\n"
        out += "<div id=\"sv-overlay\" role=\"alert\"" + (page.shownProblems.isEmpty ? " hidden" : "") + ">"
            + LiveMarkup.problems(page.shownProblems, file: page.document.pageName, hasScreen: screen != nil) + "</div>\n"
        out += "</body></html>\n"
        return out
    }

    /// A folder's index: each payload with its title and whether it decodes.
    static func index(_ entries: [(name: String, snapshot: DocumentSnapshot?)], root: String, assets: ServeAssets) -> String {
        var out = head(title: root, assets: assets)
        out += "<body data-index=\"1\">\n<header class=\"pv-bar sv-bar\"><h1>" + text(root) + " <small>" + String(entries.count)
            + (entries.count == 1 ? " payload" : " payloads") + "</small></h1><span id=\"sv-status\" class=\"sv-status\">connecting…</span></header>\n"
        out += "<main class=\"sv-index\"><ul>\n"
        if entries.isEmpty { out += "<li class=\"pv-ok\">no .json files here yet: add one and it appears</li>" }
        for (name, snapshot) in entries {
            let href = "/p/" + name.split(separator: "/").map { percentEncoded(String($0)) }.joined(separator: "/")
            out += "<li><a href=\"" + attribute(href) + "\">" + text(name) + "</a>"
            if let snapshot {
                if let screen = snapshot.screen { out += " — " + text(screen.title ?? screen.id) }
                if !snapshot.problems.isEmpty {
                    out += " <span class=\"pv-error\"><b>" + String(snapshot.problems.count) + (snapshot.problems.count == 1 ? " problem" : " problems") + "</b></span>"
                }
            }
            out += "</li>\n"
        }
        return out + "</ul></main>\n</body></html>\n"
    }

    /// A path segment percent-encoded (everything but unreserved characters).
    static func percentEncoded(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E: out.unicodeScalars.append(Unicode.Scalar(byte))
            default: out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
