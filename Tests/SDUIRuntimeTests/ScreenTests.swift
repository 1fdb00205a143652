import Testing
import SDUIEnvironment
import SDUILayout
import SDUISchema
@testable import SDUIRuntime

@MainActor
enum Screens {
    static func home() throws -> Screen {
        try Screen(json: """
        {"schemaVersion": 1, "id": "home", "title": "Home", "root": {
          "type": "vstack", "id": "stack", "spacing": 8, "children": [
            {"type": "text", "id": "headline", "text": "Hello", "style": "title"},
            {"type": "grid", "id": "cards", "columns": {"compact": 2, "regular": 4}, "spacing": 8, "children": [
              {"type": "color", "id": "c1", "color": "#ff0000", "aspectRatio": 1.5},
              {"type": "color", "id": "c2", "color": "#00ff00", "aspectRatio": 1.5},
              {"type": "color", "id": "c3", "color": "#0000ff", "aspectRatio": 1.5},
              {"type": "color", "id": "c4", "color": "#ffff00", "aspectRatio": 1.5}
            ]},
            {"type": "button", "id": "open-detail", "title": "Detail", "action": {"type": "navigate", "screen": "detail"}},
            {"type": "button", "id": "open-sheet", "title": "Sheet", "action": {"type": "present", "screen": "sheet", "style": "pageSheet"}},
            {"type": "button", "id": "open-web", "title": "Web", "action": {"type": "open", "url": "https://example.com"}},
            {"type": "button", "id": "open-missing", "title": "Missing", "action": {"type": "navigate", "screen": "nowhere"}}
          ]}}
        """)
    }
    static func simple(_ id: String, close: Bool = false) throws -> Screen {
        try Screen(json: """
        {"schemaVersion": 1, "id": "\(id)", "root": {"type": "vstack", "children": [
          {"type": "text", "id": "\(id)-title", "text": "\(id)"}
          \(close ? #", {"type": "button", "id": "close", "title": "Close", "action": {"type": "dismiss"}}"# : "")
        ]}}
        """)
    }
}

/// Records what the screen controller had laid out when each callback ran.
@MainActor
final class ObservedScreen: ScreenViewController {
    var layoutCountInWillAppear = -1
    var layoutCountInIsAppearing = -1
    override func viewWillAppear(_ animated: Bool) { layoutCountInWillAppear = layoutCount }
    override func viewIsAppearing(_ animated: Bool) { layoutCountInIsAppearing = layoutCount }
}

@MainActor
struct ScreenTests {
    @Test func `the screen is laid out in viewIsAppearing with the window's size and size classes`() throws {
        let screen = try Screens.home()
        let h = try Harness(device: "ipad-pro-13-m4", orientation: .landscape) { ObservedScreen(screen: screen, registry: ComponentRegistry()) }
        let controller = try #require(h.root as? ObservedScreen)
        #expect(controller.layoutCountInWillAppear == 0)
        #expect(controller.layoutCountInIsAppearing == 1)
        #expect(controller.layoutCount == 1, "one layout for one appearance")
        let result = try #require(controller.layoutResult)
        #expect(result.environment.size == Size(width: 1376, height: 1032))
        #expect(result.traits.horizontalSizeClass == .regular)
        // Four columns in regular width.
        let cards = result.nodes.filter { $0.id.hasPrefix("c") && $0.type == .color }
        #expect(Set(cards.map(\.frame.minY)).count == 1)
    }

    @Test func `the view tree mirrors the node tree at the engine's frames`() throws {
        let screen = try Screens.home()
        let h = try Harness { ScreenViewController(screen: screen, registry: ComponentRegistry()) }
        let controller = try #require(h.root as? ScreenViewController)
        let result = try #require(controller.layoutResult)
        #expect(controller.nodeViews.count == result.nodes.count)
        for (index, node) in result.nodes.enumerated() {
            let view = controller.nodeViews[index].view
            #expect(view.accessibilityIdentifier == node.id)
            #expect(view.convert(view.bounds, to: controller.view) == node.frame, "\(node.id)")
            let expectedParent = node.parent >= 0 ? controller.nodeViews[node.parent].view : controller.view
            #expect(view.superview === expectedParent)
        }
        let headline = try #require(controller.nodeView(id: "headline") as? ComponentView)
        #expect(headline.textLines == ["Hello"])
    }

