import Testing
import SDUIEnvironment
@testable import SDUIRuntime

@MainActor
struct PresentationTests {
    func presented(_ style: ModalPresentationStyle) -> ViewController {
        let controller = ViewController(name: "modal")
        controller.modalPresentationStyle = style
        return controller
    }

    @Test func `full-screen presentation takes the presenter out of the window and back`() throws {
        let h = try Harness { ViewController(name: "root") }
        var mark = h.log.events.count
        var completed = false
        h.root.present(presented(.fullScreen), animated: true) { completed = true }
        #expect(completed)
        #expect(h.names(since: mark) == [
            "modal.loadView", "modal.viewDidLoad",
            "root.viewWillDisappear", "modal.viewWillAppear",
            "modal.viewIsAppearing", "modal.viewWillLayoutSubviews", "modal.viewDidLayoutSubviews",
            "modal.viewDidAppear", "root.viewDidDisappear",
        ])
        #expect(h.root.viewIfLoaded?.window == nil)
        #expect(h.root.presentedViewController?.name == "modal")
        #expect(h.root.presentedViewController?.presentingViewController === h.root)

        mark = h.log.events.count
        h.root.presentedViewController?.dismiss(animated: true)
        #expect(h.names(since: mark) == [
            "modal.viewWillDisappear", "root.viewWillAppear",
            "root.viewIsAppearing", "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews",
            "root.viewDidAppear", "modal.viewDidDisappear",
            "modal.deinit",
        ])
        #expect(h.root.view.window === h.window)
        #expect(h.root.presentedViewController == nil)
    }

    @Test(arguments: [ModalPresentationStyle.pageSheet, .formSheet, .overFullScreen, .automatic])
    func `sheets and over-full-screen leave the presenter alone`(style: ModalPresentationStyle) throws {
        let h = try Harness { ViewController(name: "root") }
        var mark = h.log.events.count
        h.root.present(presented(style), animated: true)
        #expect(h.names(since: mark) == [
            "modal.loadView", "modal.viewDidLoad",
            "modal.viewWillAppear",
            "modal.viewIsAppearing", "modal.viewWillLayoutSubviews", "modal.viewDidLayoutSubviews",
            "modal.viewDidAppear",
        ])
        #expect(h.root.view.window === h.window)
        mark = h.log.events.count
        h.root.dismiss(animated: true)
        #expect(h.names(since: mark) == ["modal.viewWillDisappear", "modal.viewDidDisappear", "modal.deinit"])
    }

    @Test func `automatic resolves to form sheet; sheets on iPad regular width are cards`() throws {
        #expect(ModalPresentationStyle.automatic.resolved == .formSheet)
        let h = try Harness(device: "ipad-pro-13-m4", orientation: .landscape) { ViewController(name: "root") }
        let modal = presented(.automatic)
        h.root.present(modal, animated: false)
        #expect(modal.view.frame.size == Size(width: 540, height: 620))
        #expect(modal.traitCollection.horizontalSizeClass == .regular)
    }

    @Test func `a sheet on iPhone starts below the top safe area and is full width`() throws {
        let h = try Harness { ViewController(name: "root") }
        let modal = presented(.pageSheet)
        h.root.present(modal, animated: false)
        #expect(modal.view.frame == Rect(x: 0, y: 69, width: 393, height: 783))
    }

    @Test func `a presented controller inherits traits through its superview chain, not from the presenter`() throws {
        let h = try Harness { ViewController(name: "root") }
        h.root.traitOverrides.userInterfaceStyle = .dark
        let modal = presented(.pageSheet)
        h.root.present(modal, animated: false)
        #expect(h.root.traitCollection.userInterfaceStyle == .dark)
        #expect(modal.traitCollection.userInterfaceStyle == .light)
        let mark = h.log.events.count
        h.window.traitOverrides.userInterfaceStyle = .dark
        #expect(modal.traitCollection.userInterfaceStyle == .dark)
        #expect(h.names(since: mark, kinds: [.traitsDidChange]) == ["window.traitsDidChange", "modal.traitsDidChange"])
    }

    @Test func `presenting while already presenting is a diagnostic, and nothing happens`() throws {
        let h = try Harness { NavigationController(rootViewController: ViewController(name: "home")) }
        let nav = try #require(h.root as? NavigationController)
        let home = try #require(nav.topViewController)
        home.present(presented(.pageSheet), animated: false)
        #expect(home.presentedViewController?.name == "modal")
        #expect(home.presentedViewController?.presentingViewController === nav, "the presentation context is the root-most ancestor")
        var completed = false
        home.present(ViewController(name: "second"), animated: false) { completed = true }
        #expect(!completed)
        let diagnostic = try #require(h.log.diagnostics.first)
        #expect(diagnostic.code == .alreadyPresenting)
        #expect(diagnostic.message.contains("which is already presenting 'modal'"))
        #expect(!h.log.events.contains { $0.object == "second" && $0.kind != .diagnostic && $0.kind != .deinit })
    }

    @Test func `dismissing with nothing presented is a diagnostic`() throws {
        let h = try Harness { ViewController(name: "root") }
        var completed = false
        h.root.dismiss(animated: true) { completed = true }
        #expect(!completed)
        #expect(h.log.diagnostics.map(\.code) == [.nothingToDismiss])
    }

    @Test func `presenting a child or the presenter itself is a diagnostic`() throws {
        let h = try Harness { NavigationController(rootViewController: ViewController(name: "home")) }
        let nav = try #require(h.root as? NavigationController)
        nav.present(nav.viewControllers[0], animated: false)
        nav.present(nav, animated: false)
        #expect(h.log.diagnostics.map(\.code) == [.invalidPresentation, .invalidPresentation])
        #expect(nav.presentedViewController == nil)
    }

    @Test func `rotation reaches a presented controller with its presentation size`() throws {
        let h = try Harness(device: "ipad-pro-13-m4", orientation: .portrait) { ViewController(name: "root") }
        let modal = presented(.formSheet)
        h.root.present(modal, animated: false)
        let mark = h.log.events.count
        try h.scene.rotate()
        let names = h.names(since: mark, kinds: [.viewWillTransition])
        #expect(names == ["root.viewWillTransition", "modal.viewWillTransition"])
        let modalTransition = try #require(h.log.events(since: mark).first { $0.name == "modal.viewWillTransition" })
        #expect(modalTransition.targetSize == Size(width: 540, height: 620))
    }
}

