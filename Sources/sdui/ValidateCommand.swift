import Foundation
import SDUISchema

/// `sdui validate FILE…`: decodes payloads and prints one line per problem.
enum ValidateCommand {
    static let summary = "check payloads against format v1; one line per problem"
    static let help = """
    USAGE: sdui validate FILE... [--strict] [--format text|json]

    Decodes each payload (`-` reads standard input) and prints one line per problem:
      FILE:/json/pointer: message
    Warnings (unknown types or properties, tolerated so an older app survives a newer server)
    are printed as `FILE:/pointer: warning: message`; --strict makes them errors.

    OPTIONS:
      --strict               unknown types, properties and actions are errors
      --format F             text (default) or json: {"files": [{"file", "valid", "nodes", "issues": [{"severity","code","pointer","message"}]}]}

    EXIT: 0 every file valid, 65 a payload is invalid, 66 a file cannot be read, 64 usage.
    """

    static func run(_ arguments: [String]) -> Int32 {
        runCommand("validate") { () throws(CLIError) -> Int32 in
            let args = try Arguments(arguments, options: ["--format"], flags: ["--strict"])
            let format = args["--format"] ?? "text"
            guard format == "text" || format == "json" else { throw .usage("--format: expected text or json, got \"\(format)\"") }
            guard !args.positionals.isEmpty else { throw .usage("no input: give one or more FILEs, or - for standard input") }
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
                let result = PayloadDecoder(options: .init(strict: args.has("--strict"))).decode(bytes)
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
                        printOut("\(name):\(pointer): " + (issue.severity == .warning ? "warning: " : "") + issue.message)
                    }
                    if let screen = result.screen {
                        printError("\(name): valid (\(screen.root.subtreeCount) nodes" + (result.warnings.isEmpty ? ")" : ", \(result.warnings.count) warnings)"))
                    }
                }
            }
            if format == "json" { printOut(JSONValue.object([("files", .array(reports))]).serialized(pretty: true)) }
            return exitCode
        }
    }
}
