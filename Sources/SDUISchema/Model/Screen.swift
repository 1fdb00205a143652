import Foundation

/// A whole screen: the payload's top level.
///
/// Besides its properties a screen keeps the data other modules derive from it (`derived`: the layout
/// engine's flattened tree), shared by its copies and dropped whenever one of its properties is set.
public struct Screen: Hashable, Sendable {
    /// The payload format versions this build understands.
    public static let supportedVersions: [Int] = [1]
    public var schemaVersion: Int { didSet { derived = ScreenDerivedStorage.make() } }
    /// The screen's id (used for routing: `navigate` actions name it).
    public var id: String { didSet { derived = ScreenDerivedStorage.make() } }
    public var title: String? { didSet { derived = ScreenDerivedStorage.make() } }
    /// The tree. Changed in place (`screen.root.children[2].text = …`) or replaced, it drops `derived`.
    public var root: ComponentNode {
        // Read in place (`screen.state.schema` copies nothing).
        _read { yield rootValue }
        _modify {
            defer { derived = ScreenDerivedStorage.make() }
            yield &rootValue
        }
        set { rootValue = newValue; derived = ScreenDerivedStorage.make() }
    }
    /// The screen's state variables with their initial values (empty when the payload declares no `state`).
    /// The tree's bound values are resolved against it (see `docs/schema.md`, "State and bindings").
    public var state: ScreenState {
        _read { yield stateValue }
        _modify {
            defer { derived = ScreenDerivedStorage.make() }
            yield &stateValue
        }
        set { stateValue = newValue; derived = ScreenDerivedStorage.make() }
    }
    /// Named states to preview the screen in (`"previews": {"empty cart": {"count": 0}}`): each is `state` with
    /// the preview's values over it.
    public var previews: [StatePreview] { didSet { derived = ScreenDerivedStorage.make() } }
    /// Data derived from this value of the screen (see `ScreenDerivedStorage`); takes no part in equality.
    package private(set) var derived = ScreenDerivedStorage.make()
    /// Storage of `root` and `state` (their accessors drop `derived`; `update(state:tree:)` sets both and drops it once).
    private var rootValue: ComponentNode
    private var stateValue: ScreenState

    public init(schemaVersion: Int = 1, id: String, title: String? = nil, state: ScreenState = ScreenState(),
                previews: [StatePreview] = [], root: ComponentNode) {
        self.schemaVersion = schemaVersion; self.id = id; self.title = title; self.rootValue = root
        self.stateValue = state; self.previews = previews
    }

    /// Takes the screen to `state` and changes its tree in place with `body` (the nodes on the way are copied only
    /// if another value shares them): what setting `state` and changing `root` do, with one new `derived` instead
    /// of two (a state change's fast path, `StateUpdater.update(to:changedNames:)`).
    package mutating func update(state newState: ScreenState, tree body: (inout ComponentNode) -> Void) {
        body(&rootValue)
        stateValue = newState
        derived = ScreenDerivedStorage.make()
    }

    public static func == (lhs: Screen, rhs: Screen) -> Bool {
        lhs.schemaVersion == rhs.schemaVersion && lhs.id == rhs.id && lhs.title == rhs.title && lhs.root == rhs.root
            && lhs.state == rhs.state && lhs.previews == rhs.previews
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(schemaVersion); hasher.combine(id); hasher.combine(title); hasher.combine(root); hasher.combine(state)
    }
}
