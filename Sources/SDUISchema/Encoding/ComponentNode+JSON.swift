import SDUIEnvironment

extension ComponentNode {
    /// The node in the canonical payload encoding.
    ///
    /// Keys in this order: `type`, `id`, the type's properties in the order `docs/schema.md` lists them,
    /// the modifiers (`padding`, `frame`, `aspectRatio`, `contentMode`, `background`, `cornerRadius`,
    /// `visible`, `layoutPriority`, `action`, …), `minimumVersion`, `fallback`, the `extra` keys (sorted by name), then
    /// `children` (omitted when empty). A stand-in for a node this build does not show (`droppedReason`) is the
    /// payload's object as written. Unset properties are omitted. A property set on a type it does not belong to is still
    /// written (after the type's own ones) so encoding never loses data; the decoder reports it.
    /// - Complexity: O(n) in the number of nodes in the subtree.
    public var jsonValue: JSONValue { payloadJSON(inTemplate: false) }

    /// The encoding; `inTemplate` for a template's definition, whose ids are kept as the payload wrote them
    /// (`"card-@{item.id}"`), where other ids are literal (`@{` written `@@{`).
    func payloadJSON(inTemplate: Bool) -> JSONValue {
        // A node this build does not show: the payload's object as written.
        if let payload = droppedPayload { return payload }
        var pairs: [(key: String, value: JSONValue)] = [("type", .string(type.rawValue))]
        if let id { pairs.append(("id", .string(inTemplate ? id : StateBinding.escaped(id)))) }
        let own = NodeProperty.typeProperties(of: type)
        for property in own {
            if let value = property.encode(self) { pairs.append((property.key, value)) }
        }
        for property in NodeProperty.allTypeProperties where !own.contains(where: { $0.key == property.key }) {
            if let value = property.encode(self) { pairs.append((property.key, value)) }
        }
        for property in NodeProperty.modifiers {
            if let value = property.encode(self) { pairs.append((property.key, value)) }
        }
        if inTemplate { writeNestedViewsAsTemplate(into: &pairs) }
        if !extra.isEmpty {
            var written = Set(pairs.map(\.key))
            if !children.isEmpty || !templates.isEmpty { written.insert("children") }
            for key in extra.keys.sorted() where !written.contains(key) {
                if let value = extra[key] { pairs.append((key, value)) }
            }
        }
        // Bound properties: their binding's source where the payload wrote it (the typed value holds what it
        // resolved to).
        if !bindings.isEmpty {
            var object = JSONValue.object(pairs)
            let order = ["type", "id"] + own.map(\.key) + NodeProperty.allTypeProperties.map(\.key) + NodeProperty.modifiers.map(\.key)
            for site in bindings { Self.write(.string(site.binding.source), at: site.path[...], into: &object, order: order) }
            if case .object(let written) = object { pairs = written }
        }
        if !children.isEmpty || !templates.isEmpty {
            pairs.append(("children", .array(payloadChildren(inTemplate: inTemplate))))
        }
        return .object(pairs)
    }

    /// In a template's definition, the views a node holds besides its children — a section's header and footer,
    /// its fallback, the views of its backgrounds and overlays — are part of the definition too: their ids are kept
    /// as the payload wrote them (`"badge-@{item.id}"`), so that each item's views are made with the item's ids.
    private func writeNestedViewsAsTemplate(into pairs: inout [(key: String, value: JSONValue)]) {
        for i in pairs.indices {
            switch pairs[i].key {
            case "header": if let header { pairs[i].value = header.payloadJSON(inTemplate: true) }
            case "footer": if let footer { pairs[i].value = footer.payloadJSON(inTemplate: true) }
            case "fallback": if let fallback { pairs[i].value = fallback.payloadJSON(inTemplate: true) }
            case "modifiers":
                guard case .array(var items) = pairs[i].value, items.count == modifiers.chain.count else { continue }
                for (j, modifier) in modifiers.chain.enumerated() {
                    guard let view = modifier.decorationContent, case .object(var element) = items[j], element.count == 1,
                          case .object(var decoration) = element[0].value,
                          let k = decoration.firstIndex(where: { $0.key == "content" }) else { continue }
                    decoration[k].value = view.payloadJSON(inTemplate: true)
                    element[0].value = .object(decoration)
                    items[j] = .object(element)
                }
                pairs[i].value = .array(items)
            default: continue
            }
        }
    }

