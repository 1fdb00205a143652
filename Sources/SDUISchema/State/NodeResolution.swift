extension PayloadDecoder {
    /// `node`'s own properties resolved again in `state`: the node its payload object decodes to in that state —
    /// its bound properties at their new values, every check of decoding run again — with its children as they
    /// are. The one-node part of `Screen.resolved(in:)` (a state change's property path, `StateUpdater`), so
    /// the same decoder makes both and they agree by construction.
    ///
    /// nil when this cannot stand for the general path: the node has templates (its children are made from
    /// state), it shows a template's item (its bindings read locals), or decoding it reports anything (the
    /// general path then reports it at its JSON Pointer).
    /// - Complexity: O(the node's own properties, decoration views included), not of its subtree.
    func resolvedProperties(of node: ComponentNode, in state: ScreenState, depth: Int) -> ComponentNode? {
        guard node.templates.isEmpty, node.templateItem == nil else { return nil }
        var shell = node
        shell.children = []
        var context = DecodingContext(options: options, expectedNodes: 1)
        context.bindings.mayHaveBindings = true
        context.bindings.state = state
        context.bindings.scope = ExpressionScope(schema: state.schema)
        context.path = [.key("root")]
        guard let decoded = context.decodeNode(shell.jsonValue, at: DecodingContext.NodeLocation(parent: -1, index: 0), depth: depth),
              context.issues.isEmpty, decoded.type == node.type, decoded.id == node.id else { return nil }
        var resolved = decoded
        resolved.children = node.children
        return resolved
    }
}
