import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema

/// `sdui accessibility FILE`: the accessibility elements of a payload in one window, in VoiceOver's reading order.
enum AccessibilityCommand {
    static let spec = CommandSpec(
        name: "accessibility",
        summary: "list a payload's accessibility elements in VoiceOver's reading order",
        positionals: .oneFile,
        about: """
        Lays the payload out in the window and prints the elements VoiceOver visits, in its reading order: top to
        bottom in lines (tops less than 8 pt apart are one line), leading to trailing within a line (right to left
        with --layout-direction rightToLeft), higher sortPriority first, a `children: "contain"` node's elements
        together. Each element has its label, traits (UIAccessibilityTraits names), hint, value, identifier,
        frame and the nodes it stands for (a `combine` lists its own node, then the merged ones).
        SwiftUI's defaults: a text is labelled by its string, a button by its title (trait button), an image by
        its alt (trait image); an input control by its label, with UIKit's traits and value (a toggle: button,
        toggleButton, value 1 or 0; a stepper: adjustable, its number; a text field: its text; a picker: its
        selected option); `"accessibility": {…}` on any node changes them (docs/accessibility.md).
        """,
        options: EnvironmentOptions.options + DecodeOptions.options + [
            EnvironmentOptions.proposalOption,
            StateOptions.option,
        ] + FontOptions.options + [
            .value("--format", "json|text", "json (default) or text (one line per element)"),
            .value("--output", short: "-o", "FILE", "write to FILE instead of standard output"),
        ],
        epilogue: """
        JSON: {"screen", "elements": [{"label", "traits": [...], "hint", "value", "identifier", "control" (toggle,
               stepper, textField, segmentedPicker, menuPicker; each null when not set),
               "frame": {"x","y","width","height"}, "nodes": [ids]}]}

        EXIT: 0 listed, 64 usage, 65 invalid payload, state file or font file, 66 unreadable input or font file, 73 cannot write.
        """,
        output: .data("json"),
        run: run)

    static func run(_ args: Arguments) throws(CLIError) -> Int32 {
        let format = try args.choice("--format", ["json", "text"], default: "json")
        let (environment, traits) = try LayoutCommand.resolveEnvironment(args)
        let screen = try StateOptions.screen(args.positionals[0], args)
        let result = try EnvironmentOptions.layout(screen, args, in: environment, traits: traits)
        let tree = AccessibilityTree(layout: result)
        let output: String
        if format == "json" {
            output = JSONValue.object([("screen", .string(result.screenID)),
                                       ("elements", .array(tree.elements.map(\.jsonValue)))]).serialized(pretty: true)
        } else {
            output = text(tree.elements)
        }
        try writeOutput(output, to: args["--output"])
        return ExitCode.ok
    }

    /// One line per element: `1. "Trail Runner 3, $129" [button, staticText] (x, y, w, h) card-p1 …`.
    static func text(_ elements: [AccessibilityElement]) -> String {
        var lines: [String] = []
        for (k, e) in elements.enumerated() {
            var line = "\(k + 1). \"\(e.label)\""
            if let value = e.value { line += " value \"\(value)\"" }
            line += " [" + e.traits.map(\.rawValue).joined(separator: ", ") + "]"
            if let hint = e.hint { line += " hint \"\(hint)\"" }
            if let control = e.control { line += " " + control.rawValue }
            if let identifier = e.identifier { line += " id \(identifier)" }
            line += " " + LayoutCommand.textFrame(e.frame) + " " + e.nodes.joined(separator: " ")
            lines.append(line)
        }
        return lines.isEmpty ? "no accessibility elements" : lines.joined(separator: "\n")
    }
}
