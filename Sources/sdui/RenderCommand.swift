import Foundation
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIRender

/// `sdui render FILE`: one screen as SVG or HTML.
enum RenderCommand {
    static let summary = "draw a payload in one window as SVG or HTML"
    static let help = """
    USAGE: sdui render FILE [--device NAME] [--orientation O] [--mode M] [--window WxH] [--content-size S]
                       [--dark] [--format svg|html] [-o FILE]

    Lays the payload out in one window and draws it: every node at the engine's frame, text in Inter
    (embedded) one element per engine line, images in their reserved boxes. `-` reads standard input.
    HTML: one page with the window as a panel element carrying data-device, data-orientation and
    data-mode, every node an element with data-node-id and data-frame (see docs/render.md).

    OPTIONS:
    \(EnvironmentOptions.help)
      --format F             html (default) or svg
      -o, --output FILE      write here instead of standard output

    EXIT: 0 written, 64 usage, 65 invalid payload, 66 unreadable input, 73 cannot write the output.
    """

    static func run(_ arguments: [String]) -> Int32 {
        runCommand("render") { () throws(CLIError) -> Int32 in
            let args = try Arguments(arguments, options: EnvironmentOptions.options.union(["--format", "-o", "--output"]),
                                     flags: EnvironmentOptions.flags)
            guard args.positionals.count == 1, let path = args.positionals.first else {
                throw .usage(args.positionals.isEmpty ? "no input: give a FILE, or - for standard input"
                             : "expected one FILE, got \(args.positionals.count)")
            }
            if args["-o"] != nil && args["--output"] != nil { throw .usage("give -o or --output, not both") }
            let format = (args["--format"] ?? "html").lowercased()
            guard format == "html" || format == "svg" else { throw .usage("--format: expected svg or html, got \"\(format)\"") }
            let (window, traits) = try EnvironmentOptions.resolve(args)
            let screen = try loadScreen(path)
            let layout = LayoutEngine().layout(screen, in: window, traits: traits)
            // Streamed: the document is written as it is made, never held whole (docs/render.md, "Memory").
            var output = try StreamedOutput(path: args["-o"] ?? args["--output"])
            if format == "svg" {
                SVGRenderer().write(layout, screen: screen, to: &output)
            } else {
                HTMLRenderer().writeDocument(layout, screen: screen, to: &output)
            }
            try output.finish()
            return ExitCode.ok
        }
    }
}
