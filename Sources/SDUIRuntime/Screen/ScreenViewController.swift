import SDUIEnvironment
public import SDUILayout
public import SDUISchema

/// The controller that hosts one SDUI screen: it lays the screen out in `viewIsAppearing` — when the
/// view is in the window with its final bounds and traits — and again whenever its size, safe area or
/// traits change; it builds one view per node at the engine's frames (the view tree mirrors the node
/// tree, each frame in its superview's coordinates); and it turns actions into navigation through its
/// `Router`.
///
/// Inside a container (a split column, a navigation stack under its bar) the screen is laid out in
/// its own view's bounds and safe area, with the size classes its trait collection has — never the
/// whole window's.
@MainActor
open class ScreenViewController: ViewController {
    /// The screen shown.
    public let screen: Screen
    /// Resolves node types to views.
    public let registry: ComponentRegistry
    /// Carries out actions (nil: actions throw `unsupportedAction`).
    public var router: Router?
    /// The latest layout.
    public private(set) var layoutResult: LayoutResult?
    /// How many times the screen has been laid out.
    public private(set) var layoutCount = 0
    /// The views, by node id (payload id or path id), in document order.
    public private(set) var nodeViews: [(id: String, view: View)] = []

    private let engine = LayoutEngine()
    private var lastLayoutKey: LayoutKey?
    private var reportedUnknownTypes: Set<String> = []

    private struct LayoutKey: Equatable {
        var size: Size
        var safeArea: EdgeInsets
        var traits: TraitCollection
    }

    /// Creates a controller for `screen`, named after the screen's id.
    public init(screen: Screen, registry: ComponentRegistry = .shared, router: Router? = nil) {
        self.screen = screen
        self.registry = registry
        self.router = router
        super.init(name: screen.id)
        title = screen.title
    }

    /// The view for the node with `id`, if laid out.
    public func nodeView(id: String) -> View? { nodeViews.first { $0.id == id }?.view }

    // MARK: Layout timing

    override func willDeliverViewIsAppearing() {
        layoutScreenIfNeeded()
    }

    override func layoutContainedViews() {
        // Only after the first layout in viewIsAppearing: a layout pass before the view appears has
        // no final geometry.
        guard lastLayoutKey != nil else { return }
        layoutScreenIfNeeded()
    }

    override func traitsDidChangeInternally(from previous: TraitCollection) {
        viewIfLoaded?.setNeedsLayout()
    }

    /// Lays the screen out when the view's size, safe area or traits differ from the last layout.
    func layoutScreenIfNeeded() {
        guard isViewInWindow, let environment = layoutEnvironment() else { return }
        let traits = traitCollection
        let key = LayoutKey(size: view.bounds.size, safeArea: environment.safeAreaInsets, traits: traits)
        guard key != lastLayoutKey else { return }
        lastLayoutKey = key
        let result = computeLayout(in: environment, traits: traits)
        layoutResult = result
        layoutCount += 1
        applyLayout(result)
    }

    /// The window the engine lays out in: this view's bounds and safe area, with this controller's
    /// size classes (a split column keeps the scene's traits but not the scene's width).
    func layoutEnvironment() -> WindowEnvironment? {
        guard let sceneEnvironment = windowScene?.environment else { return nil }
        let size = view.bounds.size
        var environment: WindowEnvironment
        if size == sceneEnvironment.size {
            environment = sceneEnvironment
        } else {
            var configuration = sceneEnvironment.configuration
            configuration.mode = .window(size)
            guard let windowed = try? WindowEnvironment(configuration) else { return nil }
            environment = windowed
        }
        let traits = traitCollection
        environment.safeAreaInsets = view.safeAreaInsets
        environment.horizontalSizeClass = traits.horizontalSizeClass
        environment.verticalSizeClass = traits.verticalSizeClass
        return environment
    }

