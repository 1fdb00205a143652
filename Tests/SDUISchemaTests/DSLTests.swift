import Foundation
import Testing
import SDUIEnvironment
@testable import SDUISchema
@testable import SDUIAuthoring

/// Decodes `screen`'s canonical JSON, strictly unless `strict` is false.
private func roundTrip(_ screen: Screen, strict: Bool = true, customTypes: Set<String> = []) throws -> PayloadDecoding {
    PayloadDecoder(options: .init(strict: strict, customTypes: customTypes)).decode(screen.jsonData(pretty: true))
}

@Test(arguments: ["storefront", "news-feed"])
func `a DSL screen survives encode then strict decode unchanged`(name: String) throws {
    let screen = try #require(DSLFixtures.all.first { $0.name == name }).screen
    let decoded = try roundTrip(screen)
    #expect(decoded.issues.isEmpty, "\(decoded.issues.map(\.description))")
    #expect(decoded.screen == screen)
}

@Test func `a DSL screen with state writes a payload that decodes strictly and re-encodes to itself`() throws {
    let screen = DSLFixtures.cart
    let decoded = try roundTrip(screen)
    #expect(decoded.issues.isEmpty, "\(decoded.issues.map(\.description))")
    let resolved = try #require(decoded.screen)
    // The DSL writes the payload; decoding resolves it: the template made its cards, the bindings have values.
    #expect(resolved.jsonValue == screen.jsonValue)
    let grid = resolved.root.children[7]
    #expect(grid.children.map(\.id) == ["card-p1", "card-p2"])
    #expect(grid.columns?.resolved(for: .compact) == 2)
    #expect(resolved.root.children[0].modifiers.visible?.resolved(for: .compact) == false)
    #expect(resolved.root.children[2].text?.resolved(for: .compact) == "$1.00")
    #expect(resolved.root.children[3].input?.target == "agreed")
}

@Test func `typed DSL expressions write the expression text`() {
    let count = StateVariable<Int>("count")
    let price = StateVariable<Double>("price")
    let name = StateVariable<String>("name")
    #expect((count.value + 1 > 3 && !(count.value == 0)).source == "((count + 1) > 3) && (!(count == 0))")
    #expect((count.value.asDouble * price.value).rounded(digits: 2).source == "round(count * price, 2)")
    #expect(name.value.uppercased().contains("A").source == "contains(uppercase(name), 'A')")
    #expect(StateExpression<String>(literal: .string("it's")).source == "'it\\'s'")
    let text: BoundText = "\(count.value) of @{literal} \(name)"
    #expect(text.source == "@{count} of @@{literal} @{name}")
    let badge = Text(bound: "\(count.value) in cart").visible(count.value > 0).bind("padding/horizontal", to: count.value * 2)
    #expect(badge.node.bindings.map(\.description) == ["/text: @{count} in cart", "/visible: @{count > 0}", "/padding/leading: @{count * 2}", "/padding/trailing: @{count * 2}"])
    #expect(badge.node.jsonValue.serialized() == #"{"type":"text","text":"@{count} in cart","padding":{"leading":"@{count * 2}","trailing":"@{count * 2}"},"visible":"@{count > 0}"}"#)
}

@Test func `a DSL screen with custom types and actions round-trips with only their warnings`() throws {
    let screen = DSLFixtures.productDetail
    // An app that draws its custom types: they are kept (with the rating's fallback), only the custom action warns.
    let decoded = try roundTrip(screen, strict: false, customTypes: DSLFixtures.customTypes)
    #expect(decoded.screen == screen)
    #expect(decoded.errors.isEmpty)
    #expect(decoded.warnings.map(\.code) == [.unknownAction], "\(decoded.warnings.map(\.description))")
    // Strict mode refuses exactly that.
    let strict = try roundTrip(screen, strict: true, customTypes: DSLFixtures.customTypes)
    #expect(strict.screen == nil)
    #expect(strict.errors.map(\.code) == [.unknownAction])
    // An app that does not draw them: the rating shows its fallback, the reviews (no fallback) are not shown.
    let other = try roundTrip(screen, strict: false)
    #expect(Set(other.warnings.map(\.code)) == [.unknownType, .unknownAction])
    let row = try #require(other.screen?.root.children[1].children[1])
    #expect(row.children[3].type == .text && row.children[3].id == "rating-text")
    let reviews = try #require(other.screen?.root.children[1].children.last)
    #expect(reviews.type == .custom("reviews") && reviews.droppedReason != nil && reviews.children.isEmpty)
    // What it shows encodes to a payload that shows the same.
    let shown = try #require(other.screen)
    #expect(PayloadDecoder().decode(shown.jsonData(pretty: false)).screen == shown)
}

