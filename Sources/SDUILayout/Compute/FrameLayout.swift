/// The modifier layers of a node, outermost first: frame → padding → aspectRatio → content (the modifiers were
/// applied content-outward, so the proposal travels through them in reverse; SwiftUI's `frame(width:height:alignment:)`,
/// `frame(minWidth:maxWidth:minHeight:maxHeight:alignment:)`, `padding` and `aspectRatio`).
///
/// 1. The proposal inward: frame (`frameProposal`), padding (`paddingProposal`) — `modifierProposal` — then the
///    aspect ratio (`aspectRatioBox`, which may ask the content for its ideal width).
/// 2. The content's size at that proposal.
/// 3. The size outward: padding (`paddingSize`), frame (`frameSize`) — `modifierSize`.
/// 4. The offset of the content box from the node's origin: the padding's leading/top inset, then the content
///    placed at the frame's alignment (only meaningful in place mode).
///
/// Straight-line functions inlined into their callers (`computeCachedLayout` and `computeLeafNode`), so a
/// node's layers cost no call of their own.
@inline(always)
func computeModifierLayers(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState,
                           _ content: (LayoutInput, inout LayoutState) -> LayoutOutput)
    -> (width: Double, height: Double, contentX: Double, contentY: Double) {
    let i = Int(node)
    let proposal = input.proposal, mode = input.mode
    // Step 1.
    let padded = modifierProposal(node, proposal, &s)
    var boxed = padded
    let ratio = s.view.nodes[i].aspectRatio
    if !ratio.isNaN {
        boxed = aspectRatioBox(ratio: ratio, fill: s.view.nodes[i].aspectFill, proposal: padded)
        boxed = boundedBox(node, boxed, mode, &s)
    }
    // Step 2 (the content may lay out children: `s.ptr` is read again below).
    let size = content(LayoutInput(boxed, mode), &s).size
    // Steps 3 and 4.
    return modifierSize(node, proposal, size, &s)
}

/// Step 1 without the aspect ratio: the proposal inside the frame and the padding.
@inline(always)
func modifierProposal(_ node: Int32, _ proposal: Proposal, _ s: inout LayoutState) -> Proposal {
    let i = Int(node)
    let framed = s.view.nodes[i].hasFrame ? frameProposal(s.view.frames[i], proposal) : proposal
    return s.view.nodes[i].hasPadding ? paddingProposal(s.view.paddings[i], framed) : framed
}

/// Steps 3 and 4: the node's size and content offset around content of size `child`.
@inline(always)
func modifierSize(_ node: Int32, _ proposal: Proposal, _ child: (Double, Double), _ s: inout LayoutState)
    -> (width: Double, height: Double, contentX: Double, contentY: Double) {
    let i = Int(node)
    var size = child
    var contentX = 0.0, contentY = 0.0
    if s.view.nodes[i].hasPadding {
        let flat = s.view.paddings[i]
        size = paddingSize(flat, size)
        contentX = flat.leading; contentY = flat.top
    }
    if s.view.nodes[i].hasFrame {
        let flat = s.view.frames[i]
        let inner = size
        size = frameSize(flat, proposal, inner)
        contentX = (size.0 - inner.0) * flat.alignX + contentX
        contentY = (size.1 - inner.1) * flat.alignY + contentY
    }
    return (size.0, size.1, contentX, contentY)
}

/// Frame step 1: a fixed size replaces the proposal; a flexible frame clamps a specified proposal into
/// [min, max] and passes "unspecified" through (no ideal size in the payload).
@inline(always)
func frameProposal(_ flat: FrameSpec, _ proposal: Proposal) -> Proposal {
    var inner = proposal
    if !flat.width.isNaN {
        inner.width = flat.width
    } else if !proposal.width.isNaN {
        if !flat.minWidth.isNaN { inner.width = maxOf(inner.width, flat.minWidth) }
        if !flat.maxWidth.isNaN { inner.width = minOf(inner.width, flat.maxWidth) }
    }
    if !flat.height.isNaN {
        inner.height = flat.height
    } else if !proposal.height.isNaN {
        if !flat.minHeight.isNaN { inner.height = maxOf(inner.height, flat.minHeight) }
        if !flat.maxHeight.isNaN { inner.height = minOf(inner.height, flat.maxHeight) }
    }
    return inner
}

/// Frame step 3: fixed: the fixed value. Flexible (SwiftUI's _FlexFrameLayout): the content's size, raised to
/// min but not past the proposal, lowered to max but not below the proposal.
@inline(always)
func frameSize(_ flat: FrameSpec, _ proposal: Proposal, _ child: (Double, Double)) -> (Double, Double) {
    (frameDimension(fixed: flat.width, min: flat.minWidth, max: flat.maxWidth, proposed: proposal.width, child: child.0),
     frameDimension(fixed: flat.height, min: flat.minHeight, max: flat.maxHeight, proposed: proposal.height, child: child.1))
}

@inline(always)
private func frameDimension(fixed: Double, min minimum: Double, max maximum: Double, proposed: Double, child: Double) -> Double {
    if !fixed.isNaN { return fixed }
    if minimum.isNaN && maximum.isNaN { return child }
    let offered = proposed.isNaN ? child : proposed
    var result = child
    if !minimum.isNaN { result = maxOf(minimum, minOf(result, offered)) }
    if !maximum.isNaN { result = minOf(maximum, maxOf(result, offered)) }
    return result
}

/// Padding: the proposal shrinks by the insets (never below zero), the size grows by them.
@inline(always)
func paddingProposal(_ flat: PaddingSpec, _ proposal: Proposal) -> Proposal {
    let horizontal = flat.leading + flat.trailing
    let vertical = flat.top + flat.bottom
    let inner = Proposal(width: maxOf(0, proposal.width - horizontal), height: maxOf(0, proposal.height - vertical))
    // max(0, NaN) is 0 in Swift: keep "unspecified" unspecified.
    return Proposal(width: proposal.width.isNaN ? .nan : inner.width, height: proposal.height.isNaN ? .nan : inner.height)
}

/// The size of content `child` with padding `flat`.
@inline(always)
func paddingSize(_ flat: PaddingSpec, _ child: (Double, Double)) -> (Double, Double) {
    (maxOf(0, child.0 + (flat.leading + flat.trailing)), maxOf(0, child.1 + (flat.top + flat.bottom)))
}
