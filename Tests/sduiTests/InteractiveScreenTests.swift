import Foundation
import Testing

/// A realistic interactive screen through `sdui simulate` and `sdui layout --state`: product cards made by a
/// `forEach` over a state array, each image with a button in its overlay, a section whose header and footer read the
/// state, and a button whose title is bound to it. Taps anywhere — in a card, in an overlay, in a section's header —
/// change the state as written, and the layout after them is the layout of the state they leave.
@Suite struct InteractiveScreenTests {
    /// The shop screen with `count` products (9 nodes each and 10 more: 53 products make 487 nodes).
    static func shop(products count: Int) -> String {
        let tags = ["New", "Sale", "Hot", "Last one"]
        let products = (0..<count).map { i in
            #"{"id": "p\#(i)", "title": "Product number \#(i) with a longer name", "price": \#(10 + i % 17), "tag": "\#(tags[i % tags.count])"}"#
        }.joined(separator: ",\n")
        return #"""
        {"schemaVersion": 1, "id": "shop", "state": {"products": [\#(products)], "cart": 0, "saved": [], "compact": false},
         "root": {"type": "scroll", "id": "page", "children": [
          {"type": "vstack", "id": "content", "alignment": "leading", "spacing": 12, "padding": 16, "children": [
           {"type": "text", "id": "heading", "text": "Shop", "style": "largeTitle"},
           {"type": "button", "id": "checkout", "title": "Checkout (@{cart})", "style": "borderedProminent",
            "action": {"type": "set", "name": "cart", "value": 0}},
           {"type": "section", "id": "catalog",
            "header": {"type": "hstack", "id": "catalog-header", "children": [
              {"type": "text", "id": "catalog-title", "text": "@{len(products)} products", "style": "headline"},
              {"type": "spacer"},
              {"type": "button", "id": "toggle-compact", "title": "@{compact ? \"Large\" : \"Compact\"}",
               "action": {"type": "toggle", "name": "compact"}}]},
            "footer": {"type": "text", "id": "catalog-footer", "text": "@{cart} in cart, @{len(saved)} saved", "style": "footnote"},
            "children": [
             {"type": "forEach", "items": "@{products}", "id": "@{item.id}", "template":
              {"type": "vstack", "id": "card-@{item.id}", "alignment": "leading", "spacing": 6, "children": [
                {"type": "image", "id": "image-@{item.id}", "url": "https://img.example/@{item.id}.jpg", "alt": "@{item.title}",
                 "aspectRatio": 1.5, "frame": {"height": "@{compact ? 60 : 120}"},
                 "modifiers": [{"overlay": {"alignment": "topTrailing", "content":
                   {"type": "button", "id": "badge-@{item.id}", "title": "@{item.tag}", "style": "bordered",
                    "action": {"type": "append", "name": "saved", "value": "@{item.id}"}}}}]},
                {"type": "text", "id": "title-@{item.id}", "text": "@{item.title}", "style": "headline", "lineLimit": 2},
                {"type": "text", "id": "price-@{item.id}", "text": "$@{item.price}", "style": "subheadline"},
                {"type": "hstack", "id": "actions-@{item.id}", "spacing": 8, "children": [
                  {"type": "button", "id": "add-@{item.id}", "title": "Add",
                   "action": {"type": "set", "name": "cart", "value": "@{cart + 1}"}},
                  {"type": "spacer"},
                  {"type": "button", "id": "remove-@{item.id}", "title": "Remove",
                   "action": {"type": "remove", "name": "products", "index": "@{index}"}}]}]}}]}]}]}}
        """#
    }

    /// The nodes of `layout` by id.
    static func nodes(_ layout: [String: Any]) -> [String: [String: Any]] { StateScenarioTests.nodes(layout) }

    /// `sdui simulate` of `payload` with `steps`: its final state (as JSON) and layout.
    func simulate(_ payload: String, _ steps: String) throws -> (state: Data, layout: [String: [String: Any]], log: String) {
        let path = try temporaryFile(Array(payload.utf8))
        let run = try sdui(["simulate", path, "--steps", steps])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let state = try JSONSerialization.data(withJSONObject: try #require(object["state"] as? [String: Any]))
        return (state, Self.nodes(try #require(object["layout"] as? [String: Any])), run.stdout + run.stderr)
    }

    /// `sdui layout --state` of `payload` in `state`.
    func layout(_ payload: String, state: Data) throws -> [String: [String: Any]] {
        let path = try temporaryFile(Array(payload.utf8))
        let statePath = (path as NSString).deletingLastPathComponent + "/final-state.json"
        try state.write(to: URL(fileURLWithPath: statePath))
        let run = try sdui(["layout", path, "--state", statePath])
        #expect(run.exitCode == 0, "\(run.stderr)")
        return Self.nodes(try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]))
    }

    /// Every node of `simulated` is `direct`'s node: the same ids, texts and hidden flags, the same sizes and x, and
    /// y one offset apart — the simulator's navigation bar, measured at node `anchor` — but for a root scroll view
    /// (`scrollRoot`), which fills the area below the bar.
    func expectSameLayout(_ simulated: [String: [String: Any]], _ direct: [String: [String: Any]], anchor: String = "content",
                          scrollRoot: String? = "page", sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Set(simulated.keys) == Set(direct.keys), sourceLocation: sourceLocation)
        func frame(_ node: [String: Any]?) -> [String: Double] { node?["frame"] as? [String: Double] ?? [:] }
        let offset = (frame(simulated[anchor])["y"] ?? 0) - (frame(direct[anchor])["y"] ?? 0)
        var mismatches: [String] = []
        for (id, node) in simulated where id != scrollRoot {
            let a = frame(node), b = frame(direct[id])
            if a["x"] != b["x"] || a["width"] != b["width"] || a["height"] != b["height"] || a["y"].map({ $0 - offset }) != b["y"]
                || node["text"] as? String != direct[id]?["text"] as? String || node["hidden"] as? Bool != direct[id]?["hidden"] as? Bool {
                mismatches.append("\(id): \(a) \(node["text"] ?? "") vs \(b) \(direct[id]?["text"] ?? "")")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.sorted().prefix(8))", sourceLocation: sourceLocation)
    }

    @Test func `the held-out shop screen has about 490 nodes and lays out in any state`() throws {
        let payload = Self.shop(products: 53)
        let initial = try layout(payload, state: Data(#"{"cart": 2, "saved": ["p1"]}"#.utf8))
        #expect(initial.count == 9 * 53 + 10, "\(initial.count) nodes")
        #expect(initial["badge-p6"]?["text"] as? String == "Hot")
        #expect(initial["catalog-footer"]?["text"] as? String == "2 in cart, 1 saved")
        #expect(initial["checkout"]?["text"] as? String == "Checkout (2)")
    }

    @Test func `taps in cards, overlays and section headers change the state and lay out as the state says`() throws {
        let payload = Self.shop(products: 53)
        let steps = ["tap:add-p3", "tap:add-p10", "tap:badge-p5", "tap:badge-p40", "tap:remove-p0", "tap:toggle-compact",
                     "tap:remove-p51", "tap:add-p2", "tap:badge-p2"].joined(separator: ",")
        let run = try simulate(payload, steps)
        #expect(!run.log.contains("cannot be resolved"), "\(run.log.suffix(400))")
        let state = try #require(try JSONSerialization.jsonObject(with: run.state) as? [String: Any])
        #expect(state["cart"] as? Int == 3)
        #expect(state["saved"] as? [String] == ["p5", "p40", "p2"])
        #expect(state["compact"] as? Bool == true)
        #expect((state["products"] as? [Any])?.count == 51)
        #expect(run.layout["card-p0"] == nil && run.layout["badge-p51"] == nil && run.layout["badge-p1"] != nil)
        #expect(run.layout["checkout"]?["text"] as? String == "Checkout (3)")
        #expect(run.layout["catalog-title"]?["text"] as? String == "51 products")
        #expect(run.layout["catalog-footer"]?["text"] as? String == "3 in cart, 3 saved")
        #expect(run.layout["toggle-compact"]?["text"] as? String == "Large")
        #expect((run.layout["image-p1"]?["frame"] as? [String: Double])?["height"] == 60)
        expectSameLayout(run.layout, try layout(payload, state: run.state))
    }

    @Test func `after every prefix of a tap sequence the simulated layout is the layout of its state`() throws {
        let payload = Self.shop(products: 6)
        let taps = ["tap:badge-p1", "tap:remove-p2", "tap:toggle-compact", "tap:add-p4", "tap:remove-p0", "tap:checkout", "tap:badge-p5"]
        for n in 1...taps.count {
            let run = try simulate(payload, taps.prefix(n).joined(separator: ","))
            expectSameLayout(run.layout, try layout(payload, state: run.state))
        }
    }

    @Test func `a text field and a toggle in overlay and header views are typed into and toggled like any other`() throws {
        let payload = #"""
        {"schemaVersion": 1, "id": "form", "state": {"note": "", "gift": false},
         "root": {"type": "vstack", "id": "page", "children": [
          {"type": "section", "id": "options",
           "header": {"type": "toggle", "id": "gift", "isOn": "@{gift}", "label": "Gift wrap"},
           "children": [{"type": "color", "id": "card", "color": "#EEE", "frame": {"height": 80},
             "modifiers": [{"overlay": {"content": {"type": "textField", "id": "note", "text": "@{note}", "placeholder": "A note"}}}]}]},
          {"type": "text", "id": "echo", "text": "@{gift ? \"Wrapped: \" : \"\"}@{note}"}]}}
        """#
        let run = try simulate(payload, "type:note=Happy birthday,toggle:gift")
        let state = try #require(try JSONSerialization.jsonObject(with: run.state) as? [String: Any])
        #expect(state["note"] as? String == "Happy birthday")
        #expect(state["gift"] as? Bool == true)
        #expect(run.layout["note"]?["text"] as? String == "Happy birthday")
        #expect(run.layout["echo"]?["text"] as? String == "Wrapped: Happy birthday")
        // A root that is not a scroll view is centred in the area below the bar: every node one offset lower.
        expectSameLayout(run.layout, try layout(payload, state: run.state), anchor: "page", scrollRoot: nil)
    }
}
