public import SDUIEnvironment

/// A window scene (UIKit's `UIWindowScene`): a device, orientation and window mode from
/// `SDUIEnvironment`, a Dynamic Type size and an appearance — and the windows shown in it.
///
/// Rotating or resizing it (`rotate()`, `resize(to:)`, `update(to:)`) plays UIKit's size transition:
/// `viewWillTransition(to:with:)` down the containment hierarchy, then the new traits
/// (`traitsDidChange`, registered handlers), then layout, then the coordinator's completions.
@MainActor
public final class WindowScene {
    /// Where a scene is in its life cycle (UIKit's `UIScene.ActivationState`).
    public enum ActivationState: String, Sendable { case unattached, foregroundInactive, foregroundActive, background }

    /// The scene's session.
    public let session: SceneSession
    /// The scene's state.
    public internal(set) var activationState = ActivationState.unattached
    /// The delegate (held strongly, as UIKit's scene holds its delegate).
    public internal(set) var delegate: (any SceneDelegate)?
    /// The windows created with `Window(windowScene:)`, in creation order.
    public internal(set) var windows: [Window] = []
    /// The window geometry: device, orientation, mode, size, safe area, size classes.
    public private(set) var environment: WindowEnvironment
    /// The Dynamic Type size.
    public private(set) var preferredContentSizeCategory: ContentSizeCategory
    /// Light or dark.
    public private(set) var userInterfaceStyle: UserInterfaceStyle
    /// The app's layout direction (from its language, as `UIApplication.userInterfaceLayoutDirection`); a view or
    /// controller can override it with `traitOverrides.layoutDirection`.
    public let layoutDirection: LayoutDirection

    /// The scene's name in the event log: `scene` for the first scene, `scene-2`, `scene-3`… after it.
    public let name: String

    let eventLog: EventLog

    init(session: SceneSession, environment: WindowEnvironment, contentSize: ContentSizeCategory,
         style: UserInterfaceStyle, layoutDirection: LayoutDirection = .leftToRight, log: EventLog) {
        self.session = session; self.environment = environment
        self.preferredContentSizeCategory = contentSize; self.userInterfaceStyle = style
        self.layoutDirection = layoutDirection
        self.eventLog = log
        let number = Int(session.persistentIdentifier.split(separator: "-").last ?? "1") ?? 1
        self.name = number == 1 ? "scene" : "scene-\(number)"
    }

    /// The scene's traits: the window's size classes, idiom, orientation, scale, appearance, layout direction
    /// and Dynamic Type size.
    public var traitCollection: TraitCollection {
        environment.traitCollection(contentSize: preferredContentSizeCategory, style: userInterfaceStyle,
                                    layoutDirection: layoutDirection)
    }

    /// The key window.
    public var keyWindow: Window? { windows.first { $0.isKeyWindow } }

    // MARK: System events: geometry and traits

    /// Rotates the device to the other orientation, keeping the window mode.
    /// - Throws: `RuntimeError.invalidWindowConfiguration` when the mode does not exist in the other
    ///   orientation (Split View ½ in portrait); nothing changes then.
    public func rotate() throws(RuntimeError) {
        var configuration = environment.configuration
        configuration.orientation = configuration.orientation.rotated
        try update(to: configuration)
    }

    /// Resizes the window: Split View ⅓ ½ ⅔, Slide Over, full screen, or a free-form window.
    /// - Throws: `RuntimeError.invalidWindowConfiguration` when the device does not offer it.
    public func resize(to mode: WindowMode) throws(RuntimeError) {
        var configuration = environment.configuration
        configuration.mode = mode
        try update(to: configuration)
    }

    /// Moves the scene to another orientation and mode, playing the size transition.
    /// - Throws: `RuntimeError.invalidWindowConfiguration` when the device does not offer it.
    public func update(to configuration: WindowConfiguration) throws(RuntimeError) {
        let newEnvironment: WindowEnvironment
        do { newEnvironment = try WindowEnvironment(configuration) } catch {
            throw RuntimeError(.invalidWindowConfiguration, "\(error)")
        }
        transition(to: newEnvironment, contentSize: preferredContentSizeCategory, style: userInterfaceStyle)
    }

    /// Changes the Dynamic Type size (a trait change without a size transition).
    public func updateContentSizeCategory(_ category: ContentSizeCategory) {
        transition(to: environment, contentSize: category, style: userInterfaceStyle)
    }

    /// Switches between light and dark appearance.
    public func updateUserInterfaceStyle(_ style: UserInterfaceStyle) {
        transition(to: environment, contentSize: preferredContentSizeCategory, style: style)
    }

    /// The size transition. Order (UIKit): `viewWillTransition(to:with:)` to each visible window's root
    /// and presented controllers (forwarded to contained children by `super`), with the old size and
    /// traits still in place; then the new geometry and traits (`traitsDidChange` top-down); then the
    /// layout pass; then the coordinator's animation and completion blocks.
    /// https://developer.apple.com/documentation/uikit/uicontentcontainer/viewwilltransition(to:with:)
    func transition(to newEnvironment: WindowEnvironment, contentSize: ContentSizeCategory, style: UserInterfaceStyle) {
        let sizeChanges = newEnvironment.size != environment.size
        let coordinator = ViewControllerTransitionCoordinator(
            targetSize: newEnvironment.size,
            targetTraitCollection: newEnvironment.traitCollection(contentSize: contentSize, style: style,
                                                                  layoutDirection: layoutDirection))
        if sizeChanges {
            for window in windows where !window.isHidden {
                window.dispatchViewWillTransition(to: newEnvironment, coordinator: coordinator)
            }
        }
        environment = newEnvironment
        preferredContentSizeCategory = contentSize
        userInterfaceStyle = style
        for window in windows {
            window.frame = Rect(origin: .zero, size: newEnvironment.size)
            window.setNeedsLayout()
        }
        for window in windows where !window.isHidden { window.propagateTraitChanges() }
        for window in windows where !window.isHidden { window.layoutIfNeeded() }
        coordinator.runAnimations()
        for window in windows where !window.isHidden { window.endRunLoopTurn() }
        coordinator.runCompletions()
    }

    // MARK: Life-cycle delivery

    func deliver(_ kind: Event.Kind, _ callback: (any SceneDelegate) -> Void) {
        eventLog.record(Event(object: name, kind: kind))
        if let delegate { callback(delegate) }
    }
}
