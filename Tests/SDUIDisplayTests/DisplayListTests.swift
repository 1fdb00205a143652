import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
@testable import SDUIDisplay

@Suite struct DisplayListTests {
    @Test func `every layout node becomes one item with the engine's frame, parent and id, in document order`() throws {
        let screen = try Fixture.example("storefront")
        let window = Fixture.window("iphone-16")
        let layout = LayoutEngine().layout(screen, in: window, traits: window.traitCollection())
        let items = DisplayList(layout).items
        #expect(items.count == layout.nodes.count)
        for (i, (item, node)) in zip(items, layout.nodes).enumerated() {
            #expect(item.index == NodeIndex(Int32(i)))
            #expect(item.frame == node.frame)
            #expect(item.parent?.int ?? -1 == node.parent)
            #expect(item.id == node.id)
            #expect(item.type == node.type)
            #expect(!item.isUnresolved)
        }
        #expect(Set(items.map(\.identity)).count == items.count)
    }

    @Test func `items resolve the payload node by child slots: text, URLs and actions come from the right node`() throws {
        let screen = try Screen(json: """
        {"schemaVersion": 1, "id": "s", "root": {"type": "vstack", "children": [
          {"type": "text", "text": "first"},
          {"type": "hstack", "children": [{"type": "text", "text": "deep"},
            {"type": "image", "url": "https://img.example/a.jpg", "alt": "A", "aspectRatio": 1}]},
          {"type": "button", "title": "Go", "style": "borderedProminent", "action": {"type": "navigate", "screen": "x"}}]}}
        """)
        let items = Fixture.items(screen, Fixture.window("iphone-16"))
        #expect(items.map { $0.text?.sourceText } == [nil, "first", nil, "deep", nil, "Go"])
        #expect(items[4].image?.loadableURL == "https://img.example/a.jpg")
        #expect(items[4].accessibility.label == "A")
        #expect(items[5].action == .navigate(screen: "x"))
        #expect(items[5].accessibility.traits.contains(.button))
        #expect(items[3].identity == .structural(anchor: nil, slots: [1, 0]))
    }

