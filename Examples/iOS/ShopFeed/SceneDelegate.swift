import UIKit

/// Makes the window in `scene(_:willConnectTo:options:)` with `UIWindow(windowScene:)`: a navigation controller over
/// the feed, a native screen whose sections are server-driven.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UINavigationController(rootViewController: FeedViewController(store: PayloadStore()))
        window.makeKeyAndVisible()
        self.window = window
    }
}
