import Foundation
import SDUIEnvironment
@testable import SDUILayout
import SDUISchema
import Testing

/// Lays `root` (JSON) out in a free-form `width` × `height` window.
private func layout(_ root: String, _ width: Double = 200, _ height: Double = 200, environment: WindowEnvironment? = nil) throws -> LayoutResult {
    let screen = try Screen(json: #"{"schemaVersion": 1, "id": "t", "root": \#(root)}"#)
    let env = environment ?? window(width, height)
    return LayoutEngine().layout(screen, in: env, traits: env.traitCollection())
}

@Suite struct ModifierLayoutTests {
    @Test func `padding then background covers the padding; background then padding does not`() throws {
        // .padding(10).background(red): the red fills the padded 60 × 40 box.
        let a = try layout(#"{"type": "color", "id": "c", "frame": {"width": 40, "height": 20}, "modifiers": [{"padding": 10}, {"background": "red"}]}"#)
        let la = try #require(a.node("c")?.layers)
        #expect(a.frame("c") == Rect(x: 70, y: 80, width: 60, height: 40))
        #expect(la.layers.map(\.kind) == [.frame, .padding, .background])
        #expect(la.layers[2].box == Rect(x: 70, y: 80, width: 60, height: 40))
        #expect(la.content == Rect(x: 80, y: 90, width: 40, height: 20))
        // .background(red).padding(10): the red is the 40 × 20 content box; the node is still 60 × 40.
        let b = try layout(#"{"type": "color", "id": "c", "frame": {"width": 40, "height": 20}, "modifiers": [{"background": "red"}, {"padding": 10}]}"#)
        let lb = try #require(b.node("c")?.layers)
        #expect(b.frame("c") == Rect(x: 70, y: 80, width: 60, height: 40))
        #expect(lb.layers[1].box == Rect(x: 80, y: 90, width: 40, height: 20))
    }

    @Test func `a background view is proposed the decorated size and placed by its alignment, never changing it`() throws {
        let r = try layout(#"""
        {"type": "color", "id": "c", "frame": {"width": 100, "height": 50}, "modifiers": [
          {"background": {"content": {"type": "color", "id": "bg", "frame": {"width": 20, "height": 10}}, "alignment": "bottomTrailing"}},
          {"overlay": {"content": {"type": "color", "id": "fill"}}},
          {"overlay": {"content": {"type": "color", "id": "big", "frame": {"width": 300, "height": 300}}, "alignment": "topLeading"}}
        ]}
        """#)
        #expect(r.frame("c") == Rect(x: 50, y: 75, width: 100, height: 50))
        #expect(r.frame("bg") == Rect(x: 130, y: 115, width: 20, height: 10))
        #expect(r.frame("fill") == Rect(x: 50, y: 75, width: 100, height: 50))
        // Larger than the box: placed at its alignment, the node keeps its size.
        #expect(r.frame("big") == Rect(x: 50, y: 75, width: 300, height: 300))
        // Document order: the node, its background's view, then its overlays' (drawing order).
        #expect(r.nodes.map(\.id) == ["c", "bg", "fill", "big"])
        #expect(r.node("bg")?.pointer == "/root/modifiers/0/background/content")
        #expect(r.node("big")?.pointer == "/root/modifiers/2/overlay/content")
        #expect(r.node("c")?.layers?.layers[1].contentNode == 1)
    }

    @Test func `an offset moves the drawing of the node and its subtree, and nothing else`() throws {
        let r = try layout(#"""
        {"type": "vstack", "spacing": 0, "children": [
          {"type": "color", "id": "a", "frame": {"width": 50, "height": 20}},
          {"type": "vstack", "id": "b", "children": [{"type": "color", "id": "inner", "frame": {"width": 30, "height": 10}}],
           "modifiers": [{"frame": {"width": 50, "height": 20}}, {"offset": {"x": 15, "y": -5}}]},
          {"type": "color", "id": "c", "frame": {"width": 50, "height": 20}}
        ]}
        """#)
        #expect(r.frame("a") == Rect(x: 75, y: 70, width: 50, height: 20))
        #expect(r.frame("b") == Rect(x: 90, y: 85, width: 50, height: 20))
        #expect(r.frame("inner") == Rect(x: 100, y: 90, width: 30, height: 10))
        #expect(r.frame("c") == Rect(x: 75, y: 110, width: 50, height: 20))
    }

    @Test func `an inner offset moves the content but not the outer box`() throws {
        let r = try layout(#"{"type": "color", "id": "c", "frame": {"width": 40, "height": 20}, "modifiers": [{"offset": {"x": 5}}, {"padding": 10}]}"#)
        let layers = try #require(r.node("c")?.layers)
        #expect(r.frame("c") == Rect(x: 70, y: 80, width: 60, height: 40))
        #expect(layers.content == Rect(x: 85, y: 90, width: 40, height: 20))
    }

    @Test func `fixedSize on a Color gives its ideal size, 10 by 10`() throws {
        let r = try layout(#"{"type": "color", "id": "c", "modifiers": [{"fixedSize": true}]}"#)
        #expect(r.frame("c") == Rect(x: 95, y: 95, width: 10, height: 10))
        let h = try layout(#"{"type": "color", "id": "c", "modifiers": [{"fixedSize": {"horizontal": true, "vertical": false}}]}"#)
        #expect(h.frame("c") == Rect(x: 95, y: 0, width: 10, height: 200))
    }

    @Test func `hidden keeps the space; visible false removes it`() throws {
        let r = try layout(#"""
        {"type": "vstack", "spacing": 0, "children": [
          {"type": "color", "id": "a", "frame": {"height": 20}, "modifiers": [{"hidden": true}]},
          {"type": "color", "id": "b", "frame": {"height": 20}}
        ]}
        """#)
        #expect(r.frame("a") == Rect(x: 0, y: 80, width: 200, height: 20))
        #expect(r.frame("b") == Rect(x: 0, y: 100, width: 200, height: 20))
        #expect(r.node("a")?.layers?.layers.last?.kind == .hidden)
        #expect(r.node("a")?.isHidden == false)
    }

    @Test func `layoutPriority in the chain orders stack children, the outermost counting`() throws {
        let r = try layout(#"""
        {"type": "hstack", "spacing": 0, "children": [
          {"type": "color", "id": "a", "frame": {"minWidth": 0, "maxWidth": 150}},
          {"type": "color", "id": "b", "frame": {"minWidth": 0, "maxWidth": 150}, "modifiers": [{"layoutPriority": -3}, {"layoutPriority": 1}]}
        ]}
        """#)
        #expect(r.frame("b")?.width == 150)
        #expect(r.frame("a")?.width == 50)
    }

    @Test func `an aspect ratio in the chain boxes what is inside it, and one without a ratio keeps the ideal ratio`() throws {
        let r = try layout(#"{"type": "color", "id": "c", "modifiers": [{"padding": 10}, {"aspectRatio": 2}]}"#, 200, 400)
        // The padded color fits a 2:1 box of the 200-pt width: 200 × 100.
        #expect(r.frame("c") == Rect(x: 0, y: 150, width: 200, height: 100))
        let ideal = try layout(#"{"type": "color", "id": "c", "frame": {"width": 40, "height": 10}, "modifiers": [{"frame": {"minWidth": 0, "maxWidth": "infinity", "minHeight": 0, "maxHeight": "infinity"}}, {"aspectRatio": {"contentMode": "fit"}}]}"#, 200, 400)
        // The inner view's ideal size is 40 × 10 (its frame's): a 4:1 box fitting 200 × 400 is 200 × 50.
        #expect(ideal.frame("c") == Rect(x: 0, y: 175, width: 200, height: 50))
    }

    @Test func `a chain of 64 ideal-ratio aspect ratios lays out quickly`() throws {
        let chain = Array(repeating: #"{"aspectRatio": {"contentMode": "fill"}}"#, count: 64).joined(separator: ",")
        let start = Date()
        let r = try layout(#"{"type": "color", "id": "c", "modifiers": [\#(chain)]}"#)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(r.frame("c") != nil)
    }

    @Test func `ignoresSafeArea extends a box that touches the safe area to the window's edges`() throws {
        let phone = device("iphone-16")
        let inset = phone.safeAreaInsets
        #expect(inset.top > 0 && inset.bottom > 0)
        let r = try layout(#"{"type": "color", "id": "c", "modifiers": [{"ignoresSafeArea": true}]}"#, environment: phone)
        #expect(r.frame("c") == Rect(x: 0, y: 0, width: phone.size.width, height: phone.size.height))
        // Only the top: the bottom stays at the safe area.
        let top = try layout(#"{"type": "color", "id": "c", "modifiers": [{"ignoresSafeArea": {"edges": ["top"]}}]}"#, environment: phone)
        #expect(top.frame("c") == Rect(x: 0, y: 0, width: phone.size.width, height: phone.size.height - inset.bottom))
        // A box that does not touch the safe area is not extended.
        let inside = try layout(#"{"type": "color", "id": "c", "frame": {"width": 50, "height": 50}, "modifiers": [{"ignoresSafeArea": true}]}"#, environment: phone)
        #expect(inside.frame("c")?.height == 50)
    }

    @Test func `a background that ignores the safe area fills under the status bar; the node does not move`() throws {
        let phone = device("iphone-16")
        let inset = phone.safeAreaInsets
        let r = try layout(#"""
        {"type": "vstack", "spacing": 0, "children": [
          {"type": "text", "id": "title", "text": "Hello", "modifiers": [{"frame": {"maxWidth": "infinity"}},
            {"background": {"content": {"type": "color", "id": "bar", "color": "blue"}, "ignoresSafeArea": true}}]},
          {"type": "spacer"}
        ]}
        """#, environment: phone)
        let title = try #require(r.frame("title"))
        #expect(title.y == inset.top)
        #expect(r.frame("bar") == Rect(x: 0, y: 0, width: phone.size.width, height: inset.top + title.height))
        // Laid out again by the same engine, the same (nothing extended twice).
        let engine = LayoutEngine()
        let screen = try Screen(json: #"{"schemaVersion": 1, "id": "t", "root": {"type": "color", "id": "c", "modifiers": [{"ignoresSafeArea": true}]}}"#)
        let other = device("iphone-16", .landscape)
        for env in [phone, other, phone, other, phone] {
            let again = engine.layout(screen, in: env, traits: env.traitCollection())
            #expect(again.frame("c") == Rect(x: 0, y: 0, width: env.size.width, height: env.size.height))
        }
    }

    @Test func `a frame inside ignoresSafeArea keeps its size, centred in the extended box`() throws {
        // Apple's tutorial: MapView().frame(height: 300).edgesIgnoringSafeArea(.top) moves the map up by half the inset.
        let phone = device("iphone-16")
        let inset = phone.safeAreaInsets.top
        let r = try layout(#"""
        {"type": "vstack", "spacing": 0, "children": [
          {"type": "color", "id": "map", "modifiers": [{"frame": {"height": 300}}, {"ignoresSafeArea": {"edges": ["top"]}}]},
          {"type": "spacer"}
        ]}
        """#, environment: phone)
        let layers = try #require(r.node("map")?.layers)
        #expect(layers.content == Rect(x: 0, y: inset / 2, width: phone.size.width, height: 300))
        #expect(r.frame("map") == Rect(x: 0, y: 0, width: phone.size.width, height: 300 + inset))
    }

    @Test func `a frame conflict in the chain is reported at its pointer, and out-of-range values built in code are clamped`() throws {
        let r = try layout(#"{"type": "color", "id": "c", "modifiers": [{"padding": 2}, {"frame": {"minWidth": 50, "maxWidth": 10}}]}"#)
        #expect(r.diagnostics.map(\.code) == ["frame-conflict"])
        #expect(r.diagnostics.first?.pointer == "/root/modifiers/1/frame")
        var node = ComponentNode(type: .color, id: "c")
        node.modifiers.chain = [.offset(Offset(x: 1e12, y: 0))]
        let built = lay(node, in: window(100, 100))
        #expect(built.codes() == ["value-out-of-range"])
        #expect(built.frame("c")?.x == ValueLimits.maxLength)  // the 100-pt color at 0, moved by 100 000
    }

    @Test func `nodes inside decorations are named by path and read back from the payload`() throws {
        let r = try layout(#"""
        {"type": "vstack", "children": [{"type": "color", "modifiers": [{"overlay": {"content": {"type": "vstack", "children": [{"type": "text", "text": "−20 %"}]}}}]}]}
        """#)
        #expect(r.nodes.map(\.path) == ["root", "root.0", "root.0.overlay0", "root.0.overlay0.0"])
        #expect(r.nodes.map(\.pointer).last == "/root/children/0/modifiers/0/overlay/content/children/0")
        #expect(r.nodes.last?.text?.lines == ["−20 %"])
        #expect(r.nodes.map(\.parent) == [-1, 0, 1, 2])
    }

    @Test func `a tap target inside an overlay is checked and named at its pointer`() throws {
        let r = try layout(#"""
        {"type": "color", "id": "c", "frame": {"width": 100, "height": 100}, "modifiers": [{"overlay": {"content": {"type": "button", "id": "b", "title": "x", "frame": {"width": 10, "height": 10}}, "alignment": "topTrailing"}}]}
        """#)
        #expect(r.codes() == ["tap-target-too-small"])
        #expect(r.diagnostics.first?.pointer == "/root/modifiers/0/overlay/content")
        #expect(r.frame("b") == Rect(x: 140, y: 50, width: 10, height: 10))
    }
}
