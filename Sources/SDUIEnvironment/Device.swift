/// How sure the reference is about a value.
public enum Confidence: String, Sendable, Codable { case high, medium, low }

/// Where a multitasking pane size comes from (see `Reference/multitasking.json`).
public enum Provenance: String, Sendable, Codable {
    /// Apple's Human Interface Guidelines.
    case documented
    /// A third-party simulator or device measurement.
    case measured
    /// Computed from the pattern of measured devices; not measured on this device.
    case derived
}

/// The fraction of the screen a Split View pane takes.
public enum SplitFraction: String, Sendable, CaseIterable, Codable {
    case oneThird = "1/3", half = "1/2", twoThirds = "2/3"
}

/// How an app's window occupies the screen.
public enum WindowMode: Hashable, Sendable, CustomStringConvertible {
    /// The whole screen.
    case fullScreen
    /// An iPad Split View pane.
    case splitView(SplitFraction)
    /// An iPad Slide Over panel.
    case slideOver
    /// A free-form window of any size (Stage Manager, iPadOS 26 windows); it has no safe area.
    case window(Size)

    /// The fixed modes, in the order the CLI lists them.
    public static let fixedModes: [WindowMode] = [.fullScreen, .splitView(.oneThird), .splitView(.half), .splitView(.twoThirds), .slideOver]

    /// The command-line spelling: `full`, `split-1/3`, `split-1/2`, `split-2/3`, `slide-over`, `window-WxH`.
    public var description: String {
        switch self {
        case .fullScreen: return "full"
        case .splitView(let f): return "split-\(f.rawValue)"
        case .slideOver: return "slide-over"
        case .window(let s): return "window-\(formatPoints(s.width))x\(formatPoints(s.height))"
        }
    }

    /// A human label: "Split View ⅓".
    public var label: String {
        switch self {
        case .fullScreen: return "full screen"
        case .splitView(.oneThird): return "Split View ⅓"
        case .splitView(.half): return "Split View ½"
        case .splitView(.twoThirds): return "Split View ⅔"
        case .slideOver: return "Slide Over"
        case .window(let s): return "window \(s)"
        }
    }

    /// Parses a command-line spelling (`full`, `split-1/3`, `split-1/2`, `split-2/3`, `slide-over`).
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "full", "fullscreen", "full-screen": self = .fullScreen
        case "split-1/3", "split-third", "split-one-third": self = .splitView(.oneThird)
        case "split-1/2", "split-half": self = .splitView(.half)
        case "split-2/3", "split-two-thirds": self = .splitView(.twoThirds)
        case "slide-over", "slideover": self = .slideOver
        default: return nil
        }
    }
}

/// One Split View / Slide Over configuration of an iPad: its window size and size classes.
public struct MultitaskingPane: Hashable, Sendable {
    public var orientation: InterfaceOrientation
    public var mode: WindowMode
    public var size: Size
    /// Nil when the reference leaves it unverified (the undocumented 640–677 pt band).
    public var horizontalSizeClass: UserInterfaceSizeClass?
    public var verticalSizeClass: UserInterfaceSizeClass?
    public var provenance: Provenance
}

/// An Apple device: its screen in points, scale, safe areas and size classes (compiled in from
/// `Reference/devices.json`).
public struct Device: Hashable, Sendable, Identifiable {
    /// Apple's marketing name, e.g. "iPhone SE (3rd generation)".
    public var name: String
    /// A short command-line name, e.g. `iphone-se-3`.
    public var slug: String
    public var idiom: UserInterfaceIdiom
    /// Screen size in points, portrait.
    public var portraitSize: Size
    /// Pixels per point.
    public var scale: Double
    public var safeAreaPortrait: EdgeInsets
    public var safeAreaLandscape: EdgeInsets
    public var portraitSizeClasses: SizeClassPair
    public var landscapeSizeClasses: SizeClassPair
    public var confidence: Confidence
    /// The multitasking reference model the panes come from.
    public var multitaskingModel: String?
    /// Split View and Slide Over panes (iPad only).
    public var multitaskingPanes: [MultitaskingPane]

    public var id: String { slug }

    /// The screen size in `orientation`.
    public func screenSize(_ orientation: InterfaceOrientation) -> Size {
        orientation == .portrait ? portraitSize : Size(width: portraitSize.height, height: portraitSize.width)
    }
    /// Full-screen safe-area insets in `orientation`.
    public func safeAreaInsets(_ orientation: InterfaceOrientation) -> EdgeInsets {
        orientation == .portrait ? safeAreaPortrait : safeAreaLandscape
    }
    /// Full-screen size classes in `orientation`.
    public func sizeClasses(_ orientation: InterfaceOrientation) -> SizeClassPair {
        orientation == .portrait ? portraitSizeClasses : landscapeSizeClasses
    }
    /// The fixed window modes this device offers in `orientation` (phones: full screen only;
    /// iPads: no ½ split in portrait).
    public func availableModes(_ orientation: InterfaceOrientation) -> [WindowMode] {
        [.fullScreen] + multitaskingPanes.filter { $0.orientation == orientation }.map(\.mode)
    }
}
