public import SDUISchema

extension BenchmarkFixtures {
    /// `template-N`: `count` product cards sent as data plus one template — a scroll > grid (2 columns) whose only
    /// child is a `forEach` over the state's `products`, each card a vstack of a 16:9 image, a title (headline, 2
    /// lines), and a row of a price (`formatCurrency`), a spacer and a Buy button. Its `frozen` screen is the same
    /// cards as a static payload (`templateCardsExpanded`).
    public static func templateCards(count: Int) -> JSONValue {
        let products: [JSONValue] = (0..<max(0, count)).map { i in
            .object([
                ("id", .string("p\(i)")),
                ("title", .string("Product \(i): a handmade ceramic mug with a long name")),
                ("price", .number(Double(10 + i % 90) + 0.99)),
                ("image", .string("https://example.com/\(i).jpg")),
            ])
        }
        let template: JSONValue = [
            "type": "vstack", "id": "card-@{item.id}", "alignment": "leading", "spacing": 8, "padding": 8, "children": [
                ["type": "image", "id": "image-@{item.id}", "url": "@{item.image}", "alt": "@{item.title}", "aspectRatio": 1.7778],
                ["type": "text", "id": "title-@{item.id}", "text": "@{item.title}", "style": "headline", "lineLimit": 2],
                ["type": "hstack", "id": "row-@{item.id}", "spacing": 8, "children": [
                    ["type": "text", "id": "price-@{item.id}", "text": "@{formatCurrency(item.price, 'USD')}", "style": "subheadline"],
                    ["type": "spacer"],
                    ["type": "button", "id": "buy-@{item.id}", "title": "Buy", "action": ["type": "navigate", "screen": "cart"]],
                ]],
            ],
        ]
        return [
            "schemaVersion": 1, "id": "template-\(count)",
            "state": ["products": .array(products)],
            "root": ["type": "scroll", "id": "scroll", "children": [
                ["type": "grid", "id": "grid", "columns": 2, "spacing": 12, "padding": 16, "children": [
                    ["type": "forEach", "items": "@{products}", "id": "@{item.id}", "template": template],
                ]],
            ]],
        ]
    }

    /// The cards of `templateCards(count:)` as a static payload (what a server sends without templates): the
    /// template decoded and made for each item, then frozen. nil when the template payload does not decode.
    public static func templateCardsExpanded(count: Int) -> JSONValue? {
        PayloadDecoder().decode(templateCards(count: count)).screen?.frozen.jsonValue
    }
}
