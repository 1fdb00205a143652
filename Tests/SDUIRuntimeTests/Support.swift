import SDUIEnvironment
@testable import SDUIRuntime

/// A launched app with its scene and the root controller.
@MainActor
struct Harness {
    let app: Application
    let scene: WindowScene
    var log: EventLog { app.eventLog }
    var window: Window { scene.windows[0] }
    var root: ViewController { window.rootViewController! }

    /// Launches an app whose root is made by `makeRoot` on `device` and clears nothing.
    init(device: String = "iphone-16", orientation: InterfaceOrientation = .portrait, mode: WindowMode = .fullScreen,
         _ makeRoot: @escaping @MainActor @Sendable () -> ViewController) throws {
        app = Application(sceneConfiguration: .hosting(makeRoot))
        let device = try #require(DeviceCatalog.device(named: device))
        scene = try app.launch(in: WindowConfiguration(device: device, orientation: orientation, mode: mode))
    }

    /// The event names recorded from `mark` on (`object.kind`).
    func names(since mark: Int = 0, kinds: Set<Event.Kind>? = nil) -> [String] {
        log.events(since: mark).filter { kinds?.contains($0.kind) ?? true }.map(\.name)
    }
}

import Testing

/// The event kinds of the appearance life cycle.
let appearanceKinds: Set<Event.Kind> = [.viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear]

/// A controller that records what it saw in its callbacks.
@MainActor
final class ProbeController: ViewController {
    var sizeInWillAppear: Size?
    var traitsInWillAppear: TraitCollection?
    var wasInWindowInWillAppear = false
    var sizeInIsAppearing: Size?
    var traitsInIsAppearing: TraitCollection?
    var onViewWillAppear: ((ProbeController) -> Void)?
    var onViewWillDisappear: ((ProbeController) -> Void)?

    override func viewWillAppear(_ animated: Bool) {
        sizeInWillAppear = view.bounds.size
        traitsInWillAppear = traitCollection
        wasInWindowInWillAppear = isViewInWindow
        onViewWillAppear?(self)
    }
    override func viewIsAppearing(_ animated: Bool) {
        sizeInIsAppearing = view.bounds.size
        traitsInIsAppearing = traitCollection
    }
    override func viewWillDisappear(_ animated: Bool) { onViewWillDisappear?(self) }
}
