import Testing
import SDUIEnvironment
import SDUILayout
import SDUISchema
import SDUIDisplay
@testable import SDUIRuntime
import SDUIFixtures

/// A launched `ScreenViewController` after random state changes (its display list brought along in place,
/// `DisplayListUpdater`): its items, views and accessibility order equal those of a controller launched fresh on the
/// screen resolved in the same state, and a change that keeps every node's identity makes no view.
@MainActor @Suite struct IncrementalRuntimeTests {
    static let payload = #"""
    {"schemaVersion": 1, "id": "runtime-incremental",
     "state": {"tint": "#3366CC", "label": "Cart", "show": true, "gap": 8, "w": 120, "count": 1, "name": "Ada",
               "quiet": false, "tags": ["a", "b"]},
     "root": {"type": "scroll", "children": [{"type": "vstack", "id": "column", "spacing": "@{gap}", "alignment": "leading", "children": [
       {"type": "hstack", "id": "header", "spacing": 8, "children": [
         {"type": "text", "id": "hello", "text": "Hello @{name}", "color": "@{tint}"},
         {"type": "spacer"},
         {"type": "text", "id": "badge", "text": "@{count}", "style": "caption"}]},
       {"type": "color", "id": "swatch", "color": "@{tint}", "frame": {"width": "@{w}", "height": 20}},
       {"type": "button", "id": "buy", "title": "Buy @{count}", "visible": "@{show}", "accessibility": {"hidden": "@{quiet}"}},
       {"type": "hstack", "id": "combined", "accessibility": {"children": "combine"}, "children": [
         {"type": "text", "text": "@{name}"}, {"type": "text", "text": "@{count} items"}]},
       {"type": "vstack", "id": "group", "accessibility": {"children": "contain"}, "children": [
         {"type": "text", "id": "g-label", "text": "@{label}"}, {"type": "text", "id": "g-count", "text": "@{count}"}]},
       {"type": "grid", "id": "grid", "columns": 2, "children": [
         {"type": "forEach", "items": "@{tags}", "template": {"type": "text", "id": "tag-@{index}", "text": "@{item}"}}]}]}]}}
    """#

    static let values: [String: [StateValue]] = [
        "tint": [.string("#FF0000"), .string("#3366CC")],
        "label": [.string("Basket"), .string(""), .string("Cart")],
        "show": [.bool(false), .bool(true)],
        "gap": [.int(0), .int(16)],
        "w": [.int(40), .int(300)],
        "count": [.int(2), .int(12_345), .int(1)],
        "name": [.string("Grace Hopper, the admiral of the fleet"), .string("Ada"), .string("Bo")],
        "quiet": [.bool(true), .bool(false)],
        "tags": [.array([.string("x")]), .array([.string("a"), .string("b"), .string("c")])],
    ]

    /// A controller launched on `screen` on `device`.
    static func launch(_ screen: Screen, on device: String) throws -> (Harness, ScreenViewController) {
        let h = try Harness(device: device) { ScreenViewController(screen: screen, registry: ComponentRegistry()) }
        return (h, try #require(h.root as? ScreenViewController))
    }

    /// What a view shows, as two controllers must agree on it: its frame, visibility, accessibility, what it draws
    /// and its subviews, by node id.
    static func shape(of view: View, ids: [ObjectIdentifier: String]) -> String {
        var parts: [String] = [ids[ObjectIdentifier(view)] ?? "?", "\(view.frame)", "\(view.isHidden)",
                               "\(view.isAccessibilityElement)", view.accessibilityLabel ?? "-", view.accessibilityHint ?? "-",
                               view.accessibilityValue ?? "-", "\(view.accessibilityTraits)", "\(view.accessibilityElementsHidden)",
                               "\(view.shouldGroupAccessibilityChildren)"]
        if let item = (view as? ComponentView)?.item {
            // What it draws and where its lines sit in it (its absolute frame is the view's place: a view whose
            // ancestor moved keeps its frame in its parent, and gets no update).
            parts.append("\(item.frame.size) \(item.text?.lines ?? []) \(item.appearance.fill.map { "\($0)" } ?? "-") \(item.accessibility)")
        }
        return parts.joined(separator: " ") + " [" + view.subviews.map { shape(of: $0, ids: ids) }.joined(separator: ", ") + "]"
    }

    static func check(_ screen: Screen, values: [String: [StateValue]], device: String, steps: Int, seed: UInt64) throws {
        let (h, controller) = try launch(screen, on: device)
        _ = h
        var random = SplitMix(seed: seed)
        let names = values.keys.sorted()
        for step in 0..<steps {
            let name = names[random.next(names.count)]
            let choices = try #require(values[name])
            let viewsBefore = controller.viewsMade
            let keysBefore = controller.displayItems.map(ViewKey.init)
            try controller.setState(name, to: choices[random.next(choices.count)])
            let general = try #require(screen.resolved(in: controller.state).screen)
            let (freshHarness, fresh) = try launch(general, on: device)
            _ = freshHarness
            let context = "step \(step): \(name)"
            #expect(controller.displayItems == fresh.displayItems, "\(context): items")
            let ids = Dictionary(controller.nodeViews.map { (ObjectIdentifier($0.view), $0.id) }, uniquingKeysWith: { a, _ in a })
            let freshIDs = Dictionary(fresh.nodeViews.map { (ObjectIdentifier($0.view), $0.id) }, uniquingKeysWith: { a, _ in a })
            #expect(controller.view.subviews.map { shape(of: $0, ids: ids) } == fresh.view.subviews.map { shape(of: $0, ids: freshIDs) },
                    "\(context): views")
            #expect(controller.view.accessibilityElements?.map { ids[ObjectIdentifier($0)] ?? "?" }
                    == fresh.view.accessibilityElements?.map { freshIDs[ObjectIdentifier($0)] ?? "?" }, "\(context): reading order")
            if controller.displayItems.map(ViewKey.init) == keysBefore {
                #expect(controller.viewsMade == viewsBefore, "\(context): a change that kept every identity made a view")
            }
        }
    }

    @Test(arguments: ["iphone-se-3", "iphone-16", "ipad-pro-13-m4"])
    func `random state changes leave the views as a fresh controller makes them`(_ device: String) throws {
        let decoded = try #require(PayloadDecoder().decode(Array(Self.payload.utf8)).screen)
        let screen = try #require(decoded.resolved(in: decoded.state).screen)
        try Self.check(screen, values: Self.values, device: device, steps: 30, seed: UInt64(device.utf8.count) &* 97)
    }

    @Test func `badge, colour and visibility changes of the cards screen leave the views as a fresh controller makes them`() throws {
        let screen = try #require(BenchmarkFixtures.cardsWithBadges(count: 8, boundProperties: true))
        var values: [String: [StateValue]] = [:]
        for i in 0..<8 {
            values["badge\(i)"] = [.int(1), .int(2), .int(12_345)]
            values["accent\(i)"] = [.string("#FF0000"), .string("#3366CC")]
            values["show\(i)"] = [.bool(false), .bool(true)]
            values["size\(i)"] = [.int(28), .int(20)]
        }
        try Self.check(screen, values: values, device: "iphone-16", steps: 30, seed: 11)
    }
}
