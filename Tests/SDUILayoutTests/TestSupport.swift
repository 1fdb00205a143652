import SDUIEnvironment
@testable import SDUILayout
import SDUISchema
import Testing

/// A free-form window of `width` × `height` points on a phone (no safe area).
func window(_ width: Double, _ height: Double, device: String = "iphone-16") -> WindowEnvironment {
    let d = DeviceCatalog.device(named: device)!
    return try! WindowEnvironment(WindowConfiguration(device: d, orientation: .portrait, mode: .window(Size(width: width, height: height))))
}

/// A catalog device's window.
func device(_ name: String, _ orientation: InterfaceOrientation = .portrait, _ mode: WindowMode = .fullScreen) -> WindowEnvironment {
    try! WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: name)!, orientation: orientation, mode: mode))
}

extension LayoutResult {
    /// The frame of the node with `id`.
    func frame(_ id: String) -> Rect? { nodes.first { $0.id == id }?.frame }
    func node(_ id: String) -> LayoutNode? { nodes.first { $0.id == id } }
    func codes() -> [String] { diagnostics.map(\.code) }
}

func lay(_ root: ComponentNode, in environment: WindowEnvironment, contentSize: ContentSizeCategory = .large) -> LayoutResult {
    LayoutEngine().layout(Screen(id: "test", root: root), in: environment,
                          traits: environment.traitCollection(contentSize: contentSize))
}

func near(_ a: Double, _ b: Double, _ tolerance: Double = 0.01) -> Bool { abs(a - b) <= tolerance }
func near(_ a: Rect?, _ b: Rect, _ tolerance: Double = 0.01) -> Bool {
    guard let a else { return false }
    return near(a.x, b.x, tolerance) && near(a.y, b.y, tolerance) && near(a.width, b.width, tolerance) && near(a.height, b.height, tolerance)
}

/// The "fresh" side of a relayout-equals-fresh comparison: a new engine lays out a new `Screen` value equal to
/// `screen`, which no layout has flattened yet — so its build step runs again instead of taking the flat tree an
/// earlier layout kept with `screen` (comparing two layouts of one kept tree would not check the build at all).
func freshLayout(of screen: Screen, in environment: WindowEnvironment, traits: TraitCollection) -> LayoutResult {
    let copy = Screen(schemaVersion: screen.schemaVersion, id: screen.id, title: screen.title, root: screen.root)
    let result = LayoutEngine().layout(copy, in: environment, traits: traits)
    #expect(ScreenLayoutTemplates.of(copy).buildCount == 1, "the fresh layout of \(screen.id) built its own tree")
    return result
}

/// A screen laid out once by a new engine in a `width` × `height` window, with the updater its state changes go
/// through: where the state-change tests start.
struct KeptLayout {
    var updater: StateUpdater
    let engine = LayoutEngine()
    let environment: WindowEnvironment
    let traits: TraitCollection

    init(_ screen: Screen, width: Double = 375, height: Double = 667) {
        updater = StateUpdater(screen: screen)
        environment = window(width, height)
        traits = environment.traitCollection()
        _ = engine.layout(screen, in: environment, traits: traits)
    }

    /// The update to `state` (`names` changed) and the kept engine's layout of it; nil when the updater refuses.
    mutating func apply(_ state: ScreenState, changed names: [String]) -> (update: StateUpdate, result: LayoutResult)? {
        guard let update = updater.update(to: state, changedNames: names) else { return nil }
        return (update, engine.layout(applying: update, in: environment, traits: traits))
    }

    /// A fresh engine's layout of `screen` in the same window.
    func fresh(_ screen: Screen) -> LayoutResult { LayoutEngine().layout(screen, in: environment, traits: traits) }
}
