import Foundation
import SDUISchema
import SDUIAuthoring

/// `sdui capabilities`: the payload format version this build reads and every name it reads, with the version each
/// appeared in (what an app tells its server).
enum CapabilitiesCommand {
    static let spec = CommandSpec(
        name: "capabilities",
        summary: "list the format version and every type, key, modifier, action and function, each with its version",
        positionals: .none,
        about: """
        Prints what this build reads: the payload format version (1.N) and every node type with its keys, the keys
        every node takes, the modifier chain's elements, the actions, the expression functions, the input controls,
        the value objects and value forms, each with "since": the format version it appeared in, and the versions
        with what each added (docs/schema.md, "Versions, fallbacks and typos"). An app sends the same value
        (`Capabilities.current`) or its version (`FormatVersion.current`) to its server, which can tailor payloads to
        it. --format-version 1.N lists only what that version read.
        """,
        options: [
            .value("--format", "text|json", "text (default: one line per entry) or json: {\"formatVersion\", \"schemaVersions\",\n\"screen\", \"types\", \"nodeKeys\", \"modifiers\", \"actions\", \"functions\", \"inputs\", \"objects\", \"forms\",\n\"versions\"}, each entry {\"name\", \"since\", \"keys\"}"),
            .value("--format-version", "1.N", "list only what format version 1.N reads (default: this build's)"),
            .flag("--compact", "one line instead of indented JSON"),
            .value("--output", short: "-o", "FILE", "write to FILE instead of standard output"),
        ],
        epilogue: "EXIT: 0 written, 64 usage (a version this build does not know), 73 cannot write.",
        run: run)

    static func run(_ args: Arguments) throws(CLIError) -> Int32 {
        let format = try args.choice("--format", ["text", "json"], default: "text")
        if format == "text" && args.has("--compact") { throw .usage("--compact applies to --format json only") }
        var capabilities = Capabilities.current
        if let text = args["--format-version"] { capabilities = capabilities.restricted(to: try version(text, option: "--format-version")) }
        let output = format == "json" ? capabilities.jsonValue.serialized(pretty: !args.has("--compact")) : capabilities.text
        try writeOutput(output, to: args["--output"])
        return ExitCode.ok
    }

    /// A format version this build knows (one of `FormatHistory.releases`), from `--format-version` or
    /// `--target-version`.
    static func version(_ text: String, option: String) throws(CLIError) -> FormatVersion {
        let known = FormatHistory.releases.map(\.version.description).joined(separator: ", ")
        guard let version = FormatVersion(text) else {
            throw .usage("\(option): expected a format version MAJOR.MINOR such as \(FormatVersion.current), got \"\(text)\" (known: \(known))")
        }
        guard FormatHistory.releases.contains(where: { $0.version == version }) else {
            throw .usage("\(option): this build knows format versions \(known), not \(version)")
        }
        return version
    }
}
