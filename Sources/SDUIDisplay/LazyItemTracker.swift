public import SDUIEnvironment
public import SDUISchema
public import SDUILayout

/// The lazy items of a screen's root scroll as it scrolls, and their `onAppear` / `onDisappear` — for every host
/// (the headless runtime's `ScreenViewController`, the UIKit host's scroll view).
///
/// Lazy items are the items of the grids the engine lays out lazily (`LayoutEngine.layout(_:in:traits:viewport:)`):
/// grids without GridItem columns in the root vertical scroll's column — its children, or children of vstacks in
/// the column without a frame or aspect ratio, at any depth (SwiftUI's `LazyVGrid` in a `ScrollView`). As in
/// SwiftUI, such an item's `onAppear` (and those of the nodes inside it) runs when it enters the scroll view's
/// visible area and its `onDisappear` when it leaves it — not when the screen appears: at `viewDidAppear` only the
/// items then visible appear, at `viewDidDisappear` those visible disappear. Every other node's actions run with
/// the screen's appearance (`lifecycleActions(in:appearing:skipping:)` with `lazyItemPaths`). After every layout (a
/// state change, a rotation) the visible items are found again, so an item that a state change moves into view
/// appears too.
///
/// A class, and on the main actor: running an item's action changes the state, which lays the screen out again and
/// asks for another update while this one runs — that one is folded into the running update as a further round
/// (`maxRounds`), so an item whose `onAppear` hides itself and shows it again cannot spin.
@MainActor
public final class LazyItemTracker {
    /// The root scroll's content offset (`UIScrollView.contentOffset.y`), 0 at the top; kept within the content
    /// (0…content height − visible height) as a scroll view without bounce keeps it.
    public private(set) var offset = 0.0
    /// The ids of the lazy items in the visible area, in document order (those whose `onAppear` ran last).
    public private(set) var visible: [String] = []
    /// Between `viewDidAppear` and `viewDidDisappear` (no item is visible before or after).
    public var hasAppeared = false

    /// The `onDisappear` actions (with their locals) of the visible items that have some, as of the last time they
    /// were found visible: what runs when a state change removes such an item from the tree.
    private var disappearActions: [String: [(action: Action, locals: ScreenSession.Locals)]] = [:]
    /// The layout indices of the lazy items in the last layout; nil: to be found (after a layout whose screen or
    /// traits may differ anywhere, or whose changed nodes include a grid, vstack or scroll — what decides which
    /// nodes are lazy).
    private var lazyItems: [Int]?
    /// The root scroll's children (layout indices), found with `lazyItems`.
    private var scrollContent: [Int] = []
    private var isUpdating = false
    private var needsUpdate = false

    /// How many times one visibility update may follow the changes its own actions made.
    public static let maxRounds = 16

    public init() {}

    /// What an update reads of the host, as it is when asked (actions between rounds change it).
    public struct Snapshot {
        public var screen: Screen
        public var layout: LayoutResult
        /// The display list of `layout` (ids by layout index).
        public var items: [DisplayItem]
        /// The horizontal size class the layout was made in, asked only when the lazy items must be found again (a
        /// host's trait collection can cost more to read than the rest of an update).
        public var sizeClass: () -> UserInterfaceSizeClass
        public init(screen: Screen, layout: LayoutResult, items: [DisplayItem], sizeClass: @escaping () -> UserInterfaceSizeClass) {
            self.screen = screen; self.layout = layout; self.items = items; self.sizeClass = sizeClass
        }
    }

    /// Sets the content offset (clamped to the content at the next update); call `update` after.
    public func scroll(to offset: Double) { self.offset = offset }

    /// After a layout whose display list came as `change`: which nodes are lazy is found again unless the change kept
    /// the tree and changed no grid, vstack or scroll (`changedComponents`: the update's changed nodes).
    public func layoutApplied(_ change: DisplayListChange, changedComponents: [Int32]?, items: [DisplayItem]) {
        guard case .items = change, let changedComponents, lazyItems != nil else { lazyItems = nil; return }
        if changedComponents.contains(where: { i in
            i < 0 || Int(i) >= items.count || [.grid, .vstack, .scroll].contains(items[Int(i)].type)
        }) { lazyItems = nil }
    }

