public import SDUISchema

/// What a backend and `sdui capabilities` read of `Capabilities` beyond the list itself (which an app sends its
/// server): the list as an older renderer reads it, and the list for people. Here, with the authoring tools, so an app
/// does not link them.
extension Capabilities {
    /// What a renderer of `version` reads: every entry (and key) that appeared in `version` or before.
    /// - Complexity: O(n) in the entries.
    public func restricted(to version: FormatVersion) -> Capabilities {
        func keep(_ entries: [Entry]) -> [Entry] {
            entries.filter { $0.since <= version }.map { entry in
                var entry = entry
                entry.keys = keep(entry.keys)
                return entry
            }
        }
        var copy = self
        copy.formatVersion = min(version, formatVersion)
        copy.screenKeys = keep(screenKeys)
        copy.types = keep(types)
        copy.nodeKeys = keep(nodeKeys)
        copy.modifiers = keep(modifiers)
        copy.actions = keep(actions)
        copy.functions = keep(functions)
        copy.inputs = keep(inputs)
        copy.objects = keep(objects)
        copy.forms = keep(forms)
        copy.versions = versions.filter { $0.version <= version }
        return copy
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
