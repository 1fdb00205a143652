import Foundation
import SDUISchema

/// `sdui schema`: prints the JSON Schema (draft 2020-12) of payload format v1.
enum SchemaCommand {
    static let summary = "print the JSON Schema (draft 2020-12) of the payload format"
    static let help = """
    USAGE: sdui schema [-o FILE] [--compact]

    Prints a JSON Schema (draft 2020-12) of payload format v1, generated from the same tables
    as the decoder's model and the canonical encoder. It accepts what `sdui validate --strict`
    accepts, except that nodes of unknown types are accepted (the decoder keeps them with a
    warning). Payload size, nesting depth, node count and duplicate ids are checked only by
    `sdui validate`. Every property has a description, so editors show the docs.

    OPTIONS:
      -o, --output FILE      write the schema to FILE instead of standard output
      --compact              one line instead of indented JSON
    """

    static func run(_ arguments: [String]) -> Int32 {
        runCommand("schema") { () throws(CLIError) -> Int32 in
            let args = try Arguments(arguments, options: ["-o", "--output"], flags: ["--compact"])
            if let extra = args.positionals.first { throw .usage("unexpected argument \"\(extra)\"") }
            if args["-o"] != nil, args["--output"] != nil { throw .usage("give -o or --output, not both") }
            let text = PayloadJSONSchema.text(pretty: !args.has("--compact"))
            try writeOutput(text + "\n", to: args["-o"] ?? args["--output"])
            return ExitCode.ok
        }
    }
}
