import Testing
import SDUIEnvironment
@testable import SDUIRuntime

@MainActor
struct TransitionTests {
    @Test func `rotation delivers viewWillTransition with the old size, then traits, then layout`() throws {
        let h = try Harness { NavigationController(rootViewController: ViewController(name: "home")) }
        let mark = h.log.events.count
        try h.scene.rotate()
        #expect(h.names(since: mark) == [
            "navigation.viewWillTransition", "home.viewWillTransition",
            "window.traitsDidChange", "navigation.traitsDidChange", "home.traitsDidChange",
            "navigation.viewWillLayoutSubviews", "navigation.viewDidLayoutSubviews",
            "home.viewWillLayoutSubviews", "home.viewDidLayoutSubviews",
        ])
        let events = Array(h.log.events(since: mark))
        // At viewWillTransition the controller still sees the old size and traits.
        #expect(events[1].size == Size(width: 393, height: 852))
        #expect(events[1].targetSize == Size(width: 852, height: 393))
        #expect(events[1].verticalSizeClass == .regular)
        // iPhone landscape: compact height.
        #expect(events[4].changedTraits == ["verticalSizeClass", "interfaceOrientation"])
        #expect(events[4].verticalSizeClass == .compact)
        #expect(events[8].size == Size(width: 852, height: 393))
    }

    @Test func `a trait-only change (dark mode) has no viewWillTransition and no layout of unchanged views`() throws {
        let h = try Harness { ViewController(name: "root") }
        let mark = h.log.events.count
        h.scene.updateUserInterfaceStyle(.dark)
        #expect(h.names(since: mark) == ["window.traitsDidChange", "root.traitsDidChange"])
        #expect(h.root.traitCollection.userInterfaceStyle == .dark)
        let again = h.log.events.count
        h.scene.updateUserInterfaceStyle(.dark)
        #expect(h.names(since: again).isEmpty)
    }

    @Test func `an impossible resize throws and changes nothing`() throws {
        let h = try Harness(device: "ipad-pro-13-m4", orientation: .portrait) { ViewController(name: "root") }
        let mark = h.log.events.count
        #expect(throws: RuntimeError.self) { try h.scene.resize(to: .splitView(.half)) }
        #expect(h.names(since: mark).isEmpty)
        #expect(h.scene.environment.mode == .fullScreen)
    }

    @Test func `registered trait handlers get the previous traits; unrelated traits do not call them`() throws {
        let h = try Harness { ViewController(name: "root") }
        var calls: [(String, UserInterfaceSizeClass)] = []
        h.root.registerForTraitChanges([.verticalSizeClass]) { controller, previous in
            calls.append((controller.name, previous.verticalSizeClass))
        }
        h.scene.updateContentSizeCategory(.accessibility1)
        #expect(calls.isEmpty)
        try h.scene.rotate()
        #expect(calls.count == 1)
        #expect(calls.first?.0 == "root" && calls.first?.1 == .regular)
    }

    @Test func `trait overrides on a controller reach its children, not its parent`() throws {
        let h = try Harness { NavigationController(rootViewController: ViewController(name: "home")) }
        let nav = try #require(h.root as? NavigationController)
        let home = try #require(nav.topViewController)
        let mark = h.log.events.count
        home.traitOverrides.userInterfaceStyle = .dark
        #expect(home.traitCollection.userInterfaceStyle == .dark)
        #expect(nav.traitCollection.userInterfaceStyle == .light)
        #expect(h.names(since: mark, kinds: [.traitsDidChange]) == ["home.traitsDidChange"])
        let mark2 = h.log.events.count
        nav.traitOverrides.horizontalSizeClass = .regular
        #expect(h.names(since: mark2, kinds: [.traitsDidChange]) == ["navigation.traitsDidChange", "home.traitsDidChange"])
        #expect(home.traitCollection.horizontalSizeClass == .regular)
    }

    @Test func `the transition coordinator runs alongside blocks after layout and completions last`() throws {
        final class Coordinated: ViewController {
            var order: [String] = []
            override func viewWillTransition(to size: Size, with coordinator: ViewControllerTransitionCoordinator) {
                super.viewWillTransition(to: size, with: coordinator)
                order.append("will \(view.bounds.size)")
                coordinator.animate(alongsideTransition: { _ in self.order.append("alongside \(self.view.bounds.size)") },
                                    completion: { _ in self.order.append("completion") })
            }
            override func viewDidLayoutSubviews() { order.append("layout \(view.bounds.size)") }
        }
        let h = try Harness { Coordinated(name: "root") }
        let root = try #require(h.root as? Coordinated)
        root.order.removeAll()
        try h.scene.rotate()
        #expect(root.order == ["will 393×852", "layout 852×393", "alongside 852×393", "completion"])
    }
}
