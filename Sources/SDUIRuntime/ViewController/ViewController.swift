public import SDUIEnvironment

/// Manages a view hierarchy (UIKit's `UIViewController`): lazy view loading, appearance callbacks,
/// containment, presentation, size transitions and trait changes — delivered in UIKit's order and
/// recorded in the application's `EventLog`.
///
/// Subclass it as you would `UIViewController` and override the callbacks; call `super` in
/// `viewWillTransition(to:with:)` (it forwards the transition to children), `willMove(toParent:)` and
/// `didMove(toParent:)` (they record the event).
/// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor
open class ViewController {
    /// The controller's name in the event log (an SDUI screen's id; the type name by default).
    public var name: String
    /// The title a navigation bar would show.
    public var title: String?

    // Storage for the lazily loaded view.
    private var viewStorage: View?
    private var isLoadingView = false

    /// Appearance state (UIKit's private `_appearState`).
    enum AppearState { case disappeared, appearing, appeared, disappearing }
    var appearState = AppearState.disappeared
    /// Whether `viewIsAppearing` has been delivered in the current appearance.
    var hasDeliveredIsAppearing = false
    /// The `animated` flag of the current appearance transition.
    var transitionAnimated = false
    /// Set while the view leaves its superview outside a container-driven transition.
    var isLeavingAutomatically = false
    /// Traits last delivered to this controller (nil before it first appears).
    var lastDeliveredTraits: TraitCollection?
    var traitRegistrations: [TraitChangeRegistration] = []

    /// The parent in the containment hierarchy.
    public internal(set) weak var parent: ViewController?
    /// Child controllers, in the order they were added.
    public internal(set) var children: [ViewController] = []

    /// The controller this one presented (strong, as in UIKit), stored on the presentation context.
    var presentedStorage: ViewController?
    /// The controller that presented this one.
    weak var presentingStorage: ViewController?
    /// Where this controller's view was before a full-screen presentation took it out of the window.
    weak var coveredSuperview: View?
    var coveredIndex = 0
    /// The window this controller is the root of.
    weak var rootOfWindow: Window?

    /// How this controller is presented when passed to `present(_:animated:completion:)`.
    public var modalPresentationStyle: ModalPresentationStyle = .automatic
    /// Trait values this controller imposes on itself, its view and its descendants.
    public var traitOverrides = TraitOverrides() {
        didSet {
            guard traitOverrides != oldValue else { return }
            viewIfLoaded?.window?.propagateTraitChanges()
            viewIfLoaded?.setNeedsLayout()
        }
    }
    /// Insets added to the view's safe area (UIKit's `additionalSafeAreaInsets`).
    public var additionalSafeAreaInsets = EdgeInsets.zero {
        didSet { viewIfLoaded?.setNeedsLayoutRecursively() }
    }
    /// Traits a container imposes on this child (a split's primary column is horizontally compact).
    var containerTraitOverrides = TraitOverrides()
    /// Insets a container adds for its bars (a navigation bar, a tab bar).
    var containerSafeAreaInsets = EdgeInsets.zero
    var effectiveAdditionalSafeAreaInsets: EdgeInsets {
        EdgeInsets(top: additionalSafeAreaInsets.top + containerSafeAreaInsets.top,
                   leading: additionalSafeAreaInsets.leading + containerSafeAreaInsets.leading,
                   bottom: additionalSafeAreaInsets.bottom + containerSafeAreaInsets.bottom,
                   trailing: additionalSafeAreaInsets.trailing + containerSafeAreaInsets.trailing)
    }

    // The log this controller writes to, once known, and the events recorded before that (the most recent
    // `EventLog.defaultCapacity` of them: a controller that never reaches a scene keeps no more).
    private var eventLog: EventLog?
    private var pendingEvents: EventLog?

    /// Creates a controller named `name` (its type name by default).
    public init(name: String? = nil) {
        self.name = name ?? String(describing: type(of: self))
    }

    isolated deinit {
        record(Event(object: name, kind: .deinit))
    }

    // MARK: The view

    /// The root view, loaded on first access by `loadView()` and then `viewDidLoad()`.
    public var view: View {
        get {
            loadViewIfNeeded()
            // loadViewIfNeeded always leaves a view in place.
            return viewStorage ?? View()
        }
        set {
            viewStorage?.owningController = nil
            viewStorage = newValue
            newValue.owningController = self
        }
    }

    /// The view if it has been loaded, without loading it.
    public var viewIfLoaded: View? { viewStorage }
    /// Whether the view has been loaded.
    public var isViewLoaded: Bool { viewStorage != nil }

