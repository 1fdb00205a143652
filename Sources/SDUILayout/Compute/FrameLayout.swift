/// The frame and padding layers (SwiftUI's `frame(width:height:alignment:)`,
/// `frame(minWidth:maxWidth:minHeight:maxHeight:alignment:)` and `padding`).
///
/// `contentX`/`contentY` accumulate the offset from the node's outer origin to its content box.
@inline(__always)
func computeFrameLayout(_ node: Int32, _ proposal: Proposal, _ mode: ComputeMode,
                        _ contentX: inout Double, _ contentY: inout Double, _ s: inout LayoutState) -> (Double, Double) {
    let i = Int(node)
    guard s.tree.nodes[i].hasFrame else { return computePaddingLayout(node, proposal, mode, &contentX, &contentY, &s) }
    let flat = s.tree.frames[i]

    // Step 1: the proposal to the content. A fixed size replaces the proposal; a flexible frame clamps a
    // specified proposal into [min, max] and passes "unspecified" through (no ideal size in the payload).
    var inner = proposal
    if !flat.width.isNaN {
        inner.width = flat.width
    } else if !proposal.width.isNaN {
        if !flat.minWidth.isNaN { inner.width = max(inner.width, flat.minWidth) }
        if !flat.maxWidth.isNaN { inner.width = min(inner.width, flat.maxWidth) }
    }
    if !flat.height.isNaN {
        inner.height = flat.height
    } else if !proposal.height.isNaN {
        if !flat.minHeight.isNaN { inner.height = max(inner.height, flat.minHeight) }
        if !flat.maxHeight.isNaN { inner.height = min(inner.height, flat.maxHeight) }
    }

    // Step 2: the content's size.
    var childX = 0.0, childY = 0.0
    let child = computePaddingLayout(node, inner, mode, &childX, &childY, &s)

    // Step 3: the frame's size. Fixed: the fixed value. Flexible (SwiftUI's _FlexFrameLayout): the content's
    // size, raised to min but not past the proposal, lowered to max but not below the proposal.
    let width = frameDimension(fixed: flat.width, min: flat.minWidth, max: flat.maxWidth,
                               proposed: proposal.width, child: child.0)
    let height = frameDimension(fixed: flat.height, min: flat.minHeight, max: flat.maxHeight,
                                proposed: proposal.height, child: child.1)

    // Step 4: the content sits at the frame's alignment.
    if mode == .place {
        contentX = (width - child.0) * flat.alignX + childX
        contentY = (height - child.1) * flat.alignY + childY
    }
    return (width, height)
}

@inline(__always)
private func frameDimension(fixed: Double, min minimum: Double, max maximum: Double, proposed: Double, child: Double) -> Double {
    if !fixed.isNaN { return fixed }
    if minimum.isNaN && maximum.isNaN { return child }
    let offered = proposed.isNaN ? child : proposed
    var result = child
    if !minimum.isNaN { result = max(minimum, min(result, offered)) }
    if !maximum.isNaN { result = min(maximum, max(result, offered)) }
    return result
}

/// Padding: the proposal shrinks by the insets (never below zero), the size grows by them.
@inline(__always)
func computePaddingLayout(_ node: Int32, _ proposal: Proposal, _ mode: ComputeMode,
                          _ contentX: inout Double, _ contentY: inout Double, _ s: inout LayoutState) -> (Double, Double) {
    let i = Int(node)
    guard s.tree.nodes[i].hasPadding else { return computeAspectRatioLayout(node, proposal, mode, &s) }
    let flat = s.tree.paddings[i]
    let horizontal = flat.leading + flat.trailing
    let vertical = flat.top + flat.bottom
    let inner = Proposal(width: max(0, proposal.width - horizontal), height: max(0, proposal.height - vertical))
    // max(0, NaN) is 0 in Swift: keep "unspecified" unspecified.
    let child = computeAspectRatioLayout(
        node, Proposal(width: proposal.width.isNaN ? .nan : inner.width, height: proposal.height.isNaN ? .nan : inner.height),
        mode, &s)
    if mode == .place {
        contentX = flat.leading
        contentY = flat.top
    }
    return (max(0, child.0 + horizontal), max(0, child.1 + vertical))
}