@MainActor
struct StackedPresentationTests {
    @Test func `dismissing a lower presentation dismisses the ones above it first`() throws {
        let h = try Harness { ViewController(name: "root") }
        let first = ViewController(name: "first"), second = ViewController(name: "second")
        first.modalPresentationStyle = .fullScreen
        second.modalPresentationStyle = .pageSheet
        h.root.present(first, animated: false)
        first.present(second, animated: false)
        #expect(first.presentingViewController === h.root && second.presentingViewController === first)
        #expect(h.window.subviews.map { $0.owningController?.name } == ["first", "second"])
        let mark = h.log.events.count
        h.root.dismiss(animated: true)
        #expect(h.names(since: mark, kinds: appearanceKinds.union([.deinit])) == [
            "second.viewWillDisappear", "second.viewDidDisappear",
            "first.viewWillDisappear", "root.viewWillAppear", "root.viewIsAppearing", "root.viewDidAppear", "first.viewDidDisappear",
        ])
        #expect(h.root.presentedViewController == nil && first.presentedViewController == nil)
        #expect(h.window.subviews.map { $0.owningController?.name } == ["root"])
    }

    @Test func `events serialise to JSON with the size classes the controller saw`() throws {
        let h = try Harness { ViewController(name: "root") }
        let willAppear = try #require(h.log.events.first { $0.kind == .viewWillAppear })
        #expect(willAppear.jsonValue.serialized() == #"{"object":"root","event":"viewWillAppear","size":{"width":0,"height":0},"horizontalSizeClass":"unspecified","verticalSizeClass":"unspecified","animated":false}"#)
        let isAppearing = try #require(h.log.events.first { $0.kind == .viewIsAppearing })
        #expect(isAppearing.jsonValue.serialized() == #"{"object":"root","event":"viewIsAppearing","size":{"width":393,"height":852},"horizontalSizeClass":"compact","verticalSizeClass":"regular","animated":false}"#)
        let scene = try #require(h.log.events.first)
        #expect(scene.jsonValue.serialized() == #"{"object":"scene","event":"willConnect"}"#)
    }
}
