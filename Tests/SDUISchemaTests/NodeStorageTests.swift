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
        // type, children, id, the box and an image's fixed URL: what a decoder makes and moves per node (a cache line).
        #expect(MemoryLayout<ComponentNode>.size <= 64, "\(MemoryLayout<ComponentNode>.size) bytes")
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

    @Test func `an image's fixed URL is stored with the node; a size-class map in its box; equality sees either`() {
        var a = ComponentNode(type: .image)
        a.modifiers.aspectRatio = 2
        var b = a
        a.url = .fixed("https://example.com/a.jpg")
        b.url = .fixed("https://example.com/b.jpg")
        // A URL string does not copy the box: the two images still share it.
        #expect(a.geometryPointer == b.geometryPointer)
        #expect(a != b && a.url == .fixed("https://example.com/a.jpg"))
        b.url = .fixed("https://example.com/a.jpg")
        #expect(a == b && a.hashValue == b.hashValue)
        b.url = .sizeClass(compact: "s.jpg", regular: "l.jpg")
        #expect(b.url == .sizeClass(compact: "s.jpg", regular: "l.jpg") && a != b)
        b.url = .fixed("https://example.com/a.jpg")
        #expect(a == b && a.hashValue == b.hashValue)
        b.url = nil
        #expect(b.url == nil && a != b)
        // The general path's node (the URL decoded into its box, then moved out) equals the DSL's.
        let payload = #"{"schemaVersion":1,"id":"s","root":{"type":"image","url":"https://example.com/a.jpg","aspectRatio":2}}"#
        #expect(PayloadDecoder().decodeGeneral(Array(payload.utf8)).screen?.root == a)
    }

    /// `ComponentNode.initialize(_:type:id:children:sharing:fixedURL:)` (the fast decoder's) writes every stored
    /// property by its offset: a stored property added to the node must be added there too, or it is left
    /// uninitialized. This test names them, so adding one fails here first.
    @Test func `the in-place initializer writes every stored property of a node`() {
        let labels = Mirror(reflecting: ComponentNode(type: .image)).children.map { $0.label ?? "" }
        #expect(labels == ["type", "children", "id", "box", "fixedURL"])
        let slot = UnsafeMutablePointer<ComponentNode>.allocate(capacity: 1)
        defer { slot.deinitialize(count: 1); slot.deallocate() }
        var expected = ComponentNode(type: .image, id: "a", children: [])
        expected.url = .fixed("https://example.com/a.jpg")
        ComponentNode.initialize(slot, type: .image, id: "a", children: [], sharing: expected.box, fixedURL: "https://example.com/a.jpg")
        #expect(slot.pointee == expected && slot.pointee.geometryPointer == expected.geometryPointer)
    }
}
