import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema

/// A template's items whose nodes the build reports on (an image without `aspectRatio`, contradictory frames at the
/// top level and in a modifiers chain, an unnamed node whose path id says where it is) are still spliced into the
/// kept tree, and the diagnostics after every insert, removal and move equal a fresh layout's: the same codes in the
/// same order, each naming its node where it is now. The second payload's container starts with no children, and
/// only shown items report: the made items' diagnostics go where the full build reports them among the others; the
/// third's tree reports nothing until an item is shown.
@Suite struct SplicedDiagnosticsTests {
    static let payloads = [#"""
    {"schemaVersion": 1, "id": "reports", "state": {"rows": [{"id": "a", "show": true}, {"id": "b", "show": false}], "more": ["p"]},
     "root": {"type": "vstack", "id": "list", "children": [
       {"type": "image", "url": "https://img.example/head.png", "frame": {"width": 40, "height": 40}},
       {"type": "forEach", "items": "@{rows}", "id": "@{item.id}", "template":
         {"type": "hstack", "children": [
           {"type": "image", "url": "https://img.example/@{item.id}.png", "frame": {"width": 40, "height": 40}},
           {"type": "text", "id": "title-@{item.id}", "text": "@{item.id}", "frame": {"minWidth": 60, "maxWidth": 20}},
           {"type": "image", "id": "badge-@{item.id}", "url": "https://img.example/badge.png", "visible": "@{item.show}",
            "modifiers": [{"frame": {"minHeight": 30, "maxHeight": 10}}]}]}},
       {"type": "forEach", "items": "@{more}", "template": {"type": "image", "url": "https://img.example/@{item}.png"}},
       {"type": "image", "id": "tail", "url": "https://img.example/tail.png"}]}}
    """#, #"""
    {"schemaVersion": 1, "id": "reports", "state": {"rows": [], "more": []},
     "root": {"type": "vstack", "children": [
       {"type": "image", "url": "https://img.example/head.png"},
       {"type": "vstack", "children": [
         {"type": "forEach", "items": "@{rows}", "id": "@{item.id}", "template":
           {"type": "image", "url": "https://img.example/@{item.id}.png", "visible": "@{item.show}"}}]},
       {"type": "hstack", "children": [{"type": "forEach", "items": "@{more}", "template": {"type": "text", "text": "@{item}"}}]},
       {"type": "image", "id": "tail", "url": "https://img.example/tail.png", "frame": {"minWidth": 9, "maxWidth": 1}}]}}
    """#, #"""
    {"schemaVersion": 1, "id": "reports", "state": {"rows": [], "more": []},
     "root": {"type": "vstack", "children": [
       {"type": "text", "text": "@{len(rows)} rows, @{len(more)} more"},
       {"type": "forEach", "items": "@{rows}", "id": "@{item.id}", "template":
         {"type": "image", "url": "https://img.example/@{item.id}.png", "visible": "@{item.show}"}},
       {"type": "forEach", "items": "@{more}", "template": {"type": "text", "text": "@{item}"}}]}}
    """#]

    static func row(_ id: String, _ show: Bool) -> StateValue {
        .object(StateObject(keys: ["id", "show"], values: [.string(id), .bool(show)]))
    }

    @Test(arguments: [(0, 11), (0, 12), (1, 13), (1, 14), (2, 15), (2, 16)])
    func `random inserts, removals and moves of reporting items equal a fresh layout`(payload: Int, seed: UInt64) throws {
        let decoding = PayloadDecoder().decode(Array(Self.payloads[payload].utf8))
        let screen = try #require(decoding.screen, "\(decoding.issues)")
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = NodeContentDifferentialTests.environment
        let traits = environment.traitCollection()
        let first = engine.layout(screen, in: environment, traits: traits)
        #expect(first.diagnostics.filter { $0.code == "frame-conflict" }.count == [4, 1, 0][payload], "\(first.diagnostics.map(\.code))")
        var random = SplitMix(seed: seed)
        var rows: [StateValue] = payload == 0 ? [Self.row("a", true), Self.row("b", false)] : []
        var more: [StateValue] = payload == 0 ? [.string("p")] : []
        var state = screen.state
        var next = 0, spliced = 0
        for step in 0..<40 {
            switch random.next(5) {
            case 0, 1:
                next += 1
                rows.insert(Self.row("n\(next)", random.next(2) == 0), at: random.next(rows.count + 1))
            case 2 where !rows.isEmpty: rows.remove(at: random.next(rows.count))
            case 3 where rows.count > 1: rows.swapAt(random.next(rows.count), random.next(rows.count))
            default:
                if random.next(2) == 0 || more.isEmpty { more.insert(.string("m\(step)"), at: random.next(more.count + 1)) } else { more.removeLast() }
            }
            #expect(state.set("rows", to: .array(rows)) == nil)
            #expect(state.set("more", to: .array(more)) == nil)
            let updated = updater.update(to: state, changedNames: ["rows", "more"])
            let update = try #require(updated, "step \(step)")
            let general = try #require(screen.resolved(in: state).screen)
            let incremental = engine.incrementalLayoutCount
            let result = engine.layout(applying: update, in: environment, traits: traits)
            if engine.incrementalLayoutCount == incremental + 1 && engine.lastSpliceRefusal == nil { spliced += 1 }
            #expect(engine.lastSpliceRefusal == nil, "step \(step): \(String(describing: engine.lastSpliceRefusal))")
            let fresh = LayoutEngine().layout(general, in: environment, traits: traits)
            #expect(result.nodes == fresh.nodes, "step \(step): frames")
            #expect(result.diagnostics == fresh.diagnostics,
                    "step \(step): diagnostics\n\(result.diagnostics.map { "\($0.code) \($0.path) \($0.pointer)" })\n\(fresh.diagnostics.map { "\($0.code) \($0.path) \($0.pointer)" })")
        }
        #expect(spliced == 40, "every change was spliced into the kept tree")
    }
}
