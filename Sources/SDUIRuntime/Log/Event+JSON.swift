public import SDUISchema
import SDUIEnvironment

extension Event {
    /// The event as JSON: `{"object", "event", …}` with `size` `{"width","height"}`,
    /// `horizontalSizeClass` / `verticalSizeClass` (`"unspecified"` while the view is not in a window)
    /// when the object has a view, and the kind's own fields (`animated`, `targetSize`, `parent`,
    /// `changedTraits`, `code` + `message`, a state change's `changes` object, a request's `request` and `status`).
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
        if !stateChanges.isEmpty { fields.append(("changes", .object(stateChanges.map { ($0.name, $0.value) }))) }
        if let request { fields.append(("request", .string(request))) }
        if let status { fields.append(("status", .number(Double(status)))) }
        return .object(fields)
    }
}
