import Foundation
import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
@testable import SDUIRender

@Suite struct HTMLRendererTests {
    static func window(_ slug: String, _ o: InterfaceOrientation = .portrait, _ m: WindowMode = .fullScreen) -> WindowEnvironment {
        try! WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: slug)!, orientation: o, mode: m))
    }

    @Test func `the panel carries the window's device, orientation and mode and the window's size`() {
        let w = Self.window("ipad-pro-13-m4", .landscape, .splitView(.oneThird))
        let html = HTMLRenderer().panel(HandLayout.layout(w, traits: w.traitCollection()))
        #expect(html.contains("data-device=\"ipad-pro-13-m4\""))
        #expect(html.contains("data-orientation=\"landscape\""))
        #expect(html.contains("data-mode=\"split-1/3\""))
        #expect(html.contains("width:\(CSSFormat.px(w.size.width));height:\(CSSFormat.px(w.size.height))"))
    }

    @Test func `every node has an element with its id and frame, positioned relative to its parent`() {
        let w = Self.window("iphone-se-3")
        let layout = HandLayout.layout(w, traits: w.traitCollection())
        let html = HTMLRenderer().panel(layout)
        for node in layout.nodes {
            #expect(html.contains("data-node-id=\"\(node.id)\""), "missing \(node.id)")
            #expect(html.contains("data-frame=\"\(node.frame.dataFrame)\""))
        }
        // product-1 sits at x = 16 + card width + 8 in the window, i.e. at card width + 8 inside the grid.
        let card = layout.nodes.first { $0.id == "product-1" }!
        let grid = layout.nodes.first { $0.id == "products" }!
        #expect(html.contains("data-node-id=\"product-1\" data-type=\"vstack\" data-frame=\"\(card.frame.dataFrame)\""
            + " style=\"left:\(CSSFormat.px(card.frame.x - grid.frame.x));top:\(CSSFormat.px(card.frame.y - grid.frame.y))"))
        // Elements nest like the tree: as many closing tags as opening ones.
        #expect(html.components(separatedBy: "<div").count == html.components(separatedBy: "</div>").count)
    }

    @Test func `text is drawn one element per engine line with the engine's font size, weight and line height`() {
        let w = Self.window("iphone-16")
        let layout = HandLayout.layout(w, traits: w.traitCollection())
        let html = HTMLRenderer().panel(layout)
        #expect(html.contains("font-size:34px;font-weight:700;line-height:41px"))
        #expect(html.contains(">Storefront</div>"))
        #expect(PageStyle.rules.contains("white-space:pre"))
        // Kerning and ligatures stay on, as the engine measures them: nothing switches them off.
        #expect(PageStyle.rules.contains("font-kerning:normal"))
        #expect(!PageStyle.rules.contains("font-kerning:none") && !PageStyle.rules.contains("font-variant-ligatures:none"))
    }

    @Test func `images reserve their box, shimmer, fade in on load and show the placeholder on failure`() {
        let w = Self.window("iphone-16")
        let html = HTMLRenderer().panel(HandLayout.layout(w, traits: w.traitCollection()))
        #expect(html.contains("<div class=\"sdui-image sdui-skeleton\""))
        #expect(html.contains("src=\"https://img.example/hero.jpg\""))
        #expect(html.contains("onload=\"this.parentNode.classList.add('sdui-loaded')\""))
        #expect(html.contains("onerror=\"this.parentNode.classList.add('sdui-failed')\""))
        #expect(html.contains("class=\"sdui-placeholder\""))
        #expect(PageStyle.rules.contains("object-fit:cover"))
        #expect(PageStyle.rules.contains("@keyframes sdui-shimmer"))
    }

    @Test func `dark mode colours are in the page and chosen by the sdui-dark class`() {
        let w = Self.window("iphone-16")
        let traits = w.traitCollection(style: .dark)
        let doc = HTMLRenderer(options: .init(fonts: .omitted)).document(HandLayout.layout(w, traits: traits))
        #expect(doc.contains("<body class=\"sdui-dark\">"))
        // secondaryBackground: #f2f2f7 light, #1c1c1e dark.
        #expect(doc.contains("--bl:#f2f2f7;--bd:#1c1c1e"))
        #expect(doc.contains(".sdui-dark .sdui-bg{background-color:var(--bd)}"))
    }

    @Test func `a document embeds the Inter faces unless told not to`() {
        let w = Self.window("iphone-16")
        let layout = HandLayout.layout(w, traits: w.traitCollection())
        let embedded = HTMLRenderer().document(layout)
        let omitted = HTMLRenderer(options: .init(fonts: .omitted)).document(layout)
        #expect(embedded.components(separatedBy: "@font-face").count - 1 == EmbeddedFonts.faces.filter { $0.family == "SDUI Inter" }.count,
                "a page without Hebrew or Arabic embeds Inter only")
        #expect(embedded.contains("src:url(data:font/woff2;base64,"))
        #expect(!omitted.contains("@font-face"))
    }
}
