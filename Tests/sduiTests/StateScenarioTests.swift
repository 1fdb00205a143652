import Foundation
import Testing

/// Interactive screens through `sdui simulate --format json` and `sdui layout --format json`: final state,
/// resolved texts and frames.
@Suite struct StateScenarioTests {
    struct Outcome {
        var state: [String: Any]
        var nodes: [String: [String: Any]]
        var events: [[String: Any]]
        var pending: [String]

        func frame(_ id: String) -> [String: Double] { nodes[id]?["frame"] as? [String: Double] ?? [:] }
        func text(_ id: String) -> String? { nodes[id]?["text"] as? String }
        func hidden(_ id: String) -> Bool { nodes[id]?["hidden"] as? Bool ?? false }
        var changes: [[String: Any]] { events.filter { $0["event"] as? String == "stateDidChange" }.compactMap { $0["changes"] as? [String: Any] } }
    }

    static func nodes(_ layout: [String: Any]) -> [String: [String: Any]] {
        var byID: [String: [String: Any]] = [:]
        for node in layout["nodes"] as? [[String: Any]] ?? [] { if let id = node["id"] as? String { byID[id] = node } }
        return byID
    }

    func simulate(_ payload: String, _ steps: String, files: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws -> Outcome {
        let path = try temporaryFile(Array(payload.utf8))
        let dir = (path as NSString).deletingLastPathComponent
        for (name, contents) in files { try Data(contents.utf8).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        let run = try sdui(["simulate", path, "--steps", steps.replacingOccurrences(of: "$DIR", with: dir)])
        #expect(run.exitCode == 0, "\(run.stderr)", sourceLocation: sourceLocation)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let layout = try #require(object["layout"] as? [String: Any])
        return Outcome(state: object["state"] as? [String: Any] ?? [:], nodes: Self.nodes(layout),
                       events: object["events"] as? [[String: Any]] ?? [], pending: object["pendingRequests"] as? [String] ?? [])
    }

    func layout(_ payload: String, state: String? = nil) throws -> [String: [String: Any]] {
        let path = try temporaryFile(Array(payload.utf8))
        var arguments = ["layout", path]
        if let state {
            let statePath = (path as NSString).deletingLastPathComponent + "/state.json"
            try Data(state.utf8).write(to: URL(fileURLWithPath: statePath))
            arguments += ["--state", statePath]
        }
        let run = try sdui(arguments)
        #expect(run.exitCode == 0, "\(run.stderr)")
        return Self.nodes(try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]))
    }

