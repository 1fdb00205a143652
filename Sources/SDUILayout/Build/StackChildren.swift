/// What the build fixes once per tree about a stack's (or scroll's) visible children, accumulated while they
/// are appended (one step per child in `TreeBuilder.add`, no second walk):
/// - the space before each visible child and their sum (`FlatNode.gapBefore`, `spacingTotal`): the stack's
///   spacing between visible children; with SwiftUI's default spacing, none next to a spacer;
/// - in a stack with explicit spacing, the minimum of a spacer without `minLength`: it keeps a distance of
///   at least the default spacing (8) between its neighbours, counting the stack's spacing on each side,
///   i.e. max(0, 8 − spacing × neighbours). Measured in SwiftUI: `VStack(spacing: 0) { a; Spacer(); b }`
///   puts b 8 below a; `HStack(spacing: 20) { a; Spacer(); b }` puts b 40 after a (the spacer is 0). A
///   spacer's later neighbour is known only when the next visible child arrives, so its minimum is written
///   then (or at `finish`, when none does);
/// - whether step 5 of `stackLayout` can take its closed form (`StackChildShape`, stacks only).
struct StackChildren {
    let spacing: Double
    let defaultSpacing: Bool
    let horizontal: Bool
    let axis: StackAxisContext

    private var total = 0.0
    private var seen = false
    private var previousIsSpacer = false
    /// A spacer whose minimum waits for its next visible neighbour, and its neighbours before it (0 or 1).
    private var pendingSpacer: Int32 = -1
    private var pendingNeighbours = 0.0
    // The shape so far (see `StackChildShape`); scrolls have none (general).
    private var isGeneral: Bool
    private var fixedPriority = 0.0, spacerPriority = 0.0
    private var hasFixed = false, hasSpacer = false, fixedAreLeaves = true

    @inline(__always)
    init(_ stack: FlatNode) {
        spacing = stack.spacing
        defaultSpacing = stack.hasDefaultSpacing
        horizontal = stack.isHorizontal
        axis = horizontal ? .horizontal : .vertical
        isGeneral = !(stack.kind == .hstack || stack.kind == .vstack)
    }

    /// The next visible child `c` (appended, its fields final). Indices are nodes of the tree being built:
    /// in bounds by construction. (Kept out of line: inlined into `add`'s loop, its state in locals makes the
    /// loop spill registers.)
    mutating func add(_ c: Int, _ nodes: UncheckedBuffer<FlatNode>, _ frames: UncheckedBuffer<FrameSpec>) {
        let isSpacer = nodes[c].kind == .spacer
        if pendingSpacer >= 0 {
            nodes[Int(pendingSpacer)].minLength = max(0, 8 - spacing * (pendingNeighbours + 1))
            pendingSpacer = -1
        }
        if isSpacer && !defaultSpacing && nodes[c].hasDefaultMinLength {
            pendingSpacer = Int32(truncatingIfNeeded: c)
            pendingNeighbours = seen ? 1 : 0
        }
        if seen {
            let gap = defaultSpacing && (previousIsSpacer || isSpacer) ? 0 : spacing
            total += gap
            nodes[c].gapBefore = gap
        }
        seen = true
        previousIsSpacer = isSpacer
        guard !isGeneral else { return }
        let priority = nodes[c].layoutPriority
        if priority.isNaN { isGeneral = true; return }
        if nodes[c].hasFrame {
            // Fixed along the axis (the frame is the outermost layer: `frameSize` returns the fixed length).
            let fixed = horizontal ? frames[c].width : frames[c].height
            if fixed.isNaN || (hasFixed && priority != fixedPriority) { isGeneral = true; return }
            fixedPriority = priority
            hasFixed = true
            fixedAreLeaves = fixedAreLeaves && nodes[c].isSimpleLeaf
        } else if isSpacer && !nodes[c].hasPadding && nodes[c].aspectRatio.isNaN && !nodes[c].hasLayers && nodes[c].stackAxisOfParent == axis {
            if hasSpacer && priority != spacerPriority { isGeneral = true; return }
            spacerPriority = priority
            hasSpacer = true
        } else {
            isGeneral = true
        }
    }

    /// Writes the sum of the gaps, the last pending spacer's minimum and the shape into `stack`.
    @inline(__always)
    mutating func finish(_ stack: Int, _ nodes: UncheckedBuffer<FlatNode>) {
        if pendingSpacer >= 0 {
            nodes[Int(pendingSpacer)].minLength = max(0, 8 - spacing * pendingNeighbours)
            pendingSpacer = -1
        }
        nodes[stack].spacingTotal = total
        nodes[stack].stackChildShape = shape
    }

    /// See `StackChildShape`.
    private var shape: StackChildShape {
        if isGeneral { return .general }
        if !hasFixed || !hasSpacer || spacerPriority == fixedPriority { return .fixedWithSpacers }
        guard spacerPriority < fixedPriority else { return .general }
        return fixedAreLeaves ? .fixedLeavesThenSpacers : .fixedThenSpacers
    }
}
