import Foundation
import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema
import SDUIFixtures

/// Bound properties that change size or visibility, laid out incrementally — the changed nodes' subtrees built again
/// in place (`LayoutTree.rebuildSubtree`) and laid out upward — against the general path: the payload resolved again
/// in the new state and laid out by a fresh engine, frames and diagnostics bit for bit.
@Suite struct LayoutChangeTests {
    /// A random payload whose nodes bind their visibility, sizes, paddings, spacings, text styles and modifier
    /// values to state variables of their own (`v3`, `h3`, …), with the variables it declares.
    struct RandomPayload {
        var variables: [(name: String, values: [String])] = []
        var next = 0
        var g: SplitMix

        init(seed: UInt64) { g = SplitMix(seed: seed) }

        mutating func variable(_ prefix: String, _ values: [String]) -> String {
            let name = "\(prefix)\(next)"
            next += 1
            variables.append((name, values))
            return "@{\(name)}"
        }

        mutating func bound(_ prefix: String, _ values: [String], or fixed: String) -> String {
            g.next(3) == 0 ? "\"" + variable(prefix, values) + "\"" : fixed
        }

        mutating func node(depth: Int) -> String {
            let sizes = ["0", "8", "24", "60", "130"]
            var fields: [String] = []
            let containers = ["vstack", "hstack", "zstack", "vstack", "section"]
            let leaves = ["text", "color", "spacer", "image", "button", "text"]
            let isContainer = depth < 4 && g.next(2) == 0
            let type = isContainer ? containers[g.next(containers.count)] : leaves[g.next(leaves.count)]
            fields.append("\"type\": \"\(type)\"")
            if g.next(4) == 0 { fields.append("\"visible\": \"" + variable("v", ["true", "false"]) + "\"") }
            if g.next(4) == 0 {
                fields.append("\"frame\": {\"height\": " + bound("h", sizes, or: sizes[g.next(sizes.count)]) + "}")
            } else if g.next(6) == 0 {
                fields.append("\"frame\": {\"width\": " + bound("w", sizes, or: "40") + ", \"maxWidth\": 300}")
            }
            if g.next(4) == 0 { fields.append("\"padding\": " + bound("p", ["0", "4", "16"], or: "6")) }
            switch type {
            case "text":
                fields.append("\"text\": \"" + String(repeating: "word ", count: 1 + g.next(12)) + "\"")
                if g.next(3) == 0 { fields.append("\"style\": \"" + variable("s", ["'body'", "'title'", "'caption'"]) + "\"") }
                if g.next(4) == 0 { fields.append("\"lineLimit\": " + bound("l", ["1", "2", "3"], or: "2")) }
            case "image":
                fields.append("\"aspectRatio\": " + bound("a", ["0.5", "1", "1.5"], or: "1.5"))
            case "button":
                fields.append("\"title\": \"Tap\"")
            case "color":
                fields.append("\"color\": \"#336699\"")
            default: break
            }
            if type == "spacer" && g.next(2) == 0 { fields.append("\"minLength\": " + bound("m", ["0", "10", "40"], or: "4")) }
            if isContainer {
                if g.next(2) == 0 { fields.append("\"spacing\": " + bound("sp", ["0", "4", "20"], or: "10")) }
                let children = (0..<(1 + g.next(4))).map { _ in node(depth: depth + 1) }
                fields.append("\"children\": [" + children.joined(separator: ", ") + "]")
                if type == "section" && g.next(2) == 0 { fields.append("\"header\": " + node(depth: 4)) }
            }
            if g.next(5) == 0 {
                // A modifier chain: the node is laid out through layers, with a view over it.
                let padding = bound("mp", ["0", "10", "30"], or: "5")
                let overlay = g.next(2) == 0 ? ", {\"overlay\": {\"alignment\": \"topTrailing\", \"content\": " + node(depth: 4) + "}}" : ""
                fields.append("\"modifiers\": [{\"padding\": \(padding)}\(overlay)]")
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }

        /// The whole payload: a root scroll or vstack over random nodes.
        mutating func payload() -> String {
            let root = g.next(2) == 0 ? "scroll" : "vstack"
            let children = (0..<(2 + g.next(4))).map { _ in node(depth: 1) }
            let state = variables.map { "\"\($0.name)\": \($0.values[0].replacingOccurrences(of: "'", with: "\""))" }
            return "{\"schemaVersion\": 1, \"id\": \"random\", \"state\": {" + state.joined(separator: ", ") + "}, \"root\": {\"type\": \"\(root)\", \"children\": ["
                + children.joined(separator: ", ") + "]}}"
        }
    }

    static func value(_ literal: String) -> StateValue {
        switch literal {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default:
            if literal.hasPrefix("'") { return .string(String(literal.dropFirst().dropLast())) }
            return .number(Double(literal)!)
        }
    }

    /// The results are equal, or the first node that differs is reported (with both versions).
    static func expectSame(_ a: LayoutResult, _ b: LayoutResult, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let x = a.nodes, y = b.nodes
        if x.count != y.count {
            Issue.record("\(what): \(x.count) nodes, fresh \(y.count)", sourceLocation: sourceLocation)
        } else if let k = x.indices.first(where: { x[$0] != y[$0] }) {
            Issue.record("\(what): node \(k) \(x[k].id) is \(x[k]), fresh \(y[k])", sourceLocation: sourceLocation)
        }
        if a.diagnostics != b.diagnostics {
            func names(_ r: LayoutResult) -> String { r.diagnostics.map { "\($0.code)@\($0.path)" }.joined(separator: " ") }
            Issue.record("\(what): diagnostics \(names(a)), fresh \(names(b))", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: 0..<40)
    func `random size and visibility changes on random trees give a fresh layout's frames`(_ seed: Int) throws {
        var generator = RandomPayload(seed: UInt64(seed) &* 104_729 &+ 7)
        let body = generator.payload()
        let variables = generator.variables
        guard !variables.isEmpty else { return }
        let decoded = PayloadDecoder().decode(Array(body.utf8))
        let screen = try #require(decoded.screen, "seed \(seed): \(decoded.issues)")
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = window(Double([320, 375, 414][seed % 3]), 667)
        let traits = environment.traitCollection()
        _ = engine.layout(screen, in: environment, traits: traits)
        var state = screen.state
        var g = SplitMix(seed: UInt64(seed) &+ 99)
        var rebuiltInPlace = 0
        for step in 0..<25 {
            // One variable, sometimes two at once.
            var names: [String] = []
            for _ in 0..<(g.next(4) == 0 ? 2 : 1) {
                let variable = variables[g.next(variables.count)]
                let literal = variable.values[g.next(variable.values.count)]
                #expect(state.set(variable.name, to: Self.value(literal)) == nil)
                if !names.contains(variable.name) { names.append(variable.name) }
            }
            let made = updater.update(to: state, changedNames: names)
            let update = try #require(made)
            let before = engine.incrementalLayoutCount
            let result = engine.layout(applying: update, in: environment, traits: traits)
            if update.textChanges == nil && !update.tookGeneralPath && engine.incrementalLayoutCount > before { rebuiltInPlace += 1 }
            let general = try #require(screen.resolved(in: state).screen)
            let context = "seed \(seed) step \(step): \(names)"
            Self.expectSame(result, LayoutEngine().layout(general, in: environment, traits: traits), context)
        }
        // The size and visibility changes of nodes outside grids are built again in place, not from a new tree.
        if variables.count >= 3 { #expect(rebuiltInPlace > 0, "seed \(seed): no change was built again in place") }
    }

    @Test func `showing and hiding a view lays out its ancestors only, from the kept tree`() throws {
        let screen = try #require(BenchmarkFixtures.cardsWithBadges(count: 20, boundProperties: true))
        var kept = KeptLayout(screen)
        var state = screen.state
        let builds = kept.engine.buildCount
        for shown in [false, true, false, true] {
            state.set("show7", to: .bool(shown))
            let applied = kept.apply(state, changed: ["show7"])
            let (update, result) = try #require(applied)
            #expect(update.textChanges == nil && !update.tookGeneralPath, "a change of layout on the fast path")
            #expect(update.changes?.size.isEmpty == false, "a size change in the change set")
            #expect(kept.engine.lastRebuildRefusal == nil)
            RememberedLayoutTests.expectSame(result, kept.fresh(update.screen), "show7 = \(shown)")
            #expect(result.nodes.first { $0.id == "card-7-subtitle" }?.isHidden == !shown)
        }
        #expect(kept.engine.buildCount == builds, "no new tree is taken")
    }

    @Test func `the shop screen's text, visibility and size changes are laid out upward from the kept tree`() throws {
        // A root scroll over a vstack with a section, a grid of cards with overlays (modifier layers), containers
        // that were measured: the climb stops at the first ancestor that keeps its size and was only placed.
        let screen = try #require(BenchmarkFixtures.shop(count: 12))
        for change in BenchmarkFixtures.shopChanges(count: 12) where ["text", "visibility", "size"].contains(change.kind) {
            var updater = StateUpdater(screen: screen)
            let engine = LayoutEngine()
            let environment = window(375, 667)
            let traits = environment.traitCollection()
            _ = engine.layout(screen, in: environment, traits: traits)

            let builds = engine.buildCount
            var state = screen.state
            for value in change.values + change.values {
                state.set(change.variable, to: value)
                let made = updater.update(to: state, changedNames: [change.variable])
                let update = try #require(made)
                let result = engine.layout(applying: update, in: environment, traits: traits)
                #expect(engine.lastUpwardRoots != nil, "\(change.kind): laid out from the root")
                Self.expectSame(result, LayoutEngine().layout(update.screen, in: environment, traits: traits), "\(change.kind) = \(value)")
            }
            #expect(engine.buildCount == builds, "\(change.kind): no new tree is taken")
        }
    }

    @Test func `a change of a node's kind takes a new tree`() throws {
        // An image that gains an SF Symbol is laid out by another algorithm.
        let screen = try #require(PayloadDecoder().decode(Array("""
            {"schemaVersion": 1, "id": "k", "state": {"symbol": ""}, "root": {"type": "vstack", "children": [
             {"type": "text", "text": "a"},
             {"type": "image", "systemName": "@{symbol}", "aspectRatio": 1, "frame": {"width": 20}}]}}
            """.utf8)).screen)
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = window(375, 667)
        let traits = environment.traitCollection()
        _ = engine.layout(screen, in: environment, traits: traits)
        var state = screen.state
        state.set("symbol", to: .string("star"))
        let made = updater.update(to: state, changedNames: ["symbol"])
            let update = try #require(made)
        let result = engine.layout(applying: update, in: environment, traits: traits)
        if update.textChanges == nil && !update.tookGeneralPath {
            #expect(engine.lastRebuildRefusal == .kindChanged)
        }
        RememberedLayoutTests.expectSame(result, LayoutEngine().layout(update.screen, in: environment, traits: traits), "symbol")
    }

    @Test func `a text field with a bound placeholder is patched in its run on the fast path`() throws {
        let screen = try #require(PayloadDecoder().decode(Array("""
            {"schemaVersion": 1, "id": "f", "state": {"email": "", "hint": "Email", "masked": false, "size": 17},
             "root": {"type": "vstack", "children": [
              {"type": "text", "text": "Sign in"},
              {"type": "textField", "id": "field", "text": "@{email}", "placeholder": "@{hint}", "secure": "@{masked}", "fontSize": "@{size}"},
              {"type": "hstack", "children": [{"type": "text", "text": "below"}, {"type": "textField", "text": "@{email}", "placeholder": "Confirm"}]}]}}
            """.utf8)).screen)
        var kept = KeptLayout(screen)
        var state = screen.state
        let builds = kept.engine.buildCount
        let steps: [[(String, StateValue)]] = [
            [("hint", .string("Your email address, please"))], [("email", .string("me@example.com"))],
            [("hint", .string("Changed while hidden"))], [("masked", .bool(true))], [("email", .string("a"))],
            [("email", .string("")), ("hint", .string("Back to the placeholder"))], [("size", .number(28))],
            [("masked", .bool(false)), ("email", .string("longer text than before"))],
        ]
        for step in steps {
            for (name, value) in step { #expect(state.set(name, to: value) == nil) }
            let applied = kept.apply(state, changed: step.map(\.0))
            let (update, result) = try #require(applied)
            #expect(!update.tookGeneralPath, "\(step.map(\.0))")
            let general = try #require(screen.resolved(in: state).screen)
            #expect(update.screen.root == general.root, "\(step.map(\.0))")
            Self.expectSame(result, kept.fresh(general), "\(step.map(\.0))")
        }
        #expect(kept.engine.buildCount == builds, "no new tree is taken")
    }
}
