public import SDUISchema

/// Performs the `request` actions of a screen for the host app (its networking, authentication, caching).
///
/// The runtime never performs I/O itself: a request action gives the handler a `PendingRequest` (URL, method,
/// JSON body); the app performs it and answers with `ScreenViewController.respond(to:with:)`, which runs the
/// action's `onSuccess` (a 2xx status) or `onFailure` with `response` in scope. Without a handler, requests
/// wait in `pendingRequests` until the host answers them.
@MainActor
public protocol RequestHandler: AnyObject {
    /// Starts `request` for `controller`; call `controller.respond(to: request, with: …)` when it completes.
    func perform(_ request: PendingRequest, for controller: ScreenViewController)
}
