public import SDUIEnvironment

/// A window in a window scene (UIKit's `UIWindow`): it holds the root view controller's view and the
/// views of presented controllers, and is where traits enter the view hierarchy.
///
/// `init(windowScene:)` is the only initialiser (iOS 26 deprecates `UIWindow(frame:)`).
@MainActor
public final class Window: View {
    /// The scene the window belongs to.
    public private(set) weak var windowScene: WindowScene?
    /// The window's name in the event log: `window` for a scene's first window (`window-2`… after it),
    /// prefixed with the scene's name after the first scene (`scene-2.window`).
    public let name: String
    /// Whether the window receives key events (set by `makeKeyAndVisible()`).
    public private(set) var isKeyWindow = false
    /// The traits last delivered to the window.
    var lastDeliveredTraits: TraitCollection?
    /// Controllers whose view-driven appearance ends at the end of this run-loop turn.
    private var pendingAppearanceEnds: [ViewController] = []
    /// Whether the root has yet to appear: the window was shown, or got its root, while the scene was not in
    /// the foreground. The scene's next `sceneWillEnterForeground` shows it — and only then: a root that has
    /// appeared (or is covered by a full-screen presentation) gets no appearance callbacks when the scene
    /// goes to the background and back, as in UIKit (the view never leaves the window).
    var rootAwaitsForeground = false

    /// The root view controller. Its view fills the window while the window is visible.
    public var rootViewController: ViewController? {
        didSet { rootViewControllerDidChange(from: oldValue) }
    }

    /// Creates a window in `windowScene`, sized to the scene, hidden until `makeKeyAndVisible()`.
    public init(windowScene: WindowScene) {
        self.windowScene = windowScene
        let number = windowScene.windows.count + 1
        let local = number == 1 ? "window" : "window-\(number)"
        name = windowScene.name == "scene" ? local : "\(windowScene.name).\(local)"
        super.init(frame: Rect(origin: .zero, size: windowScene.environment.size))
        isHidden = true
        accessibilityIdentifier = name
        windowScene.windows.append(self)
    }

    override func baseTraitCollection() -> TraitCollection { windowScene?.traitCollection ?? TraitCollection() }

    override public var safeAreaInsets: EdgeInsets { windowScene?.environment.safeAreaInsets ?? .zero }

    /// Shows the window and makes it key. The root controller's view loads now; it appears when the
    /// scene is in the foreground (at once if it already is, else when the scene enters it).
    public func makeKeyAndVisible() {
        for window in windowScene?.windows ?? [] where window !== self { window.isKeyWindow = false }
        isKeyWindow = true
        guard isHidden else { return }
        isHidden = false
        lastDeliveredTraits = traitCollection
        rootViewController?.loadViewIfNeeded()
        rootAwaitsForeground = rootViewController != nil
        if let scene = windowScene, scene.activationState != .unattached, scene.activationState != .background {
            beginShowingRoot()
            endRunLoopTurn()
            finishShowingRoot()
        }
    }

    // MARK: Root appearance

    /// `viewWillAppear` on the root (its view is not in the window yet), then the view enters the window —
    /// when the root awaits its first appearance in this window (see `rootAwaitsForeground`).
    func beginShowingRoot() {
        guard rootAwaitsForeground, !isHidden, let root = rootViewController else { return }
        rootAwaitsForeground = false
        guard !root.isAppearingOrAppeared else { return }
        root.beginAppearanceTransition(true, animated: false)
        if root.view.superview !== self { insertSubview(root.view, at: 0) }
        root.view.frame = bounds
    }

    /// `viewDidAppear` on the root.
    func finishShowingRoot() {
        guard let root = rootViewController, root.appearState == .appearing else { return }
        root.endAppearanceTransition()
        flushAppearanceEnds()
    }

    private func rootViewControllerDidChange(from old: ViewController?) {
        guard old !== rootViewController else { return }
        let visible = !isHidden && (windowScene?.activationState == .foregroundActive || windowScene?.activationState == .foregroundInactive)
        if let old {
            // The old root's view leaves the window: it disappears whatever the scene's state (a root replaced
            // while the scene is in the background is told so then, not left "appeared" out of the window).
            if old.isAppearingOrAppeared { old.beginAppearanceTransition(false, animated: false) }
            if old.viewIfLoaded?.superview === self { old.viewIfLoaded?.removeFromSuperview() }
            old.rootOfWindow = nil
            if old.appearState == .disappearing { old.endAppearanceTransition() }
        }
        guard let root = rootViewController else { rootAwaitsForeground = false; return }
        root.rootOfWindow = self
        if let log = windowScene?.eventLog { root.attach(to: log) }
        rootAwaitsForeground = !isHidden
        if visible {
            root.loadViewIfNeeded()
            beginShowingRoot()
            endRunLoopTurn()
            finishShowingRoot()
        }
    }

    // MARK: Layout

    /// The root view fills the window; each presented view gets its presentation frame.
    override func layoutManagedSubviews() {
        if let rootView = rootViewController?.viewIfLoaded, rootView.superview === self { rootView.frame = bounds }
        guard let environment = windowScene?.environment else { return }
        for presented in presentedChain() {
            if let view = presented.viewIfLoaded, view.superview === self {
                view.frame = Window.presentationFrame(for: presented.modalPresentationStyle, in: environment)
            }
        }
    }

    /// The root's presented controllers, bottom to top.
    func presentedChain() -> [ViewController] {
        var chain: [ViewController] = []
        var current = rootViewController?.presentedStorage
        while let controller = current {
            chain.append(controller)
            current = controller.presentedStorage
        }
        return chain
    }

    /// Schedules `endAppearanceTransition()` for a child whose view entered an appeared parent.
    func scheduleAppearanceEnd(_ controller: ViewController) { pendingAppearanceEnds.append(controller) }

    /// Ends the current run-loop turn: lays out what needs layout (delivering `viewIsAppearing`), then
    /// finishes the appearances scheduled during the turn (`viewDidAppear`).
    func endRunLoopTurn() {
        layoutIfNeeded()
        flushAppearanceEnds()
    }

    func flushAppearanceEnds() {
        while !pendingAppearanceEnds.isEmpty {
            let controller = pendingAppearanceEnds.removeFirst()
            if controller.appearState == .appearing || controller.appearState == .disappearing {
                layoutIfNeeded()
                controller.endAppearanceTransition()
            }
        }
    }

    // MARK: Transitions and traits

    func dispatchViewWillTransition(to environment: WindowEnvironment, coordinator: ViewControllerTransitionCoordinator) {
        if let root = rootViewController, root.isViewInWindow {
            root.dispatchViewWillTransition(to: environment.size, with: coordinator)
        }
        for presented in presentedChain() where presented.isViewInWindow {
            presented.dispatchViewWillTransition(
                to: Window.presentationFrame(for: presented.modalPresentationStyle, in: environment).size, with: coordinator)
        }
    }

    /// Delivers trait changes: the window first, then the root's containment hierarchy, then each
    /// presented controller (which inherits the window's traits through its superview chain, iOS 27).
    func propagateTraitChanges() {
        let now = traitCollection
        if let previous = lastDeliveredTraits, previous != now {
            windowScene?.eventLog.record(Event(
                object: name, kind: .traitsDidChange, size: bounds.size,
                horizontalSizeClass: now.horizontalSizeClass, verticalSizeClass: now.verticalSizeClass,
                changedTraits: now.changedTraits(from: previous)))
        }
        if !isHidden { lastDeliveredTraits = now }
        rootViewController?.propagateTraitChanges()
        for presented in presentedChain() { presented.propagateTraitChanges() }
    }
}
