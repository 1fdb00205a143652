import Foundation
import SDUISchema
#if canImport(Glibc)
import Glibc
#endif

/// Every command, in the order `sdui --help` and the README list them.
let commands: [CommandSpec] = Commands.all

enum Commands {
    static let all: [CommandSpec] = [
    ValidateCommand.spec, DevicesCommand.spec, SchemaCommand.spec, CapabilitiesCommand.spec, LayoutCommand.spec, AccessibilityCommand.spec,
    LintCommand.spec, RenderCommand.spec, PreviewCommand.spec, ServeCommand.spec, SimulateCommand.spec, BenchCommand.spec, HelpCommand.spec,
    ]
}

let usage = Commands.usage

extension Commands {
    static let usage = """
sdui — server-driven UI payloads laid out for every Apple screen

USAGE: sdui COMMAND [OPTIONS]

COMMANDS:
\(all.map { "  " + $0.name.padding(toLength: 13, withPad: " ", startingAt: 0) + "  " + $0.summary }.joined(separator: "\n"))

\(formatRule)

`sdui COMMAND --help` describes a command. Exit codes: 0 ok, 1 problems found (lint) or a step the screen
cannot take (simulate), 64 usage error, 65 invalid payload, 66 unreadable input, 73 cannot write output.
"""

    /// The one rule for `--format` defaults, with the commands it puts on each side (from their specs).
    static var formatRule: String {
        let data = all.filter { $0.output != .report }.map { "\($0.name) (\($0.output.defaultFormat))" }
        let reports = all.filter { $0.output == .report }.map(\.name)
        return wrap("FORMAT: every command takes --format and -o/--output FILE. A command that makes something for "
            + "another program writes it in its data format unless --format says otherwise: "
            + data.joined(separator: ", ") + ". A command that reports to a person writes text: "
            + reports.joined(separator: ", ") + ".", width: 110, indent: 0)
    }
}

/// `sdui help [COMMAND] [--format text|markdown]`: a command's help, or the README's CLI reference.
enum HelpCommand {
    static let spec = CommandSpec(
        name: "help",
        summary: "describe a command, or print the README's CLI reference (--format markdown)",
        positionals: PositionalSpec(name: "COMMAND", min: 0, max: 1),
        about: """
        Prints `sdui COMMAND --help`, or without COMMAND the list of commands. With --format markdown, the
        command line reference in the README (generated from the same option tables as parsing and --help;
        a test checks the README holds exactly this text).
        """,
        options: [
            .value("--format", "text|markdown", "text (default) or markdown"),
            .value("--output", short: "-o", "FILE", "write to FILE instead of standard output"),
        ],
        epilogue: "EXIT: 0 printed, 64 an unknown COMMAND, 73 cannot write.",
        run: run)

    static func run(_ args: Arguments) throws(CLIError) -> Int32 {
        let format = try args.choice("--format", ["text", "markdown"], default: "text")
        var selected = Commands.all
        if let name = args.positionals.first {
            guard let command = Commands.all.first(where: { $0.name == name }) else { throw unknownCommand(name) }
            selected = [command]
        }
        let text: String
        if format == "markdown" {
            text = markdownReference(selected)
        } else {
            text = args.positionals.isEmpty ? Commands.usage : selected[0].help
        }
        try writeOutput(text, to: args["--output"])
        return ExitCode.ok
    }

    /// The README's CLI reference: a table of commands, then each command's options.
    static func markdownReference(_ selected: [CommandSpec]) -> String {
        var out = "| command | what |\n|---|---|\n"
        for command in selected {
            out += "| [`sdui \(command.name)`](#sdui-\(command.name)) | \(command.summary.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        for command in selected { out += "\n" + command.markdown }
        return out
    }

    static func unknownCommand(_ name: String) -> CLIError {
        let hint = Spelling.closest(to: name, among: Commands.all.map(\.name)).map { " — did you mean \($0)?" } ?? ""
        return .usage("unknown command \"\(name)\"\(hint)")
    }
}

@MainActor func runMain() -> Int32 {
    // A closed pipe (`sdui lint … | head`) is a write error with a message, not a signal.
    signal(SIGPIPE, SIG_IGN)
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let first = arguments.first else {
        printError(usage)
        return ExitCode.usage
    }
    if first == "--help" || first == "-h" {
        printOut(usage)
        return ExitCode.ok
    }
    if first == "--version" { printOut("sdui 0.1.0 (payload format \(FormatVersion.current))"); return ExitCode.ok }
    guard let command = commands.first(where: { $0.name == first }) else {
        printError("sdui: \(HelpCommand.unknownCommand(first).message)\n\n" + usage)
        return ExitCode.usage
    }
    let rest = Array(arguments.dropFirst())
    if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
        printOut(command.help)
        return ExitCode.ok
    }
    return runCommand(command.name) { () throws(CLIError) -> Int32 in
        try command.run(try Arguments(rest, spec: command))
    }
}

/// Runs a command body, turning `CLIError`s into messages and exit codes.
func runCommand(_ name: String, _ body: () throws(CLIError) -> Int32) -> Int32 {
    do {
        return try body()
    } catch {
        printError(error.exitCode == ExitCode.usage ? "sdui \(name): \(error.message)\n(see `sdui \(name) --help`)" : error.message)
        return error.exitCode
    }
}

exit(runMain())
