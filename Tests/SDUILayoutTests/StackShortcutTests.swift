import SDUIEnvironment
@testable import SDUILayout
import SDUISchema
import Testing

/// The closed form of a stack's distribution (`StackChildShape`: fixed-length children and bare spacers) must
/// give exactly what the general steps give. Each random screen is laid out twice on the same built tree:
/// once as built, once with every stack's shape forced to `.general`; frames and diagnostics must be equal.
@Suite struct StackShortcutTests {
    typealias Generator = SplitMix

    static func length(_ g: inout Generator) -> Double {
        switch Int.random(in: 0..<8, using: &g) {
        case 0: return 0
        case 1: return Double(Int.random(in: 1...4, using: &g)) / 3
        default: return Double(Int.random(in: 1...160, using: &g))
        }
    }

    static func priority(_ g: inout Generator) -> Responsive<Double>? {
        switch Int.random(in: 0..<6, using: &g) {
        case 0: return .fixed(1)
        case 1: return .fixed(-1)
        case 2: return .fixed(0)
        default: return nil
        }
    }

    /// A child with a fixed length along `horizontal`: a leaf or a small container, sometimes padded,
    /// tappable, prioritised or hidden.
    static func fixedChild(horizontal: Bool, _ g: inout Generator) -> ComponentNode {
        var node: ComponentNode
        switch Int.random(in: 0..<5, using: &g) {
        case 0:
            node = ComponentNode(type: .hstack, children: [ComponentNode(type: .color), ComponentNode(type: .spacer)])
        case 1:
            node = ComponentNode(type: .vstack, children: [ComponentNode(type: .color)])
        case 2:
            node = ComponentNode(type: .spacer)
        default:
            node = ComponentNode(type: .color)
        }
        let along = Responsive<Double>.fixed(length(&g))
        let across: Responsive<Double>? = Bool.random(using: &g) ? .fixed(length(&g)) : nil
        node.modifiers.frame = horizontal ? Frame(width: along, height: across) : Frame(width: across, height: along)
        if Int.random(in: 0..<4, using: &g) == 0 { node.modifiers.padding = Padding(.fixed(Double(Int.random(in: 0...12, using: &g)))) }
        if Int.random(in: 0..<5, using: &g) == 0 { node.modifiers.action = .navigate(screen: "next") }
        if Int.random(in: 0..<4, using: &g) == 0 { node.modifiers.layoutPriority = priority(&g) }
        if Int.random(in: 0..<8, using: &g) == 0 { node.modifiers.visible = .fixed(false) }
        return node
    }

    /// A bare spacer, with or without `minLength` and `layoutPriority`, sometimes hidden.
    static func spacer(_ g: inout Generator) -> ComponentNode {
        var node = ComponentNode(type: .spacer)
        if Bool.random(using: &g) { node.minLength = .fixed(Double(Int.random(in: 0...40, using: &g))) }
        if Int.random(in: 0..<3, using: &g) == 0 { node.modifiers.layoutPriority = priority(&g) }
        if Int.random(in: 0..<8, using: &g) == 0 { node.modifiers.visible = .fixed(false) }
        return node
    }

    /// A stack of fixed children and spacers (now and then a flexible child, which takes the general steps),
    /// proposed along its axis a fixed frame's length (0, small, near its content, large) or, inside a parent
    /// stack next to a flexible sibling, probed at 0 and ∞ and then offered a share.
    static func screen(_ g: inout Generator) -> ComponentNode {
        let horizontal = Bool.random(using: &g)
        var stack = ComponentNode(type: horizontal ? .hstack : .vstack)
        stack.children = (0..<Int.random(in: 0...6, using: &g)).map { _ in
            switch Int.random(in: 0..<12, using: &g) {
            case 0: return ComponentNode(type: .color)
            case 1...4: return spacer(&g)
            default: return fixedChild(horizontal: horizontal, &g)
            }
        }
        if Bool.random(using: &g) { stack.spacing = .fixed(Double(Int.random(in: 0...20, using: &g))) }
        if Bool.random(using: &g) { stack.alignment = .fixed(Alignment.allCases.randomElement(using: &g)!) }
        switch Int.random(in: 0..<3, using: &g) {
        case 0:
            let along = Responsive<Double>.fixed([0, 3, 50, 120, 200, 390, 5000].randomElement(using: &g)!)
            stack.modifiers.frame = horizontal ? Frame(width: along) : Frame(height: along)
            return stack
        case 1:
            // Probed (0, ∞) by a parent stack along the same axis, then offered a share.
            var parent = ComponentNode(type: horizontal ? .hstack : .vstack, children: [stack, ComponentNode(type: .color)])
            if Bool.random(using: &g) { parent.children.swapAt(0, 1) }
            return parent
        default:
            // Measured across by a parent stack of the other axis, unspecified along its own in a scroll.
            let parent = ComponentNode(type: horizontal ? .vstack : .hstack, children: [stack, ComponentNode(type: .color)])
            return Bool.random(using: &g) ? parent : ComponentNode(type: .scroll, children: [stack])
        }
    }

    @Test(arguments: 0..<8)
    func closedFormEqualsGeneralSteps(batch: Int) {
        var g = Generator(seed: UInt64(batch) &* 7919 &+ 17)
        var shapes: [StackChildShape: Int] = [:]
        for _ in 0..<250 {
            let screen = Screen(id: "stacks", root: Self.screen(&g))
            let environment = window([320, 375, 414].randomElement(using: &g)!, [200, 667, 900].randomElement(using: &g)!)
            let traits = environment.traitCollection()

            let fast = LayoutEngine()
            let expected = fast.layout(screen, in: environment, traits: traits)
            for i in 0..<fast.state.tree.nodes.count where fast.state.tree.nodes[i].kind == .hstack || fast.state.tree.nodes[i].kind == .vstack {
                shapes[fast.state.tree.nodes[i].stackChildShape, default: 0] += 1
            }

            let general = LayoutEngine()
            general.prepare(screen, traits: traits)
            // The shapes are changed in a copy: the prepared tree is the screen's shared template.
            general.state.tree = general.state.tree.unsharedCopy()
            for i in 0..<general.state.tree.nodes.count { general.state.tree.nodes[i].stackChildShape = .general }
            let actual = general.layout(screen, in: environment, traits: traits)
            #expect(general.buildCount == 1)

            #expect(expected.nodes.map(\.frame) == actual.nodes.map(\.frame), "\(screen.root)")
            #expect(expected.diagnostics == actual.diagnostics, "\(screen.root)")
        }
        // The random stacks exercise every closed form (and the general steps).
        for shape in [StackChildShape.general, .fixedThenSpacers, .fixedLeavesThenSpacers, .fixedWithSpacers] {
            #expect(shapes[shape, default: 0] >= 3, "\(shape): \(shapes)")
        }
    }
}
