public import SDUIEnvironment

/// A master–detail container (UIKit's `UISplitViewController`, double-column style): primary and
/// secondary side by side when its horizontal size class is regular, collapsed into one navigation
/// stack — the top column filling the view — when it is compact. It switches live when the window
/// crosses the boundary (Split View ⅔ → ⅓, rotation, a Stage Manager resize): a phone layout is never
/// stretched across an iPad.
///
/// Expanded, the primary column's horizontal size class is compact (UIKit overrides it so);
/// the secondary has the split's.
///
/// Collapsing: the column that goes away gets `viewWillDisappear` during the trait change and
/// `viewDidDisappear` after layout; expanding: the column that comes back gets `viewWillAppear`,
/// its missed `traitsDidChange`, `viewIsAppearing` in layout, then `viewDidAppear`.
/// https://developer.apple.com/documentation/uikit/uisplitviewcontroller
@MainActor
open class SplitViewController: ViewController {
    /// A column of the split (UIKit's `UISplitViewController.Column`).
    public enum Column: String, Sendable { case primary, secondary }

    /// The controller shown in the primary column.
    public let primary: ViewController
    /// The controller shown in the secondary column (replaced by `showDetailViewController(_:sender:)`).
    public private(set) var secondary: ViewController
    /// The primary column's width when expanded (UIKit's `preferredPrimaryColumnWidth`; at most 40 %
    /// of the view's width).
    public var preferredPrimaryColumnWidth: Double = 320 {
        didSet { viewIfLoaded?.setNeedsLayout() }
    }
    /// Which column stays on top when the split collapses (UIKit's
    /// `splitViewController(_:topColumnForCollapsingToProposedTopColumn:)`, proposed `.primary`).
    public var topColumnForCollapsing: Column = .primary
    /// Whether the split shows one column (compact width).
    public private(set) var isCollapsed = false
    /// The column shown while collapsed.
    public private(set) var topColumn: Column = .primary
    private var hasArranged = false
    private var collapsesAfterTransition: Bool?

    /// Creates a split with a primary and a secondary controller.
    public init(primary: ViewController, secondary: ViewController, name: String? = nil) {
        self.primary = primary
        self.secondary = secondary
        super.init(name: name ?? "split")
        addChild(primary)
        primary.didMove(toParent: self)
        addChild(secondary)
        secondary.didMove(toParent: self)
    }

    /// The controller in `column`.
    public func viewController(for column: Column) -> ViewController { column == .primary ? primary : secondary }

    /// The controllers whose views are shown: both when expanded, the top column when collapsed.
    public var displayedViewControllers: [ViewController] {
        isCollapsed ? [viewController(for: topColumn)] : [primary, secondary]
    }

    /// Shows `column`. Collapsed, this switches the visible column (like a push or pop); expanded,
    /// both columns are already visible.
    public func show(_ column: Column) {
        guard isCollapsed, column != topColumn else { return }
        let old = viewController(for: topColumn), new = viewController(for: column)
        topColumn = column
        guard let containerView = viewIfLoaded else { return }
        guard appearState == .appeared, let window = containerView.window else {
            old.viewIfLoaded?.removeFromSuperview()
            containerView.addSubview(new.view)
            return
        }
        new.loadViewIfNeeded()
        old.beginAppearanceTransition(false, animated: true)
        new.beginAppearanceTransition(true, animated: true)
        containerView.addSubview(new.view)
        window.endRunLoopTurn()
        old.viewIfLoaded?.removeFromSuperview()
        old.endAppearanceTransition()
        new.endAppearanceTransition()
        window.flushAppearanceEnds()
    }

    /// Replaces the secondary column's controller (UIKit's `showDetailViewController(_:sender:)`).
    /// Expanded, the old detail disappears and the new one appears in its place; collapsed, the new
    /// detail becomes the top column, like a push. The old detail leaves the split (`willMove(toParent:
    /// nil)` … `didMove(toParent: nil)`). Showing a controller that is already in a hierarchy is a
    /// diagnostic.
    /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/showdetailviewcontroller(_:sender:)
    public func showDetailViewController(_ controller: ViewController) {
        if controller === self || isDescendant(of: controller) || controller.parent != nil
            || controller.presentingStorage != nil || controller.rootOfWindow != nil {
            report(.invalidNavigation, "cannot show '\(controller.name)' as the detail of '\(name)': it is already in a hierarchy")
            return
        }
        let old = secondary
        let leaving: ViewController? = isCollapsed ? viewController(for: topColumn) : old
        old.willMove(toParent: nil)
        addChild(controller)
        secondary = controller
        if isCollapsed { topColumn = .secondary }
        updateColumnTraits()
        guard hasArranged, let containerView = viewIfLoaded else {
            old.viewIfLoaded?.removeFromSuperview()
            old.removeFromParent()
            controller.didMove(toParent: self)
            return
        }
        if appearState == .appeared, let window = containerView.window {
            controller.loadViewIfNeeded()
            leaving?.beginAppearanceTransition(false, animated: true)
            controller.beginAppearanceTransition(true, animated: true)
            containerView.addSubview(controller.view)
            window.endRunLoopTurn()
            leaving?.viewIfLoaded?.removeFromSuperview()
            leaving?.endAppearanceTransition()
            controller.endAppearanceTransition()
            if old !== leaving { old.viewIfLoaded?.removeFromSuperview() }
            old.removeFromParent()
            controller.didMove(toParent: self)
            window.flushAppearanceEnds()
        } else {
            leaving?.viewIfLoaded?.removeFromSuperview()
            old.viewIfLoaded?.removeFromSuperview()
            containerView.addSubview(controller.view)
            old.removeFromParent()
            controller.didMove(toParent: self)
        }
    }

