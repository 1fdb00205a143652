import Testing
import SDUIEnvironment
@testable import SDUIRuntime

@MainActor
struct NavigationTests {
    @Test func `push and pop deliver callbacks on both sides in UIKit's order`() throws {
        let h = try Harness { NavigationController(rootViewController: ViewController(name: "home")) }
        let nav = try #require(h.root as? NavigationController)
        var mark = h.log.events.count
        nav.pushViewController(ViewController(name: "detail"), animated: true)
        #expect(h.names(since: mark) == [
            "detail.willMoveToParent",
            "detail.loadView", "detail.viewDidLoad",
            "home.viewWillDisappear", "detail.viewWillAppear",
            "navigation.viewWillLayoutSubviews", "navigation.viewDidLayoutSubviews",
            "detail.viewIsAppearing", "detail.viewWillLayoutSubviews", "detail.viewDidLayoutSubviews",
            "home.viewDidDisappear", "detail.viewDidAppear",
            "detail.didMoveToParent",
        ])
        let pushed = Array(h.log.events(since: mark))
        #expect(pushed[0].parent == "navigation")
        #expect(pushed[7].size == Size(width: 393, height: 852))
        #expect(nav.topViewController?.view.safeAreaInsets.top == Double(59 + 44))

        mark = h.log.events.count
        let popped = nav.popViewController(animated: true)
        #expect(popped?.name == "detail")
        #expect(h.names(since: mark) == [
            "detail.willMoveToParent",
            "detail.viewWillDisappear", "home.viewWillAppear",
            "navigation.viewWillLayoutSubviews", "navigation.viewDidLayoutSubviews",
            "home.viewIsAppearing", "home.viewWillLayoutSubviews", "home.viewDidLayoutSubviews",
            "detail.viewDidDisappear", "home.viewDidAppear",
            "detail.didMoveToParent",
        ])
        #expect(h.log.events.last?.parent == nil)
    }

    @Test func `a popped controller is released: its deinit is observable`() throws {
        let h = try Harness { NavigationController(rootViewController: ViewController(name: "home")) }
        let nav = try #require(h.root as? NavigationController)
        nav.pushViewController(ViewController(name: "detail"), animated: true)
        weak let detail = nav.topViewController
        #expect(detail != nil)
        let mark = h.log.events.count
        nav.popViewController(animated: true)
        #expect(detail == nil)
        #expect(h.names(since: mark).last == "detail.deinit")
    }

    @Test func `pop at the root records a diagnostic and changes nothing`() throws {
        let h = try Harness { NavigationController(rootViewController: ViewController(name: "home")) }
        let nav = try #require(h.root as? NavigationController)
        #expect(nav.popViewController(animated: true) == nil)
        #expect(h.log.diagnostics.map(\.code) == [.invalidNavigation])
        #expect(nav.viewControllers.map(\.name) == ["home"])
    }

    @Test func `pushing a controller that is already in the stack is a diagnostic`() throws {
        let h = try Harness { NavigationController(rootViewController: ViewController(name: "home")) }
        let nav = try #require(h.root as? NavigationController)
        nav.pushViewController(nav.viewControllers[0], animated: false)
        nav.pushViewController(nav, animated: false)
        #expect(h.log.diagnostics.map(\.code) == [.invalidNavigation, .invalidNavigation])
        #expect(nav.viewControllers.count == 1)
    }

    @Test func `tab switch: old tab disappears, new tab appears`() throws {
        let h = try Harness { TabBarController(viewControllers: [ViewController(name: "a"), ViewController(name: "b")]) }
        let tabs = try #require(h.root as? TabBarController)
        let mark = h.log.events.count
        tabs.select(index: 1)
        #expect(h.names(since: mark, kinds: appearanceKinds) == [
            "a.viewWillDisappear", "b.viewWillAppear", "b.viewIsAppearing", "a.viewDidDisappear", "b.viewDidAppear",
        ])
        #expect(tabs.selectedViewController?.view.safeAreaInsets.bottom == Double(34 + 49))
        tabs.select(index: 5)
        #expect(h.log.diagnostics.map(\.code) == [.invalidNavigation])
    }
}

@MainActor
struct TabSelectionTests {
    @Test func `assigning selectedIndex or selectedViewController switches tabs as in UIKit`() throws {
        let h = try Harness { TabBarController(viewControllers: [ViewController(name: "a"), ViewController(name: "b"), ViewController(name: "c")]) }
        let tabs = try #require(h.root as? TabBarController)
        tabs.selectedIndex = 2
        #expect(tabs.selectedViewController?.name == "c")
        #expect(tabs.viewControllers[2].isViewInWindow && !tabs.viewControllers[0].isViewInWindow)
        tabs.selectedViewController = tabs.viewControllers[1]
        #expect(tabs.selectedIndex == 1)
        tabs.selectedViewController = ViewController(name: "stranger")
        #expect(h.log.diagnostics.map(\.code) == [.invalidNavigation])
        #expect(tabs.selectedIndex == 1)
    }
}

@MainActor
struct SetViewControllersTests {
    @Test func `replacing the stack: leavers move out, newcomers in, the tops swap like a push`() throws {
        let h = try Harness { NavigationController(rootViewController: ViewController(name: "home")) }
        let nav = try #require(h.root as? NavigationController)
        var mark = h.log.events.count
        nav.setViewControllers([nav.viewControllers[0], ViewController(name: "a"), ViewController(name: "b")], animated: false)
        #expect(nav.viewControllers.map(\.name) == ["home", "a", "b"])
        #expect(h.names(since: mark, kinds: appearanceKinds.union([.willMoveToParent, .didMoveToParent])) == [
            "a.willMoveToParent", "b.willMoveToParent",
            "home.viewWillDisappear", "b.viewWillAppear", "b.viewIsAppearing", "home.viewDidDisappear", "b.viewDidAppear",
            "a.didMoveToParent", "b.didMoveToParent",
        ])
        #expect(!nav.viewControllers[1].isViewLoaded, "a controller under the top does not load its view")

        mark = h.log.events.count
        nav.setViewControllers([ViewController(name: "c")], animated: true)
        #expect(h.names(since: mark, kinds: appearanceKinds.union([.willMoveToParent, .didMoveToParent, .deinit])) == [
            "home.willMoveToParent", "a.willMoveToParent", "b.willMoveToParent", "c.willMoveToParent",
            "b.viewWillDisappear", "c.viewWillAppear", "c.viewIsAppearing", "b.viewDidDisappear", "c.viewDidAppear",
            "home.didMoveToParent", "a.didMoveToParent", "b.didMoveToParent", "c.didMoveToParent",
            "home.deinit", "a.deinit", "b.deinit",
        ])
        #expect(nav.viewControllers.map(\.name) == ["c"])
    }

    @Test func `an empty or repeating stack is a diagnostic`() throws {
        let h = try Harness { NavigationController(rootViewController: ViewController(name: "home")) }
        let nav = try #require(h.root as? NavigationController)
        nav.setViewControllers([], animated: false)
        let x = ViewController(name: "x")
        nav.setViewControllers([x, x], animated: false)
        #expect(h.log.diagnostics.map(\.code) == [.invalidNavigation, .invalidNavigation])
        #expect(nav.viewControllers.map(\.name) == ["home"])
    }
}
