public import Foundation

extension Screen {
    /// The screen in the canonical payload encoding: `schemaVersion`, `id`, `title` (when set), `root`.
    /// - Complexity: O(n) in the number of nodes.
    public var jsonValue: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            ("schemaVersion", .number(Double(schemaVersion))),
            ("id", .string(id)),
        ]
        if let title { pairs.append(("title", .string(title))) }
        pairs.append(("root", root.jsonValue))
        return .object(pairs)
    }

    /// The canonical encoding as UTF-8 JSON text, indented with two spaces when `pretty` (no trailing newline).
    /// - Complexity: O(n) in the number of nodes.
    public func jsonData(pretty: Bool = true) -> Data {
        Data(jsonValue.serialized(pretty: pretty).utf8)
    }
}