    @Test func `baselines use the engine's one formula, at the line's top plus FontSpec's baseline offset`() throws {
        let screen = try Screen(json: """
        {"schemaVersion": 1, "id": "s", "root": {"type": "text", "text": "A long line of body text that wraps onto more lines in a phone"}}
        """)
        let items = Fixture.items(screen, Fixture.window("iphone-se-3"))
        let text = try #require(items.first?.text)
        #expect(text.lines.count > 1)
        let offset = FontSpec(size: text.face.size, weight: text.face.weight, lineHeight: text.face.lineHeight).baselineOffset()
        #expect(offset == TextMeasurer().baselineOffset(for: text.face.fontSpec))
        for (i, line) in text.lines.enumerated() {
            #expect(line.baseline == line.top + offset)
            if i > 0 { #expect(line.top - text.lines[i - 1].top == text.face.lineHeight) }
        }
    }

    @Test func `the content box is the frame inset by the padding the layout applied, mirrored right to left`() throws {
        let screen = try Screen(json: """
        {"schemaVersion": 1, "id": "s", "root": {"type": "text", "text": "x", "padding": {"top": 1, "leading": 10, "bottom": 3, "trailing": 20}}}
        """)
        let ltr = try #require(Fixture.items(screen, Fixture.window("iphone-16")).first)
        #expect(ltr.contentInsets == EdgeInsets(top: 1, leading: 10, bottom: 3, trailing: 20))
        #expect(ltr.contentBox == ltr.frame.inset(by: ltr.contentInsets))
        let rtl = try #require(Fixture.items(screen, Fixture.window("iphone-16"), direction: .rightToLeft).first)
        #expect(rtl.contentInsets == EdgeInsets(top: 1, leading: 20, bottom: 3, trailing: 10))
        #expect(rtl.text?.wrapWidth == ltr.text?.wrapWidth)
    }

    @Test func `type defaults are resolved once: button fills, tints, radius; divider and color fills`() throws {
        let screen = try Screen(json: """
        {"schemaVersion": 1, "id": "s", "root": {"type": "vstack", "children": [
          {"type": "button", "title": "A", "style": "bordered"},
          {"type": "button", "title": "B", "style": "borderedProminent", "cornerRadius": 3},
          {"type": "divider"}, {"type": "color", "color": "red"}, {"type": "text", "text": "t"}]}}
        """)
        let items = Fixture.items(screen, Fixture.window("iphone-16"))
        let accent = Color.system["accent"]!
        #expect(items[1].appearance.fill == ResolvedAppearance.tinted(accent))
        #expect(items[1].appearance.foreground == accent)
        #expect(items[1].appearance.cornerRadius == min(items[1].frame.height / 2, 8))
        #expect(items[2].appearance.fill == accent && items[2].appearance.foreground == Color.system["white"])
        #expect(items[2].appearance.cornerRadius == 3 && items[2].appearance.clipsContent)
        #expect(items[3].appearance.fill == Color.system["separator"])
        #expect(items[4].appearance.fill == Color.system["red"])
        #expect(items[5].appearance.foreground == Color.system["primary"])
    }

    @Test func `the modifier chain is resolved into layers with their full-chain indices`() throws {
        let screen = try Screen(json: """
        {"schemaVersion": 1, "id": "s", "root": {"type": "text", "text": "x", "padding": 4, "modifiers": [
          {"opacity": 0.5}, {"border": {"color": "red", "width": 2}}, {"shadow": {"radius": 3, "y": 1}},
          {"clipShape": "capsule"}, {"opacity": 0.5}]}}
        """)
        let item = try #require(Fixture.items(screen, Fixture.window("iphone-16")).first)
        let layers = item.appearance.layers
        #expect(layers.map(\.name) == ["opacity", "border", "shadow", "clipShape", "opacity"])
        #expect(layers.map(\.chainIndex) == [1, 2, 3, 4, 5])  // the shorthand padding is chain element 0
        #expect(layers[1].effect == .border(Color.system["red"]!, width: 2))
        #expect(layers[3].effect == .clip(.capsule))
        #expect(item.appearance.opacity == 0.25)
    }

    @Test func `only http, https and raster data URLs are loadable`() {
        #expect(ImageRequest.loadableURL("https://a.example/x.png") != nil)
        #expect(ImageRequest.loadableURL("HTTP://a.example/x.png") != nil)
        #expect(ImageRequest.loadableURL("data:image/png;base64,AAAA") != nil)
        for bad in ["javascript:alert(1)", "data:image/svg+xml,<svg/>", "file:///etc/passwd", "/relative.png", "https://",
                    " https://a.example/x.png", "https://a.example/x\u{7F}.png", ""] {
            #expect(ImageRequest.loadableURL(bad) == nil, "\(bad)")
        }
    }

    @Test func `the ASCII reading of a URL agrees with the reading as text`() {
        // Pieces of schemes in both cases, separators, controls, spaces, and non-ASCII text (a combining accent after a
        // slash, a Kelvin sign, a dotted capital I, a CR LF pair) — the text reading is the general path.
        let pieces = ["h", "H", "t", "T", "p", "P", "s", "S", "http", "HTTPS", "https://", "Http://", "data:", "DATA:",
                      "image/", "Image/", "svg", "SVG", "png", "x", ":", "/", "//", ".", " ", "\t", "\r\n", "\u{7F}",
                      "\u{1}", "é", "\u{301}", "\u{212A}", "\u{130}", "a.example", ""]
        var random = SplitMix(seed: 27)
        var ascii = 0
        for _ in 0..<4000 {
            var url = ""
            for _ in 0..<random.next(7) { url += pieces[random.next(pieces.count)] }
            let fast = ImageRequest.loadableASCIIURL(url)
            if let fast {
                ascii += 1
                #expect(fast == (ImageRequest.loadableURLOfAnyText(url) != nil), "\(url.debugDescription)")
            } else {
                #expect(url.utf8.contains { $0 >= 0x80 } || url.utf8.count > 1 << 20, "\(url.debugDescription)")
            }
            #expect(ImageRequest.loadableURL(url) == ImageRequest.loadableURLOfAnyText(url), "\(url.debugDescription)")
        }
        #expect(ascii > 1000)
    }

    @Test func `a hand-built result resolves its nodes by their pointers' child slots`() throws {
        let screen = try Screen(json: """
        {"schemaVersion": 1, "id": "s", "root": {"type": "vstack", "children": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]}}
        """)
        let window = Fixture.window("iphone-16")
        let run = TextRun(lines: ["b"], lineWidths: [8], fontSize: 17, fontWeight: 400, lineHeight: 22)
        let layout = LayoutResult(screen: screen, environment: window, traits: window.traitCollection(), nodes: [
            LayoutNode(id: "root", path: "root", type: .vstack, parent: -1, frame: Rect(x: 0, y: 0, width: 100, height: 100)),
            LayoutNode(id: "second", path: "second", pointer: "/root/children/1", type: .text, parent: 0,
                       frame: Rect(x: 0, y: 0, width: 10, height: 22), text: run),
        ], diagnostics: [])
        let items = DisplayList(layout).items
        #expect(items[1].text?.sourceText == "b")
    }

    @Test func `sort priorities rank the elements in reading order, highest first, and leave every other item at 0`() throws {
        // The storefront, and the settings screen right to left (its rows read from the right edge).
        for (name, direction) in [("storefront", LayoutDirection.leftToRight), ("settings", .rightToLeft)] {
            let screen = try Fixture.example(name)
            let window = Fixture.window("iphone-16")
            let layout = LayoutEngine().layout(screen, in: window, traits: window.traitCollection(contentSize: .large, style: .light,
                                                                                                   layoutDirection: direction))
            let list = DisplayList(layout)
            let items = list.items
            let priorities = list.accessibilitySortPriorities
            #expect(priorities.count == items.count)
            let order = list.accessibilityOrder
            #expect(!order.isEmpty)
            // Sorting the element items by priority, highest first, gives VoiceOver's order back.
            let byPriority = items.indices.filter { priorities[$0] > 0 }.sorted { priorities[$0] > priorities[$1] }
            #expect(byPriority == order.map(\.int), "\(name)")
            for item in items where !item.accessibility.isElement { #expect(priorities[item.index.int] == 0) }
            #expect(Set(byPriority.map { priorities[$0] }).count == order.count)
        }
    }
}
