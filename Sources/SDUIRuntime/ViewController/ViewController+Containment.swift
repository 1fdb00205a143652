// Containment, following "Creating a custom container view controller":
// adding: addChild(_:) (which calls willMove(toParent:)), add the child's view, lay it out,
// child.didMove(toParent:); removing: child.willMove(toParent: nil), remove the view,
// child.removeFromParent() (which calls didMove(toParent: nil)).
// https://developer.apple.com/documentation/uikit/creating-a-custom-container-view-controller
extension ViewController {
    /// Makes `child` a child of this controller; calls `child.willMove(toParent: self)` first.
    ///
    /// Adding a controller as its own child or as a child of its descendant, or one that is presented
    /// or a window's root, is recorded as a diagnostic and ignored.
    public func addChild(_ child: ViewController) {
        if child === self || isDescendant(of: child) {
            report(.containmentCycle, "cannot add '\(child.name)' as a child of '\(name)': it is \(child === self ? "the controller itself" : "an ancestor of '\(name)'")")
            return
        }
        if child.parent === self { return }
        if child.rootOfWindow != nil || child.presentingStorage != nil {
            report(.containmentCycle, "cannot add '\(child.name)' as a child of '\(name)': it is \(child.rootOfWindow != nil ? "a window's root view controller" : "presented")")
            return
        }
        if let oldParent = child.parent {
            child.report(.childHasParent, "'\(child.name)' is a child of '\(oldParent.name)'; addChild moves it to '\(name)' (remove it with willMove(toParent: nil) and removeFromParent() first)")
            child.willMove(toParent: nil)
            child.viewIfLoaded?.removeFromSuperview()
            child.removeFromParent()
        }
        if let log = resolvedLog() { child.attach(to: log) }
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes this controller from its parent; calls `didMove(toParent: nil)` afterwards. Without a
    /// parent this is recorded as a diagnostic.
    public func removeFromParent() {
        guard let parent else {
            report(.removeNonChild, "removeFromParent() on '\(name)', which has no parent")
            return
        }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Whether this controller is `ancestor` or one of its descendants (containment or presentation).
    public func isDescendant(of ancestor: ViewController) -> Bool {
        var current: ViewController? = self
        while let controller = current {
            if controller === ancestor { return true }
            current = controller.parent ?? controller.presentingStorage
        }
        return false
    }
}
