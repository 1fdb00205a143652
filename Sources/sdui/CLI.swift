import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SDUIEnvironment
import SDUILayout
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
    _ = writeAll(2, Array((message.hasSuffix("\n") ? message : message + "\n").utf8))
}

/// Writes to standard output; a failure (a closed pipe, a full disk) ends the program with exit 73 and says why.
func printOut(_ text: String) {
    if let failure = writeAll(1, Array((text.hasSuffix("\n") ? text : text + "\n").utf8)) {
        printError("sdui: cannot write standard output: \(systemReason(failure))")
        exit(ExitCode.cantCreate)
    }
}

/// Reads a file, or standard input for `-`. A leading UTF-8 byte order mark is left for the decoder (which ignores it).
/// - Throws: `CLIError` with exit 66 and the system's reason ("No such file or directory", "Permission denied",
///   "Is a directory") when the file cannot be read.
func readInput(_ path: String) throws(CLIError) -> [UInt8] {
    let fd = path == "-" ? 0 : open(path, O_RDONLY)
    guard fd >= 0 else { throw CLIError(message: "\(path): cannot read: \(systemReason(errno))", exitCode: ExitCode.noInput) }
    defer { if fd != 0 { close(fd) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n == 0 { break }
        if n < 0 {
            if errno == EINTR { continue }
            let reason = errno == EISDIR ? "is a directory, expected a JSON file" : systemReason(errno)
            throw CLIError(message: "\(displayName(path)): cannot read: \(reason)", exitCode: ExitCode.noInput)
        }
        bytes.append(contentsOf: chunk[0..<n])
    }
    return bytes
}

/// The system's message for an `errno` value, lowercased as the rest of a message ("no such file or directory").
func systemReason(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    let reason = String(cString: text)
    return reason.prefix(1).lowercased() + reason.dropFirst()
}

/// The name used for `path` in messages.
func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

/// Decodes a payload file, printing warnings; on errors prints `FILE:/pointer: message` lines and throws exit 65.
func loadScreen(_ path: String, options: PayloadDecoder.Options = .init(), quietWarnings: Bool = false) throws(CLIError) -> Screen {
    try loadPayload(path, options: options, quietWarnings: quietWarnings).screen
}

/// Decodes a payload file (`loadScreen`), giving its bytes and every issue too.
func loadPayload(_ path: String, options: PayloadDecoder.Options = .init(), quietWarnings: Bool = false) throws(CLIError)
    -> (screen: Screen, bytes: [UInt8], issues: [PayloadIssue]) {
    let bytes = try readInput(path)
    let result = PayloadDecoder(options: options).decode(bytes)
    for issue in result.issues where issue.severity == .warning && !quietWarnings {
        printError("\(displayName(path)):\(issue.pointer.isEmpty ? "/" : issue.pointer): warning: \(issue.message)")
    }
    guard let screen = result.screen else {
        let lines = result.errors.map { "\(displayName(path)):\($0.pointer.isEmpty ? "/" : $0.pointer): \($0.message)" }
        throw CLIError(message: lines.joined(separator: "\n"), exitCode: ExitCode.dataError)
    }
    return (screen, bytes, result.issues)
}

// MARK: Decoding options shared by every command that reads a payload

/// `--custom-types`: the component types the app draws itself.
enum DecodeOptions {
    static let options: [OptionSpec] = [
        .list("--custom-types", "NAME", "component types the app draws itself, comma-separated or repeated: kept (laid out as\nboxes for the app's views) rather than shown as their fallbacks or not at all"),
    ]

    /// The decoder's options for `args`.
    static func decoder(_ args: Arguments, strict: Bool = false, isAuthoring: Bool = false) -> PayloadDecoder.Options {
        let types = (args["--custom-types"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return PayloadDecoder.Options(strict: strict, isAuthoring: isAuthoring, customTypes: Set(types))
    }
}

/// Writes `text` to `path` (or stdout when nil).
/// - Throws: `CLIError` with exit 73 and a plain reason ("is a directory", "no such directory", "permission
///   denied", "no space left on device") when the file cannot be written.
func writeOutput(_ text: String, to path: String?) throws(CLIError) {
    guard let path, path != "-" else { printOut(text); return }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw CLIError(message: "\(path): cannot write: is a directory (give a file name)", exitCode: ExitCode.cantCreate)
    }
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else {
        let code = errno
        let parent = (path as NSString).deletingLastPathComponent
        let reason = code == ENOENT ? "no such directory \"\(parent.isEmpty ? "." : parent)\"" : systemReason(code)
        throw CLIError(message: "\(path): cannot write: \(reason)", exitCode: ExitCode.cantCreate)
    }
    defer { close(fd) }
    let data = Array((text.hasSuffix("\n") ? text : text + "\n").utf8)
    if let failure = writeAll(fd, data) {
        throw CLIError(message: "\(path): cannot write: \(systemReason(failure))", exitCode: ExitCode.cantCreate)
    }
}

/// Writes every byte of `data` to `fd`; the `errno` of a failure, or nil.
func writeAll(_ fd: Int32, _ data: [UInt8]) -> Int32? {
    var offset = 0
    while offset < data.count {
        let n = data.withUnsafeBytes { write(fd, $0.baseAddress! + offset, data.count - offset) }
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += n
    }
    return nil
}

// MARK: Environment options shared by layout, lint, render, preview and simulate

/// `--device`, `--orientation`, `--mode`, `--window`, `--content-size`, `--dark`, `--layout-direction`.
enum EnvironmentOptions {
    /// The options, as every command that lays out in one window declares them.
    static let options: [OptionSpec] = [
        .value("--device", "NAME", "a catalog device: Apple's name or a slug (`sdui devices` lists them); default iphone-16"),
        .value("--orientation", "portrait|landscape", "portrait (default) or landscape"),
        .value("--mode", "MODE", "full (default), split-1/3, split-1/2, split-2/3, slide-over (iPad only)"),
        .value("--window", "WxH", "a free-form window of W×H points (Stage Manager); no safe area; overrides --mode"),
        .value("--content-size", "SIZE", "Dynamic Type size: xSmall, Small, Medium, Large (default), xLarge, xxLarge, xxxLarge,\nAX1…AX5"),
        .flag("--dark", "dark appearance"),
        .value("--layout-direction", "leftToRight|rightToLeft", "leftToRight (default) or rightToLeft: the whole layout mirrors, as in SwiftUI"),
    ]

    /// `--proposal WxH`: an embedded layout (`LayoutEngine.layout(_:proposal:in:traits:)`), for the commands that lay
    /// out one payload (layout, render, accessibility) and lint.
    static let proposalOption = OptionSpec.value(
        "--proposal", "WxH", "lay the payload out as a view embedded at this proposal, as SwiftUI's sizeThatFits: each side\n"
            + "points or nil (its ideal size), e.g. 320xnil, nilxnil; the root at the origin, no safe area; the\n"
            + "window and traits options still give the size classes and Dynamic Type")

    /// The proposal of `--proposal` (nil when absent): `WxH`, each side a number of points (0…100000) or `nil`.
    static func proposal(_ args: Arguments) throws(CLIError) -> ProposedViewSize? {
        guard let text = args["--proposal"] else { return nil }
        // `×` as the text output prints it, or `x`.
        let parts = text.lowercased().replacingOccurrences(of: "×", with: "x").split(separator: "x", omittingEmptySubsequences: false)
        func side(_ part: Substring) -> Double?? {
            if part == "nil" { return .some(nil) }
            guard let value = Double(part), value.isFinite, value >= 0, value <= 100_000 else { return nil }
            return .some(value)
        }
        guard parts.count == 2, let width = side(parts[0]), let height = side(parts[1]) else {
            throw .usage("--proposal: expected WIDTHxHEIGHT, each side points (0…100000) or nil (e.g. 320xnil, nilxnil), got \"\(text)\"")
        }
        return ProposedViewSize(width: width, height: height)
    }

    /// `screen` laid out at `--proposal` when it is given (an embedded layout), else in `environment`, measuring text
    /// in the `--font`/`--font-dir` faces.
    static func layout(_ screen: Screen, _ args: Arguments, in environment: WindowEnvironment,
                       traits: TraitCollection) throws(CLIError) -> LayoutResult {
        let engine = LayoutEngine(fonts: try FontOptions.fonts(args))
        if let proposal = try proposal(args) { return engine.layout(screen, proposal: proposal, in: environment, traits: traits) }
        return engine.layout(screen, in: environment, traits: traits)
    }

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

    /// `--layout-direction leftToRight|rightToLeft`, spelt exactly so.
    static func layoutDirection(_ args: Arguments) throws(CLIError) -> LayoutDirection {
        guard let text = args["--layout-direction"] else { return .leftToRight }
        return try layoutDirection(text, option: "--layout-direction")
    }

    /// `text` as a layout direction (exactly `leftToRight` or `rightToLeft`), else a usage error with the closest.
    static func layoutDirection(_ text: String, option: String) throws(CLIError) -> LayoutDirection {
        guard let direction = LayoutDirection(parsing: text) else {
            let names = LayoutDirection.allCases.map(\.rawValue)
            let lowered = text.lowercased()
            let hint = (lowered == "rtl" ? "rightToLeft" : lowered == "ltr" ? "leftToRight"
                        : names.first { $0.lowercased() == lowered } ?? Spelling.closest(to: text, among: names))
                .map { " — did you mean \($0)?" } ?? ""
            throw .usage("\(option): expected leftToRight or rightToLeft, got \"\(text)\"\(hint)")
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
        let traits = window.traitCollection(contentSize: try contentSize(args), style: args.has("--dark") ? .dark : .light,
                                            layoutDirection: try layoutDirection(args))
        return (window, traits)
    }
}
