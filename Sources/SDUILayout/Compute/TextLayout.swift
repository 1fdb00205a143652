import SDUIEnvironment

/// `text` and `button`: the measured text (and a button style's padding around its title).
///
/// 1. The width available to the lines: the proposed width less the label padding (unspecified or
///    infinite: no wrapping).
/// 2. The line limit: the payload's `lineLimit`, lowered to the lines that fit a finite proposed height
///    (at least one), as SwiftUI's `Text` truncates to the height it is offered.
/// 3. Size: the widest line × lines · line height, plus the label padding.
/// 4. When placed: keep the lines for the result and report truncation.
func computeTextLayout(_ node: Int32, _ proposal: Proposal, _ mode: ComputeMode, _ s: inout LayoutState) -> (Double, Double) {
    let flat = s.tree.nodes[Int(node)]
    let index = Int(flat.textIndex)
    guard index >= 0 else { return (0, 0) }
    let padH = flat.labelPadH * 2, padV = flat.labelPadV * 2
    let lineHeight = s.tree.texts[index].lineHeight
    // Step 1.
    let maxWidth = proposal.width.isFinite ? max(0, proposal.width - padH) : .infinity
    // Step 2.
    var limit = s.tree.texts[index].lineLimit
    if proposal.height.isFinite && lineHeight > 0 {
        let fitting = max(1, Int(min(1e6, ((proposal.height - padV) / lineHeight + 1e-9).rounded(.down))))
        limit = min(limit ?? fitting, fitting)
    }
    // Step 3.
    if mode == .measure {
        let measured = s.text.size(s.tree.texts[index], maxWidth: maxWidth, lineLimit: limit)
        return (measured.width + padH, measured.height + padV)
    }
    // Step 4.
    let placed = s.text.place(s.tree.texts[index], maxWidth: maxWidth, lineLimit: limit)
    s.placedTexts[index] = placed
    if placed.isTruncated {
        let limited = s.tree.texts[index].lineLimit.map { placed.lines.count >= $0 } ?? false
        s.report("text-truncated", limited ? .info : .warning, node,
                 limited ? "text truncated at its lineLimit of \(placed.lines.count) line\(placed.lines.count == 1 ? "" : "s")"
                         : "text truncated: \(placed.lines.count) line\(placed.lines.count == 1 ? "" : "s") fit in \(formatSize((proposal.width, proposal.height)))")
    }
    return (placed.width + padH, placed.height + padV)
}

/// A text as placed in this pass: what `TextRun` reports.
struct PlacedText {
    var lines: [String] = []
    var lineWidths: [Double] = []
    var width: Double = 0
    var height: Double = 0
    var isTruncated = false
}
