import Foundation

/// One `sdui` subcommand.
struct Command {
    var name: String
    var summary: String
    var help: String
    var run: ([String]) -> Int32
}

/// Every command, in the order `sdui --help` lists them.
let commands: [Command] = [
    Command(name: "validate", summary: ValidateCommand.summary, help: ValidateCommand.help, run: ValidateCommand.run),
    Command(name: "devices", summary: DevicesCommand.summary, help: DevicesCommand.help, run: DevicesCommand.run),
    Command(name: "schema", summary: SchemaCommand.summary, help: SchemaCommand.help, run: SchemaCommand.run),
    Command(name: "layout", summary: LayoutCommand.summary, help: LayoutCommand.help, run: LayoutCommand.run),
    Command(name: "lint", summary: LintCommand.summary, help: LintCommand.help, run: LintCommand.run),
    Command(name: "render", summary: RenderCommand.summary, help: RenderCommand.help, run: RenderCommand.run),
    Command(name: "preview", summary: PreviewCommand.summary, help: PreviewCommand.help, run: PreviewCommand.run),
    Command(name: "simulate", summary: SimulateCommand.summary, help: SimulateCommand.help, run: SimulateCommand.run),
    Command(name: "bench", summary: BenchCommand.summary, help: BenchCommand.help, run: BenchCommand.run),
]

let usage = """
sdui — server-driven UI payloads laid out for every Apple screen

USAGE: sdui COMMAND [OPTIONS]

COMMANDS:
\(commands.map { "  " + $0.name.padding(toLength: 10, withPad: " ", startingAt: 0) + "  " + $0.summary }.joined(separator: "\n"))

`sdui COMMAND --help` describes a command. Exit codes: 0 ok, 1 problems found,
64 usage error, 65 invalid payload, 66 unreadable input, 73 cannot write output.
"""

@MainActor func runMain() -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let first = arguments.first else {
        printError(usage)
        return ExitCode.usage
    }
    if first == "--help" || first == "-h" || first == "help" {
        if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
            printOut(command.help)
        } else {
            printOut(usage)
        }
        return ExitCode.ok
    }
    if first == "--version" { printOut("sdui 0.1.0 (payload format v1)"); return ExitCode.ok }
    guard let command = commands.first(where: { $0.name == first }) else {
        printError("sdui: unknown command \"\(first)\"\n\n" + usage)
        return ExitCode.usage
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
        printOut(command.help)
        return ExitCode.ok
    }
    return command.run(rest)
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
