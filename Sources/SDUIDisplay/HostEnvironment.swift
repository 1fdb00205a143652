public import SDUIEnvironment

/// What a native host knows about where it lays out (its view's size, safe area and traits), turned into the
/// engine's `WindowEnvironment` and `TraitCollection` — the platform-neutral half of the UIKit and SwiftUI hosts.
public enum HostEnvironment {
    /// The catalog device of `idiom` whose screen is nearest `screenSize` (either orientation): its tables give
    /// the engine the device's multitasking panes and scale; the view's own size and safe area are used as given.
    public static func device(idiom: UserInterfaceIdiom, screenSize: Size) -> Device {
        let short = min(screenSize.width, screenSize.height), long = max(screenSize.width, screenSize.height)
        let candidates = DeviceCatalog.all.filter { $0.idiom == idiom }
        let pool = candidates.isEmpty ? DeviceCatalog.all : candidates
        return pool.min { a, b in
            let da = abs(a.portraitSize.width - short) + abs(a.portraitSize.height - long)
            let db = abs(b.portraitSize.width - short) + abs(b.portraitSize.height - long)
            return da < db
        } ?? DeviceCatalog.all[0]
    }

    /// The window the engine lays a host view out in: the view's `size` (a `.window` of it unless it is the whole
    /// screen), its safe area and its size classes. Nil for a size that is not positive and finite (a view not laid
    /// out yet).
    public static func window(size: Size, safeArea: EdgeInsets, screenSize: Size, idiom: UserInterfaceIdiom,
                              horizontalSizeClass: UserInterfaceSizeClass,
                              verticalSizeClass: UserInterfaceSizeClass) -> WindowEnvironment? {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else { return nil }
        let device = self.device(idiom: idiom, screenSize: screenSize)
        let orientation: InterfaceOrientation = screenSize.width > screenSize.height ? .landscape : .portrait
        let fills = size == device.screenSize(orientation)
        guard var environment = try? WindowEnvironment(WindowConfiguration(device: device, orientation: orientation,
                                                                           mode: fills ? .fullScreen : .window(size)))
        else { return nil }
        environment.safeAreaInsets = safeArea
        environment.horizontalSizeClass = horizontalSizeClass
        environment.verticalSizeClass = verticalSizeClass
        return environment
    }

    /// The Dynamic Type size for UIKit's `UIContentSizeCategory` raw value (`UICTContentSizeCategoryL`, …; SwiftUI's
    /// `DynamicTypeSize` maps through it too). Unknown or unspecified values are Large, UIKit's default.
    public static func contentSize(uikitRawValue raw: String) -> ContentSizeCategory {
        switch raw {
        case "UICTContentSizeCategoryXS": return .xSmall
        case "UICTContentSizeCategoryS": return .small
        case "UICTContentSizeCategoryM": return .medium
        case "UICTContentSizeCategoryXL": return .xLarge
        case "UICTContentSizeCategoryXXL": return .xxLarge
        case "UICTContentSizeCategoryXXXL": return .xxxLarge
        case "UICTContentSizeCategoryAccessibilityM": return .accessibility1
        case "UICTContentSizeCategoryAccessibilityL": return .accessibility2
        case "UICTContentSizeCategoryAccessibilityXL": return .accessibility3
        case "UICTContentSizeCategoryAccessibilityXXL": return .accessibility4
        case "UICTContentSizeCategoryAccessibilityXXXL": return .accessibility5
        default: return .large
        }
    }
}
