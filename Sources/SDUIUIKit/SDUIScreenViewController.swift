#if canImport(UIKit)
// Apple platforms only. Not compiled against Apple's SDK on the machine this was written on: CI parses this file and
// type-checks it against a stub of the UIKit declarations it uses (Hosts/check, docs/hosts.md).
import UIKit
#if canImport(FoundationNetworking)
import FoundationNetworking  // URLSession off Apple platforms (the stub type-check)
#endif
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIDisplay

/// Hosts one SDUI screen in UIKit: lays it out with the engine in `viewIsAppearing(_:)` (final bounds and traits),
/// again in `viewWillTransition(to:with:)` and when a trait the layout depends on changes, and drives one `UIView`
/// per node through the reconciler (views that keep their identity are moved and updated, never recreated).
///
/// Interactive screens run here as in the headless runtime, through the same `ScreenSession`: taps run state actions,
/// inputs are UIKit controls bound two-way to their state variable, `onAppear` / `onDisappear` run at `viewDidAppear` /
/// `viewDidDisappear`, requests go to `requestHandler`; each change lays the screen out again incrementally and updates
/// the views in place (`SDUIScreenViewController+State.swift`).
@MainActor
open class SDUIScreenViewController: UIViewController, UIScrollViewDelegate {
    /// The screen shown, in its current state. Set a new one to show a server update: it starts in its own state, and
    /// the reconciler applies the difference to the views.
    public var screen: Screen {
        get { session.screen }
        set { session = ScreenSession(screen: newValue); lastLayoutKey = nil; layoutScreenIfNeeded(force: true) }
    }
    /// The screen's state and what changes it (shared with the headless runtime and the SwiftUI host).
    public internal(set) var session: ScreenSession
    /// Performs the screen's `request` actions (nil: they wait in `session.pendingRequests` for `respond(to:with:)`).
    public weak var requestHandler: (any SDUIRequestHandling)?
    /// Hears the problems the screen's actions and bindings report (a failing expression, a refused input value);
    /// nothing else changes when one is reported.
    public var diagnosticHandler: (@MainActor (String) -> Void)?
    /// Makes the views of custom component types.
    public let registry: SDUIComponentRegistry
    /// Carries out taps on nodes with an action.
    public weak var router: (any ActionRouting)?
    /// Loads and caches pictures.
    public let images: ImagePipeline<UIImage>
    /// The display list of the latest layout.
    public var displayItems: [DisplayItem] { driver.items }

    let engine = LayoutEngine()
    lazy var driver = ViewTreeDriver(host: UIKitViewHost(controller: self))
    var lastLayoutKey: LayoutKey?
    /// The root scroll's lazy items as it scrolls (their `onAppear` / `onDisappear`: `SDUIScreenViewController+State.swift`).
    let lazyItems = LazyItemTracker()
    /// The latest layout and what it was laid out in (a state change is laid out again in the same).
    var lastLayout: (result: LayoutResult, environment: WindowEnvironment, traits: TraitCollection)?

    struct LayoutKey: Equatable {
        var size: CGSize
        var safeArea: UIEdgeInsets
        var contentSize: String
        var dark: Bool
        var rightToLeft: Bool
        var horizontal: Int
        var vertical: Int
    }

    /// A controller showing `screen`.
    public init(screen: Screen, registry: SDUIComponentRegistry = .shared, router: (any ActionRouting)? = nil,
                images: ImagePipeline<UIImage>? = nil) {
        self.session = ScreenSession(screen: screen)
        self.registry = registry
        self.router = router
        self.images = images ?? ImagePipeline(fetcher: URLSessionImageFetcher()) { UIImage(data: $0) }
        super.init(nibName: nil, bundle: nil)
        title = screen.title
    }

    @available(*, unavailable)
    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// The bundled faces that could not be registered with CoreText (empty when the text draws in the faces the engine
    /// measured); each is also reported to `diagnosticHandler` when the view loads.
    public var fontProblems: [FontRegistration.Problem] { FontRegistration.registerBundledFonts() }

    open override func viewDidLoad() {
        super.viewDidLoad()
        for problem in fontProblems { diagnosticHandler?("font: \(problem)") }
        view.backgroundColor = .systemBackground
        registerForTraitChanges([UITraitPreferredContentSizeCategory.self, UITraitUserInterfaceStyle.self,
                                 UITraitHorizontalSizeClass.self, UITraitVerticalSizeClass.self,
                                 UITraitLayoutDirection.self]) { (controller: SDUIScreenViewController, _: UITraitCollection) in
            controller.layoutScreenIfNeeded(force: false)
        }
    }

    open override func viewIsAppearing(_ animated: Bool) {
        super.viewIsAppearing(animated)
        layoutScreenIfNeeded(force: false)
    }

