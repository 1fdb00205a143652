import Foundation
import Testing
import SDUIEnvironment
import SDUISchema
import SDUIRender
@testable import SDUIServe

/// The patches of a batch, per window id.
func patches(_ messages: [JSONValue]) -> [String: JSONValue] {
    var out: [String: JSONValue] = [:]
    for message in messages.ofType("patch") {
        guard case .array(let panels)? = message["panels"] else { continue }
        for panel in panels { if case .string(let w)? = panel["w"] { out[w] = panel } }
    }
    return out
}

/// The operations of a panel patch as (kind, key).
func operations(_ patch: JSONValue?) -> [(kind: String, key: String)] {
    guard case .array(let ops)? = patch?["ops"] else { return [] }
    return ops.compactMap { op in
        guard case .array(let parts) = op, case .string(let kind)? = parts.first, case .string(let key)? = parts.dropFirst().first else { return nil }
        return (kind, key)
    }
}

func stateJSON(_ page: LivePage) -> JSONValue {
    page.lock.lock(); defer { page.lock.unlock() }
    return page.session!.state.jsonValue
}

@Suite struct LivePageTests {
    @Test func `a tap on the button updates the bound text in every panel, and only what changed is sent`() throws {
        let (page, _, sent, _) = try makePage()
        _ = sent.take()
        #expect(shownText(page, "label", panel: 0) == "Count: 0")
        tap(page, "increment")
        let messages = sent.take()
        let byWindow = patches(messages)
        #expect(byWindow.count == 2, "both panels are patched: one state per page")
        for panel in 0..<2 {
            #expect(shownText(page, "label", panel: panel) == "Count: 1")
            let ops = operations(byWindow[windowID(page, panel: panel)])
            #expect(ops.contains { $0.kind == "u" && $0.key == key(page, "label", panel: panel) })
            // The label and, where its new width moved them, its ancestors: nothing is inserted, moved or removed,
            // and the other controls are not sent.
            #expect(ops.allSatisfy { $0.kind == "u" }, "\(ops)")
            let untouched = ["increment", "go", "name-field", "greeting", "switch", "stepper", "flavor"].map { key(page, $0, panel: panel) }
            #expect(ops.allSatisfy { !untouched.contains($0.key) }, "\(ops)")
        }
        #expect(messages.ofType("state").first?["json"].map { if case .string(let s) = $0 { return s.contains("\"count\": 1") } else { return false } } == true)
    }

    @Test func `inputs run through the session: typing, toggle, stepper halves, segments`() throws {
        let (page, _, sent, _) = try makePage()
        _ = sent.take()
        // A tap on a text field opens it with the state's text.
        tap(page, "name-field")
        let edit = try #require(sent.take().ofType("edit").first)
        #expect(edit["text"] == .string("") && edit["placeholder"] == .string("Your name"))
        page.handle(.object([("t", .string("input")), ("w", .string(windowID(page, panel: 1))), ("k", .string(key(page, "name-field", panel: 1))),
                             ("text", .string("Ada"))]))
        #expect(shownText(page, "greeting", panel: 0) == "Hello, Ada!")
        #expect(shownText(page, "greeting", panel: 1) == "Hello, Ada!")
        tap(page, "switch")
        #expect(stateJSON(page)["on"] == .bool(true))
        let width: Double = {
            page.lock.lock(); defer { page.lock.unlock() }
            return page.panels[0].items.first { $0.id == "stepper" }!.frame.width
        }()
        tap(page, "stepper", x: width - 10)   // +
        #expect(stateJSON(page)["size"] == .number(3))
        tap(page, "stepper", x: width - 10)   // + at the top of the range: clamped, nothing changes
        #expect(stateJSON(page)["size"] == .number(3))
        tap(page, "stepper", x: width - 80)   // −
        #expect(stateJSON(page)["size"] == .number(2))
        tap(page, "stepper", x: 2)            // on the label: nothing
        #expect(stateJSON(page)["size"] == .number(2))
        let pickerWidth: Double = {
            page.lock.lock(); defer { page.lock.unlock() }
            return page.panels[0].items.first { $0.id == "flavor" }!.frame.width
        }()
        tap(page, "flavor", x: pickerWidth * 0.75)
        #expect(stateJSON(page)["flavor"] == .string("b"))
        // Navigation is not followed: a notice says what it would do, with the state interpolated.
        _ = sent.take()
        tap(page, "go")
        let notices = sent.take().ofType("notice").compactMap { $0["text"] }
        #expect(notices == [.string("navigate to details/0 — not followed in the preview")])
    }

    @Test func `a save keeps the state its variables still fit, and patches what changed in place`() throws {
        let (page, document, sent, file) = try makePage()
        tap(page, "increment")
        tap(page, "increment")
        page.handle(.object([("t", .string("input")), ("w", .string(windowID(page))), ("k", .string(key(page, "name-field"))), ("text", .string("Ada"))]))
        _ = sent.take()
        // The label changes, `name` becomes a number (its value cannot stay), `count` stays.
        let changed = counterPayload.replacingOccurrences(of: "Count: @{count}", with: "Total: @{count}")
            .replacingOccurrences(of: "\"name\": \"\"", with: "\"name\": 0")
            .replacingOccurrences(of: "\"text\": \"@{name}\", \"placeholder\"", with: "\"text\": \"@{flavor}\", \"placeholder\"")
            .replacingOccurrences(of: "Hello, @{name}!", with: "Hello, @{name + 1}!")
        try write(changed, to: file)
        document.refresh()
        let messages = sent.take()
        #expect(messages.ofType("problems").first?["count"] == .number(0))
        #expect(shownText(page, "label") == "Total: 2")
        #expect(stateJSON(page)["count"] == .number(2))
        #expect(stateJSON(page)["name"] == .number(0), "a variable whose type changed takes its new initial value")
        let ops = operations(patches(messages)[windowID(page)])
        #expect(!ops.isEmpty)
        #expect(ops.allSatisfy { $0.kind == "u" }, "the same tree: elements updated in place (scroll positions stay), \(ops)")
        #expect(messages.ofType("panels").isEmpty)
    }

