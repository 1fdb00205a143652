import Foundation
import SDUIEnvironment
@testable import SDUILayout
import SDUISchema
import SDUIAuthoring
import Testing
import SDUIFixtures

/// Right-to-left layout: SwiftUI mirrors the whole layout (frames stay in window coordinates).
@Suite struct RightToLeftTests {
    static func traits(_ environment: WindowEnvironment, _ direction: LayoutDirection,
                       _ size: ContentSizeCategory = .large) -> TraitCollection {
        environment.traitCollection(contentSize: size, layoutDirection: direction)
    }

    /// Every frame of `rtl` is the mirror of the same node's frame in `ltr` in a window `width` wide.
    /// `tolerance`: how far apart (in points) a coordinate may be.
    static func mirrorErrors(_ ltr: LayoutResult, _ rtl: LayoutResult, width: Double, tolerance: Double = 1e-9) -> [String] {
        guard ltr.nodes.count == rtl.nodes.count else { return ["\(ltr.nodes.count) vs \(rtl.nodes.count) nodes"] }
        var errors: [String] = []
        for (a, b) in zip(ltr.nodes, rtl.nodes) {
            let mirroredX = width - a.frame.x - a.frame.width
            if a.id != b.id || abs(b.frame.x - mirroredX) > tolerance || abs(b.frame.y - a.frame.y) > tolerance
                || abs(b.frame.width - a.frame.width) > tolerance || abs(b.frame.height - a.frame.height) > tolerance {
                errors.append("\(a.id): left to right \(a.frame), right to left \(b.frame), mirror x \(mirroredX)")
            }
        }
        return errors
    }

    @Test func `for every example on every device, orientation and mode, each right-to-left frame is its left-to-right mirror`() throws {
        let sizes: [ContentSizeCategory] = [.xSmall, .large, .accessibility3]
        var layouts = 0
        for screen in try EngineBehaviourTests.examples() + [BenchmarkFixtures.cards(count: 6, textTitles: true)] {
            let engine = LayoutEngine(), rounding = LayoutEngine(options: .init(roundsToPixels: true))
            for environment in WindowEnvironment.allFixed() {
                for size in sizes {
                    let ltr = engine.layout(screen, in: environment, traits: Self.traits(environment, .leftToRight, size))
                    let rtl = engine.layout(screen, in: environment, traits: Self.traits(environment, .rightToLeft, size))
                    let errors = Self.mirrorErrors(ltr, rtl, width: environment.size.width)
                    #expect(errors.isEmpty, "\(screen.id) on \(environment.device.name) \(environment.orientation) \(environment.mode) at \(size): \(errors.prefix(3))")
                    #expect(rtl.diagnostics == ltr.diagnostics)
                    #expect(rtl.nodes.map(\.text?.lines) == ltr.nodes.map(\.text?.lines), "text breaks the same way")
                    layouts += 1
                }
                let ltr = rounding.layout(screen, in: environment, traits: Self.traits(environment, .leftToRight))
                let rtl = rounding.layout(screen, in: environment, traits: Self.traits(environment, .rightToLeft))
                let errors = Self.mirrorErrors(ltr, rtl, width: environment.size.width)
                #expect(errors.isEmpty, "rounded, \(screen.id) on \(environment.device.name): \(errors.prefix(3))")
            }
        }
        #expect(layouts > 500)
    }

