import SDUIEnvironment
import SDUISchema
public import SDUILayout

/// The root scroll's pinned section headers and footers at a content offset, for a host that draws the scroll's
/// content once, at offset 0 as the engine laid it out, inside a native scroll view that moves it (SwiftUI's
/// `ScrollView`): how far each pinned view — with its subtree — is moved along the axis from where it is in the
/// content, so that it is drawn where `LayoutEngine.layout(_:in:traits:scrollOffset:)` places it (a differential
/// test compares the two).
///
/// As `LazyVStack(pinnedViews:)` does: a section's header whose start has gone past the viewport's start stays at the
/// start, but no further than its section's end less its length (the next section pushes it out); a footer whose end
/// is past the viewport's end stays at the end, no further back than its section's start. Only sections of the root
/// scroll are pinned (not those inside a nested scroll), and only the views its `pinnedViews` names.
public struct ScrollPinning: Hashable, Sendable {
    /// One pinned view: the item, its section's, and whether it is the header (or the footer).
    public struct Pin: Hashable, Sendable {
        public var item: NodeIndex
        public var section: NodeIndex
        public var isHeader: Bool
    }

    /// The scroll's axis.
    public var isHorizontal: Bool
    /// The views pinned, in document order.
    public var pins: [Pin]

    /// The pinned views of `layout`'s root scroll (none when the root is not a scroll or pins nothing): `items` is its
    /// display list (the root's `scroll` says what it pins).
    /// - Complexity: O(n · depth) in the layout's nodes.
    public init(layout: LayoutResult, items: [DisplayItem]) {
        let root = items.first?.scroll
        isHorizontal = root?.axis == .horizontal
        pins = []
        let pinned = root?.pinnedViews ?? []
        guard root != nil, !pinned.isEmpty, layout.nodeCount > 1, items.count == layout.nodeCount else { return }
        for i in 1..<layout.nodeCount where !items[i].isHidden {
            let slot = layout.childSlot(at: i)
            let isHeader = slot == Self.headerSlot
            guard isHeader ? pinned.contains(.sectionHeaders) : (slot == Self.footerSlot && pinned.contains(.sectionFooters)) else { continue }
            // Only sections of the root scroll itself (no nested scroll between them).
            guard let section = items[i].parent else { continue }
            var ancestor = items[i].parent
            var nested = false
            while let a = ancestor, a.int > 0 {
                if items[a.int].type == .scroll { nested = true; break }
                ancestor = items[a.int].parent
            }
            if nested { continue }
            pins.append(Pin(item: NodeIndex(Int32(i)), section: section, isHeader: isHeader))
        }
    }

    /// The child slot of a section's header and footer (`LayoutResult.childSlot(at:)`).
    static let headerSlot = Int32.min
    static let footerSlot = Int32.min + 1

    /// How far each pinned view moves along the axis from its place in the content when the scroll's content offset
    /// is `offset` (points along the axis; negative while bouncing at the start), given `items` (the display list the
    /// pins are of: frames at offset 0). Views that do not move are left out.
    /// - Complexity: O(pins).
    public func displacements(in items: [DisplayItem], at offset: Double) -> [(item: NodeIndex, delta: Double)] {
        guard !pins.isEmpty, let viewport = items.first?.frame, offset.isFinite else { return [] }
        func start(_ r: Rect) -> Double { isHorizontal ? r.minX : r.minY }
        func end(_ r: Rect) -> Double { isHorizontal ? r.maxX : r.maxY }
        var moves: [(item: NodeIndex, delta: Double)] = []
        for pin in pins where pin.item.int < items.count && pin.section.int < items.count {
            let frame = items[pin.item.int].frame, section = items[pin.section.int].frame
            let length = end(frame) - start(frame)
            // Where the view is drawn at this offset, unpinned (window coordinates): its place moved back by the offset.
            let shown = start(frame) - offset
            let delta: Double
            if pin.isHeader {
                let pinnedStart = Swift.min(Swift.max(shown, start(viewport)), end(section) - offset - length)
                delta = Swift.max(0, pinnedStart - shown)
            } else {
                let pinnedStart = Swift.max(Swift.min(shown, end(viewport) - length), start(section) - offset)
                delta = Swift.min(0, pinnedStart - shown)
            }
            if delta != 0 { moves.append((pin.item, delta)) }
        }
        return moves
    }
}
