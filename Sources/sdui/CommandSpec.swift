import Foundation
import SDUISchema

/// One option of a command: its names, the value it takes (or none: a flag) and its help.
///
/// Every command declares its options once, in a `CommandSpec`; parsing (`Arguments`), `--help` and the
/// README's CLI reference (`sdui help --format markdown`) are all made from that table, so they cannot drift.
struct OptionSpec: Sendable {
    /// The long name, `--output`: the key the parsed value is found under.
    var name: String
    /// A one-letter alias, `-o`.
    var short: String?
    /// The value's placeholder in help (`FILE`, `text|json`); nil for a flag.
    var value: String?
    /// Help text; the first line is the summary, further lines are continuation lines.
    var help: String
    /// For an alias flag such as `--json`: the option it sets and the value (`("--format", "json")`).
    var sets: (option: String, value: String)? = nil
    /// May be given more than once: the values are joined with commas (`--disable a --disable b` = `--disable a,b`).
    var repeatable = false

    /// An option that takes a value.
    static func value(_ name: String, short: String? = nil, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, value: placeholder, help: help)
    }
    /// An option that may be repeated; its values are joined with commas.
    static func list(_ name: String, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: nil, value: placeholder, help: help, repeatable: true)
    }
    /// A flag (no value).
    static func flag(_ name: String, short: String? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, value: nil, help: help)
    }
    /// A flag that stands for another option's value (`--json` = `--format json`).
    static func alias(_ name: String, sets option: String, to value: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: nil, value: nil, help: help, sets: (option, value))
    }

    /// `-o, --output FILE` as help shows it.
    var signature: String {
        (short.map { $0 + ", " } ?? "") + name + (value.map { " " + $0 } ?? "")
    }
}

/// The positional arguments a command takes.
struct PositionalSpec: Sendable {
    /// The placeholder (`FILE`).
    var name: String
    var min: Int
    /// nil: any number.
    var max: Int?

    static let none = PositionalSpec(name: "", min: 0, max: 0)
    static let oneFile = PositionalSpec(name: "FILE", min: 1, max: 1)

    /// `FILE`, `[FILE]`, `FILE...`.
    var synopsis: String {
        switch (min, max) {
        case (0, 0): return ""
        case (0, 1): return "[\(name)]"
        case (_, nil): return "\(name)..."
        default: return name
        }
    }
}

/// Everything about one subcommand: what it is for, what it takes, and what it does.
struct CommandSpec: Sendable {
    var name: String
    /// One line for `sdui --help` and the README.
    var summary: String
    var positionals: PositionalSpec
    /// What the command does (help's first paragraph(s)), without the usage line or the options.
    var about: String
    var options: [OptionSpec]
    /// Sections after the options (`JSON:`, `STEPS:`, `EXIT:`), as help prints them.
    var epilogue: String
    /// What the command writes, which sets its `--format` default (`Commands.formatRule`).
    var output: Output = .report
    var run: @Sendable (Arguments) throws(CLIError) -> Int32

    /// What a command writes, and so the default of its `--format`.
    enum Output: Sendable, Equatable {
        /// A report for people (problems found, a list, what was written): `text` by default.
        case report
        /// What the command makes — frames, elements, events, a schema, a drawing — for another program: in its
        /// data format by default (`json`; `html` for a drawing).
        case data(String)

        /// The `--format` value used when none is given.
        var defaultFormat: String {
            switch self {
            case .report: return "text"
            case .data(let format): return format
            }
        }
    }

    /// `sdui lint FILE [--devices D] [--format text|json] …`: every option, in declaration order.
    var synopsis: String {
        var parts = ["sdui", name]
        if !positionals.synopsis.isEmpty { parts.append(positionals.synopsis) }
        for option in options where option.sets == nil {
            parts.append("[" + (option.short ?? option.name) + (option.value.map { " " + $0 } ?? "") + "]")
        }
        return parts.joined(separator: " ")
    }

    /// The `--help` text.
    var help: String {
        var out = "USAGE: " + wrap(synopsis, width: 110, indent: 7 + name.count + 6) + "\n\n"
        out += about.trimmingCharacters(in: .newlines) + "\n"
        if !options.isEmpty {
            out += "\nOPTIONS:\n"
            for option in options {
                let lines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
                let signature = option.signature
                let pad = 25
                let first = "  " + signature + (signature.count + 2 < pad ? String(repeating: " ", count: pad - signature.count - 2) : "\n" + String(repeating: " ", count: pad))
                out += first + (lines.first.map(String.init) ?? "") + "\n"
                for line in lines.dropFirst() { out += String(repeating: " ", count: pad) + line + "\n" }
            }
        }
        if !epilogue.isEmpty { out += "\n" + epilogue.trimmingCharacters(in: .newlines) + "\n" }
        return out
    }