    /// Loads the view now if it is not loaded: `loadView()` then `viewDidLoad()`.
    public func loadViewIfNeeded() {
        guard viewStorage == nil else { return }
        if isLoadingView {
            // `view` read inside loadView() before it was assigned: UIKit recurses until it crashes.
            report(.viewAccessedDuringLoadView, "'\(name)' read its view inside loadView() before assigning one; an empty view was assigned")
            view = View()
            return
        }
        isLoadingView = true
        deliver(.loadView) { $0.loadView() }
        isLoadingView = false
        if viewStorage == nil { view = View() }
        deliver(.viewDidLoad) { $0.viewDidLoad() }
    }

    /// Creates the root view. Override to assign `view` yourself; do not call `super`.
    open func loadView() { view = View() }
    /// Called once after the view is loaded.
    open func viewDidLoad() {}

    // MARK: Callbacks to override

    /// The view is about to be added to a window; its geometry and traits may not be final yet.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view is in the window, laid out by its superview, with final bounds and traits — the place
    /// for geometry- and trait-dependent setup (iOS 17, back-deployed to iOS 13).
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewisappearing(_:)
    open func viewIsAppearing(_ animated: Bool) {}
    /// The view has appeared.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to leave the window.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view has left the window.
    open func viewDidDisappear(_ animated: Bool) {}
    /// The view is about to lay out its subviews.
    open func viewWillLayoutSubviews() {}
    /// The view has laid out its subviews.
    open func viewDidLayoutSubviews() {}

    /// Whether this controller forwards appearance callbacks to its children automatically (true).
    /// Override to return false and call `beginAppearanceTransition(_:animated:)` /
    /// `endAppearanceTransition()` on the children yourself.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/shouldautomaticallyforwardappearancemethods
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    // MARK: Containment callbacks

    /// Called before the controller is added to or removed from a parent (`nil`). Overrides must call
    /// `super`, which records the event.
    open func willMove(toParent parent: ViewController?) {
        var event = makeEvent(.willMoveToParent)
        event.parent = parent?.name
        record(event)
    }

    /// Called after the controller was added to (`didMove(toParent: parent)`, by the container) or
    /// removed from (`nil`, by `removeFromParent()`) a parent. Overrides must call `super`.
    open func didMove(toParent parent: ViewController?) {
        var event = makeEvent(.didMoveToParent)
        event.parent = parent?.name
        record(event)
    }

    // MARK: Size transitions

    /// The view is about to change to `size` (rotation, Split View, a window resize). The default
    /// implementation forwards the transition to contained children, with the size
    /// `size(forChildContentContainer:withParentContainerSize:)` gives each: overrides must call `super`.
    /// https://developer.apple.com/documentation/uikit/uicontentcontainer/viewwilltransition(to:with:)
    open func viewWillTransition(to size: Size, with coordinator: ViewControllerTransitionCoordinator) {
        for child in containedVisibleChildren where child.receivesCallbacks {
            child.dispatchViewWillTransition(
                to: self.size(forChildContentContainer: child, withParentContainerSize: size), with: coordinator)
        }
    }

    /// The size a child gets when this controller's view becomes `parentSize` (UIKit's default: the
    /// parent's size). Containers that divide their view override it.
    /// https://developer.apple.com/documentation/uikit/uicontentcontainer/size(forchildcontentcontainer:withparentcontainersize:)
    open func size(forChildContentContainer container: ViewController, withParentContainerSize parentSize: Size) -> Size {
        parentSize
    }

    /// Records `viewWillTransition` and calls the override.
    func dispatchViewWillTransition(to size: Size, with coordinator: ViewControllerTransitionCoordinator) {
        var event = makeEvent(.viewWillTransition)
        event.targetSize = size
        record(event)
        viewWillTransition(to: size, with: coordinator)
    }

    // MARK: State

    /// Whether the view is in a window.
    public var isViewInWindow: Bool { viewIfLoaded?.window != nil }

    /// The traits this controller sees: its view's (a controller's traits are its view's), or its
    /// parent's with its own overrides while its view is not loaded.
    public var traitCollection: TraitCollection {
        if let view = viewIfLoaded { return view.traitCollection }
        let base = parent?.traitCollection ?? presentingStorage?.traitCollection ?? TraitCollection()
        return traitOverrides.applied(to: containerTraitOverrides.applied(to: base))
    }

    /// Whether the runtime delivers callbacks to this controller: it is a window's root, a presented
    /// controller, or a child whose view is inside its parent's view. Orphans get nothing.
    var receivesCallbacks: Bool {
        if rootOfWindow != nil || presentingStorage != nil { return true }
        guard let parent, let view = viewIfLoaded, let parentView = parent.viewIfLoaded else { return false }
        return view !== parentView && view.isDescendant(of: parentView)
    }

    /// Children whose views are inside this controller's view (the ones callbacks are forwarded to).
    var containedVisibleChildren: [ViewController] {
        guard let myView = viewIfLoaded else { return [] }
        return children.filter { child in
            guard let childView = child.viewIfLoaded else { return false }
            return childView.isDescendant(of: myView)
        }
    }

