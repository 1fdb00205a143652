#if canImport(UIKit)
// Apple platforms only. Compiled for arm64-apple-ios against Apple's SDK by Scripts/ios-build (CI, when the SDK is
// beside the clone); never linked or run here (docs/hosts.md).
import UIKit
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIDisplay

/// Shows one SDUI payload in UIKit — a whole screen (`SDUIScreenViewController`'s view) or a section embedded in a
/// native screen at its content's size: in a `UIStackView`, under Auto Layout, in a self-sizing table or collection
/// view cell (`SDUICollectionViewCell`, `SDUITableViewCell`).
///
/// Sizing (`sizing`):
/// - `.fitsContent` (the default): the view is as tall as its content at its width, as SwiftUI sizes a view proposed
///   `ProposedViewSize(width: width, height: nil)`; the root is at the view's origin, with no safe area.
///   `sizeThatFits(_:)`, `intrinsicContentSize` (for the view's current width; its ideal size before it has one) and
///   `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)` answer from the engine, and
///   the view calls `invalidateIntrinsicContentSize()` and `contentSizeDidChange` when a state, trait or content
///   change alters that size.
/// - `.fillsBounds`: the payload is laid out as a screen in the view's bounds — the safe area applies and the root is
///   centred in it.
///
/// Views follow the engine's frames through the reconciler (views that keep their identity are moved and updated,
/// never made again). Interactive payloads run through `ScreenSession`, as in the headless runtime and the SwiftUI
/// host (`SDUIView+State.swift`): taps run state actions, inputs are UIKit controls bound to their variable,
/// `onAppear` / `onDisappear` run when the view enters and leaves a window (or, in a controller, at
/// `viewDidAppear` / `viewDidDisappear`), requests go to `requestHandler`.
@MainActor
open class SDUIView: UIView, UIScrollViewDelegate {
    /// How the view is sized and where the payload's root is placed.
    public enum Sizing: Sendable, Hashable {
        /// Sized to the content at the view's width (an unspecified height); the root at the origin, no safe area.
        case fitsContent
        /// The view's bounds are the screen: the payload is proposed the safe area and its root centred in it.
        case fillsBounds
    }

    /// How the view is sized (`.fitsContent` unless set).
    public var sizing: Sizing {
        didSet { if sizing != oldValue { contentDidChange() } }
    }
    /// The payload shown, in its current state. Setting one (a server update) starts it in its own state; the
    /// reconciler applies the difference to the views.
    public var screen: Screen {
        get { storedSession.screen }
        set { session = ScreenSession(screen: newValue) }
    }
    /// The payload's state and what changes it (the headless runtime's and the SwiftUI host's too). Set one kept by
    /// your data source to show a section in the state it had (a reused cell).
    public var session: ScreenSession {
        get { storedSession }
        set {
            // On screen, the payload shown leaves and the new one appears (a reused cell given another section).
            if hasAppeared { runLifecycleActions(appearing: false) }
            storedSession = newValue
            contentDidChange()
            if hasAppeared {
                runLifecycleActions(appearing: true)
                updateLazyItemVisibility()
            }
        }
    }
    /// Performs the payload's `request` actions (nil: they wait in `session.pendingRequests` for `respond(to:with:)`).
    public weak var requestHandler: (any SDUIRequestHandling)?
    /// Hears the problems the payload's actions and bindings report (a failing expression, a refused input value);
    /// nothing else changes when one is reported.
    public var diagnosticHandler: (@MainActor (String) -> Void)?
    /// Called after the size the view fits its content in changed (a state, trait or content change): a cell tells its
    /// list (`SDUICollectionViewCell` calls its own `invalidateIntrinsicContentSize()`, which resizes a self-sizing
    /// cell on iOS 16 and later).
    public var contentSizeDidChange: (@MainActor (SDUIView) -> Void)?
    /// Makes the views of custom component types.
    public let registry: SDUIComponentRegistry
    /// Carries out navigation and custom actions.
    public weak var router: (any ActionRouting)?
    /// Loads and caches pictures.
    public let images: ImagePipeline<UIImage>
    /// The display list of the latest layout.
    public var displayItems: [DisplayItem] { driver.items }
    /// The bundled faces that could not be registered with CoreText (empty when the text draws in the faces the engine
    /// measured); each is also reported to `diagnosticHandler` when the view first appears.
    public var fontProblems: [FontRegistration.Problem] { FontRegistration.registerBundledFonts() }

