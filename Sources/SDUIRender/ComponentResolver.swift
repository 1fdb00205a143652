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
        /// Reads a decimal number at the cursor.
        func number() -> Int? {
            var value = 0, digits = 0
            while cursor != bytes.endIndex, let digit = Self.digit(bytes[cursor]) {
                guard value <= (Int.max - 9) / 10 else { return nil }
                value = value * 10 + digit
                digits += 1
                cursor = bytes.index(after: cursor)
            }
            return digits > 0 ? value : nil
        }
        guard consume("/root") else { return nil }
        var depth = 0
        while cursor != bytes.endIndex {
            // A step: `/children/N`, a section's `/header` or `/footer`, or the view of `/modifiers/K/background/content`
            // (or overlay). Steps other than children are kept in `path` with negative codes.
            var index = 0
            if consume("/children/") {
                guard let n = number() else { return nil }
                index = n
            } else if consume("/header") {
                index = -1
            } else if consume("/footer") {
                index = -2
            } else if consume("/modifiers/") {
                guard let k = number(), k < Int.max / 2 - 4 else { return nil }
                if consume("/background/content") { index = -(3 + 2 * k) } else if consume("/overlay/content") { index = -(4 + 2 * k) } else { return nil }
            } else {
                return nil
            }
            if depth < path.count, path[depth].index == index {
                depth += 1
                continue
            }
            path.removeSubrange(depth...)
            let parent = depth == 0 ? root : path[depth - 1].node
            guard let child = Self.step(parent, index) else { return nil }
            path.append((index, child))
            depth += 1
        }
        if depth < path.count { path.removeSubrange(depth...) }
        return depth == 0 ? root : path[depth - 1].node
    }

    /// The node one step below `parent` (`index` as `resolve` codes it).
    private static func step(_ parent: ComponentNode, _ index: Int) -> ComponentNode? {
        switch index {
        case 0...: return index < parent.children.count ? parent.children[index] : nil
        case -1: return parent.header
        case -2: return parent.footer
        default:
            let k = (-index - 3) / 2, isOverlay = (-index - 3) % 2 == 1
            guard k < parent.modifiers.chain.count else { return nil }
            let element = parent.modifiers.chain[k]
            switch element {
            case .background where !isOverlay, .overlay where isOverlay: return element.decorationContent
            default: return nil
            }
        }
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