    @Test func `rounded to pixels, a right-to-left layout is exactly the mirror of the rounded left-to-right one`() throws {
        // Two 7.6-pt colours centred in the window: edges fall on half pixels at 3×, where rounding after mirroring
        // gave one colour 7.33 pt left to right and 7.67 pt right to left.
        let screen = try Screen(json: #"""
        {"schemaVersion": 1, "root": {"type": "hstack", "children": [
          {"type": "color", "id": "a", "frame": {"width": 7.6, "height": 10}},
          {"type": "color", "id": "b", "frame": {"width": 7.6, "height": 10}}]}}
        """#)
        let rounding = LayoutEngine(options: .init(roundsToPixels: true))
        for environment in WindowEnvironment.allFixed() + [try WindowEnvironment(WindowConfiguration(device: DeviceCatalog.all[0], orientation: .portrait, mode: .window(Size(width: 333, height: 500))))] {
            let ltr = rounding.layout(screen, in: environment, traits: Self.traits(environment, .leftToRight))
            let rtl = rounding.layout(screen, in: environment, traits: Self.traits(environment, .rightToLeft))
            let errors = Self.mirrorErrors(ltr, rtl, width: environment.size.width)
            #expect(errors.isEmpty, "\(environment.device.name) \(environment.mode): \(errors)")
            for node in rtl.nodes {
                let scale = environment.device.scale
                for edge in [node.frame.minX, node.frame.maxX] { #expect(abs((edge * scale).rounded() - edge * scale) < 1e-6, "\(node.id) \(edge)") }
            }
        }
    }

    @Test func `an hstack runs from the right and a leading vstack aligns its children on the right`() {
        func box(_ id: String, _ width: Double) -> ComponentNode {
            var node = ComponentNode(type: .color, id: id)
            node.modifiers.frame = Frame(width: .fixed(width), height: 20)
            return node
        }
        var row = ComponentNode(type: .hstack, id: "row", children: [box("a", 50), box("b", 30)])
        row.spacing = 10
        var column = ComponentNode(type: .vstack, id: "column", children: [row, box("wide", 200)])
        column.alignment = .fixed(.leading)
        column.modifiers.padding = Padding(top: 0, leading: 16, bottom: 0, trailing: 4)
        column.modifiers.frame = Frame(maxWidth: .infinity, alignment: .leading)
        let environment = window(375, 667)
        let result = LayoutEngine().layout(Screen(id: "t", root: column), in: environment, traits: Self.traits(environment, .rightToLeft))
        func x(_ id: String) -> Double? { result.frame(id).map { $0.x } }
        // The column fills the window; its leading padding (16) is on the right.
        #expect(x("wide").map { near($0, 375 - 16 - 200) } == true)
        // The row (90 wide) is leading-aligned: at the right edge, less the padding; "a" is its rightmost child.
        #expect(x("row").map { near($0, 375 - 16 - 90) } == true)
        #expect(x("a").map { near($0, 375 - 16 - 50) } == true)
        #expect(x("b").map { near($0, 375 - 16 - 90) } == true)
    }

    @Test func `a horizontal scroll's content starts at its right edge`() {
        var items: [ComponentNode] = []
        for i in 0..<10 {
            var item = ComponentNode(type: .color, id: "item-\(i)")
            item.modifiers.frame = Frame(width: 100, height: 60)
            items.append(item)
        }
        var scroll = ComponentNode(type: .scroll, id: "scroll", children: items)
        scroll.axis = .fixed(.horizontal)
        scroll.spacing = 8
        let environment = window(375, 667)
        let result = LayoutEngine().layout(Screen(id: "t", root: scroll), in: environment, traits: Self.traits(environment, .rightToLeft))
        let frame = try! #require(result.frame("scroll"))
        #expect(near(result.frame("item-0")!.maxX, frame.maxX), "the first item is at the scroll's right edge")
        #expect(near(result.frame("item-1")!.maxX, frame.maxX - 108))
        #expect(result.frame("item-9")!.x < 0, "later items lie beyond the left edge, where the scroll goes")
    }

    @Test func `the safe area keeps its physical edges: a right-to-left layout respects the window's left and right insets`() {
        var box = ComponentNode(type: .color, id: "box")
        box.modifiers.frame = Frame(maxWidth: .infinity, maxHeight: .infinity)
        var environment = window(800, 400)
        environment.safeAreaInsets = EdgeInsets(top: 0, leading: 60, bottom: 20, trailing: 10)  // left 60, right 10
        let screen = Screen(id: "t", root: box)
        let ltr = LayoutEngine().layout(screen, in: environment, traits: Self.traits(environment, .leftToRight))
        let rtl = LayoutEngine().layout(screen, in: environment, traits: Self.traits(environment, .rightToLeft))
        #expect(near(ltr.frame("box"), Rect(x: 60, y: 0, width: 730, height: 380)))
        #expect(near(rtl.frame("box"), Rect(x: 60, y: 0, width: 730, height: 380)), "the same physical safe area")
        // The catalog's own windows all have equal left and right insets, so there a mirror is exact.
        for e in WindowEnvironment.allFixed() {
            #expect(e.safeAreaInsets.leading == e.safeAreaInsets.trailing, "\(e.device.name) \(e.orientation) \(e.mode)")
        }
    }

    @Test func `a centred text keeps its frame and alignment, a leading text is placed on the right`() {
        var text = ComponentNode(type: .text, id: "t")
        text.text = "Hello"
        var stack = ComponentNode(type: .vstack, id: "s", children: [text])
        stack.alignment = .fixed(.leading)
        stack.modifiers.frame = Frame(maxWidth: .infinity, alignment: .leading)
        let environment = window(375, 667)
        let result = LayoutEngine().layout(Screen(id: "t", root: stack), in: environment, traits: Self.traits(environment, .rightToLeft))
        let frame = try! #require(result.frame("t"))
        #expect(near(frame.maxX, 375))
        #expect(result.node("t")?.text?.alignment == .leading, "the run keeps the semantic alignment; renderers mirror it")
        #expect(result.node("t")?.text?.writingDirections == [.leftToRight], "English keeps its direction in a right-to-left layout")
    }

    @Test func `each line reports its paragraph's direction, and a paragraph without letters takes the layout's`() {
        let measurer = TextMeasurer()
        let font = FontSpec(size: 17, weight: 400, lineHeight: 22)
        #expect(measurer.measure("שלום עולם", font: font, maxWidth: .infinity, lineLimit: nil).lines.map(\.writingDirection) == [.rightToLeft])
        #expect(measurer.measure("$129", font: font, maxWidth: .infinity, lineLimit: nil).lines.map(\.writingDirection) == [.natural])
        #expect(measurer.measure("Sale: שלום", font: font, maxWidth: .infinity, lineLimit: nil).lines.map(\.writingDirection) == [.leftToRight])
        let two = measurer.measure("שלום\nHello world", font: font, maxWidth: 80, lineLimit: nil)
        #expect(two.lines.map(\.text) == ["שלום", "Hello", "world"])
        #expect(two.lines.map(\.writingDirection) == [.rightToLeft, .leftToRight, .leftToRight], "each paragraph its own")
        let separated = measurer.measure("שלום\u{2028}Hello", font: font, maxWidth: .infinity, lineLimit: nil)
        #expect(separated.lines.map(\.writingDirection) == [.rightToLeft, .rightToLeft], "U+2028 breaks the line, not the paragraph")

        var price = ComponentNode(type: .text, id: "price")
        price.text = "$129"
        let environment = window(375, 667)
        let rtl = LayoutEngine().layout(Screen(id: "t", root: price), in: environment, traits: Self.traits(environment, .rightToLeft))
        let ltr = LayoutEngine().layout(Screen(id: "t", root: price), in: environment, traits: Self.traits(environment, .leftToRight))
        #expect(rtl.node("price")?.text?.writingDirections == [.rightToLeft])
        #expect(ltr.node("price")?.text?.writingDirections == [.leftToRight])
    }
}
