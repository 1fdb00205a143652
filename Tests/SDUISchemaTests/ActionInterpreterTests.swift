import Foundation
import Testing
@testable import SDUISchema

/// The screen `root` decodes to with `state` (strict).
private func screen(state: String, _ root: String) throws -> Screen {
    let json = #"{"schemaVersion": 1, "id": "s", "state": \#(state), "root": \#(root)}"#
    let decoding = PayloadDecoder(options: .init(strict: true)).decode(Array(json.utf8))
    guard let screen = decoding.screen else { throw PayloadError(issues: decoding.issues) }
    return screen
}

/// The action of the node with `id`.
private func action(_ screen: Screen, _ id: String) throws -> Action {
    func find(_ node: ComponentNode) -> ComponentNode? {
        if node.id == id { return node }
        for child in node.children { if let found = find(child) { return found } }
        return nil
    }
    return try #require(find(screen.root)?.modifiers.action)
}

@Test func `a counter's actions change the state and name what changed`() throws {
    let s = try screen(state: #"{"count": 0, "agreed": false, "email": ""}"#, #"""
    {"type": "vstack", "children": [
      {"type": "button", "id": "add", "title": "Add", "action": {"type": "set", "name": "count", "value": "@{count + 1}"}},
      {"type": "button", "id": "agree", "title": "Agree", "action": {"type": "toggle", "name": "agreed"}},
      {"type": "button", "id": "both", "title": "Both", "action": {"type": "sequence", "actions": [
        {"type": "set", "name": "count", "value": "@{count + 10}"},
        {"type": "set", "name": "email", "value": "count is @{count}"}
      ]}}
    ]}
    """#)
    let interpreter = ActionInterpreter()
    var state = s.state
    for _ in 0..<3 { state = interpreter.run(try action(s, "add"), in: state).state }
    #expect(state["count"] == .int(3))
    let toggled = interpreter.run(try action(s, "agree"), in: state)
    #expect(toggled.state["agreed"] == .bool(true))
    #expect(toggled.changedNames == ["agreed"])
    // Each action in a sequence sees the state the ones before it left.
    let both = interpreter.run(try action(s, "both"), in: state)
    #expect(both.state["email"] == .string("count is 13"))
    #expect(both.changedNames == ["count", "email"])
    #expect(both.diagnostics.isEmpty)
    // Setting the same value changes nothing.
    #expect(interpreter.run(.set(name: "count", value: .literal(.int(3))), in: state).changedNames.isEmpty)
}

@Test func `conditions choose the branch and navigation is returned as effects in order`() throws {
    let s = try screen(state: #"{"count": 5}"#, #"""
    {"type": "button", "id": "go", "title": "Go", "action": {"type": "sequence", "actions": [
      {"type": "if", "condition": "@{count > 3}", "then": {"type": "present", "screen": "upsell/@{count}", "style": "pageSheet"}, "else": {"type": "dismiss"}},
      {"type": "navigate", "screen": "cart"},
      {"type": "open", "url": "https://example.com/?n=@{count * 2}"}
    ]}}
    """#)
    let outcome = ActionInterpreter().run(try action(s, "go"), in: s.state)
    #expect(outcome.effects == [.present(screen: "upsell/5", style: .pageSheet), .navigate(screen: "cart"), .open(url: "https://example.com/?n=10")])
    var small = s.state
    small.set("count", to: .int(1))
    #expect(ActionInterpreter().run(try action(s, "go"), in: small).effects.first == .dismiss)
}

@Test func `arrays grow and shrink and a template item's locals reach its actions`() throws {
    let s = try screen(state: #"{"cart": [], "products": [{"id": "p1", "price": 129}, {"id": "p2", "price": 89}]}"#, #"""
    {"type": "vstack", "children": [{"type": "forEach", "items": "@{products}", "id": "@{item.id}", "template":
      {"type": "button", "id": "buy-@{item.id}", "title": "Buy", "action": {"type": "append", "name": "cart", "value": {"id": "@{item.id}", "quantity": 1, "at": "@{index}"}}}}]}
    """#)
    let interpreter = ActionInterpreter()
    let locals = try #require(s.root.locals(ofNodeWithID: "buy-p2"))
    let added = interpreter.run(try action(s, "buy-p2"), in: s.state, locals: locals)
    #expect(added.diagnostics.isEmpty, "\(added.diagnostics)")
    #expect(added.state["cart"] == StateValue(try JSONValue.parse(#"[{"id": "p2", "quantity": 1, "at": 1}]"#)))
    let twice = interpreter.run(try action(s, "buy-p2"), in: added.state, locals: locals)
    let removed = interpreter.run(.remove(name: "cart", selector: .index(.literal(.int(0)))), in: twice.state)
    guard case .array(let left)? = removed.state["cart"] else { Issue.record("cart is not an array"); return }
    #expect(left.count == 1)
    let byValue = interpreter.run(.remove(name: "cart", selector: .value(.literal(left[0]))), in: removed.state)
    #expect(byValue.state["cart"] == .array([]))
    // Out of range: a diagnostic, nothing changes.
    let outside = interpreter.run(.remove(name: "cart", selector: .index(.literal(.int(4)))), in: byValue.state)
    #expect(outside.diagnostics.first?.code == .indexOutOfRange)
    #expect(outside.changedNames.isEmpty)
}

@Test func `a request is an effect and its response runs the handler with response in scope`() throws {
    let s = try screen(state: #"{"products": [], "status": "idle", "count": 2}"#, #"""
    {"type": "vstack", "onAppear": {"type": "sequence", "actions": [
      {"type": "set", "name": "status", "value": "loading"},
      {"type": "request", "url": "https://api.example.com/products?n=@{count}", "method": "POST", "body": {"n": "@{count}"},
       "onSuccess": {"type": "sequence", "actions": [{"type": "set", "name": "products", "value": "@{response.body.items}"}, {"type": "set", "name": "status", "value": "ok @{response.status}"}]},
       "onFailure": {"type": "set", "name": "status", "value": "failed: @{response.error}"}}
    ]}}
    """#)
    let interpreter = ActionInterpreter()
    let appeared = interpreter.run(try #require(s.root.onAppear), in: s.state)
    #expect(appeared.state["status"] == .string("loading"))
    guard case .request(let request)? = appeared.effects.first else { Issue.record("no request: \(appeared.effects)"); return }
    #expect(request.url == "https://api.example.com/products?n=2")
    #expect(request.method == .POST)
    #expect(request.body == .object(StateObject(keys: ["n"], values: [.int(2)])))
    let body = StateValue(try JSONValue.parse(#"{"items": [{"id": "p1"}]}"#))
    let ok = interpreter.respond(to: request, with: RequestResponse(status: 200, body: body), in: appeared.state)
    #expect(ok.state["status"] == .string("ok 200"))
    #expect(ok.state["products"] == StateValue(try JSONValue.parse(#"[{"id": "p1"}]"#)))
    let failed = interpreter.respond(to: request, with: RequestResponse(status: 0, error: "offline"), in: appeared.state)
    #expect(failed.state["status"] == .string("failed: offline"))
    // A body of the wrong type for products: a diagnostic, the variable keeps its value.
    let wrong = interpreter.respond(to: request, with: RequestResponse(status: 200, body: StateValue(try JSONValue.parse(#"{"items": "none"}"#))), in: appeared.state)
    #expect(wrong.state["products"] == .array([]))
    #expect(wrong.diagnostics.first?.code == .typeMismatch)
    #expect(wrong.state["status"] == .string("ok 200"))
}

@Test func `runs are bounded and problems are diagnostics`() {
    let interpreter = ActionInterpreter(maxActions: 100)
    let state = ScreenState([("count", .int(0))])
    let many = Action.sequence(Array(repeating: .set(name: "count", value: .binding(StateBinding(source: "@{count + 1}"))), count: 500))
    let outcome = interpreter.run(many, in: state)
    #expect(outcome.diagnostics.last?.code == .limitExceeded)
    #expect(outcome.state["count"] == .int(99))
    // Deeply nested sequences run without recursion.
    var nested = Action.set(name: "count", value: .literal(.int(7)))
    for _ in 0..<5_000 { nested = .sequence([nested]) }
    #expect(ActionInterpreter().run(nested, in: state).state["count"] == .int(7))
    let zero = interpreter.run(.set(name: "count", value: .binding(StateBinding(source: "@{1 / count}"))), in: state)
    #expect(zero.diagnostics.first?.code == .divisionByZero)
    #expect(zero.diagnostics.first?.message.hasPrefix("set: ") == true)
    #expect(interpreter.run(.toggle(name: "count"), in: state).diagnostics.first?.code == .typeMismatch)
    #expect(interpreter.run(.set(name: "nope", value: .literal(.int(1))), in: state).diagnostics.first?.code == .unknownName)
}

@Test func `dependencies name the nodes that read each variable in layout order`() throws {
    let s = try screen(state: #"{"count": 0, "title": "Cart", "items": ["a", "b"]}"#, #"""
    {"type": "vstack", "children": [
      {"type": "text", "text": "@{title}"},
      {"type": "text", "text": "@{count} in cart", "visible": "@{count > 0}"},
      {"type": "hstack", "spacing": "@{count * 2}", "children": [{"type": "forEach", "items": "@{items}", "template": {"type": "text", "text": "@{item}"}}]},
      {"type": "stepper", "value": "@{count}"}
    ]}
    """#)
    let dependencies = StateDependencies(screen: s)
    let slot = { (name: String) in s.state.schema.slot(of: name)! }
    // Pre-order: 0 vstack, 1 title, 2 badge, 3 hstack, 4–5 items, 6 stepper.
    #expect(dependencies.nodes(readingAnyOf: [slot("count")]) == [2, 3, 6])
    #expect(dependencies.nodes(readingAnyOf: [slot("title")]) == [1])
    #expect(dependencies.nodes(readingAnyOf: [slot("title"), slot("count")]) == [1, 2, 3, 6])
    #expect(dependencies.templateNodes(readingAnyOf: [slot("items")]) == [3])
    #expect(dependencies.nodes(readingAnyOf: [slot("items")]).isEmpty)
}

@Test func `an incremental update agrees with resolving the whole screen again`() throws {
    // What wave 2's incremental path must match: the general path, `Screen.resolved(in:)`.
    let s = try screen(state: #"{"count": 0}"#, #"""
    {"type": "vstack", "children": [
      {"type": "button", "id": "add", "title": "Add", "action": {"type": "set", "name": "count", "value": "@{count + 1}"}},
      {"type": "text", "id": "badge", "text": "@{count} in cart", "visible": "@{count > 0}"}
    ]}
    """#)
    let outcome = ActionInterpreter().run(try action(s, "add"), in: s.state)
    let resolved = try #require(s.resolved(in: outcome.state).screen)
    #expect(resolved.root.children[1].text?.resolved(for: .compact) == "1 in cart")
    #expect(resolved.root.children[1].modifiers.visible?.resolved(for: .compact) == true)
    // Only the badge reads count.
    let changed = outcome.changedNames.compactMap(s.state.schema.slot(of:))
    #expect(StateDependencies(screen: s).nodes(readingAnyOf: changed) == [2])
    // Re-evaluating only the badge's bindings gives what resolving everything gives.
    var badge = s.root.children[1]
    var values: [String] = []
    badge.forEachBinding { binding in
        if let value = try? StateBinding(compiling: binding.source, in: ExpressionScope(schema: s.state.schema)).evaluate(in: outcome.state) {
            values.append(value.interpolationText)
        }
    }
    #expect(values == ["1 in cart", "true"])
    badge = resolved.root.children[1]
    #expect(badge.geometry.isHidden == false)
}