    /// Finds the visible lazy items and runs the actions of those that entered or left the visible area (leaving
    /// first, each in document order; none while the screen has not appeared) through `perform`, with a context for
    /// its errors ("'screen' onAppear of lazy item 'id'"). `current`: the host's screen and layout now (nil: no
    /// layout). `report`: a problem (the rounds ran out).
    public func update(current: () -> Snapshot?, perform: (Action, ScreenSession.Locals, String) -> Void,
                       report: (String) -> Void) {
        guard !isUpdating else { needsUpdate = true; return }
        isUpdating = true
        defer { isUpdating = false }
        var rounds = 0
        var screenID = ""
        repeat {
            needsUpdate = false
            rounds += 1
            let refreshed = lazyItems == nil
            let snapshot = current()
            screenID = snapshot?.screen.id ?? screenID
            var now: [String] = []
            if hasAppeared {
                if let snapshot { now = findVisible(in: snapshot) } else { offset = 0 }
            }
            let before = visible
            visible = now
            let left = before.filter { !now.contains($0) }
            let entered = now.filter { !before.contains($0) }
            // An item a state change removed (its forEach's items no longer hold it) disappears with the actions
            // it had while it was visible: it is no longer in the tree to read them from.
            let root = snapshot?.screen.root
            let gone = left.filter { root?.node(withID: $0) == nil }
            for id in gone {
                for (action, locals) in disappearActions[id] ?? [] {
                    perform(action, locals, "'\(screenID)' onDisappear of removed lazy item '\(id)'")
                }
            }
            run(left.filter { !gone.contains($0) }, appearing: false, screenID: screenID, current: current, perform: perform)
            for id in left { disappearActions[id] = nil }
            run(entered, appearing: true, screenID: screenID, current: current, perform: perform)
            // A visible item's `onDisappear` actions and locals change only with the screen's structure (a general
            // update, which finds the lazy items again): on a state change in place, only the items that entered.
            let remembered = refreshed ? visible : entered
            if !remembered.isEmpty { rememberDisappearActions(of: remembered, in: current()?.screen.root) }
        } while needsUpdate && rounds < Self.maxRounds
        if needsUpdate {
            report("'\(screenID)': lazy items' onAppear / onDisappear kept changing what is visible; stopped after \(Self.maxRounds) rounds")
        }
    }

    /// Runs the `onAppear` (or `onDisappear`) actions of the lazy items `ids` and of the nodes inside them, in
    /// document order, each with the locals of its place (the screen read again before each item: actions change it).
    private func run(_ ids: [String], appearing: Bool, screenID: String, current: () -> Snapshot?,
                     perform: (Action, ScreenSession.Locals, String) -> Void) {
        for id in ids {
            guard let root = current()?.screen.root, let item = root.node(withID: id),
                  let itemLocals = root.locals(ofNodeWithID: id) else { continue }
            for (action, locals) in ScreenSession.lifecycleActions(in: item, locals: itemLocals, appearing: appearing) {
                perform(action, locals, "'\(screenID)' \(appearing ? "onAppear" : "onDisappear") of lazy item '\(id)'")
            }
        }
    }

    /// Keeps the `onDisappear` actions of the visible items `ids` (with their locals), for an item removed while
    /// visible.
    private func rememberDisappearActions(of ids: [String], in root: ComponentNode?) {
        guard let root else { return }
        for id in ids {
            guard let item = root.node(withID: id), let itemLocals = root.locals(ofNodeWithID: id) else { continue }
            let actions = ScreenSession.lifecycleActions(in: item, locals: itemLocals, appearing: false)
            if actions.isEmpty { disappearActions[id] = nil } else { disappearActions[id] = actions }
        }
    }

