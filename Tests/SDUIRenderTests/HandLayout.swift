import SDUIEnvironment
import SDUISchema
import SDUILayout

/// A small storefront screen and a layout of it computed by hand (simple stack and grid arithmetic), so the
/// renderer's tests do not depend on the layout engine's details.
enum HandLayout {
    static func color(_ s: String) -> Color { Color(parsing: s)! }

    static let screen: Screen = {
        var title = ComponentNode(type: .text, id: "title")
        title.text = "Storefront"; title.style = .fixed(.largeTitle); title.weight = .fixed(.bold)
        var hero = ComponentNode(type: .image, id: "hero")
        hero.url = "https://img.example/hero.jpg"; hero.modifiers.aspectRatio = 1.78; hero.modifiers.cornerRadius = 12
        var cards: [ComponentNode] = []
        for i in 0..<4 {
            var image = ComponentNode(type: .image, id: "product-\(i)-image")
            image.url = .fixed(i == 3 ? "https://img.example/broken-\(i).jpg" : "https://img.example/p\(i).jpg")
            image.modifiers.aspectRatio = 1
            var name = ComponentNode(type: .text, id: "product-\(i)-name")
            name.text = .fixed(["Desk lamp", "Ceramic mug, speckled", "Linen throw", "Walnut tray"][i])
            name.style = .fixed(.body)
            var add = ComponentNode(type: .button, id: "product-\(i)-add")
            add.title = "Add"; add.buttonStyle = .fixed(.borderedProminent)
            add.modifiers.action = .navigate(screen: "cart")
            var card = ComponentNode(type: .vstack, id: "product-\(i)", children: [image, name, add])
            card.modifiers.background = .fixed(color("secondaryBackground"))
            card.modifiers.cornerRadius = 12
            cards.append(card)
        }
        var grid = ComponentNode(type: .grid, id: "products", children: cards)
        grid.columns = .sizeClass(compact: 2, regular: 4)
        var content = ComponentNode(type: .vstack, id: "content", children: [title, hero, grid])
        content.modifiers.padding = Padding(16)
        let root = ComponentNode(type: .scroll, id: "root", children: [content])
        return Screen(id: "hand-storefront", title: "Storefront", root: root)
    }()

    /// Rough Inter advance: 0.56 em per character (generous: hand layouts leave room).
    static func run(_ text: String, size: Double, weight: Int, lineHeight: Double) -> TextRun {
        TextRun(lines: [text], lineWidths: [Double(text.count) * size * 0.56], fontSize: size, fontWeight: weight,
                lineHeight: lineHeight)
    }

    static func layout(_ window: WindowEnvironment, traits: TraitCollection) -> LayoutResult {
        let w = window.size.width
        let top = window.safeAreaInsets.top
        var nodes: [LayoutNode] = []
        func add(_ id: String, _ pointer: String, _ type: ComponentType, _ parent: Int, _ frame: Rect, text: TextRun? = nil) -> Int {
            nodes.append(LayoutNode(id: id, path: id, pointer: pointer, type: type, parent: parent, frame: frame, text: text))
            return nodes.count - 1
        }
        let cw = w - 32
        let root = add("root", "/root", .scroll, -1, Rect(x: 0, y: 0, width: w, height: window.size.height))
        let titleRun = run("Storefront", size: 34, weight: 700, lineHeight: 41)
        let heroH = (cw / 1.78).rounded()
        let columns = traits.horizontalSizeClass == .compact ? 2.0 : 4.0
        let cardW = ((cw - (columns - 1) * 8) / columns * 2).rounded(.down) / 2
        let imageH = cardW
        let cardH = imageH + 8 + 22 + 8 + 44
        let rows = (4 / columns).rounded(.up)
        let gridY = top + 16 + 41 + 8 + heroH + 8
        let gridH = rows * cardH + (rows - 1) * 8
        let content = add("content", "/root/children/0", .vstack, root, Rect(x: 0, y: top, width: w, height: 16 + 41 + 8 + heroH + 8 + gridH + 16))
        _ = add("title", "/root/children/0/children/0", .text, content,
                Rect(x: 16, y: top + 16, width: titleRun.lineWidths[0], height: 41), text: titleRun)
        _ = add("hero", "/root/children/0/children/1", .image, content, Rect(x: 16, y: top + 16 + 41 + 8, width: cw, height: heroH))
        let grid = add("products", "/root/children/0/children/2", .grid, content, Rect(x: 16, y: gridY, width: cw, height: gridH))
        let names = ["Desk lamp", "Ceramic mug, speckled", "Linen throw", "Walnut tray"]
        for i in 0..<4 {
            let col = Double(i % Int(columns)), row = Double(i / Int(columns))
            let x = 16 + col * (cardW + 8), y = gridY + row * (cardH + 8)
            let base = "/root/children/0/children/2/children/\(i)"
            let card = add("product-\(i)", base, .vstack, grid, Rect(x: x, y: y, width: cardW, height: cardH))
            _ = add("product-\(i)-image", base + "/children/0", .image, card, Rect(x: x, y: y, width: cardW, height: imageH))
            var nameRun = run(names[i], size: 17, weight: 400, lineHeight: 22)
            if nameRun.lineWidths[0] > cardW {
                nameRun.lines = [String(names[i].prefix(Int(cardW / (17 * 0.56)) - 1)) + "…"]
                nameRun.lineWidths = [Double(nameRun.lines[0].count) * 17 * 0.56]
                nameRun.isTruncated = true
            }
            _ = add("product-\(i)-name", base + "/children/1", .text, card,
                    Rect(x: x + (cardW - nameRun.lineWidths[0]) / 2, y: y + imageH + 8, width: nameRun.lineWidths[0], height: 22), text: nameRun)
            let addRun = run("Add", size: 17, weight: 400, lineHeight: 22)
            _ = add("product-\(i)-add", base + "/children/2", .button, card,
                    Rect(x: x + (cardW - 80) / 2, y: y + imageH + 38, width: 80, height: 44), text: addRun)
        }
        return LayoutResult(screen: screen, environment: window, traits: traits, nodes: nodes, diagnostics: [])
    }
}
