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
        decoder's model and the canonical encoder. It accepts exactly what `sdui validate --strict` accepts, except:
          - a node of an unknown type and an action of an unknown type, with any properties: accepted (the decoder
            keeps them, with a warning, so an older app survives a newer server; --strict refuses them);
          - what JSON Schema cannot say, checked only by `sdui validate`: duplicate ids, duplicate object keys,
            the limits (16 MiB, nesting depth, 200 000 nodes, 1 MiB strings), invalid UTF-8, numbers beyond a
            64-bit float, bindings' expressions and state types;
          - a hex color followed by a newline ("#fff\n") passes validators whose `$` matches before a final newline
            (Python's re); the decoder refuses it.
        Unknown properties, modifiers and frame keys are refused by both. Every property has a description, so
        editors show the docs (docs/json-schema.md). --format text lists the node types and their properties with
        those descriptions.
        """,
        options: [
            .value("--format", "json|text", "json (default: the schema) or text (types and properties, one per line)"),
            .flag("--compact", "one line instead of indented JSON"),
            .value("--output", short: "-o", "FILE", "write the schema to FILE instead of standard output"),
        ],
        epilogue: "EXIT: 0 written, 64 usage, 73 cannot write.",
        output: .data("json"),
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
