public import SDUISchema
import SDUIEnvironment

extension Event {
    /// The event as JSON: `{"object", "event", …}` with `size` `{"width","height"}`,
    /// `horizontalSizeClass` / `verticalSizeClass` (`"unspecified"` while the view is not in a window)
    /// when the object has a view, and the kind's own fields (`animated`, `targetSize`, `parent`,
    /// `changedTraits`, `code` + `message`).
    public var jsonValue: JSONValue {
        var fields: [(key: String, value: JSONValue)] = [("object", .string(object)), ("event", .string(kind.rawValue))]
        func sizeJSON(_ s: Size) -> JSONValue { .object([("width", .number(s.width)), ("height", .number(s.height))]) }
        if let size = self.size {
            fields.append(("size", sizeJSON(size)))
            fields.append(("horizontalSizeClass", .string(horizontalSizeClass?.rawValue ?? "unspecified")))
            fields.append(("verticalSizeClass", .string(verticalSizeClass?.rawValue ?? "unspecified")))
        }
        if let animated { fields.append(("animated", .bool(animated))) }
        if let targetSize { fields.append(("targetSize", sizeJSON(targetSize))) }
        if kind == .willMoveToParent || kind == .didMoveToParent { fields.append(("parent", parent.map(JSONValue.string) ?? .null)) }
        if !changedTraits.isEmpty { fields.append(("changedTraits", .array(changedTraits.map(JSONValue.string)))) }
        if let diagnostic {
            fields.append(("code", .string(diagnostic.code.rawValue)))
            fields.append(("message", .string(diagnostic.message)))
        }
        return .object(fields)
    }
}
