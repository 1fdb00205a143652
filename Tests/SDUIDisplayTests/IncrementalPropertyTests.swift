import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema
import SDUIDisplay

/// State changes of bound properties other than a lone text (colours, opacity, accessibility, visibility,
/// spacing, line limits, columns, padding, frames, priorities) through `StateUpdater`'s property path and
/// `LayoutEngine.layout(applying:)`, against the general path: the payload resolved again in the new state, laid
/// out by a fresh engine and drawn into a display list.
@Suite struct IncrementalPropertyTests {
    /// Every kind of bound property the property path knows, on nodes outside templates.
    static let payload = #"""
    {"schemaVersion": 1, "id": "props",
     "state": {"tint": "#3366CC", "alpha": 0.5, "radius": 4, "label": "Cart", "img": "https://example.com/a.jpg",
               "show": true, "gap": 8, "lines": 1, "cols": 2, "pad": 12, "w": 120, "prio": 0, "count": 1, "name": "Ada",
               "align": "leading", "hide": false},
     "root": {"type": "scroll", "children": [{"type": "vstack", "id": "column", "spacing": "@{gap}", "alignment": "@{align}", "children": [
       {"type": "hstack", "id": "header", "spacing": 8, "children": [
         {"type": "text", "id": "hello", "text": "Hello @{name}", "color": "@{tint}", "lineLimit": "@{lines}"},
         {"type": "spacer"},
         {"type": "text", "id": "badge", "text": "@{count}", "style": "caption", "color": "@{tint}",
          "accessibility": {"label": "@{label} badge"}}]},
       {"type": "color", "id": "swatch", "color": "@{tint}", "frame": {"width": "@{w}", "height": 20}, "cornerRadius": "@{radius}"},
       {"type": "image", "id": "photo", "url": "@{img}", "alt": "@{label}", "aspectRatio": 1.5,
        "modifiers": [{"opacity": "@{alpha}"}, {"cornerRadius": "@{radius}"}, {"hidden": "@{hide}"}]},
       {"type": "text", "id": "more", "text": "A longer description that wraps onto a second line in a narrow column", "lineLimit": "@{lines}",
        "padding": "@{pad}", "background": "@{tint}"},
       {"type": "button", "id": "buy", "title": "Buy @{count}", "visible": "@{show}", "layoutPriority": "@{prio}"},
       {"type": "grid", "id": "grid", "columns": "@{cols}", "spacing": 4, "children": [
         {"type": "color", "color": "red", "frame": {"height": 10}}, {"type": "color", "color": "green", "frame": {"height": 10}},
         {"type": "color", "color": "blue", "frame": {"height": 10}}, {"type": "text", "text": "@{name}", "color": "@{tint}"}]}]}]}}
    """#

    /// The new values each variable takes (of its type: a value of another type is refused by `set`).
    static let values: [String: [StateValue]] = [
        "tint": [.string("#FF0000"), .string("#00AA00"), .string("#3366CC")],
        "alpha": [.number(0.25), .number(1), .number(0)],
        "radius": [.int(0), .int(8), .number(2.5)],
        "label": [.string("Basket"), .string(""), .string("Cart")],
        "img": [.string("https://example.com/b.jpg"), .string("https://example.com/a.jpg")],
        "show": [.bool(false), .bool(true)],
        "gap": [.int(0), .int(16), .number(3.5)],
        "lines": [.int(2), .int(1), .int(3)],
        "cols": [.int(1), .int(3), .int(2)],
        "pad": [.int(0), .int(24), .int(12)],
        "w": [.int(40), .int(300), .number(120.5)],
        "prio": [.int(1), .int(0)],
        "count": [.int(2), .int(12_345), .int(1)],
        "name": [.string("Grace Hopper, the admiral of the fleet"), .string(""), .string("Ada")],
        "align": [.string("trailing"), .string("center"), .string("leading")],
        "hide": [.bool(true), .bool(false)],
    ]

    /// Variables whose readers only change how they are drawn (their layout is the last one).
    static let paintOnly: Set<String> = ["tint", "alpha", "radius", "img", "hide", "label"]

    /// The payload decoded and resolved once in its own state: its canonical form (`Screen.resolved(in:)` decodes the
    /// canonical encoding, whose bindings are listed in canonical key order rather than the payload's).
    static func screen() throws -> Screen {
        let decoded = try #require(PayloadDecoder().decode(Array(payload.utf8)).screen)
        return try #require(decoded.resolved(in: decoded.state).screen)
    }

    static func window(_ width: Double) -> WindowEnvironment {
        let device = DeviceCatalog.device(named: "iphone-16")!
        return try! WindowEnvironment(WindowConfiguration(device: device, orientation: .portrait, mode: .window(Size(width: width, height: 700))))
    }

    @Test(arguments: [(375.0, LayoutDirection.leftToRight, false), (320, .leftToRight, false), (1024, .leftToRight, false),
                      (375, .rightToLeft, false), (375, .leftToRight, true)])
    func `random changes of every bound property kind give the frames and display list of the payload resolved again`(
        _ width: Double, _ direction: LayoutDirection, _ rounds: Bool) throws {
        let screen = try Self.screen()
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine(options: .init(roundsToPixels: rounds))
        let environment = Self.window(width)
        let traits = environment.traitCollection(layoutDirection: direction)
        _ = engine.layout(screen, in: environment, traits: traits)
        var random = SplitMix(seed: UInt64(width) &* 131 &+ (rounds ? 17 : 0) &+ (direction == .rightToLeft ? 5 : 0))
        let names = Self.values.keys.sorted()
        var state = screen.state
        var propertyPath = 0, paintOnly = 0
        for step in 0..<80 {
            // One to three variables change at once.
            var changed: [String] = []
            for _ in 0..<(1 + random.next(3)) {
                let name = names[random.next(names.count)]
                let choices = try #require(Self.values[name])
                #expect(state.set(name, to: choices[random.next(choices.count)]) == nil)
                if !changed.contains(name) { changed.append(name) }
            }
            let made = updater.update(to: state, changedNames: changed)
            let update = try #require(made)
            // Nothing here needs the general path: every reader is a text or a property reader outside templates.
            #expect(update.textChanges != nil || !update.propertyChanges.isEmpty, "step \(step): \(changed) took the general path")
            if !update.propertyChanges.isEmpty { propertyPath += 1 }
            let builds = engine.buildCount
            let result = engine.layout(applying: update, in: environment, traits: traits)
            if changed.allSatisfy(Self.paintOnly.contains) {
                // Drawing only: the kept tree and its frames, no new tree, no layout from the root.
                #expect(update.textChanges != nil, "step \(step): \(changed) is paint-only")
                #expect(engine.buildCount == builds, "step \(step): \(changed) took a new tree")
                paintOnly += 1
            }
            let general = try #require(screen.resolved(in: state).screen)
            #expect(update.screen == general, "step \(step): \(changed): the updated screen differs from the resolved one: \(Self.difference(update.screen.root, general.root))")
            let fresh = LayoutEngine(options: .init(roundsToPixels: rounds)).layout(general, in: environment, traits: traits)
            #expect(result.nodes == fresh.nodes, "step \(step): \(changed)")
            #expect(result.diagnostics == fresh.diagnostics, "step \(step): \(changed)")
            #expect(DisplayList(result).items == DisplayList(fresh).items,
                    "step \(step): \(changed): display list")
        }
        #expect(propertyPath > 20)
        #expect(paintOnly > 0)
    }

    @Test func `a paint-only change keeps the layout and its tree, a size change lays out the patched screen`() throws {
        let screen = try Self.screen()
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = Self.window(375)
        let traits = environment.traitCollection()
        let first = engine.layout(screen, in: environment, traits: traits)
        var state = screen.state
        state.set("tint", to: .string("#FF0000"))
        let paintMade = updater.update(to: state, changedNames: ["tint"])
        let paint = try #require(paintMade)
        // The five readers of tint are patched on their own; only their colours changed, so nothing is laid out again.
        #expect(paint.propertyChanges.count == 5)
        #expect(paint.textChanges?.isEmpty == true)
        let incremental = engine.incrementalLayoutCount, builds = engine.buildCount
        let painted = engine.layout(applying: paint, in: environment, traits: traits)
        #expect(engine.incrementalLayoutCount == incremental + 1)
        #expect(engine.buildCount == builds)
        #expect(painted.nodes == first.nodes)
        let swatch = try #require(DisplayList(painted).items.first { $0.id == "swatch" })
        #expect(swatch == DisplayList(LayoutEngine().layout(paint.screen, in: environment, traits: traits)).items.first { $0.id == "swatch" })
        // A width: the node is resolved on its own too, but its size changes — the patched screen is laid out.
        state.set("w", to: .int(40))
        let sizeMade = updater.update(to: state, changedNames: ["w"])
        let size = try #require(sizeMade)
        #expect(size.propertyChanges.count == 1)
        #expect(size.textChanges == nil)
        let resized = engine.layout(applying: size, in: environment, traits: traits)
        #expect(resized.node(id: "swatch")?.frame.width == 40)
    }

    @Test func `a result kept while later changes are laid out keeps what it drew, one let go is overwritten in place`() throws {
        let screen = try Self.screen()
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = Self.window(375)
        let traits = environment.traitCollection()
        _ = engine.layout(screen, in: environment, traits: traits)
        func fresh(_ state: ScreenState) throws -> [DisplayItem] {
            let general = try #require(screen.resolved(in: state).screen)
            return DisplayList(LayoutEngine().layout(general, in: environment, traits: traits)).items
        }
        // Colours and a text, each changed again and again: the nodes' payload holders are written in place when no
        // result holds them, and replaced when one does.
        let steps: [(String, StateValue)] = [("tint", .string("#FF0000")), ("name", .string("Grace")), ("tint", .string("#00AA00")),
                                             ("name", .string("Lin")), ("tint", .string("#123456")), ("name", .string("Ada"))]
        var state = screen.state
        var kept: [(result: LayoutResult, state: ScreenState)] = []
        for (k, (name, value)) in steps.enumerated() {
            #expect(state.set(name, to: value) == nil)
            let made = updater.update(to: state, changedNames: [name])
            let update = try #require(made)
            let builds = engine.buildCount
            let result = engine.layout(applying: update, in: environment, traits: traits)
            #expect(engine.buildCount == builds, "step \(k): a new tree")
            // Every other result is kept, its display list not made until the end.
            if k % 2 == 0 { kept.append((result, state)) } else { #expect(DisplayList(result).items == (try fresh(state)), "step \(k)") }
        }
        for (k, (result, state)) in kept.enumerated() {
            #expect(DisplayList(result).items == (try fresh(state)), "kept result \(k)")
        }
    }
}

extension IncrementalPropertyTests {
    /// The first node (by child-index path) where two trees differ, with both encodings (for failure messages).
    static func difference(_ a: ComponentNode, _ b: ComponentNode, path: String = "root") -> String {
        if a.children.count == b.children.count {
            for (i, (x, y)) in zip(a.children, b.children).enumerated() where x != y { return difference(x, y, path: path + ".\(i)") }
        }
        var a1 = a, b1 = b
        a1.children = []; b1.children = []
        return "\(path): \(a1.jsonValue.serialized()) vs \(b1.jsonValue.serialized()); bindings \(a.bindings) vs \(b.bindings)"
    }
}

private extension LayoutResult {
    func node(id: String) -> LayoutNode? { nodes.first { $0.id == id } }
}
