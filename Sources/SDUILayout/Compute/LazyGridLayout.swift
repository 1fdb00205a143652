/// Rows of a virtualised grid measured so far: a contiguous prefix from row 0, kept across viewport layouts
/// (one model per virtualised grid of the tree).
///
/// Memory grows with the rows a user has scrolled through, never with the number of items.
struct LazyRowModel {
    var grid: Int32 = -1
    var columns = 0
    var columnWidth = Double.nan
    /// Top of each measured row, in the grid's content coordinates.
    var tops = ContiguousArray<Double>()
    var heights = ContiguousArray<Double>()
    var heightSum = 0.0

    /// The average measured row height: the estimate for rows not measured yet.
    var estimate: Double { heights.isEmpty ? 0 : heightSum / Double(heights.count) }

    mutating func reset(grid: Int32, columns: Int, columnWidth: Double) {
        self.grid = grid; self.columns = columns; self.columnWidth = columnWidth
        tops.removeAll(keepingCapacity: true); heights.removeAll(keepingCapacity: true); heightSum = 0
    }

    /// The top of row `row`: measured, or extrapolated from the last measured row by the estimate.
    /// - Complexity: O(1).
    func top(of row: Int, spacing: Double) -> Double {
        let m = tops.count
        if row < m { return tops[row] }
        guard m > 0 else { return Double(row) * spacing }
        return tops[m - 1] + heights[m - 1] + spacing + Double(row - m) * (estimate + spacing)
    }

    /// The first row whose bottom is below `y`.
    /// - Complexity: O(log m) over measured rows, O(1) beyond them.
    func firstRow(atOrBelow y: Double, spacing: Double, rowCount: Int) -> Int {
        let m = tops.count
        guard y > 0, m > 0 else { return 0 }
        let measuredEnd = tops[m - 1] + heights[m - 1]
        if y <= measuredEnd {
            var low = 0, high = m - 1
            while low < high {
                let mid = (low + high) / 2
                if tops[mid] + heights[mid] < y { low = mid + 1 } else { high = mid }
            }
            return low
        }
        let step = estimate + spacing
        guard step > 0 else { return min(rowCount - 1, m) }
        let skipped = ((y - measuredEnd - spacing) / step).rounded(.down)
        // (`skipped >= 0` is false for NaN too: `Int` of NaN would trap.)
        return min(rowCount - 1, m + (skipped >= 0 ? Int(min(skipped, Double(Int32.max))) : 0))
    }
}

/// A virtualised `LazyVGrid`: realises (builds, sizes and places) only the rows that intersect the
/// viewport window, plus row 0 when nothing is measured yet.
///
/// 1. Rows = ⌈items / columns⌉; the row model is reset when the column count or width changes.
/// 2. Find the first row intersecting the window (binary search over measured rows, arithmetic beyond).
/// 3. Realise rows from there until a row starts below the window; rows contiguous with the measured
///    prefix extend it.
/// 4. The grid's height: measured rows plus the estimate for the rest.
func computeLazyGridRows(_ node: Int32, width: Double, columns: Int, columnWidth: Double, mode: ComputeMode,
                         window: LazyWindow, _ s: inout LayoutState) -> (Double, Double) {
    let flat = s.view.nodes[Int(node)]
    let itemCount = Int(flat.visibleChildCount)
    let spacing = flat.spacing
    // Step 1.
    let rowCount = (itemCount + columns - 1) / columns
    guard rowCount > 0 else { return (width, 0) }
    // Each virtualised grid of the tree keeps its own rows (`LayoutState.lazyRows`, by the grid's source index):
    // taken out for this call (a swap, no copy) and put back when it returns.
    let k = window.source
    if k >= s.lazyRows.count { s.lazyRows.append(contentsOf: repeatElement(LazyRowModel(), count: k + 1 - s.lazyRows.count)) }
    var rows = LazyRowModel()
    swap(&rows, &s.lazyRows[k])
    defer { swap(&rows, &s.lazyRows[k]) }
    if rows.grid != node || rows.columns != columns || rows.columnWidth != columnWidth {
        rows.reset(grid: node, columns: columns, columnWidth: columnWidth)
    }
    if rows.tops.isEmpty {
        var unlinked: Int32 = -1
        let height = realizeRow(0, node, columns: columns, columnWidth: columnWidth, itemCount: itemCount,
                                top: 0, mode: .measure, link: false, tail: &unlinked, window: window, &s)
        rows.tops.append(0); rows.heights.append(height); rows.heightSum += height
    }
    if mode == .place {
        // Step 2 (window in the grid's content coordinates: below its top padding).
        let minY = window.minY - s.view.paddings[Int(node)].top
        let maxY = window.maxY - s.view.paddings[Int(node)].top
        var row = rows.firstRow(atOrBelow: minY, spacing: spacing, rowCount: rowCount)
        // Step 3 (`tail`: the grid's last linked item; rows are linked after it).
        var tail = s.view.nodes[Int(node)].firstChild
        while tail >= 0 && s.view.nodes[Int(tail)].nextSibling >= 0 { tail = s.view.nodes[Int(tail)].nextSibling }
        while row < rowCount {
            let top = rows.top(of: row, spacing: spacing)
            if top >= maxY && row > 0 { break }
            let height = realizeRow(row, node, columns: columns, columnWidth: columnWidth, itemCount: itemCount,
                                    top: top, mode: .place, link: true, tail: &tail, window: window, &s)
            if row == rows.tops.count {
                rows.tops.append(top); rows.heights.append(height); rows.heightSum += height
            }
            row += 1
        }
    }
    // Step 4.
    let last = rowCount - 1
    let lastHeight = last < rows.heights.count ? rows.heights[last] : rows.estimate
    return (width, rows.top(of: last, spacing: spacing) + lastHeight)
}

/// Builds, sizes and (in place mode) places the items of one row; returns the row's height.
private func realizeRow(_ row: Int, _ grid: Int32, columns: Int, columnWidth: Double, itemCount: Int, top: Double,
                        mode: ComputeMode, link: Bool, tail: inout Int32, window: LazyWindow, _ s: inout LayoutState) -> Double {
    let flat = s.view.nodes[Int(grid)]
    let start = row * columns
    let end = min(itemCount, start + columns)
    let first = s.realizeLazyItems(source: window.source, range: start..<end, parent: grid)
    s.growBuffers()
    let proposal = Proposal(width: columnWidth, height: .nan)
    var height = 0.0
    var item = first
    while item >= 0 {
        height = maxOf(height, computeCachedLayout(item, LayoutInput(proposal, mode), &s).height)
        item = s.view.nodes[Int(item)].nextSibling
    }
    if mode == .place {
        var column = 0
        item = first
        var last: Int32 = -1
        while item >= 0 {
            let c = Int(item)
            s.ptr.geometry[c].x = Double(column) * (columnWidth + flat.columnSpacing) + (columnWidth - s.ptr.geometry[c].width) * flat.alignX
            s.ptr.geometry[c].y = top + (height - s.ptr.geometry[c].height) * flat.alignY
            column += 1
            last = item
            item = s.view.nodes[c].nextSibling
        }
        if link { s.appendLazyChildren(grid, first: first, last: last, tail: &tail) }
    }
    return height
}
