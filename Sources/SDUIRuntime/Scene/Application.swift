public import SDUIEnvironment

/// The app (UIKit's `UIApplication`): it launches only with a scene configuration and drives each
/// scene through its life cycle. There are no app-delegate life-cycle callbacks (deprecated in iOS 26);
/// scene delegates get them.
///
/// The system-side methods (`launch`, `moveToBackground`, `moveToForeground`, `disconnect`) stand in
/// for the user and the system; each delivers the callbacks in Apple's order.
/// https://developer.apple.com/documentation/uikit/managing-your-app-s-life-cycle
@MainActor
public final class Application {
    /// The scene configuration (UIKit: the Info.plist scene manifest or
    /// `application(_:configurationForConnecting:options:)`); nil for an app without one.
    public let sceneConfiguration: SceneConfiguration?
    /// Every callback and diagnostic, in order (the most recent `EventLog.capacity` of them).
    public let eventLog: EventLog
    /// The connected scenes, in connection order.
    public private(set) var connectedScenes: [WindowScene] = []
    /// Sessions created so far.
    public private(set) var openSessions: [SceneSession] = []

    /// Creates an application with a scene configuration (nil: an app that has not adopted scenes) whose log keeps
    /// the most recent `eventLogCapacity` events.
    public init(sceneConfiguration: SceneConfiguration?, eventLogCapacity: Int = EventLog.defaultCapacity) {
        self.sceneConfiguration = sceneConfiguration
        eventLog = EventLog(capacity: eventLogCapacity)
    }

    /// Launches the app: connects a scene in `configuration` and brings it to the foreground.
    ///
    /// Order: `willConnect` (the delegate creates the window; `makeKeyAndVisible()` loads the root
    /// view: `loadView`, `viewDidLoad`), `sceneWillEnterForeground`, the root's `viewWillAppear`,
    /// its view enters the window and is laid out (`viewIsAppearing`, `viewWillLayoutSubviews`,
    /// `viewDidLayoutSubviews`), `sceneDidBecomeActive`, `viewDidAppear`.
    /// - Throws: `RuntimeError.noSceneConfiguration` without a scene configuration — apps built with the
    ///   iOS 27 SDK "must adopt the scene-based life cycle or they fail to launch"
    ///   (https://developer.apple.com/documentation/uikit/transitioning-to-the-uikit-scene-based-life-cycle);
    ///   `.invalidWindowConfiguration` when the device does not offer the window.
    @discardableResult
    public func launch(in configuration: WindowConfiguration,
                       contentSizeCategory: ContentSizeCategory = .large,
                       userInterfaceStyle: UserInterfaceStyle = .light,
                       layoutDirection: LayoutDirection = .leftToRight) throws(RuntimeError) -> WindowScene {
        guard let sceneConfiguration else {
            throw RuntimeError(.noSceneConfiguration,
                "the app has no scene configuration: apps built with the iOS 27 SDK must adopt the scene-based life cycle or they fail to launch (https://developer.apple.com/documentation/uikit/transitioning-to-the-uikit-scene-based-life-cycle); app-delegate life-cycle callbacks are deprecated since iOS 26. Pass a SceneConfiguration whose delegate creates the window in scene(_:willConnectTo:options:).")
        }
        let environment: WindowEnvironment
        do { environment = try WindowEnvironment(configuration) } catch {
            throw RuntimeError(.invalidWindowConfiguration, "\(error)")
        }
        let session = SceneSession(persistentIdentifier: "session-\(openSessions.count + 1)", configuration: sceneConfiguration)
        openSessions.append(session)
        let scene = WindowScene(session: session, environment: environment, contentSize: contentSizeCategory,
                                style: userInterfaceStyle, layoutDirection: layoutDirection, log: eventLog)
        session.scene = scene
        scene.delegate = sceneConfiguration.makeDelegate()
        connectedScenes.append(scene)
        scene.deliver(.willConnect) { $0.scene(scene, willConnectTo: session, options: ConnectionOptions()) }
        enterForeground(scene)
        return scene
    }

    /// The user leaves the app: `sceneWillResignActive`, `sceneDidEnterBackground`. Views stay loaded
    /// and get no appearance callbacks.
    /// - Throws: `RuntimeError.invalidSceneTransition` when the scene is not in the foreground.
    public func moveToBackground(_ scene: WindowScene) throws(RuntimeError) {
        guard scene.activationState == .foregroundActive || scene.activationState == .foregroundInactive else {
            throw RuntimeError(.invalidSceneTransition, "the scene is \(scene.activationState.rawValue), not in the foreground")
        }
        enterBackground(scene)
    }

    /// The user returns: `sceneWillEnterForeground`, `sceneDidBecomeActive`.
    /// - Throws: `RuntimeError.invalidSceneTransition` when the scene is not in the background.
    public func moveToForeground(_ scene: WindowScene) throws(RuntimeError) {
        guard scene.activationState == .background else {
            throw RuntimeError(.invalidSceneTransition, "the scene is \(scene.activationState.rawValue), not in the background")
        }
        enterForeground(scene)
    }

    /// The system removes the scene: from the foreground it first goes to the background, then
    /// `sceneDidDisconnect`; the scene's delegate and windows are released (and with them every
    /// controller nothing else holds: `deinit` events).
    /// https://developer.apple.com/documentation/uikit/uiscenedelegate/scenediddisconnect(_:)
    /// - Throws: `RuntimeError.invalidSceneTransition` when the scene is not connected.
    public func disconnect(_ scene: WindowScene) throws(RuntimeError) {
        guard connectedScenes.contains(where: { $0 === scene }) else {
            throw RuntimeError(.invalidSceneTransition, "the scene is not connected")
        }
        if scene.activationState != .background { enterBackground(scene) }
        scene.deliver(.sceneDidDisconnect) { $0.sceneDidDisconnect(scene) }
        scene.activationState = .unattached
        connectedScenes.removeAll { $0 === scene }
        scene.delegate = nil
        scene.windows.removeAll()
    }

    // MARK: Transitions (Apple: unattached → foreground inactive → foreground active ⇄ background)

    private func enterForeground(_ scene: WindowScene) {
        scene.deliver(.sceneWillEnterForeground) { $0.sceneWillEnterForeground(scene) }
        scene.activationState = .foregroundInactive
        let windows = scene.windows.filter { !$0.isHidden }
        for window in windows { window.beginShowingRoot() }
        for window in windows { window.endRunLoopTurn() }
        scene.deliver(.sceneDidBecomeActive) { $0.sceneDidBecomeActive(scene) }
        scene.activationState = .foregroundActive
        for window in windows { window.finishShowingRoot() }
    }

    private func enterBackground(_ scene: WindowScene) {
        if scene.activationState == .foregroundActive {
            scene.deliver(.sceneWillResignActive) { $0.sceneWillResignActive(scene) }
            scene.activationState = .foregroundInactive
        }
        scene.deliver(.sceneDidEnterBackground) { $0.sceneDidEnterBackground(scene) }
        scene.activationState = .background
    }

    /// Ends the current run-loop turn in every window: pending layout (`viewIsAppearing`,
    /// `viewWillLayoutSubviews`, …) and pending `viewDidAppear` of children added by hand.
    public func runUntilIdle() {
        for scene in connectedScenes { for window in scene.windows where !window.isHidden { window.endRunLoopTurn() } }
    }
}
