import Testing
import SDUIEnvironment
@testable import SDUIRuntime

@MainActor
struct LaunchTests {
    @Test func `launch without a scene configuration fails and says why`() throws {
        let app = Application(sceneConfiguration: nil)
        let device = try #require(DeviceCatalog.device(named: "iphone-16"))
        #expect {
            try app.launch(in: WindowConfiguration(device: device))
        } throws: { error in
            guard let error = error as? RuntimeError else { return false }
            return error.code == .noSceneConfiguration && error.message.contains("scene-based life cycle")
        }
        #expect(app.eventLog.events.isEmpty)
        #expect(app.connectedScenes.isEmpty)
    }

    @Test func `launch delivers scene and controller callbacks in Apple's order`() throws {
        let h = try Harness { ViewController(name: "root") }
        #expect(h.names() == [
            "scene.willConnect",
            "root.loadView", "root.viewDidLoad",
            "scene.sceneWillEnterForeground",
            "root.viewWillAppear",
            "root.viewIsAppearing", "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews",
            "scene.sceneDidBecomeActive",
            "root.viewDidAppear",
        ])
        #expect(h.scene.activationState == .foregroundActive)
        #expect(h.window.isKeyWindow)
    }

    @Test func `viewIsAppearing sees the window's real size and size classes; viewWillAppear does not`() throws {
        let h = try Harness(device: "ipad-pro-13-m4", orientation: .landscape) { ProbeController(name: "probe") }
        let probe = try #require(h.root as? ProbeController)
        #expect(probe.wasInWindowInWillAppear == false)
        #expect(probe.sizeInWillAppear == .zero)
        #expect(probe.sizeInIsAppearing == Size(width: 1376, height: 1032))
        #expect(probe.traitsInIsAppearing?.horizontalSizeClass == .regular)
        #expect(probe.traitsInIsAppearing?.verticalSizeClass == .regular)
        #expect(probe.traitsInIsAppearing?.userInterfaceIdiom == .pad)
        let willAppear = try #require(h.log.events.first { $0.kind == .viewWillAppear })
        #expect(willAppear.size == .zero && willAppear.horizontalSizeClass == nil)
        let isAppearing = try #require(h.log.events.first { $0.kind == .viewIsAppearing })
        #expect(isAppearing.size == Size(width: 1376, height: 1032))
        #expect(isAppearing.horizontalSizeClass == .regular && isAppearing.verticalSizeClass == .regular)
    }

    @Test(arguments: ["iphone-se-3", "iphone-16-pro-max", "ipad-mini-7", "ipad-pro-11-m4"])
    func `viewIsAppearing gets the full-screen size on every device`(slug: String) throws {
        let h = try Harness(device: slug) { ProbeController(name: "probe") }
        let probe = try #require(h.root as? ProbeController)
        #expect(probe.sizeInIsAppearing == h.scene.environment.size)
        #expect(probe.traitsInIsAppearing?.horizontalSizeClass == h.scene.environment.horizontalSizeClass)
    }

    @Test func `background and foreground reach only the scene delegate`() throws {
        let h = try Harness { ViewController(name: "root") }
        let mark = h.log.events.count
        try h.app.moveToBackground(h.scene)
        #expect(h.scene.activationState == .background)
        try h.app.moveToForeground(h.scene)
        #expect(h.names(since: mark) == [
            "scene.sceneWillResignActive", "scene.sceneDidEnterBackground",
            "scene.sceneWillEnterForeground", "scene.sceneDidBecomeActive",
        ])
        #expect(throws: RuntimeError.self) { try h.app.moveToForeground(h.scene) }
        try h.app.moveToBackground(h.scene)
        #expect(throws: RuntimeError.self) { try h.app.moveToBackground(h.scene) }
    }

    @Test func `disconnect backgrounds the scene, then disconnects it and releases its controllers`() throws {
        var h: Harness? = try Harness { NavigationController(rootViewController: ViewController(name: "home")) }
        let app = h!.app, scene = h!.scene
        let mark = app.eventLog.recordedCount
        h = nil
        try app.disconnect(scene)
        let names = app.eventLog.events(since: mark).map(\.name)
        #expect(names == [
            "scene.sceneWillResignActive", "scene.sceneDidEnterBackground", "scene.sceneDidDisconnect",
            "navigation.deinit", "home.deinit",
        ])
        #expect(app.connectedScenes.isEmpty)
        #expect(throws: RuntimeError.self) { try app.disconnect(scene) }
    }
}

@MainActor
struct MultipleSceneTests {
    @Test func `a second scene and a second window have their own names in the log`() throws {
        let app = Application(sceneConfiguration: .hosting { ViewController(name: "root") })
        let device = try #require(DeviceCatalog.device(named: "ipad-air-11"))
        let first = try app.launch(in: WindowConfiguration(device: device, orientation: .landscape, mode: .splitView(.half)))
        _ = first
        let mark = app.eventLog.recordedCount
        let second = try app.launch(in: WindowConfiguration(device: device, orientation: .landscape, mode: .splitView(.half)))
        #expect(second.name == "scene-2")
        #expect(app.eventLog.events(since: mark).first?.object == "scene-2")
        #expect(second.windows.first?.name == "scene-2.window")
        let extra = Window(windowScene: first)
        #expect(extra.name == "window-2")
        #expect(app.connectedScenes.count == 2)
    }
}
