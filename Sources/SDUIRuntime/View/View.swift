public import SDUIEnvironment
public import SDUIDisplay

/// A rectangle in a hierarchy (UIKit's `UIView`): frame and bounds, superview and subviews, the window
/// it is in, the traits it inherits through the superview chain, and layout on demand.
///
/// Headless: a view draws nothing. `bounds` always has a zero origin (no scrolling offset).
@MainActor
open class View {
    /// The view's rectangle in its superview's coordinates. Changing its size marks the view as
    /// needing layout (UIKit calls `layoutSubviews` after a bounds change).
    public var frame: Rect {
        didSet { if frame.size != oldValue.size { setNeedsLayout() } }
    }
    /// The view's rectangle in its own coordinates.
    public var bounds: Rect { Rect(origin: .zero, size: frame.size) }
    /// The view this one is a subview of.
    public private(set) weak var superview: View?
    /// The subviews, back to front.
    public private(set) var subviews: [View] = []
    /// Hidden views are still in the hierarchy and laid out.
    public var isHidden = false
    /// A name for tests and tools (an SDUI node's id).
    public var accessibilityIdentifier: String?
    /// Whether assistive technologies visit this view as one element (UIKit's `isAccessibilityElement`).
    public var isAccessibilityElement = false
    /// What VoiceOver reads for the element (`accessibilityLabel`).
    public var accessibilityLabel: String?
    /// What activating the element does (`accessibilityHint`).
    public var accessibilityHint: String?
    /// The element's current value (`accessibilityValue`).
    public var accessibilityValue: String?
    /// What the element is and does (`accessibilityTraits`).
    public var accessibilityTraits: AccessibilityTraits = []
    /// The elements inside this view in the order VoiceOver visits them (`accessibilityElements`; nil: none set).
    public var accessibilityElements: [View]?
    /// Whether the view's subtree is hidden from assistive technologies (`accessibilityElementsHidden`).
    public var accessibilityElementsHidden = false
    /// Whether VoiceOver reads the view's elements together as a group (`shouldGroupAccessibilityChildren`).
    public var shouldGroupAccessibilityChildren = false
    /// Trait values this view imposes on itself and its subviews.
    public var traitOverrides = TraitOverrides() {
        didSet { if traitOverrides != oldValue { window?.propagateTraitChanges(); setNeedsLayout() } }
    }
    /// True until the next layout pass.
    public private(set) var needsLayout = true

    private var isPerformingLayout = false

    /// The controller whose root view this is (UIKit's view → controller responder link).
    weak var owningController: ViewController?

    /// Creates a view with a frame (zero by default).
    public init(frame: Rect = .zero) { self.frame = frame }

    /// The window this view is in (a window is its own window).
    public var window: Window? {
        var current: View? = self
        while let view = current {
            if let window = view as? Window { return window }
            current = view.superview
        }
        return nil
    }

    /// The traits this view sees: the window scene's, through the superview chain, with every
    /// `traitOverrides` along the way (a controller's overrides apply to its view).
    public var traitCollection: TraitCollection {
        var traits = superview?.traitCollection ?? baseTraitCollection()
        if let owningController {
            traits = owningController.traitOverrides.applied(to: owningController.containerTraitOverrides.applied(to: traits))
        }
        return traitOverrides.applied(to: traits)
    }

    /// The traits of a view with no superview (a window overrides this with its scene's).
    func baseTraitCollection() -> TraitCollection { TraitCollection() }

    /// Whether `self` is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    // MARK: Hierarchy

