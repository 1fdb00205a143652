extension ComponentNode {
    /// The type of a template marker: the node a DSL `ForEach` writes among its container's children (the
    /// payload's `forEach`), one template and nothing else.
    package static let templateMarkerType = "forEach"

    /// Whether `node` is a template marker (one template, nothing else).
    static func isTemplateMarker(_ node: ComponentNode) -> Bool {
        guard case .custom(let name) = node.type, name == templateMarkerType else { return false }
        return node.children.isEmpty && node.templates.count == 1
    }

    /// `children` with each template marker taken out and recorded in `templates` at its place (nothing made yet:
    /// decoding the payload makes the template's nodes).
    mutating func takeTemplateMarkers() {
        guard children.contains(where: Self.isTemplateMarker) else { return }
        var kept: [ComponentNode] = []
        for child in children {
            if Self.isTemplateMarker(child), let template = child.templates.first {
                templates.append(ChildTemplate(forEach: template.forEach, range: kept.count..<kept.count))
            } else {
                kept.append(child)
            }
        }
        children = kept
    }
}
