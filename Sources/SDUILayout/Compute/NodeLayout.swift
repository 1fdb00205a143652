/// The driver, wrapping every container algorithm in the caches (taffy's `compute_cached_layout`): sizes (and in
/// place mode places) one node and returns its size.
///
/// 1. A hidden node takes no space; a simple leaf (color, image, spacer, divider) is laid out directly
///    (`computeLeafNode`: arithmetic is cheaper than a lookup).
/// 2. A measurement asked before is answered from `MeasureCache` (Yoga-style slots: a stack's flexibility probes
///    and its final proposal cost one computation each per distinct proposal). Texts skip it: their
///    measurement is itself cached per string and width (`computeTextLayout`).
/// 3. A placement at this proposal kept from an earlier pass, its subtree still in this pass's geometry, is
///    reused (`PlacementRecord`).
/// 4. Otherwise the node is laid out through its modifier layers (`computeModifiedLayout`), and the result
///    remembered: a measurement in the cache, a placement in the node's geometry and its `PlacementRecord`.
func computeCachedLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let i = Int(node)
    let proposal = input.proposal, mode = input.mode
    // Step 1: hidden nodes take no space (SwiftUI: an `if false` view does not exist).
    if s.view.nodes[i].isHidden { return .zero }
    if s.view.nodes[i].isSimpleLeaf { return computeLeafNode(node, input, &s) }
    // Step 2.
    let isText = s.view.nodes[i].kind == .text
    if mode == .measure, !isText, let cached = s.cachedSize(node, proposal) { return cached }
    // Step 3. Texts and rows of fixed leaves and spacers (closed form) are cheaper to place again than to
    // remember; they are reused as part of their parent.
    let remembers = mode == .place && s.remembersPlacements && !isText
        && s.view.nodes[i].stackChildShape != .fixedLeavesThenSpacers
    if remembers, let kept = s.rememberedPlacement(node, proposal) {
        s.placementsReused &+= 1
        return kept
    }
    if remembers && s.replay.isActive, let kept = s.replayedPlacement(node, proposal) { return kept }
    let eventsBefore = remembers ? s.placementEvents : 0
    // Step 4.
    let layers = computeModifiedLayout(node, input, &s)
    let size = LayoutOutput(width: layers.width, height: layers.height)
    if mode == .measure {
        // Only measurements are looked up: a node is placed after its parent measured it, and once placed it is
        // not measured again in the pass (its ancestors are placing too), so place mode caches nothing.
        if !isText { s.cache(node, proposal, size) }
    } else {
        // The node's size and content offset (the parent records its position).
        recordPlacement(node, proposal, size, layers.contentX, layers.contentY, &s)
        if remembers { s.rememberPlacement(node, proposal, eventsBefore: eventsBefore) }
    }
    return size
}

/// A node without the caches: its modifier layers around the algorithm of its kind. Returns its size and the
/// offset of its content box (meaningful in place mode).
///
/// A node with a `modifiers` chain takes the general layer path (`computeLayeredNode`). Any other node has at
/// most a frame, a padding and an aspect ratio, in that order from the outside (`FlatNode.hasFrame`,
/// `hasPadding`, `aspectRatio`): `computeModifierLayers`' steps, spelt out here so that stacks are called directly
/// for their axis and mode (one call per container, not three).
@inline(always)
private func computeModifiedLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState)
    -> (width: Double, height: Double, contentX: Double, contentY: Double) {
    let i = Int(node)
    if s.view.nodes[i].hasLayers { return computeLayeredNode(node, input, &s) }
    let mode = input.mode
    var inner = modifierProposal(node, input.proposal, &s)
    let ratio = s.view.nodes[i].aspectRatio
    if !ratio.isNaN {
        inner = aspectRatioBox(ratio: ratio, fill: s.view.nodes[i].aspectFill, proposal: inner)
        inner = boundedBox(node, inner, mode, &s)
    }
    let content: LayoutOutput
    switch (s.view.nodes[i].kind, mode) {
    case (.vstack, .place): content = stackLayout(VerticalAxis.self, PlaceMode.self, node, inner, &s)
    case (.vstack, .measure): content = stackLayout(VerticalAxis.self, MeasureMode.self, node, inner, &s)
    case (.hstack, .place): content = stackLayout(HorizontalAxis.self, PlaceMode.self, node, inner, &s)
    case (.hstack, .measure): content = stackLayout(HorizontalAxis.self, MeasureMode.self, node, inner, &s)
    default: content = computeContentLayout(node, LayoutInput(inner, mode), &s)
    }
    return modifierSize(node, input.proposal, content.size, &s)
}

/// A simple leaf (not hidden): its modifier layers around `computeLeafLayout`. No cache (arithmetic is cheaper
/// than a lookup) and nothing here lays out a child, so containers inline it into their loops.
@inline(always)
func computeLeafNode(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let proposal = input.proposal
    // A plain color (`FlatNode.isPlainColor`): the frame layer's fixed value or the proposal it passes through,
    // which a color takes (10 when unspecified; infinite stays infinite); its content is at its origin.
    if s.view.nodes[Int(node)].isPlainColor {
        let frame = s.view.frames[Int(node)]
        let width = frame.width.isNaN ? (proposal.width.isNaN ? 10 : proposal.width) : frame.width
        let height = frame.height.isNaN ? (proposal.height.isNaN ? 10 : proposal.height) : frame.height
        let size = LayoutOutput(width: width, height: height)
        if input.mode == .place { recordPlacement(node, proposal, size, 0, 0, &s) }
        return size
    }
    let layers = computeModifierLayers(node, input, &s) { input, s in
        computeLeafLayout(node, input, &s)
    }
    let size = LayoutOutput(width: layers.width, height: layers.height)
    if input.mode == .place { recordPlacement(node, proposal, size, layers.contentX, layers.contentY, &s) }
    return size
}

