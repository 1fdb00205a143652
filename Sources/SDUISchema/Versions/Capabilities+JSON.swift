extension Capabilities {
    /// The capabilities as JSON (what `sdui capabilities --format json` prints):
    ///
    /// ```json
    /// {"formatVersion": "1.7", "schemaVersions": [1],
    ///  "screen": {"keys": [{"name": "schemaVersion", "since": "1.0"}, …]},
    ///  "types": [{"name": "vstack", "since": "1.0", "keys": [{"name": "spacing", "since": "1.0"}, …]}, …],
    ///  "nodeKeys": […], "modifiers": […], "actions": […],
    ///  "functions": [{"name": "len", "since": "1.4", "signature": "len(string | array | object)"}, …],
    ///  "inputs": [{"name": "toggle", "since": "1.4", "keys": [{"name": "isOn", "since": "1.4"}]}, …],
    ///  "objects": […], "forms": […],
    ///  "versions": [{"version": "1.0", "date": "2026-11-29", "summary": "…"}, …]}
    /// ```
    public var jsonValue: JSONValue {
        func list(_ entries: [Entry]) -> JSONValue { .array(entries.map(\.jsonValue)) }
        return .object([
            ("formatVersion", .string(formatVersion.description)),
            ("schemaVersions", .array(schemaVersions.map { .number(Double($0)) })),
            ("screen", .object([("keys", list(screenKeys))])),
            ("types", list(types)),
            ("nodeKeys", list(nodeKeys)),
            ("modifiers", list(modifiers)),
            ("actions", list(actions)),
            ("functions", list(functions)),
            ("inputs", list(inputs)),
            ("objects", list(objects)),
            ("forms", list(forms)),
            ("versions", .array(versions.map { release in
                .object([("version", .string(release.version.description)), ("date", .string(release.date)),
                         ("summary", .string(release.summary))])
            })),
        ])
    }
}

extension Capabilities.Entry {
    /// `{"name", "since", "keys"?, "signature"?}`.
    public var jsonValue: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [("name", .string(name)), ("since", .string(since.description))]
        if let signature { pairs.append(("signature", .string(signature))) }
        if !keys.isEmpty { pairs.append(("keys", .array(keys.map(\.jsonValue)))) }
        return .object(pairs)
    }
}
