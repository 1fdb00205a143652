import SDUIEnvironment
import SDUIDisplay
import SDUILayout
import SDUISchema

// Scrolling the root scroll view, and the lazy items' onAppear / onDisappear.
//
// Lazy items are the items of the grids the engine lays out lazily (`LayoutEngine.layout(_:in:traits:viewport:)`):
// grids without GridItem columns in the root vertical scroll's column — its children, or children of vstacks in
// the column without a frame or aspect ratio, at any depth (SwiftUI's `LazyVGrid` in a `ScrollView`). As in
// SwiftUI, such an item's `onAppear` (and those of the nodes inside it) runs when it enters the scroll view's
// visible area and its `onDisappear` when it leaves it — not when the screen appears: at `viewDidAppear` only the
// items then visible appear, at `viewDidDisappear` those visible disappear. Every other node's actions run with
// the screen's appearance. After every layout (a state change, a rotation) the visible items are found again, so
// an item that a state change moves into view appears too.

extension ScreenViewController {
    /// The root scroll view's content offset (`UIScrollView.contentOffset.y`), 0 at the top; kept within the
    /// content (0…content height − visible height) as a scroll view without bounce keeps it.
    public var scrollOffset: Double { scrolling.offset }

    /// The ids of the lazy items in the visible area, in document order (those whose `onAppear` ran last).
    public var visibleLazyItems: [String] { scrolling.visible }

    /// Scrolls the root scroll view to `offset` (clamped to the content; the root must be a vertical `scroll`):
    /// the lazy items that enter the visible area run their `onAppear`, those that leave it their `onDisappear`
    /// (leaving first, each in document order). Layout does not change: frames stay in content coordinates at
    /// offset 0, as `sdui layout` prints them.
    /// - Throws: `RuntimeError.invalidValue` when the root is not a vertical scroll or `offset` is not finite.
    public func scroll(to offset: Double) throws(RuntimeError) {
        guard offset.isFinite else { throw RuntimeError(.invalidValue, "'\(screen.id)': a scroll offset must be a finite number") }
        guard screen.root.type == .scroll, !screen.root.geometry.isHorizontalAxis else {
            throw RuntimeError(.invalidValue, "'\(screen.id)': its root is a \(screen.root.type.rawValue), not a vertical scroll: there is nothing to scroll")
        }
        scrolling.offset = offset
        updateLazyItemVisibility()
    }

    /// Finds the visible lazy items for the current layout and offset and runs the actions of those that entered
    /// or left the visible area (nothing while the screen has not appeared). Actions that change the state lay the
    /// screen out again, which calls this again: a change found then is applied after the current one, in a loop
    /// bounded by `maxVisibilityRounds` (an item whose `onAppear` hides itself and shows it again cannot spin).
    func updateLazyItemVisibility() {
        guard !scrolling.isUpdating else { scrolling.needsUpdate = true; return }
        scrolling.isUpdating = true
        defer { scrolling.isUpdating = false }
        var rounds = 0
        repeat {
            scrolling.needsUpdate = false
            rounds += 1
            let refreshed = scrolling.lazyItems == nil
            let now = scrolling.hasAppeared ? findVisibleLazyItems() : []
            let before = scrolling.visible
            scrolling.visible = now
            let left = before.filter { !now.contains($0) }
            let entered = now.filter { !before.contains($0) }
            // An item a state change removed (its forEach's items no longer hold it) disappears with the actions
            // it had while it was visible: it is no longer in the tree to read them from.
            let gone = left.filter { screen.root.node(withID: $0) == nil }
            for id in gone {
                for (action, locals) in scrolling.disappearActions[id] ?? [] {
                    do throws(RuntimeError) { try perform(action, locals: locals) } catch {
                        report(.action, "'\(screen.id)' onDisappear of removed lazy item '\(id)': \(error.message)")
                    }
                }
            }
            runLazyActions(of: left.filter { !gone.contains($0) }, appearing: false)
            for id in left { scrolling.disappearActions[id] = nil }
            runLazyActions(of: entered, appearing: true)
            // A visible item's `onDisappear` actions and locals change only with the screen's structure (a general
            // update, which finds the lazy items again): on a state change in place, only the items that entered.
            rememberDisappearActions(of: refreshed ? scrolling.visible : entered)
        } while scrolling.needsUpdate && rounds < Self.maxVisibilityRounds
        if scrolling.needsUpdate {
            report(.action, "'\(screen.id)': lazy items' onAppear / onDisappear kept changing what is visible; stopped after \(Self.maxVisibilityRounds) rounds")
        }
    }

