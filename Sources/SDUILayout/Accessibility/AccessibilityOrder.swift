import SDUIEnvironment

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
    package struct Item: Sendable {
        /// What the item is.
        package enum Kind: Sendable {
            /// The element drafted at this index of the pass's element store (`AccessibilityTreeBuilder.drafts`):
            /// items are moved and sorted, and an element's strings and arrays stay where they are.
            case element(Int)
            case group([Item])
        }
        package var kind: Kind
        /// Where it is (window points).
        package var frame: Rect
        /// `sortPriority` (default 0).
        package var priority: Double
        /// Whether `priority` was given for the item itself (a plain container passes its own down otherwise).
        package var hasOwnPriority = false
        /// The item's node index (document order, the last tie-break).
        package var document: Int

        package init(kind: Kind, frame: Rect, priority: Double, hasOwnPriority: Bool = false, document: Int) {
            self.kind = kind; self.frame = frame; self.priority = priority; self.hasOwnPriority = hasOwnPriority
            self.document = document
        }
    }

    /// `items` in reading order (groups kept as groups).
    package static func ordered(_ items: [Item], direction: LayoutDirection) -> [Item] {
        permutation(items, direction: direction).map { items[$0] }
    }

    /// The reading order of `items` as their indices: what is sorted is a small key per item, never the items.
    static func permutation(_ items: [Item], direction: LayoutDirection) -> [Int] {
        var lineEnds: [Int] = []
        return permutation(items, direction: direction, lineEnds: &lineEnds)
    }

    /// `permutation(_:direction:)`, and where each line ends in it (`lineEnds`: ascending positions, the last is
    /// `items.count`): a line is read leading to trailing, and which items share a line depends on their tops and
    /// priorities only.
    static func permutation(_ items: [Item], direction: LayoutDirection, lineEnds: inout [Int]) -> [Int] {
        lineEnds.removeAll(keepingCapacity: true)
        struct Key {
            var priority: Double; var top: Double; var snappedTop: Double; var leading: Double; var document: Int
            var index: Int
        }
        let rightToLeft = direction == .rightToLeft
        var keys = items.indices.map { i in
            let f = items[i].frame
            return Key(priority: items[i].priority, top: f.minY, snappedTop: snapped(f.minY),
                       leading: snapped(rightToLeft ? -f.maxX : f.minX), document: items[i].document, index: i)
        }
        // Priority first (higher first), then by top edge; equal keys keep document order. (A total order: keys already
        // in it — items in document order, top to bottom, the usual case — are left as they are.)
        func precedes(_ a: Key, _ b: Key) -> Bool {
            if a.priority != b.priority { return a.priority > b.priority }
            if a.top != b.top { return a.top < b.top }
            return a.document != b.document ? a.document < b.document : a.index < b.index
        }
        if !Self.isSorted(keys, by: precedes) { keys.sort(by: precedes) }
        var result: [Int] = []
        result.reserveCapacity(keys.count)
        func leads(_ a: Key, _ b: Key) -> Bool {
            if a.leading != b.leading { return a.leading < b.leading }
            if a.snappedTop != b.snappedTop { return a.top < b.top }
            return a.document != b.document ? a.document < b.document : a.index < b.index
        }
        // Each line sorted in place through the buffer (sorting an array's slice copies the array, then writes it back).
        keys.withUnsafeMutableBufferPointer { keys in
            var k = 0
            while k < keys.count {
                // One line: the same priority, tops less than `lineTolerance` below the line's topmost.
                let limit = keys[k].top + lineTolerance
                var end = k + 1
                while end < keys.count && keys[end].priority == keys[k].priority && keys[end].top < limit { end += 1 }
                // (A total order too: a line already in it — one item, or items leading to trailing — is left as it is.)
                if end - k > 1 {
                    var line = UnsafeMutableBufferPointer(rebasing: keys[k..<end])
                    if !Self.isSorted(line, by: leads) { line.sort(by: leads) }
                }
                for p in k..<end { result.append(keys[p].index) }
                lineEnds.append(end)
                k = end
            }
        }
        return result
    }

    /// Whether each of `keys` precedes the next by `precedes` (a strict total order: then no sort would move any).
    private static func isSorted<C: RandomAccessCollection>(_ keys: C, by precedes: (C.Element, C.Element) -> Bool) -> Bool {
        guard !keys.isEmpty else { return true }
        var previous = keys.startIndex
        var next = keys.index(after: previous)
        while next < keys.endIndex {
            guard precedes(keys[previous], keys[next]) else { return false }
            previous = next
            next = keys.index(after: next)
        }
        return true
    }

    /// Sorts one line of items (`order`: the item indices of the line, in reading order) leading to trailing, as
    /// `permutation` sorts a line; `frames` and `documents` are indexed by item.
    static func sortLine(_ order: inout ArraySlice<Int>, frames: (Int) -> Rect, documents: (Int) -> Int, direction: LayoutDirection) {
        let rightToLeft = direction == .rightToLeft
        order.sort { a, b in
            let fa = frames(a), fb = frames(b)
            let la = snapped(rightToLeft ? -fa.maxX : fa.minX), lb = snapped(rightToLeft ? -fb.maxX : fb.minX)
            if la != lb { return la < lb }
            if snapped(fa.minY) != snapped(fb.minY) { return fa.minY < fb.minY }
            let da = documents(a), db = documents(b)
            return da != db ? da < db : a < b
        }
    }

    /// How far below a line's topmost item another item's top edge may be and still be on its line (points).
    public static let lineTolerance = 8.0

    /// `v` in hundredths of a point, rounded half away from zero, as `(v * 100).rounded()` gives it but for the sign
    /// of a zero (equal either way): its integer part and its fraction, read without a call into the C library.
    @inline(__always)
    static func snapped(_ v: Double) -> Double {
        let x = v * 100
        // A NaN, an infinity, or a magnitude from 2^52 up (an integer already) is its own rounding.
        guard x.magnitude < 4_503_599_627_370_496 else { return x }
        let whole = Double(Int64(x))
        // `x - whole` is exact: the fraction, its sign `x`'s.
        let fraction = x - whole
        return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
    }

    /// `items` in reading order with every group replaced by its items (in their own order), appended to `out`.
    /// Iterative (an explicit stack of groups), so nesting depth costs no call stack.
    package static func flatten(_ items: [Item], direction: LayoutDirection, into out: inout [Item]) {
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
