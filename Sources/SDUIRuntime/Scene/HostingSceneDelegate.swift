/// A ready-made scene delegate that does what Xcode's template does: in
/// `scene(_:willConnectTo:options:)` it creates `Window(windowScene:)`, sets the root view controller
/// made by `makeRootViewController` and calls `makeKeyAndVisible()`.
@MainActor
public final class HostingSceneDelegate: SceneDelegate {
    /// The window, once the scene has connected.
    public private(set) var window: Window?
    private let makeRootViewController: @MainActor () -> ViewController

    /// Creates a delegate whose window's root is made by `makeRootViewController` when the scene connects.
    public init(makeRootViewController: @escaping @MainActor () -> ViewController) {
        self.makeRootViewController = makeRootViewController
    }

    /// Creates the window, sets its root and shows it.
    public func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options connectionOptions: ConnectionOptions) {
        let window = Window(windowScene: scene)
        window.rootViewController = makeRootViewController()
        self.window = window
        window.makeKeyAndVisible()
    }
}

extension SceneConfiguration {
    /// A configuration whose delegate is a `HostingSceneDelegate` showing the controller `makeRoot` makes.
    public static func hosting(name: String = "Default Configuration",
                               _ makeRoot: @escaping @MainActor @Sendable () -> ViewController) -> SceneConfiguration {
        SceneConfiguration(name: name) { HostingSceneDelegate(makeRootViewController: makeRoot) }
    }
}
