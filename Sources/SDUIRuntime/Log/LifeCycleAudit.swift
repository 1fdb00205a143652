/// Checks a running app against the life-cycle rules UIKit documents: what app code may rely on.
///
/// Feed it the event log as the app runs — `audit(_:)` reads the events recorded since its previous call — and,
/// at quiet points (after a system operation or a container call returned), `auditHierarchy(of:)`. Tests,
/// `sdui simulate`-style drivers and the runtime fuzz target (docs/fuzzing.md) use it; every rule names its source.
///
/// The log rules follow each object by its log name, so they assume names are unique (`sdui simulate` names a
/// screen's second controller `id#2`).
///
/// Rules:
/// - **appearance order** — per controller `viewWillAppear` → `viewIsAppearing` (once) → `viewDidAppear` →
///   `viewWillDisappear` → `viewDidDisappear`, starting disappeared. Apple's state diagram (UIViewController,
///   "Handling view-related notifications", https://developer.apple.com/documentation/uikit/uiviewcontroller)
///   also lets an appearing controller turn to disappearing and back when an *interactive* transition is
///   cancelled; this runtime runs no interactive transitions, so each "will" must reach its "did".
/// - **viewIsAppearing in the window** — it comes once the view is in the hierarchy, with final traits
///   (https://developer.apple.com/documentation/uikit/uiviewcontroller/viewisappearing(_:)): its event must
///   carry size classes (nil means the view was not in a window).
/// - **view loading** — `loadView` then `viewDidLoad`, each at most once, before any appearance callback
///   (https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()).
/// - **layout pairs** — `viewWillLayoutSubviews` is followed by the same controller's `viewDidLayoutSubviews`
///   before its next `viewWillLayoutSubviews`.
/// - **nothing after deinit**, and no controller released half-way or visible — except when its scene
///   disconnected: the scene releases its windows and their controllers as they are, without appearance callbacks.
/// - **scene states** — unattached → foreground inactive → active ⇄ inactive ⇄ background, disconnect from the
///   background ("Managing your app's life cycle",
///   https://developer.apple.com/documentation/uikit/managing-your-app-s-life-cycle).
/// - **no unbalanced transitions** — the runtime's own containers never produce
///   `unbalanced-appearance-transition` (UIKit's "Unbalanced calls to begin/end appearance transitions").
/// - **hierarchy** (`auditHierarchy`) — after an operation, every properly contained controller whose view is in
///   a window has appeared and every one whose view is not has disappeared, and the log agrees with the
///   controller's own state: no controller is left half-way, and a covered controller (under a full-screen
///   presentation, a collapsed split's hidden column, a navigation controller's lower screens) is disappeared.
@MainActor
public struct LifeCycleAudit {
    /// A broken rule.
    public struct Violation: Hashable, Sendable, CustomStringConvertible {
        /// The rule's short name (`appearance-order`, `hierarchy`, …).
        public var rule: String
        /// What happened, naming the object and the event.
        public var message: String
        /// Creates a violation.
        public init(rule: String, message: String) { self.rule = rule; self.message = message }
        /// `[rule] message`.
        public var description: String { "[\(rule)] \(message)" }
    }

    /// Where a controller is in its appearance, as the log tells it.
    public enum Phase: String, Sendable {
        case disappeared, appearing, appeared, disappearing
    }

    private struct ControllerTrack {
        var phase = Phase.disappeared
        var isAppearingDelivered = false
        var loadedView = false
        var didLoad = false
        var inLayout = false
        var released = false
    }

    private enum SceneState { case unattached, inactive, active, background, disconnected }

    private var controllers: [String: ControllerTrack] = [:]
    private var scenes: [String: SceneState] = [:]
    private var sawDisconnect = false
    private var consumed = 0

    /// Creates an audit that has read nothing yet.
    public init() {}

    /// The appearance phase the log gives `name` (disappeared for a controller the log has not mentioned).
    public func phase(of name: String) -> Phase { controllers[name]?.phase ?? .disappeared }

    /// Checks the events recorded in `log` since the previous call.
    public mutating func audit(_ log: EventLog) -> [Violation] {
        let events = log.events
        var violations: [Violation] = []
        if consumed > events.count { consumed = 0 }
        for event in events[consumed...] { check(event, into: &violations) }
        consumed = events.count
        return violations
    }

