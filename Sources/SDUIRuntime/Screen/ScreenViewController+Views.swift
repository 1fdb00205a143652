import SDUIEnvironment
import SDUILayout
import SDUISchema

// The screen's views: one per laid-out node, updated in place from each layout.
//
// A node's identity is its id (payload id, or path id for a node without one) and its type: a view whose
// identity is in the new layout is kept — moved under its new parent if that changed, given the node's new
// properties, frame and text — and only views of new identities are made (and those of vanished ones removed).
// So a state change that shows a badge, edits a text or adds a template item recreates no other view.
// (Kept small and apart so a reconciler can take it over.)

extension ScreenViewController {
    /// Builds or updates one view per laid-out node.
    func applyLayout(_ result: LayoutResult) {
        let nodes = result.nodes
        var kept: [Identity: View] = [:]
        kept.reserveCapacity(nodeViews.count)
        for (index, entry) in nodeViews.enumerated() {
            let type = (entry.view as? ComponentView)?.componentType ?? previousTypes[safe: index] ?? .custom("")
            kept[Identity(id: entry.id, type: type)] = entry.view
        }
        var views: [(id: String, view: View)] = []
        views.reserveCapacity(nodes.count)
        var types: [ComponentType] = []
        types.reserveCapacity(nodes.count)
        for node in nodes {
            let component = componentNode(atPath: node.path) ?? ComponentNode(type: node.type, id: node.id)
            let identity = Identity(id: node.id, type: node.type)
            let nodeView: View
            if let existing = kept.removeValue(forKey: identity) {
                nodeView = existing
                if let componentView = existing as? ComponentView, componentView.component != component {
                    componentView.component = component
                }
            } else {
                if !registry.canResolve(node.type), !reportedUnknownTypes.contains(node.type.rawValue) {
                    reportedUnknownTypes.insert(node.type.rawValue)
                    report(.unknownComponent, "'\(screen.id)': no component registered for type '\(node.type.rawValue)' (first at \(node.pointer)); showing an empty placeholder")
                }
                nodeView = registry.resolve(node: component)
                if nodeView.accessibilityIdentifier == nil { nodeView.accessibilityIdentifier = node.id }
                viewsMade += 1
            }
            views.append((node.id, nodeView))
            types.append(node.type)
        }
        // Views of identities no longer laid out go.
        for view in kept.values { view.removeFromSuperview() }
        // Each view under its parent's, in document order.
        var position: [ObjectIdentifier: Int] = [:]
        for (index, node) in nodes.enumerated() {
            let parentView = nodes.indices.contains(node.parent) ? views[node.parent].view : view
            let key = ObjectIdentifier(parentView)
            let at = position[key, default: 0]
            position[key] = at + 1
            let nodeView = views[index].view
            if nodeView.superview !== parentView || parentView.subviews.firstIndex(where: { $0 === nodeView }) != at {
                parentView.insertSubview(nodeView, at: at)
            }
        }
        for (index, node) in nodes.enumerated() {
            let nodeView = views[index].view
            let parentOrigin = nodes.indices.contains(node.parent) ? nodes[node.parent].frame.origin : .zero
            nodeView.frame = Rect(x: node.frame.x - parentOrigin.x, y: node.frame.y - parentOrigin.y,
                                  width: node.frame.width, height: node.frame.height)
            nodeView.isHidden = node.isHidden
            (nodeView as? ComponentView)?.layoutNode = node
        }
        nodeViews = views
        previousTypes = types
        applyAccessibility(result)
    }

    /// The payload node at a path id (`root`, `root.0.3`).
    func componentNode(atPath path: String) -> ComponentNode? {
        let parts = path.split(separator: ".")
        guard parts.first == "root" else { return nil }
        var node = screen.root
        for part in parts.dropFirst() {
            guard let index = Int(part), node.children.indices.contains(index) else { return nil }
            node = node.children[index]
        }
        return node
    }

    /// A view's identity across layouts.
    struct Identity: Hashable {
        var id: String
        var type: ComponentType
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
