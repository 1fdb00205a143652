import SDUIEnvironment
import SDUIRuntime
import SDUISchema

/// Runs the runtime target's steps on a launched app and audits every step (see `RuntimeTarget`).
@MainActor
final class RuntimeDriver {
    let configuration: RuntimeTarget.Configuration
    let router: Router
    let app: Application
    private(set) var scene: WindowScene?
    private var audit = LifeCycleAudit()
    private var names: [String: Int] = [:]
    private var failures: [String] = []
    private var rootCount = 0

    init(_ configuration: RuntimeTarget.Configuration) {
        self.configuration = configuration
        let router = Router(provider: InMemoryScreenProvider(RuntimeScreens.screens))
        self.router = router
        let screens = RuntimeScreens.screens
        let root = configuration.root
        app = Application(sceneConfiguration: .hosting {
            let home = ScreenViewController(screen: screens[0], router: router)
            switch root {
            case "split":
                return SplitViewController(primary: NavigationController(rootViewController: home),
                                           secondary: ScreenViewController(screen: screens[1], router: router))
            case "tabs":
                let second = ScreenViewController(screen: screens[1], router: router)
                return TabBarController(viewControllers: [NavigationController(rootViewController: home, name: "navigation"),
                                                          NavigationController(rootViewController: second, name: "navigation-2")])
            case "screen":
                return home
            default:
                return NavigationController(rootViewController: home)
            }
        })
        names = ["home": 1, "detail": configuration.root == "split" || configuration.root == "tabs" ? 1 : 0]
        router.prepareViewController = { [weak self] controller in self?.nameUniquely(controller) }
    }

    /// Launches, applies `steps`, and returns every broken property, each naming its step.
    func run(_ steps: [RuntimeTarget.Step]) -> [String] {
        let config = configuration
        do {
            scene = try app.launch(in: WindowConfiguration(device: config.device, orientation: config.orientation, mode: config.mode),
                                   contentSizeCategory: config.contentSize, userInterfaceStyle: config.style)
        } catch {
            // The device does not offer the mode: launch in full screen instead (still a valid run).
            scene = try? app.launch(in: WindowConfiguration(device: config.device, orientation: config.orientation),
                                    contentSizeCategory: config.contentSize, userInterfaceStyle: config.style)
        }
        check(step: 0, label: "launch", before: [:], since: 0)
        for (index, step) in steps.enumerated() {
            guard let scene else { break }
            let before = disappearedControllers()
            let mark = app.eventLog.recordedCount
            apply(step, in: scene)
            check(step: index + 1, label: step.label, before: before, since: mark)
            if step == .background || step == .foreground {
                // Only a root that has not appeared yet (given to the window while the scene was in the background)
                // may appear on the way back.
                let kept = app.eventLog.events
                let appearedBefore = Set(kept.dropLast(app.eventLog.events(since: mark).count)
                    .filter { $0.kind == .viewDidAppear }.map(\.object))
                for event in app.eventLog.events(since: mark) where Self.appearanceKinds.contains(event.kind)
                    && (step == .background || appearedBefore.contains(event.object)) {
                    failures.append("step \(index + 1) \(step.label): \(event.name) — UIKit sends no appearance callbacks for background/foreground")
                }
            }
            if failures.count > 20 { break }
        }
        return failures
    }

    static let appearanceKinds: Set<Event.Kind> = [.viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear]

    private func check(step: Int, label: String, before: [ObjectIdentifier: String], since mark: Int) {
        for violation in audit.audit(app.eventLog) { failures.append("step \(step) \(label): \(violation)") }
        for violation in audit.auditHierarchy(of: app) { failures.append("step \(step) \(label): \(violation)") }
        // Out of the window before the step and not visible after it (still covered, or gone — an intermediate
        // presentation removed with the stack): nothing may reach it during the step.
        let visibleAfter = Set(allControllers().filter(\.isAppearingOrAppeared).map(ObjectIdentifier.init))
        let coveredNames = Set(before.filter { !visibleAfter.contains($0.key) }.map(\.value))
        guard !coveredNames.isEmpty else { return }
        for event in app.eventLog.events(since: mark) where Self.appearanceKinds.contains(event.kind) && coveredNames.contains(event.object) {
            failures.append("step \(step) \(label): \(event.name) reached '\(event.object)', which stayed out of the window")
        }
    }

