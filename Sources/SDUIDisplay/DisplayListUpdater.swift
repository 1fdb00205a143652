import SDUIEnvironment
public import SDUISchema
public import SDUILayout

/// A host's display list brought from layout to layout of one screen (what a host with views keeps — the runtime's
/// `ScreenViewController`): each update makes again only the items that can differ when the new layout is of the same
/// tree of nodes — a state change on `StateUpdater`'s fast path, laid out incrementally by the engine — and the whole
/// list otherwise. After a template's items were spliced into the kept tree, the kept items are renumbered and only the
/// items of the nodes made or changed are made again (`DisplaySplice`).
///
/// Which items can differ is known exactly, from the layout's change set (`LayoutResult.changes(since:)`, made by
/// the state update and extended by layout): the nodes whose content changed (text, paint, size) and the nodes whose
/// frame, visibility, text run or modifier boxes moved. Every other item is made from inputs that did not change, so
/// it is kept. The accessibility tree is brought along the same way
/// (`AccessibilityTree.update(layout:changes:)`), or made again when the change reorganises it. The
/// differential tests (`IncrementalDisplayListTests`) check, after every change of random sequences, that the items,
/// the tree, the reading order and the views driven from them equal a fresh `DisplayList` of a fresh layout.
///
/// The updater does not keep the items: the host does (`ViewTreeDriver.items`), so that replacing a few of them
/// never copies the others. Each update is given the items the previous one left.
public struct DisplayListUpdater: Sendable {
    /// The last layout's accessibility tree (nil without the pass, or before the first update).
    public internal(set) var accessibilityTree: AccessibilityTree?
    /// The element nodes in VoiceOver's reading order (`DisplayList.accessibilityOrder`).
    public internal(set) var accessibilityOrder: [NodeIndex] = []
    /// How many updates made only some items (tests and benchmarks).
    public private(set) var incrementalUpdateCount = 0
    /// How many of those made the accessibility tree again (the change could not be made in place).
    public private(set) var accessibilityRebuildCount = 0
    /// How many updates renumbered the kept items of a spliced tree (`DisplayListChange.spliced`, or a `.list` of
    /// them when a kept node's key changed).
    public internal(set) var splicedUpdateCount = 0
    /// How many of those spliced the accessibility tree instead of making it again (tests).
    var accessibilitySpliceCount = 0
    /// Whether a splice reads the layout's written ranges (`LayoutResult.writtenRanges(since:)`): false makes every
    /// splice take the general step for every node, as without ranges (the differential tests compare the two).
    var usesWrittenRanges = true
    /// How many splices had written ranges, and how many kept items outside them were renumbered without reading the
    /// layout (tests).
    var writtenRangeSpliceCount = 0
    var itemsKeptOutsideWrittenRanges = 0
    /// Whether items carry their accessibility (`DisplayList(_:accessibility:)`).
    public let includesAccessibility: Bool
    /// The layout the items are of.
    private var layout: LayoutResult?

    /// An updater with no list yet; `accessibility`: whether the accessibility pass runs (hosts with views: true).
    public init(accessibility: Bool = true) { includesAccessibility = accessibility }

    /// Brings the list to `layout`; `items`: the list as the last update left it (empty before the first).
    ///
    /// Only the items of the nodes in `layout`'s change set are made again when it has one relative to the layout
    /// the items were made from (`LayoutResult.changes(since:)`: a state change laid out incrementally); otherwise the
    /// whole list is made, as `DisplayList(layout).items`.
    /// - Complexity: incremental: O(1) per item made again; else as `DisplayList.items`.
    public mutating func update(_ items: [DisplayItem], to layout: LayoutResult) -> DisplayListChange {
        update(items, to: layout, moving: false)
    }

