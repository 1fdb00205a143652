/// SwiftUI's `LazyVGrid` with N `.flexible()` columns.
///
/// 1. Width: the proposed width (unspecified or infinite: N × the widest item's ideal width + spacing).
/// 2. Columns: N from the payload; with `minColumnWidth`, N is lowered until a column is at least that
///    wide (never below 1; a single column narrower than the minimum is reported).
/// 3. Column width = (W − columnSpacing·(N−1)) / N; each item is proposed (column width, unspecified).
/// 4. Rows: each row is as tall as its tallest item; rows are `rowSpacing` apart.
/// 5. Placement: each item at the grid's alignment inside its cell (center by default, as `GridItem`).
func computeGridLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let proposal = input.proposal, mode = input.mode
    let flat = s.view.nodes[Int(node)]
    if flat.firstGridItem >= 0 { return computeGridItemLayout(node, input, &s) }
    let count = Int(flat.visibleChildCount)

    // Step 1: the grid's width.
    var requestedColumns = max(1, Int(flat.columns))
    var width = proposal.width
    if !width.isFinite {
        var widest = 0.0
        var child = flat.firstChild
        while child >= 0 {
            if !s.view.nodes[Int(child)].isHidden {
                widest = maxOf(widest, computeCachedLayout(child, .measure(.unspecified), &s).width)
            }
            child = s.view.nodes[Int(child)].nextSibling
        }
        requestedColumns = max(1, min(requestedColumns, count))
        width = widest * Double(requestedColumns) + flat.columnSpacing * Double(requestedColumns - 1)
    }

    // Step 2: the column count.
    let metrics = gridColumns(width: width, requested: requestedColumns, spacing: flat.columnSpacing,
                              minimum: flat.minColumnWidth)
    if metrics.isBelowMinimum && mode == .place {
        s.report("grid-columns-below-minimum", .warning, node,
                 "one column is \(formatSize((metrics.columnWidth, .nan)).dropLast(4)) pt wide, narrower than minColumnWidth \(formatSize((flat.minColumnWidth, .nan)).dropLast(4))")
    }
    if let window = s.lazyWindow, window.grid == node {
        return LayoutOutput(computeLazyGridRows(node, width: width, columns: metrics.columns, columnWidth: metrics.columnWidth,
                                                mode: mode, window: window, &s))
    }

    // Steps 3–5: rows of items.
    let columns = metrics.columns
    let columnWidth = metrics.columnWidth
    let itemProposal = Proposal(width: columnWidth, height: .nan)
    var y = 0.0
    var rowStart = flat.firstChild
    var rows = 0
    while rowStart >= 0 {
        // Size the row's items (skipping hidden ones: they have no cell).
        var rowHeight = 0.0
        var child = rowStart
        var taken = 0
        while child >= 0 && taken < columns {
            if !s.view.nodes[Int(child)].isHidden {
                let size = computeChildLayout(child, LayoutInput(itemProposal, mode), &s).size
                rowHeight = maxOf(rowHeight, size.1)
                taken += 1
            }
            child = s.view.nodes[Int(child)].nextSibling
        }
        if taken == 0 { break }
        if rows > 0 { y += flat.spacing }
        if mode == .place {
            var column = 0
            var item = rowStart
            while item != child {
                let c = Int(item)
                if !s.view.nodes[c].isHidden {
                    s.ptr.geometry[c].x = Double(column) * (columnWidth + flat.columnSpacing) + (columnWidth - s.ptr.geometry[c].width) * flat.alignX
                    s.ptr.geometry[c].y = y + (rowHeight - s.ptr.geometry[c].height) * flat.alignY
                    column += 1
                }
                item = s.view.nodes[c].nextSibling
            }
        }
        y += rowHeight
        rows += 1
        rowStart = child
    }
    return LayoutOutput(width: width, height: y)
}

