import Foundation
import SDUIEnvironment
import SDUISchema

/// `sdui devices`: the device catalog with sizes, safe areas and size classes per orientation and mode.
enum DevicesCommand {
    static let summary = "list every device, window mode, size, safe area and size class"
    static let help = """
    USAGE: sdui devices [--json] [--device NAME]

    Lists the catalog: each device's point size, scale and, for every orientation and window
    mode it offers (full screen; on iPad Split View ⅓ ½ ⅔ and Slide Over), the window size,
    safe-area insets and horizontal/vertical size classes, with where the size comes from
    (documented by Apple, measured, or derived from measured devices).

    OPTIONS:
      --json                 machine-readable: {"devices": [{"name", "slug", "idiom", "scale", "portrait", "configurations": [...]}]}
      --device NAME          only this device
    """

    static func run(_ arguments: [String]) -> Int32 {
        runCommand("devices") { () throws(CLIError) -> Int32 in
            let args = try Arguments(arguments, options: ["--device"], flags: ["--json"])
            if let extra = args.positionals.first { throw .usage("unexpected argument \"\(extra)\"") }
            let devices = args["--device"] != nil ? [try EnvironmentOptions.device(args)] : DeviceCatalog.all
            if args.has("--json") {
                printOut(json(devices).serialized(pretty: true))
            } else {
                printOut(text(devices))
            }
            return ExitCode.ok
        }
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