    var storedSession: ScreenSession
    /// Measures the text as the device draws it; both engines lay out with it (the frames are CoreText's).
    public let textMeasuring = CoreTextMeasuring()
    /// Lays out what is drawn (and state changes, incrementally, after it).
    lazy var engine = LayoutEngine(measurer: textMeasuring)
    /// Answers size questions at other proposals, so the drawing engine's last pass stays the drawn one (an
    /// incremental state change relies on it).
    lazy var measuringEngine = LayoutEngine(measurer: textMeasuring)
    /// The font files payloads' `fontFamily` names are matched in (register the same files with CoreText, e.g. with
    /// `UIAppFonts`, so they are measured and drawn by name); setting it lays out again.
    public var fonts: FontCollection {
        get { engine.fonts }
        set {
            engine.fonts = newValue
            measuringEngine.fonts = newValue
            contentDidChange()
        }
    }
    lazy var driver = ViewTreeDriver(host: UIKitViewHost(hostView: self))
    /// The root scroll's lazy items as it scrolls (their `onAppear` / `onDisappear`).
    let lazyItems = LazyItemTracker()
    /// The latest drawn layout and what it was laid out in (a state change is laid out again in the same).
    var lastLayout: (result: LayoutResult, environment: WindowEnvironment, traits: TraitCollection, proposal: ProposedViewSize?)?
    var lastLayoutKey: LayoutKey?
    /// Sizes measured for the current content, state and traits, by proposal.
    var measured: [ProposedViewSize: CGSize] = [:]
    /// The width `intrinsicContentSize` last answered for (a new width makes Auto Layout ask again).
    var intrinsicWidth: CGFloat?
    /// A controller drives the appearance callbacks (`SDUIScreenViewController`); otherwise the window does.
    var appearanceIsManaged = false
    /// Whether the view is on screen (between `onAppear` and `onDisappear`).
    var hasAppeared = false
    /// Whether font problems were reported (once per view).
    var reportedFontProblems = false

    struct LayoutKey: Equatable {
        var sizing: Sizing
        var width: CGFloat
        var height: CGFloat
        var safeArea: UIEdgeInsets
        var traits: HostTraits
    }

    /// The traits a layout depends on.
    struct HostTraits: Hashable {
        var contentSize: String
        var dark: Bool
        var rightToLeft: Bool
        var horizontal: Int
        var vertical: Int
        var scale: CGFloat
    }

