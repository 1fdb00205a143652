import Foundation
import Testing
import SDUIEnvironment
@testable import SDUISchema

/// A payload with `state` and `root` (JSON text of each).
func payload(state: String = "{}", _ root: String, extra: String = "") -> String {
    #"{"schemaVersion": 1, "id": "s", "state": \#(state), \#(extra)"root": \#(root)}"#
}

private func decode(_ json: String, strict: Bool = false) -> PayloadDecoding {
    PayloadDecoder(options: .init(strict: strict)).decode(Array(json.utf8))
}

private func issues(_ json: String, strict: Bool = false) -> [String] { decode(json, strict: strict).issues.map(\.description) }

let cartState = #"{"count": 0, "email": "", "agreed": false, "wide": true, "price": 19.5, "products": [{"id": "p1", "title": "Trail Runner 3", "price": 129}, {"id": "p2", "title": "Rain Shell", "price": 89}]}"#

// MARK: State and bindings

@Test func `a screen's state is typed by its initial values`() throws {
    let screen = try #require(decode(payload(state: cartState, #"{"type": "divider"}"#)).screen)
    #expect(screen.state.schema.names == ["count", "email", "agreed", "wide", "price", "products"])
    #expect(screen.state["count"] == .int(0))
    #expect(screen.state.schema.types[2] == .bool)
    guard case .array(.object(let product)) = screen.state.schema.types[5] else { Issue.record("products is not an array of objects"); return }
    #expect(product["title"] == .string)
}