    @Test func `a broken save shows its problems with pointer and line, keeps the last render, and the next save recovers`() throws {
        let (page, document, sent, file) = try makePage()
        tap(page, "increment")
        _ = sent.take()
        try write("{\"schemaVersion\": 1,\n \"id\": \"counter\",\n \"root\": {\"type\": \"text\", \"text\": \"x\"\n", to: file)
        document.refresh()
        var messages = sent.take()
        let problems = try #require(messages.ofType("problems").first)
        #expect(problems["count"] == .number(1))
        guard case .string(let html)? = problems["html"] else { Issue.record("no html"); return }
        #expect(html.contains("line 4, column 1"), "\(html)")
        #expect(html.contains("invalid-json"))
        #expect(patches(messages).isEmpty, "the last good render stays")
        #expect(shownText(page, "label") == "Count: 1")
        // A payload that is JSON but not valid: each problem with its pointer and where its value starts.
        try write(counterPayload.replacingOccurrences(of: "\"spacing\": 12", with: "\"spacing\": -12"), to: file)
        document.refresh()
        messages = sent.take()
        guard case .string(let second)? = messages.ofType("problems").first?["html"] else { Issue.record("no problems"); return }
        #expect(second.contains("/root/children/0/spacing"), "\(second)")
        #expect(second.contains("line 4, column 107"), "where -12 starts: \(second)")
        try write(counterPayload, to: file)
        document.refresh()
        messages = sent.take()
        #expect(messages.ofType("problems").first?["count"] == .number(0))
        #expect(shownText(page, "label") == "Count: 1", "the state survived the broken saves")
    }

    @Test func `the state panel's edits are checked by name and type, then applied`() throws {
        let (page, _, sent, _) = try makePage()
        _ = sent.take()
        page.handle(.object([("t", .string("state")), ("json", .string("{\"cout\": 3}"))]))
        guard case .string(let html)? = sent.take().ofType("stateProblems").first?["html"] else { Issue.record("no problems"); return }
        #expect(html.contains("/cout") && html.contains("did you mean"))
        page.handle(.object([("t", .string("state")), ("json", .string("{\"count\": \"three\"}"))]))
        #expect(sent.take().ofType("stateProblems").first?["html"].map { $0 != .string("") } == true)
        page.handle(.object([("t", .string("state")), ("json", .string("{\"count\": 3,\n \"name\": }"))]))
        guard case .string(let syntax)? = sent.take().ofType("stateProblems").first?["html"] else { Issue.record("no problems"); return }
        #expect(syntax.contains("line 2"), "\(syntax)")
        #expect(stateJSON(page)["count"] == .number(0), "nothing changed")
        page.handle(.object([("t", .string("state")), ("json", .string("{\"count\": 42, \"name\": \"Bo\"}"))]))
        #expect(shownText(page, "label", panel: 1) == "Count: 42")
        #expect(shownText(page, "greeting", panel: 0) == "Hello, Bo!")
        page.handle(.object([("t", .string("preview")), ("name", .string("ten"))]))
        #expect(shownText(page, "label") == "Count: 10")
        page.handle(.object([("t", .string("reset"))]))
        #expect(shownText(page, "label") == "Count: 0")
    }

    @Test func `choices lay the panels out again: a size is patched, windows turned off are gone`() throws {
        let (page, _, sent, _) = try makePage()
        _ = sent.take()
        let before = try #require({ page.lock.lock(); defer { page.lock.unlock() }; return page.panels[0].items.first { $0.id == "label" }?.frame }())
        page.handle(.object([("t", .string("choose")), ("choices", .object([("size", .string("AX3"))]))]))
        let messages = sent.take()
        #expect(patches(messages).count == 2)
        let after = try #require({ page.lock.lock(); defer { page.lock.unlock() }; return page.panels[0].items.first { $0.id == "label" }?.frame }())
        #expect(after.height > before.height)
        page.handle(.object([("t", .string("choose")), ("choices", .object([("hidden", .array([.string(windowID(page, panel: 1))]))]))]))
        let panels = sent.take().ofType("panels")
        #expect(panels.count == 1)
        page.lock.lock()
        #expect(page.panels.count == 1 && page.choices.contentSize == .accessibility3)
        page.lock.unlock()
    }

    @Test func `lint lists the visible windows' findings, computed once per version`() throws {
        let calls = Counter()
        let lint: ServeLint = { _, windows, size, _ in
            calls.increment()
            return [ServeLintFinding(severity: "warning", code: "text-truncated", nodes: "label", pointer: "/root", message: "<b>cut</b>",
                                     places: "\(windows.count) windows at \(size.rawValue)")]
        }
        let (page, _, sent, _) = try makePage(lint: lint)
        _ = sent.take()
        page.sendLint()
        page.sendLint()
        let html = sent.take().ofType("lint").compactMap { if case .string(let s)? = $0["html"] { return s } else { return nil } }
        #expect(html.count == 2)
        #expect(html[0].contains("2 windows at Large"))
        #expect(html[0].contains("&lt;b&gt;cut&lt;/b&gt;"), "payload text is escaped")
        #expect(calls.value == 1)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func increment() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}
