import SDUIEnvironment
public import SDUIDisplay
public import SDUILayout
public import SDUISchema

/// The controller that hosts one SDUI screen: it lays the screen out in `viewIsAppearing` — when the
/// view is in the window with its final bounds and traits — and again whenever its size, safe area or
/// traits change; it builds one view per node at the engine's frames (the view tree mirrors the node
/// tree, each frame in its superview's coordinates); and it turns actions into navigation through its
/// `Router`.
///
/// Interactive screens: the controller holds the screen's state (`state`), runs state actions with
/// `ActionInterpreter`, re-resolves the screen for the new state and lays it out again, updating its views in
/// place (`ScreenViewController+Views.swift`); `onAppear` / `onDisappear` run at `viewDidAppear` /
/// `viewDidDisappear` (a lazy grid's items as they enter and leave the visible area: `scroll(to:)`,
/// `ScreenViewController+Scrolling.swift`), requests go to the host's `requestHandler` (`ScreenViewController+State.swift`).
///
/// Inside a container (a split column, a navigation stack under its bar) the screen is laid out in
/// its own view's bounds and safe area, with the size classes its trait collection has — never the
/// whole window's.
@MainActor
open class ScreenViewController: ViewController {
    /// The screen shown, resolved in its current state (`screen.state`).
    public var screen: Screen { session.screen }
    /// Resolves node types to views.
    public let registry: ComponentRegistry
    /// Carries out actions (nil: actions throw `unsupportedAction`).
    public var router: Router?
    /// The latest layout.
    public private(set) var layoutResult: LayoutResult?
    /// How many times the screen has been laid out.
    public private(set) var layoutCount = 0
    /// The views, by node id (payload id or path id), in document order.
    public var nodeViews: [(id: String, view: View)] {
        if let madeNodeViews { return madeNodeViews }
        let made = views.items.compactMap { item in views.view(for: ViewKey(item)).map { (item.id, $0) } }
        madeNodeViews = made
        return made
    }
    /// `nodeViews` as last made (nil: views came, went or moved since; made again when next read).
    var madeNodeViews: [(id: String, view: View)]? = []
    /// Performs the screen's `request` actions (nil: requests wait in `pendingRequests` for the host to answer).
    public weak var requestHandler: (any RequestHandler)?
    /// Requests handed out and not answered yet, oldest first.
    public var pendingRequests: [PendingRequest] { session.pendingRequests }
    /// Runs the screen's actions.
    public var interpreter: ActionInterpreter {
        get { session.interpreter }
        set { session.interpreter = newValue }
    }
    /// The screen's state, the changes to it and the display list (`ScreenSession`, which the native hosts share):
    /// the session decides, the controller carries out.
    var session: ScreenSession

    /// How many layouts brought the display list along in place (only the items a state change can alter made
    /// again: `DisplayListUpdater`) rather than making it whole.
    public var displayListUpdatesInPlace: Int { session.displayList.incrementalUpdateCount }
    /// How many display list updates renumbered the kept items of a spliced tree (a template's items inserted,
    /// removed or moved) instead of making the whole list.
    public var displayListSplices: Int { session.displayList.splicedUpdateCount }
    /// How many node views the controller has made (a state change that keeps a node's identity makes none).
    public internal(set) var viewsMade = 0
    /// The view operations the latest layout applied (the reconciler's, from the previous layout's display list).
    public internal(set) var lastViewOperations: [ViewOperation] = []
    /// The views, driven by the reconciler (`ScreenViewController+Views.swift`).
    /// A stored property, not a lazy one: a lazy property is read and written back whole, so every change of the
    /// driver copied its items (copy-on-write of the whole list for one replaced item).
    var views = ViewTreeDriver(host: RuntimeViewHost())
    /// Whether the views are read by index (`ViewTreeDriver.orderedViews()`): from a splice on (the driver keeps them
    /// in step), until a change makes the whole list.
    var readsViewsInOrder = false
    /// The reading order the controller's view was last given (`applyAccessibilityOrder`).
    var appliedAccessibilityOrder: [NodeIndex] = []

    /// The root scroll's offset and the lazy items visible at it (`ScreenViewController+Scrolling.swift`).
    let lazyItems = LazyItemTracker()

