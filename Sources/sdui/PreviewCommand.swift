import Foundation
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIRender

/// `sdui preview [FILE]`: the device-matrix page for a payload (or the built-in storefront).
enum PreviewCommand {
    static let spec = CommandSpec(
        name: "preview",
        summary: "write one HTML page showing a payload on every kind of screen",
        positionals: PositionalSpec(name: "FILE", min: 0, max: 1),
        about: """
        Lays the payload out on a matrix of windows and writes one self-contained HTML page (fonts embedded):
        each window in a device outline labelled with its name, size, size classes and grid column counts,
        with the layout's diagnostics beside it. The page's controls filter by orientation, switch between
        the pre-rendered Dynamic Type sizes and toggle dark mode. Without FILE it previews the built-in
        storefront example (Examples/storefront.json). `-` reads standard input.

        Default matrix: iPhone SE (3rd generation), iPhone 16, iPhone 16 Pro Max, iPad mini (A17 Pro) and
        iPad Pro 13-inch (M4) in portrait; iPad Pro 13-inch landscape and its Split View ⅓, ½ and ⅔; the
        phones and iPad mini in landscape.

        Named states: a payload's "previews" ({"empty cart": {"count": 0}, "three items": {"count": 3}}) show every
        window once per state, side by side and captioned with the state's name; `--state FILE` (repeatable) shows
        the states of those files instead (each a JSON object of state variables over the payload's initial state,
        named after the file without .json). The page's State control shows all states or one.

        A page holds at most 500000 elements (nodes, text lines and diagnostics over every window and size);
        larger previews are refused before anything is written.
        """,
        options: [
            .value("--output", short: "-o", "FILE", "where to write the page (default out/preview.html, the folder made if missing;\nthe repository's .gitignore ignores out/)"),
            DeviceListOptions.devices(default: "the default matrix (above)"),
            DeviceListOptions.contentSizes(default: "Large,xxxLarge,AX3"),
            .value("--content-size", "SIZE", "the size the page opens with (default Large, else the first listed; laid out too)"),
            .list("--state", "FILE", "a JSON object of state variables (over the initial state) to show as a named panel\nper window, named after the file; repeat for several (default: the payload's previews)"),
        ] + FontOptions.options + [
            .flag("--dark", "open the page in dark mode (the page can switch either way)"),
            .value("--layout-direction", "leftToRight|rightToLeft", "leftToRight (default) or rightToLeft: every panel laid out (mirrored) and drawn right\nto left"),
            .value("--format", "text|json", "how to report what was written: text (default) or json {\"output\", \"windows\",\n\"contentSizes\", \"states\", \"bytes\", \"diagnostics\"}"),
        ] + DecodeOptions.options,
        epilogue: """
        EXIT: 0 page written, 64 usage (also: page too large), 65 invalid payload or font file, 66 unreadable input or font file,
              73 cannot write the page.
        """,
        run: run)

    static let defaultSizes: [ContentSizeCategory] = [.large, .xxxLarge, .accessibility3]
    /// Where the page goes without -o: a folder the repository ignores, so a preview never dirties a checkout.
    static let defaultOutput = "out/preview.html"
    /// The most elements (nodes, text lines, diagnostics) one page may hold (at most about 150 MB of HTML).
    static let maxNodeElements = 500_000

