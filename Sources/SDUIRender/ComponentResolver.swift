public import SDUISchema

/// Finds the payload node a `LayoutNode` came from, by its JSON Pointer (`/root/children/0/children/3`).
///
/// The layout result carries frames only; the renderer needs the payload's visual properties too
/// (background, corner radius, colours, image URL …). The resolver walks the pointer down the screen's tree. It
/// keeps the path of its previous lookup, so lookups in document order — how the renderers visit nodes — reuse
/// it and cost O(1) each on average, with memory for one path instead of an index of every node.
public struct ComponentResolver: Sendable {
    private let root: ComponentNode
    /// The nodes along the previous lookup's path below the root, each with the child index that led to it.
    private var path: [(index: Int, node: ComponentNode)] = []

    /// A resolver for the nodes of `screen`.
    public init(screen: Screen) { root = screen.root }

    /// The node at `pointer`, or nil when the pointer names no node of the screen.
    /// - Complexity: O(depth) of the pointer.
    public func node(at pointer: String) -> ComponentNode? {
        var walker = self
        return walker.resolve(pointer)
    }

    /// The node at `pointer`, reusing the part of the previous lookup's path this pointer shares.
    /// - Complexity: O(length of the pointer) to read it, plus one step per node below the shared part.
    public mutating func resolve(_ pointer: String) -> ComponentNode? {
        let bytes = pointer.utf8
        var cursor = bytes.startIndex
        /// Consumes `literal` at the cursor.
        func consume(_ literal: StaticString) -> Bool {
            var probe = cursor
            for expected in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
                guard probe != bytes.endIndex, bytes[probe] == expected else { return false }
                probe = bytes.index(after: probe)
            }
            cursor = probe
            return true
        }
        guard consume("/root") else { return nil }
        var depth = 0
        while cursor != bytes.endIndex {
            guard consume("/children/") else { return nil }
            var index = 0
            var digits = 0
            while cursor != bytes.endIndex, let digit = Self.digit(bytes[cursor]) {
                guard index <= (Int.max - 9) / 10 else { return nil }
                index = index * 10 + digit
                digits += 1
                cursor = bytes.index(after: cursor)
            }
            guard digits > 0 else { return nil }
            if depth < path.count, path[depth].index == index {
                depth += 1
                continue
            }
            path.removeSubrange(depth...)
            let parent = depth == 0 ? root : path[depth - 1].node
            guard index < parent.children.count else { return nil }
            path.append((index, parent.children[index]))
            depth += 1
        }
        if depth < path.count { path.removeSubrange(depth...) }
        return depth == 0 ? root : path[depth - 1].node
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
