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
@MainActor
open class SDUIScreenViewController: UIViewController {
    /// The screen shown (set a new one to show a server update: the reconciler applies the difference).
    public var screen: Screen { didSet { lastLayoutKey = nil; layoutScreenIfNeeded(force: true) } }
    /// Makes the views of custom component types.
    public let registry: SDUIComponentRegistry
    /// Carries out taps on nodes with an action.
    public weak var router: (any ActionRouting)?
    /// Loads and caches pictures.
    public let images: ImagePipeline<UIImage>
    /// The display list of the latest layout.
    public var displayItems: [DisplayItem] { driver.items }

    private let engine = LayoutEngine()
    private lazy var driver = ViewTreeDriver(host: UIKitViewHost(controller: self))
    private var lastLayoutKey: LayoutKey?

    private struct LayoutKey: Equatable {
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
        self.screen = screen
        self.registry = registry
        self.router = router
        self.images = images ?? ImagePipeline(fetcher: URLSessionImageFetcher()) { UIImage(data: $0) }
        super.init(nibName: nil, bundle: nil)
        title = screen.title
    }

    @available(*, unavailable)
    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    open override func viewDidLoad() {
        super.viewDidLoad()
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
        let list = DisplayList(result, screen: screen)
        let items = list.items
        driver.apply(items)
        // VoiceOver's reading order (`sdui accessibility`'s), not the subviews' order.
        view.accessibilityElements = list.accessibilityOrder.compactMap { index in
            index.int < items.count ? driver.view(for: ViewKey(items[index.int])) : nil
        }
    }

    /// Hands the action of the node with `index` to the router.
    func performAction(ofItemAt index: NodeIndex) {
        let items = driver.items
        guard index.int >= 0, index.int < items.count, let action = items[index.int].action else { return }
        router?.perform(action, from: items[index.int])
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
