import SDUIEnvironment
import SDUIRender

/// `--devices` and `--content-sizes`: the windows and Dynamic Type sizes a command lays out when it lays out more
/// than one (`sdui lint`, `sdui preview`). One syntax and one meaning wherever they appear.
enum DeviceListOptions {
    /// `--devices all|DEVICE[:ORIENTATION[:MODE]],...`; `fallback` says what the command does without it.
    static func devices(default fallback: String) -> OptionSpec {
        .value("--devices", "LIST", "\(fallback), or comma-separated DEVICE[:ORIENTATION[:MODE]] entries, each every window\n"
            + "that matches: iphone-se-3 (both orientations), ipad-pro-13-m4:landscape (every mode),\n"
            + "ipad-pro-13-m4:landscape:split-1/3 (that window)")
    }

    /// `--content-sizes all|SIZE,...`: the sizes laid out; `fallback` names the default list.
    static func contentSizes(default fallback: String) -> OptionSpec {
        .value("--content-sizes", "LIST", "the Dynamic Type sizes laid out: all, or comma-separated sizes\n(default \(fallback))")
    }

    /// The windows `--devices` names; nil without the option.
    static func windows(_ args: Arguments) throws(CLIError) -> [WindowEnvironment]? {
        guard let list = args["--devices"] else { return nil }
        do throws(PreviewMatrixError) { return try PreviewMatrix.windows(parsing: list) } catch { throw .usage(error.description) }
    }

    /// The sizes `--content-sizes` names (smallest first, each once), or `fallback` without the option.
    static func contentSizes(_ args: Arguments, default fallback: [ContentSizeCategory]) throws(CLIError) -> [ContentSizeCategory] {
        guard let text = args["--content-sizes"] else { return fallback }
        if text == "all" { return ContentSizeCategory.allCases }
        var sizes: [ContentSizeCategory] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let size = ContentSizeCategory(parsing: name) else {
                throw .usage("--content-sizes: unknown size \"\(name)\"; expected all or some of \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if !sizes.contains(size) { sizes.append(size) }
        }
        guard !sizes.isEmpty else { throw .usage("--content-sizes: expected all or a list of sizes") }
        return sizes.sorted()
    }
}