    /// Checks one event.
    public mutating func check(_ event: Event, into violations: inout [Violation]) {
        func fail(_ rule: String, _ message: String) {
            violations.append(Violation(rule: rule, message: "\(event.object).\(event.kind.rawValue): \(message)"))
        }
        switch event.kind {
        case .willConnect, .sceneWillEnterForeground, .sceneDidBecomeActive, .sceneWillResignActive,
             .sceneDidEnterBackground, .sceneDidDisconnect:
            checkScene(event, fail)
            return
        case .traitsDidChange where isWindowName(event.object):
            return
        default:
            break
        }
        var track = controllers[event.object] ?? ControllerTrack()
        defer { controllers[event.object] = track }
        if track.released {
            fail("after-deinit", "an event after the object was released")
            return
        }
        switch event.kind {
        case .loadView:
            if track.loadedView { fail("view-loading", "loadView a second time") }
            track.loadedView = true
        case .viewDidLoad:
            if !track.loadedView { fail("view-loading", "viewDidLoad before loadView") }
            if track.didLoad { fail("view-loading", "viewDidLoad a second time") }
            track.didLoad = true
        case .viewWillAppear:
            if !track.didLoad { fail("view-loading", "an appearance callback before viewDidLoad") }
            if track.phase != .disappeared { fail("appearance-order", "viewWillAppear while \(track.phase.rawValue)") }
            track.phase = .appearing
            track.isAppearingDelivered = false
        case .viewIsAppearing:
            if track.phase != .appearing { fail("appearance-order", "viewIsAppearing while \(track.phase.rawValue)") }
            if track.isAppearingDelivered { fail("appearance-order", "viewIsAppearing twice in one appearance") }
            if event.horizontalSizeClass == nil { fail("is-appearing-in-window", "viewIsAppearing while the view is not in a window") }
            track.isAppearingDelivered = true
        case .viewDidAppear:
            if track.phase != .appearing { fail("appearance-order", "viewDidAppear while \(track.phase.rawValue)") }
            else if !track.isAppearingDelivered { fail("appearance-order", "viewDidAppear without viewIsAppearing") }
            track.phase = .appeared
        case .viewWillDisappear:
            if track.phase != .appeared { fail("appearance-order", "viewWillDisappear while \(track.phase.rawValue)") }
            track.phase = .disappearing
        case .viewDidDisappear:
            if track.phase != .disappearing { fail("appearance-order", "viewDidDisappear while \(track.phase.rawValue)") }
            track.phase = .disappeared
        case .viewWillLayoutSubviews:
            if track.inLayout { fail("layout-pairs", "viewWillLayoutSubviews again before viewDidLayoutSubviews") }
            track.inLayout = true
        case .viewDidLayoutSubviews:
            if !track.inLayout { fail("layout-pairs", "viewDidLayoutSubviews without viewWillLayoutSubviews") }
            track.inLayout = false
        case .deinit:
            // A disconnected scene's windows are released with their controllers as they are: nothing disappears.
            if track.phase != .disappeared, !sawDisconnect { fail("appearance-order", "released while \(track.phase.rawValue)") }
            track.released = true
        case .diagnostic:
            if event.diagnostic?.code == .unbalancedAppearanceTransition {
                fail("unbalanced-transition", event.diagnostic?.message ?? "")
            }
        default:
            break
        }
    }

    private mutating func checkScene(_ event: Event, _ fail: (String, String) -> Void) {
        let state = scenes[event.object] ?? .unattached
        let next: SceneState
        let allowed: Bool
        switch event.kind {
        case .willConnect: next = .unattached; allowed = scenes[event.object] == nil
        case .sceneWillEnterForeground: next = .inactive; allowed = state == .unattached || state == .background
        case .sceneDidBecomeActive: next = .active; allowed = state == .inactive
        case .sceneWillResignActive: next = .inactive; allowed = state == .active
        case .sceneDidEnterBackground: next = .background; allowed = state == .inactive
        default:
            next = .disconnected; allowed = state == .background || state == .unattached
            sawDisconnect = true
        }
        if !allowed { fail("scene-states", "not allowed from \(state)") }
        scenes[event.object] = next
    }

    private func isWindowName(_ name: String) -> Bool {
        name == "window" || name.hasPrefix("window-") || name.contains(".window")
    }

    /// Checks every controller `app` holds (the windows' roots, their children and presented controllers):
    /// a properly contained controller whose view is in a window has appeared, every other one has disappeared,
    /// and the log's phase agrees with the controller's. Call it when no operation is under way.
    public func auditHierarchy(of app: Application) -> [Violation] {
        var violations: [Violation] = []
        var seen = Set<ObjectIdentifier>()
        func visit(_ controller: ViewController) {
            guard seen.insert(ObjectIdentifier(controller)).inserted else { return }
            let expected: ViewController.AppearState = controller.receivesCallbacks && controller.isViewInWindow ? .appeared : .disappeared
            let state = controller.appearState
            if state != expected {
                violations.append(Violation(rule: "hierarchy", message: "'\(controller.name)' is \(state.label) but its view is "
                    + (controller.isViewInWindow ? "in the window" : "not in a window")
                    + (controller.receivesCallbacks ? "" : " (not properly contained)")))
            }
            if let logged = controllers[controller.name]?.phase, logged.rawValue != state.label {
                violations.append(Violation(rule: "hierarchy", message: "'\(controller.name)' is \(state.label) but the log says \(logged.rawValue)"))
            }
            for child in controller.children { visit(child) }
            if let presented = controller.presentedStorage { visit(presented) }
        }
        for scene in app.connectedScenes {
            for window in scene.windows { if let root = window.rootViewController { visit(root) } }
        }
        return violations
    }
}
