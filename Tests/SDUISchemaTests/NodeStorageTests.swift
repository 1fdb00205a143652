import SDUIEnvironment
@testable import SDUISchema
import Testing

/// `ComponentNode` keeps its geometry and text properties in a plain record (`geometry`) for the layout build and
/// the rest in a copy-on-write box: the record must follow every change, copies must stay independent, and
/// equality must not depend on the record.
@Suite struct NodeStorageTests {
    @Test func `the geometry record follows direct, nested and optional-chained changes`() {
        var node = ComponentNode(type: .vstack)
        #expect(!node.geometry.hasFrame && node.geometry.spacing.isNaN)
        node.spacing = 12
        node.modifiers.frame = Frame(width: 10)
        #expect(node.geometry.spacing == 12)
        #expect(node.geometry.hasFrame && node.geometry.frame.width == 10 && node.geometry.frame.height.isNaN)
        node.modifiers.frame?.height = 5
        node.modifiers.padding = Padding(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(node.geometry.frame.height == 5)
        #expect(node.geometry.padding.top == 1 && node.geometry.padding.leading == 2
                && node.geometry.padding.bottom == 3 && node.geometry.padding.trailing == 4)
        node.modifiers.frame = nil
        node.spacing = nil
        #expect(!node.geometry.hasFrame && node.geometry.spacing.isNaN)
    }

    @Test func `text properties and changes through a parent's children reach the record`() {
        var parent = ComponentNode(type: .vstack, children: [ComponentNode(type: .text)])
        parent.children[0].text = "Hello"
        parent.children[0].style = .fixed(.headline)
        parent.children[0].lineLimit = 2
        let g = parent.children[0].geometry
        #expect(g.text == "Hello" && g.textStyle == .headline && g.lineLimit == 2)
    }

    @Test func `a size-class map is flagged and resolved per class`() {
        var node = ComponentNode(type: .grid)
        node.columns = .sizeClass(compact: 2, regular: 4)
        #expect(node.geometry.usesSizeClasses)
        #expect(GeometryProperties(of: node, sizeClass: .compact).columns == 2)
        #expect(GeometryProperties(of: node, sizeClass: .regular).columns == 4)
        #expect(!GeometryProperties(of: node, sizeClass: .regular).usesSizeClasses)
        node.columns = 3
        #expect(!node.geometry.usesSizeClasses && node.geometry.columns == 3)
    }

    @Test func `a node is small: its properties and their record live in its box, shared by copies`() {
        // type, children, id and the box: what a decoder makes and moves per node.
        #expect(MemoryLayout<ComponentNode>.size <= 48, "\(MemoryLayout<ComponentNode>.size) bytes")
        var a = ComponentNode(type: .color)
        a.modifiers.aspectRatio = 2
        let b = a
        #expect(a.geometryPointer == b.geometryPointer && b.geometryPointer.pointee.aspectRatio == 2)
        a.modifiers.aspectRatio = 3
        #expect(a.geometryPointer != b.geometryPointer)
        #expect(a.geometryPointer.pointee.aspectRatio == 3 && b.geometryPointer.pointee.aspectRatio == 2)
    }

    @Test func `copies are independent (copy-on-write)`() {
        var a = ComponentNode(type: .color)
        a.modifiers.aspectRatio = 2
        var b = a
        b.modifiers.aspectRatio = 3
        b.url = "https://example.com/b.png"
        #expect(a.modifiers.aspectRatio == 2 && a.geometry.aspectRatio == 2 && a.url == nil)
        #expect(b.modifiers.aspectRatio == 3 && b.geometry.aspectRatio == 3)
        #expect(a != b)
    }

    @Test func `equal properties make equal nodes and equal hashes, whatever the order of changes`() {
        var a = ComponentNode(type: .text, id: "t")
        a.text = "x"
        a.modifiers.padding = Padding(8)
        var b = ComponentNode(type: .text, id: "t")
        b.modifiers.padding = Padding(4)
        b.modifiers.padding = Padding(8)
        b.text = "x"
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
    }
}
