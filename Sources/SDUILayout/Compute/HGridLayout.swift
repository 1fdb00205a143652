import SDUIEnvironment
import SDUISchema

/// SwiftUI's `LazyHGrid`: rows from the GridItems along the proposed height (`gridItemColumns`, the column
/// algorithm on the other axis); items fill the grid column by column, each proposed (unspecified, its row's
/// height); a column is as wide as its widest item, columns `spacing` apart; an item sits in its cell at its
/// row's alignment. The grid is as wide as its columns and as tall as its rows.
func computeHGridLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let proposal = input.proposal, mode = input.mode
    let flat = s.view.nodes[Int(node)]
    let first = Int(flat.firstGridItem), itemCount = Int(flat.columns)
    guard first >= 0, itemCount > 0, first + itemCount <= s.view.gridItems.count else { return .zero }
    let base = s.scratch.gridTracks.count
    let rows = gridItemColumns(s.view.gridItems.slice(first..<(first + itemCount)), height: proposal.height,
                               into: &s.scratch.gridTracks)
    defer { s.scratch.gridTracks.truncate(to: base) }
    let rowCount = s.scratch.gridTracks.count - base
    guard rowCount > 0 else { return LayoutOutput(width: 0, height: rows) }
    var x = 0.0
    var columns = 0
    var child = flat.firstChild
    while child >= 0 {
        // One column: the next `rowCount` visible items, measured, then placed.
        var width = 0.0
        var row = 0
        var item = child
        while item >= 0 && row < rowCount {
            if !s.view.nodes[Int(item)].isHidden {
                let track = s.scratch.gridTracks[base + row]
                width = maxOf(width, computeChildLayout(item, .measure(Proposal(width: .nan, height: track.width)), &s).width)
                row += 1
            }
            item = s.view.nodes[Int(item)].nextSibling
        }
        guard row > 0 else { break }
        if columns > 0 { x += flat.spacing }
        if mode == .place {
            row = 0
            item = child
            while item >= 0 && row < rowCount {
                let c = Int(item)
                if !s.view.nodes[c].isHidden {
                    let track = s.scratch.gridTracks[base + row]
                    let size = computeChildLayout(item, .place(Proposal(width: .nan, height: track.width)), &s).size
                    s.ptr.geometry[c].x = x + (width - size.0) * track.alignX
                    s.ptr.geometry[c].y = track.offset + (track.width - size.1) * track.alignY
                    row += 1
                }
                item = s.view.nodes[c].nextSibling
            }
        }
        x += width
        columns += 1
        child = item
    }
    return LayoutOutput(width: x, height: rows)
}

/// The GridItem rows of an hgrid: `gridItemColumns` along the height (a track's `width` is its row's height).
private func gridItemColumns(_ items: UnsafeBufferPointer<GridItemSpec>, height: Double,
                             into tracks: inout ContiguousArray<GridTrack>) -> Double {
    gridItemColumns(items, width: height, into: &tracks).width
}
