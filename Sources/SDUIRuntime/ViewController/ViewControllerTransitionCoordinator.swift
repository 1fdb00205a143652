public import SDUIEnvironment

/// Passed to `viewWillTransition(to:with:)` (UIKit's `UIViewControllerTransitionCoordinator`): run
/// code alongside the size transition and after it completes.
///
/// In this headless runtime "alongside" blocks run after the new traits and layout are in place,
/// then the completion blocks run, in registration order.
@MainActor
public final class ViewControllerTransitionCoordinator {
    /// The window's size after the transition.
    public let targetSize: Size
    /// Whether the transition is animated (always true for rotations and resizes).
    public let isAnimated: Bool
    private var animations: [(ViewControllerTransitionCoordinator) -> Void] = []
    private var completions: [(ViewControllerTransitionCoordinator) -> Void] = []

    /// The window scene's traits after the transition.
    public let targetTraitCollection: TraitCollection

    init(targetSize: Size, targetTraitCollection: TraitCollection, isAnimated: Bool = true) {
        self.targetSize = targetSize; self.targetTraitCollection = targetTraitCollection; self.isAnimated = isAnimated
    }

    /// Registers an animation to run alongside the transition and a completion to run after it.
    /// - Returns: true (the blocks will run).
    @discardableResult
    public func animate(alongsideTransition animation: ((ViewControllerTransitionCoordinator) -> Void)?,
                        completion: ((ViewControllerTransitionCoordinator) -> Void)? = nil) -> Bool {
        if let animation { animations.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    func runAnimations() { let blocks = animations; animations = []; for block in blocks { block(self) } }
    func runCompletions() { let blocks = completions; completions = []; for block in blocks { block(self) } }
}
