import SDUIEnvironment
@testable import SDUILayout
import SDUISchema
import Testing

/// A size-class map built in code with neither class's value (`.sizeClass()`) has no value. The decoder refuses
/// such a map in a payload; a screen built in code can still hold one, and layout must not trap on it: it reads
/// the property as absent (a modifier's neutral value, or no effect where a modifier has none).
@Suite struct EmptySizeClassMapTests {
    @Test func `a map with neither class has no value, and a map with one falls back to it`() {
        let empty: Responsive<Double> = .sizeClass()
        #expect(empty.value(for: .compact) == nil)
        #expect(empty.value(for: .regular) == nil)
        let compactOnly: Responsive<Double> = .sizeClass(compact: 2)
        #expect(compactOnly.value(for: .regular) == 2)
        #expect(compactOnly.resolved(for: .regular) == 2)
        #expect(Responsive<Double>.fixed(3).value(for: .compact) == 3)
    }

    /// A screen touching every kind of property that layout, its content record and its accessibility read: with
    /// `empty`, each holds `.sizeClass()`; without, each is absent (and the modifiers are left out).
    static func screen(empty: Bool) -> ComponentNode {
        func e<T>(_ present: Responsive<T>? = nil) -> Responsive<T>? { empty ? .sizeClass() : present }
        var text = ComponentNode(type: .text, id: "text")
        text.text = e()
        text.modifiers.visible = e()
        text.modifiers.background = e()
        text.modifiers.cornerRadius = e()
        text.modifiers.layoutPriority = e()
        text.modifiers.accessibility = AccessibilityProperties(label: e(), hint: e(), value: e())
        var decorated = ComponentNode(type: .text, id: "decorated")
        decorated.text = .fixed("Decorated")
        decorated.modifiers.aspectRatio = e()
        decorated.modifiers.padding = empty ? Padding(.sizeClass()) : nil
        decorated.modifiers.frame = empty ? Frame(width: .sizeClass(), height: .sizeClass()) : nil
        if empty {
            decorated.modifiers.chain = [
                .opacity(.sizeClass()), .hidden(.sizeClass()), .offset(Offset(x: .sizeClass(), y: .sizeClass())),
                .cornerRadius(.sizeClass()), .clipShape(.roundedRectangle(cornerRadius: .sizeClass())),
                .background(Decoration(.color(.sizeClass()), alignment: .sizeClass(), ignoresSafeArea: .sizeClass())),
                .overlay(Decoration(.color(.sizeClass()))),
                .border(Border(color: .sizeClass(), width: .sizeClass())),
                .shadow(Shadow(color: .sizeClass(), radius: .sizeClass(), x: .sizeClass(), y: .sizeClass())),
                .layoutPriority(.sizeClass()),
            ]
        }
        var field = ComponentNode(type: .textField, id: "field")
        field.input = InputProperties(target: "name", label: e(), placeholder: e(), isSecure: e())
        var grid = ComponentNode(type: .grid, id: "grid", children: [ComponentNode(type: .spacer, id: "cell")])
        grid.gridItems = e()
        return ComponentNode(type: .vstack, id: "root", children: [text, decorated, field, grid])
    }

    @Test(arguments: ["iphone-16", "ipad-pro-13-m4"])
    func `layout reads an empty map as an absent property, in both size classes`(device name: String) {
        let environment = device(name)
        let traits = environment.traitCollection()
        let withEmpty = LayoutEngine().layout(Screen(id: "empty", root: Self.screen(empty: true)), in: environment, traits: traits)
        let without = LayoutEngine().layout(Screen(id: "empty", root: Self.screen(empty: false)), in: environment, traits: traits)
        #expect(withEmpty.nodes.map(\.id) == without.nodes.map(\.id))
        #expect(withEmpty.nodes.map(\.frame) == without.nodes.map(\.frame))
        #expect(withEmpty.node("text")?.text?.lines == without.node("text")?.text?.lines)
        #expect(withEmpty.node("field")?.text?.lines == without.node("field")?.text?.lines)
    }
}
