import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema

/// `sdui layout FILE`: lays a payload out in one window and prints every node's frame.
enum LayoutCommand {
    static let spec = CommandSpec(
        name: "layout",
        summary: "lay a payload out on a device; print every frame and diagnostic",
        positionals: .oneFile,
        about: """
        Lays the payload out as SwiftUI would in the window and prints a frame for every node (document order,
        absolute window points, scroll content at offset 0 unless --scroll-offset says otherwise) and the diagnostics.
        Text, button and text-field nodes carry the text they show, resolved in the screen's state; --state FILE lays
        the screen out with the variables of FILE (a JSON object) over the payload's initial state.

        Without --device, a --window narrower than 678 pt uses iPhone 16 and a wider one iPad Pro 13-inch (M4)
        (its size classes follow iPad's rules); with neither, iPhone 16 full screen.

        --proposal lays the payload out as a view embedded in an app's screen (a cell, a stack) at that proposal:
        the root at the origin, no safe area; the window printed is the root's size (what to size the view to).
        """,
        options: EnvironmentOptions.options + DecodeOptions.options + [EnvironmentOptions.proposalOption] + [
            .value("--format", "json|text", "json (default) or text (an indented tree with frames)"),
            .flag("--round", "round frames to the device's pixel grid (default: exact values)"),
            .value("--scroll-offset", "Y", "lay the root scroll out at content offset Y points (clamped to its content;\npinned section headers/footers stay in view; default 0)"),
            StateOptions.option,
        ] + FontOptions.options + [
            .value("--output", short: "-o", "FILE", "write to FILE instead of standard output"),
        ],
        epilogue: """
        JSON: {"screen", "environment": {"device", "orientation", "mode", "window": {"width","height"},
               "safeArea": {"top","leading","bottom","trailing"}, "horizontalSizeClass", "verticalSizeClass",
               "contentSize", "layoutDirection"}, "nodes": [{"id","type","parent","frame": {"x","y","width","height"},
               "text" (text, button, textField: the resolved string), "hidden": true (hidden nodes only)}],
               "diagnostics": [{"severity","code","path","message"}]}

        EXIT: 0 laid out (diagnostics do not fail; see `sdui lint`), 64 usage, 65 invalid payload or state file (an
              unknown variable, a value of another type) or a font file that cannot be read as a font, 66 unreadable
              input or font file, 73 cannot write.
        """,
        output: .data("json"),
        run: run)

    static func run(_ args: Arguments) throws(CLIError) -> Int32 {
        let format = try args.choice("--format", ["json", "text"], default: "json")
        let path = args.positionals[0]
        let (environment, traits) = try resolveEnvironment(args)
        let screen = try StateOptions.screen(path, args)
        let engine = LayoutEngine(options: .init(roundsToPixels: args.has("--round")), fonts: try FontOptions.fonts(args))
        let result: LayoutResult
        if let proposal = try EnvironmentOptions.proposal(args) {
            if args["--scroll-offset"] != nil { throw .usage("--proposal and --scroll-offset cannot be combined") }
            result = engine.layout(screen, proposal: proposal, in: environment, traits: traits)
        } else if let text = args["--scroll-offset"] {
            guard let offset = Double(text), offset.isFinite, abs(offset) <= 10_000_000 else {
                throw .usage("--scroll-offset: expected a number of points (e.g. 420), got \"\(text)\"")
            }
            result = engine.layout(screen, in: environment, traits: traits, scrollOffset: offset)
        } else {
            result = engine.layout(screen, in: environment, traits: traits)
        }
        let proposal = try EnvironmentOptions.proposal(args)
        try writeOutput(format == "json" ? json(result, screen: screen, proposal: proposal).serialized(pretty: true)
                                         : text(result, screen: screen, proposal: proposal), to: args["--output"])
        return ExitCode.ok
    }

    /// The environment options, with the default device chosen by the window's width when only --window is given.
    static func resolveEnvironment(_ args: Arguments) throws(CLIError) -> (WindowEnvironment, TraitCollection) {
        var fallback = "iphone-16"
        if args["--device"] == nil, let text = args["--window"] {
            let size = try EnvironmentOptions.windowSize(text)
            if size.width >= 678 { fallback = "ipad-pro-13-m4" }
        }
        return try EnvironmentOptions.resolve(args, defaultDevice: fallback)
    }

