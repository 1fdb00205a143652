import Foundation
import SDUISchema
import SDUIAuthoring

/// `sdui schema`: prints the JSON Schema (draft 2020-12) of payload format v1.
enum SchemaCommand {
    static let spec = CommandSpec(
        name: "schema",
        summary: "print the JSON Schema (draft 2020-12) of the payload format",
        positionals: .none,
        about: """
        Prints a JSON Schema (draft 2020-12) of payload format v1, generated from the same tables as the
        decoder's model and the canonical encoder. It accepts what `sdui validate --strict` accepts, except that
        nodes of unknown types are accepted (the decoder keeps them with a warning). Payload size, nesting depth,
        node count and duplicate ids are checked only by `sdui validate`. Every property has a description, so
        editors show the docs. --format text lists the node types and their properties with those descriptions.
        """,
        options: [
            .value("--format", "json|text", "json (default: the schema) or text (types and properties, one per line)"),
            .flag("--compact", "one line instead of indented JSON"),
            .value("--output", short: "-o", "FILE", "write the schema to FILE instead of standard output"),
        ],
        epilogue: "EXIT: 0 written, 64 usage, 73 cannot write.",
        run: run)

    static func run(_ args: Arguments) throws(CLIError) -> Int32 {
        let format = try args.choice("--format", ["json", "text"], default: "json")
        if format == "text" && args.has("--compact") { throw .usage("--compact applies to --format json only") }
        let text = format == "json" ? PayloadJSONSchema.text(pretty: !args.has("--compact")) : outline(PayloadJSONSchema.jsonValue)
        try writeOutput(text + "\n", to: args["--output"])
        return ExitCode.ok
    }

    /// Each node type (`$defs/…Node`) and its properties with their descriptions, from the schema itself.
    static func outline(_ schema: JSONValue) -> String {
        guard case .object(let defs)? = schema["$defs"] else { return "" }
        var lines: [String] = []
        for (name, definition) in defs where name.hasSuffix("Node") && name != "customNode" {
            let type = String(name.dropLast(4))
            lines.append(type + (definition["description"].flatMap { if case .string(let d) = $0 { return ": " + d }; return nil } ?? ""))
            guard case .object(let properties)? = definition["properties"] else { continue }
            for (key, property) in properties where key != "type" {
                var description = ""
                if case .string(let d)? = property["description"] { description = d }
                lines.append("  " + key.padding(toLength: 16, withPad: " ", startingAt: 0) + description)
            }
        }
        return lines.joined(separator: "\n")
    }
}