    /// The command's part of the README's CLI reference (Markdown).
    var markdown: String {
        var out = "#### `sdui \(name)`\n\n" + summary.prefix(1).uppercased() + summary.dropFirst() + ".\n\n"
        out += "```\n" + synopsis + "\n```\n"
        if !options.isEmpty {
            out += "\n| option | |\n|---|---|\n"
            for option in options {
                let help = option.help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                out += "| `\(option.signature.replacingOccurrences(of: "|", with: "\\|"))` | \(help.replacingOccurrences(of: "|", with: "\\|")) |\n"
            }
        }
        return out
    }
}

/// Breaks `text` at spaces into lines of at most `width` characters, continuation lines indented by `indent`.
func wrap(_ text: String, width: Int, indent: Int) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
        let limit = lines.isEmpty ? width : width - indent
        if !line.isEmpty && line.count + 1 + word.count > limit {
            lines.append(line)
            line = String(word)
        } else {
            line += (line.isEmpty ? "" : " ") + word
        }
    }
    lines.append(line)
    return lines.enumerated().map { $0.offset == 0 ? $0.element : String(repeating: " ", count: indent) + $0.element }
        .joined(separator: "\n")
}

/// Parsed arguments: positionals, options with values, and flags, checked against a command's `CommandSpec`.
struct Arguments: Sendable {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    /// Each value of a repeatable option, in the order given (`values` joins them with commas).
    var lists: [String: [String]] = [:]

    /// Parses `arguments` against `spec`'s options and positionals.
    /// Accepts `--opt value`, `--opt=value`, `-o value`, `-` (stdin) as a positional, and `--` to end options.
    /// - Throws: `CLIError.usage` for an unknown option (with the closest known one), a missing value, a repeated
    ///   option, or the wrong number of positionals.
    init(_ arguments: [String], spec: CommandSpec) throws(CLIError) {
        var byName: [String: OptionSpec] = [:]
        for option in spec.options {
            byName[option.name] = option
            if let short = option.short { byName[short] = option }
        }
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || arg == "-" || !arg.hasPrefix("-") { positionals.append(arg); continue }
            if arg == "--" { onlyPositionals = true; continue }
            var name = arg
            var inlineValue: String?
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                name = String(arg[..<eq]); inlineValue = String(arg[arg.index(after: eq)...])
            }
            guard let option = byName[name] else {
                let known = spec.options.map(\.name)
                let hint = Spelling.closest(to: name, among: known + spec.options.compactMap(\.short)).map { " — did you mean \($0)?" } ?? ""
                throw .usage("unknown option \(name)\(hint) (this command takes: \(known.isEmpty ? "no options" : known.joined(separator: ", ")))")
            }
            if option.value == nil {
                if inlineValue != nil { throw .usage("option \(option.name) takes no value") }
                if let (target, value) = option.sets {
                    if let given = values[target], given != value { throw .usage("\(option.name) means \(target) \(value); it cannot be combined with \(target) \(given)") }
                    values[target] = value
                }
                flags.insert(option.name)
            } else {
                let value: String
                if let inlineValue { value = inlineValue } else {
                    guard i < arguments.count else { throw .usage("option \(option.name) needs a value (\(option.value ?? ""))") }
                    value = arguments[i]; i += 1
                }
                if option.repeatable { lists[option.name, default: []].append(value) }
                if option.repeatable, let given = values[option.name] {
                    values[option.name] = given + "," + value
                    continue
                }
                if let given = values[option.name] {
                    let aliased = spec.options.contains { $0.sets?.option == option.name && flags.contains($0.name) && $0.sets?.value == given }
                    throw .usage(aliased ? "\(option.name) cannot be combined with an alias that sets it" : "option \(option.name) given twice")
                }
                values[option.name] = value
            }
        }
        let p = spec.positionals
        if positionals.count < p.min {
            throw .usage(p.name == "FILE" ? "no input: give \(p.max == 1 ? "a FILE" : "one or more FILEs"), or - for standard input" : "missing \(p.name)")
        }
        if let max = p.max, positionals.count > max {
            throw .usage(max == 0 ? "unexpected argument \"\(positionals[0])\"" : "expected \(max == 1 ? "one" : "at most \(max)") \(p.name), got \(positionals.count)")
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    subscript(_ option: String) -> String? { values[option] }
    /// Every value of a repeatable option, in the order given (a value may hold commas: a file name).
    func all(_ option: String) -> [String] { lists[option] ?? values[option].map { [$0] } ?? [] }

    /// The value of `option` (`--format`), which must be one of `allowed`; `fallback` when absent.
    func choice(_ option: String, _ allowed: [String], default fallback: String) throws(CLIError) -> String {
        guard let text = values[option] else { return fallback }
        guard allowed.contains(text) else {
            let hint = Spelling.closest(to: text, among: allowed).map { " — did you mean \($0)?" } ?? ""
            throw .usage("\(option): expected \(allowed.joined(separator: " or ")), got \"\(text)\"\(hint)")
        }
        return text
    }
}