    @Test func `rotation and trait changes lay the screen out again; nothing else does`() throws {
        let screen = try Screens.home()
        let h = try Harness { ScreenViewController(screen: screen, registry: ComponentRegistry()) }
        let controller = try #require(h.root as? ScreenViewController)
        try h.app.moveToBackground(h.scene)
        try h.app.moveToForeground(h.scene)
        h.app.runUntilIdle()
        #expect(controller.layoutCount == 1)
        try h.scene.rotate()
        #expect(controller.layoutCount == 2)
        #expect(controller.layoutResult?.environment.size == Size(width: 852, height: 393))
        #expect(controller.layoutResult?.traits.verticalSizeClass == .compact)
        h.scene.updateContentSizeCategory(.accessibility3)
        #expect(controller.layoutCount == 3)
        #expect(controller.layoutResult?.traits.preferredContentSizeCategory == .accessibility3)
        h.scene.updateUserInterfaceStyle(.dark)
        #expect(controller.layoutCount == 4)
    }

    @Test func `Split View one-third on iPad gives the compact layout`() throws {
        let screen = try Screens.home()
        let h = try Harness(device: "ipad-pro-13-m4", orientation: .landscape) { ScreenViewController(screen: screen, registry: ComponentRegistry()) }
        let controller = try #require(h.root as? ScreenViewController)
        let regularRow = try #require(controller.layoutResult?.nodes.first { $0.id == "c4" })
        #expect(regularRow.frame.minY == controller.layoutResult?.nodes.first { $0.id == "c1" }?.frame.minY)
        try h.scene.resize(to: .splitView(.oneThird))
        let result = try #require(controller.layoutResult)
        #expect(result.traits.horizontalSizeClass == .compact)
        #expect(result.environment.size == h.scene.environment.size)
        let c1 = try #require(result.nodes.first { $0.id == "c1" }), c3 = try #require(result.nodes.first { $0.id == "c3" })
        #expect(c3.frame.minY > c1.frame.minY, "two columns: the third card starts a new row")
    }

    @Test func `a screen in a split column lays out in its own bounds with its own size classes`() throws {
        let list = try Screens.simple("list"), detail = try Screens.home()
        let h = try Harness(device: "ipad-pro-13-m4", orientation: .landscape) {
            SplitViewController(primary: ScreenViewController(screen: list, registry: ComponentRegistry()),
                                secondary: ScreenViewController(screen: detail, registry: ComponentRegistry()))
        }
        let split = try #require(h.root as? SplitViewController)
        let primary = try #require(split.primary as? ScreenViewController)
        let secondary = try #require(split.secondary as? ScreenViewController)
        #expect(primary.layoutResult?.environment.size == Size(width: 320, height: 1032))
        #expect(primary.layoutResult?.traits.horizontalSizeClass == .compact)
        #expect(secondary.layoutResult?.environment.size == Size(width: 1056, height: 1032))
        #expect(secondary.layoutResult?.traits.horizontalSizeClass == .regular)
        #expect(secondary.layoutResult?.environment.safeAreaInsets.leading == 0)
        try h.scene.resize(to: .splitView(.oneThird))
        #expect(split.isCollapsed)
        #expect(primary.layoutResult?.environment.size == h.scene.environment.size)
    }

    @Test func `under a navigation bar the screen's safe area includes the bar`() throws {
        let screen = try Screens.simple("home")
        let h = try Harness { NavigationController(rootViewController: ScreenViewController(screen: screen, registry: ComponentRegistry())) }
        let nav = try #require(h.root as? NavigationController)
        let controller = try #require(nav.topViewController as? ScreenViewController)
        #expect(controller.layoutResult?.environment.safeAreaInsets.top == Double(59 + 44))
        let title = try #require(controller.layoutResult?.nodes.first { $0.id == "home-title" })
        #expect(title.frame.minY >= 103)
    }

    @Test func `registered custom types get the host's view; unknown types a placeholder and one diagnostic`() throws {
        final class MapView: View {}
        let registry = ComponentRegistry()
        registry.register(type: "map") { _ in MapView() }
        let screen = try Screen(json: """
        {"schemaVersion": 1, "id": "custom", "root": {"type": "vstack", "children": [
          {"type": "map", "id": "map"}, {"type": "chart", "id": "chart-1"}, {"type": "chart", "id": "chart-2"}]}}
        """)
        let h = try Harness { ScreenViewController(screen: screen, registry: registry) }
        let controller = try #require(h.root as? ScreenViewController)
        #expect(controller.nodeView(id: "map") is MapView)
        #expect((controller.nodeView(id: "chart-1") as? ComponentView)?.isPlaceholder == true)
        #expect(h.log.diagnostics.map(\.code) == [.unknownComponent])
        #expect(h.log.diagnostics.first?.message.contains("'chart'") == true)
        #expect(registry.resolve(node: ComponentNode(type: .text)) is ComponentView)
    }