    /// The nearest ancestor that is a navigation controller.
    public var navigationController: NavigationController? {
        var current = parent
        while let controller = current {
            if let navigation = controller as? NavigationController { return navigation }
            current = controller.parent
        }
        return nil
    }

    /// The nearest ancestor that is a split view controller.
    public var splitViewController: SplitViewController? {
        var current = parent
        while let controller = current {
            if let split = controller as? SplitViewController { return split }
            current = controller.parent
        }
        return nil
    }

    /// The nearest ancestor that is a tab bar controller.
    public var tabBarController: TabBarController? {
        var current = parent
        while let controller = current {
            if let tabs = controller as? TabBarController { return tabs }
            current = controller.parent
        }
        return nil
    }

    /// The window scene this controller's view is in.
    var windowScene: WindowScene? { viewIfLoaded?.window?.windowScene ?? rootOfWindow?.windowScene }

    // MARK: Log

    /// The log this controller writes to: its own once attached, else its parent's, presenter's or window's.
    func resolvedLog() -> EventLog? {
        if let eventLog { return eventLog }
        let found = rootOfWindow?.windowScene?.eventLog
            ?? viewStorage?.window?.windowScene?.eventLog
            ?? parent?.resolvedLog()
            ?? presentingStorage?.resolvedLog()
        if let found { attach(to: found) }
        return found
    }

    /// Hands the events recorded before a log was known to `log`, then writes there.
    func attach(to log: EventLog) {
        guard eventLog == nil else { return }
        eventLog = log
        if let pending = pendingEvents {
            if pending.droppedCount > 0 {
                log.report(.eventsDropped, "'\(name)' recorded \(pending.recordedCount) events before it reached a log and kept the last \(pending.capacity)",
                           object: name)
            }
            for event in pending.events { log.record(event) }
            pendingEvents = nil
        }
        for child in children { child.attach(to: log) }
    }

    func record(_ event: Event) {
        if let log = resolvedLog() {
            log.record(event)
        } else {
            if pendingEvents == nil { pendingEvents = EventLog() }
            pendingEvents!.record(event)
        }
    }

    /// An event for this controller carrying its size and size classes as it sees them now.
    func makeEvent(_ kind: Event.Kind) -> Event {
        var event = Event(object: name, kind: kind, size: viewIfLoaded?.bounds.size)
        if isViewInWindow {
            let traits = traitCollection
            event.horizontalSizeClass = traits.horizontalSizeClass
            event.verticalSizeClass = traits.verticalSizeClass
        }
        return event
    }

    /// Records `kind`, then runs the callback.
    func deliver(_ kind: Event.Kind, animated: Bool? = nil, _ callback: (ViewController) -> Void) {
        var event = makeEvent(kind)
        event.animated = animated
        record(event)
        callback(self)
    }

    /// Records a diagnostic about this controller.
    func report(_ code: RuntimeDiagnostic.Code, _ message: String) {
        record(Event(object: name, kind: .diagnostic, diagnostic: RuntimeDiagnostic(code: code, message: message)))
    }

    // MARK: Hooks for containers (internal)

    /// Called when an appearance begins, after `viewWillAppear` and before forwarding to children:
    /// containers put the views of the children they show in place here.
    func prepareForAppearance() {}
    /// The traits this controller will have once its view is in the window (its own while it is).
    var expectedTraitCollection: TraitCollection {
        if isViewInWindow { return traitCollection }
        let base = rootOfWindow?.traitCollection ?? parent?.expectedTraitCollection
            ?? presentingStorage?.viewIfLoaded?.window?.traitCollection ?? traitCollection
        return traitOverrides.applied(to: containerTraitOverrides.applied(to: base))
    }
    /// Called just before `viewIsAppearing` is delivered (the screen controller lays out here).
    func willDeliverViewIsAppearing() {}
    /// Positions child views; containers override.
    func layoutContainedViews() {}
    /// Called after this controller's traits changed (after its handlers); containers override.
    func traitsDidChangeInternally(from previous: TraitCollection) {}
    /// Called when this controller's view has entered a window.
    func viewDidEnterWindow() {}
}

/// How a controller is presented (UIKit's `UIModalPresentationStyle`).
public enum ModalPresentationStyle: String, Hashable, Sendable, CaseIterable {
    /// Resolves to `.formSheet` (the rule this runtime follows; see docs/runtime.md).
    case automatic
    /// A card; the presenter stays in the window and gets no appearance callbacks.
    case pageSheet
    /// A smaller card; the presenter stays.
    case formSheet
    /// Covers the window; the presenter's view leaves the window (it gets disappear callbacks).
    case fullScreen
    /// Covers the window; the presenter's view stays underneath (no callbacks).
    case overFullScreen

    /// The style actually used.
    public var resolved: ModalPresentationStyle { self == .automatic ? .formSheet : self }
    /// Whether the presenter's view leaves the window while this is presented.
    public var removesPresenterView: Bool { resolved == .fullScreen }
}