@Test func `the fixtures use every component, every modifier and responsive values`() {
    var types: Set<String> = []
    var keys: Set<String> = []
    var responsiveKeys: Set<String> = []
    var actions: Set<String> = []
    func visit(_ value: JSONValue) {
        guard case .object(let pairs) = value else { return }
        if case .string(let type)? = value["type"] { types.insert(type) }
        for (key, item) in pairs {
            keys.insert(key)
            if case .object = item, item["compact"] != nil || item["regular"] != nil { responsiveKeys.insert(key) }
            if key == "action", case .string(let type)? = item["type"] { actions.insert(type) }
            if key == "frame" || key == "padding", case .object(let inner) = item {
                for (k, v) in inner {
                    keys.insert(key + "." + k)
                    if case .object = v, v["compact"] != nil { responsiveKeys.insert(key + "." + k) }
                }
            }
            if key == "children", case .array(let children) = item { children.forEach(visit) }
            if key == "template" { visit(item) }
        }
    }
    for (_, screen) in DSLFixtures.all { visit(screen.root.jsonValue) }
    #expect(types.isSuperset(of: ComponentType.builtIn.map(\.rawValue)))
    #expect(types.contains("rating") && types.contains("reviews"))
    let modifierKeys = NodeProperty.modifiers.map(\.key)
    #expect(keys.isSuperset(of: modifierKeys))
    // (`multilineTextAlignment` is decoded into `alignment` and never written.)
    #expect(keys.isSuperset(of: NodeProperty.allTypeProperties.map(\.key).filter { $0 != "multilineTextAlignment" }))
    #expect(keys.isSuperset(of: ["frame.width", "frame.height", "frame.minWidth", "frame.maxWidth", "frame.minHeight", "frame.alignment",
                                 "padding.top", "padding.leading", "padding.bottom", "padding.trailing"]))
    #expect(actions == ["navigate", "open", "present", "dismiss", "addToCart", "sequence", "append", "remove"])
    #expect(responsiveKeys.isSuperset(of: ["columns", "spacing", "text", "style", "weight", "lineLimit", "alignment", "color",
                                           "url", "aspectRatio", "visible", "background", "padding", "frame.width", "padding.leading"]))
}

@Test func `the storefront DSL writes the seed's grid rule`() throws {
    let grid = DSLFixtures.storefront.root.children[1]
    #expect(grid.type == .grid)
    #expect(grid.columns == .sizeClass(compact: 2, regular: 4))
    #expect(grid.minColumnWidth == .fixed(150))
    #expect(grid.children.count == DSLFixtures.products.count)
    let card = grid.children[0]
    #expect(card.id == "card-p1")
    #expect(card.alignment == .fixed(.leading))
    #expect(card.modifiers.padding == Padding(8))
    #expect(card.modifiers.background == .fixed(Color(parsing: "secondaryBackground")!))
    #expect(card.children[0].modifiers.aspectRatio == .fixed(1.5))
    // Only the product on sale gets the badge (`if` in the builder).
    #expect(grid.children.map { $0.children[2].children.count } == [3, 4, 3])
}

@Test func `builder blocks support if-else, optionals, loops and arrays`() {
    let flag = false
    let optional: Text? = nil
    let screen = Screen {
        if flag { Text("a") } else { Text("b") }
        if !flag { Divider() }
        optional
        for i in 0..<3 { Text("\(i)") }
        [Spacer(), Spacer()]
        [ComponentNode(type: .divider)]
    }
    // Several top-level components are wrapped in a vstack.
    #expect(screen.root.type == .vstack)
    #expect(screen.id == "screen")
    #expect(screen.root.children.map(\.type) == [.text, .divider, .text, .text, .text, .spacer, .spacer, .divider])
    #expect(screen.root.children[0].text == .fixed("b"))
    #expect(Screen { Text("only") }.root.type == .text)
}

@Test func `modifiers return copies and leave the original unchanged`() {
    let base = Text("x")
    let padded = base.padding(4)
    #expect(base.node.modifiers.padding == nil)
    #expect(padded.node.modifiers.padding == Padding(4))
}

@Test func `padding accumulates like nested SwiftUI paddings, per size class`() {
    let node = Text("x").padding(8).padding(.top, 4).padding(.horizontal, .sizeClass(compact: 2, regular: 10)).node
    #expect(node.modifiers.padding?.top == .fixed(12))
    #expect(node.modifiers.padding?.bottom == .fixed(8))
    #expect(node.modifiers.padding?.leading == .sizeClass(compact: 10, regular: 18))
    #expect(Text("x").padding().node.modifiers.padding == Padding(16))
}

