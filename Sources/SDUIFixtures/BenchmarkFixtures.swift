public import SDUISchema

/// The screens `sdui bench` lays out, built in code so tests can check their frames against closed forms.
public enum BenchmarkFixtures {
    /// `cards-100`: scroll > grid (2 columns, spacing 12, padding 16) > `count` cards; each card a vstack
    /// (spacing 8, padding 8, leading) of a 16:9 image, a 20 pt title, a 16 pt subtitle and a row
    /// (hstack, spacing 8) of a 60×20 price, a spacer and a 44×44 button. `1 + 1 + 8·count` nodes.
    ///
    /// With `textTitles`, the title and the price are `text` nodes (headline, 2 lines at most; subheadline),
    /// so the benchmark measures real text.
    /// `fontFamily`: the text titles' and prices' family (a face the engine is given), nil for the built-in face.
    public static func cards(count: Int = 100, textTitles: Bool = false, fontFamily: String? = nil) -> Screen {
        var grid = ComponentNode(type: .grid, id: "grid", children: (0..<max(0, count)).map {
            card($0, textTitles: textTitles, fontFamily: fontFamily)
        })
        grid.columns = 2
        grid.spacing = 12
        grid.modifiers.padding = Padding(16)
        return Screen(id: textTitles ? "cards-100-text" : "cards-100",
                      root: ComponentNode(type: .scroll, id: "scroll", children: [grid]))
    }

    /// `feed-N`: the same cards in a grid of 2 columns (compact) or 4 (regular), `count` items long.
    public static func feed(count: Int) -> Screen {
        var screen = cards(count: count)
        screen.id = "feed-\(count)"
        screen.root.children[0].columns = .sizeClass(compact: 2, regular: 4)
        return screen
    }

    /// One card, with ids `card-i`, `card-i-image`, … as in `Benchmarks/cards-100.json`.
    public static func card(_ i: Int, textTitles: Bool = false, fontFamily: String? = nil) -> ComponentNode {
        let prefix = "card-\(i)"
        var image = ComponentNode(type: .image, id: prefix + "-image")
        image.url = .fixed("https://example.com/\(i).jpg")
        image.modifiers.aspectRatio = .fixed(16.0 / 9.0)
        var title: ComponentNode
        var price: ComponentNode
        if textTitles {
            title = ComponentNode(type: .text, id: prefix + "-title")
            title.text = .fixed("Product \(i): a handmade ceramic mug with a long name")
            title.style = .fixed(.headline)
            title.lineLimit = 2
            price = ComponentNode(type: .text, id: prefix + "-price")
            price.text = .fixed("$\(i % 90 + 10).99")
            price.style = .fixed(.subheadline)
            if let fontFamily {
                // A named family's weight is the payload's (SwiftUI's Font.custom): the headline's semibold, said.
                title.fontFamily = .fixed(fontFamily)
                title.weight = .fixed(.semibold)
                price.fontFamily = .fixed(fontFamily)
            }
        } else {
            title = color(prefix + "-title", width: nil, height: 20)
            price = color(prefix + "-price", width: 60, height: 20)
        }
        let subtitle = color(prefix + "-subtitle", width: nil, height: 16)
        let spacer = ComponentNode(type: .spacer, id: prefix + "-spacer")
        let button = color(prefix + "-button", width: 44, height: 44)
        var row = ComponentNode(type: .hstack, id: prefix + "-row", children: [price, spacer, button])
        row.spacing = 8
        var card = ComponentNode(type: .vstack, id: prefix, children: [image, title, subtitle, row])
        card.spacing = 8
        card.alignment = .fixed(.leading)
        card.modifiers.padding = Padding(8)
        return card
    }

    private static func color(_ id: String, width: Double?, height: Double?) -> ComponentNode {
        var node = ComponentNode(type: .color, id: id)
        node.color = .fixed(Color(light: .init(red: 200, green: 200, blue: 200)))
        node.modifiers.frame = Frame(width: width.map { .fixed($0) }, height: height.map { .fixed($0) })
        return node
    }
}

extension BenchmarkFixtures {
    /// `nesting-N`: hstack › vstack › hstack … `depth` stacks deep (alternating, an hstack outermost) around one
    /// text. With `siblings`, every stack also holds a text before the nested stack and a color after it, so each
    /// level has flexible children to probe (at 0, ∞ and their share) — without a measurement cache the work
    /// multiplies per level. `depth + 1` nodes, or `3·depth + 1` with siblings.
    public static func nestedStacks(depth: Int, siblings: Bool = false) -> Screen {
        var leaf = ComponentNode(type: .text, id: "leaf")
        leaf.text = "leaf"
        var node = leaf
        for level in (0..<max(0, depth)).reversed() {
            var children = [node]
            if siblings {
                var label = ComponentNode(type: .text, id: "label-\(level)")
                label.text = .fixed("Level \(level)")
                children = [label, node, ComponentNode(type: .color, id: "fill-\(level)")]
            }
            node = ComponentNode(type: level % 2 == 0 ? .hstack : .vstack, id: "stack-\(level)", children: children)
        }
        return Screen(id: "nesting-\(depth)", root: node)
    }

    /// `priorities-N`: a vstack of `count` colors, each with its own `layoutPriority` (a permutation of 0…count−1
    /// out of document order, so every child is its own priority group and step 4 really sorts), each at most
    /// 1 pt tall (`maxHeight`). `count + 1` nodes.
    public static func prioritizedStack(count: Int) -> Screen {
        let children = (0..<max(0, count)).map { i -> ComponentNode in
            var color = ComponentNode(type: .color)
            color.modifiers.layoutPriority = .fixed(Double((i * 7919) % max(1, count)))
            color.modifiers.frame = Frame(maxHeight: .fixed(1))
            return color
        }
        var stack = ComponentNode(type: .vstack, id: "stack", children: children)
        stack.spacing = 0
        return Screen(id: "priorities-\(count)", root: stack)
    }
}
