import SDUIHTTP
import SDUILayout
import SDUIRender

/// The page's script and styles, made once per server and served with a version in their URL (cached by the
/// browser for as long as the server runs them).
struct ServeAssets: Sendable {
    struct Asset: Sendable {
        let bytes: [UInt8]
        /// A hash of the bytes: the `?v=` of its URL.
        let version: String
        init(_ text: String) {
            bytes = Array(text.utf8)
            version = LivePage.renderHash(text)
        }
    }

    let script = Asset(ServeScript.source)
    /// The panels' rules, the preview's chrome and the live page's own.
    let styles = Asset(PageStyle.css(fonts: .omitted) + PreviewPage.pageRules + ServeStyles.rules)
    /// The embedded web fonts (Inter, Noto Sans Hebrew and Arabic, and every face of `--font`/`--font-dir`), apart so
    /// the page's own styles stay small.
    let fonts: Asset

    init(fonts faces: [FontFace] = []) {
        fonts = Asset(PageStyle.fontFaceRules(faces, fonts: .embedded)
            + PageStyle.css(fonts: .embedded, families: ["SDUI Inter", "SDUI Noto Sans Hebrew", "SDUI Noto Sans Arabic"]))
    }

    func response(_ asset: Asset, type: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": type, "Cache-Control": "public, max-age=31536000, immutable"], body: asset.bytes)
    }
}

/// The live page's own styles (besides the preview's chrome, `PreviewPage.pageRules`).
enum ServeStyles {
    static let rules = """
    body{margin:0}
    .sv-bar{flex-wrap:wrap;gap:14px}
    .sv-bar label{white-space:nowrap}
    .sv-home{text-decoration:none;color:#007aff;font-weight:600}
    .sv-devices{position:relative}
    .sv-devices summary{cursor:pointer}
    .sv-device-list{position:absolute;z-index:30;top:24px;left:0;display:flex;flex-direction:column;gap:4px;padding:10px 12px;\
    background:#fff;color:#1c1c1e;border:1px solid #c6c6c8;border-radius:10px;box-shadow:0 6px 24px rgba(0,0,0,.18);max-height:70vh;overflow:auto}
    .sv-status{margin-left:auto;font-size:12px;color:#8e8e93}
    .sv-status.sv-live{color:#34c759}
    .sv-main{display:flex;align-items:flex-start}
    #sv-panels{flex:1;min-width:0}
    #sv-panels .pv-entry{grid-template-columns:auto}
    #sv-panels .pv-label,#sv-panels .pv-diagnostics{grid-column:auto}
    #sv-panels .pv-diagnostics{max-width:none}
    #sv-panels.sv-stale{opacity:.45}
    .sv-empty{padding:24px;color:#8e8e93}
    .sv-side{box-sizing:border-box;width:360px;flex:none;position:sticky;top:52px;max-height:calc(100vh - 52px);overflow:auto;\
    padding:12px 16px;font-size:12px;border-left:1px solid #c6c6c8}
    .sv-side h2{font-size:13px;margin:12px 0 6px}
    .sv-side ul{list-style:none;margin:0;padding:0}.sv-side li{margin:0 0 6px;overflow-wrap:anywhere}
    #sv-state-text{box-sizing:border-box;width:100%;height:180px;font:12px/1.4 ui-monospace,"DejaVu Sans Mono",monospace;tab-size:2}
    .sv-buttons{margin:4px 0}
    #sv-state-problems{color:#ff3b30}
    .sv-note{color:#8e8e93;margin:0 0 6px}
    #sv-overlay{position:fixed;z-index:40;left:24px;right:384px;bottom:24px;max-height:50vh;overflow:auto;padding:12px 18px;\
    background:rgba(255,242,241,.98);color:#1c1c1e;border:2px solid #ff3b30;border-radius:14px;box-shadow:0 8px 30px rgba(0,0,0,.25);font-size:13px}
    #sv-overlay[hidden]{display:none}
    #sv-overlay h2{font-size:15px;margin:0 0 8px;color:#c4160b}
    #sv-overlay ol{margin:0;padding-left:20px}#sv-overlay li{margin:0 0 6px}
    .sv-location{font-weight:600}
    .sdui-node[data-action],.sdui-node[data-type=toggle],.sdui-node[data-type=stepper],.sdui-node[data-type=picker],\
    .sdui-node[data-type=textField]{cursor:pointer}
    .sv-editor{position:absolute;left:0;top:0;width:100%;height:100%;box-sizing:border-box;z-index:5;margin:0;padding:0 7px;\
    font:17px "SDUI Inter",sans-serif;border:2px solid #007aff;border-radius:6px;background:#fff;color:#000;outline:none}
    .sv-menu{position:absolute;z-index:50;min-width:160px;padding:4px 0;background:#fff;color:#000;border-radius:10px;\
    box-shadow:0 8px 30px rgba(0,0,0,.25);font:14px system-ui,sans-serif}
    .sv-menu div{padding:6px 14px;cursor:pointer}.sv-menu div:hover{background:#e5e5ea}.sv-menu .sv-selected{font-weight:600}
    .sv-index{padding:24px}.sv-index ul{font-size:15px;line-height:1.8}
    .sdui-dark .sv-device-list{background:#2c2c2e;color:#e5e5ea;border-color:#38383a}
    .sdui-dark .sv-side{border-color:#38383a}

    """
}