    let engine: LayoutEngine
    var lastLayoutKey: LayoutKey?
    var reportedUnknownTypes: Set<String> = []

    struct LayoutKey: Equatable {
        var size: Size
        var safeArea: EdgeInsets
        var traits: TraitCollection
    }

    /// Creates a controller for `screen`, named after the screen's id, measuring its text in `fonts` (the faces its
    /// `fontFamily` keys name; default: the router's, else only the built-in faces).
    public init(screen: Screen, registry: ComponentRegistry = .shared, router: Router? = nil, fonts: FontCollection? = nil) {
        self.engine = LayoutEngine(fonts: fonts ?? router?.fonts ?? FontCollection())
        self.session = ScreenSession(screen: screen)
        self.registry = registry
        self.router = router
        super.init(name: screen.id)
        views.host.owner = self
        title = screen.title
    }

    /// The view for the node with `id`, if laid out.
    public func nodeView(id: String) -> View? { nodeViews.first { $0.id == id }?.view }

    // MARK: Life cycle

    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        lazyItems.hasAppeared = true
        runLifecycleActions(appearing: true)
        updateLazyItemVisibility()
    }

    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        lazyItems.hasAppeared = false
        runLifecycleActions(appearing: false)
        updateLazyItemVisibility()
    }

    // MARK: Layout timing

    override func willDeliverViewIsAppearing() {
        layoutScreenIfNeeded()
    }

    override func layoutContainedViews() {
        // Only after the first layout in viewIsAppearing: a layout pass before the view appears has
        // no final geometry.
        guard lastLayoutKey != nil else { return }
        layoutScreenIfNeeded()
    }

    override func traitsDidChangeInternally(from previous: TraitCollection) {
        viewIfLoaded?.setNeedsLayout()
    }

    /// Lays the screen out when the view's size, safe area or traits differ from the last layout.
    func layoutScreenIfNeeded() {
        guard isViewInWindow, let environment = layoutEnvironment() else { return }
        let traits = traitCollection
        let key = LayoutKey(size: view.bounds.size, safeArea: environment.safeAreaInsets, traits: traits)
        guard key != lastLayoutKey else { return }
        lastLayoutKey = key
        let result = computeLayout(in: environment, traits: traits)
        layoutResult = result
        layoutCount += 1
        applyLayout(result)
        if lazyItems.hasAppeared { updateLazyItemVisibility() }
    }

    /// The window the engine lays out in: this view's bounds and safe area, with this controller's
    /// size classes (a split column keeps the scene's traits but not the scene's width).
    func layoutEnvironment() -> WindowEnvironment? {
        guard let sceneEnvironment = windowScene?.environment else { return nil }
        let size = view.bounds.size
        var environment: WindowEnvironment
        if size == sceneEnvironment.size {
            environment = sceneEnvironment
        } else {
            var configuration = sceneEnvironment.configuration
            configuration.mode = .window(size)
            guard let windowed = try? WindowEnvironment(configuration) else { return nil }
            environment = windowed
        }
        let traits = traitCollection
        environment.safeAreaInsets = view.safeAreaInsets
        environment.horizontalSizeClass = traits.horizontalSizeClass
        environment.verticalSizeClass = traits.verticalSizeClass
        return environment
    }

    /// The one call into the layout engine.
    func computeLayout(in environment: WindowEnvironment, traits: TraitCollection) -> LayoutResult {
        engine.layout(screen, in: environment, traits: traits)
    }

    /// Lays the screen out again after a state change, in the environment of the last layout (incrementally
    /// when the update allows it); nothing before the first layout (the screen is laid out when it appears).
    func relayoutAfterStateChange(_ update: StateUpdate) {
        guard lastLayoutKey != nil, isViewInWindow, let environment = layoutEnvironment() else { return }
        let traits = traitCollection
        lastLayoutKey = LayoutKey(size: view.bounds.size, safeArea: environment.safeAreaInsets, traits: traits)
        let result = engine.layout(applying: update, in: environment, traits: traits)
        layoutResult = result
        layoutCount += 1
        applyLayout(result, after: update)
        if lazyItems.hasAppeared { updateLazyItemVisibility() }
    }

    // MARK: Views: ScreenViewController+Views.swift (the reconciler drives them from the display list)
    // MARK: State and actions: ScreenViewController+State.swift
}
