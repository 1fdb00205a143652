extension PayloadDecoder {
    /// The node `forEach`'s template makes for one item — `element`, at `index`, whose identity is `key` — in
    /// `state`, made from the template's definition as the decoder checked it once (`forEach.template`: its bound
    /// properties not resolved, its ids as written), not from its payload: every node of the definition with its
    /// bound id resolved (as `DecodingContext.resolveID` does), its one bound text or title set to the binding's text
    /// (as the state update's fast path patches a text), its one bound image URL set the same way, and its other bound
    /// keys decoded again for the item (`DecodingContext.reboundKeys`, the decoder's own step for each key); the nodes
    /// without bindings are the definition's. What `resolvedTemplateItem` makes, for less than decoding the item's
    /// payload (`TemplateItemPrototypeTests` compares the two).
    ///
    /// `plan`: what each node of the definition needs (`TemplateItemPlan`), made by the first call and kept for the
    /// next. nil when this cannot stand for `resolvedTemplateItem` (decode the item's payload instead): a node of the
    /// definition has templates, an input, a fallback or a minimum version, is of a type this build does not show, or
    /// has a binding in its modifier chain or one that cannot be taken on its own; or resolving it reports anything or
    /// gives an empty id or a text that is not one.
    /// - Complexity: O(the item's nodes + their bound keys' values).
    func instantiatedTemplateItem(of forEach: ForEachTemplate, element: StateValue, index: Int, key: StateValue,
                                  in state: ScreenState, depth: Int, signature: String? = nil, plan: inout TemplateItemPlan?,
                                  compiled: inout [String: StateBinding]) -> ComponentNode? {
        var context = itemContext(of: forEach, element: element, index: index, in: state, signature: signature, compiled: compiled)
        defer { compiled = context.bindings.cache }
        if plan == nil {
            var steps: [TemplateItemPlan.Step] = []
            guard context.plan(forEach.template, into: &steps) else { return nil }
            plan = TemplateItemPlan(steps: steps)
        }
        guard let steps = plan?.steps else { return nil }
        var next = 0
        guard var node = context.instantiated(forEach.template, depth: depth, steps: steps, next: &next), context.issues.isEmpty
        else { return nil }
        node.templateItem = TemplateItem(key: key, item: element, itemName: forEach.itemName)
        return node
    }
}

/// What making a template's item from its definition does at each node of the definition
/// (`PayloadDecoder.instantiatedTemplateItem`), in the order it visits them (the node, its children, its other
/// views): made once per definition.
struct TemplateItemPlan: Sendable {
    struct Step: Sendable {
        /// The node's id as a binding (`"card-@{item.id}"`), compiled; nil for a fixed id or none.
        var id: StateBinding?
        /// The node's one binding when it is its text or title: the property and the binding.
        var text: (property: TextProperty, binding: StateBinding)?
        /// The node's one binding when it is an image's whole `url`.
        var url: StateBinding?
        /// Whether its bound keys are decoded again (`DecodingContext.reboundKeys`): any other binding.
        var rebinds: Bool
    }
    var steps: [Step]
}

extension DecodingContext {
    /// Appends the plan of `prototype`'s subtree (a template's definition) to `steps`; false when an item cannot be
    /// made from it (`PayloadDecoder.instantiatedTemplateItem`).
    mutating func plan(_ prototype: ComponentNode, into steps: inout [TemplateItemPlan.Step]) -> Bool {
        guard prototype.templates.isEmpty, prototype.input == nil, prototype.fallback == nil, prototype.droppedPayload == nil,
              prototype.box.properties.compatibility == nil else { return false }
        if case .custom = prototype.type { return false }
        var step = TemplateItemPlan.Step(id: nil, text: nil, url: nil, rebinds: false)
        if let id = prototype.id, bindings.mayHaveBindings, StateBinding.isBinding(id) {
            // The checks `resolveID` makes before it evaluates.
            guard !bindings.scope.locals.isEmpty, let binding = compileBinding(id), binding.readSlots.isEmpty,
                  checkBindingType(binding, .text), issues.isEmpty else { return false }
            step.id = binding
        } else if let id = prototype.id, id.contains("@@{") {
            // Decoded from its payload, it would be unescaped once more.
            return false
        }
        let sites = prototype.bindings
        if sites.contains(where: { $0.path.first == .key("modifiers") }) { return false }
        if let property = TextProperty(of: prototype), property != .label, sites.count == 1, sites[0].path == [.key(property.key)] {
            step.text = (property, sites[0].binding)
        } else if prototype.type == .image, sites.count == 1, sites[0].path == [.key("url")] {
            step.url = sites[0].binding
        } else {
            step.rebinds = !sites.isEmpty
        }
        steps.append(step)
        for child in prototype.children where !plan(child, into: &steps) { return false }
        var ok = true
        prototype.forEachView { step, view in if ok && step < 0 { ok = plan(view, into: &steps) } }
        return ok
    }

    /// `prototype` (a node of a template's definition) made for the item whose locals this context holds, by the
    /// plan's steps from `next` on; nil when it cannot be made so (`PayloadDecoder.instantiatedTemplateItem`).
    mutating func instantiated(_ prototype: ComponentNode, depth: Int, steps: [TemplateItemPlan.Step], next: inout Int) -> ComponentNode? {
        guard next < steps.count, let locals = bindings.localValues else { return nil }
        let step = steps[next]
        next += 1
        var node = prototype
        if let text = step.text {
            guard let value = try? text.binding.evaluate(globals: bindings.state.values, locals: locals, limits: options.expressionLimits),
                  value.fits(.string) || value.type.isScalar else { return nil }
            node.setBoundText(value.interpolationText, of: text.property)
        } else if let url = step.url {
            // As the decoder takes a bound URL (a string property: the value's text) and stores a fixed one.
            guard let value = try? url.evaluate(globals: bindings.state.values, locals: locals, limits: options.expressionLimits),
                  value.fits(.string) || value.type.isScalar else { return nil }
            node.url = .fixed(value.interpolationText)
        } else if step.rebinds {
            guard let rebound = reboundKeys(of: prototype, depth: depth) else { return nil }
            node = rebound
        }
        if let binding = step.id {
            guard let value = try? binding.evaluate(globals: bindings.state.values, locals: locals, limits: options.expressionLimits)
            else { return nil }
            let id = value.interpolationText
            guard !id.isEmpty else { return nil }
            node.id = id
        }
        if !node.children.isEmpty {
            var children = node.children
            for k in children.indices {
                guard let child = instantiated(children[k], depth: depth + 1, steps: steps, next: &next) else { return nil }
                children[k] = child
            }
            node.children = children
        }
        // The views of its decorations and a section's header and footer (children are done above).
        var views: [Int32] = []
        node.forEachViewIndex { step in if step < 0 { views.append(step) } }
        var made = true
        for view in views where made {
            node.modify(at: [view][...]) { view in
                guard let instantiated = instantiated(view, depth: depth + 1, steps: steps, next: &next) else { made = false; return }
                view = instantiated
            }
        }
        return made ? node : nil
    }
}
