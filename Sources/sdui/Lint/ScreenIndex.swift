import SDUISchema

/// A screen's nodes in document pre-order — the order and indices of a full layout's `LayoutResult.nodes` —
/// with what lint needs to name, nest and silence findings, made once per lint run.
struct ScreenIndex: Sendable {
    /// Per node: the parent's index (-1 for the root) and its index among the parent's children.
    private(set) var parent: [Int32] = []
    private(set) var childIndex: [Int32] = []
    /// Per node: one past the last node of its subtree (`i ..< subtreeEnd[i]` is the subtree).
    private(set) var subtreeEnd: [Int32] = []
    /// Per node: the payload id, or nil (then the path id names it).
    private(set) var payloadIDs: [String?] = []
    /// Nodes a tap reaches: buttons and nodes with an action, in document order.
    private(set) var tappable: [Int32] = []
    /// Nodes that silence findings (`"lint": {"disable": …}`), with what they silence.
    private(set) var suppressions: [Int: [LintSettings.Suppression]] = [:]

    init(_ screen: Screen) {
        withUnsafePointer(to: screen.root) { root in visit(root, parent: -1, childIndex: 0) }
    }

    private mutating func visit(_ node: UnsafePointer<ComponentNode>, parent: Int32, childIndex: Int32) {
        let index = Int32(self.parent.count)
        self.parent.append(parent)
        self.childIndex.append(childIndex)
        subtreeEnd.append(index + 1)
        payloadIDs.append(node.pointee.id)
        if node.pointee.type == .button || node.pointee.modifiers.action != nil { tappable.append(index) }
        if let lint = node.pointee.modifiers.lint, !lint.disable.isEmpty { suppressions[Int(index)] = lint.disable }
        node.pointee.children.withUnsafeBufferPointer { children in
            guard let base = children.baseAddress else { return }
            for k in children.indices { visit(base + k, parent: index, childIndex: Int32(k)) }
        }
        subtreeEnd[Int(index)] = Int32(self.parent.count)
    }

    var count: Int { parent.count }

    /// Whether `a` is `b` or one of its ancestors.
    func contains(_ a: Int, _ b: Int) -> Bool { a <= b && b < Int(subtreeEnd[a]) }

    /// Child indices from the root down to `node` (empty for the root).
    func indexPath(_ node: Int) -> [Int] {
        var path: [Int] = []
        var i = node
        while i > 0 { path.append(Int(childIndex[i])); i = Int(parent[i]) }
        return path.reversed()
    }

    /// The path id (`root.0.3`), as the engine names a node without a payload id.
    func pathID(_ node: Int) -> String { (["root"] + indexPath(node).map(String.init)).joined(separator: ".") }

    /// The payload id or path id.
    func id(_ node: Int) -> String { payloadIDs[node] ?? pathID(node) }

    /// `/root/children/0/children/3`.
    func pointer(_ node: Int) -> String { pointer(indexPath(node).map(String.init)) }

    /// The pointer of a path of child indices, any of them replaced by a pattern such as `*`.
    func pointer(_ components: [String]) -> String { "/root" + components.map { "/children/" + $0 }.joined() }

    /// The node a JSON Pointer of the form `/root/children/i/…` names (optionally followed by a property
    /// token, as build diagnostics' pointers may be: `/root/children/2/frame`), or nil.
    func node(atPointer pointer: String) -> Int? {
        var parts = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard parts.first == "root" else { return nil }
        parts = parts.dropFirst()
        var node = 0
        while parts.count >= 2, parts.first == "children", let k = Int(parts.dropFirst().first ?? "") {
            parts = parts.dropFirst(2)
            var child = node + 1
            var seen = 0
            while child < Int(subtreeEnd[node]) && seen < k { child = Int(subtreeEnd[child]); seen += 1 }
            guard child < Int(subtreeEnd[node]) else { return nil }
            node = child
        }
        return node
    }

    /// The reason `code` is silenced at `node` (by the node or an ancestor), if it is.
    func suppression(of code: String, at node: Int) -> (node: Int, reason: String)? {
        guard !suppressions.isEmpty else { return nil }
        var i = node
        while i >= 0 {
            if let entries = suppressions[i], let entry = entries.first(where: { $0.code == code }) { return (i, entry.reason) }
            i = Int(parent[i])
        }
        return nil
    }
}