    @Test func `actions push, present, dismiss and open through the router`() throws {
        let provider = InMemoryScreenProvider([try Screens.home(), try Screens.simple("detail"), try Screens.simple("sheet", close: true)])
        let router = Router(provider: provider, registry: ComponentRegistry())
        let h = try Harness {
            NavigationController(rootViewController: (try? router.makeScreenViewController(id: "home")) ?? ViewController())
        }
        let nav = try #require(h.root as? NavigationController)
        let home = try #require(nav.topViewController as? ScreenViewController)

        try home.performAction(ofNodeWithID: "open-detail")
        #expect(nav.viewControllers.map(\.name) == ["home", "detail"])
        #expect((nav.topViewController as? ScreenViewController)?.layoutCount == 1)
        nav.popViewController(animated: true)

        try home.performAction(ofNodeWithID: "open-sheet")
        let sheet = try #require(home.presentedViewController as? ScreenViewController)
        #expect(sheet.name == "sheet" && sheet.modalPresentationStyle == .pageSheet)
        #expect(throws: RuntimeError.self) { try home.performAction(ofNodeWithID: "open-sheet") }
        try sheet.performAction(ofNodeWithID: "close")
        #expect(home.presentedViewController == nil)
        #expect { try sheet.performAction(ofNodeWithID: "close") } throws: { ($0 as? RuntimeError)?.code == .nothingToDismiss }

        try home.performAction(ofNodeWithID: "open-web")
        #expect(router.openedURLs == ["https://example.com"])
        #expect { try home.performAction(ofNodeWithID: "open-missing") } throws: { ($0 as? RuntimeError)?.code == .screenNotFound }
        #expect { try home.performAction(ofNodeWithID: "headline") } throws: { ($0 as? RuntimeError)?.code == .nodeNotFound }
        #expect { try home.performAction(ofNodeWithID: "no-such-node") } throws: { ($0 as? RuntimeError)?.code == .nodeNotFound }
    }

    @Test func `navigate outside a navigation controller is an error`() throws {
        let provider = InMemoryScreenProvider([try Screens.home(), try Screens.simple("detail")])
        let router = Router(provider: provider, registry: ComponentRegistry())
        let h = try Harness { (try? router.makeScreenViewController(id: "home")) ?? ViewController() }
        let home = try #require(h.root as? ScreenViewController)
        #expect { try home.performAction(ofNodeWithID: "open-detail") } throws: { ($0 as? RuntimeError)?.code == .noNavigationController }
    }
}

@MainActor
struct RightToLeftScreenTests {
    @Test func `traitOverrides.layoutDirection lays the screen out again, mirrored, and views take the mirrored frames`() throws {
        let screen = try Screens.home()
        let h = try Harness(device: "iphone-16") { ScreenViewController(screen: screen, registry: ComponentRegistry()) }
        let controller = try #require(h.root as? ScreenViewController)
        let ltr = try #require(controller.layoutResult)
        #expect(ltr.traits.layoutDirection == .leftToRight)
        controller.traitOverrides.layoutDirection = .rightToLeft
        h.window.layoutIfNeeded()
        let rtl = try #require(controller.layoutResult)
        #expect(controller.layoutCount == 2)
        #expect(rtl.traits.layoutDirection == .rightToLeft)
        let width = ltr.environment.size.width
        for (a, b) in zip(ltr.nodes, rtl.nodes) {
            #expect(abs(b.frame.x - (width - a.frame.x - a.frame.width)) < 1e-9, "\(a.id)")
            #expect(b.frame.y == a.frame.y && b.frame.size == a.frame.size)
        }
        // The first card sits at the right of its row: its view's frame (in its parent's coordinates) moved.
        let card = try #require(controller.nodeView(id: "c1"))
        let cards = try #require(rtl.nodes.first { $0.id == "cards" }), c1 = try #require(rtl.nodes.first { $0.id == "c1" })
        #expect(card.frame.x == c1.frame.x - cards.frame.x)
        #expect(c1.frame.x > rtl.nodes.first { $0.id == "c2" }!.frame.x, "the first column is on the right")
    }

    @Test func `a scene launched right to left lays its screens out right to left`() throws {
        let screen = try Screens.home()
        let app = Application(sceneConfiguration: .hosting { ScreenViewController(screen: screen, registry: ComponentRegistry()) })
        let device = try #require(DeviceCatalog.device(named: "iphone-16"))
        let scene = try app.launch(in: WindowConfiguration(device: device), layoutDirection: .rightToLeft)
        #expect(scene.traitCollection.layoutDirection == .rightToLeft)
        let controller = try #require(scene.windows.first?.rootViewController as? ScreenViewController)
        #expect(controller.layoutResult?.traits.layoutDirection == .rightToLeft)
    }
}
