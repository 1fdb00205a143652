import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
@testable import SDUIDisplay

/// Sections, overlays, symbols and text decorations in the render contract: section headers and footers and the views of backgrounds and
/// overlays as items of their own, the modifier chain's boxes as decorations, symbols and text decorations.
@Suite struct DisplaySectionsOverlaysAndDecorationsTests {
    static func items(_ json: String, window: String = "iphone-16", direction: LayoutDirection = .leftToRight) throws -> [DisplayItem] {
        try Fixture.items(Screen(json: json), Fixture.window(window), direction: direction)
    }

    @Test(arguments: ["storefront", "settings", "profile"])
    func `every laid-out node of the storefront, settings and profile examples resolves to its payload node`(_ name: String) throws {
        let screen = try Fixture.example(name)
        for window in ["iphone-se-3", "ipad-pro-13-m4"] {
            let items = Fixture.items(screen, Fixture.window(window))
            #expect(!items.isEmpty)
            for item in items { #expect(!item.isUnresolved, "\(name) \(window): \(item.id)") }
            #expect(Set(items.map(\.identity)).count == items.count, "identities are unique")
        }
    }

    @Test func `a section's header and footer and an overlay's view are items resolved to their own payload nodes`() throws {
        let items = try Self.items("""
        {"schemaVersion": 1, "id": "s", "root": {"type": "vstack", "children": [
          {"type": "section", "header": {"type": "text", "text": "HEAD"}, "footer": {"type": "text", "text": "FOOT"},
           "children": [{"type": "color", "color": "#00FF00", "frame": {"width": 50, "height": 50},
             "modifiers": [{"overlay": {"content": {"type": "text", "id": "badge", "text": "B"}, "alignment": "topTrailing"}}]}]}]}}
        """)
        let texts = items.compactMap(\.text?.sourceText)
        #expect(texts == ["HEAD", "B", "FOOT"])
        let color = try #require(items.first { $0.type == .color })
        let badge = try #require(items.first { $0.id == "badge" })
        #expect(badge.parent == color.index, "an overlay's view is a child of the node it decorates")
        #expect(color.appearance.layers.first?.decorationIndex == badge.index)
        #expect(color.appearance.layers.first?.effect == .view(isOverlay: true))
        // topTrailing: the badge's right edge is the colour's.
        #expect(abs(badge.frame.maxX - color.frame.maxX) < 0.01 && abs(badge.frame.minY - color.frame.minY) < 0.01)
    }

    @Test func `padding then background fills the padded box; background then padding fills the content only`() throws {
        func under(_ modifiers: String) throws -> [DisplayBox] {
            let items = try Self.items("""
            {"schemaVersion": 1, "id": "s", "root": {"type": "color", "color": "#0000FF", "frame": {"width": 40, "height": 20},
              "modifiers": \(modifiers)}}
            """)
            return items[0].appearance.decorations.under
        }
        let padded = try under(##"[{"padding": 10}, {"background": "#FF0000"}]"##)
        // The red box (60 × 40) under the blue content (40 × 20) inset by 10.
        #expect(padded.map(\.rect) == [Rect(x: 0, y: 0, width: 60, height: 40), Rect(x: 10, y: 10, width: 40, height: 20)])
        #expect(padded.count == 2 && padded[0].fill != nil && padded[1].fill != nil && padded[0].fill != padded[1].fill)
        let padded2 = try Self.items(##"{"schemaVersion": 1, "id": "s", "root": {"type": "text", "text": "x", "modifiers": [{"padding": 10}, {"background": "#FF0000"}]}}"##)
        #expect(padded2[0].frameFill != nil && padded2[0].appearance.fill == nil, "a background of the whole frame")
        let inner = try under(##"[{"background": "#FF0000"}, {"padding": 10}]"##)
        #expect(inner.map(\.rect) == [Rect(x: 10, y: 10, width: 40, height: 20), Rect(x: 10, y: 10, width: 40, height: 20)])
    }

    @Test func `a clip of the whole frame clips the node; a shadow outside it is the frame's; border, opacity and hidden are resolved`() throws {
        let items = try Self.items("""
        {"schemaVersion": 1, "id": "s", "root": {"type": "vstack", "children": [
          {"type": "color", "id": "card", "color": "#FFFFFF", "frame": {"width": 100, "height": 60},
           "modifiers": [{"border": {"color": "#FF0000", "width": 2}}, {"cornerRadius": 12},
                         {"shadow": {"radius": 4, "y": 2}}, {"opacity": 0.5}]},
          {"type": "text", "id": "gone", "text": "x", "modifiers": [{"hidden": true}]}]}}
        """)
        let card = try #require(items.first { $0.id == "card" })
        let d = card.appearance.decorations
        #expect(d.clip == .roundedRectangle(cornerRadius: 12))
        #expect(d.frameShadow == DisplayShadow(color: DisplayShadow.defaultColor, radius: 4, x: 0, y: 2))
        #expect(d.over.count == 1 && d.over[0].stroke != nil && d.over[0].strokeWidth == 2)
        #expect(d.over[0].rect == Rect(x: 0, y: 0, width: 100, height: 60))
        #expect(card.appearance.opacity == 0.5)
        #expect(card.appearance.fill == nil, "a colour with a chain fills its content box, in the decorations")
        #expect(d.under.last?.rect == Rect(x: 0, y: 0, width: 100, height: 60))
        #expect(card.frameFill == d.under.last?.fill, "the native hosts fill the frame with the colour")
        let gone = try #require(items.first { $0.id == "gone" })
        #expect(gone.appearance.isHiddenByModifier && !gone.isHidden, "hidden keeps its frame")
        #expect(gone.frame.width > 0)
    }

    @Test func `an offset moves the node's frame and its boxes together`() throws {
        let items = try Self.items("""
        {"schemaVersion": 1, "id": "s", "root": {"type": "vstack", "spacing": 0, "children": [
          {"type": "color", "id": "a", "frame": {"width": 20, "height": 20}, "modifiers": [{"background": "#FF0000"}, {"offset": {"x": 5, "y": 7}}]},
          {"type": "color", "id": "b", "frame": {"width": 20, "height": 20}}]}}
        """)
        let a = try #require(items.first { $0.id == "a" }), b = try #require(items.first { $0.id == "b" })
        #expect(abs(a.frame.minY + 20 - 7 - b.frame.minY) < 0.01, "the offset moves nothing else")
        #expect(abs(a.frame.minX - 5 - b.frame.minX) < 0.01)
        #expect(a.appearance.decorations.under.first?.rect == Rect(x: 0, y: 0, width: 20, height: 20))
    }

    @Test func `strikethrough, underline, a label's symbol and an image's systemName reach the item`() throws {
        let items = try Self.items("""
        {"schemaVersion": 1, "id": "s", "root": {"type": "vstack", "children": [
          {"type": "text", "id": "was", "text": "$89", "strikethrough": true, "underline": true},
          {"type": "label", "id": "wifi", "title": "Wi-Fi", "systemImage": "wifi"},
          {"type": "image", "id": "star", "systemName": "star.fill"}]}}
        """)
        let was = try #require(items.first { $0.id == "was" })
        #expect(was.text?.decorations == [.strikethrough, .underline])
        let wifi = try #require(items.first { $0.id == "wifi" })
        let symbol = try #require(wifi.symbol)
        #expect(symbol.name == "wifi" && wifi.text?.sourceText == "Wi-Fi")
        let line = try #require(wifi.text?.lines.first)
        #expect(abs(line.left - (symbol.box.maxX + LabelMetrics.spacing)) < 0.01, "the title starts after the symbol and the spacing")
        let star = try #require(items.first { $0.id == "star" })
        #expect(star.symbol?.name == "star.fill" && star.image == nil)
        #expect(star.appearance.foreground != nil)

        let rtl = try Self.items("""
        {"schemaVersion": 1, "id": "s", "root": {"type": "label", "title": "Wi-Fi", "systemImage": "wifi"}}
        """, direction: .rightToLeft)
        let mirrored = try #require(rtl[0].symbol), title = try #require(rtl[0].text?.lines.first)
        #expect(abs(mirrored.box.maxX - rtl[0].frame.width) < 0.01, "right to left, the symbol is on the right")
        #expect(title.left + title.width <= mirrored.box.minX - LabelMetrics.spacing + 0.01)
    }

    @Test func `a rotation of the storefront, settings and profile examples is frame updates only`() throws {
        for name in ["storefront", "settings", "profile"] {
            let screen = try Fixture.example(name)
            let portrait = Fixture.items(screen, Fixture.window("ipad-pro-13-m4"))
            let landscape = Fixture.items(screen, Fixture.window("ipad-pro-13-m4", .landscape))
            let counts = Reconciler.operations(from: portrait, to: landscape).counts
            #expect(counts.content == 0 && counts.insert == 0 && counts.remove == 0, "\(name)")
        }
    }
}
