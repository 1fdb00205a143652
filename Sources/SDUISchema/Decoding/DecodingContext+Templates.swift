extension DecodingContext {
    /// Whether `value` is a `{"type": "forEach", …}` object (read without a search when `type` comes first).
    @inline(__always)
    static func isForEach(_ value: JSONValue) -> Bool {
        guard case .object(let pairs) = value, let first = pairs.first else { return false }
        let type: JSONValue?
        if first.key == "type" { type = first.value } else { type = value["type"] }
        guard case .string(let name)? = type, name.utf8.count == 7 else { return false }
        return name == "forEach"
    }

    /// Decodes the `forEach` at the top of `path` (a child of node number `parent`): its template's definition
    /// (checked once, with `item` and `index` typed by the items' elements) and, where bindings are resolved, one
    /// node per item appended to `children`; records the template in `templates`.
    ///
    /// Bounded: the nodes templates make count against `PayloadDecoder.Options.maxTemplateNodes` (and all nodes
    /// against `maxNodes`), so nested templates over large arrays stop with one error. A template cannot contain
    /// itself (a payload is a tree), and its `items` are computed before its nodes are made, so no template can
    /// feed on its own output.
    mutating func decodeForEach(_ value: JSONValue, parent: Int, depth: Int, children: inout [ComponentNode], templates: inout [ChildTemplate]) {
        guard case .object(let pairs) = value else { return }
        let known = Self.objectKeys["forEach"] ?? []
        // A misspelt template (`templat`) is checked as the template when there is none.
        var misspeltTemplate: (key: String, value: JSONValue)?
        for (key, item) in pairs where key != "type" && !known.contains(key) {
            if reportUnknown(key, at: key, "unknown property \"\(key)\" of a forEach", known: known) == "template", value["template"] == nil {
                misspeltTemplate = (key, item)
            }
        }
        if depth > options.maxNodeDepth {
            error(.limitExceeded, "nodes nested deeper than \(options.maxNodeDepth) levels")
            return
        }
        // The name items are read by.
        var itemName = "item"
        if let given = value["as"] {
            guard let name = at("as", { $0.string(given) }) else { return }
            guard ExpressionLexer.isName(name), name != "index" else {
                error(.invalidValue, at: "as", "\"\(name)\" cannot name the item: use letters, digits and _ (not index, true, false or null)")
                return
            }
            itemName = name
        }
        // The items: a binding to an array, or a literal array.
        guard let itemsValue = value["items"] else {
            error(.missingProperty, at: "items", "required: the array to make the template for, such as \"@{products}\"")
            return
        }
        guard let items = at("items", { $0.valueTemplate(itemsValue) }) else { return }
        let elementType: StateType
        switch items.type {
        case .array(let element): elementType = element
        case .any: elementType = .any
        default:
            error(.typeMismatch, at: "items", "must be an array, such as \"@{products}\"; \(items) gives \(items.type.withArticle)")
            return
        }
        guard let templateValue = value["template"] else {
            error(.missingProperty, at: "template", "required: the node to make for each item")
            if let misspeltTemplate, !Self.isForEach(misspeltTemplate.value) {
                let saved = bindings.pushLocals([(itemName, elementType), ("index", .number)], values: nil)
                _ = checkingTypo { context in
                    context.at(misspeltTemplate.key) {
                        $0.decodeNode(misspeltTemplate.value, at: NodeLocation(parent: parent, index: children.count), depth: depth)
                    }
                }
                bindings.popLocals(to: saved)
            }
            return
        }
        if Self.isForEach(templateValue) {
            at("template") { $0.error(.invalidValue, "a forEach's template must be a node: put the inner forEach in a container node") }
            return
        }
        let locals: [(name: String, type: StateType)] = [(itemName, elementType), ("index", .number)]
        let signature = BindingContext.signature(of: locals)
        // The identity of each item.
        var identity: StateBinding?
        if let idValue = value["id"] {
            let saved = bindings.pushLocals(locals, signature: signature, values: nil)
            identity = at("id") { context -> StateBinding? in
                guard let s = context.string(idValue) else { return nil }
                guard StateBinding.isBinding(s), let binding = context.compileBinding(s) else {
                    if !StateBinding.isBinding(s) { context.error(.invalidValue, "must be a binding to each item's identity, such as \"@{\(itemName).id}\"") }
                    return nil
                }
                guard binding.readSlots.isEmpty else {
                    context.error(.invalidValue, "may read only \(itemName) and index: an item's identity does not change with the state")
                    return nil
                }
                return binding
            }
            bindings.popLocals(to: saved)
            if identity == nil { return }
        }
        // The definition: checked once, not resolved.
        let saved = bindings.pushLocals(locals, signature: signature, values: nil)
        let definition = at("template") { $0.decodeNode(templateValue, at: NodeLocation(parent: parent, index: children.count), depth: depth) }
        bindings.popLocals(to: saved)
        guard let definition else { return }
        let start = children.count
        defer {
            templates.append(ChildTemplate(forEach: ForEachTemplate(items: items, id: identity, itemName: itemName, template: definition),
                                           range: start..<children.count))
        }
        // The nodes: made where bindings are resolved (not inside another template's definition).
        guard bindings.resolves, let outerLocals = bindings.localValues else { return }
        let array: [StateValue]
        do {
            switch try evaluate(items, locals: outerLocals) {
            case .array(let elements): array = elements
            case let other:
                at("items") { $0.resolutionIssue(.typeMismatch, "\(items) gives \(other.type.withArticle), not an array: no items") }
                return
            }
        } catch {
            at("items") { $0.resolutionIssue(PayloadIssue.Code(rawValue: error.code.rawValue), (error.column > 0 ? "column \(error.column): " : "") + error.message + " (no items)") }
            return
        }
        let templatePointer = pointer(appending: "template")
        var keys: [StateValue: Int] = [:]
        children.reserveCapacity(children.count + array.count)
        for (index, element) in array.enumerated() {
            if reportedNodeLimit || bindings.reportedTemplateLimit { break }
            let saved = bindings.pushLocals(locals, signature: signature, values: [element, .int(index)])
            bindings.isExpanding = true
            bindings.resolutionItem = index
            defer { bindings.popLocals(to: saved) }
            var key = StateValue.int(index)
            if let identity {
                do {
                    key = try identity.evaluate(globals: bindings.state.values, locals: outerLocals + [element, .int(index)], limits: options.expressionLimits)
                } catch {
                    at("id") { $0.resolutionIssue(PayloadIssue.Code(rawValue: error.code.rawValue), error.message + "; its index is its identity") }
                }
                if let first = keys.updateValue(index, forKey: key) {
                    at("id") { $0.resolutionIssue(.duplicateID, "items \(first) and \(index) have the same identity \(key.brief)") }
                }
            }
            let countBefore = nodeCount
            let number = nodeLocationCount
            let made = at("template") { $0.decodeNode(templateValue, at: NodeLocation(parent: parent, index: children.count), depth: depth) }
            // (A node that cannot be made fails for a reason of the template's, which every element shares, or at
            // the node limit, which ends the items: every element before the end makes one node, so an item's index
            // is its node's place among the template's nodes.)
            guard var node = made else { continue }
            bindings.templatePointers[number] = templatePointer
            bindings.templateNodes += nodeCount - countBefore
            if bindings.templateNodes > options.maxTemplateNodes {
                bindings.isExpanding = false
                error(.limitExceeded, "templates make more than \(options.maxTemplateNodes) nodes (PayloadDecoder.Options.maxTemplateNodes)")
                bindings.reportedTemplateLimit = true
                break
            }
            node.templateItem = TemplateItem(key: key, item: element, itemName: itemName)
            children.append(node)
        }
    }

    /// The value `template` computes with `locals`.
    func evaluate(_ template: ValueTemplate, locals: [StateValue]) throws(ExpressionDiagnostic) -> StateValue {
        try template.evaluated(globals: bindings.state.values, locals: locals, limits: options.expressionLimits)
    }
}
