/// An error from the runtime's system-side API (launching, scene events, routing): a code, a message
/// saying what was expected, and the underlying cause when there is one.
public struct RuntimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// Launch without a scene configuration (iOS 27: apps must adopt the scene life cycle).
        case noSceneConfiguration = "no-scene-configuration"
        /// The device does not offer the requested window (orientation, Split View fraction, size).
        case invalidWindowConfiguration = "invalid-window-configuration"
        /// A scene event that makes no sense in the scene's state (background while in the background…).
        case invalidSceneTransition = "invalid-scene-transition"
        /// A screen id the screen provider does not know.
        case screenNotFound = "screen-not-found"
        /// `navigate` (push) from a controller that is not in a navigation controller.
        case noNavigationController = "no-navigation-controller"
        /// Pop at the root of a navigation stack.
        case cannotPop = "cannot-pop"
        /// Dismiss with nothing presented.
        case nothingToDismiss = "nothing-to-dismiss"
        /// Present while already presenting.
        case alreadyPresenting = "already-presenting"
        /// An action the runtime cannot carry out.
        case unsupportedAction = "unsupported-action"
        /// A node id that is not on the screen.
        case nodeNotFound = "node-not-found"
        /// A value an input or a state variable cannot take (another type, an option a picker does not have).
        case invalidValue = "invalid-value"
    }

    /// What kind of error.
    public var code: Code
    /// What happened and what was expected.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) { self.code = code; self.message = message }
    /// The message.
    public var description: String { message }
}
