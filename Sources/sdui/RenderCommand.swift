import Foundation
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIRender

/// `sdui render FILE`: one screen as SVG or HTML.
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        summary: "draw a payload in one window as SVG or HTML",
        positionals: .oneFile,
        about: """
        Lays the payload out in one window and draws it: every node at the engine's frame, text in Inter
        (embedded) one element per engine line, images in their reserved boxes. `-` reads standard input.
        HTML: one page with the window as a panel element carrying data-device, data-orientation and
        data-mode, every node an element with data-node-id and data-frame (see docs/render.md).
        """,
        options: EnvironmentOptions.options + DecodeOptions.options + [
            EnvironmentOptions.proposalOption,
            StateOptions.option,
        ] + FontOptions.options + [
            .value("--format", "html|svg", "html (default) or svg"),
            .value("--output", short: "-o", "FILE", "write here instead of standard output"),
        ],
        epilogue: "EXIT: 0 written, 64 usage, 65 invalid payload, state file or font file, 66 unreadable input or font file, 73 cannot write\n      the output.",
        output: .data("html"),
        run: run)

    static func run(_ args: Arguments) throws(CLIError) -> Int32 {
        let format = try args.choice("--format", ["html", "svg"], default: "html")
        let path = args.positionals[0]
        let (window, traits) = try EnvironmentOptions.resolve(args)
        let screen = try StateOptions.screen(path, args)
        let layout = try EnvironmentOptions.layout(screen, args, in: window, traits: traits)
        // Streamed: the document is written as it is made, never held whole (docs/render.md, "Memory").
        var output = try StreamedOutput(path: args["--output"])
        if format == "svg" {
            SVGRenderer().write(layout, to: &output)
        } else {
            HTMLRenderer().writeDocument(layout, to: &output)
        }
        try output.finish()
        return ExitCode.ok
    }
}