    static let counter = #"""
    {"schemaVersion": 1, "id": "counter", "state": {"count": 0},
     "root": {"type": "vstack", "spacing": 12, "children": [
       {"type": "text", "id": "badge", "text": "@{count}", "style": "caption", "visible": "@{count > 0}"},
       {"type": "button", "id": "add", "title": "Add to cart", "style": "borderedProminent",
        "action": {"type": "set", "name": "count", "value": "@{count + 1}"}}]}}
    """#

    @Test func `a counter's badge appears after the first tap and counts`() throws {
        let before = try layout(Self.counter)
        #expect(before["badge"]?["hidden"] as? Bool == true)
        #expect((before["badge"]?["frame"] as? [String: Double])?["width"] == 0)
        #expect((before["badge"]?["frame"] as? [String: Double])?["height"] == 0)
        let once = try simulate(Self.counter, "tap:add")
        #expect(once.state["count"] as? Int == 1)
        #expect(once.text("badge") == "1")
        #expect(!once.hidden("badge"))
        #expect(once.frame("badge")["height"] == 16)  // caption: 16 pt line at Large
        #expect(once.changes.count == 1)
        let thrice = try simulate(Self.counter, "tap:add,tap:add,tap:add")
        #expect(thrice.state["count"] as? Int == 3)
        #expect(thrice.text("badge") == "3")
        // The layout in that state is `sdui layout --state`'s (under the simulator's 44 pt navigation bar: the root
        // is centred in a safe area 44 pt shorter, so 22 pt lower).
        let direct = try layout(Self.counter, state: #"{"count": 3}"#)
        for id in ["root", "badge", "add"] {
            let a = thrice.frame(id), b = direct[id]?["frame"] as? [String: Double] ?? [:]
            #expect(a["width"] == b["width"] && a["height"] == b["height"] && a["x"] == b["x"], "\(id)")
            #expect(a["y"].map { $0 - 22 } == b["y"], "\(id)")
            #expect(thrice.text(id) == direct[id]?["text"] as? String)
        }
    }

    static let form = #"""
    {"schemaVersion": 1, "id": "form", "state": {"agreed": false, "email": "", "size": "M", "qty": 1},
     "root": {"type": "vstack", "alignment": "leading", "spacing": 8, "padding": 16, "children": [
       {"type": "toggle", "id": "agree", "isOn": "@{agreed}", "label": "I agree"},
       {"type": "button", "id": "continue", "title": "Continue", "visible": "@{agreed}", "action": {"type": "dismiss"}},
       {"type": "textField", "id": "email", "text": "@{email}", "placeholder": "Email"},
       {"type": "text", "id": "echo", "text": "Signed in as @{email == '' ? 'nobody' : email}"},
       {"type": "stepper", "id": "qty", "value": "@{qty}", "label": "Qty"},
       {"type": "picker", "id": "size", "selection": "@{size}", "style": "segmented", "options": ["S", "M", "L"]}]}}
    """#

    @Test func `a toggle reveals a button and a text field is echoed into a label`() throws {
        let before = try layout(Self.form)
        #expect(before["continue"]?["hidden"] as? Bool == true)
        #expect(before["echo"]?["text"] as? String == "Signed in as nobody")
        #expect(before["email"]?["text"] as? String == "")
        // UIKit's metrics: a UISwitch is 51 × 31, a UIStepper 94 × 32, a segmented control 32 tall, a rounded text
        // field 34 at Large; each fills the row (393 − 2 × 16).
        let agree = try #require(before["agree"]?["frame"] as? [String: Double])
        #expect(agree["x"] == 16 && agree["width"] == 361 && agree["height"] == 31)
        #expect((before["email"]?["frame"] as? [String: Double])?["height"] == 34)
        #expect((before["qty"]?["frame"] as? [String: Double])?["height"] == 32)
        #expect((before["size"]?["frame"] as? [String: Double])?["height"] == 32)
        #expect((before["size"]?["frame"] as? [String: Double])?["width"] == 361)
        let after = try simulate(Self.form, "toggle:agree,type:email=ada@example.com")
        #expect(after.state["agreed"] as? Bool == true)
        #expect(after.state["email"] as? String == "ada@example.com")
        #expect(!after.hidden("continue"))
        #expect(after.text("continue") == "Continue")
        #expect(after.text("email") == "ada@example.com")
        #expect(after.text("echo") == "Signed in as ada@example.com")
        #expect(after.changes.map { Array($0.keys) } == [["agreed"], ["email"]])
        // Toggled back, the button goes again.
        let back = try simulate(Self.form, "toggle:agree,toggle:agree")
        #expect(back.hidden("continue"))
    }

    static let list = #"""
    {"schemaVersion": 1, "id": "list", "state": {"products": [{"id": "p1", "title": "Trail Runner", "price": 129}], "selected": ""},
     "root": {"type": "vstack", "children": [
       {"type": "text", "id": "count", "text": "@{len(products)} products"},
       {"type": "button", "id": "add", "title": "Add", "action": {"type": "append", "name": "products",
         "value": {"id": "@{'p' + (len(products) + 1)}", "title": "Item @{len(products) + 1}", "price": "@{10 * (len(products) + 1)}"}}},
       {"type": "button", "id": "drop", "title": "Drop", "action": {"type": "remove", "name": "products", "index": 0}},
       {"type": "vstack", "id": "rows", "spacing": 4, "children": [
         {"type": "forEach", "items": "@{products}", "id": "@{item.id}", "template":
           {"type": "button", "id": "row-@{item.id}", "title": "@{index + 1}. @{item.title} @{formatCurrency(item.price, 'USD')}",
            "action": {"type": "set", "name": "selected", "value": "@{item.id}"}}}]}]}}
    """#

    @Test func `a list template follows its state array and its items' actions see their item`() throws {
        let outcome = try simulate(Self.list, "tap:add,tap:add,tap:drop,tap:row-p3")
        let products = try #require(outcome.state["products"] as? [[String: Any]])
        #expect(products.map { $0["id"] as? String } == ["p2", "p3"])
        #expect(outcome.state["selected"] as? String == "p3")
        #expect(outcome.text("count") == "2 products")
        #expect(outcome.text("row-p2") == "1. Item 2 $20.00")
        #expect(outcome.text("row-p3") == "2. Item 3 $30.00")
        #expect(outcome.nodes["row-p1"] == nil)
        // Rows are stacked 4 pt apart, each a 22 pt body line.
        let first = outcome.frame("row-p2"), second = outcome.frame("row-p3")
        #expect(second["y"] == first["y"].map { $0 + 22 + 4 })
    }

    static let request = #"""
    {"schemaVersion": 1, "id": "signup", "state": {"email": "ada@example.com", "status": "idle", "tries": 0},
     "root": {"type": "vstack", "children": [
       {"type": "text", "id": "status", "text": "@{status}"},
       {"type": "button", "id": "send", "title": "Send", "action": {"type": "sequence", "actions": [
         {"type": "set", "name": "tries", "value": "@{tries + 1}"},
         {"type": "if", "condition": "@{tries > 2}", "then": {"type": "set", "name": "status", "value": "too many tries"},
          "else": {"type": "request", "url": "https://api.example.com/signup", "method": "POST", "body": {"email": "@{email}"},
            "onSuccess": {"type": "set", "name": "status", "value": "@{'welcome #' + response.body.id}"},
            "onFailure": {"type": "set", "name": "status", "value": "@{'failed (' + response.status + ')'}"}}}]}}]}}
    """#

    @Test func `a request answered ok runs onSuccess with the response and a failed one onFailure`() throws {
        let ok = try simulate(Self.request, "tap:send,respond:ok:$DIR/ok.json", files: ["ok.json": #"{"id": 42}"#])
        #expect(ok.state["status"] as? String == "welcome #42")
        #expect(ok.text("status") == "welcome #42")
        #expect(ok.pending.isEmpty)
        let failed = try simulate(Self.request, "tap:send,respond:fail:503")
        #expect(failed.state["status"] as? String == "failed (503)")
        let offline = try simulate(Self.request, "tap:send,respond:fail")
        #expect(offline.state["status"] as? String == "failed (0)")
        let waiting = try simulate(Self.request, "tap:send")
        #expect(waiting.pending == ["POST https://api.example.com/signup"])
        #expect(waiting.state["status"] as? String == "idle")
        // The conditional: the third tap takes the `then` branch and sends nothing.
        let many = try simulate(Self.request, "tap:send,respond:fail,tap:send,respond:fail,tap:send")
        #expect(many.state["status"] as? String == "too many tries")
        #expect(many.state["tries"] as? Int == 3)
        #expect(many.pending.isEmpty)
    }

    @Test(arguments: [
        ("tap:nothing", 1, "has no node with id 'nothing'"),
        ("toggle:add", 1, "not a toggle"),
        ("type:add=x", 1, "not a textField"),
        ("set:count=\"x\"", 1, "holds a number"),
        ("set:cont=1", 1, "no state variable \"cont\""),
        ("set:count=[1,", 64, "is not JSON"),
        ("set:count", 64, "expected set:NAME=JSON"),
        ("respond:ok", 1, "no request is pending"),
        ("respond:maybe", 64, "expected respond:ok"),
        ("respond:fail:200", 64, "400…599"),
        ("respond:ok:/nonexistent/body.json", 66, "cannot read"),
    ])
    func `bad steps are refused at the edge with the step named`(step: String, code: Int32, message: String) throws {
        let path = try temporaryFile(Array(Self.counter.utf8))
        let run = try sdui(["simulate", path, "--steps", step])
        #expect(run.exitCode == code, "\(step): \(run.stderr)")
        #expect(run.stderr.contains(message), "\(step): \(run.stderr)")
    }

    @Test func `array elements and object members are checked against the variable's type everywhere`() throws {
        let payload = #"""
        {"schemaVersion": 1, "id": "typed", "state": {"scores": [1, 2], "person": {"age": 3, "name": "Ada"}},
         "root": {"type": "text", "text": "@{len(scores)}"}}
        """#
        let path = try temporaryFile(Array(payload.utf8))
        for (step, problem) in [("set:scores=[\"a\"]", "holds an array of number"), ("set:scores=[1,[2]]", "holds an array of number"),
                                ("set:person={\"age\":\"x\"}", "holds an object")] {
            let run = try sdui(["simulate", path, "--steps", step])
            #expect(run.exitCode == 1, "\(step): \(run.stderr)")
            #expect(run.stderr.contains(problem), "\(step): \(run.stderr)")
        }
        // What the initial value's type allows: numbers and nulls, any members it does not name.
        for step in ["set:scores=[3,null,4.5]", "set:scores=[]", "set:person={\"age\":4,\"city\":\"Oslo\"}"] {
            let run = try sdui(["simulate", path, "--steps", step])
            #expect(run.exitCode == 0, "\(step): \(run.stderr)")
        }
        // A --state file: the same check (exit 65, naming the variable).
        let state = try temporaryFile(Array(#"{"scores": ["a", "b"]}"#.utf8), name: "bad-state.json")
        let layout = try sdui(["layout", path, "--state", state])
        #expect(layout.exitCode == 65, "\(layout.stderr)")
        #expect(layout.stderr.contains("/scores: scores holds an array of number"), "\(layout.stderr)")
        // A set action's constant value in the payload: a validation error.
        let action = try temporaryFile(Array(#"""
        {"schemaVersion": 1, "state": {"scores": [1]}, "root": {"type": "button", "title": "x",
         "action": {"type": "set", "name": "scores", "value": ["a"]}}}
        """#.utf8))
        let validate = try sdui(["validate", action])
        #expect(validate.exitCode == 65, "\(validate.stdout)")
        #expect(validate.stdout.contains("/root/action/value"), "\(validate.stdout)")
    }

    @Test func `a response file that is not JSON is a payload error naming the step`() throws {
        let path = try temporaryFile(Array(Self.request.utf8))
        let body = (path as NSString).deletingLastPathComponent + "/bad.json"
        try Data("{nope".utf8).write(to: URL(fileURLWithPath: body))
        let run = try sdui(["simulate", path, "--steps", "tap:send,respond:ok:\(body)"])
        #expect(run.exitCode == 65, "\(run.stderr)")
        #expect(run.stderr.contains("step 2"))
    }
}
