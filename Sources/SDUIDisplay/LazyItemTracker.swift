import SDUIEnvironment
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
/// the screen's appearance (`ScreenSession.lifecycleActions(in:appearing:skippingLazyItems:)`). Which nodes are lazy
/// items is the flat tree's to say (`LayoutResult.lazyItemIndices`). After every layout (a state change, a rotation)
/// the visible items are found again, so an item that a state change moves into view appears too.
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
    /// The layout and offset the visible items were last found for (`findVisible`).
    private var foundIn: (layout: LayoutResult, offset: Double)?
    /// Whether the last layout applied (`layoutApplied`) made again only items that do not decide what is visible:
    /// no lazy item, no child of the root scroll and not the scroll itself (the display list's change names every
    /// node whose frame, visibility or content changed).
    private var appliedKeepsVisible = false
    /// The layout indices of `visible`'s items, as last found (renumbered after a splice).
    private var visibleNodes: [Int] = []
    /// The nodes splices made since the lazy items were last brought up to date (the latest numbering): those whose
    /// parent is a lazy grid are lazy items too.
    private var madeNodes: [Int] = []
    private var isUpdating = false
    private var needsUpdate = false

    /// How many times one visibility update may follow the changes its own actions made.
    public static let maxRounds = 16

    public init() {}

    /// What an update reads of the host, as it is when asked (actions between rounds change it).
    public struct Snapshot {
        public var layout: LayoutResult
        /// The display list of `layout` (ids by layout index).
        public var items: [DisplayItem]
        public init(layout: LayoutResult, items: [DisplayItem]) {
            self.layout = layout; self.items = items
        }
    }

    /// Sets the content offset (clamped to the content at the next update); call `update` after.
    public func scroll(to offset: Double) { self.offset = offset }

    /// After a layout whose display list came as `change`: which nodes are lazy is found again unless the change kept
    /// the tree and changed no grid, vstack or scroll (`changedComponents`: the update's changed nodes); and the next
    /// update keeps the visible items without looking when the change made again no lazy item, no child of the root
    /// scroll and not the scroll (and the offset is the same).
    /// After a splice (`DisplayListChange.spliced`) the kept lazy items and scroll children are renumbered, and the
    /// children of the spliced nodes that are lazy grids are found at the next update.
    public func layoutApplied(_ change: DisplayListChange, changedComponents: [Int32]?, items: [DisplayItem]) {
        appliedKeepsVisible = false
        if case .spliced(let splice) = change, let found = lazyItems, !splice.parents.contains(0) {
            let newIndices = splice.newIndices
            // Ascending again (a splice that moved items reorders them); `visibleNodes` stays parallel to `visible`.
            lazyItems = Self.renumbered(found, newIndices).sorted()
            scrollContent = Self.renumbered(scrollContent, newIndices).sorted()
            visibleNodes = Self.renumbered(visibleNodes, newIndices)
            madeNodes = Self.renumbered(madeNodes, newIndices)
            for (i, o) in splice.oldIndices.enumerated() where o < 0 { madeNodes.append(i) }
            return
        }
        guard case .items(let made) = change, let changedComponents, let found = lazyItems else { lazyItems = nil; return }
        if changedComponents.contains(where: { i in
            i < 0 || Int(i) >= items.count || [.grid, .vstack, .scroll].contains(items[Int(i)].type)
        }) {
            lazyItems = nil
            return
        }
        var keepsVisible = madeNodes.isEmpty
        for change in made where keepsVisible {
            let i = change.index
            if i == 0 || Self.contains(found, i) || Self.contains(scrollContent, i) { keepsVisible = false }
        }
        appliedKeepsVisible = keepsVisible
    }

    /// Finds the visible lazy items and runs the actions of those that entered or left the visible area (leaving
    /// first, each in document order; none while the screen has not appeared) through `perform`, with a context for
    /// its errors ("'screen' onAppear of lazy item 'id'"). `current`: the host's layout now (nil: no layout).
    /// `report`: a problem (the rounds ran out).
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
            // The lazy items found again, or renumbered by a splice (an item's locals — its `index` — may have moved).
            let refreshed = lazyItems == nil || !madeNodes.isEmpty
            let snapshot = current()
            screenID = snapshot?.layout.screenID ?? screenID
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
            let layout = snapshot?.layout
            let gone = left.filter { id in layout.map { $0.index(ofNodeWithID: id) == nil } ?? true }
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
            if !remembered.isEmpty { rememberDisappearActions(of: remembered, in: current()?.layout, nodes: refreshed ? visibleNodes : nil) }
        } while needsUpdate && rounds < Self.maxRounds
        if needsUpdate {
            report("'\(screenID)': lazy items' onAppear / onDisappear kept changing what is visible; stopped after \(Self.maxRounds) rounds")
        }
    }

    /// Runs the `onAppear` (or `onDisappear`) actions of the lazy items `ids` and of the nodes inside them, in
    /// document order, each with the locals of its place (the layout read again before each item: actions change it).
    private func run(_ ids: [String], appearing: Bool, screenID: String, current: () -> Snapshot?,
                     perform: (Action, ScreenSession.Locals, String) -> Void) {
        for id in ids {
            guard let layout = current()?.layout, let item = layout.index(ofNodeWithID: id) else { continue }
            for (action, locals) in ScreenSession.lifecycleActions(in: layout, subtree: item, appearing: appearing) {
                perform(action, locals, "'\(screenID)' \(appearing ? "onAppear" : "onDisappear") of lazy item '\(id)'")
            }
        }
    }

    /// Keeps the `onDisappear` actions of the visible items `ids` (with their locals), for an item removed while
    /// visible.
    /// `nodes`: the items' layout indices when known (parallel to `ids`).
    private func rememberDisappearActions(of ids: [String], in layout: LayoutResult?, nodes: [Int]?) {
        guard let layout else { return }
        let known = nodes.map { $0.count == ids.count } ?? false
        for (k, id) in ids.enumerated() {
            let node = known ? nodes.map { $0[k] } : nil
            guard let item = node.flatMap({ $0 < layout.nodeCount && layout.payloadID(at: $0) == id ? $0 : nil })
                    ?? layout.index(ofNodeWithID: id) else { continue }
            let actions = ScreenSession.lifecycleActions(in: layout, subtree: item, appearing: false)
            if actions.isEmpty { disappearActions[id] = nil } else { disappearActions[id] = actions }
        }
    }

    /// `nodes` in a splice's numbering (`DisplaySplice.newIndices`), in their order; those it removed are dropped.
    /// (A plain loop, not isolated: a closure here checks the main actor's executor per node.)
    private nonisolated static func renumbered(_ nodes: [Int], _ newIndices: [Int32]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(nodes.count)
        for i in nodes where i >= 0 && i < newIndices.count && newIndices[i] >= 0 { result.append(Int(newIndices[i])) }
        return result
    }

    /// Whether the ascending `indices` hold `index` (binary search).
    private static func contains(_ indices: [Int], _ index: Int) -> Bool {
        var low = 0, high = indices.count
        while low < high {
            let middle = (low + high) / 2
            if indices[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < indices.count && indices[low] == index
    }

    /// The nodes of `madeNodes` that are lazy items (children of a lazy grid), ascending; nil when one of them is a
    /// lazy grid (its children are lazy items the kept list does not know: they are found again).
    private func madeLazyItems(in result: LayoutResult) -> [Int]? {
        var made: [Int] = []
        for m in madeNodes {
            guard m < result.nodeCount, !result.isLazyGrid(at: m) else { return nil }
            let parent = result.parentIndex(at: m)
            if parent >= 0 && result.isLazyGrid(at: parent) && result.childSlot(at: m) >= 0 { made.append(m) }
        }
        return made
    }

    /// The lazy items whose frames intersect the root scroll's visible area at the current offset (which is clamped
    /// to the current content first), in document order.
    private func findVisible(in snapshot: Snapshot) -> [String] {
        let result = snapshot.layout
        let items: [Int], content: [Int]
        if var found = lazyItems, let made = madeLazyItems(in: result) {
            if !madeNodes.isEmpty {
                found += made
                found.sort()
                madeNodes = []
                lazyItems = found
            }
            (items, content) = (found, scrollContent)
        } else {
            madeNodes = []
            items = result.lazyItemIndices
            content = (1..<max(1, result.nodeCount)).filter { result.parentIndex(at: $0) == 0 }
            (lazyItems, scrollContent) = (items, content)
        }
        assert(!result.rootScrollsVertically || items == result.lazyItemIndices, "LazyItemTracker: the lazy items kept across splices differ from the layout's")
        guard result.nodeCount > 0, result.rootScrollsVertically else { offset = 0; foundIn = nil; return [] }
        // Nothing that decides what is visible moved since the last time — the layout is a state change laid out
        // right after that one (its change set is relative to it) and applied as a change of items that are not lazy
        // items, children of the scroll or the scroll itself (`layoutApplied`); the same offset: the same items are
        // visible. (The applied change's items, not the change set's frames compared again: that comparison is the
        // display list's, made once per layout.)
        let keepsVisible = appliedKeepsVisible
        appliedKeepsVisible = false
        if keepsVisible, let last = foundIn, last.offset == offset,
           result.recordedChanges(since: last.layout)?.structure.isEmpty == true {
            foundIn = (result, offset)
            return visible
        }
        defer { foundIn = (result, offset) }
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
        visibleNodes.removeAll(keepingCapacity: true)
        for i in items where i < result.nodeCount && i < displayed.count && !result.isHidden(at: i) {
            let frame = result.frame(at: i)
            if frame.maxY > top && frame.minY < bottom {
                visible.append(displayed[i].id)
                visibleNodes.append(i)
            }
        }
        return visible
    }
}