    /// A view showing `screen`, sized to its content unless `sizing` says otherwise.
    public init(screen: Screen, router: (any ActionRouting)? = nil, sizing: Sizing = .fitsContent,
                registry: SDUIComponentRegistry = .shared, images: ImagePipeline<UIImage>? = nil) {
        self.storedSession = ScreenSession(screen: screen)
        self.sizing = sizing
        self.router = router
        self.registry = registry
        self.images = images ?? ImagePipeline(fetcher: URLSessionImageFetcher()) { UIImage(data: $0) }
        super.init(frame: .zero)
        FontRegistration.registerBundledFonts()  // once per process; problems are reported when the view first appears
        if #available(iOS 17.0, tvOS 17.0, *) {
            registerForTraitChanges([UITraitPreferredContentSizeCategory.self, UITraitUserInterfaceStyle.self,
                                     UITraitHorizontalSizeClass.self, UITraitVerticalSizeClass.self,
                                     UITraitLayoutDirection.self, UITraitDisplayScale.self]) { (view: SDUIView, _: UITraitCollection) in
                view.traitsDidChange()
            }
        }
    }

    @available(*, unavailable)
    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Before iOS 17 (no trait registration), the trait change callback.
    @available(iOS, deprecated: 17.0, message: "iOS 17 and later register for trait changes in init")
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if #available(iOS 17.0, tvOS 17.0, *) { return }
        if previousTraitCollection.map(Self.hostTraits) != Self.hostTraits(traitCollection) { traitsDidChange() }
    }

    // MARK: Sizing

    /// The size the content needs at `size` read as a proposal: a side that is positive and finite (below
    /// `CGFloat.greatestFiniteMagnitude`) is proposed, any other is unspecified (the ideal size along it). A view that
    /// fills its bounds answers `size`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard sizing == .fitsContent else { return size }
        return fittingSize(ProposedViewSize(width: Self.side(size.width), height: Self.side(size.height)))
    }

    /// The content's size at the view's current width (its ideal size while it has none): what Auto Layout sizes
    /// the view to. A new width invalidates it (`layoutSubviews`).
    open override var intrinsicContentSize: CGSize {
        guard sizing == .fitsContent else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        let width = bounds.width > 0 ? bounds.width : nil
        intrinsicWidth = width ?? 0
        return fittingSize(ProposedViewSize(width: width.map(Double.init), height: nil))
    }

    /// For self-sizing cells: a `.required` side of `targetSize` is proposed, any other is unspecified (a
    /// compositional layout with an estimated height asks at the cell's width with a fitting-size priority for the
    /// height: the content's height at that width).
    open override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority,
                                               verticalFittingPriority vertical: UILayoutPriority) -> CGSize {
        guard sizing == .fitsContent else {
            return super.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontal, verticalFittingPriority: vertical)
        }
        return fittingSize(ProposedViewSize(width: horizontal == .required ? Self.side(targetSize.width) : nil,
                                            height: vertical == .required ? Self.side(targetSize.height) : nil))
    }

    /// `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)` with neither side required.
    open override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The content's size at `proposal` (measured once per content, state and traits).
    public func fittingSize(_ proposal: ProposedViewSize) -> CGSize {
        let proposal = proposal.checked
        if let size = measured[proposal] { return size }
        guard let (environment, traits) = engineInputs(size: nil) else { return .zero }
        let result = measuringEngine.layout(screen, proposal: proposal, in: environment, traits: traits)
        let size = CGSize(width: result.environment.size.width, height: result.environment.size.height)
        if measured.count > 8 { measured = [:] }
        measured[proposal] = size
        return size
    }

    /// A `CGFloat` side as a proposal's: positive and finite, else unspecified.
    static func side(_ value: CGFloat) -> Double? {
        value > 0 && value < CGFloat.greatestFiniteMagnitude / 2 ? Double(value) : nil
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        // Auto Layout asked for the height at another width: ask again at this one (a width-dependent height).
        if sizing == .fitsContent, let asked = intrinsicWidth, asked != bounds.width { invalidateIntrinsicContentSize() }
        layoutScreenIfNeeded(force: false)
    }

    /// A screen's safe area changed (a bar appeared, the device rotated): laid out again.
    open override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        if sizing == .fillsBounds { setNeedsLayout() }
    }

    /// Lays the payload out when the view's size, safe area or traits differ from the last layout's (or `force`).
    /// A view that fills its bounds waits for a window (its safe area is known there); one that fits its content, for
    /// a width.
    public func layoutScreenIfNeeded(force: Bool) {
        guard bounds.width > 0, sizing == .fitsContent || (window != nil && bounds.height > 0) else { return }
        let key = LayoutKey(sizing: sizing, width: bounds.width, height: sizing == .fillsBounds ? bounds.height : 0,
                            safeArea: sizing == .fillsBounds ? safeAreaInsets : .zero, traits: Self.hostTraits(traitCollection))
        guard force || key != lastLayoutKey else { return }
        guard let (environment, traits) = engineInputs(size: sizing == .fillsBounds ? bounds.size : nil) else { return }
        lastLayoutKey = key
        let result: LayoutResult
        let proposal: ProposedViewSize?
        switch sizing {
        case .fillsBounds:
            proposal = nil
            result = engine.layout(screen, in: environment, traits: traits)
        case .fitsContent:
            proposal = ProposedViewSize(width: Double(bounds.width), height: nil)
            result = engine.layout(screen, proposal: proposal!, in: environment, traits: traits)
        }
        lastLayout = (result, environment, traits, proposal)
        show(result, after: nil)
    }

    /// The engine's window and traits for this view: `size` (a screen's bounds) with the view's safe area, or — for a
    /// view that fits its content — the window's size with no safe area (it gives the device and size classes only).
    func engineInputs(size: CGSize?) -> (WindowEnvironment, TraitCollection)? {
        let traits = traitCollection
        let idiom: UserInterfaceIdiom = traits.userInterfaceIdiom == .pad ? .pad : .phone
        let screenSize = window?.windowScene?.screen.bounds.size ?? (idiom == .pad ? CGSize(width: 1024, height: 1366) : CGSize(width: 393, height: 852))
        let viewSize = size ?? window?.bounds.size ?? screenSize
        let inset = size == nil ? UIEdgeInsets.zero : safeAreaInsets
        guard let environment = HostEnvironment.window(
            size: Size(width: Double(viewSize.width), height: Double(viewSize.height)),
            safeArea: EdgeInsets(top: Double(inset.top), leading: Double(inset.left), bottom: Double(inset.bottom), trailing: Double(inset.right)),
            screenSize: Size(width: Double(screenSize.width), height: Double(screenSize.height)),
            idiom: idiom,
            horizontalSizeClass: traits.horizontalSizeClass == .regular ? .regular : .compact,
            verticalSizeClass: traits.verticalSizeClass == .compact ? .compact : .regular)
        else { return nil }
        var engineTraits = environment.traitCollection(
            contentSize: HostEnvironment.contentSize(uikitRawValue: traits.preferredContentSizeCategory.rawValue),
            style: traits.userInterfaceStyle == .dark ? .dark : .light,
            layoutDirection: traits.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight)
        if traits.displayScale > 0 { engineTraits.displayScale = Double(traits.displayScale) }
        return (environment, engineTraits)
    }

    static func hostTraits(_ traits: UITraitCollection) -> HostTraits {
        HostTraits(contentSize: traits.preferredContentSizeCategory.rawValue, dark: traits.userInterfaceStyle == .dark,
                   rightToLeft: traits.layoutDirection == .rightToLeft, horizontal: traits.horizontalSizeClass.rawValue,
                   vertical: traits.verticalSizeClass.rawValue, scale: traits.displayScale)
    }

    /// A trait the layout depends on changed: sizes are measured again, and the view laid out again.
    func traitsDidChange() {
        measured = [:]
        sizeMayHaveChanged()
        setNeedsLayout()
    }

    /// A new payload, session or sizing: everything is laid out again.
    func contentDidChange() {
        lastLayoutKey = nil
        lastLayout = nil
        measured = [:]
        sizeMayHaveChanged()
        setNeedsLayout()
    }

    /// Tells Auto Layout and the app that the fitting size may differ now.
    func sizeMayHaveChanged() {
        guard sizing == .fitsContent else { return }
        invalidateIntrinsicContentSize()
        contentSizeDidChange?(self)
    }

    /// Brings the views to `result` through the reconciler (`update`: the state change it was laid out after, so only
    /// the items it can alter are made again), then VoiceOver's order, scroll content and the controls' values.
    func show(_ result: LayoutResult, after update: StateUpdate?) {
        // The kept items moved into the new list (the driver holds the only list of them).
        let moved = storedSession.displayChange(driver.items, to: result, after: update, moving: true, storage: driver.itemStorage)
        let change = driver.apply(moving: moved).change
        let items = driver.items
        lazyItems.layoutApplied(change, changedComponents: update?.changedNodes, items: items)
        // The root scroll reports its offset (its lazy items appear as they are scrolled to).
        if let root = items.first, root.type == .scroll, let rootView = driver.view(for: ViewKey(root)) as? SDUINodeView {
            rootView.scrollView?.delegate = self
        }
        // VoiceOver's reading order (`sdui accessibility`'s), not the subviews' order.
        accessibilityElements = storedSession.displayList.accessibilityOrder.compactMap { index in
            index.int < items.count ? driver.view(for: ViewKey(items[index.int])) : nil
        }
        // Scroll views take their content's size (frames at offset 0, as the engine laid them out).
        for (index, extent) in ScrollContent.extents(of: items) {
            (driver.view(for: ViewKey(items[index])) as? SDUINodeView)?.setScrollContent(extent)
        }
        // A control shows its variable's value, which a change elsewhere may have set.
        for item in items where item.control != nil {
            (driver.view(for: ViewKey(item)) as? SDUINodeView)?.applyInput(storedSession.input(ofNodeAt: item.index.int, in: result))
        }
        // What is visible may have changed with the layout.
        if lazyItems.hasAppeared { updateLazyItemVisibility() }
    }

    // MARK: Appearance

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        guard !appearanceIsManaged else { return }
        if window != nil { viewDidAppear() } else { viewDidDisappear() }
    }

    /// Runs the payload's `onAppear` actions (once per appearance).
    func viewDidAppear() {
        guard !hasAppeared else { return }
        hasAppeared = true
        if !reportedFontProblems {
            reportedFontProblems = true
            for problem in fontProblems { diagnosticHandler?("font: \(problem)") }
        }
        lazyItems.hasAppeared = true
        runLifecycleActions(appearing: true)
        updateLazyItemVisibility()
    }

    /// Runs the payload's `onDisappear` actions.
    func viewDidDisappear() {
        guard hasAppeared else { return }
        hasAppeared = false
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
}

/// Registered views for custom component types (and replacements for built-in ones), for every `SDUIView`.
@MainActor
public final class SDUIComponentRegistry {
    /// The registry views use unless given another.
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
