import SDUIEnvironment

extension PayloadDecoder {
    /// `node`'s own properties resolved again in `state`: the node its payload object decodes to in that state —
    /// its bound properties at their new values, every check of decoding run again — with its children as they
    /// are. The one-node part of `Screen.resolved(in:)` (a state change's property path, `StateUpdater`), so
    /// the same decoder makes both and they agree by construction.
    ///
    /// Only the keys that hold a binding are decoded again (`reboundProperties(of:in:depth:)`); a node whose bound
    /// keys cannot be taken one at a time is decoded again whole (`redecodedProperties(of:in:depth:)`).
    ///
    /// nil when this cannot stand for the general path: the node has templates (its children are made from
    /// state), it shows a template's item (its bindings read locals), or decoding it reports anything (the
    /// general path then reports it at its JSON Pointer).
    /// - Complexity: O(the bound keys' values), not of the node's other properties nor of its subtree.
    func resolvedProperties(of node: ComponentNode, in state: ScreenState, depth: Int) -> ComponentNode? {
        let resolution = reboundProperties(of: node, in: state, depth: depth) ?? redecodedProperties(of: node, in: state, depth: depth)
        return resolution.issues.isEmpty ? resolution.node : nil
    }

    /// What resolving a node's properties again gives: the node (nil when it cannot be made) and what decoding
    /// reported, at JSON Pointers under `/root` (the node's own object).
    struct PropertyResolution {
        var node: ComponentNode?
        var issues: [PayloadIssue]
    }

    /// The node's keys that hold a binding decoded again on their own, each by the decoder's own step for that key
    /// (`DecodingContext.decodeMember`: the same checks, the same diagnostics at the same JSON Pointers), from the
    /// key's canonical encoding with the binding sources where the payload wrote them, into a copy of the node; the
    /// node's other keys, its bindings and its children are kept. The bindings are not compiled again: the node's
    /// compiled bindings are the context's cache.
    ///
    /// nil when the keys cannot be taken one at a time (decode the whole node: `redecodedProperties`): the node has
    /// templates or shows a template's item, is of a type this build does not show or has a fallback or a minimum
    /// version, or a binding is under a key its type does not take.
    /// - Complexity: O(the bound keys' values).
    func reboundProperties(of node: ComponentNode, in state: ScreenState, depth: Int) -> PropertyResolution? {
        var context = DecodingContext(options: options, expectedNodes: 1)
        context.bindings.mayHaveBindings = true
        context.bindings.state = state
        context.bindings.scope = ExpressionScope(schema: state.schema)
        context.path = [.key("root")]
        guard let resolved = context.reboundKeys(of: node, depth: depth) else { return nil }
        return PropertyResolution(node: resolved, issues: context.issues)
    }

    /// The node's object (its children left out) encoded and decoded again whole in `state`: what
    /// `reboundProperties` stands for, and what it falls back to.
    /// - Complexity: O(the node's own properties, decoration views included), not of its subtree.
    func redecodedProperties(of node: ComponentNode, in state: ScreenState, depth: Int) -> PropertyResolution {
        guard node.templates.isEmpty, node.templateItem == nil else { return PropertyResolution(node: nil, issues: []) }
        var shell = node
        shell.children = []
        var context = DecodingContext(options: options, expectedNodes: 1)
        context.bindings.mayHaveBindings = true
        context.bindings.state = state
        context.bindings.scope = ExpressionScope(schema: state.schema)
        context.path = [.key("root")]
        guard let decoded = context.decodeNode(shell.jsonValue, at: DecodingContext.NodeLocation(parent: -1, index: 0), depth: depth),
              decoded.type == node.type, decoded.id == node.id else { return PropertyResolution(node: nil, issues: context.issues) }
        var resolved = decoded
        resolved.children = node.children
        return PropertyResolution(node: resolved, issues: context.issues)
    }
}

extension DecodingContext {
    /// `node` with its keys that hold a binding decoded again on their own in this context's state and scope (its
    /// locals' values too, for a template's item): what `PayloadDecoder.reboundProperties(of:in:depth:)` describes,
    /// reporting into this context. nil when the keys cannot be taken one at a time (see there).
    /// - Complexity: O(the bound keys' values).
    mutating func reboundKeys(of node: ComponentNode, depth: Int) -> ComponentNode? {
        guard node.templates.isEmpty, node.templateItem == nil, node.droppedPayload == nil, node.box.properties.compatibility == nil
        else { return nil }
        if case .custom = node.type { return nil }
        let sites = node.bindings
        var keys: [(name: DecodingContext.NodeKey, property: NodeProperty, rank: Int)] = []
        for site in sites {
            guard case .key(let key)? = site.path.first else { return nil }
            if keys.contains(where: { $0.property.key == key }) { continue }
            guard let name = DecodingContext.NodeKey(key), name != .id, name != .children, name != .type, name != .fallback,
                  name != .header, name != .footer, name.isCommon || DecodingContext.typeKeys(for: node.type).contains(name),
                  let (property, rank) = NodeProperty.property(key, of: node.type) else { return nil }
            keys.append((name, property, rank))
        }
        // In the order the whole node's encoding writes them, so what they report comes in the same order.
        keys = sortedIndices(count: keys.count) { keys[$0].rank < keys[$1].rank }.map { keys[$0] }
        // Looked up before it is written: the cache is often shared (a template's items each start from the
        // definition's), and a write would copy it whole for a binding it already holds.
        for site in sites {
            let key = bindings.localsSignature + "\u{0}" + site.binding.source
            if bindings.cache[key] == nil { bindings.cache[key] = site.binding }
        }
        let number = placeNode(at: DecodingContext.NodeLocation(parent: -1, index: 0))
        var resolved = node
        resolved.makeUnique()
        var id = node.id
        var children: [ComponentNode] = []
        for (name, property, _) in keys {
            // The key as the payload writes it in the current state: its bound places hold their sources.
            var value = JSONValue.object([(property.key, property.encode(node) ?? .null)])
            for site in sites where site.path.first == .key(property.key) {
                ComponentNode.write(.string(site.binding.source), at: site.path[...], into: &value)
            }
            guard case .object(let pairs) = value, let written = pairs.first?.value else { return nil }
            if name == .url { resolved.fixedURL = nil }
            path.append(.key(property.key))
            let outer = bindings.beginNode(at: path.count - 1)
            decodeMember(name, written: property.key, written, type: node.type, typeName: node.type.rawValue, number: number,
                         depth: depth, id: &id, children: &children, into: &resolved.box.properties)
            _ = bindings.endNode(outer)
            path.removeLast()
        }
        if case .fixed(let string)? = resolved.box.properties.url {
            resolved.fixedURL = string
            resolved.box.properties.url = nil
        }
        resolved.box.refreshRecord()
        return resolved
    }
}

extension NodeProperty {
    /// The property written under `key` for a node of `type` — its type's own, else a modifier's — and its place
    /// among the keys the encoding writes.
    static func property(_ key: String, of type: ComponentType) -> (property: NodeProperty, rank: Int)? {
        let own = typeProperties(of: type)
        if let i = own.firstIndex(where: { $0.key == key }) { return (own[i], i) }
        if let i = modifiers.firstIndex(where: { $0.key == key }) { return (modifiers[i], own.count + i) }
        return nil
    }
}
