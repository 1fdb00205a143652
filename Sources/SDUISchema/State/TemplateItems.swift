extension ValueTemplate {
    /// Whether a binding in it reads a template local (`item`, `index`).
    var readsLocals: Bool {
        switch self {
        case .literal: return false
        case .binding(let binding): return binding.readsLocals
        case .array(let items): return items.contains(where: \.readsLocals)
        case .object(_, let items): return items.contains(where: \.readsLocals)
        }
    }

    /// The value the template computes with `globals` and `locals`.
    package func evaluated(globals: [StateValue], locals: [StateValue], limits: ExpressionLimits) throws(ExpressionDiagnostic) -> StateValue {
        switch self {
        case .literal(let value): return value
        case .binding(let binding): return try binding.evaluate(globals: globals, locals: locals, limits: limits)
        case .array(let items):
            var values: [StateValue] = []
            for item in items { values.append(try item.evaluated(globals: globals, locals: locals, limits: limits)) }
            return .array(values)
        case .object(let keys, let items):
            var values: [StateValue] = []
            for item in items { values.append(try item.evaluated(globals: globals, locals: locals, limits: limits)) }
            return .object(StateObject(keys: keys, values: values))
        }
    }
}

extension PayloadDecoder {
    /// The node `forEach`'s template makes for one item — `element`, at `index`, whose identity is `key` — in
    /// `state`: the same decoding of the same definition `Screen.resolved(in:)` runs for that item
    /// (`DecodingContext.decodeForEach`), on the definition's payload (`definition`, as the payload wrote it), so
    /// both agree by construction. `depth`: the depth of the template's node's children.
    ///
    /// nil when decoding it reports anything (the general path then reports it at its JSON Pointer).
    /// - Complexity: O(the item's nodes).
    func resolvedTemplateItem(_ definition: JSONValue, of forEach: ForEachTemplate, element: StateValue, index: Int,
                              key: StateValue, in state: ScreenState, depth: Int) -> ComponentNode? {
        let elementType: StateType
        if case .array(let element) = forEach.items.type { elementType = element } else { elementType = .any }
        var context = DecodingContext(options: options, expectedNodes: 0)
        context.bindings.mayHaveBindings = true
        context.bindings.state = state
        context.bindings.scope = ExpressionScope(schema: state.schema)
        context.path = [.key("root")]
        _ = context.bindings.pushLocals([(forEach.itemName, elementType), ("index", .number)], values: [element, .int(index)])
        context.bindings.isExpanding = true
        context.bindings.resolutionItem = index
        guard var node = context.decodeNode(definition, at: DecodingContext.NodeLocation(parent: -1, index: 0), depth: depth),
              context.issues.isEmpty else { return nil }
        node.templateItem = TemplateItem(index: index, key: key, item: element, itemName: forEach.itemName)
        return node
    }
}

/// The items of a node's templates made again for a new state: the nodes of items that stay (same identity, same
/// element, and the same index or a template that does not read `index`) kept as they are, in their new order; the
/// nodes of new or changed items made from the template's definition (`PayloadDecoder.resolvedTemplateItem`);
/// those of removed items dropped. No JSON round trip of the screen: only a new item's definition is decoded.
struct TemplateItemPatch {
    /// The node's children in the new state, static children where they were.
    var children: [ComponentNode]
    /// The node's templates with their new ranges.
    var templates: [ChildTemplate]

    /// The children of `node` (whose templates' `items` read no template local) in `state`, or nil when this cannot
    /// stand for the general path: an `items` that fails or is no array, an identity that fails or repeats, an
    /// item whose decoding reports anything.
    /// - Complexity: O(items + the nodes of the items made).
    init?(of node: ComponentNode, in state: ScreenState, depth: Int, options: PayloadDecoder.Options) {
        let old = node.children
        var options = options
        var children: [ComponentNode] = []
        var templates: [ChildTemplate] = []
        children.reserveCapacity(old.count)
        var cursor = 0
        let globals = state.values, limits = options.expressionLimits
        for template in node.templates {
            guard template.range.lowerBound >= cursor, template.range.upperBound <= old.count else { return nil }
            children += old[cursor..<template.range.lowerBound]
            cursor = template.range.upperBound
            let forEach = template.forEach
            guard case .array(let elements)? = try? forEach.items.evaluated(globals: globals, locals: [], limits: limits) else { return nil }
            // The old items by identity.
            var kept: [StateValue: Int] = [:]
            kept.reserveCapacity(template.range.count)
            for k in template.range {
                guard let item = old[k].templateItem else { return nil }
                kept[item.key] = k
            }
            var keys = Set<StateValue>()
            keys.reserveCapacity(elements.count)
            var definition: (json: JSONValue, readsIndex: Bool)?
            func made() -> (json: JSONValue, readsIndex: Bool) {
                if let definition { return definition }
                let json = forEach.template.payloadJSON(inTemplate: true)
                // Its custom types decode as the app's, as `Screen.resolved(in:)` has them.
                forEach.template.collectCustomTypes(into: &options.customTypes)
                // Whether a binding may read `index` (a conservative test of the text: a moved item of such a
                // template is made again).
                let made = (json, json.serialized().contains("index"))
                definition = made
                return made
            }
            let start = children.count
            for (index, element) in elements.enumerated() {
                var key = StateValue.int(index)
                if let identity = forEach.id {
                    guard let value = try? identity.evaluate(globals: globals, locals: [element, .int(index)], limits: limits) else { return nil }
                    key = value
                }
                guard keys.insert(key).inserted else { return nil }
                if let k = kept[key], var item = old[k].templateItem, item.item == element {
                    if item.index == index {
                        children.append(old[k])
                        continue
                    }
                    if !made().readsIndex {
                        var node = old[k]
                        item.index = index
                        node.templateItem = item
                        children.append(node)
                        continue
                    }
                }
                let json = made().json
                guard let node = PayloadDecoder(options: options).resolvedTemplateItem(json, of: forEach, element: element, index: index, key: key,
                                                              in: state, depth: depth) else { return nil }
                children.append(node)
            }
            templates.append(ChildTemplate(forEach: forEach, range: start..<children.count))
        }
        children += old[cursor...]
        self.children = children
        self.templates = templates
    }
}