    /// How many times one visibility update may follow the changes its own actions made.
    static let maxVisibilityRounds = 16

    /// The lazy items whose frames intersect the root scroll's visible area at the current offset (which is clamped
    /// to the current content first), in document order.
    private func findVisibleLazyItems() -> [String] {
        guard let result = layoutResult, result.nodeCount > 0, screen.root.type == .scroll,
              !screen.root.geometry.isHorizontalAxis else { scrolling.offset = 0; return [] }
        let items: [Int], content: [Int]
        if let found = scrolling.lazyItems {
            (items, content) = (found, scrolling.scrollContent)
        } else {
            items = Self.lazyItems(of: screen.root, in: result, sizeClass: traitCollection.horizontalSizeClass)
            content = (1..<max(1, result.nodeCount)).filter { result.parentIndex(at: $0) == 0 }
            (scrolling.lazyItems, scrolling.scrollContent) = (items, content)
        }
        let viewport = result.frame(at: 0)
        var contentBottom = viewport.minY
        for i in content where i < result.nodeCount && !result.isHidden(at: i) {
            contentBottom = max(contentBottom, result.frame(at: i).maxY)
        }
        let maxOffset = max(0, contentBottom - viewport.maxY)
        scrolling.offset = min(max(0, scrolling.offset), maxOffset)
        let top = viewport.minY + scrolling.offset, bottom = viewport.maxY + scrolling.offset
        let displayed = views.items
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

    /// The path ids (`root.0.3`) of the lazy items under `root` (see the top of this file).
    static func lazyItemPaths(of root: ComponentNode, sizeClass: UserInterfaceSizeClass) -> Set<String> {
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

    /// Keeps the `onDisappear` actions of the visible items `ids` (with their locals), for an item removed while
    /// visible.
    private func rememberDisappearActions(of ids: [String]) {
        for id in ids {
            guard let item = screen.root.node(withID: id), let itemLocals = screen.root.locals(ofNodeWithID: id) else { continue }
            let actions = ScreenSession.lifecycleActions(in: item, locals: itemLocals, appearing: false)
            if actions.isEmpty { scrolling.disappearActions[id] = nil } else { scrolling.disappearActions[id] = actions }
        }
    }

    /// Runs the `onAppear` (or `onDisappear`) actions of the lazy items `ids` and of the nodes inside them, in
    /// document order, each with the locals of its place.
    private func runLazyActions(of ids: [String], appearing: Bool) {
        for id in ids {
            guard let item = screen.root.node(withID: id), let itemLocals = screen.root.locals(ofNodeWithID: id) else { continue }
            for (action, locals) in ScreenSession.lifecycleActions(in: item, locals: itemLocals, appearing: appearing) {
                do throws(RuntimeError) { try perform(action, locals: locals) } catch {
                    report(.action, "'\(screen.id)' \(appearing ? "onAppear" : "onDisappear") of lazy item '\(id)': \(error.message)")
                }
            }
        }
    }
}

/// The root scroll view's offset and the lazy items visible at it.
struct ScrollingState {
    /// The content offset: as `scroll(to:)` set it, clamped to the content of the latest layout (as a scroll view
    /// clamps its offset when its content shrinks).
    var offset = 0.0
    /// The lazy items visible, by id, in document order.
    var visible: [String] = []
    /// The `onDisappear` actions (with their locals) of the visible items that have some, as of the last time they
    /// were found visible: what runs when a state change removes such an item from the tree.
    var disappearActions: [String: [(action: Action, locals: ScreenSession.Locals)]] = [:]
    /// Between `viewDidAppear` and `viewDidDisappear`.
    var hasAppeared = false
    /// The layout indices of the lazy items in the last layout (`ScreenViewController.lazyItems`); nil: to be found
    /// (after a layout whose screen or traits may differ anywhere, or whose changed nodes include a grid, vstack or
    /// scroll — what decides which nodes are lazy).
    var lazyItems: [Int]?
    /// The root scroll's children (layout indices), found with `lazyItems`.
    var scrollContent: [Int] = []
    var isUpdating = false
    var needsUpdate = false
}
