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

    /// One line per entry, for people: `text 1.0: text 1.0, style 1.0, … lineSpacing 1.6, …`.
    public var text: String {
        func line(_ entry: Entry) -> String {
            var line = "  \(entry.name) \(entry.since)"
            if let signature = entry.signature { line += ": \(signature)" }
            if !entry.keys.isEmpty { line += ": " + entry.keys.map { "\($0.name) \($0.since)" }.joined(separator: ", ") }
            return line
        }
        var lines = ["format \(formatVersion) (schemaVersion \(schemaVersions.map(String.init).joined(separator: ", ")))"]
        for (title, entries) in [("screen keys", screenKeys), ("types and their keys", types), ("keys of every node", nodeKeys),
                                 ("modifiers", modifiers), ("actions", actions), ("functions", functions), ("inputs", inputs),
                                 ("value objects", objects), ("value forms", forms)] {
            lines.append(title + ":")
            lines += entries.map(line)
        }
        lines.append("versions:")
        lines += versions.map { "  \($0.version) (\($0.date)): \($0.summary)" }
        return lines.joined(separator: "\n")
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
