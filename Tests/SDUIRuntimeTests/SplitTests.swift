import Testing
import SDUIEnvironment
import SDUISchema
@testable import SDUIRuntime

@MainActor
struct SplitTests {
    func makeSplit() -> SplitViewController {
        SplitViewController(primary: ViewController(name: "list"), secondary: ViewController(name: "detail"))
    }

    @Test func `split shows both columns side by side in regular width`() throws {
        let h = try Harness(device: "ipad-pro-13-m4", orientation: .landscape) { self.makeSplit() }
        let split = try #require(h.root as? SplitViewController)
        #expect(!split.isCollapsed)
        #expect(split.primary.view.frame == Rect(x: 0, y: 0, width: 320, height: 1032))
        #expect(split.secondary.view.frame == Rect(x: 320, y: 0, width: 1056, height: 1032))
        // As in UIKit, the expanded primary column is horizontally compact; the secondary is regular.
        #expect(split.primary.traitCollection.horizontalSizeClass == .compact)
        #expect(split.secondary.traitCollection.horizontalSizeClass == .regular)
        #expect(h.names(kinds: appearanceKinds) == [
            "split.viewWillAppear", "list.viewWillAppear", "detail.viewWillAppear",
            "split.viewIsAppearing", "list.viewIsAppearing", "detail.viewIsAppearing",
            "split.viewDidAppear", "list.viewDidAppear", "detail.viewDidAppear",
        ])
    }

    @Test func `split starts collapsed on iPhone, showing the primary column full width`() throws {
        let h = try Harness(device: "iphone-16") { self.makeSplit() }
        let split = try #require(h.root as? SplitViewController)
        #expect(split.isCollapsed)
        #expect(split.displayedViewControllers.map(\.name) == ["list"])
        #expect(split.primary.view.frame == Rect(x: 0, y: 0, width: 393, height: 852))
        #expect(!split.secondary.isViewLoaded)
        split.show(.secondary)
        #expect(split.secondary.view.frame.size == Size(width: 393, height: 852))
        #expect(split.secondary.isAppearingOrAppeared && !split.primary.isAppearingOrAppeared)
    }

    @Test func `Split View two-thirds to one-third collapses the split live, in UIKit's order`() throws {
        let h = try Harness(device: "ipad-pro-13-m4", orientation: .landscape, mode: .splitView(.twoThirds)) { self.makeSplit() }
        let split = try #require(h.root as? SplitViewController)
        #expect(!split.isCollapsed)
        let mark = h.log.events.count
        try h.scene.resize(to: .splitView(.oneThird))
        #expect(h.names(since: mark) == [
            "split.viewWillTransition", "list.viewWillTransition", "detail.viewWillTransition",
            "window.traitsDidChange", "split.traitsDidChange",
            "detail.viewWillDisappear",
            "split.viewWillLayoutSubviews", "split.viewDidLayoutSubviews",
            "list.viewWillLayoutSubviews", "list.viewDidLayoutSubviews",
            "detail.viewDidDisappear",
        ])
        let events = Array(h.log.events(since: mark))
        #expect(events[0].horizontalSizeClass == .regular)
        #expect(events[1].targetSize == events[0].targetSize, "collapsing: the primary gets the whole width")
        #expect(events[3].horizontalSizeClass == .compact)
        #expect(split.isCollapsed)
        #expect(split.primary.view.frame.size == h.scene.environment.size)
        #expect(split.secondary.viewIfLoaded?.window == nil)
    }

    @Test func `growing back to two-thirds expands the split and the secondary reappears (the primary column stays compact: no trait change)`() throws {
        let h = try Harness(device: "ipad-pro-13-m4", orientation: .landscape, mode: .splitView(.twoThirds)) { self.makeSplit() }
        let split = try #require(h.root as? SplitViewController)
        try h.scene.resize(to: .splitView(.oneThird))
        let mark = h.log.events.count
        try h.scene.resize(to: .splitView(.twoThirds))
        #expect(h.names(since: mark) == [
            "split.viewWillTransition", "list.viewWillTransition",
            "window.traitsDidChange", "split.traitsDidChange",
            "detail.viewWillAppear",
            "split.viewWillLayoutSubviews", "split.viewDidLayoutSubviews",
            "list.viewWillLayoutSubviews", "list.viewDidLayoutSubviews",
            "detail.viewIsAppearing", "detail.viewWillLayoutSubviews", "detail.viewDidLayoutSubviews",
            "detail.viewDidAppear",
        ])
        #expect(!split.isCollapsed)
        let isAppearing = try #require(h.log.events(since: mark).first { $0.name == "detail.viewIsAppearing" })
        #expect(isAppearing.horizontalSizeClass == .regular)
        #expect(isAppearing.size == split.secondary.view.bounds.size)
        #expect(split.secondary.view.frame.minX == split.primary.view.frame.maxX)
    }

    @Test func `rotating an iPad full screen keeps the split expanded`() throws {
        let h = try Harness(device: "ipad-pro-11-m4", orientation: .portrait) { self.makeSplit() }
        let split = try #require(h.root as? SplitViewController)
        try h.scene.rotate()
        #expect(!split.isCollapsed)
        #expect(split.secondary.view.frame.maxX == h.scene.environment.size.width)
    }
}