    /// `update(_:to:)`; `moving`: a splice moves the kept items into the new list (`spliced(_:from:to:changes:moving:)`:
    /// for a caller that owns `items` alone and ends them without the moved places); `storage`: where a
    /// splice writes its list when it has as many places (`DisplayListStorage`).
    mutating func update(_ items: [DisplayItem], to layout: LayoutResult, moving: Bool,
                         storage: DisplayListStorage? = nil) -> DisplayListChange {
        defer { self.layout = layout }
        // (The last layout taken out rather than copied: `layout` replaces it.)
        guard let previous = self.layout.take(), previous.nodeCount == items.count, let nodeChanges = layout.changes(since: previous) else {
            return .list(makeAll(layout))
        }
        guard nodeChanges.structure.isEmpty else {
            // A template's items spliced into the kept tree: the kept items renumbered.
            guard !nodeChanges.spliced.isEmpty,
                  let change = spliced(items, from: previous, to: layout, changes: nodeChanges, moving: moving, storage: storage) else {
                return .list(makeAll(layout))
            }
            return change
        }
        guard layout.nodeCount == items.count else { return .list(makeAll(layout)) }
        let changed = NodeChanges.merged(nodeChanges.content, nodeChanges.frames).compactMap { $0 >= 0 && Int($0) < items.count ? Int($0) : nil }
        // Making many items one by one costs more than one pass making them all.
        guard changed.count * 4 <= items.count else { return .list(makeAll(layout)) }
        var made: [DisplayItemChange] = []
        made.reserveCapacity(changed.count)
        var changes: [AccessibilityTree.Change] = []
        changes.reserveCapacity(changed.count)
        for i in changed {
            let content = layout.content(at: i)
            let old = items[i]
            // The item keeps its identity: a node whose payload id or type changed is another view (the whole list).
            guard content?.id == old.payloadID, content?.type ?? old.type == old.type else {
                return .list(makeAll(layout))
            }
            let node = LayoutNode(id: old.id, path: "", type: old.type, parent: old.parent.map { $0.int } ?? -1,
                                  frame: layout.frame(at: i), isHidden: layout.isHidden(at: i), text: layout.textRun(at: i),
                                  layers: content == nil ? nil : layout.layers(at: i))
            let item = DisplayItem(node, index: i, in: layout, content: content, identity: old.identity)
            made.append(DisplayItemChange(index: i, item: item))
            changes.append(AccessibilityTree.Change(node: i, content: content))
        }
        incrementalUpdateCount += 1
        guard includesAccessibility else { return .items(made) }
        var tree = accessibilityTree
        accessibilityTree = nil
        if let updated = tree?.update(layout: layout, changes: changes), let tree {
            for k in made.indices { made[k].item.accessibility.fill(from: tree, node: made[k].index) }
            accessibilityTree = tree
            if updated.reordered { accessibilityOrder = DisplayList.order(of: tree) }
            return .items(made)
        }
        // The change reorganises the tree: the whole pass, and every item's part in it.
        let rebuilt = AccessibilityTree(layout: layout)
        accessibilityRebuildCount += 1
        var all: [DisplayItemChange] = []
        var next = 0
        for i in items.indices {
            var item: DisplayItem
            let isMade = next < made.count && made[next].index == i
            if isMade { item = made[next].item; next += 1 } else { item = items[i] }
            var accessibility = DisplayAccessibility(identifier: item.payloadID)
            accessibility.fill(from: rebuilt, node: i)
            if isMade || accessibility != item.accessibility {
                item.accessibility = accessibility
                all.append(DisplayItemChange(index: i, item: item))
            }
        }
        accessibilityTree = rebuilt
        accessibilityOrder = DisplayList.order(of: rebuilt)
        return .items(all)
    }

    /// The whole list, as `DisplayList` makes it.
    private mutating func makeAll(_ layout: LayoutResult) -> [DisplayItem] {
        let list = DisplayList(layout, accessibility: includesAccessibility)
        accessibilityTree = list.accessibilityTree
        accessibilityOrder = list.accessibilityOrder
        return list.items
    }
}

/// What `DisplayListUpdater.update(_:to:)` changed in a display list.
public enum DisplayListChange: Sendable {
    /// A whole new list.
    case list([DisplayItem])
    /// These items, ascending by index, replace the ones at their indices; every other item is as it was.
    case items([DisplayItemChange])
    /// The tree's nodes were spliced (a template's items inserted, removed or moved): the new list, whose kept items
    /// keep their keys and follow the old ones as the splice says.
    case spliced(DisplaySplice)

    /// `items` with the change made.
    public func applied(to items: [DisplayItem]) -> [DisplayItem] {
        switch self {
        case .list(let list): return list
        case .spliced(let splice): return splice.items
        case .items(let changes):
            var result = items
            for change in changes where change.index >= 0 && change.index < result.count { result[change.index] = change.item }
            return result
        }
    }
}

/// One item of a display list made again (`DisplayListChange.items`).
public struct DisplayItemChange: Sendable {
    /// Its index in the list.
    public var index: Int
    /// The new item.
    public var item: DisplayItem

    public init(index: Int, item: DisplayItem) { self.index = index; self.item = item }
}

extension StateUpdate {
    /// The nodes whose content the update changed, by index, ascending (`changes.content`: text, paint and size),
    /// when nothing else of the screen changed; nil for the general path (the screen was made again) and the template
    /// path (its nodes are numbered anew).
    public var changedNodes: [Int32]? {
        guard let changes, changes.structure.isEmpty else { return nil }
        return changes.content
    }
}
