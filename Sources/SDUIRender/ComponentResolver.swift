public import SDUISchema

/// Finds the payload node a `LayoutNode` came from, by its JSON Pointer (`/root/children/0/children/3`).
///
/// The layout result carries frames only; the renderer needs the payload's visual properties too
/// (background, corner radius, colours, image URL …). The resolver indexes the screen once.
public struct ComponentResolver: Sendable {
    private let nodes: [String: ComponentNode]

    /// Indexes every node of `screen` by its pointer.
    /// - Complexity: O(n) in the number of nodes.
    public init(screen: Screen) {
        var index: [String: ComponentNode] = [:]
        var stack: [(String, ComponentNode)] = [("/root", screen.root)]
        while let (pointer, node) = stack.popLast() {
            index[pointer] = node
            for (i, child) in node.children.enumerated() {
                stack.append((pointer + "/children/" + String(i), child))
            }
        }
        nodes = index
    }

    /// The node at `pointer`, or nil when the pointer names no node of the screen.
    public func node(at pointer: String) -> ComponentNode? { nodes[pointer] }
}