    /// The one call into the layout engine.
    func computeLayout(in environment: WindowEnvironment, traits: TraitCollection) -> LayoutResult {
        engine.layout(screen, in: environment, traits: traits)
    }

    // MARK: Views

    /// Builds (or updates) one view per laid-out node.
    func applyLayout(_ result: LayoutResult) {
        let nodes = result.nodes
        let sameTree = nodeViews.count == nodes.count
            && zip(nodeViews, nodes).allSatisfy { $0.id == $1.id && (($0.view as? ComponentView)?.componentType ?? $1.type) == $1.type }
        if !sameTree {
            for entry in nodeViews { entry.view.removeFromSuperview() }
            nodeViews = []
            nodeViews.reserveCapacity(nodes.count)
            for node in nodes {
                let component = componentNode(atPath: node.path) ?? ComponentNode(type: node.type, id: node.id)
                if !registry.canResolve(node.type), !reportedUnknownTypes.contains(node.type.rawValue) {
                    reportedUnknownTypes.insert(node.type.rawValue)
                    report(.unknownComponent, "'\(screen.id)': no component registered for type '\(node.type.rawValue)' (first at \(node.pointer)); showing an empty placeholder")
                }
                let nodeView = registry.resolve(node: component)
                if nodeView.accessibilityIdentifier == nil { nodeView.accessibilityIdentifier = node.id }
                nodeViews.append((node.id, nodeView))
            }
            for (index, node) in nodes.enumerated() {
                let parentView = nodes.indices.contains(node.parent) ? nodeViews[node.parent].view : view
                parentView.addSubview(nodeViews[index].view)
            }
        }
        for (index, node) in nodes.enumerated() {
            let nodeView = nodeViews[index].view
            let parentOrigin = nodes.indices.contains(node.parent) ? nodes[node.parent].frame.origin : .zero
            nodeView.frame = Rect(x: node.frame.x - parentOrigin.x, y: node.frame.y - parentOrigin.y,
                                  width: node.frame.width, height: node.frame.height)
            nodeView.isHidden = node.isHidden
            (nodeView as? ComponentView)?.layoutNode = node
        }
        applyAccessibility(result)
    }

    /// The payload node at a path id (`root`, `root.0.3`).
    func componentNode(atPath path: String) -> ComponentNode? {
        let parts = path.split(separator: ".")
        guard parts.first == "root" else { return nil }
        var node = screen.root
        for part in parts.dropFirst() {
            guard let index = Int(part), node.children.indices.contains(index) else { return nil }
            node = node.children[index]
        }
        return node
    }

    // MARK: Actions

    /// Performs the action of the node with `id` (what a tap on it does).
    /// - Throws: `RuntimeError.nodeNotFound` when no node has that id or it has no action; the
    ///   router's errors otherwise.
    public func performAction(ofNodeWithID id: String) throws(RuntimeError) {
        guard let component = findComponent(id: id, in: screen.root) else {
            throw RuntimeError(.nodeNotFound, "'\(screen.id)' has no node with id '\(id)'")
        }
        guard let action = component.modifiers.action else {
            throw RuntimeError(.nodeNotFound, "node '\(id)' on '\(screen.id)' has no action")
        }
        try perform(action)
    }

    /// Whether the screen has a node with `id`.
    public func hasNode(id: String) -> Bool { findComponent(id: id, in: screen.root) != nil }

    /// Performs `action` through the router.
    /// - Throws: `RuntimeError.unsupportedAction` without a router; the router's errors otherwise.
    public func perform(_ action: Action) throws(RuntimeError) {
        guard let router else {
            throw RuntimeError(.unsupportedAction, "'\(screen.id)' has no router to perform '\(action.typeName)'")
        }
        try router.perform(action, from: self)
    }

    private func findComponent(id: String, in node: ComponentNode) -> ComponentNode? {
        if node.id == id { return node }
        for child in node.children { if let found = findComponent(id: id, in: child) { return found } }
        return nil
    }
}
