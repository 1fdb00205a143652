import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema
@testable import SDUIDisplay

/// Random sequences of every kind of state change — texts, colours, sizes, visibility, a bound input label, a
/// `forEach`'s items inserted, removed and reordered, the views of overlays and backgrounds inside and outside
/// templates, sections' headers and footers — on randomly assembled interactive screens, each checked against a
/// fresh decode and layout of the payload in the new state: tree, frames, diagnostics, display list, accessibility.
@MainActor @Suite struct StructuralChangeTests {
    /// A random interactive screen (`seed` picks its parts) and the values each of its variables may take.
    static func screen(seed: UInt64) -> (payload: String, values: [String: [StateValue]]) {
        var random = SplitMix(seed: seed)
        func pick<T>(_ choices: [T]) -> T { choices[random.next(choices.count)] }
        func item(_ i: Int) -> StateValue {
            .object(StateObject(keys: ["id", "title", "tag", "n"],
                                values: [.string("i\(i)"), .string(pick(["Short", "A title long enough to wrap in a narrow card", ""])),
                                         .string(pick(["New", "Sale", ""])), .int(random.next(5))]))
        }
        func items(_ count: Int) -> StateValue { .array((0..<count).map { item($0 * 7 % 11 + random.next(3) * 11) }) }
        let cardType = pick(["vstack", "hstack", "zstack"])
        let listType = pick(["vstack", "hstack", "grid", "flow"])
        let decoration = pick(["overlay", "background"])
        let decorationView = pick([
            #"{"type": "button", "id": "badge-@{item.id}", "title": "@{item.tag} @{count}", "action": {"type": "set", "name": "count", "value": "@{count + 1}"}}"#,
            #"{"type": "text", "id": "badge-@{item.id}", "text": "@{item.tag}", "color": "@{tint}", "visible": "@{item.n > 1}"}"#,
            #"{"type": "hstack", "id": "badge-@{item.id}", "children": [{"type": "text", "id": "badge-text-@{item.id}", "text": "@{item.n}"}, {"type": "color", "color": "@{tint}", "frame": {"width": "@{w}", "height": 4}}]}"#,
        ])
        let inSection = random.next(2) == 0
        let template = #"""
        {"type": "\#(cardType)", "id": "card-@{item.id}", "spacing": "@{gap}", "children": [
          {"type": "image", "id": "image-@{item.id}", "url": "https://img.example/@{item.id}.jpg", "alt": "@{item.title}", "aspectRatio": 1.5,
           "frame": {"width": "@{w}"}, "modifiers": [{"\#(decoration)": {"alignment": "topTrailing", "content": \#(decorationView)}}]},
          {"type": "text", "id": "title-@{item.id}", "text": "@{item.title}", "lineLimit": "@{lines}"},
          {"type": "button", "id": "remove-@{item.id}", "title": "Remove @{index}", "visible": "@{show}",
           "action": {"type": "remove", "name": "items", "index": "@{index}"}}]}
        """#
        let list = #"{"type": "\#(listType)", "id": "list", \#(listType == "grid" ? #""columns": 2, "# : "")"children": [{"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template": \#(template)}]}"#
        let body = inSection
            ? #"""
              {"type": "section", "id": "catalog",
               "header": {"type": "hstack", "id": "header", "children": [{"type": "text", "id": "header-title", "text": "@{len(items)} items, @{count}"},
                 {"type": "button", "id": "header-more", "title": "@{show ? \"Less\" : \"More\"}", "action": {"type": "toggle", "name": "show"}}]},
               "footer": {"type": "text", "id": "footer", "text": "@{name}", "color": "@{tint}", "visible": "@{show}"},
               "children": [\#(list)]}
              """#
            : list
        let payload = #"""
        {"schemaVersion": 1, "id": "random-\#(seed)",
         "state": {"items": \#(items(1 + random.next(5)).jsonValue.serialized()), "count": 0, "name": "Ada", "tint": "#3366CC", "gap": 6, "w": 80,
                   "lines": 1, "show": true, "qty": 1},
         "root": {"type": "scroll", "id": "page", "children": [{"type": "vstack", "id": "content", "spacing": "@{gap}", "children": [
           {"type": "text", "id": "title", "text": "Hello @{name}", "modifiers": [{"background": {"content":
             {"type": "color", "id": "title-fill", "color": "@{tint}", "modifiers": [{"opacity": 0.3}]}}}]},
           {"type": "stepper", "id": "qty", "value": "@{qty}", "range": [0, 9], "label": "Quantity @{qty} for @{name}",
            "modifiers": [{"opacity": "@{show ? 1 : 0.5}"}]},
           \#(body),
           {"type": "button", "id": "checkout", "title": "Checkout (@{count})", "action": {"type": "set", "name": "count", "value": 0}}]}]}}
        """#
        let values: [String: [StateValue]] = [
            "items": (0..<4).map { _ in items(random.next(6)) } + [items(9)],
            "count": [.int(1), .int(12_345), .int(0)],
            "name": [.string("Grace Hopper, the admiral of the fleet"), .string(""), .string("Bo")],
            "tint": [.string("#FF0000"), .string("#3366CC")],
            "gap": [.int(0), .int(16), .number(3.5)],
            "w": [.int(40), .int(200), .number(80.5)],
            "lines": [.int(2), .int(1)],
            "show": [.bool(false), .bool(true)],
            "qty": [.int(0), .int(7), .int(1)],
        ]
        return (payload, values)
    }

    /// Reorders, inserts into and removes from the current `items` array (the kinds of change a list sees most).
    static func edited(_ items: StateValue?, _ random: inout SplitMix) -> StateValue? {
        guard case .array(var elements)? = items else { return nil }
        switch random.next(3) {
        case 0 where elements.count > 1: elements.swapAt(0, elements.count - 1)
        case 1 where !elements.isEmpty: elements.remove(at: random.next(elements.count))
        default:
            let copy = elements.isEmpty ? nil : elements[random.next(elements.count)]
            guard case .object(let object)? = copy else { return .array(elements) }
            var values = object.values
            values[0] = .string("new\(random.next(1000))")
            elements.insert(.object(StateObject(keys: object.keys, values: values)), at: random.next(elements.count + 1))
        }
        return .array(elements)
    }

    @Test(arguments: 0..<12)
    func `random changes of every kind on random interactive screens equal a fresh decode and layout`(_ seed: Int) throws {
        let made = Self.screen(seed: UInt64(seed))
        let decoding = PayloadDecoder().decode(Array(made.payload.utf8))
        let decoded = try #require(decoding.screen, "\(decoding.issues)")
        let screen = try #require(decoded.resolved(in: decoded.state).screen)
        let width = [375.0, 320, 1024][seed % 3]
        let direction: LayoutDirection = seed % 4 == 3 ? .rightToLeft : .leftToRight
        let environment = IncrementalDisplayListTests.window(width)
        let traits = environment.traitCollection(layoutDirection: direction)
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        var list = DisplayListUpdater()
        var driver = ViewTreeDriver(host: ModelHost())
        driver.apply(list.update(driver.items, to: engine.layout(screen, in: environment, traits: traits)))
        var random = SplitMix(seed: UInt64(seed) &* 977 &+ 1)
        let names = made.values.keys.sorted()
        var state = screen.state
        var templatePath = 0, spliced = 0
        var refusals: [String] = []
        for step in 0..<30 {
            var changed: [String] = []
            // The last step changes one variable that only texts outside the template read (the title on a
            // background, the stepper's label, the section's footer): the fast path's.
            if step == 29 {
                let name: StateValue = state["name"] == .string("Bo") ? .string("Ada") : .string("Bo")
                #expect(state.set("name", to: name) == nil)
                changed = ["name"]
            }
            for _ in 0..<(step == 29 ? 0 : 1 + random.next(2)) {
                let name = names[random.next(names.count)]
                let value: StateValue?
                if name == "items", random.next(2) == 0 {
                    value = Self.edited(state["items"], &random)
                } else {
                    let choices = try #require(made.values[name])
                    value = choices[random.next(choices.count)]
                }
                guard let value else { continue }
                #expect(state.set(name, to: value) == nil)
                if !changed.contains(name) { changed.append(name) }
            }
            guard !changed.isEmpty else { continue }
            let updated = updater.update(to: state, changedNames: changed)
            let update = try #require(updated)
            let incremental = engine.incrementalLayoutCount
            let result = engine.layout(applying: update, in: environment, traits: traits)
            if update.changedStructure {
                // Spliced into the kept tree, unless a splice refused (named) or another change needed a new tree.
                if engine.incrementalLayoutCount > incremental { spliced += 1 }
                if engine.incrementalLayoutCount == incremental {
                    refusals.append("\(String(describing: engine.lastSpliceRefusal)) \(String(describing: engine.lastRebuildRefusal)) \(changed)")
                }
            }
            driver.apply(list.update(driver.items, to: result))
            if step == 29 { #expect(!update.tookGeneralPath, "seed \(seed): a change of `name` took the general path") }
            // The items alone: made again in place unless an identity repeats (the general path reports it).
            if changed == ["items"], case .array(let elements)? = state["items"],
               Set(elements.compactMap { element -> StateValue? in
                   if case .object(let object) = element { return object.values.first }
                   return nil
               }).count == elements.count {
                #expect(update.changedStructure && !update.tookGeneralPath, "seed \(seed) step \(step): items took the general path")
            }
            if update.changedStructure { templatePath += 1 }
            #expect(updater.tablesAgreeWithFreshWalk(), "seed \(seed) step \(step): the updater's tables")

            // The payload as the server sent it, decoded in the new state and laid out afresh; and the screen resolved
            // again (the canonical form the updater keeps: its bindings in canonical key order).
            let document = try JSONValue.parse(Array(made.payload.utf8)).get()
            let freshDecoding = PayloadDecoder().decode(document, state: state)
            let decodedAgain = try #require(freshDecoding.screen, "\(freshDecoding.issues)")
            let general = try #require(screen.resolved(in: state).screen)
            let fresh = LayoutEngine().layout(decodedAgain, in: environment, traits: traits)
            let freshList = DisplayList(fresh)
            let context = "seed \(seed) step \(step): \(changed)"
            #expect(update.screen.root == general.root, "\(context): tree: \(IncrementalPropertyTests.difference(update.screen.root, general.root))")
            #expect(update.screen.state == decodedAgain.state, "\(context): state \(update.screen.state.schema.types) vs \(decodedAgain.state.schema.types)")
            #expect(result.nodes == fresh.nodes, "\(context): frames")
            // Names (ids, types, paths) are read from each node's payload node: they follow every splice and rebuild.
            #expect((0..<result.nodeCount).allSatisfy { result.payloadID(at: $0) == fresh.payloadID(at: $0) },
                    "\(context): payload ids")
            #expect(result.diagnostics == fresh.diagnostics, "\(context): diagnostics")
            #expect(driver.items == freshList.items, "\(context): display list \(IncrementalDisplayListTests.differing(driver.items, freshList.items))")
            #expect(list.accessibilityTree?.elements == freshList.accessibilityTree?.elements, "\(context): accessibility")
            #expect(list.accessibilityOrder == freshList.accessibilityOrder, "\(context): reading order")
        }
        #expect(templatePath > 0, "seed \(seed): no change took the template path")
        // Items hold no grid and report nothing: every change of them is spliced, whatever changed with them.
        #expect(spliced == templatePath, "seed \(seed): \(spliced) of \(templatePath) template changes spliced; refused: \(refusals)")
    }

    @Test func `ids inside a template's overlay, background, header and fallback views are made for each item again`() throws {
        let payload = #"""
        {"schemaVersion": 1, "id": "ids", "state": {"items": [{"id": "a"}, {"id": "b"}]},
         "root": {"type": "vstack", "children": [{"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template":
           {"type": "section", "id": "s-@{item.id}", "header": {"type": "text", "id": "h-@{item.id}", "text": "@{item.id}"},
            "children": [{"type": "image", "id": "i-@{item.id}", "url": "https://x.example/@{item.id}.png", "aspectRatio": 1,
              "modifiers": [{"overlay": {"content": {"type": "text", "id": "o-@{item.id}", "text": "@{item.id}"}}},
                            {"background": {"content": {"type": "color", "id": "b-@{item.id}", "color": "red"}}}]}]}}]}}
        """#
        let decoding = PayloadDecoder().decode(Array(payload.utf8))
        let screen = try #require(decoding.screen, "\(decoding.issues)")
        var state = screen.state
        #expect(state.set("items", to: .array([.object(StateObject(keys: ["id"], values: [.string("c")])),
                                               .object(StateObject(keys: ["id"], values: [.string("a")]))])) == nil)
        let resolved = screen.resolved(in: state)
        #expect(resolved.issues.isEmpty, "\(resolved.issues)")
        let again = try #require(resolved.screen)
        let ids = LayoutEngine().layout(again, in: IncrementalDisplayListTests.window(375), traits: IncrementalDisplayListTests.window(375).traitCollection())
            .nodes.compactMap(\.id)
        for id in ["s-c", "h-c", "i-c", "o-c", "b-c", "s-a", "h-a", "o-a", "b-a"] { #expect(ids.contains(id), "\(id) in \(ids)") }
        #expect(!ids.contains { $0.contains("@{") })
        // The encoding keeps the template's ids as written, so the canonical form decodes to the same screen.
        #expect(try #require(again.resolved(in: again.state).screen) == again)
    }
}
