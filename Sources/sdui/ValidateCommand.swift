import Foundation
import SDUISchema

/// `sdui validate FILE…`: decodes payloads and prints one line per problem.
enum ValidateCommand {
    static let spec = CommandSpec(
        name: "validate",
        summary: "check payloads against format v1; one line per problem",
        positionals: PositionalSpec(name: "FILE", min: 1, max: nil),
        about: """
        Decodes each payload (`-` reads standard input) and prints one line per problem:
          FILE:/json/pointer: message
        and `FILE: valid (N nodes)` for a payload without errors. The report is the same on standard output and
        in -o FILE; a file that cannot be read is an error on standard error.
        A probable typo — a key or type a small edit away from one the format knows there (`childern`, `spacng`,
        `"type": "vstak"`) — is an error with the closest name ("did you mean \"children\"?"), and its value is
        checked as if it were spelled right, so the problems under it are reported too. Warnings (unknown types,
        properties and actions not close to a known one, tolerated so an older app survives a newer server; a node
        shown as its fallback or not at all) are printed as `FILE:/pointer: warning: message`; --strict makes them
        errors. A UTF-8 byte order mark is ignored.
        """,
        options: [
            .flag("--strict", "unknown types, properties and actions are errors"),
            .value("--format", "text|json", "text (default) or json: {\"files\": [{\"file\", \"valid\", \"nodes\", \"issues\": [{\"severity\",\n\"code\", \"pointer\", \"message\"}]}]}"),
            .value("--output", short: "-o", "FILE", "write the report to FILE instead of standard output"),
        ] + DecodeOptions.options,
        epilogue: "EXIT: 0 every file valid, 65 a payload is invalid, 66 a file cannot be read, 64 usage, 73 cannot write.",
        run: run)

    static func run(_ args: Arguments) throws(CLIError) -> Int32 {
            let format = try args.choice("--format", ["text", "json"], default: "text")
            var lines: [String] = []
            if args.positionals.filter({ $0 == "-" }).count > 1 { throw .usage("standard input (-) can be read only once") }
            var exitCode = ExitCode.ok
            var reports: [JSONValue] = []
            for path in args.positionals {
                let name = displayName(path)
                let bytes: [UInt8]
                do throws(CLIError) {
                    bytes = try readInput(path)
                } catch {
                    if format == "json" {
                        reports.append(.object([("file", .string(name)), ("valid", .bool(false)), ("readable", .bool(false)),
                                                ("issues", .array([.object([("severity", .string("error")), ("code", .string("unreadable")), ("pointer", .string("")), ("message", .string(error.message))])]))]))
                    } else {
                        printError(error.message)
                    }
                    exitCode = ExitCode.noInput
                    continue
                }
                let result = PayloadDecoder(options: DecodeOptions.decoder(args, strict: args.has("--strict"), isAuthoring: true)).decode(bytes)
                let valid = result.screen != nil
                if !valid, exitCode == ExitCode.ok { exitCode = ExitCode.dataError }
                if format == "json" {
                    var fields: [(key: String, value: JSONValue)] = [("file", .string(name)), ("valid", .bool(valid))]
                    if let screen = result.screen { fields.append(("nodes", .number(Double(screen.root.subtreeCount)))) }
                    fields.append(("issues", .array(result.issues.map { issue in
                        .object([("severity", .string(issue.severity.rawValue)), ("code", .string(issue.code.rawValue)),
                                 ("pointer", .string(issue.pointer)), ("message", .string(issue.message))])
                    })))
                    reports.append(.object(fields))
                } else {
                    for issue in result.issues {
                        let pointer = issue.pointer.isEmpty ? "/" : issue.pointer
                        lines.append("\(name):\(pointer): " + (issue.severity == .warning ? "warning: " : "") + issue.message)
                    }
                    if let screen = result.screen {
                        lines.append("\(name): valid (\(screen.root.subtreeCount) nodes" + (result.warnings.isEmpty ? ")" : ", \(result.warnings.count) warnings)"))
                    }
                }
            }
            // One report, the same lines on standard output or in -o FILE.
            if format == "json" {
                try writeOutput(JSONValue.object([("files", .array(reports))]).serialized(pretty: true), to: args["--output"])
            } else {
                try writeOutput(lines.joined(separator: "\n"), to: args["--output"])
            }
            return exitCode
    }
}
