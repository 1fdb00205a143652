import SDUIEnvironment
public import SDUIDisplay
import SDUILayout
import SDUISchema

// The screen's views: one per item of the layout's display list (the render contract, docs/hosts.md), driven by
// the reconciler. A view keeps its identity (payload id, or position below the nearest ancestor with one) and type
// across layouts: it is moved, re-framed or updated in place, never recreated — a rotation is frame updates only.

extension ScreenViewController {
    /// The display list of the latest layout (what the views draw), in document order.
    public var displayItems: [DisplayItem] { views.items }

    /// Brings the views to the layout's display list through the reconciler (`ViewTreeDriver.apply(moving:)`).
    /// `update`: the state change the layout followed (when it took the fast path from the screen the views show, the
    /// list's other items are kept and only the changed ones compared — `ScreenSession.displayChange(_:to:after:)`);
    /// nil: the screen may differ anywhere (the whole list is made and compared).
    func applyLayout(_ result: LayoutResult, after update: StateUpdate? = nil) {
        // The kept items moved into the new list (the driver holds the only list of them).
        let moved = session.displayChange(views.items, to: result, after: update, moving: true, storage: views.itemStorage)
        let (change, operations) = views.apply(moving: moved)
        let changedComponents = update?.changedNodes
        // Which nodes are lazy items depends on the grids and vstacks of the root scroll's column.
        lazyItems.layoutApplied(change, changedComponents: changedComponents, items: views.items)
        lastViewOperations = operations
        let items = views.items
        // From a splice on, the views are read in the order the driver keeps (each later splice permutes it).
        switch change {
        case .spliced: readsViewsInOrder = true
        case .list: readsViewsInOrder = false
        case .items: break
        }
        refreshDescendantGeometry(items: items)
        // Which view each node id names changes only when views come, go or move (frame and content updates keep them):
        // `nodeViews` is then made again when next read.
        let keepsViews = (madeNodeViews.map { $0.count == items.count } ?? true) && !operations.contains { operation in
            switch operation {
            case .insert, .move, .remove: return true
            case .updateFrame, .updateContent: return false
            }
        }
        if !keepsViews { madeNodeViews = nil }
        let order = session.displayList.accessibilityOrder
        // The element views are the same views in the same order when no view came or went and the order is the last.
        if !keepsViews || order != appliedAccessibilityOrder {
            applyAccessibilityOrder(order, items: items)
            appliedAccessibilityOrder = order
        }
    }

