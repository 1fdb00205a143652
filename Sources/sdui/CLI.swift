import Foundation
import SDUIEnvironment
import SDUISchema

/// Exit codes (sysexits.h).
enum ExitCode {
    static let ok: Int32 = 0
    /// The command ran and found problems (lint findings, failed checks).
    static let problemsFound: Int32 = 1
    /// Bad command line (EX_USAGE).
    static let usage: Int32 = 64
    /// Invalid payload (EX_DATAERR).
    static let dataError: Int32 = 65
    /// Unreadable input (EX_NOINPUT).
    static let noInput: Int32 = 66
    /// Internal error (EX_SOFTWARE).
    static let software: Int32 = 70
    /// Cannot create an output file (EX_CANTCREAT).
    static let cantCreate: Int32 = 73
}

/// A command-line failure: a message for stderr and the exit code.
struct CLIError: Error {
    var message: String
    var exitCode: Int32
    static func usage(_ message: String) -> CLIError { CLIError(message: message, exitCode: ExitCode.usage) }
}

/// Writes to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message.hasSuffix("\n") ? message : message + "\n").utf8))
}

/// Writes to standard output without buffering surprises.
func printOut(_ text: String) {
    FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}

/// Parsed arguments: positionals, options with values, and flags.
struct Arguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    /// Parses `arguments` given which options take a value and which are flags.
    /// Accepts `--opt value`, `--opt=value`, `-o value`, `-` (stdin) as a positional, and `--` to end options.
    /// - Throws: `CLIError.usage` for unknown options, a missing value, or a repeated option.
    init(_ arguments: [String], options: Set<String>, flags: Set<String>) throws(CLIError) {
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
            if flags.contains(name) {
                if inlineValue != nil { throw .usage("option \(name) takes no value") }
                self.flags.insert(name)
            } else if options.contains(name) {
                let value: String
                if let inlineValue { value = inlineValue } else {
                    guard i < arguments.count else { throw .usage("option \(name) needs a value") }
                    value = arguments[i]; i += 1
                }
                if values[name] != nil { throw .usage("option \(name) given twice") }
                values[name] = value
            } else {
                let known = (options.union(flags)).sorted().joined(separator: ", ")
                throw .usage("unknown option \(name) (this command takes: \(known.isEmpty ? "no options" : known))")
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    subscript(_ option: String) -> String? { values[option] }
}

/// Reads a file, or standard input for `-`.
/// - Throws: `CLIError` with exit 66 when the file cannot be read.
func readInput(_ path: String) throws(CLIError) -> [UInt8] {
    if path == "-" {
        return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw CLIError(message: "\(path): no such file", exitCode: ExitCode.noInput)
    }
    if isDirectory.boolValue { throw CLIError(message: "\(path): is a directory, expected a JSON file", exitCode: ExitCode.noInput) }
    guard let data = FileManager.default.contents(atPath: path) else {
        throw CLIError(message: "\(path): cannot be read (permission denied?)", exitCode: ExitCode.noInput)
    }
    return [UInt8](data)
}

/// The name used for `path` in messages.
func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

/// Decodes a payload file, printing warnings; on errors prints `FILE:/pointer: message` lines and throws exit 65.
func loadScreen(_ path: String, strict: Bool = false, quietWarnings: Bool = false) throws(CLIError) -> Screen {
    let bytes = try readInput(path)
    let result = PayloadDecoder(options: .init(strict: strict)).decode(bytes)
    for issue in result.issues where issue.severity == .warning && !quietWarnings {
        printError("\(displayName(path)):\(issue.pointer.isEmpty ? "/" : issue.pointer): warning: \(issue.message)")
    }
    guard let screen = result.screen else {
        let lines = result.errors.map { "\(displayName(path)):\($0.pointer.isEmpty ? "/" : $0.pointer): \($0.message)" }
        throw CLIError(message: lines.joined(separator: "\n"), exitCode: ExitCode.dataError)
    }
    return screen
}

/// Writes `text` to `path` (or stdout when nil).
func writeOutput(_ text: String, to path: String?) throws(CLIError) {
    guard let path else { printOut(text); return }
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
        throw CLIError(message: "\(path): cannot write: \(error.localizedDescription)", exitCode: ExitCode.cantCreate)
    }
}

// MARK: Environment options shared by layout, lint, render, preview and simulate

