import SDUIEnvironment

/// Tabs of controllers, one shown at a time (UIKit's `UITabBarController`). Switching tabs while
/// visible: the old tab's `viewWillDisappear`, the new tab's `viewWillAppear`, `viewIsAppearing` and
/// layout, the old tab's `viewDidDisappear`, the new tab's `viewDidAppear`.
/// https://developer.apple.com/documentation/uikit/uitabbarcontroller
@MainActor
open class TabBarController: ViewController {
    /// Creates tabs; the first is selected.
    public init(viewControllers: [ViewController], name: String? = nil) {
        super.init(name: name ?? "tabs")
        for controller in viewControllers {
            addChild(controller)
            controller.didMove(toParent: self)
        }
    }

    /// The tabs, in order.
    public var viewControllers: [ViewController] { children }
    private var selectedIndexStorage = 0

    /// The index of the shown tab; setting it switches tabs (`select(index:animated:)`).
    public var selectedIndex: Int {
        get { selectedIndexStorage }
        set { select(index: newValue) }
    }
    /// The shown tab; setting it to one of the tabs switches to it.
    public var selectedViewController: ViewController? {
        get { children.indices.contains(selectedIndexStorage) ? children[selectedIndexStorage] : nil }
        set {
            guard let newValue, let index = children.firstIndex(where: { $0 === newValue }) else {
                report(.invalidNavigation, "'\(newValue?.name ?? "nil")' is not a tab of '\(name)'")
                return
            }
            select(index: index)
        }
    }

    /// The tab bar's height (49 pt), added to the children's bottom safe area.
    public var tabBarHeight: Double { 49 }

    /// Shows tab `index`; an index out of range records a diagnostic.
    public func select(index: Int, animated: Bool = false) {
        guard children.indices.contains(index) else {
            report(.invalidNavigation, "tab index \(index) out of range 0..<\(children.count) on '\(name)'")
            return
        }
        guard index != selectedIndexStorage else { return }
        let old = selectedViewController
        selectedIndexStorage = index
        let new = children[index]
        guard let containerView = viewIfLoaded else { return }
        guard appearState == .appeared, let window = containerView.window else {
            old?.viewIfLoaded?.removeFromSuperview()
            containerView.addSubview(new.view)
            return
        }
        new.loadViewIfNeeded()
        old?.beginAppearanceTransition(false, animated: animated)
        new.beginAppearanceTransition(true, animated: animated)
        containerView.addSubview(new.view)
        window.endRunLoopTurn()
        old?.viewIfLoaded?.removeFromSuperview()
        old?.endAppearanceTransition()
        new.endAppearanceTransition()
        window.flushAppearanceEnds()
    }

    override func prepareForAppearance() {
        guard let selected = selectedViewController, let containerView = viewIfLoaded else { return }
        if selected.view.superview !== containerView { containerView.addSubview(selected.view) }
    }

    override func layoutContainedViews() {
        guard let containerView = viewIfLoaded else { return }
        for child in children {
            guard let childView = child.viewIfLoaded, childView.superview === containerView else { continue }
            child.containerSafeAreaInsets = EdgeInsets(bottom: tabBarHeight)
            childView.frame = containerView.bounds
        }
    }
}
