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

    /// `permutation(_:direction:lineEnds:)` of elements of priority 0 (none in a group), each given by its frame and
    /// its node index (`documents`), when most of them did not move since the last order was made: `kept` lists some of
    /// the elements in an order close to ascending top edges — the last reading order of the elements whose frames are
    /// as they were: a line is read leading to trailing, so its items are out of top order only within their line —
    /// and every other element is sorted, then merged with them. Equal to the full sort whatever `kept` holds or in
    /// whatever order (it is only put in top order with fewer moves); the full sort when a frame is not finite.
    /// - Complexity: O(e) in elements plus O(m log m) in the m elements not in `kept`, when `kept` is out of top order
    ///   only within lines of a few items; at most O(e log e).
    static func permutation(frames: [Rect], documents: [Int], kept: [Int], direction: LayoutDirection,
                            lineEnds: inout [Int]) -> [Int] {
        let n = frames.count
        lineEnds.removeAll(keepingCapacity: true)
        guard documents.count == n else { return [] }
        struct Key { var top: Double; var snappedTop: Double; var leading: Double; var document: Int }
        let rightToLeft = direction == .rightToLeft
        var isFinite = true
        let keys = [Key](unsafeUninitializedCapacity: n) { keys, count in
            for d in 0..<n {
                let f = frames[d]
                if !(f.minY.isFinite && f.minX.isFinite && f.maxX.isFinite) { isFinite = false }
                keys.initializeElement(at: d, to: Key(top: f.minY, snappedTop: snapped(f.minY),
                                                      leading: snapped(rightToLeft ? -f.maxX : f.minX), document: documents[d]))
            }
            count = n
        }
        var isListed = [Bool](repeating: false, count: n)
        var valid = isFinite
        isListed.withUnsafeMutableBufferPointer { isListed in
            for d in kept {
                guard d >= 0, d < n, !isListed[d] else { valid = false; break }
                isListed[d] = true
            }
        }
        guard valid else {
            let items = (0..<n).map { Item(kind: .element($0), frame: frames[$0], priority: 0, document: documents[$0]) }
            return permutation(items, direction: direction, lineEnds: &lineEnds)
        }
        return keys.withUnsafeBufferPointer { keys -> [Int] in
            /// `list` by top edge: an insertion sort, which moves each element only past the items of its own line it was
            /// read after; a full sort once that takes more than a few moves per element.
            func byTop(_ list: [Int]) -> [Int] {
                var list = list
                list.withUnsafeMutableBufferPointer { list in
                    var moves = 0
                    let budget = 8 * list.count + 64
                    for k in list.indices.dropFirst() {
                        let d = list[k], top = keys[d].top
                        var j = k
                        while j > 0 && keys[list[j - 1]].top > top && moves < budget {
                            list[j] = list[j - 1]
                            j -= 1
                            moves += 1
                        }
                        list[j] = d
                        if moves >= budget {
                            list.sort { keys[$0].top < keys[$1].top }
                            break
                        }
                    }
                }
                return list
            }
            /// `a` and `b` (each by top edge) merged by top edge.
            func merged(_ a: [Int], _ b: [Int]) -> [Int] {
                guard !a.isEmpty else { return b }
                guard !b.isEmpty else { return a }
                return [Int](unsafeUninitializedCapacity: a.count + b.count) { merged, count in
                    var i = 0, j = 0
                    while i < a.count || j < b.count {
                        if j == b.count || i < a.count && keys[a[i]].top <= keys[b[j]].top {
                            merged.initializeElement(at: count, to: a[i]); i += 1
                        } else {
                            merged.initializeElement(at: count, to: b[j]); j += 1
                        }
                        count += 1
                    }
                }
            }
            // The other elements sorted by top edge (then document: any order of equal tops gives the same lines).
            var placed = [Int](unsafeUninitializedCapacity: n - kept.count) { placed, count in
                for d in 0..<n where !isListed[d] && count < n - kept.count {
                    placed.initializeElement(at: count, to: d)
                    count += 1
                }
            }
            placed.sort { a, b in
                keys[a].top != keys[b].top ? keys[a].top < keys[b].top : keys[a].document < keys[b].document
            }
            // Merged by top edge: which items share a line depends on the tops only.
            var merged = merged(byTop(kept), placed)
            lineEnds.reserveCapacity(merged.count)
            func leads(_ a: Int, _ b: Int) -> Bool {
                let ka = keys[a], kb = keys[b]
                if ka.leading != kb.leading { return ka.leading < kb.leading }
                if ka.snappedTop != kb.snappedTop { return ka.top < kb.top }
                return ka.document != kb.document ? ka.document < kb.document : a < b
            }
            // The lines (tops less than `lineTolerance` below the line's topmost), each read leading to trailing.
            merged.withUnsafeMutableBufferPointer { merged in
                var k = 0
                while k < merged.count {
                    let limit = keys[merged[k]].top + lineTolerance
                    var end = k + 1
                    while end < merged.count && keys[merged[end]].top < limit { end += 1 }
                    if end - k > 1 {
                        var line = UnsafeMutableBufferPointer(rebasing: merged[k..<end])
                        if !Self.isSorted(line, by: leads) { line.sort(by: leads) }
                    }
                    lineEnds.append(end)
                    k = end
                }
            }
            return merged
        }
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
