import Testing
import SDUIEnvironment
@testable import SDUIRuntime

/// A container that follows Apple's four-step protocol, adding its child at a chosen moment.
@MainActor
final class Container: ViewController {
    enum Moment { case viewDidLoad, viewWillAppear, never }
    let child: ViewController
    let addAt: Moment
    var removeInViewWillDisappear = false
    var forwards = true
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { forwards }

    init(child: ViewController, addAt: Moment) {
        self.child = child; self.addAt = addAt
        super.init(name: "container")
    }
    override func viewDidLoad() { if addAt == .viewDidLoad { embed() } }
    override func viewWillAppear(_ animated: Bool) { if addAt == .viewWillAppear { embed() } }
    override func viewWillDisappear(_ animated: Bool) { if removeInViewWillDisappear { unembed() } }
    override func viewDidLayoutSubviews() { child.viewIfLoaded?.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: 100) }

    func embed() {
        addChild(child)
        view.addSubview(child.view)
        child.view.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: 100)
        child.didMove(toParent: self)
    }
    func unembed() {
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
    }
}

@MainActor
struct ContainmentTests {
    @Test func `a child added in viewDidLoad appears with its parent`() throws {
        let h = try Harness { Container(child: ViewController(name: "child"), addAt: .viewDidLoad) }
        #expect(h.names(kinds: appearanceKinds.union([.willMoveToParent, .didMoveToParent])) == [
            "child.willMoveToParent", "child.didMoveToParent",
            "container.viewWillAppear", "child.viewWillAppear",
            "container.viewIsAppearing", "child.viewIsAppearing",
            "container.viewDidAppear", "child.viewDidAppear",
        ])
    }

    @Test func `a child added during the parent's appearance transition joins it`() throws {
        let h = try Harness { Container(child: ViewController(name: "child"), addAt: .viewWillAppear) }
        #expect(h.names() == [
            "scene.willConnect", "container.loadView", "container.viewDidLoad",
            "scene.sceneWillEnterForeground",
            "container.viewWillAppear",
            "child.willMoveToParent", "child.loadView", "child.viewDidLoad", "child.didMoveToParent",
            "child.viewWillAppear",
            "container.viewIsAppearing", "container.viewWillLayoutSubviews", "container.viewDidLayoutSubviews",
            "child.viewIsAppearing", "child.viewWillLayoutSubviews", "child.viewDidLayoutSubviews",
            "scene.sceneDidBecomeActive",
            "container.viewDidAppear", "child.viewDidAppear",
        ])
        let isAppearing = try #require(h.log.events.first { $0.name == "child.viewIsAppearing" })
        #expect(isAppearing.size == Size(width: 393, height: 100))
        #expect(isAppearing.horizontalSizeClass == .compact)
    }

    @Test func `a child added to an appeared parent appears at the end of the run-loop turn`() throws {
        let h = try Harness { Container(child: ViewController(name: "child"), addAt: .never) }
        let container = try #require(h.root as? Container)
        let mark = h.log.events.count
        container.embed()
        #expect(h.names(since: mark) == [
            "child.willMoveToParent", "child.loadView", "child.viewDidLoad", "child.viewWillAppear", "child.didMoveToParent",
        ])
        let turn = h.log.events.count
        h.app.runUntilIdle()
        #expect(h.names(since: turn) == [
            "container.viewWillLayoutSubviews", "container.viewDidLayoutSubviews",
            "child.viewIsAppearing", "child.viewWillLayoutSubviews", "child.viewDidLayoutSubviews",
            "child.viewDidAppear",
        ])
    }

    @Test func `a child removed during the parent's disappearance gets its own disappearance, then leaves`() throws {
        let h = try Harness { NavigationController(rootViewController: Container(child: ViewController(name: "child"), addAt: .viewDidLoad)) }
        let nav = try #require(h.root as? NavigationController)
        let container = try #require(nav.topViewController as? Container)
        container.removeInViewWillDisappear = true
        let mark = h.log.events.count
        nav.pushViewController(ViewController(name: "next"), animated: true)
        #expect(h.names(since: mark, kinds: appearanceKinds.union([.willMoveToParent, .didMoveToParent])) == [
            "next.willMoveToParent",
            "container.viewWillDisappear",
            "child.willMoveToParent", "child.viewWillDisappear", "child.viewDidDisappear", "child.didMoveToParent",
            "next.viewWillAppear", "next.viewIsAppearing",
            "container.viewDidDisappear", "next.viewDidAppear",
            "next.didMoveToParent",
        ])
        #expect(container.children.isEmpty)
    }

    @Test func `an orphan gets nothing and is reported`() throws {
        final class Careless: ViewController {
            let orphan = ViewController(name: "orphan")
            override func viewDidLoad() { view.addSubview(orphan.view) }
        }
        let h = try Harness { Careless(name: "careless") }
        try h.scene.rotate()
        h.scene.updateUserInterfaceStyle(.dark)
        let orphanEvents = h.log.events.filter { $0.object == "orphan" }.map(\.kind)
        #expect(orphanEvents == [.loadView, .viewDidLoad, .diagnostic])
        let diagnostic = try #require(h.log.diagnostics.first)
        #expect(diagnostic.code == .orphanViewController)
        #expect(diagnostic.message.contains("without addChild"))
        // The careless parent itself still gets everything.
        #expect(h.log.events.contains { $0.name == "careless.viewWillTransition" })
    }

    @Test func `containment misuse is reported, never a crash`() throws {
        let h = try Harness { NavigationController(rootViewController: ViewController(name: "home")) }
        let nav = try #require(h.root as? NavigationController)
        let home = nav.viewControllers[0]
        home.addChild(home)
        home.addChild(nav)
        ViewController(name: "loner").removeFromParent()
        #expect(h.log.diagnostics.map(\.code) == [.containmentCycle, .containmentCycle])
        #expect(home.children.isEmpty && nav.children.count == 1)
        let loner = ViewController(name: "loner")
        nav.addChild(loner)
        loner.removeFromParent()
        loner.removeFromParent()
        #expect(h.log.diagnostics.last?.code == .removeNonChild)
        #expect(h.log.diagnostics.last?.message.contains("has no parent") == true)
    }

    @Test func `unbalanced appearance calls are reported and ignored`() throws {
        let h = try Harness { ViewController(name: "root") }
        h.root.beginAppearanceTransition(true, animated: false)
        h.root.endAppearanceTransition()
        #expect(h.log.diagnostics.map(\.code) == [.unbalancedAppearanceTransition, .unbalancedAppearanceTransition])
        #expect(h.log.diagnostics[0].message.hasPrefix("Unbalanced calls to begin/end appearance transitions for 'root'"))
        #expect(h.root.isAppearingOrAppeared)
    }

    @Test func `a container that does not forward appearance drives its child by hand`() throws {
        let h = try Harness {
            let container = Container(child: ViewController(name: "child"), addAt: .viewDidLoad)
            container.forwards = false
            return container
        }
        #expect(h.names(kinds: appearanceKinds).filter { $0.hasPrefix("child") }.isEmpty)
        let container = try #require(h.root as? Container)
        container.child.beginAppearanceTransition(true, animated: false)
        container.child.endAppearanceTransition()
        #expect(h.names(kinds: appearanceKinds).filter { $0.hasPrefix("child") } == [
            "child.viewWillAppear", "child.viewIsAppearing", "child.viewDidAppear",
        ])
    }

    @Test func `a moved child is reported and its old parent lets go`() throws {
        let h = try Harness { TabBarController(viewControllers: [ViewController(name: "a"), ViewController(name: "b")]) }
        let tabs = try #require(h.root as? TabBarController)
        let other = ViewController(name: "other")
        let b = tabs.viewControllers[1]
        other.addChild(b)
        #expect(h.log.diagnostics.map(\.code) == [.childHasParent])
        #expect(tabs.viewControllers.map(\.name) == ["a"])
        #expect(b.parent === other)
    }
}

@MainActor
struct LoadViewTests {
    @Test func `loadView assigns a custom view once; viewDidLoad runs once`() throws {
        final class Custom: View {}
        final class Controller: ViewController {
            var loads = 0
            override func loadView() { view = Custom() }
            override func viewDidLoad() { loads += 1 }
        }
        let h = try Harness { Controller(name: "custom") }
        let controller = try #require(h.root as? Controller)
        #expect(controller.view is Custom)
        try h.scene.rotate()
        _ = controller.view
        #expect(controller.loads == 1)
        #expect(h.names(kinds: [.loadView, .viewDidLoad]) == ["custom.loadView", "custom.viewDidLoad"])
    }

    @Test func `reading view inside loadView is a diagnostic, not endless recursion`() throws {
        final class Careless: ViewController {
            override func loadView() { view.accessibilityIdentifier = "oops" }
        }
        let h = try Harness { Careless(name: "careless") }
        #expect(h.log.diagnostics.map(\.code) == [.viewAccessedDuringLoadView])
        #expect(h.root.view.accessibilityIdentifier == "oops")
        #expect(h.root.isAppearingOrAppeared)
    }
}
