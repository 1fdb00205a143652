import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema
@testable import SDUIDisplay

/// The content the stages after layout read (`LayoutResult.content(at:)`, the payload nodes' content records) against
/// the general path — a fresh layout of the payload resolved again — after state changes, in both size classes, and for a
/// result made before a change (it keeps what it showed).
@MainActor @Suite struct NodeContentChangeTests {
    static let payload = #"""
    {"schemaVersion": 1, "id": "content",
     "state": {"name": "Ada", "tint": "#3366CC", "alt": "A photo", "on": true},
     "root": {"type": "vstack", "children": [
       {"type": "text", "id": "hello", "text": "Hello @{name}", "color": "@{tint}"},
       {"type": "text", "id": "sized", "text": {"compact": "small", "regular": "large"}, "color": {"compact": "#FF0000", "regular": "#00FF00"}},
       {"type": "image", "id": "photo", "url": "https://example.com/a.jpg", "alt": "@{alt}", "aspectRatio": 1.5,
        "modifiers": [{"border": {"color": "@{tint}", "width": 2}}, {"opacity": 0.5}]},
       {"type": "toggle", "id": "switch", "label": "On @{name}", "isOn": "@{on}"},
       {"type": "button", "id": "buy", "title": "Buy", "action": {"type": "set", "name": "name", "value": "Bo"},
        "accessibility": {"hint": "Buys @{name}"}}]}}
    """#

    /// Every value `NodeContent` gives for node `i` of `result`, as text (what two results are compared by).
    static func describe(_ result: LayoutResult, _ i: Int) -> String {
        guard let c = result.content(at: i) else { return "none" }
        return "\(c.id ?? "-") \(c.type) \(c.text ?? "-") \(String(describing: c.color)) \(String(describing: c.background))"
            + " \(c.chain.elements) \(c.chain.payloadChainStart) \(c.url ?? "-") \(c.alt ?? "-") \(String(describing: c.action))"
            + " \(String(describing: c.input)) \(String(describing: c.accessibility)) \(c.isHiddenByModifiers) \(c.hasAction)"
    }

    static func window() -> WindowEnvironment {
        let device = DeviceCatalog.device(named: "iphone-16")!
        return try! WindowEnvironment(WindowConfiguration(device: device, orientation: .portrait, mode: .window(Size(width: 375, height: 700))))
    }

    @Test(arguments: [UserInterfaceSizeClass.compact, .regular])
    func `content after state changes equals a fresh layout's, and a result made before keeps its own`(_ sizeClass: UserInterfaceSizeClass) throws {
        let decoded = try #require(PayloadDecoder().decode(Array(Self.payload.utf8)).screen)
        let screen = try #require(decoded.resolved(in: decoded.state).screen)
        let environment = Self.window()
        let traits = TraitCollection(horizontalSizeClass: sizeClass)
        let engine = LayoutEngine()
        var updater = StateUpdater(screen: screen)
        let first = engine.layout(screen, in: environment, traits: traits)
        let firstContent = (0..<first.nodeCount).map { Self.describe(first, $0) }
        #expect(firstContent[2].contains(sizeClass == .compact ? "small" : "large"))
        var state = screen.state
        let steps: [(String, StateValue)] = [("name", .string("Grace")), ("tint", .string("#FF0000")), ("alt", .string("")),
                                             ("on", .bool(false)), ("name", .string("Bo"))]
        var results: [(LayoutResult, [String])] = [(first, firstContent)]
        let firstNames = first.nodes.map { "\($0.id) \($0.type)" }
        for (name, value) in steps {
            #expect(state.set(name, to: value) == nil)
            let made = updater.update(to: state, changedNames: [name])
            let update = try #require(made)
            let result = engine.layout(applying: update, in: environment, traits: traits)
            let general = try #require(screen.resolved(in: state).screen)
            let fresh = LayoutEngine().layout(general, in: environment, traits: traits)
            #expect(result.nodeCount == fresh.nodeCount)
            let content = (0..<result.nodeCount).map { Self.describe(result, $0) }
            #expect(content == (0..<fresh.nodeCount).map { Self.describe(fresh, $0) }, "after \(name)")
            results.append((result, content))
        }
        // Results made before a change, read again after later ones, still give what they gave.
        for (result, content) in results {
            #expect((0..<result.nodeCount).map { Self.describe(result, $0) } == content)
        }
        #expect(results[1].1 != results[0].1)
        #expect(first.nodes.map { "\($0.id) \($0.type)" } == firstNames)
    }
}
