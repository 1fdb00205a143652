import SDUIEnvironment

/// A stack of controllers where the top one fills the view (UIKit's `UINavigationController`).
///
/// Push: the new top's `willMove(toParent:)` (from `addChild`), the old top's `viewWillDisappear`,
/// the new top's `viewWillAppear`, `viewIsAppearing` and layout, the old top's `viewDidDisappear`,
/// the new top's `viewDidAppear`, its `didMove(toParent:)`. Pop mirrors it, ending with the popped
/// controller's `didMove(toParent: nil)`. (UIKit's observed order; Apple documents the containment
/// calls: https://developer.apple.com/documentation/uikit/uinavigationcontroller)
/// The children's content extends under the navigation bar, which adds to their safe area.
@MainActor
open class NavigationController: ViewController {
    /// Hides the navigation bar (and its safe-area inset).
    public var isNavigationBarHidden = false {
        didSet { viewIfLoaded?.setNeedsLayoutRecursively() }
    }

    /// Creates a stack with `rootViewController` at the bottom.
    public init(rootViewController: ViewController, name: String? = nil) {
        super.init(name: name ?? "navigation")
        addChild(rootViewController)
        rootViewController.didMove(toParent: self)
    }

    /// The stack, bottom to top.
    public var viewControllers: [ViewController] { children }
    /// The controller on top of the stack.
    public var topViewController: ViewController? { children.last }
    /// The top controller, or what it (or the stack) presents.
    public var visibleViewController: ViewController? { presentedViewController ?? topViewController }

    /// The bar's height: 44 pt on iPhone, 50 pt on iPad (UIKit's standard navigation bar).
    public var navigationBarHeight: Double {
        isNavigationBarHidden ? 0 : (expectedTraitCollection.userInterfaceIdiom == .pad ? 50 : 44)
    }

    /// Pushes `controller` on the stack; it becomes the visible controller. Pushing a controller that
    /// is already in a hierarchy (or this controller, or an ancestor) is a diagnostic and does nothing.
    public func pushViewController(_ controller: ViewController, animated: Bool) {
        if controller === self || isDescendant(of: controller) || controller.parent != nil
            || controller.presentingStorage != nil || controller.rootOfWindow != nil {
            report(.invalidNavigation, "cannot push '\(controller.name)' on '\(name)': it is \(controller.parent.map { "already a child of '\($0.name)'" } ?? "already in the hierarchy")")
            return
        }
        let old = topViewController
        addChild(controller)
        guard let containerView = viewIfLoaded else {
            controller.didMove(toParent: self)
            return
        }
        guard appearState == .appeared, let window = containerView.window else {
            old?.viewIfLoaded?.removeFromSuperview()
            containerView.addSubview(controller.view)
            controller.didMove(toParent: self)
            return
        }
        controller.loadViewIfNeeded()
        old?.beginAppearanceTransition(false, animated: animated)
        controller.beginAppearanceTransition(true, animated: animated)
        containerView.addSubview(controller.view)
        window.endRunLoopTurn()
        old?.viewIfLoaded?.removeFromSuperview()
        old?.endAppearanceTransition()
        controller.endAppearanceTransition()
        controller.didMove(toParent: self)
        window.flushAppearanceEnds()
    }

