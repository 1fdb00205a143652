/// One GridItem of a grid, resolved by the build (`LayoutTree.gridItems`).
struct GridItemSpec {
    enum Kind: UInt8 { case fixed, flexible, adaptive }
    var kind: Kind
    /// fixed: the width; flexible and adaptive: the minimum.
    var minimum: Double
    /// flexible and adaptive: the maximum (+infinity allowed); fixed: the width.
    var maximum: Double
    /// Points after the column (and between an adaptive item's columns).
    var spacing: Double
    /// Where an item sits in its cell (fractions: 0 leading/top … 1 trailing/bottom).
    var alignX: Double
    var alignY: Double
}

/// One column of a grid as laid out: its width, its leading edge and where items sit in it.
struct GridTrack {
    var offset: Double
    var width: Double
    var alignX: Double
    var alignY: Double
}

/// Most columns one grid lays out (an adaptive item with a small minimum in a wide window makes many).
let maxGridTracks = 256

/// SwiftUI's `LazyVGrid` column algorithm for GridItems (objc.io, "SwiftUI's Grid Views", 2020; the same rules
/// measured item by item by juejin.cn/post/7081943051349786631 and 7083356120147820552):
///
/// 1. The spacing after every item but the last, and the fixed columns' widths, are taken off the width.
/// 2. The other items, in order, are each offered what remains ÷ the items left: a flexible item takes the
///    offer clamped to its minimum…maximum, an adaptive item takes the offer as it is; what it takes is
///    subtracted.
/// 3. Each adaptive item is then split into as many columns of at least its minimum as its width fits,
///    ⌊(w + s) ⁄ (minimum + s)⌋ (at least 1), each (w − s·(n − 1)) ⁄ n wide, at most its maximum.
/// 4. The grid is as wide as its columns and spacing; SwiftUI lays the columns out again at that width (a
///    flexible minimum larger than its share makes the grid wider than offered, and the second pass then
///    spreads the larger width), so steps 1–3 run twice: at the offered width, then at the width they gave.
///
/// An unspecified width (a grid in a horizontal scroll) gives flexible items their minimum and adaptive items
/// one column of their minimum. `tracks` receives the columns in order (appended; at most `maxGridTracks`).
/// Returns the grid's width and whether the columns were cut at `maxGridTracks`.
/// - Complexity: O(items + columns).
func gridItemColumns(_ items: UnsafeBufferPointer<GridItemSpec>, width: Double,
                     into tracks: inout ContiguousArray<GridTrack>) -> (width: Double, isLimited: Bool) {
    let start = tracks.count
    guard !items.isEmpty else { return (0, false) }
    if !width.isFinite {
        // Each item at its narrowest, one column each: fixed, or the minimum.
        var x = 0.0
        for (i, item) in items.enumerated() {
            tracks.append(GridTrack(offset: x, width: item.minimum, alignX: item.alignX, alignY: item.alignY))
            x += item.minimum + (i < items.count - 1 ? item.spacing : 0)
        }
        return (x, false)
    }
    let first = distributeGridItems(items, width: width, into: &tracks, from: start)
    tracks.removeSubrange(start...)
    let second = distributeGridItems(items, width: first.total, into: &tracks, from: start)
    return (first.total, first.isLimited || second.isLimited)
}

/// Steps 1–3 at `width`: appends the columns to `tracks` (from index `start`); returns their total width
/// (columns and spacing) and whether they were cut at `maxGridTracks`.
private func distributeGridItems(_ items: UnsafeBufferPointer<GridItemSpec>, width: Double,
                                 into tracks: inout ContiguousArray<GridTrack>, from start: Int) -> (total: Double, isLimited: Bool) {
    // Step 1.
    var remaining = width
    var flexibleCount = 0
    for (i, item) in items.enumerated() {
        if i < items.count - 1 { remaining -= item.spacing }
        if item.kind == .fixed { remaining -= item.minimum } else { flexibleCount += 1 }
    }
    // Steps 2 and 3, item by item in order (an item's columns depend only on its own width).
    var left = flexibleCount
    var x = 0.0
    var isLimited = false
    for (i, item) in items.enumerated() {
        var taken: Double
        switch item.kind {
        case .fixed:
            taken = item.minimum
        case .flexible:
            taken = minOf(item.maximum, maxOf(item.minimum, remaining / Double(left)))
            remaining -= taken
            left -= 1
        case .adaptive:
            taken = remaining / Double(left)
            remaining -= taken
            left -= 1
        }
        var count = 1
        var columnWidth = maxOf(0, taken)
        if item.kind == .adaptive {
            let fitting = ((taken + item.spacing) / (item.minimum + item.spacing)).rounded(.down)
            if fitting > Double(maxGridTracks) { isLimited = true }
            count = fitting >= 2 ? Int(minOf(fitting, Double(maxGridTracks))) : 1
            columnWidth = minOf(item.maximum, maxOf(0, (taken - item.spacing * Double(count - 1)) / Double(count)))
        }
        let isLast = i == items.count - 1
        for k in 0..<count {
            if tracks.count - start >= maxGridTracks { isLimited = true; break }
            tracks.append(GridTrack(offset: x, width: columnWidth, alignX: item.alignX, alignY: item.alignY))
            x += columnWidth
            if k < count - 1 || !isLast { x += item.spacing }
        }
    }
    return (x, isLimited)
}
