import SDUIEnvironment

extension ComponentNode {
    /// The node in the canonical payload encoding.
    ///
    /// Keys in this order: `type`, `id`, the type's properties in the order `docs/schema.md` lists them,
    /// the modifiers (`padding`, `frame`, `aspectRatio`, `contentMode`, `background`, `cornerRadius`,
    /// `visible`, `layoutPriority`, `action`), the `extra` keys (sorted by name), then `children` (omitted
    /// when empty). Unset properties are omitted. A property set on a type it does not belong to is still
    /// written (after the type's own ones) so encoding never loses data; the decoder reports it.
    /// - Complexity: O(n) in the number of nodes in the subtree.
    public var jsonValue: JSONValue { payloadJSON(inTemplate: false) }

    /// The encoding; `inTemplate` for a template's definition, whose ids are kept as the payload wrote them
    /// (`"card-@{item.id}"`), where other ids are literal (`@{` written `@@{`).
    func payloadJSON(inTemplate: Bool) -> JSONValue {
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
        if !extra.isEmpty {
            var written = Set(pairs.map(\.key))
            if !children.isEmpty || !templates.isEmpty { written.insert("children") }
            for key in extra.keys.sorted() where !written.contains(key) {
                if let value = extra[key] { pairs.append((key, value)) }
            }
        }
        if !children.isEmpty || !templates.isEmpty {
            pairs.append(("children", .array(payloadChildren(inTemplate: inTemplate))))
        }
        return .object(pairs)
    }

    /// The children as the payload writes them: each template's `forEach` in place of the nodes it made.
    private func payloadChildren(inTemplate: Bool) -> [JSONValue] {
        guard !templates.isEmpty else { return children.map { $0.payloadJSON(inTemplate: inTemplate) } }
        let ordered = templates.sorted { $0.range.lowerBound < $1.range.lowerBound }
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
