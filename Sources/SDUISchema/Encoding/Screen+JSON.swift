public import Foundation

extension Screen {
    /// The screen in the canonical payload encoding: `schemaVersion`, `id`, `title` (when set), `state` and
    /// `previews` (when not empty), `root`.
    /// - Complexity: O(n) in the number of nodes.
    public var jsonValue: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            ("schemaVersion", .number(Double(schemaVersion))),
            ("id", .string(id)),
        ]
        if let title { pairs.append(("title", .string(title))) }
        if !state.isEmpty { pairs.append(("state", state.jsonValue)) }
        if !previews.isEmpty {
            pairs.append(("previews", .object(previews.map { preview in
                // Only the variables the preview changes.
                let changed = zip(preview.state.schema.names, preview.state.values).filter { state[$0.0] != $0.1 }
                return (key: preview.name, value: .object(changed.map { (key: $0.0, value: $0.1.jsonValue) }))
            })))
        }
        pairs.append(("root", root.jsonValue))
        return .object(pairs)
    }

    /// The canonical encoding as UTF-8 JSON text, indented with two spaces when `pretty` (no trailing newline).
    /// - Complexity: O(n) in the number of nodes.
    public func jsonData(pretty: Bool = true) -> Data {
        Data(jsonValue.serialized(pretty: pretty).utf8)
    }
}