    // MARK: Arrangement

    /// Puts the columns in place before the appearance is forwarded to them. The first time, the split decides
    /// whether it is collapsed; after that, a split that is appearing again with other traits than it last
    /// arranged for (it was out of the window — under a full-screen presentation — while the window crossed the
    /// compact/regular boundary) switches now, silently: its columns have disappeared with it, so only the
    /// columns it will show get `viewWillAppear`, and each of them completes its appearance. (Switching later,
    /// in `viewIsAppearing`, would send the leaving column `viewWillAppear` then `viewWillDisappear`.)
    override func prepareForAppearance() {
        guard let containerView = viewIfLoaded else { return }
        let shouldCollapse = expectedTraitCollection.horizontalSizeClass == .compact
        guard hasArranged else {
            hasArranged = true
            isCollapsed = shouldCollapse
            topColumn = topColumnForCollapsing
            updateColumnTraits()
            for controller in displayedViewControllers where controller.view.superview !== containerView {
                containerView.addSubview(controller.view)
            }
            return
        }
        if shouldCollapse != isCollapsed { arrangeColumns(collapsed: shouldCollapse, announcing: false) }
    }

    override open func viewWillTransition(to size: Size, with coordinator: ViewControllerTransitionCoordinator) {
        collapsesAfterTransition = traitOverrides.applied(to: coordinator.targetTraitCollection).horizontalSizeClass == .compact
        super.viewWillTransition(to: size, with: coordinator)
        collapsesAfterTransition = nil
    }

    override open func size(forChildContentContainer container: ViewController, withParentContainerSize parentSize: Size) -> Size {
        if collapsesAfterTransition ?? isCollapsed { return parentSize }
        let primaryWidth = primaryColumnWidth(in: parentSize.width)
        return container === primary
            ? Size(width: primaryWidth, height: parentSize.height)
            : Size(width: parentSize.width - primaryWidth, height: parentSize.height)
    }

    override func traitsDidChangeInternally(from previous: TraitCollection) {
        let shouldCollapse = traitCollection.horizontalSizeClass == .compact
        guard hasArranged, shouldCollapse != isCollapsed else { return }
        arrangeColumns(collapsed: shouldCollapse, announcing: appearState == .appeared || appearState == .appearing)
    }

    /// Collapses (the column not on top leaves the view) or expands (the hidden column comes back). When
    /// `announcing` — the split is visible — the leaving column gets `viewWillDisappear` now and
    /// `viewDidDisappear` at the end of the turn, the returning one `viewWillAppear` now and `viewDidAppear`
    /// at the end of the turn; otherwise the views just move.
    private func arrangeColumns(collapsed shouldCollapse: Bool, announcing: Bool) {
        guard let containerView = viewIfLoaded else { return }
        let window = containerView.window
        if shouldCollapse {
            // Expanded → collapsed: the column that is not on top leaves.
            topColumn = topColumnForCollapsing
            let leaving = viewController(for: topColumn == .primary ? .secondary : .primary)
            isCollapsed = true
            if announcing, leaving.isAppearingOrAppeared {
                leaving.beginAppearanceTransition(false, animated: true)
                leaving.viewIfLoaded?.removeFromSuperview()
                window?.scheduleAppearanceEnd(leaving)
            } else {
                leaving.viewIfLoaded?.removeFromSuperview()
            }
        } else {
            // Collapsed → expanded: the hidden column comes back.
            let returning = viewController(for: topColumn == .primary ? .secondary : .primary)
            isCollapsed = false
            if announcing {
                returning.loadViewIfNeeded()
                returning.beginAppearanceTransition(true, animated: true)
                containerView.insertSubview(returning.view, at: returning === primary ? 0 : containerView.subviews.count)
                window?.scheduleAppearanceEnd(returning)
            } else {
                containerView.insertSubview(returning.view, at: returning === primary ? 0 : containerView.subviews.count)
            }
        }
        updateColumnTraits()
        containerView.setNeedsLayout()
    }

    /// Expanded, the primary column is horizontally compact (as in UIKit); collapsed, the shown column
    /// has the split's own traits.
    private func updateColumnTraits() {
        primary.containerTraitOverrides.horizontalSizeClass = isCollapsed ? nil : .compact
    }

    override func layoutContainedViews() {
        guard let containerView = viewIfLoaded else { return }
        let bounds = containerView.bounds
        if isCollapsed {
            viewController(for: topColumn).viewIfLoaded?.frame = bounds
            return
        }
        let primaryWidth = primaryColumnWidth(in: bounds.width)
        primary.viewIfLoaded?.frame = Rect(x: 0, y: 0, width: primaryWidth, height: bounds.height)
        secondary.viewIfLoaded?.frame = Rect(x: primaryWidth, y: 0, width: bounds.width - primaryWidth, height: bounds.height)
    }

    private func primaryColumnWidth(in width: Double) -> Double {
        min(preferredPrimaryColumnWidth, (width * 0.4).rounded(.down))
    }
}
