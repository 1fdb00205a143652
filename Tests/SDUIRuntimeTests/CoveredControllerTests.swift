import Testing
import SDUIEnvironment
@testable import SDUIRuntime

/// Controllers under a full-screen presentation, across background/foreground and size-class changes.
///
/// Apple: `viewWillAppear(_:)` "notifies the view controller that its view is about to be added to a view
/// hierarchy" and `viewDidDisappear(_:)` "that its view was removed from a view hierarchy"
/// (https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwillappear(_:),
/// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdiddisappear(_:)); going to the
/// background and back adds and removes no view ("Managing your app's life cycle",
/// https://developer.apple.com/documentation/uikit/managing-your-app-s-life-cycle, lists only the scene
/// delegate's callbacks for those transitions). So a covered controller hears nothing until its view returns.
@MainActor
struct CoveredControllerTests {
    func modal(_ style: ModalPresentationStyle = .fullScreen) -> ViewController {
        let controller = ViewController(name: "modal")
        controller.modalPresentationStyle = style
        return controller
    }

    @Test func `background and foreground under a full-screen modal send the covered root nothing`() throws {
        let h = try Harness { NavigationController(rootViewController: ViewController(name: "home")) }
        h.root.present(modal(), animated: true)
        var mark = h.log.events.count
        try h.app.moveToBackground(h.scene)
        try h.app.moveToForeground(h.scene)
        #expect(h.names(since: mark) == [
            "scene.sceneWillResignActive", "scene.sceneDidEnterBackground",
            "scene.sceneWillEnterForeground", "scene.sceneDidBecomeActive",
        ])
        #expect(h.root.viewIfLoaded?.window == nil, "the covered root's view stays out of the window")
        #expect(!h.root.isAppearingOrAppeared)

        // The later dismissal is balanced: the root appears once, no diagnostic.
        mark = h.log.events.count
        h.root.dismiss(animated: true)
        #expect(h.names(since: mark, kinds: appearanceKinds.union([.diagnostic])) == [
            "modal.viewWillDisappear", "navigation.viewWillAppear", "home.viewWillAppear",
            "navigation.viewIsAppearing", "home.viewIsAppearing",
            "navigation.viewDidAppear", "home.viewDidAppear", "modal.viewDidDisappear",
        ])
        #expect(h.root.view.window === h.window)
    }

    @Test func `background and foreground send a visible root and its modal nothing`() throws {
        let h = try Harness { ViewController(name: "root") }
        h.root.present(modal(.pageSheet), animated: true)
        let mark = h.log.events.count
        try h.app.moveToBackground(h.scene)
        try h.app.moveToForeground(h.scene)
        #expect(h.names(since: mark, kinds: appearanceKinds).isEmpty)
    }

    @Test func `a window shown while the scene is in the background shows its root on the next foreground`() throws {
        let h = try Harness { ViewController(name: "root") }
        try h.app.moveToBackground(h.scene)
        let second = Window(windowScene: h.scene)
        second.rootViewController = ViewController(name: "second")
        second.makeKeyAndVisible()
        var mark = h.log.events.count
        #expect(h.names(since: mark, kinds: appearanceKinds).isEmpty)
        mark = h.log.events.count
        try h.app.moveToForeground(h.scene)
        #expect(h.names(since: mark, kinds: appearanceKinds) == [
            "second.viewWillAppear", "second.viewIsAppearing", "second.viewDidAppear",
        ])
    }

    @Test func `a root replaced while the scene is in the background disappears, and the new one appears on foreground`() throws {
        let h = try Harness { ViewController(name: "old") }
        try h.app.moveToBackground(h.scene)
        var mark = h.log.events.count
        h.window.rootViewController = ViewController(name: "new")
        #expect(h.names(since: mark, kinds: appearanceKinds) == ["old.viewWillDisappear", "old.viewDidDisappear"])
        mark = h.log.events.count
        try h.app.moveToForeground(h.scene)
        #expect(h.names(since: mark, kinds: appearanceKinds) == ["new.viewWillAppear", "new.viewIsAppearing", "new.viewDidAppear"])
    }

    @Test func `a split that collapsed while covered returns collapsed: the hidden column gets no callbacks`() throws {
        let h = try Harness(device: "ipad-pro-13-m4", orientation: .landscape) {
            SplitViewController(primary: ViewController(name: "list"), secondary: ViewController(name: "detail"))
        }
        let split = try #require(h.root as? SplitViewController)
        split.present(modal(), animated: true)
        var mark = h.log.events.count
        try h.scene.resize(to: .splitView(.oneThird))
        #expect(h.names(since: mark, kinds: appearanceKinds).isEmpty, "covered: the split hears nothing yet")

        mark = h.log.events.count
        split.dismiss(animated: true)
        #expect(h.names(since: mark, kinds: appearanceKinds.union([.diagnostic])) == [
            "modal.viewWillDisappear", "split.viewWillAppear", "list.viewWillAppear",
            "split.viewIsAppearing", "list.viewIsAppearing",
            "split.viewDidAppear", "list.viewDidAppear", "modal.viewDidDisappear",
        ])
        #expect(split.isCollapsed)
        #expect(split.secondary.viewIfLoaded?.window == nil)
        #expect(!split.secondary.isAppearingOrAppeared)
        #expect(split.primary.view.frame.size == h.scene.environment.size)
    }

    @Test func `a split that expanded while covered returns expanded: both columns appear once`() throws {
        let h = try Harness(device: "ipad-pro-13-m4", orientation: .landscape, mode: .splitView(.oneThird)) {
            SplitViewController(primary: ViewController(name: "list"), secondary: ViewController(name: "detail"))
        }
        let split = try #require(h.root as? SplitViewController)
        #expect(split.isCollapsed)
        split.present(modal(), animated: true)
        try h.scene.resize(to: .fullScreen)
        let mark = h.log.events.count
        split.dismiss(animated: true)
        #expect(h.names(since: mark, kinds: appearanceKinds.union([.diagnostic])) == [
            "modal.viewWillDisappear", "split.viewWillAppear", "list.viewWillAppear", "detail.viewWillAppear",
            "split.viewIsAppearing", "list.viewIsAppearing", "detail.viewIsAppearing",
            "split.viewDidAppear", "list.viewDidAppear", "detail.viewDidAppear", "modal.viewDidDisappear",
        ])
        #expect(!split.isCollapsed)
        #expect(split.secondary.view.frame == Rect(x: 320, y: 0, width: 1056, height: 1032))
    }

    @Test func `dismissing a stack of full-screen modals from below sends the covered one in between nothing`() throws {
        // Apple, dismiss(animated:completion:): "only the top-most view is dismissed in an animated fashion; any
        // intermediate view controllers are simply removed from the stack."
        let h = try Harness { ViewController(name: "root") }
        let first = modal(), second = ViewController(name: "second")
        second.modalPresentationStyle = .fullScreen
        h.root.present(first, animated: true)
        first.present(second, animated: true)
        #expect(first.viewIfLoaded?.window == nil, "covered by the second full-screen modal")
        let mark = h.log.events.count
        h.root.dismiss(animated: true)
        #expect(h.names(since: mark, kinds: appearanceKinds.union([.diagnostic, .deinit])) == [
            "second.viewWillDisappear", "second.viewDidDisappear",
            "root.viewWillAppear", "root.viewIsAppearing", "root.viewDidAppear",
        ])
        #expect(h.root.presentedViewController == nil && first.presentedViewController == nil)
        #expect(h.window.subviews.map { $0.owningController?.name } == ["root"])
    }
}
