import SDUISchema

/// A screen's nodes in document pre-order — the order and indices of a full layout's `LayoutResult.nodes` —
/// with what lint needs to name, nest and silence findings, made once per lint run.
package struct ScreenIndex: Sendable {
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
    package private(set) var suppressions: [Int: [LintSettings.Suppression]] = [:]
    /// Stand-ins for nodes the decoder could not show (`ComponentNode.droppedReason`).
    private(set) var dropped: Set<Int> = []
    /// Nodes a `forEach` made (its template's top node, once per item): the index of the `forEach` among the
    /// payload's children of the container, and the item's index and identity. Their pointers go into the template,
    /// which is where the payload has them.
    private(set) var made: [Int32: (marker: Int, item: (index: Int, key: StateValue))] = [:]
    /// Other children of a container with templates whose index among the payload's children differs from their
    /// index among the made children (a child after a `forEach`).
    private(set) var payloadIndex: [Int32: Int] = [:]

    package init(_ screen: Screen) {
        withUnsafePointer(to: screen.root) { root in visit(root, parent: -1, childIndex: 0) }
    }

    /// A node and its subtree in the engine's order: the views of its backgrounds (outermost first), a section's
    /// header, its children, a section's footer, the views of its overlays (innermost first). Views that are not
    /// children have negative child indices (`ScreenIndex.component(_:)`).
    private mutating func visit(_ node: UnsafePointer<ComponentNode>, parent: Int32, childIndex: Int32) {
        let index = Int32(self.parent.count)
        self.parent.append(parent)
        self.childIndex.append(childIndex)
        subtreeEnd.append(index + 1)
        payloadIDs.append(node.pointee.id)
        if node.pointee.type == .button || node.pointee.modifiers.action != nil { tappable.append(index) }
        if let lint = node.pointee.modifiers.lint, !lint.disable.isEmpty { suppressions[Int(index)] = lint.disable }
        if node.pointee.droppedReason != nil { dropped.insert(Int(index)) }
        let chain = node.pointee.modifiers.chain
        for k in chain.indices.reversed() {
            guard case .background = chain[k], let view = chain[k].decorationContent else { continue }
            withUnsafePointer(to: view) { visit($0, parent: index, childIndex: Self.backgroundCode(k)) }
        }
        if node.pointee.type == .section, let header = node.pointee.header {
            withUnsafePointer(to: header) { visit($0, parent: index, childIndex: Self.headerCode) }
        }
        // The payload's index of each template's `forEach` among the container's children: its made nodes' first
        // index, less the nodes earlier templates made, plus the earlier `forEach`s.
        let templates = node.pointee.templates
        var markers: [(range: Range<Int>, marker: Int)] = []
        var madeBefore = 0
        for (t, template) in templates.enumerated() {
            markers.append((template.range, template.range.lowerBound - madeBefore + t))
            madeBefore += template.range.count
        }
        node.pointee.children.withUnsafeBufferPointer { children in
            guard let base = children.baseAddress else { return }
            for k in children.indices {
                if !markers.isEmpty {
                    if let m = markers.first(where: { $0.range.contains(k) }), let item = base[k].templateItem,
                       let itemIndex = node.pointee.templateItemIndex(ofChild: k) {
                        made[Int32(self.parent.count)] = (m.marker, (itemIndex, item.key))
                    } else {
                        // Less the nodes templates before it made, plus their `forEach`s.
                        let before = markers.filter { $0.range.upperBound <= k && !$0.range.contains(k) }
                        let index = k - before.reduce(0) { $0 + $1.range.count } + before.count
                        if index != k { payloadIndex[Int32(self.parent.count)] = index }
                    }
                }
                visit(base + k, parent: index, childIndex: Int32(k))
            }
        }
        if node.pointee.type == .section, let footer = node.pointee.footer {
            withUnsafePointer(to: footer) { visit($0, parent: index, childIndex: Self.footerCode) }
        }
        for k in chain.indices {
            guard case .overlay = chain[k], let view = chain[k].decorationContent else { continue }
            withUnsafePointer(to: view) { visit($0, parent: index, childIndex: Self.overlayCode(k)) }
        }
        subtreeEnd[Int(index)] = Int32(self.parent.count)
    }

    package var count: Int { parent.count }

    /// Whether `node` stands for a node the decoder could not show.
    package func isDropped(_ node: Int) -> Bool { dropped.contains(node) }

    /// Whether `a` is `b` or one of its ancestors.
    package func contains(_ a: Int, _ b: Int) -> Bool { a <= b && b < Int(subtreeEnd[a]) }

    // Child-index codes of views that are not children (below -1000, so no code is a wildcard -1 in a path).
    package static let headerCode: Int32 = -1_000
    package static let footerCode: Int32 = -1_001
    package static func backgroundCode(_ k: Int) -> Int32 { Int32(clamping: -1_002 - 2 * k) }
    package static func overlayCode(_ k: Int) -> Int32 { Int32(clamping: -1_003 - 2 * k) }

    /// The path-id component of a child-index code: `3`, `header`, `footer`, `background2`, `overlay2` (the engine's).
    package static func component(_ code: Int) -> String {
        switch code {
        case 0...: return String(code)
        case Int(headerCode): return "header"
        case Int(footerCode): return "footer"
        default:
            let k = (-code - 1_002) / 2
            return ((-code - 1_002) % 2 == 0 ? "background" : "overlay") + String(k)
        }
    }

    /// The path-id components from the root down to `node` (`component(_:)` of each child index).
    package func pathComponents(_ node: Int) -> [String] { indexPath(node).map(Self.component) }

    /// Child indices from the root down to `node` (empty for the root).
    package func indexPath(_ node: Int) -> [Int] {
        var path: [Int] = []
        var i = node
        while i > 0 { path.append(Int(childIndex[i])); i = Int(parent[i]) }
        return path.reversed()
    }

    /// The path id (`root.0.3`), as the engine names a node without a payload id.
    package func pathID(_ node: Int) -> String { (["root"] + pathComponents(node)).joined(separator: ".") }

    /// The payload id or path id.
    package func id(_ node: Int) -> String { payloadIDs[node] ?? pathID(node) }

    /// Where the payload has `node`: `/root/children/0/children/3`; a node a `forEach` made (or one inside it) in
    /// the template, `/root/children/0/children/1/template/children/2` — every item's node at one pointer (the
    /// item is `item(_:)`). `varying`: a position of the node's index path that repeated siblings differ in,
    /// written `*` (a template's items share the template's pointer, so there it stays as it is).
    package func pointer(_ node: Int, varying: Int? = nil) -> String {
        var steps: [Int] = []
        var i = node
        while i > 0 { steps.append(i); i = Int(parent[i]) }
        var out = "/root"
        for (position, step) in steps.reversed().enumerated() {
            if let made = made[Int32(step)] { out += "/children/" + String(made.marker) + "/template"; continue }
            let c = Self.component(Int(childIndex[step]))
            if c == "header" || c == "footer" { out += "/" + c }
            else if c.hasPrefix("background") { out += "/modifiers/" + c.dropFirst(10) + "/background/content" }
            else if c.hasPrefix("overlay") { out += "/modifiers/" + c.dropFirst(7) + "/overlay/content" }
            else { out += "/children/" + (position == varying ? "*" : payloadIndex[Int32(step)].map(String.init) ?? c) }
        }
        return out
    }

    /// The item (its index and identity) of the `forEach` that made `node` or its nearest such ancestor, or nil.
    package func item(_ node: Int) -> (index: Int, key: StateValue)? {
        var i = node
        while i > 0 {
            if let made = made[Int32(i)] { return made.item }
            i = Int(parent[i])
        }
        return nil
    }

    /// The node a JSON Pointer of the form `/root/children/i/…` names (optionally followed by a property
    /// token, as build diagnostics' pointers may be: `/root/children/2/frame`), or nil.
    package func node(atPointer pointer: String) -> Int? {
        var parts = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard parts.first == "root" else { return nil }
        parts = parts.dropFirst()
        var node = 0
        while let first = parts.first {
            // The next step's child-index code: `children/k`, `header`, `footer`, `modifiers/k/background/content`.
            let code: Int32
            if first == "children", parts.count >= 2, let k = Int32(parts.dropFirst().first ?? "") {
                code = k; parts = parts.dropFirst(2)
            } else if first == "header" || first == "footer" {
                code = first == "header" ? Self.headerCode : Self.footerCode; parts = parts.dropFirst()
            } else if first == "modifiers", parts.count >= 4, let k = Int(parts.dropFirst().first ?? ""),
                      parts.dropFirst(3).first == "content" {
                let kind = parts.dropFirst(2).first
                guard kind == "background" || kind == "overlay" else { break }
                code = kind == "background" ? Self.backgroundCode(k) : Self.overlayCode(k); parts = parts.dropFirst(4)
            } else {
                break
            }
            var child = node + 1
            while child < Int(subtreeEnd[node]) && childIndex[child] != code { child = Int(subtreeEnd[child]) }
            guard child < Int(subtreeEnd[node]) else { return nil }
            node = child
        }
        return node
    }

    /// The reason `code` is silenced at `node` (by the node or an ancestor), if it is.
    package func suppression(of code: String, at node: Int) -> (node: Int, reason: String)? {
        guard !suppressions.isEmpty else { return nil }
        var i = node
        while i >= 0 {
            if let entries = suppressions[i], let entry = entries.first(where: { $0.code == code }) { return (i, entry.reason) }
            i = Int(parent[i])
        }
        return nil
    }
}