    /// Puts `value` at `path` in `json`, making the objects on the way; a padding written as one number becomes
    /// its four edges when one edge is written. A key the object lacks goes where `order` (the canonical key
    /// order of this level, if known) puts it, else last.
    static func write(_ value: JSONValue, at path: ArraySlice<PropertyBinding.Step>, into json: inout JSONValue, order: [String] = []) {
        guard let step = path.first else { json = value; return }
        let rest = path.dropFirst()
        switch step {
        case .key(let key):
            var pairs: [(key: String, value: JSONValue)]
            switch json {
            case .object(let existing): pairs = existing
            case .number where ["top", "leading", "bottom", "trailing"].contains(key):
                pairs = ["top", "leading", "bottom", "trailing"].map { (key: $0, value: json) }
            default: pairs = []
            }
            if let i = pairs.firstIndex(where: { $0.key == key }) {
                write(value, at: rest, into: &pairs[i].value)
            } else {
                var member = JSONValue.null
                write(value, at: rest, into: &member)
                var at = pairs.endIndex
                if let rank = order.firstIndex(of: key),
                   let later = pairs.firstIndex(where: { pair in order.firstIndex(of: pair.key).map { $0 > rank } ?? true }) {
                    at = later
                }
                pairs.insert((key, member), at: at)
            }
            json = .object(pairs)
        case .index(let index):
            guard case .array(var items) = json, items.indices.contains(index) else { return }
            write(value, at: rest, into: &items[index])
            json = .array(items)
        }
    }

    /// The children as the payload writes them: each template's `forEach` in place of the nodes it made.
    private func payloadChildren(inTemplate: Bool) -> [JSONValue] {
        guard !templates.isEmpty else { return children.map { $0.payloadJSON(inTemplate: inTemplate) } }
        let ordered = sortedIndices(count: templates.count) { templates[$0].range.lowerBound < templates[$1].range.lowerBound }
            .map { templates[$0] }
        var result: [JSONValue] = []
        var next = 0
        var i = 0
        while i < children.count || next < ordered.count {
            if next < ordered.count, ordered[next].range.lowerBound <= i || i >= children.count {
                result.append(ordered[next].forEach.jsonValue)
                i = max(i, min(ordered[next].range.upperBound, children.count))
                next += 1
                continue
            }
            result.append(children[i].payloadJSON(inTemplate: inTemplate))
            i += 1
        }
        return result
    }
}

extension ForEachTemplate {
    /// `{"type": "forEach", "items": …, "id": …, "as": …, "template": …}` (`id` and `as` when set; `as` when not
    /// `item`).
    public var jsonValue: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [("type", "forEach"), ("items", items.jsonValue)]
        if let id { pairs.append(("id", .string(id.source))) }
        if itemName != "item" { pairs.append(("as", .string(itemName))) }
        pairs.append(("template", template.payloadJSON(inTemplate: true)))
        return .object(pairs)
    }
}

extension Padding {
    /// One value when all four edges are equal (a number, or a size-class map), else an object with the
    /// edges that are not a fixed 0, in the order top, leading, bottom, trailing.
    public var jsonValue: JSONValue {
        if top == leading, top == bottom, top == trailing { return top.jsonValue }
        var pairs: [(key: String, value: JSONValue)] = []
        for (key, edge) in [("top", top), ("leading", leading), ("bottom", bottom), ("trailing", trailing)]
        where edge != .fixed(0) {
            pairs.append((key, edge.jsonValue))
        }
        return .object(pairs)
    }
}

extension Frame {
    /// An object with the set fields in the order width, height, minWidth, maxWidth, minHeight, maxHeight,
    /// alignment; an infinite maximum is written `"infinity"`.
    public var jsonValue: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = []
        func add(_ key: String, _ value: Responsive<Double>?, infinityAllowed: Bool = false) {
            guard let value else { return }
            pairs.append((key, value.jsonValue { length in
                infinityAllowed && length == .infinity ? .string("infinity") : .number(length)
            }))
        }
        add("width", width)
        add("height", height)
        add("minWidth", minWidth)
        add("maxWidth", maxWidth, infinityAllowed: true)
        add("minHeight", minHeight)
        add("maxHeight", maxHeight, infinityAllowed: true)
        if let alignment { pairs.append(("alignment", alignment.jsonValue)) }
        return .object(pairs)
    }
}
