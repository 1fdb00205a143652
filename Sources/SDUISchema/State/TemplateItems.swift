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
    /// `compiled`: the definition's bindings compiled by an earlier call (the decoder's cache, by scope and
    /// source), kept for the next.
    /// - Complexity: O(the item's nodes).
    func resolvedTemplateItem(_ definition: JSONValue, of forEach: ForEachTemplate, element: StateValue, index: Int,
                              key: StateValue, in state: ScreenState, depth: Int,
                              compiled: inout [String: StateBinding]) -> ComponentNode? {
        let elementType: StateType
        if case .array(let element) = forEach.items.type { elementType = element } else { elementType = .any }
        var context = DecodingContext(options: options, expectedNodes: 0)
        context.bindings.mayHaveBindings = true
        context.bindings.state = state
        context.bindings.scope = ExpressionScope(schema: state.schema)
        context.path = [.key("root")]
        context.bindings.cache = compiled
        defer { compiled = context.bindings.cache }
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
    /// For each of `children`: the index among the old children of the node it keeps, or nil for a node made.
    var origins: [Int?]

    /// The children of `node` (whose templates' `items` read no template local) in `state`, or nil when this cannot
    /// stand for the general path: an `items` that fails or is no array, an identity that fails or repeats, an
    /// item whose decoding reports anything.
    /// - Complexity: O(items + the nodes of the items made).
    init?(of node: ComponentNode, in state: ScreenState, depth: Int, options: PayloadDecoder.Options,
          definitions: inout TemplateDefinitions) {
        let old = node.children
        var options = options
        var children: [ComponentNode] = []
        var templates: [ChildTemplate] = []
        var origins: [Int?] = []
        children.reserveCapacity(old.count)
        origins.reserveCapacity(old.count)
        var cursor = 0
        let globals = state.values, limits = options.expressionLimits
        for template in node.templates {
            guard template.range.lowerBound >= cursor, template.range.upperBound <= old.count else { return nil }
            children += old[cursor..<template.range.lowerBound]
            origins += (cursor..<template.range.lowerBound).map { $0 }
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
            let definition = definitions.entry(for: forEach.template)
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
                        origins.append(k)
                        continue
                    }
                    if !definitions.entries[definition].readsIndex {
                        var node = old[k]
                        item.index = index
                        node.templateItem = item
                        children.append(node)
                        origins.append(k)
                        continue
                    }
                }
                let json = definitions.json(of: definition)
                // Its custom types decode as the app's, as `Screen.resolved(in:)` has them.
                options.customTypes.formUnion(definitions.entries[definition].customTypes)
                guard let node = PayloadDecoder(options: options).resolvedTemplateItem(json, of: forEach, element: element, index: index, key: key,
                                                              in: state, depth: depth, compiled: &definitions.entries[definition].compiled)
                else { return nil }
                children.append(node)
                origins.append(nil)
            }
            templates.append(ChildTemplate(forEach: forEach, range: start..<children.count))
        }
        children += old[cursor...]
        origins += (cursor..<old.count).map { $0 }
        self.children = children
        self.origins = origins
        self.templates = templates
    }
}

/// What the template path needs of each template definition it has seen, kept across updates (a definition is
/// the same value, its storage shared, until the general path makes the screen again): whether it reads `index`,
/// its custom types, and its payload (encoded on first need).
struct TemplateDefinitions: Sendable {
    struct Entry: Sendable {
        var template: ComponentNode
        var readsIndex: Bool
        var customTypes: Set<String>
        var json: JSONValue?
        /// The definition's bindings as the decoder compiled them for its items (`DecodingContext`'s cache).
        var compiled: [String: StateBinding] = [:]
    }
    fileprivate(set) var entries: [Entry] = []

    /// The entry of `template`, made when there is none.
    /// - Complexity: O(definitions) comparisons, each O(1) for the same stored value.
    mutating func entry(for template: ComponentNode) -> Int {
        if let k = entries.firstIndex(where: { $0.template == template }) { return k }
        var types = Set<String>()
        template.collectCustomTypes(into: &types)
        entries.append(Entry(template: template, readsIndex: template.mayRead(local: 1), customTypes: types))
        return entries.count - 1
    }

    /// The payload of entry `k`'s definition, as the payload wrote it.
    mutating func json(of k: Int) -> JSONValue {
        if let json = entries[k].json { return json }
        let json = entries[k].template.payloadJSON(inTemplate: true)
        entries[k].json = json
        return json
    }
}

extension ComponentNode {
    /// Whether the subtree (views, templates' definitions and items, fallbacks) may read template local `local`
    /// (`index`, 1, of the template's scope): a binding that reads it, or an id that may (an id is interpolated
    /// as the payload wrote it, reading only `item` and `index`: one whose text names `index` counts).
    func mayRead(local: Int) -> Bool {
        for site in bindings where site.binding.program?.readLocals.contains(local) == true { return true }
        if let id, id.contains("index") { return true }
        for template in templates {
            if template.forEach.items.reads(local: local) || template.forEach.id?.program?.readLocals.contains(local) == true
                || template.forEach.template.mayRead(local: local) { return true }
        }
        if let fallback, fallback.mayRead(local: local) { return true }
        var reads = false
        forEachView { _, view in if !reads && view.mayRead(local: local) { reads = true } }
        return reads
    }
}

extension ValueTemplate {
    /// Whether a binding in it reads template local `local`.
    func reads(local: Int) -> Bool {
        switch self {
        case .literal: return false
        case .binding(let binding): return binding.program?.readLocals.contains(local) == true
        case .array(let items): return items.contains { $0.reads(local: local) }
        case .object(_, let items): return items.contains { $0.reads(local: local) }
        }
    }
}
