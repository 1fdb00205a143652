import Foundation
import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
@testable import SDUIRender

/// Right-to-left panels: the engine mirrors the frames; the renderers mirror what sits inside a frame (text lines,
/// padding edges) and draw each line in its paragraph's direction.
@Suite struct RightToLeftRenderTests {
    static let window = try! WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: "iphone-16")!,
                                                                   mode: .window(Size(width: 300, height: 400))))

    static func layout(_ root: ComponentNode, _ direction: LayoutDirection) -> (LayoutResult, Screen) {
        let screen = Screen(id: "t", root: root)
        return (LayoutEngine().layout(screen, in: window, traits: window.traitCollection(layoutDirection: direction)), screen)
    }

    /// The `left:` of the first `.sdui-line` after `marker` in `html`.
    static func lineLefts(_ html: String, node: String) -> [Double] {
        guard let start = html.range(of: "data-node-id=\"\(node)\"") else { return [] }
        let rest = html[start.upperBound...]
        let end = rest.range(of: "data-node-id=")?.lowerBound ?? rest.endIndex
        return rest[..<end].components(separatedBy: "class=\"sdui-line\"").dropFirst().compactMap { line in
            guard let l = line.range(of: "left:") else { return nil }
            return Double(line[l.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" })
        }
    }

    @Test func `a leading multi-line text puts each line at the right edge of its frame, a trailing one at the left`() throws {
        var text = ComponentNode(type: .text, id: "t")
        text.text = "One two three four five six seven"
        text.modifiers.frame = Frame(width: 120)
        for (alignment, rightAligned) in [(Alignment.leading, true), (.trailing, false)] {
            text.alignment = .fixed(alignment)
            let (layout, _) = Self.layout(text, .rightToLeft)
            let node = try #require(layout.nodes.first { $0.id == "t" })
            let run = try #require(node.text)
            #expect(run.lines.count > 1)
            let lefts = Self.lineLefts(HTMLRenderer().panel(layout), node: "t")
            #expect(lefts.count == run.lines.count)
            let widest = run.lineWidths.max() ?? 0
            for (left, width) in zip(lefts, run.lineWidths) {
                // Inside a frame of 120, the block (widest line) is centred; lines sit at its right or left edge.
                let blockLeft = (120 - widest) / 2
                let expected = rightAligned ? blockLeft + widest - width : blockLeft
                #expect(abs(left - expected) < 0.01, "\(alignment): \(left) vs \(expected)")
            }
            let (ltrLayout, _) = Self.layout(text, .leftToRight)
            let ltrLefts = Self.lineLefts(HTMLRenderer().panel(ltrLayout), node: "t")
            #expect(ltrLefts != lefts, "the other direction aligns the lines the other way")
        }
    }

    @Test func `the panel is dir=rtl and a line of a left-to-right paragraph says so`() {
        var stack = ComponentNode(type: .vstack, id: "s")
        var hebrew = ComponentNode(type: .text, id: "he"), english = ComponentNode(type: .text, id: "en")
        hebrew.text = "שלום עולם"
        english.text = "Hello"
        stack.children = [hebrew, english]
        let (rtl, _) = Self.layout(stack, .rightToLeft)
        let html = HTMLRenderer().panel(rtl)
        #expect(html.contains("class=\"sdui-panel\" data-device=") && html.contains(" dir=\"rtl\" data-layout-direction=\"rightToLeft\""))
        #expect(html.contains("<div class=\"sdui-line\" dir=\"ltr\""), "English in a right-to-left panel")
        let (ltr, _) = Self.layout(stack, .leftToRight)
        let ltrHTML = HTMLRenderer().panel(ltr)
        #expect(!ltrHTML.contains("dir=\"rtl\" data-layout"))
        #expect(ltrHTML.contains("<div class=\"sdui-line\" dir=\"rtl\""), "Hebrew in a left-to-right panel")
        let svg = SVGRenderer(fonts: .omitted).render(ltr)
        #expect(svg.contains(" direction=\"rtl\""))
    }

    @Test func `padding edges mirror inside a frame: the leading padding is on the right`() throws {
        var image = ComponentNode(type: .image, id: "img")
        image.url = "https://img.example/a.jpg"
        image.modifiers.aspectRatio = 1
        image.modifiers.padding = Padding(top: 0, leading: 30, bottom: 0, trailing: 5)
        image.modifiers.frame = Frame(width: 135)
        let (layout, _) = Self.layout(image, .rightToLeft)
        let html = HTMLRenderer().panel(layout)
        #expect(html.contains("<div class=\"sdui-image sdui-skeleton\" aria-hidden=\"true\" style=\"left:5px;top:0px;right:30px;bottom:0px\">"))
        let svg = SVGRenderer(fonts: .omitted).render(layout)
        let frame = try #require(layout.nodes.first { $0.id == "img" }?.frame)
        #expect(svg.contains("<image href=\"https://img.example/a.jpg\" x=\"\(CSSFormat.number(frame.x + 5))\""))
    }

    @Test func `image content is flipped only when the payload asks and the layout is right to left`() {
        var image = ComponentNode(type: .image, id: "arrow")
        image.url = "https://img.example/arrow.png"
        image.modifiers.aspectRatio = 1
        image.modifiers.frame = Frame(width: 24)
        let photo = image
        image.flipsForRightToLeftLayoutDirection = true
        for (node, direction, flips) in [(image, LayoutDirection.rightToLeft, true), (image, .leftToRight, false),
                                         (photo, .rightToLeft, false)] {
            let (layout, _) = Self.layout(node, direction)
            #expect(HTMLRenderer().panel(layout).contains("sdui-flip") == flips, "\(direction) \(flips)")
            #expect(SVGRenderer(fonts: .omitted).render(layout).contains("transform=\"matrix(-1 0 0 1") == flips)
        }
    }

    @Test func `a line of mixed directions carries its runs in the engine's visual order, in UTF-16 offsets`() {
        // "שלום world!" in a right-to-left paragraph: "!" (level 1), "world" (level 2), "שלום " (level 1).
        #expect(HTMLRenderer.bidiAttribute("שלום world!", direction: .rightToLeft) == " data-bidi=\"10-11-1,5-10-2,0-5-1\"")
        // An emoji (two UTF-16 units) before the Hebrew word moves the offsets.
        #expect(HTMLRenderer.bidiAttribute("😀 abc שלום", direction: .leftToRight) == " data-bidi=\"0-7-0,7-11-1\"")
        #expect(HTMLRenderer.bidiAttribute("Plain Latin text", direction: .leftToRight) == "", "one run: no attribute")
        #expect(HTMLRenderer.bidiAttribute("שלום עולם", direction: .rightToLeft) == "")
    }

    @Test func `a page embeds the Hebrew and Arabic faces only when its text uses them`() {
        func families(_ text: String) -> Set<String> {
            var node = ComponentNode(type: .text, id: "t")
            node.text = .fixed(text)
            let (layout, _) = Self.layout(node, .leftToRight)
            return PageStyle.families(for: [layout])
        }
        #expect(families("Hello") == ["SDUI Inter"])
        #expect(families("שלום") == ["SDUI Inter", "SDUI Noto Sans Hebrew"])
        #expect(families("مرحبا and שלום") == ["SDUI Inter", "SDUI Noto Sans Hebrew", "SDUI Noto Sans Arabic"])
        var node = ComponentNode(type: .text, id: "t")
        node.text = "مرحبا"
        let (layout, _) = Self.layout(node, .rightToLeft)
        let page = HTMLRenderer().document(layout)
        #expect(page.contains("font-family:\"SDUI Noto Sans Arabic\""))
        #expect(!page.contains("font-family:\"SDUI Noto Sans Hebrew\""))
        #expect(page.contains("'700 16px \"SDUI Noto Sans Arabic\"'"), "the font gate waits for the faces it embeds")
    }
}