/// `--device`, `--orientation`, `--mode`, `--window`, `--content-size`, `--dark`.
enum EnvironmentOptions {
    static let options: Set<String> = ["--device", "--orientation", "--mode", "--window", "--content-size", "--layout-direction"]
    static let flags: Set<String> = ["--dark", "--rtl"]
    static let help = """
      --device NAME          a catalog device: Apple's name or a slug (`sdui devices` lists them); default iphone-16
      --orientation O        portrait (default) or landscape
      --mode M               full (default), split-1/3, split-1/2, split-2/3, slide-over (iPad only)
      --window WxH           a free-form window of W×H points (Stage Manager); no safe area; overrides --mode
      --content-size S       Dynamic Type size: xSmall, Small, Medium, Large (default), xLarge, xxLarge, xxxLarge, AX1…AX5
      --dark                 dark appearance
      --layout-direction D   leftToRight (default) or rightToLeft: the whole layout mirrors, as in SwiftUI
      --rtl                  the same as --layout-direction rightToLeft
    """

    /// The device named by `--device`, or the default.
    static func device(_ args: Arguments, default fallback: String = "iphone-16") throws(CLIError) -> Device {
        let name = args["--device"] ?? fallback
        guard let device = DeviceCatalog.device(named: name) else {
            let hints = DeviceCatalog.suggestions(for: name)
            throw .usage("--device: unknown device \"\(name)\"" + (hints.isEmpty ? "" : " (did you mean \(hints.joined(separator: ", "))?)") + "; `sdui devices` lists them")
        }
        return device
    }

    static func orientation(_ args: Arguments) throws(CLIError) -> InterfaceOrientation {
        guard let text = args["--orientation"] else { return .portrait }
        guard let o = InterfaceOrientation(rawValue: text.lowercased()) else {
            throw .usage("--orientation: expected portrait or landscape, got \"\(text)\"")
        }
        return o
    }

    /// Parses `WxH` (e.g. `1024x768`).
    static func windowSize(_ text: String) throws(CLIError) -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite, w > 0, h > 0, w <= 100_000, h <= 100_000 else {
            throw .usage("--window: expected WIDTHxHEIGHT in points, both > 0 and ≤ 100000 (e.g. 700x900), got \"\(text)\"")
        }
        return Size(width: w, height: h)
    }

    static func mode(_ args: Arguments) throws(CLIError) -> WindowMode {
        if let window = args["--window"] {
            if args["--mode"] != nil { throw .usage("--window and --mode cannot be combined") }
            return .window(try windowSize(window))
        }
        guard let text = args["--mode"] else { return .fullScreen }
        guard let m = WindowMode(parsing: text) else {
            throw .usage("--mode: expected full, split-1/3, split-1/2, split-2/3 or slide-over, got \"\(text)\"")
        }
        return m
    }

    static func contentSize(_ args: Arguments) throws(CLIError) -> ContentSizeCategory {
        guard let text = args["--content-size"] else { return .large }
        guard let c = ContentSizeCategory(parsing: text) else {
            throw .usage("--content-size: expected one of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(text)\"")
        }
        return c
    }

    /// `--layout-direction leftToRight|rightToLeft` (`--rtl`: right to left).
    static func layoutDirection(_ args: Arguments) throws(CLIError) -> LayoutDirection {
        guard let text = args["--layout-direction"] else { return args.has("--rtl") ? .rightToLeft : .leftToRight }
        guard let direction = LayoutDirection(parsing: text) else {
            throw .usage("--layout-direction: expected leftToRight or rightToLeft, got \"\(text)\"")
        }
        if args.has("--rtl") && direction != .rightToLeft {
            throw .usage("--rtl and --layout-direction \(text) contradict each other")
        }
        return direction
    }

    /// Resolves all environment options into a window and its traits.
    static func resolve(_ args: Arguments, defaultDevice: String = "iphone-16") throws(CLIError) -> (WindowEnvironment, TraitCollection) {
        let device = try device(args, default: defaultDevice)
        let configuration = WindowConfiguration(device: device, orientation: try orientation(args), mode: try mode(args))
        let window: WindowEnvironment
        do {
            window = try WindowEnvironment(configuration)
        } catch {
            throw .usage("--mode: \(error.message)")
        }
        let traits = window.traitCollection(contentSize: try contentSize(args),
                                            style: args.has("--dark") ? .dark : .light,
                                            layoutDirection: try layoutDirection(args))
        return (window, traits)
    }
}