    /// Adds `view` on top of the subviews, removing it from its old superview first.
    ///
    /// Adding a controller's view here without `addChild` makes it an orphan: it gets no callbacks and
    /// the runtime reports it.
    public func addSubview(_ view: View) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` at `index` among the subviews (clamped to the valid range).
    public func insertSubview(_ view: View, at index: Int) {
        if isDescendant(of: view) {
            nearestLog()?.report(.viewHierarchyCycle, "a view cannot be added to itself or to one of its descendants", object: nearestName())
            return
        }
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: old)
            subviews.insert(view, at: min(max(0, index), subviews.count))
            return
        }
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.superview = self
        // Adding a subview lays out the superview on the next pass (UIKit), unless it is being laid
        // out right now (its layoutSubviews is adding it).
        if !isPerformingLayout { setNeedsLayout() }
        view.setNeedsLayoutRecursively()
        if let controller = view.owningController { controller.viewDidMove(into: self) }
    }

    /// Detaches this view from its superview. A controller whose view leaves the window this way gets
    /// `viewWillDisappear` and `viewDidDisappear` (when its parent forwards appearance automatically).
    public func removeFromSuperview() {
        guard let superview else { return }
        let controller = owningController
        let wasInWindow = window != nil
        controller?.viewWillLeave(wasInWindow: wasInWindow)
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        controller?.viewDidLeave(wasInWindow: wasInWindow)
    }

    // MARK: Layout

    /// Marks the view as needing layout; the next `layoutIfNeeded()` (or the end of the run-loop turn)
    /// lays it out.
    public func setNeedsLayout() { needsLayout = true }

    func setNeedsLayoutRecursively() {
        needsLayout = true
        for subview in subviews { subview.setNeedsLayoutRecursively() }
    }

    /// Lays out this view if it needs it, then its subviews (parents before children).
    public func layoutIfNeeded() {
        if needsLayout { performLayout() }
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// Override to position subviews; the default does nothing.
    open func layoutSubviews() {}

    /// One layout of this view: for a controller's view, `viewIsAppearing` (first layout of an
    /// appearance), `viewWillLayoutSubviews`, the container's placement of child views,
    /// `layoutSubviews`, `viewDidLayoutSubviews` — the order UIKit's `layoutSublayers(of:)` uses.
    func performLayout() {
        needsLayout = false
        isPerformingLayout = true
        defer { isPerformingLayout = false }
        layoutManagedSubviews()
        guard let controller = owningController, controller.receivesCallbacks else {
            layoutSubviews()
            return
        }
        controller.viewIsBeingLaidOut()
        controller.deliver(.viewWillLayoutSubviews) { $0.viewWillLayoutSubviews() }
        controller.layoutContainedViews()
        layoutSubviews()
        controller.deliver(.viewDidLayoutSubviews) { $0.viewDidLayoutSubviews() }
    }

    /// Positions subviews the runtime manages (a window's root and presented views).
    func layoutManagedSubviews() {}

    // MARK: Geometry

    /// This view's frame in window coordinates (its own frame when it has no window).
    public var frameInWindow: Rect {
        var origin = frame.origin
        var current = superview
        while let view = current, !(view is Window) {
            origin.x += view.frame.origin.x; origin.y += view.frame.origin.y
            current = view.superview
        }
        return Rect(origin: origin, size: frame.size)
    }

    /// Converts a rectangle in this view's coordinates to `view`'s (window coordinates when nil).
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let mine = frameInWindow
        let theirs = view?.frameInWindow ?? .zero
        return Rect(x: rect.x + mine.x - theirs.x, y: rect.y + mine.y - theirs.y, width: rect.width, height: rect.height)
    }

    /// The parts of the view the window's safe area (and containers' bars) do not cover
    /// (UIKit's `safeAreaInsets`): the superview's safe rectangle clipped to this view, plus the
    /// owning controller's `additionalSafeAreaInsets`.
    public var safeAreaInsets: EdgeInsets {
        var insets = inheritedSafeAreaInsets()
        if let controller = owningController {
            let extra = controller.effectiveAdditionalSafeAreaInsets
            insets.top += extra.top; insets.leading += extra.leading
            insets.bottom += extra.bottom; insets.trailing += extra.trailing
        }
        return insets
    }

    func inheritedSafeAreaInsets() -> EdgeInsets {
        guard let superview else { return .zero }
        let safe = superview.bounds.inset(by: superview.safeAreaInsets)
        let f = frame
        return EdgeInsets(top: max(0, safe.minY - f.minY), leading: max(0, safe.minX - f.minX),
                          bottom: max(0, f.maxY - safe.maxY), trailing: max(0, f.maxX - safe.maxX))
    }

    // MARK: Log

    func nearestLog() -> EventLog? {
        var current: View? = self
        while let view = current {
            if let log = view.owningController?.resolvedLog() { return log }
            if let window = view as? Window, let log = window.windowScene?.eventLog { return log }
            current = view.superview
        }
        return nil
    }

    func nearestName() -> String {
        var current: View? = self
        while let view = current {
            if let controller = view.owningController { return controller.name }
            if let window = view as? Window { return window.name }
            current = view.superview
        }
        return accessibilityIdentifier ?? "view"
    }
}
