import SDUIEnvironment

/// One JSON key of a node: how the canonical encoding writes it, and how the JSON Schema describes it.
///
/// The tables in `NodeProperty+Catalog.swift` are the single source of both, so the encoder and
/// `PayloadJSONSchema` cannot disagree about which keys a type has or in which order they are written.
package struct NodeProperty: Sendable {
    /// The JSON key.
    package let key: String
    /// The name of the `$defs` entry the value must match (see `PayloadJSONSchema`).
    package let definition: String
    /// Documentation of the key (the JSON Schema's `description`).
    package let description: String
    /// Whether a node of the type must have it.
    package let isRequired: Bool
    /// The key's value for a node, or nil when the node does not set it.
    let encode: @Sendable (ComponentNode) -> JSONValue?

    init(_ key: String, _ definition: String, required: Bool = false, _ description: String,
         encode: @escaping @Sendable (ComponentNode) -> JSONValue?) {
        self.key = key
        self.definition = definition
        self.description = description
        self.isRequired = required
        self.encode = encode
    }
}
