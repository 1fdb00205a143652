import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema
@testable import SDUIDisplay

/// A `forEach`'s items inserted, removed and moved are made again in place (`TemplateItemPatch`): kept items keep
/// their nodes, new ones are decoded from the template's definition, and the tree equals the one the general path
/// (`Screen.resolved(in:)`) makes — with and without an identity key, with a template that reads `index` and one
/// that does not, with two templates and static children in one container.
@MainActor @Suite struct TemplateItemPatchTests {
    static func payload(id: Bool) -> String {
        let key = id ? #""id": "@{item.id}", "# : ""
        return #"""
        {"schemaVersion": 1, "id": "patch", "state": {"a": [{"id": "x", "n": 1}, {"id": "y", "n": 2}], "b": ["p", "q"], "tint": "#FF0000"},
         "root": {"type": "vstack", "id": "list", "children": [
           {"type": "text", "id": "head", "text": "@{len(a)} and @{len(b)}"},
           {"type": "forEach", "items": "@{a}", \#(key)"template":
             {"type": "hstack", "children": [{"type": "text", "text": "@{item.id}: @{item.n}"},
               {"type": "button", "title": "Remove", "action": {"type": "remove", "name": "a", "value": "@{item}"}}]}},
           {"type": "color", "id": "rule", "color": "@{tint}", "frame": {"height": 1}},
           {"type": "forEach", "items": "@{b}", "template": {"type": "text", "text": "#@{index} @{item}"}},
           {"type": "text", "id": "tail", "text": "end"}]}}
        """#
    }

    static func element(_ id: String, _ n: Int) -> StateValue {
        .object(StateObject(keys: ["id", "n"], values: [.string(id), .int(n)]))
    }

    @Test(arguments: [true, false])
    func `random inserts, removals and moves equal the general path and a fresh layout`(withID: Bool) throws {
        let decoding = PayloadDecoder().decode(Array(Self.payload(id: withID).utf8))
        let screen = try #require(decoding.screen, "\(decoding.issues)")
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = IncrementalDisplayListTests.window(375)
        let traits = environment.traitCollection()
        _ = engine.layout(screen, in: environment, traits: traits)
        var random = SplitMix(seed: withID ? 7 : 8)
        var a: [StateValue] = [Self.element("x", 1), Self.element("y", 2)]
        var b: [StateValue] = [.string("p"), .string("q")]
        var state = screen.state
        var next = 0, restarts = 0
        for step in 0..<60 {
            var changed: [String] = []
            switch random.next(6) {
            case 0:
                next += 1
                a.insert(Self.element("z\(next)", next), at: random.next(a.count + 1))
            case 1 where !a.isEmpty: a.remove(at: random.next(a.count))
            case 2 where a.count > 1: a.swapAt(random.next(a.count), random.next(a.count))
            case 3 where !a.isEmpty: a[random.next(a.count)] = Self.element("w\(step)", step)  // changed element
            case 4: b.insert(.string("s\(step)"), at: random.next(b.count + 1))
            default:
                if b.count > 1 { b.swapAt(0, b.count - 1) } else { b.append(.string("t\(step)")) }
            }
            #expect(state.set("a", to: .array(a)) == nil)
            #expect(state.set("b", to: .array(b)) == nil)
            changed = ["a", "b"]
            if random.next(3) == 0 {
                #expect(state.set("tint", to: .string(step % 2 == 0 ? "#00FF00" : "#FF0000")) == nil)
                changed.append("tint")
            }
            let updated = updater.update(to: state, changedNames: changed)
            let update = try #require(updated)
            #expect(update.changedStructure && !update.tookGeneralPath, "step \(step)")
            #expect(updater.tablesAgreeWithFreshWalk(), "step \(step): the renumbered tables")
            let general = try #require(screen.resolved(in: state).screen)
            #expect(update.screen.root == general.root, "step \(step): \(IncrementalPropertyTests.difference(update.screen.root, general.root))")
            let incremental = engine.incrementalLayoutCount
            let result = engine.layout(applying: update, in: environment, traits: traits)
            // Spliced into the kept tree, every time: payload memory many splices extended is started afresh.
            let generation = engine.state.tree.source?.generation ?? -1
            #expect(engine.incrementalLayoutCount == incremental + 1 && engine.lastSpliceRefusal == nil,
                    "step \(step): the items were not spliced into the kept tree (\(String(describing: engine.lastSpliceRefusal)))")
            #expect(generation >= 0 && generation < PayloadSource.maxGeneration, "step \(step): sources of generation \(generation)")
            if generation == 0 { restarts += 1 }
            let fresh = LayoutEngine().layout(general, in: environment, traits: traits)
            #expect(result.nodes == fresh.nodes, "step \(step): frames")
            #expect(result.diagnostics == fresh.diagnostics, "step \(step): diagnostics")
            // The locals an action sees: a kept item that moved is at its new index.
            // …and the index it sees is the item's place in its array (the items are distinct), for every item.
            var seen: Set<StateValue> = []
            for i in 0..<fresh.nodes.count {
                let kept = result.locals(at: i), made = fresh.locals(at: i)
                #expect(kept.map(\.name) == made.map(\.name) && kept.map(\.value) == made.map(\.value), "step \(step): locals of node \(i)")
                guard kept.count >= 2, kept[kept.count - 2].name == "item", kept[kept.count - 1].name == "index" else { continue }
                let item = kept[kept.count - 2].value
                let items = a.contains(item) ? a : b
                #expect(kept[kept.count - 1].value == .int(items.firstIndex(of: item) ?? -1), "step \(step): index of node \(i)")
                seen.insert(item)
            }
            #expect(seen == Set(a + b), "step \(step): every item's node sees its locals")
        }
        #expect(restarts == 60 / PayloadSource.maxGeneration)
    }

    @Test func `a kept item moved by a template that does not read its index keeps its node as it was, at the new index`() throws {
        let screen = try #require(PayloadDecoder().decode(Array(Self.payload(id: true).utf8)).screen)
        var updater = StateUpdater(screen: screen)
        var state = screen.state
        #expect(state.set("a", to: .array([Self.element("y", 2), Self.element("x", 1)])) == nil)
        let updated = updater.update(to: state, changedNames: ["a"])
        let update = try #require(updated)
        #expect(update.changedStructure)
        let moved = update.screen.root.children[1]
        #expect(update.screen.root.templateItemIndex(ofChild: 1) == 0 && moved.templateItem?.key == .string("y"))
        #expect(moved == screen.root.children[2], "the node of y is kept as it was")
        #expect(moved.children == screen.root.children[2].children, "the node of y is kept")
        #expect(update.screen.root == screen.resolved(in: state).screen?.root)
    }

    /// An element the previous state held at an item — the same stored value — takes that item's identity without
    /// reading it (`ItemIdentity.previousPosition`); an equal copy, a changed element or a new one has its identity
    /// read. Either way the items equal the general path's, and a repeated identity still takes the general path.
    @Test func `elements held as the same stored values or as equal copies keep their items and identities`() throws {
        let screen = try #require(PayloadDecoder().decode(Array(Self.payload(id: true).utf8)).screen)
        var updater = StateUpdater(screen: screen)
        var state = screen.state
        let x = Self.element("x", 1), y = Self.element("y", 2), z = Self.element("z", 3)
        let steps: [(items: [StateValue], general: Bool)] = [
            ([x, y, z], false),                                      // z inserted after the same stored x and y
            ([Self.element("x", 1), y, Self.element("z", 3)], false),  // equal copies: their identities read
            ([z, Self.element("y", 2), x], false),                   // moved, one of them a copy
            ([y, z, x, Self.element("w", 4)], false),                 // moved and one made
            ([Self.element("w", 9), y, z, x], false),                 // w changed: made again, at a new index
            ([x, y, x], true),                                       // x twice: a repeated identity
        ]
        for (step, entry) in steps.enumerated() {
            let before = updater.screen.root
            #expect(state.set("a", to: .array(entry.items)) == nil)
            let updated = updater.update(to: state, changedNames: ["a"])
            let update = try #require(updated, "step \(step)")
            #expect(update.tookGeneralPath == entry.general, "step \(step)")
            let general = try #require(screen.resolved(in: state).screen)
            #expect(update.screen.root == general.root, "step \(step): \(IncrementalPropertyTests.difference(update.screen.root, general.root))")
            #expect(updater.tablesAgreeWithFreshWalk(), "step \(step): the renumbered tables")
            guard !entry.general else { continue }
            // Every item whose element is equal to one before (the same stored value or not) keeps its node.
            let oldItems = before.children.filter { $0.templateItem != nil && $0.templateItem?.key != nil }
            for child in update.screen.root.children {
                guard let item = child.templateItem, case .object = item.item,
                      let old = oldItems.first(where: { $0.templateItem?.key == item.key }), old.templateItem?.item == item.item else { continue }
                #expect(child == old, "step \(step): the node of \(item.key) is kept")
            }
        }
    }

    /// `ItemIdentity` reads an identity that is a member path of the item from the element; any identity gives the
    /// key the binding's own evaluation gives, or fails where it fails.
    @Test func `an identity read as a member path agrees with the evaluated binding`() throws {
        let scope = ExpressionScope(schema: StateSchema(), locals: [("item", .any), ("index", .number)])
        let sources = ["@{item.id}", "@{item.a.b}", "@{item.a.b.c}", "@{item}", "@{item.id + index}", "k-@{item.id}", "@{index}"]
        let paths: [[String]?] = [["id"], ["a", "b"], ["a", "b", "c"], nil, nil, nil, nil]
        var random = SplitMix(seed: 27)
        let leaves: [StateValue] = [.string("x"), .string("y"), .int(1), .number(2.5), .bool(true), .null, .array([.int(1)])]
        func value(_ depth: Int) -> StateValue {
            let pick = Int(random.next() % 4)
            if depth == 0 || pick == 0 { return leaves[Int(random.next() % UInt64(leaves.count))] }
            var keys: [String] = [], values: [StateValue] = []
            for name in ["id", "a", "b", "c"] where random.next() % 3 != 0 {
                keys.append(name)
                values.append(value(depth - 1))
            }
            return .object(StateObject(keys: keys, values: values))
        }
        for (source, path) in zip(sources, paths) {
            let binding = try StateBinding(compiling: source, in: scope)
            let identity = ItemIdentity(binding)
            #expect(identity.memberPath == path, "\(source)")
            var locals: [StateValue] = [.null, .null]
            var found = 0
            for index in 0..<300 {
                let element = value(3)
                let key = identity.key(of: element, index: index, globals: [], locals: &locals, limits: ExpressionLimits())
                let evaluated = try? binding.evaluate(globals: [], locals: [element, .int(index)])
                #expect(key == evaluated, "\(source) of \(element)")
                if key != nil { found += 1 }
            }
            #expect(found > 0, "\(source): some elements have the identity")
        }
    }

    @Test func `identities that repeat take the general path, which reports them`() throws {
        let screen = try #require(PayloadDecoder().decode(Array(Self.payload(id: true).utf8)).screen)
        var updater = StateUpdater(screen: screen)
        var state = screen.state
        #expect(state.set("a", to: .array([Self.element("x", 1), Self.element("x", 3)])) == nil)
        let updated = updater.update(to: state, changedNames: ["a"])
        let update = try #require(updated)
        #expect(update.tookGeneralPath && !update.changedStructure)
        #expect(update.warnings.contains { $0.contains("same identity") }, "\(update.warnings)")
        #expect(update.screen.root == screen.resolved(in: state).screen?.root)
    }

    @Test func `ids an item makes that another node has take the general path, which refuses the state`() throws {
        let payload = #"""
        {"schemaVersion": 1, "id": "ids", "state": {"a": ["x"]},
         "root": {"type": "vstack", "children": [{"type": "text", "id": "row-y", "text": "fixed"},
           {"type": "forEach", "items": "@{a}", "template": {"type": "text", "id": "row-@{item}", "text": "@{item}"}}]}}
        """#
        let screen = try #require(PayloadDecoder().decode(Array(payload.utf8)).screen)
        var updater = StateUpdater(screen: screen)
        var state = screen.state
        #expect(state.set("a", to: .array([.string("x"), .string("y")])) == nil)
        #expect(updater.update(to: state, changedNames: ["a"]) == nil)
        #expect(screen.resolved(in: state).screen == nil)
        #expect(state.set("a", to: .array([.string("z"), .string("x")])) == nil)
        let updated = updater.update(to: state, changedNames: ["a"])
        let update = try #require(updated)
        #expect(update.changedStructure)
        #expect(update.screen.root == screen.resolved(in: state).screen?.root)
    }

    /// Items spliced into containers whose flat children are not only the items: a section (its header before them,
    /// its footer after), a stack with a background and an overlay view (flat nodes around the children), a zstack
    /// (its share axis) — each starting empty, then random inserts, removals, moves and changed elements, laid out
    /// in the kept tree every time and compared with a fresh layout (frames, diagnostics, display list,
    /// accessibility).
    @Test(arguments: ["section", "decorated", "zstack"])
    func `items spliced next to headers, footers and decoration views equal a fresh layout`(container: String) throws {
        let template = #"{"type": "hstack", "id": "row-@{item.id}", "children": [{"type": "text", "id": "t-@{item.id}", "text": "@{item.id} @{item.n}"}, {"type": "spacer"}, {"type": "button", "id": "b-@{item.id}", "title": "Drop", "modifiers": [{"overlay": {"content": {"type": "color", "id": "dot-@{item.id}", "color": "red", "frame": {"width": 4, "height": 4}}}}], "action": {"type": "set", "name": "n", "value": 0}}]}"#
        let items = #"{"type": "forEach", "items": "@{a}", "id": "@{item.id}", "template": \#(template)}"#
        let body: String
        switch container {
        case "section":
            body = #"{"type": "section", "id": "box", "spacing": 4, "header": {"type": "text", "id": "head", "text": "@{len(a)} rows"}, "footer": {"type": "text", "id": "foot", "text": "end"}, "children": [\#(items)]}"#
        case "decorated":
            body = #"{"type": "vstack", "id": "box", "modifiers": [{"background": {"content": {"type": "color", "id": "fill", "color": "gray"}}}, {"padding": 8}, {"overlay": {"alignment": "bottomTrailing", "content": {"type": "text", "id": "count", "text": "@{len(a)}"}}}], "children": [\#(items)]}"#
        default:
            body = #"{"type": "zstack", "id": "box", "frame": {"height": 120}, "children": [\#(items)]}"#
        }
        let payload = #"""
        {"schemaVersion": 1, "id": "splice", "state": {"a": [], "n": 1},
         "root": {"type": "scroll", "children": [{"type": "vstack", "spacing": 10, "children": [
           {"type": "text", "id": "top", "text": "Top"}, \#(body), {"type": "text", "id": "bottom", "text": "n = @{n}"}]}]}}
        """#
        let decoding = PayloadDecoder().decode(Array(payload.utf8))
        let screen = try #require(decoding.screen, "\(decoding.issues)")
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let kept = keptDisplay(of: screen, engine: engine)
        let (environment, traits) = (kept.environment, kept.traits)
        var (list, driver) = (kept.list, kept.driver)
        var random = SplitMix(seed: UInt64(container.count))
        var a: [StateValue] = []
        var state = screen.state
        for step in 0..<24 {
            var changed = ["a"]
            switch random.next(5) {
            case 0, 1: a.insert(Self.element("e\(step)", step), at: random.next(a.count + 1))
            case 2 where !a.isEmpty: a.remove(at: random.next(a.count))
            case 3 where a.count > 1: a.swapAt(0, a.count - 1)
            default:
                if a.isEmpty { a.append(Self.element("f\(step)", step)) } else { a[random.next(a.count)] = Self.element("g\(step)", step) }
            }
            if step % 5 == 4 { a = [] }
            #expect(state.set("a", to: .array(a)) == nil)
            if random.next(3) == 0 {
                #expect(state.set("n", to: .int(step)) == nil)
                changed.append("n")
            }
            let updated = updater.update(to: state, changedNames: changed)
            let update = try #require(updated)
            let incremental = engine.incrementalLayoutCount
            let result = engine.layout(applying: update, in: environment, traits: traits)
            driver.apply(list.update(driver.items, to: result))
            let context = "\(container) step \(step)"
            if update.changedStructure {
                #expect(engine.incrementalLayoutCount == incremental + 1,
                        "\(context): not spliced (\(String(describing: engine.lastSpliceRefusal)))")
            }
            let general = try #require(screen.resolved(in: state).screen)
            let fresh = LayoutEngine().layout(general, in: environment, traits: traits)
            let freshList = DisplayList(fresh)
            #expect(result.nodes == fresh.nodes, "\(context): frames")
            #expect(result.diagnostics == fresh.diagnostics, "\(context): diagnostics")
            #expect(driver.items == freshList.items, "\(context): display list")
            #expect(list.accessibilityTree?.elements == freshList.accessibilityTree?.elements, "\(context): accessibility")
        }
    }

    @Test func `a change a node this build does not show reads takes the general path, which checks its content`() throws {
        // "carousel" is a type this build does not know, with no fallback: it is not shown, and its content is kept as
        // the payload wrote it — but a fresh decode in a new state still makes its items (their ids must be unique).
        let payload = #"""
        {"schemaVersion": 1, "id": "dropped", "state": {"a": ["x"], "title": "Hi", "other": 1},
         "root": {"type": "vstack", "children": [{"type": "text", "id": "title", "text": "@{title} @{other}"},
           {"type": "carousel", "id": "new-kind", "children": [
             {"type": "forEach", "items": "@{a}", "template": {"type": "text", "id": "row-@{item}", "text": "@{item}"}}]}]}}
        """#
        let screen = try #require(PayloadDecoder().decode(Array(payload.utf8)).screen)
        #expect(screen.root.children[1].droppedReason != nil)
        var updater = StateUpdater(screen: screen)
        var state = screen.state
        // An item repeated: the fresh decode refuses the state, so the update must too.
        #expect(state.set("a", to: .array([.string("x"), .string("x")])) == nil)
        #expect(screen.resolved(in: state).screen == nil)
        #expect(updater.update(to: state, changedNames: ["a"]) == nil)
        // A new item: the general path, equal to a fresh decode.
        #expect(state.set("a", to: .array([.string("x"), .string("y")])) == nil)
        let updated = updater.update(to: state, changedNames: ["a"])
        let update = try #require(updated)
        #expect(update.tookGeneralPath)
        #expect(update.screen.root == screen.resolved(in: state).screen?.root)
        // A variable only shown nodes read keeps the fast path ("title" is not a whole word in the dropped content).
        #expect(state.set("title", to: .string("Hello")) == nil)
        let titleUpdate = updater.update(to: state, changedNames: ["title"])
        let titled = try #require(titleUpdate)
        #expect(!titled.tookGeneralPath)
        #expect(StateDependencies.slotsNamed(in: .string("@{a + other_a} @{b.a}"), schema: state.schema) == [0])
    }
}
