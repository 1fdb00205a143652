public import SDUIEnvironment

/// Which windows the preview page shows: the default device matrix, or one given as `--devices` entries.
public enum PreviewMatrix {
    /// The default matrix: the required devices (iPhone SE, iPhone 16, iPhone 16 Pro Max, iPad mini and
    /// iPad Pro 13-inch portrait, iPad Pro 13-inch landscape and its Split View ⅓ ½ ⅔), then the phones and
    /// iPad mini in landscape for the page's orientation control.
    public static let defaultEntries = [
        "iphone-se-3", "iphone-16", "iphone-16-pro-max", "ipad-mini-7", "ipad-pro-13-m4",
        "ipad-pro-13-m4:landscape", "ipad-pro-13-m4:landscape:split-1/3", "ipad-pro-13-m4:landscape:split-1/2",
        "ipad-pro-13-m4:landscape:split-2/3",
        "iphone-se-3:landscape", "iphone-16:landscape", "iphone-16-pro-max:landscape", "ipad-mini-7:landscape",
    ]

    /// The default matrix's windows.
    public static func defaultWindows() -> [WindowEnvironment] {
        // The entries are fixed and valid for the compiled-in catalog; a failure is a catalog change and is
        // skipped rather than crashing (the matrix test checks all of them resolve).
        defaultEntries.compactMap { try? window(parsing: $0) }
    }

    /// The windows named by `--devices` (the one syntax of `sdui preview` and `sdui lint`): `all`, or a
    /// comma-separated list of `DEVICE[:ORIENTATION[:MODE]]` entries, each naming every window that matches it —
    /// `ipad-pro-13-m4` every orientation and window mode of that device, `ipad-pro-13-m4:landscape` every mode in
    /// landscape, `ipad-pro-13-m4:landscape:split-1/3` that one window. In the list's order, each window once.
    /// - Throws: `PreviewMatrixError` naming the first entry that is not a device, orientation or mode the
    ///   device offers.
    public static func windows(parsing list: String) throws(PreviewMatrixError) -> [WindowEnvironment] {
        let entries = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !entries.isEmpty else { throw PreviewMatrixError(entry: list, message: "expected all or at least one device") }
        var windows: [WindowEnvironment] = []
        var seen: Set<String> = []
        for entry in entries {
            for window in try self.windows(entry: entry) {
                let key = window.device.slug + ":" + window.orientation.rawValue + ":" + window.mode.description
                if seen.insert(key).inserted { windows.append(window) }
            }
        }
        return windows
    }

    /// The windows one entry matches (`all`, `DEVICE`, `DEVICE:ORIENTATION`, `DEVICE:ORIENTATION:MODE`).
    static func windows(entry: String) throws(PreviewMatrixError) -> [WindowEnvironment] {
        if entry == "all" { return WindowEnvironment.allFixed() }
        let parts = entry.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 3 { return [try window(parsing: entry)] }
        // Checks the device and orientation as a single window does.
        let first = try window(parsing: entry)
        return WindowEnvironment.allFixed(devices: [first.device]).filter { parts.count == 1 || $0.orientation == first.orientation }
    }

    /// One `DEVICE[:ORIENTATION[:MODE]]` entry.
    public static func window(parsing entry: String) throws(PreviewMatrixError) -> WindowEnvironment {
        let parts = entry.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 3, let name = parts.first, !name.isEmpty else {
            throw PreviewMatrixError(entry: entry, message: "expected DEVICE[:ORIENTATION[:MODE]]")
        }
        guard let device = DeviceCatalog.device(named: name) else {
            let hints = DeviceCatalog.suggestions(for: name)
            throw PreviewMatrixError(entry: entry, message: "unknown device '\(name)'"
                + (hints.isEmpty ? "" : "; did you mean " + hints.joined(separator: ", ") + "?"))
        }
        var orientation = InterfaceOrientation.portrait
        if parts.count > 1 {
            guard let o = InterfaceOrientation(rawValue: parts[1].lowercased()) else {
                throw PreviewMatrixError(entry: entry, message: "orientation must be portrait or landscape, got '\(parts[1])'")
            }
            orientation = o
        }
        var mode = WindowMode.fullScreen
        if parts.count > 2 {
            guard let m = WindowMode(parsing: parts[2]) else {
                throw PreviewMatrixError(entry: entry, message: "mode must be full, split-1/3, split-1/2, split-2/3 or slide-over, got '\(parts[2])'")
            }
            mode = m
        }
        do {
            return try WindowEnvironment(WindowConfiguration(device: device, orientation: orientation, mode: mode))
        } catch {
            throw PreviewMatrixError(entry: entry, message: String(describing: error))
        }
    }
}

/// A `--devices` entry that names no window.
public struct PreviewMatrixError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The entry as written.
    public var entry: String
    /// What is wrong with it.
    public var message: String
    /// `--devices 'entry': message`.
    public var description: String { "--devices '\(entry)': \(message)" }
}
