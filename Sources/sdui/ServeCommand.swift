import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIRender
import SDUIServe

/// `sdui serve FILE|DIR`: the live, interactive preview in a browser (`SDUIServe.LiveServer`).
enum ServeCommand {
    static let spec = CommandSpec(
        name: "serve",
        summary: "serve a payload (or a folder of them) as live, interactive pages in the browser",
        positionals: PositionalSpec(name: "FILE|DIR", min: 1, max: 1),
        about: """
        Serves the device-matrix preview of FILE on http://127.0.0.1:PORT/ (a folder: an index of its .json payloads
        and a page per payload). Each save updates every open page within a second without reloading it — scroll
        positions, the page's device, appearance and text-size choices and the state (the variables the new payload
        still declares with the same types) are kept. Taps on buttons, toggles, steppers and pickers and typing into
        text fields run on the server through the same ScreenSession the native hosts use: one state per open page,
        shared by its panels; only what changed is sent and redrawn. Beside the panels: the state as editable JSON,
        the payload's previews, the requests its actions made (answer them), and lint of the visible windows. A save
        that does not decode shows its problems (JSON Pointer, line and column) over the last good render.

        Safe by default: only 127.0.0.1 is bound (another --host prints a warning); requests whose Host is not the
        bound address or localhost are refused (DNS rebinding); nothing outside FILE or DIR is served; pages run no
        script but the server's own (Content-Security-Policy). Ctrl-C (SIGINT) or SIGTERM stops it.

        The options set what pages open with (each page can change its windows, text size and appearance);
        --state FILE (with a FILE, not a folder) is the state every page starts in.
        """,
        options: [
            .value("--port", "N", "the port (default 8080; 0: one the system chooses, printed)"),
            .value("--host", "ADDR", "the address to bind (default 127.0.0.1; anything else is reachable from other\nmachines and prints a warning)"),
            DeviceListOptions.devices(default: "the default matrix"),
        ] + EnvironmentOptions.options.filter { ["--content-size", "--dark", "--layout-direction"].contains($0.name) } + [
            StateOptions.option,
        ] + FontOptions.options + [
            .value("--format", "text|json", "how to report where it listens, once it does: text (default) or json {\"url\", \"host\",\n\"port\", \"path\"}"),
            .value("--output", short: "-o", "FILE", "write that report to FILE instead of standard output"),
        ],
        epilogue: """
        PRINTS: `sdui serve: http://127.0.0.1:PORT/ (FILE)` on standard output once listening (or -o FILE).

        EXIT: 0 stopped by SIGINT or SIGTERM, 64 usage, 65 invalid --state or font file, 66 unreadable FILE, DIR or font file,
              70 the address cannot be bound (in use: try another --port).
        """,
        run: run)

    static func run(_ args: Arguments) throws(CLIError) -> Int32 {
        let format = try args.choice("--format", ["text", "json"], default: "text")
        let path = args.positionals[0]
        guard path != "-" else { throw .usage("serve needs a FILE or a folder (standard input cannot be watched)") }
        var port: UInt16 = 8080
        if let text = args["--port"] {
            guard let n = UInt16(text) else { throw .usage("--port: expected a port number 0…65535, got \"\(text)\"") }
            port = n
        }
        let host = args["--host"] ?? "127.0.0.1"
        guard !host.isEmpty, host.utf8.count <= 255, !host.contains(where: { $0 == "/" || $0 == " " }) else {
            throw .usage("--host: expected an address or a name, got \"\(host)\"")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIError(message: "\(path): cannot serve: no such file or directory", exitCode: ExitCode.noInput)
        }
        let windows = try DeviceListOptions.windows(args) ?? PreviewMatrix.defaultWindows()
        var options = LiveServerOptions(path: path, windows: windows)
        options.contentSize = try EnvironmentOptions.contentSize(args)
        options.isDark = args.has("--dark")
        options.layoutDirection = try EnvironmentOptions.layoutDirection(args)
        options.host = host
        options.port = port
        let fonts = try FontOptions.fonts(args)
        options.fonts = fonts
        options.lint = { screen, windows, size, direction in lintLines(screen, windows: windows, size: size, direction: direction, fonts: fonts) }
        if let statePath = args["--state"] {
            guard !isDirectory.boolValue else { throw .usage("--state needs a FILE: the payloads of a folder declare different state") }
            let json = try StateOptions.loadJSON(statePath, what: "--state")
            // Checked now against the payload as it is; a later save keeps the variables that still fit.
            if let screen = try? loadScreen(path, quietWarnings: true) {
                _ = try StateOptions.state(from: json, over: screen, source: "--state \(displayName(statePath))")
            }
            options.initialState = json
        }
        let server: LiveServer
        do throws(LiveServerError) {
            server = try LiveServer(options: options)
            try server.start()
        } catch {
            let unreadable = error.message.contains("cannot serve")
            throw CLIError(message: error.message + (unreadable ? "" : " (try another --port, or --port 0)"),
                           exitCode: unreadable ? ExitCode.noInput : ExitCode.software)
        }
        if !["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased()) {
            printError("sdui serve: warning: listening on \(host): other machines on the network can open these pages and the payloads they show")
        }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let url = "http://\(shownHost):\(server.port)/"
        let report = format == "json"
            ? JSONValue.object([("url", .string(url)), ("host", .string(host)), ("port", .number(Double(server.port))),
                                ("path", .string(path))]).serialized()
            : "sdui serve: \(url) (\(path))"
        do throws(CLIError) { try writeOutput(report, to: args["--output"]) } catch {
            server.stop()
            throw error
        }
        printError("serving \(isDirectory.boolValue ? "the payloads in " : "")\(path); every save updates the open pages; Ctrl-C stops")

        // SIGINT and SIGTERM stop the server (the handlers run on a queue; this thread waits).
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { server.stop() }
            source.resume()
            return source
        }
        server.waitUntilStopped()
        sources.forEach { $0.cancel() }
        printError("sdui serve: stopped")
        return ExitCode.ok
    }

    /// `sdui lint`'s findings for the windows a page shows, at its size, as the page lists them.
    static func lintLines(_ screen: Screen, windows: [WindowEnvironment], size: ContentSizeCategory, direction: LayoutDirection,
                          fonts: FontCollection = FontCollection()) -> [ServeLintFinding] {
        guard let policy = try? LintPolicy(severity: nil, disable: nil) else { return [] }
        let outcome = LintCommand.lint(screen, windows: windows, sizes: [size], directions: [direction], policy: policy, jobs: 1,
                                       fonts: fonts)
        return outcome.groups.map { g in
            ServeLintFinding(severity: g.severity.rawValue, code: g.code, nodes: outcome.report.names(g), pointer: outcome.report.pointer(g),
                             message: g.findings[0].message, places: outcome.report.describe(g.findings[0].places))
        }
    }
}
