extension AccessibilityProperties {
    /// The canonical encoding: the set keys in the order of `AccessibilityProperties.keys` (`traits` when not empty).
    public var jsonValue: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = []
        if let label { pairs.append(("label", label.jsonValue)) }
        if let hint { pairs.append(("hint", hint.jsonValue)) }
        if let value { pairs.append(("value", value.jsonValue)) }
        if let identifier { pairs.append(("identifier", .string(identifier))) }
        if !traits.isEmpty { pairs.append(("traits", .array(traits.map { .string($0.rawValue) }))) }
        if let hidden { pairs.append(("hidden", hidden.jsonValue)) }
        if let sortPriority { pairs.append(("sortPriority", sortPriority.jsonValue)) }
        if let children { pairs.append(("children", children.jsonValue { .string($0.rawValue) })) }
        return .object(pairs)
    }
}