    static func json(_ result: LayoutResult, screen: Screen, proposal: ProposedViewSize? = nil) -> JSONValue {
        let e = result.environment
        func n(_ v: Double) -> JSONValue { .number(v) }
        var environmentFields: [(key: String, value: JSONValue)] = [
            ("device", .string(e.device.name)),
            ("orientation", .string(e.orientation.rawValue)),
            ("mode", .string(e.mode.description)),
            ("window", .object([("width", n(e.size.width)), ("height", n(e.size.height))])),
            ("safeArea", .object([("top", n(e.safeAreaInsets.top)), ("leading", n(e.safeAreaInsets.leading)),
                                  ("bottom", n(e.safeAreaInsets.bottom)), ("trailing", n(e.safeAreaInsets.trailing))])),
            ("horizontalSizeClass", .string(e.horizontalSizeClass.rawValue)),
            ("verticalSizeClass", .string(e.verticalSizeClass.rawValue)),
            ("contentSize", .string(result.traits.preferredContentSizeCategory.rawValue)),
            ("layoutDirection", .string(result.traits.layoutDirection.rawValue)),
        ]
        if let proposal {
            environmentFields.append(("proposal", .object([("width", proposal.width.map(n) ?? .null),
                                                           ("height", proposal.height.map(n) ?? .null)])))
        }
        let environment = JSONValue.object(environmentFields)
        let nodes: [JSONValue] = result.nodes.indices.map { index in
            let node = result.nodes[index]
            let f = node.frame
            var fields: [(key: String, value: JSONValue)] = [
                ("id", .string(node.id)),
                ("type", .string(node.type.rawValue)),
                ("parent", node.parent >= 0 && node.parent < result.nodes.count ? .string(result.nodes[node.parent].id) : .null),
                ("frame", .object([("x", n(f.x)), ("y", n(f.y)), ("width", n(f.width)), ("height", n(f.height))])),
            ]
            if let text = StateOptions.resolvedText(at: index, in: result) { fields.append(("text", .string(text))) }
            if node.isHidden { fields.append(("hidden", .bool(true))) }
            return .object(fields)
        }
        let diagnostics: [JSONValue] = result.diagnostics.map { d in
            .object([("severity", .string(d.severity.rawValue)), ("code", .string(d.code)), ("path", .string(d.path)),
                     ("message", .string(d.message))])
        }
        return .object([("screen", .string(result.screenID)), ("environment", environment),
                        ("nodes", .array(nodes)), ("diagnostics", .array(diagnostics))])
    }

    /// An indented tree: `type id (x, y, width, height)`, hidden nodes marked, text lines quoted (a picker: its
    /// selected option, which a segmented one does not lay out as a line of its own). An embedded layout
    /// (`proposal`) says its proposal and the size it answered.
    static func text(_ result: LayoutResult, screen: Screen, proposal: ProposedViewSize? = nil) -> String {
        let e = result.environment
        // A free-form window's mode already says its size ("window 700×900").
        var size = ", window \(e.size)"
        if case .window = e.mode { size = "" }
        var out = "\(result.screenID) on \(e.device.name) \(e.orientation.rawValue) "
        out += proposal.map { "at proposal \($0), size \(points(e.size.width))×\(points(e.size.height)), " }
            ?? "\(e.mode.label)\(size), "
        out += "safe area \(formatPoints(e.safeAreaInsets.top))/\(formatPoints(e.safeAreaInsets.leading))/"
        out += "\(formatPoints(e.safeAreaInsets.bottom))/\(formatPoints(e.safeAreaInsets.trailing)), "
        out += "\(e.horizontalSizeClass.rawValue)/\(e.verticalSizeClass.rawValue), \(result.traits.preferredContentSizeCategory.rawValue)"
        out += (result.traits.layoutDirection == .rightToLeft ? ", right to left" : "") + "\n"
        var depth = [Int](repeating: 0, count: result.nodes.count)
        for (i, node) in result.nodes.enumerated() {
            if node.parent >= 0 && node.parent < i { depth[i] = depth[node.parent] + 1 }
            out += String(repeating: "  ", count: depth[i]) + node.type.rawValue + " " + node.id + " " + textFrame(node.frame)
            if node.isHidden { out += " hidden" }
            if node.type == .picker, let selected = StateOptions.resolvedText(at: i, in: result) {
                out += " \"\(selected)\""
            } else if let run = node.text {
                out += " " + run.lines.map { "\"\($0)\"" }.joined(separator: " / ") + (run.isTruncated ? " (truncated)" : "")
            }
            out += "\n"
        }
        if !result.diagnostics.isEmpty {
            out += "diagnostics:\n"
            for d in result.diagnostics { out += "  \(d.severity.rawValue) \(d.code) \(d.path): \(d.message)\n" }
        }
        return out
    }

    /// A frame for people: points with at most two decimals (`(16, 36, 242.09, 41)`); JSON keeps full precision.
    static func textFrame(_ r: Rect) -> String {
        "(\(points(r.x)), \(points(r.y)), \(points(r.width)), \(points(r.height)))"
    }

    /// Points with at most two decimals, for people.
    static func points(_ v: Double) -> String {
        let rounded = (v * 100).rounded() / 100
        return formatPoints(rounded == 0 ? 0 : rounded)
    }
}
