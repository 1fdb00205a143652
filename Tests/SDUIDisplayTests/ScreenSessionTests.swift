import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIDisplay

/// `ScreenSession` driven as a native host drives it: controls addressed by their layout index (ids are optional),
/// taps with the locals of a template item's place, each step laid out and the display list brought along.
@Suite struct ScreenSessionTests {
    static func screen(_ json: String) throws -> Screen {
        let decoding = PayloadDecoder().decode(Array(json.utf8))
        #expect(decoding.issues.isEmpty, "\(decoding.issues)")
        return try #require(decoding.screen)
    }

    /// Inputs without ids, a stepper without a range, a request and a navigation in one action.
    static let form = #"""
    {"schemaVersion": 1, "id": "form", "state": {"on": false, "name": "", "qty": 1, "size": "m", "status": ""},
     "root": {"type": "vstack", "children": [
       {"type": "toggle", "isOn": "@{on}", "label": "On"},
       {"type": "textField", "text": "@{name}", "placeholder": "Name", "keyboard": "emailAddress", "secure": true},
       {"type": "stepper", "value": "@{qty}", "label": "Qty @{qty}"},
       {"type": "picker", "selection": "@{size}", "options": ["s", "m", {"value": "l", "label": "Large"}], "style": "segmented"},
       {"type": "text", "id": "echo", "text": "@{name} × @{qty}"},
       {"type": "button", "id": "send", "title": "Send", "action": {"type": "sequence", "actions": [
         {"type": "set", "name": "status", "value": "sending"},
         {"type": "request", "url": "https://example.com/@{name}", "onSuccess": {"type": "set", "name": "status", "value": "@{'ok ' + response.status}"}},
         {"type": "navigate", "screen": "done"}]}}]}}
    """#

    /// A template whose rows remove themselves.
    static let list = #"""
    {"schemaVersion": 1, "id": "list", "state": {"rows": ["a", "b", "c"]},
     "root": {"type": "vstack", "children": [
       {"type": "forEach", "items": "@{rows}", "template": {"type": "button", "title": "@{item}",
         "action": {"type": "remove", "name": "rows", "index": "@{index}"}}}]}}
    """#

    /// A host's loop: the session, one engine, the items as the last change left them.
    struct Host {
        var session: ScreenSession
        let engine = LayoutEngine()
        let window = Fixture.window("iphone-16")
        var layout: LayoutResult
        var items: [DisplayItem] = []

        init(_ screen: Screen) {
            session = ScreenSession(screen: screen)
            layout = engine.layout(screen, in: window, traits: window.traitCollection())
            items = session.displayChange([], to: layout, after: nil).applied(to: [])
        }

        /// Lays out after `step` as a host does and brings the items along.
        mutating func carryOut(_ step: ScreenSession.Step) {
            guard let update = step.update else { return }
            layout = engine.layout(applying: update, in: window, traits: window.traitCollection())
            items = session.displayChange(items, to: layout, after: update).applied(to: items)
        }

        func index(of type: ComponentType, _ n: Int = 0) -> Int { items.filter { $0.type == type }[n].index.int }

        /// The items a fresh host would show for the session's screen now.
        func fresh() -> [DisplayItem] {
            DisplayList(LayoutEngine().layout(session.screen, in: window, traits: window.traitCollection())).items
        }
    }

    @Test func `controls without ids change the state through their layout index and show it`() throws {
        var host = Host(try Self.screen(Self.form))
        let toggle = host.index(of: .toggle), field = host.index(of: .textField)
        let stepper = host.index(of: .stepper), picker = host.index(of: .picker)
        let sizes = [PickerOption(value: .string("s"), label: "s"), PickerOption(value: .string("m"), label: "m"),
                     PickerOption(value: .string("l"), label: "Large")]
        #expect(host.session.input(ofNodeAt: toggle, in: host.layout) == .toggle(isOn: false))
        #expect(host.session.input(ofNodeAt: field, in: host.layout)
                == .textField(text: "", placeholder: "Name", keyboard: .emailAddress, isSecure: true))
        #expect(host.session.input(ofNodeAt: stepper, in: host.layout) == .stepper(value: 1, range: 0...100, step: 1))
        #expect(host.session.input(ofNodeAt: picker, in: host.layout) == .picker(options: sizes, selected: 1, segmented: true))
        #expect(host.session.input(ofNodeAt: host.index(of: .text), in: host.layout) == nil)

        host.carryOut(try host.session.toggleInput(ofNodeAt: toggle, in: host.layout))
        host.carryOut(try host.session.setInput(ofNodeAt: field, in: host.layout, to: .string("Ada")))
        // No range in the payload: the schema's (and SwiftUI's) 0…100, as UIStepper clamps.
        host.carryOut(try host.session.setInput(ofNodeAt: stepper, in: host.layout, to: .int(250)))
        host.carryOut(try host.session.setInput(ofNodeAt: picker, in: host.layout, to: .string("l")))
        #expect(host.session.state["on"] == .bool(true))
        #expect(host.session.state["name"] == .string("Ada"))
        #expect(host.session.state["qty"]?.doubleValue == 100)
        #expect(host.session.state["size"] == .string("l"))
        #expect(host.session.input(ofNodeAt: toggle, in: host.layout) == .toggle(isOn: true))
        #expect(host.session.input(ofNodeAt: stepper, in: host.layout) == .stepper(value: 100, range: 0...100, step: 1))
        #expect(host.session.input(ofNodeAt: picker, in: host.layout) == .picker(options: sizes, selected: 2, segmented: true))
        let echo = try #require(host.items.first { $0.payloadID == "echo" })
        #expect(echo.text?.sourceText == "Ada × 100")
        // The list is what a fresh host shows.
        #expect(host.items == host.fresh())
    }

    @Test func `a change made from the screen the items show updates them in place`() throws {
        // Rows wider than the badge: its new width moves nothing else (the stack is as wide as its widest child).
        let rows = (0..<20).map { #"{"type": "text", "text": "a row wider than the badge, \#($0)"}"# }.joined(separator: ", ")
        var host = Host(try Self.screen(#"""
        {"schemaVersion": 1, "id": "cart", "state": {"count": 0}, "root": {"type": "vstack", "children": [
          {"type": "text", "id": "badge", "text": "@{count} in cart"},
          {"type": "button", "id": "add", "title": "Add", "action": {"type": "set", "name": "count", "value": "@{count + 1}"}},
          \#(rows)]}}
        """#))
        for _ in 0..<3 {
            let (action, locals) = try host.session.action(ofNodeWithID: "add", in: host.layout)
            host.carryOut(host.session.run(action, locals: locals))
        }
        #expect(host.items.first { $0.payloadID == "badge" }?.text?.sourceText == "3 in cart")
        #expect(host.session.displayList.incrementalUpdateCount == 3)
        #expect(host.items == host.fresh())
        // A layout the session did not make the change for (new traits, say) makes the whole list.
        let ipad = Fixture.window("ipad-pro-13-m4")
        let layout = host.engine.layout(host.session.screen, in: ipad, traits: ipad.traitCollection())
        guard case .list = host.session.displayChange(host.items, to: layout, after: nil) else {
            Issue.record("a layout in new traits must make the whole list")
            return
        }
    }

    @Test func `refused values change nothing and say what was expected`() throws {
        var host = Host(try Self.screen(Self.form))
        let before = host.session.state
        let picker = host.index(of: .picker)
        let refused = #expect(throws: ScreenSessionError.self) {
            _ = try host.session.setInput(ofNodeAt: picker, in: host.layout, to: .string("xl"))
        }
        #expect(refused?.code == .invalidValue)
        #expect(refused?.message.contains("has no option \"xl\"") == true, "\(refused?.message ?? "")")
        let typed = #expect(throws: ScreenSessionError.self) {
            _ = try host.session.setInput(ofNodeAt: host.index(of: .textField), in: host.layout, to: .int(3))
        }
        #expect(typed?.code == .invalidValue)
        let notInput = #expect(throws: ScreenSessionError.self) {
            _ = try host.session.toggleInput(ofNodeAt: host.index(of: .text), in: host.layout)
        }
        #expect(notInput?.code == .nodeNotFound)
        let outside = #expect(throws: ScreenSessionError.self) { _ = try host.session.action(ofNodeAt: 10_000, in: host.layout) }
        #expect(outside?.code == .nodeNotFound)
        #expect(host.session.state == before)
        // The value the variable already holds is no change.
        let same = try host.session.setInput(ofNodeAt: picker, in: host.layout, to: .string("m"))
        #expect(same.changedNames.isEmpty && same.update == nil && !same.isUnresolved)
        host.carryOut(same)
        #expect(host.items == host.fresh())
    }

    @Test func `a template item's action runs with the locals of its place`() throws {
        var host = Host(try Self.screen(Self.list))
        // The second row ("b"): its button's action removes index 1.
        let row = host.index(of: .button, 1)
        #expect(host.items[row].text?.sourceText == "b")
        let (action, locals) = try host.session.action(ofNodeAt: row, in: host.layout)
        #expect(locals.map(\.name).contains("index"))
        host.carryOut(host.session.run(action, locals: locals))
        #expect(host.session.state["rows"] == .array([.string("a"), .string("c")]))
        #expect(host.items == host.fresh())
    }

    @Test func `effects come back in order; a tracked request is answered once`() throws {
        var host = Host(try Self.screen(Self.form))
        host.carryOut(try host.session.setInput(ofNodeAt: host.index(of: .textField), in: host.layout, to: .string("ada")))
        let (action, locals) = try host.session.action(ofNodeWithID: "send", in: host.layout)
        let step = host.session.run(action, locals: locals)
        #expect(step.changedNames == ["status"])
        host.carryOut(step)
        guard step.effects.count == 2, case .request(let request) = step.effects[0], case .navigate("done") = step.effects[1] else {
            Issue.record("effects: \(step.effects)")
            return
        }
        #expect(request.url == "https://example.com/ada")
        #expect(host.session.pendingRequests.isEmpty, "a request waits only once the host tracks it")
        host.session.track(request)
        let answered = try host.session.respond(to: request, with: RequestResponse(status: 201))
        host.carryOut(answered)
        #expect(host.session.state["status"] == .string("ok 201"))
        #expect(host.session.pendingRequests.isEmpty)
        let again = #expect(throws: ScreenSessionError.self) {
            _ = try host.session.respond(to: request, with: RequestResponse(status: 200))
        }
        #expect(again?.code == .nodeNotFound)
        #expect(host.items == host.fresh())
    }

    @Test func `lifecycle actions are listed in document order, lazy subtrees left out`() throws {
        // The root scroll's grid is a lazy grid (its items appear as they scroll into view); an overlay's view and a
        // section's header are nodes like any other.
        let screen = try Self.screen(#"""
        {"schemaVersion": 1, "id": "l", "state": {"log": ""}, "root": {"type": "scroll",
          "onAppear": {"type": "set", "name": "log", "value": "@{log + 'root '}"}, "children": [
          {"type": "text", "text": "a", "onAppear": {"type": "set", "name": "log", "value": "@{log + 'a '}"},
           "modifiers": [{"overlay": {"content": {"type": "text", "text": "o", "onAppear": {"type": "set", "name": "log", "value": "@{log + 'o '}"}}}}]},
          {"type": "section", "header": {"type": "text", "text": "h", "onAppear": {"type": "set", "name": "log", "value": "@{log + 'h '}"}},
           "children": [{"type": "text", "text": "s"}]},
          {"type": "grid", "children": [{"type": "vstack", "children": [{"type": "text", "text": "b", "onAppear": {"type": "set", "name": "log", "value": "@{log + 'b '}"}}]}]}]}}
        """#)
        let window = Fixture.window("iphone-16")
        let layout = LayoutEngine().layout(screen, in: window, traits: window.traitCollection())
        #expect(ScreenSession.lifecycleActions(in: layout, appearing: true).count == 5)
        #expect(ScreenSession.lifecycleActions(in: layout, appearing: false).isEmpty)
        #expect(ScreenSession.lifecycleActions(in: layout, appearing: true, skippingLazyItems: true).count == 4)
        var session = ScreenSession(screen: screen)
        for (action, locals) in ScreenSession.lifecycleActions(in: layout, appearing: true) {
            _ = session.run(action, locals: locals)
        }
        #expect(session.state["log"] == .string("root a o h b "))
    }

    @Test func `lifecycle actions of every subtree equal a walk of the whole screen`() throws {
        // Every node's subtree, with and without the lazy items, against the nodes below it found through their parents.
        let screen = try Self.screen(#"""
        {"schemaVersion": 1, "id": "l", "state": {"log": "", "rows": [1, 2, 3]}, "root": {"type": "scroll",
          "onAppear": {"type": "set", "name": "log", "value": "r"}, "onDisappear": {"type": "set", "name": "log", "value": "-r"}, "children": [
          {"type": "vstack", "onAppear": {"type": "set", "name": "log", "value": "v"}, "children": [
            {"type": "text", "text": "a", "onAppear": {"type": "set", "name": "log", "value": "a"},
             "modifiers": [{"overlay": {"content": {"type": "text", "text": "o", "onDisappear": {"type": "set", "name": "log", "value": "-o"}}}}]},
            {"type": "grid", "children": [{"type": "forEach", "items": "@{rows}", "template": {"type": "vstack",
              "onAppear": {"type": "set", "name": "log", "value": "@{'i' + index}"}, "children": [
              {"type": "text", "text": "@{item}", "onAppear": {"type": "set", "name": "log", "value": "@{'t' + item}"},
               "onDisappear": {"type": "set", "name": "log", "value": "@{'-t' + item}"}}]}}]}]},
          {"type": "section", "header": {"type": "text", "text": "h", "onAppear": {"type": "set", "name": "log", "value": "h"}},
           "children": [{"type": "text", "text": "s", "onDisappear": {"type": "set", "name": "log", "value": "-s"}}]}]}}
        """#)
        let window = Fixture.window("iphone-16")
        let layout = LayoutEngine().layout(screen, in: window, traits: window.traitCollection())
        let lazy = Set(layout.lazyItemIndices)
        #expect(!lazy.isEmpty)
        func describe(_ found: [(action: Action, locals: ScreenSession.Locals)]) -> [String] {
            found.map { "\($0.action) \($0.locals.map { "\($0.name)=\($0.value)" })" }
        }
        for root in 0..<layout.nodeCount {
            for appearing in [true, false] {
                for skipping in [true, false] {
                    // A node is in when it is the root or its parent is in, and it is not a skipped lazy item.
                    var inside = [Bool](repeating: false, count: layout.nodeCount)
                    var expected: [(action: Action, locals: ScreenSession.Locals)] = []
                    for i in root..<layout.nodeCount {
                        let parent = layout.parentIndex(at: i)
                        guard i == root || (parent >= root && inside[parent]) else { continue }
                        guard !(skipping && lazy.contains(i)) else { continue }
                        inside[i] = true
                        guard let content = layout.content(at: i),
                              let action = appearing ? content.onAppear : content.onDisappear else { continue }
                        expected.append((action, layout.locals(at: i)))
                    }
                    let found = ScreenSession.lifecycleActions(in: layout, subtree: root, appearing: appearing, skippingLazyItems: skipping)
                    #expect(describe(found) == describe(expected), "subtree \(root), appearing \(appearing), skipping \(skipping)")
                }
            }
        }
    }
}
