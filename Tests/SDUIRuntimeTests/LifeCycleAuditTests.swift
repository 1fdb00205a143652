import Testing
import SDUIEnvironment
@testable import SDUIRuntime

@MainActor
struct LifeCycleAuditTests {
    /// The audit's rules over a hand-written log.
    func violations(_ events: [Event]) -> [String] {
        var audit = LifeCycleAudit()
        var found: [LifeCycleAudit.Violation] = []
        for event in events { audit.check(event, into: &found) }
        return found.map(\.rule)
    }

    func event(_ object: String, _ kind: Event.Kind, inWindow: Bool = true) -> Event {
        Event(object: object, kind: kind, size: Size(width: 10, height: 10),
              horizontalSizeClass: inWindow ? .compact : nil, verticalSizeClass: inWindow ? .regular : nil)
    }

    var loaded: [Event] { [event("a", .loadView), event("a", .viewDidLoad)] }

    @Test func `a complete appearance and disappearance is clean`() {
        #expect(violations(loaded + [event("a", .viewWillAppear, inWindow: false), event("a", .viewIsAppearing),
                                     event("a", .viewDidAppear), event("a", .viewWillDisappear), event("a", .viewDidDisappear),
                                     event("a", .deinit)]).isEmpty)
    }

    @Test func `a will without its did, a twice-delivered viewIsAppearing and one outside the window are caught`() {
        #expect(violations(loaded + [event("a", .viewWillAppear), event("a", .viewWillDisappear)]) == ["appearance-order"])
        #expect(violations(loaded + [event("a", .viewWillAppear), event("a", .viewIsAppearing), event("a", .viewIsAppearing)]) == ["appearance-order"])
        #expect(violations(loaded + [event("a", .viewWillAppear), event("a", .viewIsAppearing, inWindow: false)]) == ["is-appearing-in-window"])
        #expect(violations(loaded + [event("a", .viewWillAppear), event("a", .viewDidAppear)]) == ["appearance-order"])
        #expect(violations([event("a", .viewWillAppear)]) == ["view-loading"])
        #expect(violations(loaded + [event("a", .deinit), event("a", .viewWillAppear)]) == ["after-deinit"])
        #expect(violations([event("a", .viewWillLayoutSubviews), event("a", .viewWillLayoutSubviews)]) == ["layout-pairs"])
    }

    @Test func `a controller released while visible is caught, unless its scene disconnected`() {
        let visible = loaded + [event("a", .viewWillAppear), event("a", .viewIsAppearing), event("a", .viewDidAppear)]
        #expect(violations(visible + [event("a", .deinit)]) == ["appearance-order"])
        let scene = ["willConnect", "sceneWillEnterForeground", "sceneDidBecomeActive", "sceneWillResignActive",
                     "sceneDidEnterBackground", "sceneDidDisconnect"].map { Event(object: "scene", kind: Event.Kind(rawValue: $0)!) }
        #expect(violations(scene.prefix(3) + visible + scene.dropFirst(3) + [event("a", .deinit)]).isEmpty)
    }

    @Test func `scene states follow Apple's order`() {
        let connect = Event(object: "scene", kind: .willConnect)
        #expect(violations([connect, Event(object: "scene", kind: .sceneDidBecomeActive)]) == ["scene-states"])
        #expect(violations([connect, Event(object: "scene", kind: .sceneWillResignActive)]) == ["scene-states"])
        // Foreground inactive → background is one of Apple's transitions.
        #expect(violations([connect, Event(object: "scene", kind: .sceneWillEnterForeground),
                            Event(object: "scene", kind: .sceneDidEnterBackground)]).isEmpty)
    }

    @Test func `an unbalanced transition is a violation`() throws {
        let h = try Harness { ViewController(name: "root") }
        var audit = LifeCycleAudit()
        #expect(audit.audit(h.log).isEmpty)
        h.root.beginAppearanceTransition(true, animated: false)
        #expect(audit.audit(h.log).map(\.rule) == ["unbalanced-transition"])
    }

    @Test func `the hierarchy audit finds a controller whose state does not match its view`() throws {
        let h = try Harness { NavigationController(rootViewController: ViewController(name: "home")) }
        var audit = LifeCycleAudit()
        _ = audit.audit(h.log)
        #expect(audit.auditHierarchy(of: h.app).isEmpty)
        // Taking the visible screen's view out of the window behind the runtime's back.
        let home = try #require((h.root as? NavigationController)?.topViewController)
        home.view.removeFromSuperview()
        #expect(audit.audit(h.log).isEmpty)
        #expect(audit.auditHierarchy(of: h.app).map(\.description) == [], "removing a visible child's view disappears it")
        #expect(!home.isAppearingOrAppeared)
        home.appearState = .appeared
        #expect(audit.auditHierarchy(of: h.app).map(\.rule) == ["hierarchy", "hierarchy"])
    }
}