    /// The lazy items whose frames intersect the root scroll's visible area at the current offset (which is clamped
    /// to the current content first), in document order.
    private func findVisible(in snapshot: Snapshot) -> [String] {
        let result = snapshot.layout, root = snapshot.screen.root
        guard result.nodeCount > 0, root.type == .scroll, !root.geometry.isHorizontalAxis else { offset = 0; return [] }
        let items: [Int], content: [Int]
        if let found = lazyItems {
            (items, content) = (found, scrollContent)
        } else {
            items = Self.lazyItems(of: root, in: result, sizeClass: snapshot.sizeClass())
            content = (1..<max(1, result.nodeCount)).filter { result.parentIndex(at: $0) == 0 }
            (lazyItems, scrollContent) = (items, content)
        }
        let viewport = result.frame(at: 0)
        var contentBottom = viewport.minY
        for i in content where i < result.nodeCount && !result.isHidden(at: i) {
            contentBottom = max(contentBottom, result.frame(at: i).maxY)
        }
        let maxOffset = max(0, contentBottom - viewport.maxY)
        offset = min(max(0, offset), maxOffset)
        let top = viewport.minY + offset, bottom = viewport.maxY + offset
        let displayed = snapshot.items
        var visible: [String] = []
        for i in items where i < result.nodeCount && i < displayed.count && !result.isHidden(at: i) {
            let frame = result.frame(at: i)
            if frame.maxY > top && frame.minY < bottom { visible.append(displayed[i].id) }
        }
        return visible
    }

    /// The layout indices of the lazy items under `root` (see the top of this file), in document order: the nodes
    /// `lazyItemPaths(of:sizeClass:)` names, found by the child slots the engine recorded.
    /// - Complexity: O(n) in the layout's nodes.
    static func lazyItems(of root: ComponentNode, in result: LayoutResult, sizeClass: UserInterfaceSizeClass) -> [Int] {
        let count = result.nodeCount
        // Each node's children (layout indices, document order) with their payload child slots.
        var firstChild = [Int](repeating: -1, count: count), nextSibling = [Int](repeating: -1, count: count)
        var lastChild = [Int](repeating: -1, count: count)
        for i in 1..<max(1, count) {
            let p = result.parentIndex(at: i)
            guard p >= 0, p < i else { continue }
            if lastChild[p] < 0 { firstChild[p] = i } else { nextSibling[lastChild[p]] = i }
            lastChild[p] = i
        }
        var items: [Int] = []
        var stack: [(index: Int, node: ComponentNode)] = [(0, root)]
        while let (index, node) = stack.popLast() {
            var child = firstChild[index]
            var column: [(index: Int, node: ComponentNode)] = []
            while child >= 0 {
                let slot = Int(result.childSlot(at: child))
                if slot >= 0, slot < node.children.count {
                    let component = node.children[slot]
                    let g = GeometryProperties(of: component, sizeClass: sizeClass)
                    if component.type == .grid && !g.hasGridItems {
                        var item = firstChild[child]
                        while item >= 0 {
                            let k = Int(result.childSlot(at: item))
                            if k >= 0 && k < component.children.count { items.append(item) }
                            item = nextSibling[item]
                        }
                    } else if component.type == .vstack && !g.hasFrame && g.aspectRatio.isNaN {
                        column.append((child, component))
                    }
                }
                child = nextSibling[child]
            }
            stack.append(contentsOf: column.reversed())
        }
        items.sort()
        return items
    }

    /// The path ids (`root.0.3`) of the lazy items under `root` (see the top of this file): the subtrees whose
    /// actions do not run with the screen's appearance.
    public static func lazyItemPaths(of root: ComponentNode, sizeClass: UserInterfaceSizeClass) -> Set<String> {
        var paths = Set<String>()
        var stack: [(node: ComponentNode, path: String)] = [(root, "root")]
        while let (node, path) = stack.popLast() {
            for (i, child) in node.children.enumerated() {
                let childPath = path + "." + String(i)
                let g = GeometryProperties(of: child, sizeClass: sizeClass)
                if child.type == .grid && !g.hasGridItems {
                    for j in child.children.indices { paths.insert(childPath + "." + String(j)) }
                } else if child.type == .vstack && !g.hasFrame && g.aspectRatio.isNaN {
                    stack.append((child, childPath))
                }
            }
        }
        return paths
    }
}
