// Appearance transitions: the will/is/did callbacks and their forwarding to children.
//
// Apple: "beginAppearanceTransition(_:animated:) … endAppearanceTransition()" drive the
// viewWill…/viewDid… callbacks of a child whose parent does not forward them automatically.
// https://developer.apple.com/documentation/uikit/uiviewcontroller/beginappearancetransition(_:animated:)
// viewIsAppearing comes after viewWillAppear, once the view is in the window and its superview has
// laid it out, and before viewDidAppear:
// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewisappearing(_:)
extension ViewController {
    /// Starts an appearance (`true`: `viewWillAppear`) or disappearance (`false`: `viewWillDisappear`)
    /// of this controller's view, forwarding it to contained children when
    /// `shouldAutomaticallyForwardAppearanceMethods` is true. A call that does not match the current
    /// state is recorded as "unbalanced" and ignored.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, appearState) {
        case (true, .disappeared), (true, .disappearing):
            appearState = .appearing
            hasDeliveredIsAppearing = false
            transitionAnimated = animated
            loadViewIfNeeded()
            viewIfLoaded?.setNeedsLayout()
            deliver(.viewWillAppear, animated: animated) { $0.viewWillAppear(animated) }
            prepareForAppearance()
            if shouldAutomaticallyForwardAppearanceMethods {
                for child in containedVisibleChildren where child.appearState == .disappeared || child.appearState == .disappearing {
                    child.beginAppearanceTransition(true, animated: animated)
                }
            }
        case (false, .appeared), (false, .appearing):
            appearState = .disappearing
            transitionAnimated = animated
            deliver(.viewWillDisappear, animated: animated) { $0.viewWillDisappear(animated) }
            if shouldAutomaticallyForwardAppearanceMethods {
                for child in containedVisibleChildren where child.appearState == .appeared || child.appearState == .appearing {
                    child.beginAppearanceTransition(false, animated: animated)
                }
            }
        default:
            report(.unbalancedAppearanceTransition,
                   "Unbalanced calls to begin/end appearance transitions for '\(name)': beginAppearanceTransition(\(isAppearing)) while \(appearState.label)")
        }
    }

    /// Finishes the transition begun by `beginAppearanceTransition(_:animated:)`: `viewDidAppear` or
    /// `viewDidDisappear`, forwarded to children in the same transition. Without a transition in
    /// progress the call is recorded as "unbalanced" and ignored.
    public func endAppearanceTransition() {
        let animated = transitionAnimated
        switch appearState {
        case .appearing:
            if !hasDeliveredIsAppearing, isViewInWindow { deliverViewIsAppearing() }
            appearState = .appeared
            deliver(.viewDidAppear, animated: animated) { $0.viewDidAppear(animated) }
            if shouldAutomaticallyForwardAppearanceMethods {
                for child in children where child.appearState == .appearing { child.endAppearanceTransition() }
            }
        case .disappearing:
            appearState = .disappeared
            deliver(.viewDidDisappear, animated: animated) { $0.viewDidDisappear(animated) }
            if shouldAutomaticallyForwardAppearanceMethods {
                for child in children where child.appearState == .disappearing { child.endAppearanceTransition() }
            }
        default:
            report(.unbalancedAppearanceTransition,
                   "Unbalanced calls to begin/end appearance transitions for '\(name)': endAppearanceTransition() while \(appearState.label)")
        }
    }

    /// Whether the view is appearing or has appeared.
    public var isAppearingOrAppeared: Bool { appearState == .appearing || appearState == .appeared }

    /// Called by the view's layout: the first layout of an appearance delivers `viewIsAppearing`
    /// (after any trait change the controller missed while its view was out of the window).
    func viewIsBeingLaidOut() {
        guard appearState == .appearing, !hasDeliveredIsAppearing, isViewInWindow else { return }
        deliverViewIsAppearing()
    }

    private func deliverViewIsAppearing() {
        hasDeliveredIsAppearing = true
        deliverTraitChangeIfNeeded()
        willDeliverViewIsAppearing()
        let animated = transitionAnimated
        deliver(.viewIsAppearing, animated: animated) { $0.viewIsAppearing(animated) }
    }

    // MARK: View-driven appearance (a child's view entering or leaving a visible parent)

    /// The view was added under `superview`: report an orphan, or start the child's appearance when
    /// its parent is appearing or has appeared (UIKit forwards appearance when a child's view moves
    /// into the window).
    func viewDidMove(into superview: View) {
        if isViewInWindow { viewDidEnterWindow() }
        if rootOfWindow != nil || presentingStorage != nil { return }
        var hostView: View? = superview
        var host: ViewController?
        while let candidate = hostView, host == nil {
            host = candidate.owningController
            hostView = candidate.superview
        }
        guard let parent, let parentView = parent.viewIfLoaded, superview.isDescendant(of: parentView) else {
            let place = host.map { "the view of '\($0.name)'" } ?? (superview.window != nil ? "the window" : "a view")
            let message = "the view of '\(name)' was added to \(place) without addChild(_:): '\(name)' is an orphan and receives no appearance, layout or trait callbacks (call addChild, then addSubview, then didMove(toParent:))"
            if let log = superview.nearestLog() { attach(to: log) }
            report(.orphanViewController, message)
            return
        }
        guard parent.shouldAutomaticallyForwardAppearanceMethods, isViewInWindow,
              appearState == .disappeared else { return }
        switch parent.appearState {
        case .appearing:
            beginAppearanceTransition(true, animated: parent.transitionAnimated)
        case .appeared:
            beginAppearanceTransition(true, animated: false)
            viewIfLoaded?.window?.scheduleAppearanceEnd(self)
        case .disappeared, .disappearing:
            break
        }
    }

    /// The view is about to leave its superview: a visible child gets `viewWillDisappear`.
    func viewWillLeave(wasInWindow: Bool) {
        guard wasInWindow, isAppearingOrAppeared, receivesCallbacks else { return }
        if let parent, !parent.shouldAutomaticallyForwardAppearanceMethods { return }
        isLeavingAutomatically = true
        beginAppearanceTransition(false, animated: false)
    }

    /// The view has left its superview: finish an automatic disappearance.
    func viewDidLeave(wasInWindow: Bool) {
        guard isLeavingAutomatically else { return }
        isLeavingAutomatically = false
        endAppearanceTransition()
    }
}

extension ViewController.AppearState {
    var label: String {
        switch self {
        case .disappeared: return "disappeared"
        case .appearing: return "appearing"
        case .appeared: return "appeared"
        case .disappearing: return "disappearing"
        }
    }
}
