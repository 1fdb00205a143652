import SDUIEnvironment
import SDUISchema
import SDUIAuthoring

/// Screens built with the DSL, shared by the DSL, encoding and JSON Schema tests. Together they use every
/// component, every modifier and responsive values of every kind.
enum DSLFixtures {
    struct Product {
        var id: String
        var name: String
        var price: String
        var imageURL: String
        var isOnSale: Bool
    }

    static let products: [Product] = [
        Product(id: "p1", name: "Trail Runner 3", price: "$129", imageURL: "https://img.example/p1.jpg", isOnSale: false),
        Product(id: "p2", name: "Summit Shell Jacket, waterproof and breathable", price: "$249", imageURL: "https://img.example/p2.jpg", isOnSale: true),
        Product(id: "p3", name: "Camp Mug", price: "$19", imageURL: "https://img.example/p3.jpg", isOnSale: false),
    ]

    /// The seed's storefront: a heading and a responsive grid of product cards.
    static var storefront: Screen {
        Screen(id: "shop", title: "Shop") {
            Scroll(spacing: 16) {
                Text("Featured", style: .largeTitle).bold().padding(.horizontal, 16).id("heading").accessibilityAddTraits(.header)
                Grid(columns: .sizeClass(compact: 2, regular: 4), minColumnWidth: 150, spacing: 12) {
                    for product in products {
                        VStack(alignment: .leading, spacing: 8) {
                            Image(url: product.imageURL, alt: product.name).aspectRatio(1.5, contentMode: .fill).cornerRadius(8)
                                .overlay(alignment: .topLeading) {
                                    if product.isOnSale {
                                        Text("−20 %", style: .caption).bold().foregroundColor("white")
                                            .padding(.horizontal, 6).padding(.vertical, 2).background("red").clipShape(.capsule).padding(6)
                                    }
                                }
                            Text(product.name, style: .headline).lineLimit(2)
                            HStack {
                                Text(product.price)
                                if product.isOnSale {
                                    Text("Sale").font(.caption).foregroundColor("red").accessibilityLabel("On sale").accessibilityValue("20 % off")
                                }
                                Spacer()
                                Button("Buy", action: .navigate(screen: "product/\(product.id)")).buttonStyle(.borderedProminent)
                                    .accessibilityHint("Opens \(product.name)").accessibilityIdentifier("buy-\(product.id)")
                            }
                        }
                        .padding(8).background("secondaryBackground").cornerRadius(12)
                        .shadow(color: "#00000022", radius: 4, y: 2).id("card-\(product.id)")
                        .accessibilityElement(children: .contain).accessibilitySortPriority(.sizeClass(compact: 0, regular: 1))
                    }
                }
                .padding(16)
            }
        }
    }

    struct Story {
        var id: String
        var headline: String
        var summary: String?
        var imageURL: String?
    }

    static let stories: [Story] = [
        Story(id: "s1", headline: "City opens its first car-free bridge", summary: "Cyclists and pedestrians get a new way across the river.", imageURL: "https://img.example/s1.jpg"),
        Story(id: "s2", headline: "Local team wins the cup", summary: nil, imageURL: nil),
    ]

    /// A news feed: a header bar, stories with optional images and summaries, dividers between them.
    static var newsFeed: Screen {
        let footer: Text? = Text("You're all caught up").font(.footnote).foregroundColor("secondary")
        let missing: Text? = nil
        return Screen(id: "news", title: "News") {
            VStack(spacing: 0) {
                HStack(alignment: .center, spacing: .sizeClass(compact: 8, regular: 16)) {
                    Text(.sizeClass(compact: "News", regular: "Today's News"), style: .title)
                        .fontWeight(.sizeClass(compact: .semibold, regular: .bold))
                    Spacer(minLength: 12)
                    Button("Settings", action: .present(screen: "settings", style: .formSheet)).buttonStyle(.borderless).tint("accent")
                }
                .padding(.horizontal, .sizeClass(compact: 16, regular: 32)).padding(.vertical, 12)
                .frame(height: 56, alignment: .bottomLeading)
                Divider()
                Scroll(.vertical, spacing: 0) {
                    for (index, story) in stories.enumerated() {
                        if index > 0 {
                            Divider().padding(.leading, 16)
                        }
                        VStack(alignment: .leading, spacing: 6) {
                            if let imageURL = story.imageURL {
                                Image(url: imageURL).aspectRatio(16.0 / 9.0).placeholder(.skeleton).accessibilityLabel(story.headline)
                                    .visible(.sizeClass(compact: false, regular: true))
                            }
                            Text(story.headline, style: .sizeClass(compact: .headline, regular: .title3)).lineLimit(.sizeClass(compact: 3, regular: 2))
                            if let summary = story.summary {
                                Text(summary, style: .subheadline).foregroundColor(.sizeClass(compact: .named("secondary"), regular: .named("#3C3C43"))).multilineTextAlignment(.leading)
                            } else {
                                Text("Breaking", style: .caption2).foregroundColor(Color(light: .init(red: 255, green: 59, blue: 48), dark: .init(red: 255, green: 69, blue: 58)))
                            }
                        }
                        .padding(16).frame(maxWidth: .infinity, alignment: .leading).action(.navigate(screen: "story/\(story.id)")).id("story-\(story.id)")
                    }
                    footer
                    missing
                    [Text("Load more").font(.callout), Text("Powered by SDUIKit").font(.caption)]
                }
                .layoutPriority(1)
            }
        }
    }

