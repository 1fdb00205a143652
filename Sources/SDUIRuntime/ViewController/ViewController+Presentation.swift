public import SDUIEnvironment

// Modal presentation. The presentation context is the root-most ancestor of the presenting controller
// (UIKit walks up to the controller that fills the window unless one `definesPresentationContext`;
// this runtime has no `definesPresentationContext`).
// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle
//
// Callback order (UIKit's observed order; Apple documents which callbacks happen, not their
// interleaving): presenting B from A full screen — B loadView/viewDidLoad, A viewWillDisappear,
// B viewWillAppear, B viewIsAppearing + layout, B viewDidAppear, A viewDidDisappear. Sheets and
// over-full-screen leave A in the window: A gets nothing. Dismissal mirrors it. Apple, on .fullScreen:
// "UIKit normally removes the views of the underlying view controller after the transition animations
// finish" — hence A's viewDidDisappear after B's viewDidAppear.
// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/fullscreen
extension ViewController {
    /// The controller presented by this controller or by its nearest ancestor.
    public var presentedViewController: ViewController? { presentedStorage ?? parent?.presentedViewController }
    /// The controller that presented this controller or its nearest presented ancestor.
    public var presentingViewController: ViewController? { presentingStorage ?? parent?.presentingViewController }

    /// The controller that actually presents when this one calls `present`: its root-most ancestor.
    var presentationContext: ViewController {
        var context = self
        while let parent = context.parent { context = parent }
        return context
    }

    /// Presents `controller` modally in its `modalPresentationStyle` (`.automatic` resolves to
    /// `.formSheet`). Misuse — presenting while already presenting, presenting a controller that is
    /// a child, presented or a root, presenting from a view not in a window — is recorded as a
    /// diagnostic and nothing happens (the completion is not called), as UIKit logs and ignores it.
    public func present(_ controller: ViewController, animated: Bool = true, completion: (() -> Void)? = nil) {
        let context = presentationContext
        if let already = context.presentedStorage {
            report(.alreadyPresenting, "Attempt to present '\(controller.name)' on '\(context.name)' (from '\(name)') which is already presenting '\(already.name)'")
            return
        }
        if controller === context || context.isDescendant(of: controller) || controller.parent != nil
            || controller.presentingStorage != nil || controller.rootOfWindow != nil {
            let why = controller.parent != nil ? "it is a child of '\(controller.parent?.name ?? "")'"
                : controller.presentingStorage != nil ? "it is already presented"
                : controller.rootOfWindow != nil ? "it is a window's root view controller"
                : "it is '\(name)' or one of its ancestors"
            report(.invalidPresentation, "Attempt to present '\(controller.name)' on '\(context.name)': \(why)")
            return
        }
        guard let window = context.viewIfLoaded?.window else {
            report(.invalidPresentation, "Attempt to present '\(controller.name)' on '\(context.name)' whose view is not in the window hierarchy")
            return
        }
        if let log = resolvedLog() { controller.attach(to: log) }
        context.presentedStorage = controller
        controller.presentingStorage = context
        let style = controller.modalPresentationStyle.resolved
        controller.loadViewIfNeeded()
        let coversPresenter = style.removesPresenterView && context.isAppearingOrAppeared
        if coversPresenter { context.beginAppearanceTransition(false, animated: animated) }
        controller.beginAppearanceTransition(true, animated: animated)
        if let environment = window.windowScene?.environment {
            controller.view.frame = Window.presentationFrame(for: style, in: environment)
        }
        window.addSubview(controller.view)
        window.endRunLoopTurn()
        controller.endAppearanceTransition()
        if coversPresenter, let presenterView = context.viewIfLoaded, let superview = presenterView.superview {
            context.coveredSuperview = superview
            context.coveredIndex = superview.subviews.firstIndex { $0 === presenterView } ?? 0
            presenterView.removeFromSuperview()
            context.endAppearanceTransition()
        }
        window.flushAppearanceEnds()
        completion?()
    }

