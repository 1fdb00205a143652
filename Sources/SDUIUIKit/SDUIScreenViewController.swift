#if canImport(UIKit)
// Apple platforms only; compiled against Apple's SDK by Scripts/ios-build (see SDUIView.swift).
import UIKit
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIDisplay

/// Hosts one SDUI screen in UIKit with the view controller life cycle: its view is an `SDUIView` that fills its
/// bounds (the safe area applies, the root is centred in it), laid out in `viewIsAppearing(_:)` — final bounds and
/// traits — again alongside a size transition (`viewWillTransition(to:with:)`), when a trait the layout depends on
/// changes and when the bounds or safe area change unannounced. The payload's `onAppear` / `onDisappear` run at
/// `viewDidAppear(_:)` / `viewDidDisappear(_:)`.
///
/// Everything about the payload — its state, actions, inputs, requests, the reconciler — is the view's
/// (`SDUIView`, `SDUIView+State.swift`); the controller adds the life cycle and forwards the rest.
@MainActor
open class SDUIScreenViewController: UIViewController {
    /// The view showing the screen (the controller's `view`).
    public let sduiView: SDUIView

    /// The screen shown, in its current state. Set a new one to show a server update: it starts in its own state, and
    /// the reconciler applies the difference to the views.
    public var screen: Screen {
        get { sduiView.screen }
        set { sduiView.screen = newValue; title = newValue.title }
    }
    /// The screen's state and what changes it (shared with the headless runtime and the SwiftUI host).
    public var session: ScreenSession { sduiView.session }
    /// Performs the screen's `request` actions (nil: they wait in `session.pendingRequests` for `respond(to:with:)`).
    public var requestHandler: (any SDUIRequestHandling)? {
        get { sduiView.requestHandler }
        set { sduiView.requestHandler = newValue }
    }
    /// Hears the problems the screen's actions and bindings report.
    public var diagnosticHandler: (@MainActor (String) -> Void)? {
        get { sduiView.diagnosticHandler }
        set { sduiView.diagnosticHandler = newValue }
    }
    /// Makes the views of custom component types.
    public var registry: SDUIComponentRegistry { sduiView.registry }
    /// Carries out taps on nodes with an action.
    public var router: (any ActionRouting)? {
        get { sduiView.router }
        set { sduiView.router = newValue }
    }
    /// Loads and caches pictures.
    public var images: ImagePipeline<UIImage> { sduiView.images }
    /// The display list of the latest layout.
    public var displayItems: [DisplayItem] { sduiView.displayItems }
    /// The bundled faces that could not be registered with CoreText (empty when the text draws in the faces the engine
    /// measured); each is also reported to `diagnosticHandler` when the screen first appears.
    public var fontProblems: [FontRegistration.Problem] { sduiView.fontProblems }

    /// A controller showing `screen`.
    public init(screen: Screen, router: (any ActionRouting)? = nil, registry: SDUIComponentRegistry = .shared,
                images: ImagePipeline<UIImage>? = nil) {
        sduiView = SDUIView(screen: screen, router: router, sizing: .fillsBounds, registry: registry, images: images)
        sduiView.appearanceIsManaged = true
        super.init(nibName: nil, bundle: nil)
        title = screen.title
    }

    @available(*, unavailable)
    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// The root view is the `SDUIView` (no call to super: `loadView` only assigns the view).
    open override func loadView() {
        sduiView.backgroundColor = .systemBackground
        view = sduiView
    }

    open override func viewIsAppearing(_ animated: Bool) {
        super.viewIsAppearing(animated)
        sduiView.layoutScreenIfNeeded(force: false)
    }

    /// Runs the screen's `onAppear` actions.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        sduiView.viewDidAppear()
    }

    /// Runs the screen's `onDisappear` actions.
    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        sduiView.viewDidDisappear()
    }

    open override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        coordinator.animate(alongsideTransition: { _ in self.sduiView.layoutScreenIfNeeded(force: false) }, completion: nil)
    }

    /// Lays the screen out when the view's size, safe area or traits differ from the last layout's (or `force`).
    public func layoutScreenIfNeeded(force: Bool) {
        sduiView.layoutScreenIfNeeded(force: force)
    }

    /// Answers `request` (one of `session.pendingRequests`): runs its `onSuccess` (2xx) or `onFailure` with `response`.
    /// - Throws: `ScreenSessionError.nodeNotFound` when the request is not pending.
    public func respond(to request: PendingRequest, with response: RequestResponse) throws(ScreenSessionError) {
        try sduiView.respond(to: request, with: response)
    }

    /// Sets state variable `name` to `value` (the app's change, as a `set` action would make it).
    /// - Throws: `ScreenSessionError.invalidValue` for an unknown name or a value of another type (nothing changes).
    public func setState(_ name: String, to value: StateValue) throws(ScreenSessionError) {
        try sduiView.setState(name, to: value)
    }
}
#endif