    /// The component types the product detail page's app draws itself (`PayloadDecoder.Options.customTypes`).
    static let customTypes: Set<String> = ["rating", "reviews"]

    /// A product detail page: a hero image with a badge, price and actions, a related-items row and a custom
    /// rating component.
    static var productDetail: Screen {
        let product = products[1]
        let variants: [any PayloadComponent] = [ColorFill("#1E3A8A"), ColorFill(.named("green")), ColorFill(.sizeClass(compact: .named("orange"), regular: .named("#FFA50080")))]
        return Screen(id: "product/\(product.id)", title: product.name) {
            Scroll {
                ZStack(alignment: .topTrailing) {
                    Image(url: .sizeClass(compact: product.imageURL, regular: "https://img.example/p2@2x.jpg"), alt: .fixed(product.name))
                        .aspectRatio(.sizeClass(compact: 1, regular: 1.7778)).aspectRatio(contentMode: .fit).placeholder(.none)
                    Text("-20%", style: .caption).bold().foregroundColor("white").padding(6).background("red").cornerRadius(6).padding(12)
                }
                VStack(alignment: .sizeClass(compact: .leading, regular: .center), spacing: 12) {
                    Text(product.name, style: .title2).multilineTextAlignment(.sizeClass(compact: .leading, regular: .center))
                    HStack(alignment: .bottom) {
                        Text(product.price, style: .title3).fontWeight(.heavy)
                        Text("$311").font(.footnote).foregroundColor("gray")
                        Spacer()
                        Custom(type: "rating", properties: ["value": 4.5, "count": 1289, "compact": false])
                            .minimumVersion(1, 7)
                            .fallback(Text("4.5 ★", style: .footnote).id("rating-text"))
                        Image(url: "https://img.example/icons/chevron-forward.png", alt: "More reviews")
                            .flipsForRightToLeftLayoutDirection().aspectRatio(1).frame(width: 16, height: 16)
                    }
                    HStack(spacing: 12) {
                        Button("Add to Cart", action: .custom(type: "addToCart", payload: ["type": "addToCart", "product": .string(product.id), "quantity": 1]))
                            .buttonStyle(.sizeClass(compact: .bordered, regular: .borderedProminent)).frame(minWidth: 44, maxWidth: .infinity, minHeight: 44)
                        Button("Share", action: .open(url: "https://example.com/p2")).buttonStyle(.plain).foregroundColor(.named("blue"))
                        Button("Close", action: .dismiss).buttonStyle(.automatic).tint(Color.named("primary"))
                            .hidden()
                    }
                    Divider()
                    Text("Colors", style: .headline)
                    Grid(columns: 3, rowSpacing: 4, columnSpacing: .sizeClass(compact: 8, regular: 12), alignment: .leading) {
                        variants
                    }
                    .frame(width: .sizeClass(compact: 200, regular: 320), height: 32)
                    Custom(type: "reviews", properties: ["sort": "newest", "tags": ["fit", "warmth"]]) {
                        Text("“Kept me dry all week.”", style: .body).lineLimit(nil)
                    }
                    .padding(.top, 8)
                }
                .padding(.sizeClass(compact: 16, regular: 48)).background(.sizeClass(compact: .named("background"), regular: .named("groupedBackground")))
                ColorFill().frame(height: 1).layoutPriority(-1).visible(true)
                    .lintDisabled("content-overflow", reason: "a hairline under the scroll content")
            }
        }
    }