    static func run(_ args: Arguments) throws(CLIError) -> Int32 {
            let format = try args.choice("--format", ["text", "json"], default: "text")
            let output = args["--output"] ?? defaultOutput
            if args["--output"] == nil {
                do {
                    try FileManager.default.createDirectory(atPath: "out", withIntermediateDirectories: true)
                } catch {
                    throw CLIError(message: "out: cannot make the folder for \(defaultOutput): \(error.localizedDescription)", exitCode: ExitCode.cantCreate)
                }
            }
            if output == "-" { throw .usage("--output: the page is written to a file; give a file name") }
            let screen: Screen
            if let path = args.positionals.first {
                screen = try loadScreen(path, options: DecodeOptions.decoder(args))
            } else {
                do {
                    screen = try Screen(json: BuiltInExamples.storefrontJSON)
                } catch {
                    throw CLIError(message: "the built-in storefront example does not decode: \(error)", exitCode: ExitCode.software)
                }
            }
            let states = try previewStates(args, screen: screen)
            let windows = try DeviceListOptions.windows(args) ?? PreviewMatrix.defaultWindows()
            let listed = try DeviceListOptions.contentSizes(args, default: defaultSizes)
            // The size the page opens with first (the page's control lists the others).
            let opening = try args["--content-size"] == nil && !listed.contains(.large) ? listed[0] : EnvironmentOptions.contentSize(args)
            let sizes = [opening] + listed.filter { $0 != opening }
            // Every window × size repeats every node: refuse a page that would not open in a browser.
            let nodes = states.isEmpty ? screen.root.subtreeCount : states.reduce(0) { $0 + $1.screen.root.subtreeCount }
            let elements = nodes * windows.count * sizes.count
            guard elements <= maxNodeElements else {
                throw .usage("the page would hold \(elements) node elements (\(nodes) nodes"
                    + (states.isEmpty ? "" : " over \(states.count) states") + " × "
                    + "\(windows.count) windows × \(sizes.count) Dynamic Type sizes; at most \(maxNodeElements)): "
                    + "pass fewer --devices or --content-sizes (one: --content-sizes Large), or use `sdui render` for one window")
            }
            // Text lines are elements too (a long text in a narrow window is many): the page is counted as it is laid
            // out, and refused before anything is written.
            let engine = LayoutEngine(fonts: try FontOptions.fonts(args))
            let layoutDirection = try EnvironmentOptions.layoutDirection(args)
            let page: PreviewPage
            do throws(PreviewPageTooLarge) {
                page = try PreviewPage(screen: screen, states: states, windows: windows, contentSizes: sizes, isDark: args.has("--dark"),
                                       layoutDirection: layoutDirection, maxElements: maxNodeElements) {
                    engine.layout($0, in: $1, traits: $2)
                }
            } catch {
                throw .usage(error.description + (error.layouts > 1 ? "; pass fewer --devices or --content-sizes (one: --content-sizes Large), or" : ";")
                    + " use `sdui render` for one window (it has no element limit)")
            }
            // Streamed: the page is written as it is made, never held whole (docs/render.md, "Memory").
            var file = try StreamedOutput(path: output)
            page.write(to: &file)
            try file.finish()
            let bytes = file.byteCount
            let diagnostics = page.variants.first?.layouts.reduce(0) { $0 + $1.diagnostics.count } ?? 0
            let path = URL(fileURLWithPath: output).standardizedFileURL.path
            if format == "json" {
                printOut(JSONValue.object([
                    ("output", .string(path)), ("windows", .number(Double(windows.count))),
                    ("contentSizes", .array(page.variants.indices.map { .string(sizes[min($0, sizes.count - 1)].rawValue) })),
                    ("states", .array(states.map { .string($0.name) })),
                    ("bytes", .number(Double(bytes))), ("diagnostics", .number(Double(diagnostics))),
                ]).serialized(pretty: true))
            } else {
                printOut("wrote \(path) (\(windows.count) windows" + (states.isEmpty ? "" : " × \(states.count) states")
                    + " × \(page.variants.count) Dynamic Type sizes, "
                    + "\(bytes / 1024) KB; \(diagnostics) diagnostics at \(sizes[0].rawValue))")
                printOut("open file://\(path)")
            }
            return ExitCode.ok
    }

    /// The named states the page shows: the `--state` files (named after each file, without `.json`), else the
    /// payload's `previews`; each resolved in its state (exit 65 naming the state when it cannot be, 66 for an
    /// unreadable file).
    static func previewStates(_ args: Arguments, screen: Screen) throws(CLIError) -> [PreviewState] {
        guard let list = args["--state"] else {
            let (states, failures) = PreviewState.states(of: screen)
            guard failures.isEmpty else {
                throw CLIError(message: failures.map { "previews \($0)" }.joined(separator: "\n"), exitCode: ExitCode.dataError)
            }
            return states
        }
        var states: [PreviewState] = []
        for item in list.split(separator: ",") {
            let path = String(item)
            let state = try StateOptions.state(from: path, over: screen)
            let resolved = try StateOptions.resolve(screen, in: state, source: displayName(path))
            var name = URL(fileURLWithPath: path).lastPathComponent
            if name.hasSuffix(".json") { name.removeLast(5) }
            if path == "-" { name = "standard input" }
            if states.contains(where: { $0.name == name }) { name = displayName(path) }
            states.append(PreviewState(name: name, screen: resolved))
        }
        return states
    }
}