    /// Every controller the app's windows hold: roots, children, presented controllers.
    private func allControllers() -> [ViewController] {
        var result: [ViewController] = []
        func visit(_ controller: ViewController) {
            result.append(controller)
            for child in controller.children { visit(child) }
            if let presented = controller.presentedViewController, presented.presentingViewController === controller { visit(presented) }
        }
        for scene in app.connectedScenes { for window in scene.windows { if let root = window.rootViewController { visit(root) } } }
        return result
    }

    /// The controllers out of the window now, by identity, with their log names.
    private func disappearedControllers() -> [ObjectIdentifier: String] {
        Dictionary(allControllers().filter { !$0.isAppearingOrAppeared }.map { (ObjectIdentifier($0), $0.name) },
                   uniquingKeysWith: { first, _ in first })
    }

    // MARK: Steps

    private var root: ViewController? { scene?.windows.first?.rootViewController }
    private var split: SplitViewController? { root as? SplitViewController }
    private var tabs: TabBarController? { root as? TabBarController }

    /// The navigation controller steps push on: the root, the split's primary, or the selected tab.
    private var navigation: NavigationController? {
        if let navigation = root as? NavigationController { return navigation }
        if let split { return split.primary as? NavigationController }
        return tabs?.selectedViewController as? NavigationController
    }

    private var topPresented: ViewController? {
        var top = root?.presentedViewController
        while let next = top?.presentedViewController { top = next }
        return top
    }

    private func makeScreen(_ index: Int) -> ScreenViewController {
        let controller = ScreenViewController(screen: RuntimeScreens.screens[index % RuntimeScreens.screens.count], router: router)
        nameUniquely(controller)
        return controller
    }

    private func nameUniquely(_ controller: ScreenViewController) {
        let id = controller.screen.id
        let count = (names[id] ?? 0) + 1
        names[id] = count
        if count > 1 { controller.name = "\(id)#\(count)" }
    }

    private func apply(_ step: RuntimeTarget.Step, in scene: WindowScene) {
        switch step {
        case .rotate: try? scene.rotate()
        case .resize(let mode): try? scene.resize(to: mode)
        case .resizeWindow(let width, let height): try? scene.resize(to: .window(Size(width: width, height: height)))
        case .present(let style, let index):
            let controller = makeScreen(index)
            controller.modalPresentationStyle = style
            (topPresented ?? root)?.present(controller, animated: true)
        case .presentFromTop(let style, let index):
            // From the visible content controller (a child): UIKit presents from its root-most ancestor.
            let controller = makeScreen(index)
            controller.modalPresentationStyle = style
            (topPresented ?? navigation?.topViewController ?? root)?.present(controller, animated: true)
        case .dismiss: topPresented?.dismiss(animated: true)
        case .dismissFromRoot: if root?.presentedViewController != nil { root?.dismiss(animated: true) }
        case .push(let index): if topPresented == nil { navigation?.pushViewController(makeScreen(index), animated: true) }
        case .pop: if let navigation, navigation.viewControllers.count > 1 { navigation.popViewController(animated: true) }
        case .popToRoot: navigation?.popToRootViewController(animated: true)
        case .setStack(let count):
            guard let navigation, let first = navigation.viewControllers.first else { return }
            navigation.setViewControllers([first] + (1..<count).map { makeScreen($0) }, animated: true)
        case .background: try? app.moveToBackground(scene)
        case .foreground: try? app.moveToForeground(scene)
        case .disconnect:
            try? app.disconnect(scene)
            self.scene = nil
        case .contentSize(let size): scene.updateContentSizeCategory(size)
        case .toggleStyle: scene.updateUserInterfaceStyle(scene.userInterfaceStyle == .dark ? .light : .dark)
        case .tap(let node):
            let id = RuntimeScreens.tappable[node % RuntimeScreens.tappable.count]
            let candidates: [ViewController?] = topPresented.map { [$0] } ?? [navigation?.topViewController, split?.secondary, root]
            guard let screen = candidates.compactMap({ $0 as? ScreenViewController }).first(where: \.isViewInWindow) else { return }
            try? screen.performAction(ofNodeWithID: id)
        case .selectTab(let index): tabs?.select(index: index % max(1, tabs?.viewControllers.count ?? 1), animated: true)
        case .showColumn(let column): split?.show(column)
        case .showDetail(let index): split?.showDetailViewController(makeScreen(index))
        case .replaceRoot(let index):
            // A new root while nothing is presented (UIKit leaves a presented controller of the old root dangling).
            guard root?.presentedViewController == nil, let window = scene.windows.first else { return }
            rootCount += 1
            window.rootViewController = NavigationController(rootViewController: makeScreen(index), name: "navigation#\(rootCount + 1)")
        }
    }
}