/// The column count and width of a grid `width` points wide.
struct GridColumns {
    var columns: Int
    var columnWidth: Double
    /// Even one column is narrower than `minColumnWidth`.
    var isBelowMinimum: Bool
}

/// Lowers `requested` until columns are at least `minimum` wide: N = ⌊(W + s) / (min + s)⌋, clamped to 1…requested.
/// - Complexity: O(1).
func gridColumns(width: Double, requested: Int, spacing: Double, minimum: Double) -> GridColumns {
    var columns = max(1, requested)
    if minimum > 0 {
        let fitting = ((width + spacing) / (minimum + spacing)).rounded(.down)
        if fitting.isFinite { columns = max(1, min(columns, Int(max(1, min(fitting, Double(Int32.max)))))) }
    }
    let columnWidth = maxOf(0, (width - spacing * Double(columns - 1)) / Double(columns))
    return GridColumns(columns: columns, columnWidth: columnWidth,
                       isBelowMinimum: minimum > 0 && columnWidth < minimum - 1e-9)
}

/// SwiftUI's `LazyVGrid` with GridItem columns (`fixed`, `flexible`, `adaptive`).
///
/// 1. Columns: `gridItemColumns` at the proposed width (SwiftUI's column algorithm; the grid's width is theirs).
/// 2. Rows of as many items as there are columns; each item is proposed (its column's width, unspecified).
/// 3. Each row is as tall as its tallest item; rows are `rowSpacing` apart.
/// 4. Each item sits in its cell at its column's alignment (the GridItem's, else the grid's; center by default).
func computeGridItemLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let proposal = input.proposal, mode = input.mode
    let flat = s.view.nodes[Int(node)]
    // Step 1 (the columns go on the track stack; a nested grid's go above them and are gone when it returns).
    let base = s.scratch.gridTracks.count
    defer { s.scratch.gridTracks.removeSubrange(base...) }
    let first = Int(flat.firstGridItem), itemCount = Int(flat.columns)
    guard first >= 0, itemCount > 0, first + itemCount <= s.view.gridItems.count else { return .zero }
    let columns = gridItemColumns(s.view.gridItems.slice(first..<(first + itemCount)), width: proposal.width,
                                  into: &s.scratch.gridTracks)
    if columns.isLimited && mode == .place {
        s.report("grid-columns-limited", .warning, node, "the GridItems make more than \(maxGridTracks) columns; only \(maxGridTracks) are laid out")
    }
    let trackCount = s.scratch.gridTracks.count - base
    guard trackCount > 0 else { return LayoutOutput(width: columns.width, height: 0) }
    // Steps 2–4.
    var y = 0.0
    var rowStart = flat.firstChild
    var rows = 0
    while rowStart >= 0 {
        var rowHeight = 0.0
        var child = rowStart
        var taken = 0
        while child >= 0 && taken < trackCount {
            if !s.view.nodes[Int(child)].isHidden {
                let size = computeChildLayout(child, LayoutInput(Proposal(width: s.scratch.gridTracks[base + taken].width, height: .nan), mode), &s).size
                rowHeight = maxOf(rowHeight, size.1)
                taken += 1
            }
            child = s.view.nodes[Int(child)].nextSibling
        }
        if taken == 0 { break }
        if rows > 0 { y += flat.spacing }
        if mode == .place {
            var column = 0
            var item = rowStart
            while item != child {
                let c = Int(item)
                if !s.view.nodes[c].isHidden {
                    let track = s.scratch.gridTracks[base + column]
                    s.ptr.geometry[c].x = track.offset + (track.width - s.ptr.geometry[c].width) * track.alignX
                    s.ptr.geometry[c].y = y + (rowHeight - s.ptr.geometry[c].height) * track.alignY
                    column += 1
                }
                item = s.view.nodes[c].nextSibling
            }
        }
        y += rowHeight
        rows += 1
        rowStart = child
    }
    return LayoutOutput(width: columns.width, height: y)
}
