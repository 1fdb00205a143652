import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema
import Testing
import SDUIFixtures

/// Invariants of every example on every catalog window (device × orientation × offered mode).
@Suite struct PropertyTests {
    @Test func `frames are finite, inside the window, stacks never overlap, scroll children stay in their content`() throws {
        let environments = WindowEnvironment.allFixed()
        #expect(environments.count > 60)
        let engine = LayoutEngine()
        for screen in try EngineBehaviourTests.examples() + [BenchmarkFixtures.cards(count: 10, textTitles: true)] {
            for environment in environments {
                let result = engine.layout(screen, in: environment, traits: environment.traitCollection())
                check(result, environment, screen)
            }
        }
    }

    func check(_ result: LayoutResult, _ environment: WindowEnvironment, _ screen: Screen) {
        let where_ = "\(screen.id) on \(environment.device.name) \(environment.orientation) \(environment.mode)"
        let window = environment.size
        let nodes = result.nodes
        // A scroll's axis as the payload gives it (never guessed from the frames under test).
        let horizontal = nodes.map { node in
            node.type == .scroll && payloadNode(screen, node.pointer)?.axis?.resolved(for: environment.horizontalSizeClass) == .horizontal
        }
        // Nodes inside a horizontal scroll may extend past the window.
        var inHorizontalScroll = [Bool](repeating: false, count: nodes.count)
        for (i, node) in nodes.enumerated() where node.parent >= 0 {
            inHorizontalScroll[i] = inHorizontalScroll[node.parent] || horizontal[node.parent]
        }
        #expect(nodes.allSatisfy { payloadNode(screen, $0.pointer) != nil }, "\(where_): every node names its payload node")
        for (i, node) in nodes.enumerated() {
            let f = node.frame
            #expect(f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite, "\(where_): \(node.id)")
            #expect(f.width >= 0 && f.height >= 0 && f.x >= -0.001 && f.y >= -0.001, "\(where_): \(node.id) \(f)")
            if !inHorizontalScroll[i] {
                #expect(f.maxX <= window.width + 0.01, "\(where_): \(node.id) \(f) wider than the window")
            }
        }
        // The root sits inside the safe area.
        let safe = environment.safeAreaRect
        if let root = nodes.first {
            #expect(root.frame.minX >= safe.minX - 0.01 && root.frame.maxX <= safe.maxX + 0.01 && root.frame.minY >= safe.minY - 0.01, "\(where_): root \(root.frame) outside \(safe)")
        }
        // Stack children never overlap along the axis; scroll children stay within the scroll's width.
        for (p, parent) in nodes.enumerated() {
            let children = nodes.enumerated().filter { $0.element.parent == p && !$0.element.isHidden }.map(\.element)
            if parent.type == .vstack || (parent.type == .scroll && !horizontal[p]) {
                for (a, b) in zip(children, children.dropFirst()) {
                    #expect(b.frame.minY >= a.frame.maxY - 0.01, "\(where_): \(a.id) overlaps \(b.id)")
                }
            }
            if parent.type == .hstack || (parent.type == .scroll && horizontal[p]) {
                for (a, b) in zip(children, children.dropFirst()) {
                    #expect(b.frame.minX >= a.frame.maxX - 0.01, "\(where_): \(a.id) overlaps \(b.id)")
                }
            }
            if parent.type == .scroll {
                for child in children {
                    #expect(child.frame.minX >= parent.frame.minX - 0.01 && child.frame.minY >= parent.frame.minY - 0.01, "\(where_): \(child.id) outside \(parent.id)")
                }
            }
        }
    }

    /// The payload node `pointer` names (`/root/children/2/children/0`).
    func payloadNode(_ screen: Screen, _ pointer: String) -> ComponentNode? {
        guard pointer.hasPrefix("/root") else { return nil }
        var node = screen.root
        var parts = pointer.dropFirst("/root".count).split(separator: "/", omittingEmptySubsequences: false).dropFirst()[...]
        while let key = parts.popFirst() {
            // A section's header or footer, the view of a background or overlay at `modifiers/k`, or a child.
            if key == "header" || key == "footer" {
                guard let view = key == "header" ? node.header : node.footer else { return nil }
                node = view
                continue
            }
            if key == "modifiers" {
                guard let text = parts.popFirst(), let k = Int(text), node.modifiers.chain.indices.contains(k), parts.popFirst() != nil,
                      parts.popFirst() == "content", let view = node.modifiers.chain[k].decorationContent else { return nil }
                node = view
                continue
            }
            guard key == "children", let text = parts.popFirst(), let index = Int(text), node.children.indices.contains(index) else { return nil }
            node = node.children[index]
        }
        return node
    }
}
