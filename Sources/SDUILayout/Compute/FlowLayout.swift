import SDUIEnvironment
import SDUISchema

// Children's sizes and a flow's lines live in `ComputeScratch.sizes` and `flowLines`, used as stacks (each call
// appends its part and truncates back).

/// A `flow` (chips, tags): each visible child at its ideal size, in lines of the proposed width (`flowLines`,
/// Apple's `FlowLayout` sample); in place mode each line moved across the flow's width by the alignment and
/// each child centred vertically in its line. One departure from the sample: a child whose ideal width is wider
/// than the proposed width is proposed that width (a long chip wraps its text instead of overflowing the flow).
func computeFlowLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let proposal = input.proposal, mode = input.mode
    let flat = s.view.nodes[Int(node)]
    let start = s.scratch.sizes.count
    let maxWidth = proposal.width.isNaN ? Double.infinity : proposal.width
    var child = flat.firstChild
    while child >= 0 {
        if !s.view.nodes[Int(child)].isHidden { s.scratch.sizes.append(flowChildSize(child, maxWidth, .measure, &s)) }
        child = s.view.nodes[Int(child)].nextSibling
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
            if !s.view.nodes[c].isHidden {
                while line < s.scratch.flowLines.count - 1 && index >= s.scratch.flowLines[line].end { line += 1 }
                let l = s.scratch.flowLines[line]
                if index == l.start { x = (size.0 - l.width) * flat.alignX }
                let placed = flowChildSize(child, maxWidth, .place, &s)
                s.ptr.geometry[c].x = x
                s.ptr.geometry[c].y = l.y + (l.height - placed.1) * flat.alignY
                x += placed.0 + flat.spacing
                index += 1
            }
            child = s.view.nodes[c].nextSibling
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