@Test func `each frame call is one frame around what came before, as in SwiftUI`() {
    let node = Text("x").frame(width: 10, height: 20).frame(maxWidth: .infinity, alignment: .leading).frame(width: 30).node
    #expect(node.modifiers.frame == Frame(width: 10, height: 20))
    #expect(node.modifiers.chain == [.frame(Frame(maxWidth: .infinity, alignment: .leading)), .frame(Frame(width: 30))])
}

@Test func `an invalid color string is written verbatim so decoding reports it`() throws {
    let screen = Screen { Text("x").background("#12") }
    #expect(screen.root.jsonValue["background"] == .string("#12"))
    let decoded = PayloadDecoder().decode(screen.jsonData())
    #expect(decoded.errors.map(\.pointer) == ["/root/background"])
}

@Test func `stack alignments accept only their axis and write the model's alignment`() {
    #expect(VStack(alignment: .trailing) {}.node.alignment == .fixed(.trailing))
    #expect(HStack(alignment: .sizeClass(compact: .top, regular: .bottom)) {}.node.alignment == .sizeClass(compact: .top, regular: .bottom))
    #expect(Grid(alignment: .center) {}.node.alignment == .fixed(.center))
    #expect(ZStack(alignment: .bottomTrailing) {}.node.alignment == .fixed(.bottomTrailing))
}

@Test func `enum shorthands on Responsive equal their fixed values`() {
    #expect(Responsive<TextStyle>.largeTitle == .fixed(.largeTitle))
    #expect(Responsive<FontWeight>.black == .fixed(.black))
    #expect(Responsive<ImagePlaceholder>.none == .fixed(ImagePlaceholder.none))
    #expect(Responsive<ButtonStyle>.borderedProminent == .fixed(.borderedProminent))
    #expect(Responsive<Double>.infinity == .fixed(.infinity))
    #expect(Image(url: "u").placeholder(.none).node.placeholder == .fixed(ImagePlaceholder.none))
}

@Test func `one-value modifiers also take plain variables, and literals still pick the responsive form`() {
    let gap = 12.0, ratio = 4.0 / 3.0, lines = 3, shown = false, title = "Hi", priority = 2.0
    let node = Text(title).aspectRatio(ratio).padding(gap).padding(.top, gap).cornerRadius(gap)
        .layoutPriority(priority).visible(shown).lineLimit(lines).node
    #expect(node.text == .fixed("Hi"))
    #expect(node.modifiers.padding == Padding(top: 24, leading: 12, bottom: 12, trailing: 12))
    #expect(node.modifiers.aspectRatio == .fixed(4.0 / 3.0))
    #expect(node.modifiers.cornerRadius == .fixed(12))
    #expect(node.modifiers.layoutPriority == .fixed(2))
    #expect(node.modifiers.visible == .fixed(false))
    #expect(node.lineLimit == .fixed(3))
    #expect(Spacer(minLength: gap).node.minLength == .fixed(12))
    #expect(Grid(columns: .fixed(lines)) {}.node.columns == .fixed(3))
    #expect(Text("x").frame(width: .fixed(gap)).node.modifiers.frame?.width == .fixed(12))
}

@Test func `a DSL screen's previews are written and checked as the payload's`() throws {
    let good = Screen(id: "cart", state: ["count": 0, "name": ""], previews: ["three": ["count": 3], "named": ["name": "Ada", "count": 1]]) {
        Text("Cart")
    }
    let decoded = PayloadDecoder(options: .init(strict: true)).decode(good.jsonValue)
    #expect(decoded.issues.isEmpty, "\(decoded.issues.map(\.description))")
    let screen = try #require(decoded.screen)
    #expect(screen == good, "valid previews decode to the DSL's own")
    #expect(screen.previews.map(\.name) == ["three", "named"])
    #expect(screen.previews[1].state["name"] == .string("Ada"))
    // An unknown variable and a value of another type: the payload's errors, at the payload's pointers.
    let bad = Screen(id: "cart", state: ["count": 0], previews: ["bad": ["count": "x", "nope": 1]]) { Text("Cart") }
    let dsl = PayloadDecoder().decode(bad.jsonValue).issues.map(\.description)
    let payload = PayloadDecoder().decode(Array(#"""
    {"schemaVersion": 1, "id": "cart", "state": {"count": 0}, "previews": {"bad": {"count": "x", "nope": 1}}, "root": {"type": "text", "text": "Cart"}}
    """#.utf8)).issues.map(\.description)
    #expect(dsl.count == 2)
    #expect(dsl == payload)
    #expect(dsl.allSatisfy { $0.hasPrefix("/previews/bad/") })
}
