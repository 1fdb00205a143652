/// The object that reacts to a scene's life-cycle events (UIKit's `UIWindowSceneDelegate`).
///
/// Every method has an empty default. Create the window in `scene(_:willConnectTo:options:)` with
/// `Window(windowScene:)`, set its `rootViewController` and call `makeKeyAndVisible()`.
/// https://developer.apple.com/documentation/uikit/uiscenedelegate
@MainActor
public protocol SceneDelegate: AnyObject {
    /// The scene was added to the app; create its window here.
    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options connectionOptions: ConnectionOptions)
    /// The scene is about to move to the foreground.
    func sceneWillEnterForeground(_ scene: WindowScene)
    /// The scene became active and receives events.
    func sceneDidBecomeActive(_ scene: WindowScene)
    /// The scene is about to stop being active.
    func sceneWillResignActive(_ scene: WindowScene)
    /// The scene is in the background.
    func sceneDidEnterBackground(_ scene: WindowScene)
    /// The scene was removed from the app; it and its delegate are released afterwards.
    func sceneDidDisconnect(_ scene: WindowScene)
}

extension SceneDelegate {
    /// Does nothing.
    public func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options connectionOptions: ConnectionOptions) {}
    /// Does nothing.
    public func sceneWillEnterForeground(_ scene: WindowScene) {}
    /// Does nothing.
    public func sceneDidBecomeActive(_ scene: WindowScene) {}
    /// Does nothing.
    public func sceneWillResignActive(_ scene: WindowScene) {}
    /// Does nothing.
    public func sceneDidEnterBackground(_ scene: WindowScene) {}
    /// Does nothing.
    public func sceneDidDisconnect(_ scene: WindowScene) {}
}

/// What the system passes to `scene(_:willConnectTo:options:)` (UIKit's `UIScene.ConnectionOptions`).
public struct ConnectionOptions: Hashable, Sendable {
    /// URLs the scene was opened with.
    public var urls: [String]
    /// Creates options.
    public init(urls: [String] = []) { self.urls = urls }
}

/// How to create a scene (UIKit's `UISceneConfiguration`): a name and the delegate to create.
public struct SceneConfiguration: Sendable {
    /// The configuration's name ("Default Configuration" as in Xcode's template).
    public var name: String
    /// Creates the scene's delegate when the scene connects.
    public var makeDelegate: @MainActor @Sendable () -> any SceneDelegate

    /// Creates a configuration.
    public init(name: String = "Default Configuration", delegate makeDelegate: @escaping @MainActor @Sendable () -> any SceneDelegate) {
        self.name = name; self.makeDelegate = makeDelegate
    }
}

/// The record of a scene (UIKit's `UISceneSession`).
@MainActor
public final class SceneSession {
    /// A stable identifier (`session-1`, `session-2`, … in launch order).
    public let persistentIdentifier: String
    /// The configuration the scene was created from.
    public let configuration: SceneConfiguration
    /// The scene, while connected.
    public internal(set) weak var scene: WindowScene?

    init(persistentIdentifier: String, configuration: SceneConfiguration) {
        self.persistentIdentifier = persistentIdentifier; self.configuration = configuration
    }
}
