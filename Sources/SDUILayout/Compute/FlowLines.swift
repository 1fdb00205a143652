/// One line of a `flow`: the children `start..<end` (indices into the sizes measured), its size and top.
struct FlowLine: Equatable {
    var start: Int
    var end: Int
    var width: Double
    var height: Double
    var y: Double
}

/// The lines of a flow (chips, tags): Apple's `FlowLayout` sample for the `Layout` protocol (the Food Truck
/// sample app, `FlowLayout.swift`), step by step:
///
/// 1. Each child is measured at its ideal size (proposed nothing).
/// 2. Children are added to the current line in order, `spacing` apart; a child that would make the line wider
///    than `maxWidth` starts a new line — unless it is the line's first, which stays however wide it is.
/// 3. A line is as tall as its tallest child; lines are `lineSpacing` apart.
/// 4. The flow is as wide as its widest line and as tall as its lines.
///
/// Placement (`flowLayout`): each line is moved along the flow's width by the horizontal alignment, each
/// child within its line's height by the vertical alignment. An unspecified `maxWidth` is one line (the
/// sample uses SwiftUI's 10-point placeholder there, which puts every child on a line of its own).
/// `lines` receives the lines (appended). Returns the flow's size.
/// - Complexity: O(children).
func flowLines(_ sizes: UnsafeBufferPointer<(Double, Double)>, maxWidth: Double, spacing: Double, lineSpacing: Double,
               into lines: inout ContiguousArray<FlowLine>) -> (Double, Double) {
    let limit = maxWidth.isNaN ? Double.infinity : maxWidth
    var size = (0.0, 0.0)
    var line = FlowLine(start: 0, end: 0, width: 0, height: 0, y: 0)
    func finish(_ line: FlowLine, _ lines: inout ContiguousArray<FlowLine>) {
        lines.append(line)
        size.0 = maxOf(size.0, line.width)
        size.1 = line.y + line.height
    }
    for (i, child) in sizes.enumerated() {
        let gap = i > line.start ? spacing : 0
        // Step 2.
        if i > line.start && line.width + gap + child.0 > limit {
            finish(line, &lines)
            line = FlowLine(start: i, end: i, width: 0, height: 0, y: line.y + line.height + lineSpacing)
            line.width = child.0
        } else {
            line.width += gap + child.0
        }
        // Step 3.
        line.height = maxOf(line.height, child.1)
        line.end = i + 1
    }
    if !sizes.isEmpty { finish(line, &lines) }
    return size
}

/// SwiftUI's `ViewThatFits`: the index of the first child whose ideal size fits the proposal on the constrained
/// axes (`horizontal`, `vertical`), or the last child when none does; the first child when no axis is
/// constrained. An unspecified or infinite proposal fits anything. `idealSizes` are the children's sizes when
/// proposed nothing on the constrained axes (and the proposal on the others).
/// - Complexity: O(children).
func viewThatFitsChoice(_ idealSizes: UnsafeBufferPointer<(Double, Double)>, proposal: Proposal,
                        horizontal: Bool, vertical: Bool) -> Int {
    guard !idealSizes.isEmpty else { return -1 }
    guard horizontal || vertical else { return 0 }
    for (i, size) in idealSizes.enumerated() {
        // (A NaN proposal compares false: "fits".)
        let tooWide = horizontal && size.0 > proposal.width + 1e-9
        let tooTall = vertical && size.1 > proposal.height + 1e-9
        if !tooWide && !tooTall { return i }
    }
    return idealSizes.count - 1
}
