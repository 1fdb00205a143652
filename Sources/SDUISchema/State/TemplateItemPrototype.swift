extension PayloadDecoder {
    /// The node `forEach`'s template makes for one item — `element`, at `index`, whose identity is `key` — in
    /// `state`, made from the template's definition as the decoder checked it once (`forEach.template`: its bound
    /// properties not resolved, its ids as written), not from its payload: every node of the definition with its
    /// bound keys decoded again for the item (`DecodingContext.reboundKeys`, the decoder's own step for each key) and
    /// its bound id resolved (`DecodingContext.resolveID`); the nodes without bindings are the definition's.
    /// What `resolvedTemplateItem` makes, for less than decoding the item's payload (`TemplateItemPatchTests`
    /// compares the two).
    ///
    /// nil when this cannot stand for `resolvedTemplateItem` (decode the item's payload instead): a node of the
    /// definition has templates, an input, a fallback or a minimum version, is of a type this build does not show,
    /// has a binding that cannot be taken on its own or one in its modifier chain; or resolving it
    /// reports anything. `compiled`: as `resolvedTemplateItem`'s.
    /// - Complexity: O(the item's nodes + their bound keys' values).
    func instantiatedTemplateItem(of forEach: ForEachTemplate, element: StateValue, index: Int, key: StateValue,
                                  in state: ScreenState, depth: Int, signature: String? = nil,
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
        _ = context.bindings.pushLocals([(forEach.itemName, elementType), ("index", .number)], signature: signature, values: [element, .int(index)])
        context.bindings.isExpanding = true
        context.bindings.resolutionItem = index
        guard var node = context.instantiated(forEach.template, depth: depth), context.issues.isEmpty else { return nil }
        node.templateItem = TemplateItem(index: index, key: key, item: element, itemName: forEach.itemName)
        return node
    }
}

extension DecodingContext {
    /// `prototype` (a node of a template's definition) made for the item whose locals this context holds: its bound
    /// keys and bound id resolved, and so its views' and children's; nil when it cannot be made so
    /// (`PayloadDecoder.instantiatedTemplateItem`).
    mutating func instantiated(_ prototype: ComponentNode, depth: Int) -> ComponentNode? {
        guard prototype.templates.isEmpty, prototype.input == nil, prototype.fallback == nil, prototype.droppedPayload == nil,
              prototype.box.properties.compatibility == nil else { return nil }
        if case .custom = prototype.type { return nil }
        var node = prototype
        if !prototype.bindings.isEmpty {
            // A modifier chain's bound element is left out of the definition (its encoding has no place for the
            // binding to be written back into).
            if prototype.bindings.contains(where: { $0.path.first == .key("modifiers") }) { return nil }
            guard let rebound = reboundKeys(of: prototype, depth: depth) else { return nil }
            node = rebound
        }
        if let id = prototype.id, bindings.mayHaveBindings, StateBinding.isBinding(id) {
            guard let resolved = resolveID(id) else { return nil }
            node.id = resolved
        }
        if !node.children.isEmpty {
            var children = node.children
            for k in children.indices {
                guard let child = instantiated(children[k], depth: depth + 1) else { return nil }
                children[k] = child
            }
            node.children = children
        }
        // The views of its decorations and a section's header and footer (children are done above).
        var steps: [Int32] = []
        node.forEachViewIndex { step in if step < 0 { steps.append(step) } }
        var made = true
        for step in steps where made {
            node.modify(at: [step][...]) { view in
                guard let instantiated = instantiated(view, depth: depth + 1) else { made = false; return }
                view = instantiated
            }
        }
        return made ? node : nil
    }
}
