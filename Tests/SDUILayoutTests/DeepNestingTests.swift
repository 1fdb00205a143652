import Foundation
import SDUIEnvironment
@testable import SDUILayout
import SDUISchema
import SDUIAuthoring
import Testing

/// Screens built in code can nest deeper than a payload may (the decoder stops at 128 levels): the engine lays
/// out `LayoutLimits.maxNodeDepth` levels, reports the cut, and never overflows its stack.
@Suite struct DeepNestingTests {
    /// A chain `levels` deep (the root is level 1): containers cycling through vstack, hstack, zstack and a padded
    /// frame, each with a text and a color beside the next level, a text at the bottom.
    static func chain(_ levels: Int) -> ComponentNode {
        var node = ComponentNode(type: .text, id: "bottom")
        node.text = .fixed("the deepest text")
        for level in stride(from: levels - 1, through: 1, by: -1) {
            let types: [ComponentType] = [.vstack, .hstack, .zstack, .vstack]
            var label = ComponentNode(type: .text, id: "label-\(level)")
            label.text = .fixed("level \(level)")
            var wrapper = ComponentNode(type: types[level % types.count], id: "n\(level)",
                                        children: [label, node, ComponentNode(type: .color, id: "color-\(level)")])
            if level % 4 == 3 {
                wrapper.modifiers.padding = Padding(1)
                wrapper.modifiers.frame = Frame(maxWidth: .infinity)
            }
            node = wrapper
        }
        return node
    }

    /// A secondary thread's default stack on Apple platforms (512 KB), which the deepest tree laid out fits in a
    /// release build; a debug build's frames are ≈ 3.5× larger (256 levels measured to need 2–4 MB).
    #if DEBUG
    static let threadStack = 4 << 20
    #else
    static let threadStack = 512 << 10
    #endif

    /// Runs `body` on a thread of its own with a stack of `bytes` and waits for it.
    static func onThread(stackSize bytes: Int, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { body(); done.signal() }
        thread.stackSize = bytes
        thread.start()
        done.wait()
    }

    @Test func `a screen built in code nested 2 000 deep is laid out to the limit and names the node cut`() {
        let screen = Screen(id: "deep", root: Self.chain(2000))
        for rounds in [false, true] {
            let environment = window(375, 667)
            let result = LayoutEngine(options: .init(roundsToPixels: rounds))
                .layout(screen, in: environment, traits: environment.traitCollection())
            let cut = result.diagnostics.filter { $0.code == "nesting-too-deep" }
            #expect(cut.count == 1)
            #expect(cut.first?.severity == .error)
            #expect(cut.first?.path == "n\(LayoutLimits.maxNodeDepth)")
            #expect(cut.first?.message.contains("3 children are not laid out") == true)
            // Levels 1 … 136 with a label and a color beside each level below the root's.
            let containers = result.nodes.filter { $0.id.hasPrefix("n") }
            #expect(containers.count == LayoutLimits.maxNodeDepth)
            #expect(result.node("bottom") == nil)
            #expect(result.nodes.allSatisfy { $0.frame.x.isFinite && $0.frame.y.isFinite && $0.frame.width.isFinite && $0.frame.height.isFinite })
        }
    }

    @Test func `a screen within the limit is laid out whole, without the diagnostic`() {
        let result = lay(Self.chain(LayoutLimits.maxNodeDepth), in: window(375, 667))
        #expect(!result.codes().contains("nesting-too-deep"))
        #expect(result.node("bottom") != nil)
    }

    @Test func `the deepest tree the engine lays out fits a secondary thread's stack`() {
        let screen = Screen(id: "deep", root: Self.chain(LayoutLimits.maxNodeDepth + 50))
        Self.onThread(stackSize: Self.threadStack) {
            let environment = window(375, 667)
            let engine = LayoutEngine()
            for width in [375.0, 200, 375] {
                let window = window(width, 667)
                let result = engine.layout(screen, in: window, traits: environment.traitCollection())
                _ = result.nodes.count
                _ = result.diagnostics.count
            }
            _ = LayoutEngine().layout(screen, in: environment, traits: environment.traitCollection(),
                                      viewport: ScrollViewport(offset: 0))
        }
    }
}
