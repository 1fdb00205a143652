import SDUIEnvironment
import SDUISchema

// `viewThatFits`, `flow`, `hgrid`, `label` and SF Symbol images. Children's sizes and a flow's lines live in
// `ComputeScratch.sizes` and `flowLines`, used as stacks (each call appends its part and truncates back).

/// SwiftUI's `ViewThatFits`:
/// 1. Each visible child, in order, is measured at its ideal size on the constrained axes (proposed nothing
///    there, the proposal on the other axis).
/// 2. The first whose ideal size fits the proposal on those axes is chosen (`viewThatFitsChoice`); none: the last.
/// 3. The chosen child is laid out at the proposal and is the container's size. The others are not laid out:
///    in place mode they and their subtrees are reported with zero-size frames at the container's origin and no
///    text lines (`clearSubtree`).
func computeViewThatFitsLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let proposal = input.proposal, mode = input.mode
    let axes = s.ptr.nodes[Int(node)].columns
    let horizontal = axes & Int32(Axis.Set.horizontal.rawValue) != 0, vertical = axes & Int32(Axis.Set.vertical.rawValue) != 0
    let ideal = Proposal(width: horizontal ? .nan : proposal.width, height: vertical ? .nan : proposal.height)
    // Step 1.
    let start = s.scratch.sizes.count
    var child = s.ptr.nodes[Int(node)].firstChild
    while child >= 0 {
        if !s.ptr.nodes[Int(child)].isHidden {
            let size = computeChildLayout(child, .measure(ideal), &s).size
            s.scratch.sizes.append(size)
        }
        child = s.ptr.nodes[Int(child)].nextSibling
    }
    // Step 2.
    let choice = s.scratch.sizes.withUnsafeBufferPointer { all in
        viewThatFitsChoice(UnsafeBufferPointer(rebasing: all[start...]), proposal: proposal, horizontal: horizontal, vertical: vertical)
    }
    s.scratch.sizes.truncate(to: start)
    guard choice >= 0 else { return .zero }
    // Step 3.
    var size = (0.0, 0.0)
    var visible = 0
    child = s.ptr.nodes[Int(node)].firstChild
    while child >= 0 {
        let c = Int(child)
        if !s.ptr.nodes[c].isHidden {
            if visible == choice {
                size = computeChildLayout(child, input, &s).size
                if mode == .place { s.ptr.geometry[c].x = 0; s.ptr.geometry[c].y = 0 }
            } else if mode == .place {
                clearSubtree(child, &s)
            }
            visible += 1
        }
        child = s.ptr.nodes[c].nextSibling
    }
    return LayoutOutput(size)
}

/// An unchosen child of a `viewThatFits`: it and its subtree get zero frames at their parent's origin, no text
/// lines and no layer boxes, and their remembered placements are dropped (this pass's placements no longer hold them).
/// - Complexity: O(subtree).
func clearSubtree(_ root: Int32, _ s: inout LayoutState) {
    let count = s.ptr.nodes.count
    var j = Int(root)
    repeat {
        s.ptr.geometry[j] = NodeGeometry()
        s.ptr.placementRecords[j].epoch = 0
        let text = Int(s.ptr.nodes[j].textIndex)
        if text >= 0 && text < s.placedTexts.count { s.placedTexts[text].isPlaced = false }
        if s.ptr.nodes[j].hasLayers {
            let entry = s.tree.layered(Int32(j))
            for k in Int(entry.firstLayer)..<Int(entry.firstLayer + entry.layerCount) { s.layerBoxes[k] = LayerBox() }
        }
        j += 1
        // Pre-order: the subtree is the nodes after `root` whose parent is in it (at or after `root`).
    } while j < count && Int(s.ptr.nodes[j].parent) >= Int(root)
}

/// A `flow` (chips, tags): each visible child at its ideal size, in lines of the proposed width (`flowLines`,
/// Apple's `FlowLayout` sample); in place mode each line moved across the flow's width by the alignment and
/// each child centred vertically in its line. One departure from the sample: a child whose ideal width is wider
/// than the proposed width is proposed that width (a long chip wraps its text instead of overflowing the flow).
func computeFlowLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let proposal = input.proposal, mode = input.mode
    let flat = s.ptr.nodes[Int(node)]
    let start = s.scratch.sizes.count
    let maxWidth = proposal.width.isNaN ? Double.infinity : proposal.width
    var child = flat.firstChild
    while child >= 0 {
        if !s.ptr.nodes[Int(child)].isHidden { s.scratch.sizes.append(flowChildSize(child, maxWidth, .measure, &s)) }
        child = s.ptr.nodes[Int(child)].nextSibling
    }
    let lineStart = s.scratch.flowLines.count
    let size = s.scratch.sizes.withUnsafeBufferPointer { all in
        flowLines(UnsafeBufferPointer(rebasing: all[start...]), maxWidth: maxWidth, spacing: flat.spacing,
                  lineSpacing: flat.columnSpacing, into: &s.scratch.flowLines)
    }
    if mode == .place {
        var line = lineStart
        var index = 0
        var x = 0.0
        child = flat.firstChild
        while child >= 0 {
            let c = Int(child)
            if !s.ptr.nodes[c].isHidden {
                while line < s.scratch.flowLines.count - 1 && index >= s.scratch.flowLines[line].end { line += 1 }
                let l = s.scratch.flowLines[line]
                if index == l.start { x = (size.0 - l.width) * flat.alignX }
                let placed = flowChildSize(child, maxWidth, .place, &s)
                s.ptr.geometry[c].x = x
                s.ptr.geometry[c].y = l.y + (l.height - placed.1) * flat.alignY
                x += placed.0 + flat.spacing
                index += 1
            }
            child = s.ptr.nodes[c].nextSibling
        }
    }
    s.scratch.flowLines.truncate(to: lineStart)
    s.scratch.sizes.truncate(to: start)
    return LayoutOutput(size)
}