@Test func `bindings resolve against the initial state and keep their source`() throws {
    let json = payload(state: cartState, #"""
    {"type": "vstack", "spacing": "@{wide ? 16 : 8}", "children": [
      {"type": "text", "id": "badge", "text": "@{count} in cart", "visible": "@{count > 0}"},
      {"type": "text", "id": "total", "text": "@{formatCurrency(price * 2, 'USD')}", "lineLimit": "@{wide ? 2 : 1}"},
      {"type": "grid", "columns": "@{wide ? 4 : 2}", "children": []},
      {"type": "color", "frame": {"width": "@{price * 2}"}, "padding": {"horizontal": "@{count + 4}"}, "background": "@{agreed ? 'green' : 'red'}"}
    ]}
    """#)
    let decoding = decode(json)
    #expect(decoding.issues.isEmpty, "\(decoding.issues)")
    let root = try #require(decoding.screen?.root)
    #expect(root.spacing?.resolved(for: .compact) == 16)
    #expect(root.children[0].text?.resolved(for: .compact) == "0 in cart")
    #expect(root.children[0].modifiers.visible?.resolved(for: .compact) == false)
    #expect(root.children[0].bindings.map(\.description) == ["/text: @{count} in cart", "/visible: @{count > 0}"])
    #expect(root.children[3].bindings.map(\.pointer) == ["/frame/width", "/padding/leading", "/padding/trailing", "/background"])
    #expect(root.children[1].text?.resolved(for: .compact) == "$39.00")
    #expect(root.children[1].lineLimit?.resolved(for: .compact) == 2)
    #expect(root.children[2].columns?.resolved(for: .regular) == 4)
    #expect(root.children[3].modifiers.frame?.width?.resolved(for: .compact) == 39)
    #expect(root.children[3].modifiers.padding?.leading.resolved(for: .compact) == 4)
    #expect(root.children[3].modifiers.padding?.trailing.resolved(for: .compact) == 4)
    #expect(root.children[3].modifiers.background?.resolved(for: .compact) == Color.system["red"])
    // The layout's record holds the resolved values.
    #expect(root.children[0].geometry.isHidden)
    #expect(root.geometry.spacing == 16)
}

@Test func `a bound screen encodes its bindings and decodes back to an equal screen`() throws {
    let json = payload(state: cartState, #"""
    {"type": "vstack", "spacing": "@{wide ? 16 : 8}", "children": [
      {"type": "text", "text": "@{count} in cart", "visible": "@{count > 0}", "onAppear": {"type": "set", "name": "count", "value": 1}},
      {"type": "button", "title": "Add", "action": {"type": "sequence", "actions": [
        {"type": "set", "name": "count", "value": "@{count + 1}"},
        {"type": "if", "condition": "@{count > 3}", "then": {"type": "present", "screen": "upsell/@{count}"}, "else": {"type": "toggle", "name": "agreed"}},
        {"type": "append", "name": "products", "value": {"id": "@{'p' + count}", "title": "New", "price": 1}},
        {"type": "remove", "name": "products", "index": 0},
        {"type": "request", "url": "https://api.example.com/cart/@{count}", "method": "POST", "body": {"count": "@{count}"},
         "onSuccess": {"type": "set", "name": "email", "value": "@{response.body.email}"}, "onFailure": {"type": "set", "name": "email", "value": "@{response.error}"}}
      ]}},
      {"type": "toggle", "isOn": "@{agreed}", "label": "I agree"},
      {"type": "textField", "text": "@{email}", "placeholder": "Email", "keyboard": "emailAddress", "secure": false, "submitAction": {"type": "dismiss"}},
      {"type": "stepper", "value": "@{count}", "range": [0, 10], "step": 1, "label": "Quantity"},
      {"type": "picker", "selection": "@{email}", "options": ["a", {"value": "b", "label": "Bee"}], "style": "segmented"},
      {"type": "vstack", "children": [
        {"type": "text", "text": "Header"},
        {"type": "forEach", "items": "@{products}", "id": "@{item.id}", "template":
          {"type": "text", "id": "title-@{item.id}", "text": "@{index + 1}. @{item.title} @{formatCurrency(item.price, 'USD')}"}},
        {"type": "text", "text": "Footer"}
      ]}
    ]}
    """#, extra: #""previews": {"three": {"count": 3}}, "#)
    let decoding = decode(json, strict: true)
    #expect(decoding.issues.isEmpty, "\(decoding.issues)")
    let screen = try #require(decoding.screen)
    let list = screen.root.children[6]
    #expect(list.children.map { $0.id ?? "-" } == ["-", "title-p1", "title-p2", "-"])
    #expect(list.children[2].text?.resolved(for: .compact) == "2. Rain Shell $89.00")
    #expect(list.templates.count == 1)
    #expect(list.templates[0].range == 1..<3)
    #expect(screen.previews.map(\.name) == ["three"])
    #expect(screen.previews[0].state["count"] == .int(3))
    // Round trip: the canonical encoding decodes to an equal screen, and encodes to the same JSON.
    let encoded = screen.jsonValue
    let again = try #require(PayloadDecoder(options: .init(strict: true)).decode(encoded).screen)
    #expect(again == screen)
    #expect(again.jsonValue.serialized() == encoded.serialized())
    // The forEach is written once, in its place, not its nodes.
    let text = encoded.serialized()
    #expect(text.contains(#""type":"forEach""#))
    #expect(!text.contains("title-p1"))
}

@Test func `a string property with a literal at-brace is written with a double at`() throws {
    let screen = try #require(decode(payload(#"{"type": "text", "text": "Mail us @@{team}"}"#)).screen)
    #expect(screen.root.text?.resolved(for: .compact) == "Mail us @{team}")
    let again = try #require(decode(payload(#"{"type": "text", "text": "no binding"}"#)).screen)
    #expect(again.root.text == .fixed("no binding"))
}

@Test func `static binding problems are errors with pointers and columns`() {
    let cases: [(String, String)] = [
        (#"{"type": "text", "text": "@{cout} in cart"}"#, "/root/text: column 3: unknown name \"cout\""),
        (#"{"type": "grid", "columns": "@{email}"}"#, "/root/columns: must be a number; @{email} gives a string"),
        (#"{"type": "color", "visible": "@{count}"}"#, "/root/visible: must be true or false; @{count} gives a number"),
        (#"{"type": "text", "text": "@{products}"}"#, "/root/text: must be text"),
        (#"{"type": "color", "frame": {"width": "@{count +}"}}"#, "/root/frame/width: column 10: unexpected"),
        (#"{"type": "grid", "columns": {"compact": "@{count}", "regular": 4}}"#, "/root/columns/compact: a size-class map holds plain values"),
        (#"{"type": "text", "id": "@{email}", "text": "a"}"#, "/root/id: an id can be bound only inside a forEach template"),
        (#"{"type": "text", "text": "@{products[0].prise}"}"#, "/root/text: column 15: no member \"prise\""),
    ]
    for (root, expected) in cases {
        let found = issues(payload(state: cartState, root))
        #expect(found.contains { $0.hasPrefix(expected) }, "\(root): \(found)")
        #expect(decode(payload(state: cartState, root)).screen == nil, "\(root) should not decode")
    }
}

@Test func `problems of the initial state are warnings and the property takes its default`() throws {
    let json = payload(state: cartState, #"""
    {"type": "vstack", "children": [
      {"type": "grid", "columns": "@{count}"},
      {"type": "text", "text": "@{products[count - 1].title}"},
      {"type": "color", "aspectRatio": "@{price / count}"}
    ]}
    """#)
    let decoding = decode(json)
    let screen = try #require(decoding.screen)
    #expect(decoding.warnings.count == 3, "\(decoding.issues)")
    #expect(decoding.warnings[0].description.hasPrefix("/root/children/0/columns: in the initial state: @{count} gives 0: must be between 1 and 64"))
    #expect(decoding.warnings[1].description.contains("column 11: index -1 is outside the array"))
    #expect(decoding.warnings[2].code.rawValue == "division-by-zero")
    #expect(screen.root.children[0].columns == nil)
    #expect(screen.root.children[0].bindings.map(\.description) == ["/columns: @{count}"])
    #expect(screen.root.children[0].geometry.columns == 0)
    // Strict mode refuses them.
    #expect(decode(json, strict: true).screen == nil)
}

@Test func `a state given to the decoder replaces the initial values`() throws {
    let json = payload(state: cartState, #"{"type": "text", "text": "@{count} in cart", "visible": "@{count > 0}"}"#)
    let document = try JSONValue.parse(json)
    let decoding = PayloadDecoder().decode(document, state: ScreenState([("count", .int(3)), ("missing", .int(1))]))
    let screen = try #require(decoding.screen)
    #expect(screen.root.text?.resolved(for: .compact) == "3 in cart")
    #expect(screen.root.modifiers.visible?.resolved(for: .compact) == true)
    #expect(screen.state["count"] == .int(3))
    #expect(decoding.warnings.contains { $0.code == .unknownName })
    // Screen.resolved(in:) is the same path.
    let initial = try #require(decode(json).screen)
    #expect(initial.resolved(in: ScreenState([("count", .int(3))])).screen == screen)
}

@Test func `state names and previews are checked`() {
    #expect(issues(payload(state: #"{"1st": 0}"#, #"{"type": "divider"}"#)).contains { $0.hasPrefix("/state/1st: \"1st\" cannot name a state variable") })
    #expect(issues(payload(state: "[1]", #"{"type": "divider"}"#)).contains { $0.hasPrefix("/state: must be an object") })
    #expect(issues(payload(state: cartState, #"{"type": "divider"}"#, extra: #""previews": {"bad": {"count": "x", "nope": 1}}, "#)).count == 2)
}

// MARK: Templates

let feedState = #"{"products": [{"id": "a", "title": "A", "tags": ["x", "y"]}, {"id": "b", "title": "B", "tags": []}, {"id": "c", "title": "C", "tags": ["z"]}], "selected": "b"}"#

@Test func `a template makes one node per item with item and index in scope`() throws {
    let json = payload(state: feedState, #"""
    {"type": "grid", "children": [
      {"type": "forEach", "items": "@{products}", "id": "@{item.id}", "template":
        {"type": "vstack", "id": "card-@{item.id}", "children": [
          {"type": "text", "text": "@{item.title}", "weight": "@{item.id == selected ? 'bold' : 'regular'}"},
          {"type": "hstack", "children": [
            {"type": "forEach", "items": "@{item.tags}", "as": "tag", "template": {"type": "text", "id": "tag-@{item.id}-@{tag}", "text": "#@{tag} (@{index})"}}
          ]}
        ]}}
    ]}
    """#)
    let decoding = decode(json)
    #expect(decoding.issues.isEmpty, "\(decoding.issues)")
    let grid = try #require(decoding.screen?.root)
    #expect(grid.children.map(\.id) == ["card-a", "card-b", "card-c"])
    #expect(grid.children[1].children[0].weight?.resolved(for: .compact) == .bold)
    #expect(grid.children[0].children[1].children.map(\.id) == ["tag-a-x", "tag-a-y"])
    #expect(grid.children[0].children[1].children[1].text?.resolved(for: .compact) == "#y (1)")
    #expect(grid.children[1].children[1].children.isEmpty)
    #expect(grid.children[2].templateItem?.key == .string("c"))
    #expect(grid.templateItemIndex(ofChild: 2) == 2)
    // The node's locals, for the actions run on it.
    let locals = try #require(grid.locals(ofNodeWithID: "tag-c-z"))
    #expect(locals.map(\.name) == ["item", "index", "tag", "index"])
    #expect(locals[2].value == .string("z"))
}

@Test func `template problems are reported once against the template and item problems per item`() {
    let json = payload(state: feedState, #"""
    {"type": "vstack", "children": [
      {"type": "forEach", "items": "@{products}", "template": {"type": "text", "id": "t-@{item.title}", "text": "@{item.nme}"}},
      {"type": "forEach", "items": "@{products}", "template": {"type": "text", "id": "same", "text": "@{item.tags[0]}"}}
    ]}
    """#)
    let found = issues(json)
    #expect(found.filter { $0.contains("no member \"nme\"") }.count == 1, "\(found)")
    #expect(found.contains { $0.hasPrefix("/root/children/0/template/text: column 8: no member \"nme\"") })
    // Item 1 has no tags: a warning for that item; the same id for every item: duplicates.
    #expect(found.contains { $0.hasPrefix("/root/children/1/template/text: for item 1: column 12: index 0 is outside the array") }, "\(found)")
    #expect(found.contains { $0.contains("duplicate id \"same\"") && $0.contains("/root/children/1/template/id") }, "\(found)")
}

@Test func `hostile templates are bounded`() {
    let big = (0..<400).map { "\($0)" }.joined(separator: ",")
    let json = payload(state: #"{"rows": [\#(big)]}"#, #"""
    {"type": "vstack", "children": [{"type": "forEach", "items": "@{rows}", "template":
      {"type": "vstack", "children": [{"type": "forEach", "items": "@{rows}", "as": "cell", "template": {"type": "color"}}]}}]}
    """#)
    let start = Date()
    let decoding = PayloadDecoder(options: .init(maxTemplateNodes: 20_000)).decode(Array(json.utf8))
    #expect(decoding.screen == nil)
    #expect(decoding.errors.contains { $0.code == .limitExceeded && $0.message.contains("templates make more than 20000 nodes") }, "\(decoding.errors)")
    #expect(Date().timeIntervalSince(start) < 20)
    // A forEach cannot be the root or its own template.
    #expect(issues(payload(#"{"type": "forEach", "items": [], "template": {"type": "divider"}}"#)).contains { $0.hasPrefix("/root: the root cannot be a forEach") })
    #expect(issues(payload(#"{"type": "vstack", "children": [{"type": "forEach", "items": [1], "template": {"type": "forEach", "items": [1], "template": {"type": "divider"}}}]}"#))
        .contains { $0.hasPrefix("/root/children/0/template: a forEach's template must be a node") })
    #expect(issues(payload(state: feedState, #"{"type": "vstack", "children": [{"type": "forEach", "items": "@{selected}", "template": {"type": "divider"}}]}"#))
        .contains { $0.hasPrefix("/root/children/0/items: must be an array") })
}

@Test func `a literal array is a template's items too`() throws {
    let screen = try #require(decode(payload(#"{"type": "hstack", "children": [{"type": "forEach", "items": ["a", "b"], "template": {"type": "text", "text": "@{index}:@{item}"}}]}"#)).screen)
    #expect(screen.root.children.compactMap { $0.text?.resolved(for: .compact) } == ["0:a", "1:b"])
}

// MARK: Actions

@Test func `actions are checked against the state`() {
    let cases: [(String, String)] = [
        (#"{"type": "set", "name": "cuont", "value": 1}"#, "/root/action/name: unknown state variable \"cuont\""),
        (#"{"type": "set", "name": "count", "value": "x"}"#, "/root/action/value: count holds a number"),
        (#"{"type": "set", "name": "count", "value": "@{email}"}"#, "/root/action/value: count holds a number"),
        (#"{"type": "toggle", "name": "count"}"#, "/root/action/name: a toggle action needs a bool variable"),
        (#"{"type": "append", "name": "email", "value": 1}"#, "/root/action/name: a append action needs an array variable"),
        (#"{"type": "append", "name": "products", "value": "x"}"#, "/root/action/value: an element of products holds an object"),
        (#"{"type": "remove", "name": "products"}"#, "/root/action: a remove action takes exactly one"),
        (#"{"type": "if", "condition": "@{count}", "then": {"type": "dismiss"}}"#, "/root/action/condition: must be true or false"),
        (#"{"type": "if", "condition": "@{count > 0}"}"#, "/root/action/then: required by an if action"),
        (#"{"type": "sequence", "actions": [{"type": "dismiss"}, {"type": "set", "name": "x", "value": 1}]}"#, "/root/action/actions/1/name: unknown state variable"),
        (#"{"type": "request", "url": "https://x", "method": "FETCH"}"#, "/root/action/method: must be one of GET, POST, PUT, PATCH, DELETE"),
        (#"{"type": "request", "url": "https://x", "onSuccess": {"type": "set", "name": "email", "value": "@{response.statu}"}}"#, "/root/action/onSuccess/value: column 12: no member \"statu\""),
        (#"{"type": "navigate", "screen": "product/@{item.id}"}"#, "/root/action/screen: column 11: unknown name \"item\""),
        (#"{"type": "set", "name": "count", "value": 1, "extra": 2}"#, "/root/action/extra: unknown property \"extra\" of a set action"),
    ]
    for (action, expected) in cases {
        let found = issues(payload(state: cartState, #"{"type": "color", "action": \#(action)}"#), strict: true)
        #expect(found.contains { $0.hasPrefix(expected) }, "\(action): \(found)")
    }
}

// MARK: Inputs

@Test func `inputs bind a state variable of their type`() throws {
    let json = payload(state: cartState, #"""
    {"type": "vstack", "children": [
      {"type": "toggle", "isOn": "@{agreed}", "label": "@{agreed ? 'On' : 'Off'}"},
      {"type": "textField", "text": "@{ email }", "placeholder": "Email", "keyboard": "emailAddress", "secure": true},
      {"type": "stepper", "value": "@{count}", "range": [0, 9], "step": 0.5},
      {"type": "picker", "selection": "@{email}", "options": ["a@b.c", {"value": "d@e.f", "label": "Work"}]}
    ]}
    """#)
    let decoding = decode(json)
    #expect(decoding.issues.isEmpty, "\(decoding.issues)")
    let root = try #require(decoding.screen?.root)
    #expect(root.children[0].input?.target == "agreed")
    #expect(root.children[0].input?.label?.resolved(for: .compact) == "Off")
    #expect(root.children[1].input?.target == "email")
    #expect(root.children[1].input?.keyboard == .emailAddress)
    #expect(root.children[2].input?.range == 0...9)
    #expect(root.children[3].input?.options.map(\.label) == ["a@b.c", "Work"])
    #expect(root.children[0].readSlots(in: decoding.screen!.state.schema) == [2])
    let problems: [(String, String)] = [
        (#"{"type": "toggle", "isOn": "@{count}"}"#, "/root/isOn: this control changes a bool; count holds a number"),
        (#"{"type": "toggle", "isOn": "agreed"}"#, "/root/isOn: must bind a state variable by name"),
        (#"{"type": "toggle", "isOn": "@{!agreed}"}"#, "/root/isOn: must bind a state variable by name"),
        (#"{"type": "toggle", "label": "x"}"#, "/root/isOn: required"),
        (#"{"type": "textField", "text": "@{nope}"}"#, "/root/text: unknown state variable \"nope\""),
        (#"{"type": "stepper", "value": "@{count}", "range": [5, 1]}"#, "/root/range: the minimum 5 is above the maximum 1"),
        (#"{"type": "stepper", "value": "@{count}", "step": 0}"#, "/root/step: must be > 0"),
        (#"{"type": "picker", "selection": "@{count}", "options": ["a"]}"#, "/root/options/0: count holds a number; this option stores a string"),
        (#"{"type": "picker", "selection": "@{email}"}"#, "/root/options: required"),
        (#"{"type": "picker", "selection": "@{email}", "options": ["a", "a"]}"#, "/root/options/1: two options store \"a\""),
    ]
    for (root, expected) in problems {
        let found = issues(payload(state: cartState, root))
        #expect(found.contains { $0.hasPrefix(expected) }, "\(root): \(found)")
    }
}

// MARK: Every property

/// Every type's properties that take a scalar, with a binding of the right type for each.
@Test func `every scalar property can be bound`() throws {
    let state = #"{"n": 2, "s": "x", "b": true}"#
    let bindings: [String: String] = [
        "responsiveLength": "@{n}", "responsiveFiniteNumber": "@{n}", "responsiveAspectRatio": "@{n}", "responsiveColumns": "@{n}",
        "responsiveLineLimit": "@{n}", "responsiveString": "@{s}", "responsiveBool": "@{b}", "responsiveColor": "@{b ? 'red' : 'blue'}",
        "responsiveAlignment": "@{'center'}", "responsiveHorizontalAlignment": "@{'leading'}", "responsiveVerticalAlignment": "@{'top'}",
        "responsiveAxis": "@{'vertical'}", "responsiveContentMode": "@{'fit'}", "responsiveTextStyle": "@{'body'}", "responsiveFontWeight": "@{'bold'}",
        "responsiveImagePlaceholder": "@{'none'}", "responsiveButtonStyle": "@{'plain'}",
    ]
    var covered = 0
    for type in ComponentType.builtIn {
        for property in NodeProperty.typeProperties(of: type) + NodeProperty.modifiers {
            guard let binding = bindings[property.definition] else { continue }
            var members = #""type": "\#(type.rawValue)", "\#(property.key)": "\#(binding)""#
            switch type {
            case .toggle: members += #", "isOn": "@{b}""#
            case .textField where property.key != "text": members += #", "text": "@{s}""#
            case .stepper: members += #", "value": "@{n}""#
            case .picker: members += #", "selection": "@{s}", "options": ["x"]"#
            case .text where property.key != "text": members += #", "text": "t""#
            case .button where property.key != "title": members += #", "title": "t""#
            case .label where property.key != "title": members += #", "title": "t""#
            case .hgrid: members += #", "rows": 2"#
            default: break
            }
            let decoding = decode(payload(state: state, "{\(members)}"), strict: true)
            #expect(decoding.issues.isEmpty, "\(type).\(property.key): \(decoding.issues)")
            let node = try #require(decoding.screen?.root, "\(type).\(property.key)")
            var found: [String] = []
            node.forEachBinding { found.append($0.source) }
            #expect(found.contains(binding), "\(type).\(property.key): the binding is not among the node's bindings \(found)")
            #expect(node.jsonValue[property.key] == .string(binding), "\(type).\(property.key) encodes as \(String(describing: node.jsonValue[property.key]))")
            covered += 1
        }
        // Padding edges and frame fields.
    }
    for member in [#""padding": {"top": "@{n}"}"#, #""padding": "@{n}""#, #""frame": {"width": "@{n}", "maxHeight": "@{n}", "alignment": "@{'top'}"}"#] {
        let decoding = decode(payload(state: state, #"{"type": "color", \#(member)}"#), strict: true)
        let node = try #require(decoding.screen?.root, "\(member): \(decoding.issues)")
        #expect(node.hasBindings, "\(member)")
    }
    #expect(covered > 60)
}

@Test func `literal at-braces survive encode and decode everywhere`() throws {
    let root = #"""
    {"type": "vstack", "id": "a@@{b", "children": [
      {"type": "text", "text": "@@@{x}", "action": {"type": "set", "name": "s", "value": {"t": "@@{y}"}}},
      {"type": "forEach", "items": ["@@{z}"], "template": {"type": "text", "id": "t-@{index}-@@{w}", "text": "@{item}"}}
    ]}
    """#
    let literal = try #require(decode(payload(state: #"{"s": {}}"#, root)).screen)
    #expect(literal.root.id == "a@{b")
    #expect(literal.root.children[0].text?.resolved(for: .compact) == "@@{x}")
    #expect(literal.root.children[1].id == "t-0-@{w}")
    #expect(literal.root.children[1].text?.resolved(for: .compact) == "@{z}")
    // The encoding writes the literals back escaped, so they decode to the same text, not bindings.
    let encoded = literal.jsonValue
    let decodedAgain = try #require(PayloadDecoder().decode(encoded).screen)
    #expect(decodedAgain == literal)
    #expect(decodedAgain.jsonValue == encoded)
}

@Test func `modifier chain values and grid columns can be bound`() throws {
    let json = payload(state: #"{"n": 2, "wide": true}"#, #"""
    {"type": "grid", "columns": "@{wide ? 3 : 1}", "modifiers": [{"opacity": "@{n / 4}"}, {"offset": {"x": "@{n * 5}"}}, {"background": {"color": "@{wide ? 'red' : 'blue'}"}}], "children": []}
    """#)
    let decoding = decode(json, strict: true)
    #expect(decoding.issues.isEmpty, "\(decoding.issues)")
    let screen = try #require(decoding.screen)
    #expect(screen.root.columns?.resolved(for: .compact) == 3)
    guard case .opacity(let opacity)? = screen.root.modifiers.chain.first else { Issue.record("no opacity"); return }
    #expect(opacity.resolved(for: .compact) == 0.5)
    var sources: [String] = []
    screen.root.forEachBinding { sources.append($0.source) }
    #expect(sources.sorted() == ["@{n * 5}", "@{n / 4}", "@{wide ? 'red' : 'blue'}", "@{wide ? 3 : 1}"])
    let again = try #require(PayloadDecoder(options: .init(strict: true)).decode(screen.jsonValue).screen)
    #expect(again == screen)
    let frozen = screen.frozen
    #expect(!frozen.root.hasBindings)
    #expect(frozen.root.columns == .fixed(3))
}
