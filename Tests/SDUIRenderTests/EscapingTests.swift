import Foundation
import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
@testable import SDUIRender

/// Payload strings are data: they never become markup, script or live links.
@Suite struct EscapingTests {
    static let hostile = "<script>alert(\"x\")</script> & 'quoted' \"attr\" ><img src=x onerror=alert(1)>"

    static func hostileScreen(url: String = "javascript:alert(1)") -> (Screen, LayoutResult) {
        var text = ComponentNode(type: .text, id: "t\"><script>alert(1)</script>")
        text.text = .fixed(hostile)
        var image = ComponentNode(type: .image, id: "img")
        image.url = .fixed(url); image.alt = .fixed(hostile)
        var button = ComponentNode(type: .button, id: "b")
        button.title = .fixed(hostile); button.modifiers.action = .open(url: "javascript:alert(1)")
        let screen = Screen(id: "x\"<y>", title: hostile, root: ComponentNode(type: .vstack, id: "root", children: [text, image, button]))
        let window = try! PreviewMatrix.window(parsing: "iphone-16")
        let run = TextRun(lines: [hostile], lineWidths: [300], fontSize: 17, fontWeight: 400, lineHeight: 22)
        let nodes = [
            LayoutNode(id: "root", path: "root", pointer: "/root", type: .vstack, parent: -1, frame: Rect(x: 0, y: 0, width: 393, height: 400)),
            LayoutNode(id: "t\"><script>alert(1)</script>", path: "root.0", pointer: "/root/children/0", type: .text, parent: 0,
                       frame: Rect(x: 0, y: 0, width: 393, height: 22), text: run),
            LayoutNode(id: "img", path: "root.1", pointer: "/root/children/1", type: .image, parent: 0, frame: Rect(x: 0, y: 30, width: 100, height: 100)),
            LayoutNode(id: "b", path: "root.2", pointer: "/root/children/2", type: .button, parent: 0,
                       frame: Rect(x: 0, y: 140, width: 393, height: 44), text: run),
        ]
        return (screen, LayoutResult(screen: screen, environment: window, traits: window.traitCollection(), nodes: nodes, diagnostics: []))
    }

    @Test func `script tags and quotes in payload strings are escaped in HTML`() {
        let (_, layout) = Self.hostileScreen()
        let html = HTMLRenderer(options: .init(fonts: .omitted)).document(layout)
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
        #expect(html.contains("data-node-id=\"t&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""))
        #expect(html.contains("&#39;quoted&#39;"))
        // The only <script> element a page ever has is the preview's own control script.
        #expect(!html.contains("<script"))
    }

    @Test func `a javascript URL is never an image source or a link`() {
        let (_, layout) = Self.hostileScreen()
        let html = HTMLRenderer(options: .init(fonts: .omitted)).document(layout)
        #expect(!html.lowercased().contains("src=\"javascript"))
        #expect(!html.contains("<a "))
        #expect(!html.contains("href="))
        // The image shows its failure phase at once.
        #expect(html.contains("class=\"sdui-image sdui-skeleton sdui-failed\""))
        let svg = SVGRenderer(fonts: .omitted).render(layout)
        #expect(!svg.contains("javascript:"))
        #expect(!svg.contains("<script"))
    }

    @Test(arguments: [
        ("https://img.example/a.jpg", true), ("http://img.example/a.jpg", true), ("HTTPS://IMG.EXAMPLE/A.JPG", true),
        ("data:image/png;base64,iVBORw0KGgo=", true),
        ("javascript:alert(1)", false), ("JavaScript:alert(1)", false), (" javascript:alert(1)", false),
        ("java\tscript:alert(1)", false), ("data:text/html,<script>alert(1)</script>", false),
        ("data:image/svg+xml,<svg onload=alert(1)>", false), ("file:///etc/passwd", false), ("/relative.png", false),
        ("https://", false), ("", false), ("vbscript:msgbox", false),
    ])
    func `only http(s) and data-image URLs are image sources`(_ url: String, _ allowed: Bool) {
        #expect((HTMLEscaping.imageSource(url) != nil) == allowed)
    }

    @Test func `SVG escapes text and attributes`() {
        let (_, layout) = Self.hostileScreen(url: "https://img.example/a.jpg?x=\"><script>")
        let svg = SVGRenderer(fonts: .omitted).render(layout)
        #expect(!svg.contains("<script"))
        #expect(svg.contains("href=\"https://img.example/a.jpg?x=&quot;&gt;&lt;script&gt;\""))
    }

    @Test func `the preview page escapes the title and diagnostics`() {
        let (screen, layout) = Self.hostileScreen()
        var withDiagnostic = layout
        withDiagnostic.diagnostics = [LayoutDiagnostic(severity: .warning, code: "x<y>", path: "<b>", pointer: "/root",
                                                       message: Self.hostile)]
        let html = PreviewPage(screen: screen, variants: [.init(contentSize: .large, layouts: [withDiagnostic])],
                               options: .init(fonts: .omitted)).html()
        #expect(html.components(separatedBy: "<script").count == 2, "only the page's own control script")
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("<code>x&lt;y&gt;</code> <code>&lt;b&gt;</code>"))
    }
}

@Test func `control characters the measurer gives no width are not written`() {
    #expect(HTMLEscaping.text("a\u{0}b\u{1B}c\u{85}d\u{9F}e\u{7F}f\tg\nh") == "abcdef\tg\nh")
    #expect(HTMLEscaping.attribute("x\u{8}y") == "xy")
}

@Test func `a page's only scripts are its own: the font gate and the preview's controls`() throws {
    let (screen, layout) = EscapingTests.hostileScreen()
    let document = HTMLRenderer().document(layout)
    #expect(document.components(separatedBy: "<script").count - 1 == 1)
    #expect(document.contains("<html lang=\"en\" class=\"sdui-fonts-pending\">"))
    #expect(document.contains("<noscript><style>.sdui-fonts-pending body{visibility:visible}</style></noscript>"))
    let preview = PreviewPage(screen: screen, variants: [.init(contentSize: .large, layouts: [layout])]).html()
    #expect(preview.components(separatedBy: "<script").count - 1 == 2)
}
