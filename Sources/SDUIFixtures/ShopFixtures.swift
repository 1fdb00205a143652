public import SDUISchema

extension BenchmarkFixtures {
    /// `shop-N`: an interactive screen of `count` product cards made by a `forEach` over the state's `products`,
    /// each card's image with a button in its overlay, inside a section whose header and footer read the state;
    /// above it a bar with a bound text, a bound colour, a banner whose visibility is bound and whose overlay text
    /// reads the state, and a stepper whose label reads its value. Every kind of state change has a variable of its
    /// own (`shopChanges`), so a benchmark changes one kind at a time. nil when the payload does not decode.
    public static func shop(count: Int) -> Screen? {
        PayloadDecoder().decode(Array(shopPayload(count: count).serialized().utf8)).screen
    }

    /// The payload of `shop(count:)`.
    public static func shopPayload(count: Int) -> JSONValue {
        let products: [JSONValue] = (0..<max(0, count)).map(shopProduct)
        let card: JSONValue = [
            "type": "vstack", "id": "card-@{item.id}", "alignment": "leading", "spacing": 6, "children": [
                ["type": "image", "id": "image-@{item.id}", "url": "https://img.example/@{item.id}.jpg", "aspectRatio": 1.5,
                 "modifiers": [["overlay": ["alignment": "topTrailing", "content": [
                    "type": "button", "id": "badge-@{item.id}", "title": "@{item.tag}", "style": "bordered",
                    "action": ["type": "append", "name": "saved", "value": "@{item.id}"]]]]]],
                ["type": "text", "id": "title-@{item.id}", "text": "@{item.title}", "style": "headline", "lineLimit": 2],
                ["type": "hstack", "id": "row-@{item.id}", "spacing": 8, "children": [
                    ["type": "text", "id": "price-@{item.id}", "text": "$@{item.price}", "style": "subheadline"],
                    ["type": "spacer"],
                    ["type": "button", "id": "add-@{item.id}", "title": "Add",
                     "action": ["type": "set", "name": "cart", "value": "@{cart + 1}"]],
                ]],
            ],
        ]
        return [
            "schemaVersion": 1, "id": .string("shop-\(count)"),
            "state": ["products": .array(products), "cart": 0, "saved": .array([]), "greeting": "Welcome back",
                      "accent": "#3366CC", "showBanner": true, "bannerHeight": 60, "promo": "Free delivery today", "quantity": 1,
                      "catalogTitle": "Catalog"],
            "root": ["type": "scroll", "id": "page", "children": [
                ["type": "vstack", "id": "content", "alignment": "leading", "spacing": 12, "padding": 16, "children": [
                    ["type": "hstack", "id": "bar", "spacing": 8, "children": [
                        ["type": "text", "id": "greeting", "text": "@{greeting}", "style": "title2"],
                        ["type": "spacer"],
                        ["type": "color", "id": "accent", "color": "@{accent}", "frame": ["width": 24, "height": 24]],
                    ]],
                    ["type": "color", "id": "banner", "color": "#FFEECC", "visible": "@{showBanner}", "frame": ["height": "@{bannerHeight}"],
                     "modifiers": [["overlay": ["content": ["type": "text", "id": "promo", "text": "@{promo}", "style": "headline"]]]]],
                    ["type": "stepper", "id": "quantity", "value": "@{quantity}", "label": "@{quantity} per order"],
                    ["type": "section", "id": "catalog",
                     "header": ["type": "text", "id": "catalog-title", "text": "@{catalogTitle}", "style": "headline"],
                     "footer": ["type": "text", "id": "catalog-footer", "text": "@{cart} in cart, @{len(saved)} saved", "style": "footnote"],
                     "children": [
                        ["type": "grid", "id": "grid", "columns": 2, "spacing": 12, "children": [
                            ["type": "forEach", "items": "@{products}", "id": "@{item.id}", "template": card],
                        ]],
                     ]],
                ]],
            ]],
        ]
    }

    /// Product `i` of `shopPayload(count:)`'s `products`.
    public static func shopProduct(_ i: Int) -> JSONValue {
        let tags = ["New", "Sale", "Hot", "Last one"]
        return .object([("id", .string("p\(i)")), ("title", .string("Product number \(i) with a longer name")),
                        ("price", .number(Double(10 + i % 17))), ("tag", .string(tags[i % tags.count]))])
    }

    /// One kind of state change on `shop(count:)`: the variable it sets and the two values it goes back and forth
    /// between (every set a change).
    public struct ShopChange: Sendable {
        /// What the change is (`text`, `paint`, `visibility`, `template-insert-remove`, …).
        public var kind: String
        /// The variable set.
        public var variable: String
        /// The two values set in turn.
        public var values: [StateValue]
    }

    /// A change of each kind on `shop(count:)`: a bound text, a bound colour, a bound visibility, a template's items
    /// (one inserted and removed again; two swapped and swapped back), a stepper's bound label, an overlay's view's
    /// text, a section header's text.
    public static func shopChanges(count: Int) -> [ShopChange] {
        let products = (0..<max(0, count)).map { StateValue(shopProduct($0)) }
        var inserted = products
        inserted.insert(StateValue(shopProduct(count)), at: products.count / 2)
        var swapped = products
        if swapped.count >= 2 { swapped.swapAt(0, swapped.count - 1) }
        return [
            ShopChange(kind: "text", variable: "greeting", values: [.string("Welcome back, Ada"), .string("Welcome back")]),
            ShopChange(kind: "paint", variable: "accent", values: [.string("#CC3366"), .string("#3366CC")]),
            ShopChange(kind: "visibility", variable: "showBanner", values: [.bool(false), .bool(true)]),
            ShopChange(kind: "size", variable: "bannerHeight", values: [.int(84), .int(60)]),
            ShopChange(kind: "template-insert-remove", variable: "products", values: [.array(inserted), .array(products)]),
            ShopChange(kind: "template-reorder", variable: "products", values: [.array(swapped), .array(products)]),
            ShopChange(kind: "input-label", variable: "quantity", values: [.int(2), .int(1)]),
            ShopChange(kind: "overlay-content", variable: "promo", values: [.string("Free delivery until midnight"),
                                                                             .string("Free delivery today")]),
            ShopChange(kind: "section-content", variable: "catalogTitle", values: [.string("Catalog (new)"), .string("Catalog")]),
        ]
    }
}