    /// A view's item holds absolute frames, but the reconciler frames a view in its parent's coordinates: when a view
    /// moved (`RuntimeViewHost.movedOrigins`, noted as its frame was updated), its descendants' frames in their parents did not change
    /// (no frame update reached them) while their absolute frames did. Gives each such descendant's view its item's
    /// new geometry (its frame and content box: its lines, boxes and symbol in its frame are as they were). Each descendant's view is read from the driver's views in order (`orderedViews`) after a splice
    /// (`readsViewsInOrder`), else found by key.
    /// - Complexity: O(descendants × depth) of the views whose origin moved.
    private func refreshDescendantGeometry(items: [DisplayItem]) {
        guard !views.host.movedOrigins.isEmpty else { return }
        let moved = views.host.movedOrigins
        views.host.movedOrigins.removeAll(keepingCapacity: true)
        let ordered = readsViewsInOrder ? views.orderedViews().flatMap { $0.count == items.count ? $0 : nil } : nil
        // (Items read in place through their addresses: passing an array's or a buffer's element copies it.)
        items.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for root in moved where root < buffer.count {
                var j = root + 1
                while j < buffer.count, Self.isDescendant(j, of: root, in: buffer) {
                    let item = base + j
                    let found: View?
                    if let ordered { found = ordered[j] } else { found = views.view(for: ViewKey(item.pointee)) }
                    if let view = found as? ComponentView, view.itemFrame != item.pointee.frame {
                        // Only its origin moved: what it draws inside its frame is as it was (the reconciler compared
                        // it, or the splice kept it), so a view of the built-in class takes the frame and content box
                        // alone; a subclass gets the whole geometry through its `setGeometry(of:)`.
                        if type(of: view) == ComponentView.self, view.itemFrame != nil {
                            view.moveOrigin(to: item)
                        } else {
                            view.setGeometry(of: item.pointee)
                        }
                    }
                    j += 1
                }
            }
        }
    }

    /// Whether `items[j]` is below `items[root]` (document order: a subtree's items follow its root).
    private static func isDescendant(_ j: Int, of root: Int, in items: UnsafeBufferPointer<DisplayItem>) -> Bool {
        guard let base = items.baseAddress else { return false }
        var p = (base + j).pointee.parent?.int ?? -1
        while p > root {
            let next = (base + p).pointee.parent?.int ?? -1
            guard next < p else { return false }  // parents come first; anything else is no subtree
            p = next
        }
        return p == root
    }

    /// Reports a node type the registry cannot resolve, once per type.
    func reportUnknownType(of item: DisplayItem) {
        guard !registry.canResolve(item.type), !reportedUnknownTypes.contains(item.type.rawValue) else { return }
        reportedUnknownTypes.insert(item.type.rawValue)
        report(.unknownComponent, "'\(screen.id)': no component registered for type '\(item.type.rawValue)' (first at node '\(item.id)'); showing an empty placeholder")
    }
}

/// The runtime's views as a reconciler host: one view per item, made by the controller's registry, nested like the
/// node tree inside the controller's view.
@MainActor
struct RuntimeViewHost: ViewTreeHost {
    /// The controller (set as it is made: the driver is one of its stored properties).
    unowned var owner: ScreenViewController?
    /// Only the controller's driver calls the host, so its owner is always set.
    var controller: ScreenViewController { owner! }
    /// The items (by index) whose view's origin the last layout moved: their descendants' absolute frames moved too
    /// (`ScreenViewController.refreshDescendantGeometry`). Kept here, not in the controller: the driver calls the host
    /// inside its own access, so noting one is a plain append.
    var movedOrigins: [Int] = []

    func makeView(for item: DisplayItem) -> View {
        controller.reportUnknownType(of: item)
        controller.viewsMade += 1
        let view = controller.registry.resolve(item: item)
        view.isHidden = item.isHidden
        view.applyAccessibility(item.accessibility)
        return view
    }

    func place(_ view: View, in parent: View?, after sibling: View?) {
        let container = parent ?? controller.view
        var index = 0
        if let sibling, let position = container.subviews.firstIndex(where: { $0 === sibling }) { index = position + 1 }
        if view.superview === container, let current = container.subviews.firstIndex(where: { $0 === view }), current < index {
            index -= 1
        }
        container.insertSubview(view, at: index)
    }

    mutating func setGeometry(_ view: View, frame: Rect, item: DisplayItem) {
        withUnsafePointer(to: item) { setGeometry(view, frame: frame, itemAt: $0) }
    }

    /// Read through the item's address in the driver's list: the view takes the fields it draws, not a copy of the item.
    mutating func setGeometry(_ view: View, frame: Rect, itemAt item: UnsafePointer<DisplayItem>) {
        view.frame = frame
        guard let component = view as? ComponentView else { return }
        // Its subtree's absolute frames moved with it (`refreshDescendantGeometry`).
        if let old = component.itemFrame, old.x != item.pointee.frame.x || old.y != item.pointee.frame.y {
            movedOrigins.append(item.pointee.index.int)
        }
        component.setGeometry(ofItemAt: item)
    }

    func update(_ view: View, with item: DisplayItem) {
        view.isHidden = item.isHidden
        view.applyAccessibility(item.accessibility)
        (view as? ComponentView)?.apply(item)
    }

    func remove(_ view: View) { view.removeFromSuperview() }
}
