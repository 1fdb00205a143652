import Foundation
import SDUIEnvironment
import SDUISchema

/// `sdui devices`: the device catalog with sizes, safe areas and size classes per orientation and mode.
enum DevicesCommand {
    static let spec = CommandSpec(
        name: "devices",
        summary: "list every device, window mode, size, safe area and size class",
        positionals: .none,
        about: """
        Lists the catalog: each device's point size, scale and, for every orientation and window mode it offers
        (full screen; on iPad Split View ⅓ ½ ⅔ and Slide Over), the window size, safe-area insets and
        horizontal/vertical size classes, with where the size comes from (documented by Apple, measured, or
        derived from measured devices).
        """,
        options: [
            .value("--device", "NAME", "only this device"),
            .value("--format", "text|json", "text (default) or json: {\"devices\": [{\"name\", \"slug\", \"idiom\", \"scale\", \"portrait\",\n\"configurations\": [...]}]}"),
            .alias("--json", sets: "--format", to: "json", "the same as --format json"),
            .value("--output", short: "-o", "FILE", "write the list to FILE instead of standard output"),
        ],
        epilogue: "EXIT: 0 listed, 64 usage (an unknown device), 73 cannot write.",
        run: run)

    static func run(_ args: Arguments) throws(CLIError) -> Int32 {
        let format = try args.choice("--format", ["text", "json"], default: "text")
        let devices = args["--device"] != nil ? [try EnvironmentOptions.device(args)] : DeviceCatalog.all
        try writeOutput(format == "json" ? json(devices).serialized(pretty: true) : text(devices), to: args["--output"])
        return ExitCode.ok
    }

    static func size(_ s: Size) -> JSONValue { .object([("width", .number(s.width)), ("height", .number(s.height))]) }
    static func insets(_ e: EdgeInsets) -> JSONValue {
        .object([("top", .number(e.top)), ("leading", .number(e.leading)), ("bottom", .number(e.bottom)), ("trailing", .number(e.trailing))])
    }

    static func configurations(_ device: Device) -> [WindowEnvironment] {
        InterfaceOrientation.allCases.flatMap { o in
            device.availableModes(o).compactMap { try? WindowEnvironment(WindowConfiguration(device: device, orientation: o, mode: $0)) }
        }
    }

    static func json(_ devices: [Device]) -> JSONValue {
        let policy = SizeClassPolicy.apple
        return .object([
            ("sizeClassPolicy", .object([("padRegularMinWidth", .number(policy.regularMinWidth)), ("padCompactMaxWidth", .number(policy.compactMaxWidth)),
                                         ("undocumentedBand", .string(policy.undocumentedBand.rawValue))])),
            ("devices", .array(devices.map { d in
                .object([
                    ("name", .string(d.name)), ("slug", .string(d.slug)), ("idiom", .string(d.idiom.rawValue)),
                    ("scale", .number(d.scale)), ("portrait", size(d.portraitSize)), ("confidence", .string(d.confidence.rawValue)),
                    ("configurations", .array(configurations(d).map { w in
                        .object([
                            ("orientation", .string(w.orientation.rawValue)), ("mode", .string(w.mode.description)),
                            ("window", size(w.size)), ("safeArea", insets(w.safeAreaInsets)),
                            ("horizontalSizeClass", .string(w.horizontalSizeClass.rawValue)),
                            ("verticalSizeClass", .string(w.verticalSizeClass.rawValue)),
                            ("provenance", .string(w.provenance.rawValue)),
                        ])
                    })),
                ])
            })),
        ])
    }

    static func text(_ devices: [Device]) -> String {
        var lines: [String] = []
        for d in devices {
            lines.append("\(d.name)  [\(d.slug)]  \(d.idiom.rawValue), \(d.portraitSize) pt @\(formatPoints(d.scale))x")
            for w in configurations(d) {
                let s = w.safeAreaInsets
                let mode = w.mode.label.padding(toLength: 14, withPad: " ", startingAt: 0)
                let orientation = w.orientation.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
                let sizeText = w.size.description.padding(toLength: 12, withPad: " ", startingAt: 0)
                lines.append("    \(orientation)\(mode)\(sizeText)w:\(w.horizontalSizeClass.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) h:\(w.verticalSizeClass.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) safe area \(formatPoints(s.top))/\(formatPoints(s.leading))/\(formatPoints(s.bottom))/\(formatPoints(s.trailing))" + (w.provenance == .derived ? "  (derived)" : ""))
            }
        }
        lines.append("\n\(devices.count) devices. Safe area is top/leading/bottom/trailing. 'derived' sizes are computed from measured devices, not measured.")
        return lines.joined(separator: "\n")
    }
}