    /// Dismisses the controller this one (or its ancestor) presented, or — called on a presented
    /// controller — this controller itself (UIKit forwards that to the presenter). Controllers
    /// presented on top of it are dismissed first. With nothing to dismiss, a diagnostic is recorded.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)
    public func dismiss(animated: Bool = true, completion: (() -> Void)? = nil) {
        let context = presentationContext
        if context.presentedStorage != nil {
            context.dismissPresented(animated: animated, completion: completion)
        } else if let presenter = context.presentingStorage {
            presenter.dismissPresented(animated: animated, completion: completion)
        } else {
            report(.nothingToDismiss, "dismiss(animated:) on '\(name)', which neither presents nor is presented")
        }
    }

    /// Whether `dismiss` would dismiss something.
    public var canDismiss: Bool {
        presentationContext.presentedStorage != nil || presentationContext.presentingStorage != nil
    }

    /// Dismisses `presentedStorage` (self is the presentation context). Controllers presented above it go first;
    /// a controller in between that the one above it covered does not come back on the way (`reappears` false):
    /// Apple — "only the top-most view is dismissed in an animated fashion; any intermediate view controllers are
    /// simply removed from the stack" (dismiss(animated:completion:)) — so it gets no appearance callbacks.
    func dismissPresented(animated: Bool, completion: (() -> Void)?, reappears: Bool = true) {
        guard let presented = presentedStorage else { return }
        if presented.presentedStorage != nil { presented.dismissPresented(animated: false, completion: nil, reappears: false) }
        let window = presented.viewIfLoaded?.window
        if !reappears { coveredSuperview = nil }
        let uncovers = coveredSuperview != nil
        let presentedWasVisible = presented.isAppearingOrAppeared
        if presentedWasVisible { presented.beginAppearanceTransition(false, animated: animated) }
        if uncovers, let superview = coveredSuperview {
            beginAppearanceTransition(true, animated: animated)
            superview.insertSubview(view, at: coveredIndex)
            coveredSuperview = nil
        }
        window?.endRunLoopTurn()
        if uncovers { endAppearanceTransition() }
        presented.viewIfLoaded?.removeFromSuperview()
        if presentedWasVisible { presented.endAppearanceTransition() }
        presentedStorage = nil
        presented.presentingStorage = nil
        window?.flushAppearanceEnds()
        completion?()
    }
}

extension Window {
    /// The frame of a presented view in a window (UIKit's presentation controllers' frames, modelled):
    /// full screen and over full screen fill the window; sheets fill it when the height is compact
    /// (iPhone landscape); in compact width a sheet is the full width from 10 pt below the top safe
    /// area; in regular width a form sheet is 540×620 and a page sheet 704 wide, centred, from 10 pt
    /// below the top safe area (the sizes are this runtime's model; see docs/runtime.md).
    public static func presentationFrame(for style: ModalPresentationStyle, in environment: WindowEnvironment) -> Rect {
        let size = environment.size
        let full = Rect(origin: .zero, size: size)
        switch style.resolved {
        case .fullScreen, .overFullScreen, .automatic:
            return full
        case .pageSheet, .formSheet:
            if environment.verticalSizeClass == .compact { return full }
            let top = environment.safeAreaInsets.top + 10
            if environment.horizontalSizeClass == .compact {
                return Rect(x: 0, y: top, width: size.width, height: max(0, size.height - top))
            }
            if style.resolved == .formSheet {
                let width = min(540, size.width), height = min(620, size.height - 2 * top)
                return Rect(x: ((size.width - width) / 2).rounded(), y: ((size.height - height) / 2).rounded(), width: width, height: max(0, height))
            }
            let width = min(704, size.width)
            return Rect(x: ((size.width - width) / 2).rounded(), y: top, width: width, height: max(0, size.height - top))
        }
    }
}