/// A child of a container: a simple leaf inline (`computeLeafNode`), anything else through `computeCachedLayout`.
@inline(always)
func computeChildLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    s.view.nodes[Int(node)].isSimpleLeaf ? computeLeafNode(node, input, &s) : computeCachedLayout(node, input, &s)
}

/// Place mode: the node's size and content offset (its parent writes x and y), and the final-size checks.
@inline(always)
func recordPlacement(_ node: Int32, _ proposal: Proposal, _ output: LayoutOutput,
                     _ contentX: Double, _ contentY: Double, _ s: inout LayoutState) {
    let i = Int(node)
    let size = output.size
    s.ptr.geometry[i].width = size.0
    s.ptr.geometry[i].height = size.1
    s.ptr.geometry[i].contentX = contentX
    s.ptr.geometry[i].contentY = contentY
    // A superset of `checkPlacedNode`'s conditions (a small tap target, a size past the proposal), so the call is
    // made only when it may report.
    if s.view.nodes[i].needsPlacementCheck
        && ((s.view.nodes[i].isTappable && (size.0 < minimumTapTarget || size.1 < minimumTapTarget))
            || size.0 > proposal.width + 0.5 || size.1 > proposal.height + 0.5) {
        checkPlacedNode(node, proposal, size, &s)
    }
}

/// The side below which a tappable node is reported `tap-target-too-small`: 28 pt, the minimum control size of
/// Apple's HIG (Accessibility: default 44×44 pt, minimum 28×28 pt). Not 44: the HIG's 44×44 pt is the *hit
/// region*, which the system extends beyond a control's visible bounds — Apple's own bordered button is ≈ 34 pt
/// tall — so a frame of 28 pt or more is what a team can act on (docs/layout.md, "Tap targets").
let minimumTapTarget = 28.0

/// Diagnostics that only make sense for a node's final size: overflow and small tap targets.
@inline(never)
private func checkPlacedNode(_ node: Int32, _ proposal: Proposal, _ size: (Double, Double), _ s: inout LayoutState) {
    let i = Int(node)
    if s.view.nodes[i].isTappable && (size.0 < minimumTapTarget || size.1 < minimumTapTarget) {
        s.report("tap-target-too-small", .warning, node,
                 "tap target is \(formatSize(size)) pt, under Apple's minimum control size of 28×28 pt (HIG: hit region ≥ 44×44 pt)")
    }
    switch s.view.nodes[i].kind {
    case .vstack, .hstack, .zstack, .grid, .hgrid, .flow:
        // Along a parent stack's axis a child is offered a share while the stack is still dividing its
        // length; taking more than that share is how stacks work, not an overflow — also for a node that gets
        // the share through zstacks or padding (`FlatNode.shareAxis`). If the children do not fit, the parent
        // stack itself overflows and is reported.
        let axis = s.view.nodes[i].shareAxis
        let overflowsWidth = axis != .horizontal && proposal.width.isFinite && size.0 > proposal.width + 0.5
        let overflowsHeight = axis != .vertical && proposal.height.isFinite && size.1 > proposal.height + 0.5
        if overflowsWidth || overflowsHeight {
            s.report("content-overflow", .warning, node,
                     "content needs \(formatSize(size)) but is offered \(formatSize((proposal.width, proposal.height)))")
        }
    default:
        break
    }
}

/// `w×h` for diagnostics: rounded to 1/100 pt, integers without a fraction, `nil` for unspecified, `∞` for infinity.
func formatSize(_ size: (Double, Double)) -> String {
    func f(_ v: Double) -> String {
        if v.isNaN { return "nil" }
        if v.isInfinite { return "∞" }
        // Beyond 2^53 every Double is an integer, and `Int64` of one beyond 2^63 would trap: print it as a Double.
        guard abs(v) < 9.0e15 else { return String(v) }
        let rounded = (v * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
    }
    return f(size.0) + "×" + f(size.1)
}

/// The content layer: dispatches to the algorithm of the node's kind.
@inline(__always)
func computeContentLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    switch s.view.nodes[Int(node)].kind {
    case .vstack, .hstack:
        return computeStackLayout(node, input, &s)
    case .zstack, .custom:
        return computeZStackLayout(node, input, &s)
    case .grid:
        return computeGridLayout(node, input, &s)
    case .scroll:
        return computeScrollLayout(node, input, &s)
    case .text, .button:
        return computeTextLayout(node, input, &s)
    case .input:
        return computeInputLayout(node, input, &s)
    case .color, .image, .spacer, .divider:
        return computeLeafLayout(node, input, &s)
    case .viewThatFits:
        return computeViewThatFitsLayout(node, input, &s)
    case .flow:
        return computeFlowLayout(node, input, &s)
    case .hgrid:
        return computeHGridLayout(node, input, &s)
    case .label:
        return computeLabelLayout(node, input, &s)
    case .symbol:
        return computeSymbolLayout(node, input, &s)
    }
}
