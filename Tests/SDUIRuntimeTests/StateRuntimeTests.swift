import Testing
import SDUIEnvironment
import SDUILayout
import SDUISchema
@testable import SDUIRuntime

/// Interactive screens in the runtime: state actions, inputs, requests, lifecycle triggers, views updated in place.
@MainActor
@Suite struct StateRuntimeTests {
    static func screen(_ json: String) throws -> Screen {
        let decoding = PayloadDecoder().decode(Array(json.utf8))
        #expect(decoding.issues.isEmpty, "\(decoding.issues)")
        return try #require(decoding.screen)
    }

    static let counter = #"""
    {"schemaVersion": 1, "id": "counter", "state": {"count": 0, "log": ""},
     "root": {"type": "vstack", "spacing": 12, "onAppear": {"type": "set", "name": "log", "value": "@{log + 'appeared '}"},
       "onDisappear": {"type": "set", "name": "log", "value": "@{log + 'left '}"}, "children": [
       {"type": "text", "id": "badge", "text": "@{count} in cart", "visible": "@{count > 0}"},
       {"type": "text", "id": "label", "text": "Count: @{count}"},
       {"type": "button", "id": "add", "title": "Add", "action": {"type": "set", "name": "count", "value": "@{count + 1}"}},
       {"type": "button", "id": "bad", "title": "Bad", "action": {"type": "set", "name": "count", "value": "@{count / 0}"}}]}}
    """#

    func launch(_ screen: Screen, handler: (any RequestHandler)? = nil) throws -> (Harness, ScreenViewController) {
        nonisolated(unsafe) var made: ScreenViewController?
        let harness = try Harness {
            let controller = ScreenViewController(screen: screen)
            made = controller
            return controller
        }
        let controller = try #require(made)
        controller.requestHandler = handler
        return (harness, controller)
    }

    func text(_ controller: ScreenViewController, _ id: String) -> [String] {
        (controller.nodeView(id: id) as? ComponentView)?.textLines ?? []
    }

    @Test func `a state change of a list is recorded as its JSON, equal and hashed as a change given as JSON`() throws {
        let json = #"{"schemaVersion": 1, "id": "list", "state": {"items": []}, "root": {"type": "text", "text": "@{len(items)} items"}}"#
        let (harness, controller) = try launch(try Self.screen(json))
        let mark = harness.log.events.count
        let list: StateValue = .array([.object(StateObject(keys: ["id", "n"], values: [.string("a"), .int(2)])), .null, .bool(true)])
        try controller.setState("items", to: list)
        let changes = harness.log.events(since: mark).filter { $0.kind == .stateDidChange }.flatMap(\.stateChanges)
        let given = Event.StateChange(name: "items", value: list.jsonValue)
        #expect(changes == [given])
        #expect(changes.first?.value == [["id": "a", "n": 2], .null, true] as JSONValue)
        #expect(changes.first?.hashValue == given.hashValue)
        var set = try #require(changes.first)
        set.value = .string("b")
        #expect(set == Event.StateChange(name: "items", value: .string("b")))
    }

    @Test func `a tap runs the state action, lays out again and keeps every view`() throws {
        let (harness, controller) = try launch(try Self.screen(Self.counter))
        #expect(controller.nodeView(id: "badge")?.isHidden == true)
        let views = controller.nodeViews.map { ObjectIdentifier($0.view) }
        let made = controller.viewsMade
        let mark = harness.log.events.count
        try controller.performAction(ofNodeWithID: "add")
        #expect(controller.state["count"] == .int(1))
        #expect(controller.nodeView(id: "badge")?.isHidden == false)
        #expect(text(controller, "badge") == ["1 in cart"])
        #expect(text(controller, "label") == ["Count: 1"])
        #expect(controller.nodeViews.map { ObjectIdentifier($0.view) } == views, "no view is recreated")
        #expect(controller.viewsMade == made)
        let changes = harness.log.events(since: mark).filter { $0.kind == .stateDidChange }
        #expect(changes.map(\.stateChanges) == [[Event.StateChange(name: "count", value: .number(1))]])
        // The frames are a fresh layout's of the screen in the new state.
        let environment = try #require(controller.layoutEnvironment())
        let fresh = LayoutEngine().layout(controller.screen, in: environment, traits: controller.traitCollection)
        #expect(controller.layoutResult?.nodes == fresh.nodes)
        // Only the texts changed on the second tap: the incremental path.
        try controller.performAction(ofNodeWithID: "add")
        #expect(text(controller, "badge") == ["2 in cart"])
    }

    @Test func `a view whose ancestor moved holds its item's new absolute frame`() throws {
        let (harness, controller) = try launch(try Self.screen(#"""
        {"schemaVersion": 1, "id": "moves", "state": {"top": "Short"}, "root": {"type": "scroll", "children": [
          {"type": "vstack", "alignment": "leading", "children": [
          {"type": "text", "id": "top", "text": "@{top}"},
          {"type": "vstack", "id": "box", "padding": 8, "children": [{"type": "hstack", "id": "row", "children": [
            {"type": "text", "id": "inner", "text": "Inside"}, {"type": "text", "id": "other", "text": "Beside"}]}]}]}]}}
        """#))
        let before = try #require(controller.displayItems.first { $0.payloadID == "inner" }?.frame)
        try controller.setState("top", to: .string(String(repeating: "A line long enough to wrap onto more lines. ", count: 4)))
        let items = controller.displayItems
        let after = try #require(items.first { $0.payloadID == "inner" }?.frame)
        #expect(after.y > before.y, "the box moved down under the wrapped text")
        for id in ["box", "row", "inner", "other"] {
            let item = try #require(items.first { $0.payloadID == id })
            #expect((controller.nodeView(id: id) as? ComponentView)?.item?.frame == item.frame, "\(id)")
        }
        // The app (its window and scene) stays alive until the checks are done.
        withExtendedLifetime(harness) {}
    }

    @Test func `views below moved template cards hold their items' geometry`() throws {
        let (harness, controller) = try launch(try Self.screen(#"""
        {"schemaVersion": 1, "id": "cards", "state": {"items": [{"id": "a", "t": "Alpha"}, {"id": "b", "t": "Beta"}, {"id": "c", "t": "Gamma"}]},
         "root": {"type": "scroll", "children": [{"type": "vstack", "spacing": 6, "children": [
           {"type": "forEach", "items": "@{items}", "id": "@{item.id}", "template":
             {"type": "vstack", "id": "card-@{item.id}", "padding": 8, "background": "#EEEEEE", "children": [
               {"type": "hstack", "spacing": 4, "children": [
                 {"type": "image", "systemName": "star", "frame": {"width": 16, "height": 16}},
                 {"type": "text", "id": "t-@{item.id}", "text": "@{item.t}", "padding": 2},
                 {"type": "text", "text": "@{index}"}]},
               {"type": "text", "text": "A second line for @{item.t}"}]}},
           {"type": "text", "id": "end", "text": "End"}]}]}}
        """#))
        func item(_ id: String, _ t: String) -> StateValue { .object(StateObject(keys: ["id", "t"], values: [.string(id), .string(t)])) }
        let steps: [[StateValue]] = [
            [item("n", "New and long enough to wrap onto a second line of the card"), item("a", "Alpha"), item("b", "Beta"), item("c", "Gamma")],
            [item("a", "Alpha"), item("b", "Beta"), item("c", "Gamma")],
            [item("c", "Gamma"), item("a", "Alpha"), item("b", "Beta")],
            [item("c", "Gamma"), item("b", "Beta")],
            [item("m", "M"), item("c", "Gamma"), item("a", "Alpha"), item("b", "Beta")],
        ]
        for (step, items) in steps.enumerated() {
            try controller.setState("items", to: .array(items))
            let byID = Dictionary(controller.displayItems.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            for (id, view) in controller.nodeViews {
                let drawn = try #require((view as? ComponentView)?.item, "step \(step): \(id)")
                let item = try #require(byID[id], "step \(step): \(id)")
                #expect(drawn.frame == item.frame && drawn.contentBox == item.contentBox, "step \(step): \(id)")
                #expect(drawn.hasSameLines(as: item) && drawn.hasSameContent(as: item), "step \(step): \(id)")
            }
        }
        withExtendedLifetime(harness) {}
    }

    @Test func `a failing action is a diagnostic and changes nothing`() throws {
        let (harness, controller) = try launch(try Self.screen(Self.counter))
        let mark = harness.log.events.count
        try controller.performAction(ofNodeWithID: "bad")
        #expect(controller.state["count"] == .int(0))
        let diagnostics = harness.log.events(since: mark).compactMap(\.diagnostic)
        #expect(diagnostics.map(\.code) == [.action])
        #expect(diagnostics.first?.message.contains("division") == true || diagnostics.first?.message.contains("zero") == true)
        #expect(throws: RuntimeError.self) { try controller.performAction(ofNodeWithID: "missing") }
        #expect(throws: RuntimeError.self) { try controller.setState("count", to: .string("x")) }
        #expect(throws: RuntimeError.self) { try controller.setState("nope", to: .int(1)) }
        #expect(throws: RuntimeError.self) { try controller.toggleInput(ofNodeWithID: "add") }
        #expect(controller.state["count"] == .int(0))
    }

    @Test func `onAppear runs at viewDidAppear and onDisappear at viewDidDisappear`() throws {
        let screen = try Self.screen(Self.counter)
        nonisolated(unsafe) var made: (NavigationController, ScreenViewController)?
        let harness = try Harness {
            let controller = ScreenViewController(screen: screen)
            let navigation = NavigationController(rootViewController: controller)
            made = (navigation, controller)
            return navigation
        }
        let (navigation, controller) = try #require(made)
        #expect(controller.state["log"] == .string("appeared "))
        #expect(harness.names(kinds: [.viewDidAppear, .stateDidChange]).filter { $0.hasPrefix("counter.") } == ["counter.viewDidAppear", "counter.stateDidChange"])
        let mark = harness.log.events.count
        navigation.pushViewController(ViewController(name: "next"), animated: false)
        #expect(controller.state["log"] == .string("appeared left "))
        #expect(harness.names(since: mark, kinds: [.viewDidDisappear, .stateDidChange]) == ["counter.viewDidDisappear", "counter.stateDidChange"])
    }

    static let form = #"""
    {"schemaVersion": 1, "id": "form", "state": {"agreed": false, "email": "", "status": "", "items": []},
     "root": {"type": "vstack", "children": [
       {"type": "toggle", "id": "agree", "isOn": "@{agreed}", "label": "I agree"},
       {"type": "button", "id": "go", "title": "Go", "visible": "@{agreed}", "action": {"type": "request", "url": "https://example.com/@{email}",
          "method": "POST", "body": {"email": "@{email}"},
          "onSuccess": {"type": "set", "name": "status", "value": "@{'ok ' + response.body.id}"},
          "onFailure": {"type": "set", "name": "status", "value": "@{'failed ' + response.status}"}}},
       {"type": "textField", "id": "email", "text": "@{email}", "placeholder": "Email"},
       {"type": "text", "id": "echo", "text": "@{email}"},
       {"type": "button", "id": "add", "title": "Add", "action": {"type": "append", "name": "items", "value": "@{'row ' + len(items)}"}},
       {"type": "vstack", "id": "list", "children": [
         {"type": "forEach", "items": "@{items}", "template": {"type": "text", "id": "row-@{index}", "text": "@{item}"}}]}]}}
    """#

    final class Recorder: RequestHandler {
        var seen: [PendingRequest] = []
        func perform(_ request: PendingRequest, for controller: ScreenViewController) { seen.append(request) }
    }

    @Test func `inputs change the state two-way and new template items add views without recreating others`() throws {
        let (harness, controller) = try launch(try Self.screen(Self.form))
        #expect(controller.nodeView(id: "go")?.isHidden == true)
        let layouts = controller.layoutCount
        try controller.toggleInput(ofNodeWithID: "agree")
        #expect(controller.layoutCount == layouts + 1)
        #expect(harness.log.events.compactMap(\.diagnostic).isEmpty, "\(harness.log.events.compactMap(\.diagnostic))")
        #expect(controller.state["agreed"] == .bool(true))
        #expect(controller.nodeView(id: "go")?.isHidden == false)
        try controller.setInput(ofNodeWithID: "email", to: .string("ada@example.com"))
        #expect(text(controller, "echo") == ["ada@example.com"])
        #expect(throws: RuntimeError.self) { try controller.setInput(ofNodeWithID: "email", to: .int(3)) }
        #expect(throws: RuntimeError.self) { try controller.setInput(ofNodeWithID: "echo", to: .string("x")) }
        let before = Dictionary(uniqueKeysWithValues: controller.nodeViews.map { ($0.id, ObjectIdentifier($0.view)) })
        let made = controller.viewsMade
        try controller.performAction(ofNodeWithID: "add")
        try controller.performAction(ofNodeWithID: "add")
        #expect(text(controller, "row-1") == ["row 1"])
        #expect(controller.viewsMade == made + 2, "one view per new item")
        for (id, view) in controller.nodeViews.map({ ($0.id, ObjectIdentifier($0.view)) }) where before[id] != nil {
            #expect(before[id] == view, "\(id) was recreated")
        }
        // Each view sits under its parent's, in document order.
        let list = try #require(controller.nodeView(id: "list"))
        #expect(list.subviews.map(\.accessibilityIdentifier) == ["row-0", "row-1"])
    }

    @Test func `a request goes to the host's handler and its answer runs onSuccess or onFailure`() throws {
        let recorder = Recorder()
        let (harness, controller) = try launch(try Self.screen(Self.form), handler: recorder)
        try controller.setInput(ofNodeWithID: "email", to: .string("ada"))
        try controller.performAction(ofNodeWithID: "go")
        let request = try #require(recorder.seen.first)
        #expect(request.url == "https://example.com/ada")
        #expect(request.body == .object(StateObject(keys: ["email"], values: [.string("ada")])))
        #expect(controller.pendingRequests == [request])
        try controller.respond(to: request, with: RequestResponse(status: 201, body: .object(StateObject(keys: ["id"], values: [.int(7)]))))
        #expect(controller.state["status"] == .string("ok 7"))
        #expect(controller.pendingRequests.isEmpty)
        #expect(throws: RuntimeError.self) { try controller.respond(to: request, with: RequestResponse(status: 200)) }
        try controller.performAction(ofNodeWithID: "go")
        try controller.respond(to: try #require(controller.pendingRequests.first), with: RequestResponse(status: 503, error: "unavailable"))
        #expect(controller.state["status"] == .string("failed 503"))
        #expect(harness.names(kinds: [.requestDidStart, .requestDidFinish]) == ["form.requestDidStart", "form.requestDidFinish", "form.requestDidStart", "form.requestDidFinish"])
    }
}