    /// An interactive cart: state, typed bindings, a template over a state array, every input and every state action.
    static var cart: Screen {
        let count = StateVariable<Int>("count")
        let agreed = StateVariable<Bool>("agreed")
        let email = StateVariable<String>("email")
        let size = StateVariable<String>("size")
        let quantity = StateVariable<Double>("quantity")
        let products = StateVariable<[StateValue]>("products")
        let cart = StateVariable<[StateValue]>("cart")
        let status = StateVariable<String>("status")
        return Screen(id: "cart", title: "Cart", state: [
            "count": 0, "agreed": false, "email": "", "size": "M", "quantity": 1, "status": "",
            "products": [["id": "p1", "title": "Trail Runner 3", "price": 129], ["id": "p2", "title": "Rain Shell", "price": 89.5]],
            "cart": [],
        ]) {
            VStack {
                Text(bound: "\(count.value) in cart", style: .headline).visible(count.value > 0).id("badge")
                    .onAppear(.request("https://api.example.com/cart/\(count.value)", method: .POST, body: ["count": "@{count}"],
                                       onSuccess: .set(status, to: StateExpression("'ok ' + response.status")),
                                       onFailure: .set(status, to: StateExpression("response.error"))))
                    .onDisappear(.set(status, to: ""))
                Button("Add", action: .sequence([
                    .set(count, to: count.value + 1),
                    .if(count.value > 3, then: .present(screen: "upsell/@{count}", style: .pageSheet), else: .toggle(agreed)),
                ])).id("add")
                Text(bound: "\(quantity.value.asDouble.formattedCurrency("USD"))").bind("color", to: StateExpression.when(agreed.value, then: "green", else: "secondary"))
                Toggle("I agree", isOn: agreed)
                TextField("Email", text: email).keyboardType(.emailAddress).secure(false).onSubmit(.dismiss)
                Stepper("Quantity", value: quantity, in: 1...10, step: 1)
                Picker("Size", selection: size, options: ["S", "M", "L"], style: .segmented)
                Grid {
                    ForEach(products, id: "id") { item in
                        VStack(alignment: .leading) {
                            Text(bound: "\(item[member: "title"])")
                            Button("Buy", action: .append(cart, ["id": "@{item.id}", "quantity": 1]))
                            Button("Remove", action: .remove(cart, at: 0))
                        }
                        .id("card-@{item.id}")
                    }
                }
                .bind("columns", to: StateExpression.when(agreed.value, then: 3, else: 2))
            }
            .bind("spacing", to: StateExpression.when(agreed.value, then: 16.0, else: 8.0))
        }
    }

    /// Every fixture, named.
    /// Settings: sections with headers and footers in a scroll that pins them, labels, symbols, a flow of chips,
    /// a horizontal grid, a viewThatFits and styled text.
    static var settings: Screen {
        Screen(id: "settings", title: "Settings") {
            Scroll(spacing: 0) {
                Section(spacing: 4) {
                    Label("Wi-Fi", systemImage: "wifi").foregroundColor(.fixed(.named("accent"))).font(.custom("Lato", size: 15, relativeTo: .body)).italic()
                    Label("Bluetooth", systemImage: "antenna.radiowaves.left.and.right", style: .subheadline)
                } header: {
                    Text("Network", style: .footnote).font(.custom("Lato"))
                } footer: {
                    Text("Connections", style: .caption)
                }
                Flow(alignment: .center, spacing: 6, lineSpacing: 4) {
                    Text("Running"); Text("Trail"); Image(systemName: "star.fill", style: .caption)
                    Text("$129").strikethrough().underline().monospacedDigit().truncationMode(.middle).minimumScaleFactor(0.8).lineSpacing(2)
                }
                HGrid(rows: [GridItem(.fixed(40)), GridItem(.flexible())], alignment: .top, spacing: 8) {
                    ColorFill(.named("red")).frame(width: 40)
                }
                ViewThatFits(in: .horizontal) {
                    Text("A long title for a wide window")
                    Text("Short")
                }
            }.pinnedViews([.sectionHeaders, .sectionFooters])
        }
    }

    static let all: [(name: String, screen: Screen)] = [("storefront", storefront), ("news-feed", newsFeed), ("product-detail", productDetail),
                                                        ("cart", cart), ("settings", settings)]
}
