/// A misuse UIKit would warn about (or raise on); the runtime records it and carries on.
public struct RuntimeDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Stable machine-readable codes.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// "Unbalanced calls to begin/end appearance transitions for …".
        case unbalancedAppearanceTransition = "unbalanced-appearance-transition"
        /// A controller's view was added to another controller's view without `addChild`.
        case orphanViewController = "orphan-view-controller"
        /// "Attempt to present … on … which is already presenting …".
        case alreadyPresenting = "already-presenting"
        /// Presenting a controller that is already presented, in a hierarchy, or a child.
        case invalidPresentation = "invalid-presentation"
        /// `dismiss` with nothing presented.
        case nothingToDismiss = "nothing-to-dismiss"
        /// Adding a controller as its own child or as a child of its descendant.
        case containmentCycle = "containment-cycle"
        /// Adding a controller that already has another parent (UIKit moves it; the runtime reports it).
        case childHasParent = "child-has-parent"
        /// `removeFromParent()` on a controller that has no parent.
        case removeNonChild = "remove-non-child"
        /// Push / pop / stack misuse on a navigation controller.
        case invalidNavigation = "invalid-navigation"
        /// A view added as a subview of itself or of one of its descendants.
        case viewHierarchyCycle = "view-hierarchy-cycle"
        /// `view` read inside `loadView()` before it was assigned (UIKit recurses until it crashes).
        case viewAccessedDuringLoadView = "view-accessed-during-load-view"
        /// A node type no component is registered for (drawn as an empty placeholder view).
        case unknownComponent = "unknown-component"
        /// The layout engine reported a problem with the screen.
        case layout = "layout"
        /// An action could not run as written (a value of the wrong type, an index out of range, a failing
        /// expression); the rest of the actions ran.
        case action = "action"
        /// A binding could not be computed in the screen's new state (its property took its default).
        case binding = "binding"
        /// A controller recorded more events before it reached a log than it keeps (`EventLog.defaultCapacity`):
        /// the oldest were dropped.
        case eventsDropped = "events-dropped"
    }

    /// What went wrong, as a code.
    public var code: Code
    /// A sentence naming the objects involved.
    public var message: String

    /// Creates a diagnostic.
    public init(code: Code, message: String) { self.code = code; self.message = message }
    /// `[code] message`.
    public var description: String { "[\(code.rawValue)] \(message)" }
}