    /// Pops the top controller and returns it; at the root it records a diagnostic and returns nil.
    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        guard children.count > 1, let top = children.last else {
            report(.invalidNavigation, "popViewController(animated:) at the root of '\(name)'")
            return nil
        }
        let below = children[children.count - 2]
        top.willMove(toParent: nil)
        guard let containerView = viewIfLoaded else {
            top.removeFromParent()
            return top
        }
        guard appearState == .appeared, let window = containerView.window else {
            top.viewIfLoaded?.removeFromSuperview()
            containerView.insertSubview(below.view, at: 0)
            top.removeFromParent()
            return top
        }
        top.beginAppearanceTransition(false, animated: animated)
        below.beginAppearanceTransition(true, animated: animated)
        containerView.insertSubview(below.view, at: 0)
        window.endRunLoopTurn()
        top.viewIfLoaded?.removeFromSuperview()
        top.endAppearanceTransition()
        below.endAppearanceTransition()
        top.removeFromParent()
        window.flushAppearanceEnds()
        return top
    }

    /// Pops to the root; the controllers in between leave without appearance callbacks.
    @discardableResult
    public func popToRootViewController(animated: Bool) -> [ViewController] {
        guard children.count > 1 else { return [] }
        var popped: [ViewController] = []
        while children.count > 2 {
            let middle = children[children.count - 2]
            middle.willMove(toParent: nil)
            middle.viewIfLoaded?.removeFromSuperview()
            middle.removeFromParent()
            popped.append(middle)
        }
        if let top = popViewController(animated: animated) { popped.insert(top, at: 0) }
        return popped
    }

    /// Replaces the whole stack (UIKit's `setViewControllers(_:animated:)`). Controllers that leave
    /// get `willMove(toParent: nil)` first and `didMove(toParent: nil)` last; new ones
    /// `willMove(toParent:)` first and `didMove(toParent:)` last; when the top changes while the stack is
    /// visible, the old top disappears and the new one appears as in a push. An empty stack, a repeated
    /// controller or one that is in another hierarchy is a diagnostic and changes nothing.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        guard let newTop = controllers.last else {
            report(.invalidNavigation, "setViewControllers with an empty stack on '\(name)'")
            return
        }
        var seen = Set<ObjectIdentifier>()
        for controller in controllers {
            guard seen.insert(ObjectIdentifier(controller)).inserted else {
                report(.invalidNavigation, "setViewControllers: '\(controller.name)' appears twice in the stack of '\(name)'")
                return
            }
            if controller.parent === self { continue }
            if controller === self || isDescendant(of: controller) || controller.parent != nil
                || controller.presentingStorage != nil || controller.rootOfWindow != nil {
                report(.invalidNavigation, "setViewControllers: '\(controller.name)' is already in another hierarchy")
                return
            }
        }
        let oldTop = topViewController
        let removed = children.filter { child in !controllers.contains { $0 === child } }
        let added = controllers.filter { $0.parent !== self }
        for controller in removed { controller.willMove(toParent: nil) }
        for controller in added { addChild(controller) }
        children = controllers + removed
        if let containerView = viewIfLoaded, newTop !== oldTop {
            if appearState == .appeared, let window = containerView.window {
                newTop.loadViewIfNeeded()
                oldTop?.beginAppearanceTransition(false, animated: animated)
                newTop.beginAppearanceTransition(true, animated: animated)
                containerView.addSubview(newTop.view)
                window.endRunLoopTurn()
                oldTop?.viewIfLoaded?.removeFromSuperview()
                oldTop?.endAppearanceTransition()
                newTop.endAppearanceTransition()
            } else {
                oldTop?.viewIfLoaded?.removeFromSuperview()
                containerView.addSubview(newTop.view)
            }
        }
        for controller in removed {
            if controller.viewIfLoaded?.superview === viewIfLoaded { controller.viewIfLoaded?.removeFromSuperview() }
            controller.removeFromParent()
        }
        for controller in added { controller.didMove(toParent: self) }
        viewIfLoaded?.window?.flushAppearanceEnds()
    }

    override func prepareForAppearance() {
        guard let top = topViewController, let containerView = viewIfLoaded else { return }
        if top.view.superview !== containerView { containerView.addSubview(top.view) }
    }

    override func layoutContainedViews() {
        guard let containerView = viewIfLoaded else { return }
        let bar = navigationBarHeight
        for child in children {
            guard let childView = child.viewIfLoaded, childView.superview === containerView else { continue }
            child.containerSafeAreaInsets = EdgeInsets(top: bar)
            childView.frame = containerView.bounds
        }
    }
}
