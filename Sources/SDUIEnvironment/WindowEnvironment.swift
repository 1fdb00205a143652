/// Where the undocumented 640–677 pt iPad width band falls; Apple documents regular at ≥ 678 pt and
/// compact at ≤ 639 pt only.
public struct SizeClassPolicy: Hashable, Sendable {
    /// Widths at or above this are regular (Apple: 678).
    public var regularMinWidth: Double
    /// Widths at or below this are compact (Apple: 639).
    public var compactMaxWidth: Double
    /// The class of widths strictly between the two (undocumented; compact by default, because a
    /// layout that fits compact never overflows a wider window).
    public var undocumentedBand: UserInterfaceSizeClass

    public init(regularMinWidth: Double = 678, compactMaxWidth: Double = 639, undocumentedBand: UserInterfaceSizeClass = .compact) {
        self.regularMinWidth = regularMinWidth; self.compactMaxWidth = compactMaxWidth; self.undocumentedBand = undocumentedBand
    }
    public static let apple = SizeClassPolicy()

    /// The horizontal size class of an iPad window `width` points wide.
    public func padHorizontalSizeClass(width: Double) -> UserInterfaceSizeClass {
        if width >= regularMinWidth { return .regular }
        if width <= compactMaxWidth { return .compact }
        return undocumentedBand
    }
}

/// A request for a window: which device, which orientation, which mode.
public struct WindowConfiguration: Hashable, Sendable {
    public var device: Device
    public var orientation: InterfaceOrientation
    public var mode: WindowMode
    public init(device: Device, orientation: InterfaceOrientation = .portrait, mode: WindowMode = .fullScreen) {
        self.device = device; self.orientation = orientation; self.mode = mode
    }
}

/// Why a window configuration cannot exist.
public struct WindowConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// A resolved window: its size, safe area and size classes — what a screen lands on.
public struct WindowEnvironment: Hashable, Sendable {
    public var configuration: WindowConfiguration
    /// The window's size in points.
    public var size: Size
    /// Safe-area insets inside the window (zero for free-form windows).
    public var safeAreaInsets: EdgeInsets
    public var horizontalSizeClass: UserInterfaceSizeClass
    public var verticalSizeClass: UserInterfaceSizeClass
    /// Where the window size comes from.
    public var provenance: Provenance

    public var device: Device { configuration.device }
    public var orientation: InterfaceOrientation { configuration.orientation }
    public var mode: WindowMode { configuration.mode }
    /// The safe-area rectangle in window coordinates.
    public var safeAreaRect: Rect { Rect(origin: .zero, size: size).inset(by: safeAreaInsets) }

    /// Resolves `configuration` against the device's tables.
    /// - Throws: `WindowConfigurationError` when the device does not offer the mode in that orientation,
    ///   or a free-form window size is not positive and finite.
    public init(_ configuration: WindowConfiguration, policy: SizeClassPolicy = .apple) throws(WindowConfigurationError) {
        self.configuration = configuration
        let device = configuration.device
        let orientation = configuration.orientation
        switch configuration.mode {
        case .fullScreen:
            size = device.screenSize(orientation)
            safeAreaInsets = device.safeAreaInsets(orientation)
            let classes = device.sizeClasses(orientation)
            horizontalSizeClass = classes.horizontal
            verticalSizeClass = classes.vertical
            provenance = .documented
        case .window(let requested):
            guard requested.width.isFinite, requested.height.isFinite, requested.width > 0, requested.height > 0,
                  requested.width <= 100_000, requested.height <= 100_000 else {
                throw WindowConfigurationError(message: "window size must be positive and at most 100000 pt, got \(requested)")
            }
            size = requested
            safeAreaInsets = .zero
            provenance = .documented
            if device.idiom == .pad {
                horizontalSizeClass = policy.padHorizontalSizeClass(width: requested.width)
                verticalSizeClass = .regular
            } else {
                // A phone has no free-form windows: take the classes of the orientation the shape implies.
                let classes = device.sizeClasses(requested.width > requested.height ? .landscape : .portrait)
                horizontalSizeClass = classes.horizontal
                verticalSizeClass = classes.vertical
            }
        case .splitView, .slideOver:
            guard let pane = device.multitaskingPanes.first(where: { $0.orientation == orientation && $0.mode == configuration.mode }) else {
                let offered = device.availableModes(orientation).map(\.description).joined(separator: ", ")
                throw WindowConfigurationError(message: "\(device.name) offers no \(configuration.mode.label) in \(orientation); it offers: \(offered)")
            }
            size = pane.size
            // A pane keeps the status bar and home indicator insets; it has no side insets.
            let full = device.safeAreaInsets(orientation)
            safeAreaInsets = EdgeInsets(top: full.top, leading: 0, bottom: configuration.mode == .slideOver ? 0 : full.bottom, trailing: 0)
            horizontalSizeClass = pane.horizontalSizeClass ?? policy.padHorizontalSizeClass(width: pane.size.width)
            verticalSizeClass = pane.verticalSizeClass ?? .regular
            provenance = pane.provenance
        }
    }

    /// The trait collection of this window with the given appearance settings.
    public func traitCollection(
        contentSize: ContentSizeCategory = .large,
        style: UserInterfaceStyle = .light,
        layoutDirection: LayoutDirection = .leftToRight
    ) -> TraitCollection {
        TraitCollection(
            horizontalSizeClass: horizontalSizeClass, verticalSizeClass: verticalSizeClass,
            userInterfaceIdiom: device.idiom, interfaceOrientation: orientation,
            displayScale: device.scale, layoutDirection: layoutDirection,
            userInterfaceStyle: style, preferredContentSizeCategory: contentSize)
    }

    /// Every fixed configuration of every catalog device: each orientation × each mode it offers.
    public static func allFixed(policy: SizeClassPolicy = .apple, devices: [Device] = DeviceCatalog.all) -> [WindowEnvironment] {
        devices.flatMap { device in
            InterfaceOrientation.allCases.flatMap { orientation in
                device.availableModes(orientation).compactMap {
                    try? WindowEnvironment(WindowConfiguration(device: device, orientation: orientation, mode: $0), policy: policy)
                }
            }
        }
    }
}
