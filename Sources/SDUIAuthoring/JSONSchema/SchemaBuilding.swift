import SDUISchema

/// Small constructors for JSON Schema keywords, so `PayloadJSONSchema` reads like the schema it builds.
enum SchemaBuilding {
    /// An array of strings.
    static func strings(_ texts: [String]) -> JSONValue { .array(texts.map(JSONValue.string)) }

    /// `{"$ref": "#/$defs/name"}`, with a description when given.
    static func ref(_ definition: String, _ description: String? = nil) -> JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [("$ref", .string("#/$defs/" + definition))]
        if let description { pairs.append(("description", .string(description))) }
        return .object(pairs)
    }

    /// `{"type": "string", "enum": [...], "description": …}`.
    static func enumeration(_ values: [String], _ description: String) -> JSONValue {
        ["type": "string", "enum": strings(values), "description": .string(description)]
    }
}