    /// Runs the screen's `onAppear` actions (`SDUIScreenViewController+State.swift`).
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        lazyItems.hasAppeared = true
        runLifecycleActions(appearing: true)
        updateLazyItemVisibility()
    }

    /// Runs the screen's `onDisappear` actions.
    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        lazyItems.hasAppeared = false
        runLifecycleActions(appearing: false)
        updateLazyItemVisibility()
    }

    /// The root scroll scrolled: the lazy items that entered or left its visible area run their actions.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard let root = driver.items.first, (driver.view(for: ViewKey(root)) as? SDUINodeView)?.scrollView === scrollView else { return }
        lazyItems.scroll(to: Double(scrollView.contentOffset.y))
        updateLazyItemVisibility()
    }

    open override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        coordinator.animate(alongsideTransition: { _ in self.layoutScreenIfNeeded(force: false) }, completion: nil)
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // Only after the first layout in viewIsAppearing; a size or safe-area change UIKit did not announce.
        if lastLayoutKey != nil { layoutScreenIfNeeded(force: false) }
    }

    /// Lays the screen out when the view's size, safe area or traits differ from the last layout's.
    public func layoutScreenIfNeeded(force: Bool) {
        guard isViewLoaded, view.window != nil else { return }
        let traits = traitCollection
        let key = LayoutKey(size: view.bounds.size, safeArea: view.safeAreaInsets,
                            contentSize: traits.preferredContentSizeCategory.rawValue,
                            dark: traits.userInterfaceStyle == .dark, rightToLeft: traits.layoutDirection == .rightToLeft,
                            horizontal: traits.horizontalSizeClass.rawValue, vertical: traits.verticalSizeClass.rawValue)
        guard force || key != lastLayoutKey else { return }
        let screenBounds = view.window?.windowScene?.screen.bounds.size ?? view.bounds.size
        let inset = view.safeAreaInsets
        guard let environment = HostEnvironment.window(
            size: Size(width: Double(view.bounds.width), height: Double(view.bounds.height)),
            safeArea: EdgeInsets(top: Double(inset.top), leading: Double(inset.left), bottom: Double(inset.bottom),
                                 trailing: Double(inset.right)),
            screenSize: Size(width: Double(screenBounds.width), height: Double(screenBounds.height)),
            idiom: traits.userInterfaceIdiom == .pad ? .pad : .phone,
            horizontalSizeClass: traits.horizontalSizeClass == .regular ? .regular : .compact,
            verticalSizeClass: traits.verticalSizeClass == .compact ? .compact : .regular)
        else { return }
        lastLayoutKey = key
        var engineTraits = environment.traitCollection(
            contentSize: HostEnvironment.contentSize(uikitRawValue: traits.preferredContentSizeCategory.rawValue),
            style: traits.userInterfaceStyle == .dark ? .dark : .light,
            layoutDirection: traits.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight)
        engineTraits.displayScale = Double(traits.displayScale)
        let result = engine.layout(screen, in: environment, traits: engineTraits)
        lastLayout = (result, environment, engineTraits)
        show(result, after: nil)
    }

    /// Brings the views to `result` through the reconciler (`update`: the state change it was laid out after, so only
    /// the items it can alter are made again), then VoiceOver's order and the controls' values.
    func show(_ result: LayoutResult, after update: StateUpdate?) {
        let change = session.displayChange(driver.items, to: result, after: update)
        driver.apply(change)
        let items = driver.items
        lazyItems.layoutApplied(change, changedComponents: update?.changedNodes, items: items)
        // The root scroll reports its offset (its lazy items appear as they are scrolled to).
        if let root = items.first, root.type == .scroll, let rootView = driver.view(for: ViewKey(root)) as? SDUINodeView {
            rootView.scrollView?.delegate = self
        }
        // VoiceOver's reading order (`sdui accessibility`'s), not the subviews' order.
        view.accessibilityElements = session.displayList.accessibilityOrder.compactMap { index in
            index.int < items.count ? driver.view(for: ViewKey(items[index.int])) : nil
        }
        // Scroll views take their content's size (frames at offset 0, as the engine laid them out).
        for (index, extent) in ScrollContent.extents(of: items) {
            (driver.view(for: ViewKey(items[index])) as? SDUINodeView)?.setScrollContent(extent)
        }
        // A control shows its variable's value, which a change elsewhere may have set.
        for item in items where item.control != nil {
            (driver.view(for: ViewKey(item)) as? SDUINodeView)?.applyInput(session.input(ofNodeAt: item.index.int, in: result))
        }
        // What is visible may have changed with the layout.
        if lazyItems.hasAppeared { updateLazyItemVisibility() }
    }
}

/// Registered views for custom component types (and replacements for built-in ones), for every
/// `SDUIScreenViewController`.
@MainActor
public final class SDUIComponentRegistry {
    /// The registry controllers use unless given another.
    public static let shared = SDUIComponentRegistry()
    /// The factories.
    public var factories = ComponentFactories<UIView>()
    public init() {}
    /// Registers `factory` for nodes of `type`.
    public func register(type: String, factory: @escaping @MainActor (DisplayItem) -> UIView) {
        factories.register(type: type, factory: factory)
    }
}

/// Fetches image bytes with `URLSession` (its shared URL cache, then the network).
public struct URLSessionImageFetcher: ImageFetching {
    public init() {}
    public func data(for url: String) async throws -> Data {
        guard let address = URL(string: url) else { throw URLError(.badURL) }
        let (data, response) = try await URLSession.shared.data(from: address)
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) { throw URLError(.badServerResponse) }
        return data
    }
}
#endif