/// A flow's child: at its ideal size, or proposed the flow's width when it is wider.
private func flowChildSize(_ child: Int32, _ maxWidth: Double, _ mode: ComputeMode, _ s: inout LayoutState) -> (Double, Double) {
    let ideal = computeChildLayout(child, .measure(.unspecified), &s).size
    if ideal.0 > maxWidth { return computeChildLayout(child, LayoutInput(Proposal(width: maxWidth, height: .nan), mode), &s).size }
    return mode == .place ? computeChildLayout(child, .place(.unspecified), &s).size : ideal
}

/// SwiftUI's `LazyHGrid`: rows from the GridItems along the proposed height (`gridItemColumns`, the column
/// algorithm on the other axis); items fill the grid column by column, each proposed (unspecified, its row's
/// height); a column is as wide as its widest item, columns `spacing` apart; an item sits in its cell at its
/// row's alignment. The grid is as wide as its columns and as tall as its rows.
func computeHGridLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let proposal = input.proposal, mode = input.mode
    let flat = s.ptr.nodes[Int(node)]
    let first = Int(flat.firstGridItem), itemCount = Int(flat.columns)
    guard first >= 0, itemCount > 0, first + itemCount <= s.tree.gridItems.count else { return .zero }
    let base = s.scratch.gridTracks.count
    let rows = s.tree.gridItems.withUnsafeBufferPointer { all in
        gridItemColumns(UnsafeBufferPointer(rebasing: all[first..<(first + itemCount)]), height: proposal.height, into: &s.scratch.gridTracks)
    }
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
            if !s.ptr.nodes[Int(item)].isHidden {
                let track = s.scratch.gridTracks[base + row]
                width = maxOf(width, computeChildLayout(item, .measure(Proposal(width: .nan, height: track.width)), &s).width)
                row += 1
            }
            item = s.ptr.nodes[Int(item)].nextSibling
        }
        guard row > 0 else { break }
        if columns > 0 { x += flat.spacing }
        if mode == .place {
            row = 0
            item = child
            while item >= 0 && row < rowCount {
                let c = Int(item)
                if !s.ptr.nodes[c].isHidden {
                    let track = s.scratch.gridTracks[base + row]
                    let size = computeChildLayout(item, .place(Proposal(width: .nan, height: track.width)), &s).size
                    s.ptr.geometry[c].x = x + (width - size.0) * track.alignX
                    s.ptr.geometry[c].y = track.offset + (track.width - size.1) * track.alignY
                    row += 1
                }
                item = s.ptr.nodes[c].nextSibling
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

/// The text styles by index (an SF Symbol image's `FlatNode.columns`), made once.
let symbolStyles = TextStyle.allCases

/// An SF Symbol image: a square of its text style's line height (`symbolSide`), whatever it is offered (SwiftUI's
/// `Image(systemName:)` is not resizable).
@inline(__always)
func computeSymbolLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let styles = symbolStyles
    let k = Int(s.ptr.nodes[Int(node)].columns)
    let side = symbolSide(k >= 0 && k < styles.count ? styles[k] : .body, s.tree.contentSize)
    return LayoutOutput(width: side, height: side)
}

/// SwiftUI's `Label` (title and icon): the symbol (`symbolSide` of the style), `LabelMetrics.spacing`, then the
/// title, proposed what is left of the width; as tall as the taller of the two, both centred vertically (the
/// renderer draws them so).
func computeLabelLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let proposal = input.proposal, mode = input.mode
    let text = Int(s.ptr.nodes[Int(node)].textIndex)
    let icon = s.ptr.nodes[Int(node)].minLength > 0 && text >= 0 && text < s.tree.texts.count ? s.tree.texts[text].lineHeight : 0
    let lead = icon > 0 ? icon + LabelMetrics.spacing : 0
    let inner = Proposal(width: proposal.width.isFinite ? maxOf(0, proposal.width - lead) : proposal.width, height: proposal.height)
    let title = computeTextLayout(node, LayoutInput(inner, mode), &s).size
    return LayoutOutput(width: title.0 + lead, height: maxOf(title.1, icon))
}
