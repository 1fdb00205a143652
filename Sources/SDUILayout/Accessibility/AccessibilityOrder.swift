public import SDUIEnvironment

/// VoiceOver's reading order of the items of one accessibility container.
///
/// VoiceOver orders the elements of a container by their frames, top-left to bottom-right (top-right to
/// bottom-left in a right-to-left layout), and SwiftUI reads higher `accessibilitySortPriority` first ("Higher
/// numbers are sorted first. The default sort priority is zero." — Apple, `accessibilitySortPriority(_:)`).
/// Frames whose tops differ by a little are one line, read leading to trailing:
///
/// - **Lines.** Items are taken by top edge; an item is on the line of the topmost item not yet placed when its
///   top edge is less than `lineTolerance` (8 pt) below that item's. 8 pt is VoiceOver's own tolerance as Cash
///   App's AccessibilitySnapshot measured it ("VoiceOver treats accessibility frames with an origin.y delta of
///   less than 8 to be in line with one another", github.com/cashapp/AccessibilitySnapshot commit 86a3ca9). So
///   a row of equal-height cards or top-aligned texts is one line; a 21-pt price centred beside a 44-pt button
///   (tops 11.5 pt apart) is read after the button, as VoiceOver reads it.
/// - **Within a line**, leading to trailing: by the leading edge (left edge left to right, right edge right to
///   left), then by the top edge, then in document order.
/// - **Priority first**: items of higher `sortPriority` come before all items of lower priority (default 0), each
///   priority's items in the order above.
/// - **Groups** (`children: "contain"`) are placed as one item at their frame and read whole, in their own order.
public enum AccessibilityOrder {
    /// An element or a group, with what ordering needs.
    public struct Item: Sendable {
        /// What the item is.
        public enum Kind: Sendable {
            case element(AccessibilityElement)
            case group([Item])
        }
        public var kind: Kind
        /// Where it is (window points).
        public var frame: Rect
        /// `sortPriority` (default 0).
        public var priority: Double
        /// Whether `priority` was given for the item itself (a plain container passes its own down otherwise).
        public var hasOwnPriority = false
        /// The item's node index (document order, the last tie-break).
        public var document: Int

        public init(kind: Kind, frame: Rect, priority: Double, hasOwnPriority: Bool = false, document: Int) {
            self.kind = kind; self.frame = frame; self.priority = priority; self.hasOwnPriority = hasOwnPriority
            self.document = document
        }
    }

    /// `items` in reading order (groups kept as groups).
    public static func ordered(_ items: [Item], direction: LayoutDirection) -> [Item] {
        let byPriority = items.indices.sorted { a, b in
            items[a].priority != items[b].priority ? items[a].priority > items[b].priority : a < b
        }
        var result: [Item] = []
        result.reserveCapacity(items.count)
        var start = 0
        while start < byPriority.count {
            var end = start + 1
            while end < byPriority.count && items[byPriority[end]].priority == items[byPriority[start]].priority { end += 1 }
            result += inLines(byPriority[start..<end].map { items[$0] }, direction: direction)
            start = end
        }
        return result
    }

    /// Items of one priority: in lines top to bottom, each line leading to trailing.
    static func inLines(_ items: [Item], direction: LayoutDirection) -> [Item] {
        var remaining = items.sorted { a, b in
            a.frame.minY != b.frame.minY ? a.frame.minY < b.frame.minY : a.document < b.document
        }
        var result: [Item] = []
        result.reserveCapacity(items.count)
        let rightToLeft = direction == .rightToLeft
        var k = 0
        while k < remaining.count {
            let top = remaining[k].frame
            let limit = top.minY + lineTolerance
            var end = k + 1
            while end < remaining.count && remaining[end].frame.minY < limit { end += 1 }
            remaining[k..<end].sort { a, b in
                // Compared to a hundredth of a point: edges equal on screen are equal here.
                let la = snapped(rightToLeft ? -a.frame.maxX : a.frame.minX), lb = snapped(rightToLeft ? -b.frame.maxX : b.frame.minX)
                if la != lb { return la < lb }
                if snapped(a.frame.minY) != snapped(b.frame.minY) { return a.frame.minY < b.frame.minY }
                return a.document < b.document
            }
            result += remaining[k..<end]
            k = end
        }
        return result
    }

    /// How far below a line's topmost item another item's top edge may be and still be on its line (points).
    public static let lineTolerance = 8.0

    static func snapped(_ v: Double) -> Double { (v * 100).rounded() }

    /// `items` in reading order with every group replaced by its items (in their own order), appended to `out`.
    /// Iterative (an explicit stack of groups), so nesting depth costs no call stack.
    public static func flatten(_ items: [Item], direction: LayoutDirection, into out: inout [Item]) {
        var stack: [(items: [Item], next: Int)] = [(ordered(items, direction: direction), 0)]
        while let top = stack.last {
            guard top.next < top.items.count else { stack.removeLast(); continue }
            let item = top.items[top.next]
            stack[stack.count - 1].next += 1
            if case .group(let inner) = item.kind {
                stack.append((ordered(inner, direction: direction), 0))
            } else {
                out.append(item)
            }
        }
    }
}
