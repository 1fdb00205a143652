import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIRender

@Suite struct ComponentResolverTests {
    /// The node at `path` (child indices from the root), walked without the resolver.
    func walk(_ screen: Screen, _ path: [Int]) -> ComponentNode? {
        var node = screen.root
        for index in path {
            guard node.children.indices.contains(index) else { return nil }
            node = node.children[index]
        }
        return node
    }

    func pointer(_ path: [Int]) -> String { "/root" + path.map { "/children/\($0)" }.joined() }

    @Test func `lookups in document order, in reverse and at random give the node the pointer names`() throws {
        let screen = try Examples.screen("storefront")
        var paths: [[Int]] = []
        func collect(_ node: ComponentNode, _ path: [Int]) {
            paths.append(path)
            for (i, child) in node.children.enumerated() { collect(child, path + [i]) }
        }
        collect(screen.root, [])
        #expect(paths.count == screen.root.subtreeCount)
        var g = SystemRandomNumberGenerator()
        for order in [paths, paths.reversed(), paths.shuffled(using: &g)] {
            var resolver = ComponentResolver(screen: screen)
            for path in order {
                let expected = walk(screen, path)
                #expect(resolver.resolve(pointer(path)) == expected, "\(pointer(path))")
                #expect(resolver.node(at: pointer(path)) == expected)
            }
        }
    }

    @Test(arguments: ["", "/", "/rooty", "/root/", "/root/children", "/root/children/", "/root/children/-1",
                      "/root/children/99", "/root/kids/0", "/root/children/0x1", "/root/children/99999999999999999999999"])
    func `a pointer that names no node gives nil, also after a valid lookup`(_ bad: String) throws {
        let screen = try Examples.screen("storefront")
        var resolver = ComponentResolver(screen: screen)
        #expect(resolver.resolve("/root/children/0") != nil)
        #expect(resolver.resolve(bad) == nil)
        #expect(resolver.resolve("/root/children/0") == walk(screen, [0]))
    }

    @Test func `the renderers resolve every laid-out node of every example`() throws {
        for name in Examples.names {
            let screen = try Examples.screen(name)
            let layout = Examples.layout(screen, try Examples.window("iphone-se-3"))
            var resolver = ComponentResolver(screen: screen)
            #expect(layout.nodes.allSatisfy { resolver.resolve($0.pointer) != nil }, "\(name)")
        }
    }
}