@MainActor
struct StageManagerTests {
    @Test(arguments: [(700.0, false), (678.0, false), (677.0, true), (500.0, true), (1200.0, false)])
    func `a Stage Manager window collapses the split exactly below 678 points`(width: Double, collapsed: Bool) throws {
        let h = try Harness(device: "ipad-pro-13-m4", orientation: .landscape) {
            SplitViewController(primary: ViewController(name: "list"), secondary: ViewController(name: "detail"))
        }
        let split = try #require(h.root as? SplitViewController)
        try h.scene.resize(to: .window(Size(width: width, height: 800)))
        #expect(split.isCollapsed == collapsed)
        #expect(split.view.bounds.size == Size(width: width, height: 800))
        let shown = split.displayedViewControllers
        #expect(shown.allSatisfy { $0.isViewInWindow && $0.isAppearingOrAppeared })
        #expect(shown.map(\.view.frame.width).reduce(0, +) == width)
        // Back to full screen: expanded again, both columns appeared.
        try h.scene.resize(to: .fullScreen)
        #expect(!split.isCollapsed)
        #expect(split.secondary.isAppearingOrAppeared && split.secondary.isViewInWindow)
        #expect(h.log.diagnostics.isEmpty)
    }

    @Test func `Slide Over on iPad gives a compact, collapsed split`() throws {
        let h = try Harness(device: "ipad-air-13", orientation: .landscape, mode: .slideOver) {
            SplitViewController(primary: ViewController(name: "list"), secondary: ViewController(name: "detail"))
        }
        let split = try #require(h.root as? SplitViewController)
        #expect(split.isCollapsed)
        #expect(split.traitCollection.horizontalSizeClass == .compact)
    }
}

@MainActor
struct ShowDetailTests {
    func makeSplit() -> SplitViewController {
        SplitViewController(primary: ViewController(name: "list"), secondary: ViewController(name: "detail"))
    }

    @Test func `expanded, showing a detail replaces the secondary column in place`() throws {
        let h = try Harness(device: "ipad-pro-13-m4", orientation: .landscape) { self.makeSplit() }
        let split = try #require(h.root as? SplitViewController)
        let mark = h.log.events.count
        split.showDetailViewController(ViewController(name: "item"))
        #expect(h.names(since: mark, kinds: appearanceKinds.union([.willMoveToParent, .didMoveToParent, .deinit])) == [
            "detail.willMoveToParent", "item.willMoveToParent",
            "detail.viewWillDisappear", "item.viewWillAppear", "item.viewIsAppearing",
            "detail.viewDidDisappear", "item.viewDidAppear",
            "detail.didMoveToParent", "item.didMoveToParent",
            "detail.deinit",
        ])
        #expect(split.secondary.name == "item")
        #expect(split.secondary.view.frame == Rect(x: 320, y: 0, width: 1056, height: 1032))
        #expect(split.primary.isAppearingOrAppeared)
    }

    @Test func `collapsed, showing a detail covers the primary like a push`() throws {
        let h = try Harness(device: "iphone-16") { self.makeSplit() }
        let split = try #require(h.root as? SplitViewController)
        let mark = h.log.events.count
        split.showDetailViewController(ViewController(name: "item"))
        #expect(h.names(since: mark, kinds: appearanceKinds) == [
            "list.viewWillDisappear", "item.viewWillAppear", "item.viewIsAppearing", "list.viewDidDisappear", "item.viewDidAppear",
        ])
        #expect(split.topColumn == .secondary)
        #expect(split.displayedViewControllers.map(\.name) == ["item"])
        #expect(split.secondary.view.frame.size == Size(width: 393, height: 852))
        #expect(split.children.map(\.name) == ["list", "item"])
    }

    @Test func `a navigate action in the primary column shows the detail`() throws {
        let list = try Screen(json: """
        {"schemaVersion": 1, "id": "list", "root": {"type": "vstack", "children": [
          {"type": "button", "id": "row-1", "title": "One", "action": {"type": "navigate", "screen": "item/1"}}]}}
        """)
        let item = try Screens.simple("item/1")
        let router = Router(provider: InMemoryScreenProvider([list, item]), registry: ComponentRegistry())
        let h = try Harness(device: "ipad-pro-11-m4", orientation: .landscape) {
            SplitViewController(primary: ScreenViewController(screen: list, registry: router.registry, router: router),
                                secondary: ViewController(name: "empty"))
        }
        let split = try #require(h.root as? SplitViewController)
        let primary = try #require(split.primary as? ScreenViewController)
        try primary.performAction(ofNodeWithID: "row-1")
        let detail = try #require(split.secondary as? ScreenViewController)
        #expect(detail.name == "item/1")
        #expect(detail.layoutResult?.environment.size == detail.view.bounds.size)
        #expect(detail.layoutResult?.traits.horizontalSizeClass == .regular)
        #expect(h.log.diagnostics.isEmpty)
    }
}
