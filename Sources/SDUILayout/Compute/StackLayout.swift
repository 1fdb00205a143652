/// SwiftUI's `VStack` / `HStack` (and a scroll's content, laid out as a stack along the scroll axis).
///
/// The algorithm, as SwiftUI's stacks do it:
/// 1. Collect the visible children (hidden ones take neither space nor spacing).
/// 2. If the proposal along the axis is unspecified, each child gets an unspecified length (its ideal size).
/// 3. Otherwise probe each child's flexibility: its length at proposal 0 and at ∞ along the axis.
/// 4. Order children by `layoutPriority` (highest first), then least flexible first.
/// 5. Distribute: each priority group is offered what remains after reserving the minimum lengths of the
///    lower-priority groups; inside a group each child is offered remaining ÷ children left, and what it
///    takes is subtracted.
/// 6. The stack's length is the sum plus spacing; its cross size the largest child's.
/// 7. Place children in document order along the axis, each at the stack's alignment across it.
///
/// Spacing: an explicit `spacing` goes between every pair of visible children; SwiftUI's default spacing (8)
/// goes between views but not next to a `Spacer`, which has no spacing preference (measured: `HStack { a;
/// Spacer(); b }` is a + 8 + b wide at its minimum, not a + 24 + b). A spacer without `layoutPriority` has the
/// lowest priority (see `TreeBuilder.resolveSpacer`).
///
/// Reads go through `s.ptr` (unchecked, see `PassPointers`), re-read after every child layout.
///
/// Specialised per axis (`StackAxis`), so the axis costs no branch per child.
func computeStackLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let proposal = input.proposal
    switch (s.view.nodes[Int(node)].isHorizontal, input.mode) {
    case (true, .place): return stackLayout(HorizontalAxis.self, PlaceMode.self, node, proposal, &s)
    case (true, .measure): return stackLayout(HorizontalAxis.self, MeasureMode.self, node, proposal, &s)
    case (false, .place): return stackLayout(VerticalAxis.self, PlaceMode.self, node, proposal, &s)
    case (false, .measure): return stackLayout(VerticalAxis.self, MeasureMode.self, node, proposal, &s)
    }
}

/// A compute mode as a type (each use of `stackLayout` is specialised for it, so the leaves it inlines do not
/// test the mode).
protocol ComputeModeKind {
    static var mode: ComputeMode { get }
}
enum PlaceMode: ComputeModeKind { static var mode: ComputeMode { .place } }
enum MeasureMode: ComputeModeKind { static var mode: ComputeMode { .measure } }

/// A stack's axis, as a type (each use of `stackLayout` is specialised for it).
protocol StackAxis {
    static var isHorizontal: Bool { get }
}
enum HorizontalAxis: StackAxis { static var isHorizontal: Bool { true } }
enum VerticalAxis: StackAxis { static var isHorizontal: Bool { false } }

/// `computeStackLayout` for one axis and mode (`computeCachedLayout` calls it directly for stacks).
func stackLayout<Axis: StackAxis, Mode: ComputeModeKind>(_ axis: Axis.Type, _ modeKind: Mode.Type, _ node: Int32,
                                                         _ proposal: Proposal, _ s: inout LayoutState) -> LayoutOutput {
    guard s.view.nodes[Int(node)].visibleChildCount > 0 else { return .zero }
    let horizontal = Axis.isHorizontal
    let mode = Mode.mode
    let firstChild = s.view.nodes[Int(node)].firstChild
    let along = horizontal ? proposal.width : proposal.height
    let cross = horizontal ? proposal.height : proposal.width
    // The gaps between visible children (SwiftUI's default spacing: none next to a spacer) are fixed per tree:
    // the build (`TreeBuilder.add`, Build/StackChildren.swift) stores each child's `gapBefore` and their sum.
    let spacingTotal = s.view.nodes[Int(node)].spacingTotal

    /// The input of a child offered `a` along the axis.
    @inline(__always) func make(_ a: Double) -> LayoutInput {
        LayoutInput(horizontal ? Proposal(width: a, height: cross) : Proposal(width: cross, height: a), mode)
    }

    var length = spacingTotal
    var crossSize = 0.0

    if along.isNaN {
        // Step 2: unspecified length: every child at its ideal length, placed along the axis as it comes
        // (`position` is the child's offset; step 7 then only places across).
        var child = firstChild
        var position = 0.0
        // Viewport layouts: the viewport in this stack's content coordinates (the engine sets it for the root
        // scroll's content; a vertical stack hands each child the viewport in the child's content coordinates,
        // so a virtualised grid in a vstack of the scroll's column gets its window; restored below).
        let viewport = horizontal ? nil : s.viewport
        while child >= 0 {
            let c = Int(child)
            if !s.view.nodes[c].isHidden {
                position += s.view.nodes[c].gapBefore
                if let viewport {
                    s.lazyWindow = lazyWindow(for: child, at: position, viewport, s.tree.lazyGrids)
                    let top = position + (s.view.nodes[c].hasPadding ? s.view.paddings[c].top : 0)
                    s.viewport = (viewport.0 - top, viewport.1 - top)
                }
                let size = computeChildLayout(child, make(.nan), &s)
                if viewport != nil { s.viewport = viewport }
                if mode == .place {
                    if horizontal { s.ptr.geometry[c].x = position } else { s.ptr.geometry[c].y = position }
                }
                let taken = horizontal ? size.width : size.height
                position += taken
                length += taken
                crossSize = maxOf(crossSize, horizontal ? size.height : size.width)
            }
            child = s.view.nodes[c].nextSibling
        }
        // Step 7 (across only: the positions along the axis are set).
        if mode == .place {
            let nodes = s.view.nodes, geometry = s.ptr.geometry
            let alignment = horizontal ? nodes[Int(node)].alignY : nodes[Int(node)].alignX
            child = firstChild
            while child >= 0 {
                let c = Int(child)
                if !nodes[c].isHidden {
                    if horizontal {
                        geometry[c].y = (crossSize - geometry[c].height) * alignment
                    } else {
                        geometry[c].x = (crossSize - geometry[c].width) * alignment
                    }
                }
                child = nodes[c].nextSibling
            }
        }
        return horizontal ? LayoutOutput(width: length, height: crossSize) : LayoutOutput(width: crossSize, height: length)
    }

    let shape = s.view.nodes[Int(node)].stackChildShape
    if shape != .general {
        // Steps 1, 3–5 in closed form (see `StackChildShape`): the children's offer order is known without
        // probing or sorting — the fixed children in document order, then the spacers in document order — and
        // each is offered what step 5 would offer it, in the same order and with the same arithmetic.
        let count = Int(s.view.nodes[Int(node)].visibleChildCount)
        var remaining = along - spacingTotal
        // The fixed children's offers. In one group with the spacers: remaining ÷ all children left. In a group
        // of their own: what remains after reserving the spacers' minimums (summed in document order, as step
        // 5's `reserved`) ÷ the fixed children left — a pre-pass, skipped when every fixed child is a simple
        // leaf: a simple leaf's result does not depend on its offer along the axis (its fixed frame replaces
        // the offer inside and is its length outside; it has no cache; its placement check reports only tap
        // targets), so it is offered ∞ there (which also skips the placement check's overflow test).
        let exactOffers = shape != .fixedLeavesThenSpacers
        var budget = remaining
        var left = count
        if shape == .fixedThenSpacers {
            var spacerCount = 0
            var spacerMinimums = 0.0
            var child = firstChild
            while child >= 0 {
                let c = Int(child)
                if !s.view.nodes[c].isHidden && !s.view.nodes[c].hasFrame {
                    spacerCount &+= 1
                    spacerMinimums += s.view.nodes[c].minLength
                }
                child = s.view.nodes[c].nextSibling
            }
            budget = remaining - spacerMinimums
            left = count &- spacerCount
        }
        // The fixed children (those with a frame), in document order; the spacers are counted on the way.
        var spacers = 0
        var firstSpacer: Int32 = -1
        var child = firstChild
        while child >= 0 {
            let c = Int(child)
            if !s.view.nodes[c].isHidden {
                if s.view.nodes[c].hasFrame {
                    let offer = exactOffers ? maxOf(0, budget) / Double(left) : .infinity
                    let size = computeChildLayout(child, make(offer), &s)
                    let taken = horizontal ? size.width : size.height
                    budget -= taken
                    remaining -= taken
                    length += taken
                    crossSize = maxOf(crossSize, horizontal ? size.height : size.width)
                    left &-= 1
                } else {
                    if spacers == 0 { firstSpacer = child }
                    spacers &+= 1
                }
            }
            child = s.view.nodes[c].nextSibling
        }
        // The spacers, last: what remains (in one group the running budget equals `remaining`: both started
        // from it, up to subtracting 0, and lost the same lengths) ÷ the spacers left. A bare spacer along its
        // stack's axis is `computeLeafLayout`'s max(minLength, offer) (the offer is never NaN: max(0, NaN) is
        // 0) by 0 across, with no modifier layers: sized here, placed as `computeLeafNode` places it.
        if spacers > 0 {
            var budget = remaining
            var left = spacers
            child = firstSpacer
            while child >= 0 {
                let c = Int(child)
                if !s.view.nodes[c].isHidden && !s.view.nodes[c].hasFrame {
                    let offer = maxOf(0, budget) / Double(left)
                    let taken = maxOf(s.view.nodes[c].minLength, offer)
                    if mode == .place {
                        recordPlacement(child, make(offer).proposal,
                                        horizontal ? LayoutOutput(width: taken, height: 0) : LayoutOutput(width: 0, height: taken),
                                        0, 0, &s)
                    }
                    budget -= taken
                    length += taken
                    crossSize = maxOf(crossSize, 0)
                    left &-= 1
                }
                child = s.view.nodes[c].nextSibling
            }
        }
    } else if s.view.nodes[Int(node)].visibleChildCount == 1 {
        // One visible child: step 4 has nothing to order and step 5 no lower group to reserve for, so the child is
        // offered what remains, max(0, remaining − 0) ÷ 1, without the probes (which, nested, would measure each
        // level at 0, ∞ and its share).
        var child = firstChild
        while child >= 0 && s.view.nodes[Int(child)].isHidden { child = s.view.nodes[Int(child)].nextSibling }
        let offer = maxOf(0, along - spacingTotal - 0.0) / 1.0
        let size = computeChildLayout(child, make(offer), &s)
        length += horizontal ? size.width : size.height
        crossSize = maxOf(crossSize, horizontal ? size.height : size.width)
    } else {
        // Steps 1 and 3: the visible children with their flexibility, in document order, in a scratch region
        // reused across stacks and passes. The scratch is a stack of regions (nested stacks push above); it holds
        // an item per node, so it never grows here (see `PassPointers.stackItems`).
        let base = s.scratch.stackTop
        let end = base + Int(s.view.nodes[Int(node)].visibleChildCount)
        assert(end <= s.ptr.stackItems.count)
        s.scratch.stackTop = end
        var child = firstChild
        var k = base
        while child >= 0 {
            let c = Int(child)
            if !s.view.nodes[c].isHidden {
                let minimum: Double, maximum: Double
                if s.view.nodes[c].hasFrame, case let fixed = horizontal ? s.view.frames[c].width : s.view.frames[c].height,
                   !fixed.isNaN {
                    // A fixed frame along the axis is its own minimum and maximum.
                    minimum = fixed; maximum = fixed
                } else if s.view.nodes[c].kind == .spacer && !s.view.nodes[c].hasFrame && !s.view.nodes[c].hasPadding
                            && s.view.nodes[c].aspectRatio.isNaN && !s.view.nodes[c].hasLayers {
                    // A bare spacer: minLength up to infinity.
                    minimum = s.view.nodes[c].minLength; maximum = .infinity
                } else {
                    let small = computeCachedLayout(child, .measure(make(0).proposal), &s)
                    let large = computeCachedLayout(child, .measure(make(.infinity).proposal), &s)
                    minimum = horizontal ? small.width : small.height
                    maximum = horizontal ? large.width : large.height
                }
                let flexibility = maximum - minimum
                // (Indices are within the region [base, end) by construction: wrapping arithmetic, no overflow traps.)
                s.ptr.stackItems[k] = StackItem(node: child, priority: s.view.nodes[c].layoutPriority,
                                                  flexibility: flexibility.isNaN ? .infinity : flexibility, minimum: minimum)
                k &+= 1
            }
            child = s.view.nodes[c].nextSibling
        }
        // Step 4: offer order (stable: O(n log n) for any number of children).
        let groups = sortStackItems(s.ptr.stackItems, base, end, s.ptr.sortItems)

        // Step 5: distribute the length that remains, priority group by priority group. Each group reserves the
        // minimums of the groups after it, summed in offer order as the steps say; with many groups (a stack of
        // 200 000 children with distinct priorities) that is quadratic, so past `forwardSumGroups` groups each
        // reserve is read from suffix sums made once (summed from the end: the same value up to rounding).
        let suffixSums = groups > forwardSumGroups
        if suffixSums {
            let items = s.ptr.stackItems, sums = s.ptr.sortItems
            var sum = 0.0
            var r = end
            while r > base { r &-= 1; sum += items[r].minimum; sums[r].minimum = sum }
        }
        var remaining = along - spacingTotal
        var groupStart = base
        while groupStart < end {
            let priority = s.ptr.stackItems[groupStart].priority
            var groupEnd = groupStart &+ 1
            while groupEnd < end && s.ptr.stackItems[groupEnd].priority == priority { groupEnd &+= 1 }
            var reserved = 0.0
            if suffixSums {
                if groupEnd < end { reserved = s.ptr.sortItems[groupEnd].minimum }
            } else {
                var r = groupEnd
                while r < end { reserved += s.ptr.stackItems[r].minimum; r &+= 1 }
            }
            var budget = remaining - reserved
            var k = groupStart
            while k < groupEnd {
                let offer = maxOf(0, budget) / Double(groupEnd &- k)
                let item = s.ptr.stackItems[k].node
                let size = computeChildLayout(item, make(offer), &s)
                let taken = horizontal ? size.width : size.height
                budget -= taken
                remaining -= taken
                length += taken
                crossSize = maxOf(crossSize, horizontal ? size.height : size.width)
                k &+= 1
            }
            groupStart = groupEnd
        }
        s.scratch.stackTop = base

    }

    // Step 6: the stack's size.
    let size = horizontal ? LayoutOutput(width: length, height: crossSize) : LayoutOutput(width: crossSize, height: length)

    // Step 7: placement in document order (no child is laid out here: the pointers stay valid).
    if mode == .place {
        let nodes = s.view.nodes, geometry = s.ptr.geometry
        var position = 0.0
        var child = firstChild
        let alignment = horizontal ? nodes[Int(node)].alignY : nodes[Int(node)].alignX
        while child >= 0 {
            let c = Int(child)
            if !nodes[c].isHidden {
                position += nodes[c].gapBefore
                if horizontal {
                    geometry[c].x = position
                    geometry[c].y = (crossSize - geometry[c].height) * alignment
                    position += geometry[c].width
                } else {
                    geometry[c].x = (crossSize - geometry[c].width) * alignment
                    geometry[c].y = position
                    position += geometry[c].height
                }
            }
            child = nodes[c].nextSibling
        }
    }
    return size
}

/// Whether `a` is offered space after `b`: lower priority, or the same priority and more flexible.
@inline(__always)
private func comesAfter(_ a: StackItem, _ b: StackItem) -> Bool {
    if a.priority != b.priority { return a.priority < b.priority }
    return a.flexibility > b.flexibility
}

/// Priority groups up to which step 5 sums each group's reserve in offer order (see `stackLayout`).
let forwardSumGroups = 32

/// Sorts `items[base..<end]` into offer order (step 4: priority, highest first, then least flexible first),
/// stably — equal items keep document order — and returns the number of priority groups.
///
/// Insertion sort for short runs, then bottom-up merges through `scratch` (as many items): O(n log n) for any
/// number of children (a stack of 199 999 children with distinct priorities took 44 s with insertion alone).
/// - Complexity: O(n log n) comparisons and moves.
func sortStackItems(_ items: UncheckedBuffer<StackItem>, _ base: Int, _ end: Int, _ scratch: UncheckedBuffer<StackItem>) -> Int {
    let run = 16
    var start = base
    while start < end {
        let stop = min(start &+ run, end)
        var k = start &+ 1
        while k < stop {
            let item = items[k]
            var j = k &- 1
            while j >= start && comesAfter(items[j], item) { items[j &+ 1] = items[j]; j &-= 1 }
            items[j &+ 1] = item
            k &+= 1
        }
        start = stop
    }
    var width = run
    var source = items, target = scratch
    var inScratch = false
    while width < end - base {
        var left = base
        while left < end {
            let middle = min(left &+ width, end), right = min(left &+ 2 &* width, end)
            var i = left, j = middle, out = left
            while i < middle && j < right {
                // Stable: the left run's item goes first unless the right one comes strictly before it.
                if comesAfter(source[i], source[j]) { target[out] = source[j]; j &+= 1 } else { target[out] = source[i]; i &+= 1 }
                out &+= 1
            }
            while i < middle { target[out] = source[i]; i &+= 1; out &+= 1 }
            while j < right { target[out] = source[j]; j &+= 1; out &+= 1 }
            left = right
        }
        swap(&source, &target)
        inScratch.toggle()
        width &*= 2
    }
    if inScratch {
        var k = base
        while k < end { items[k] = scratch[k]; k &+= 1 }
    }
    var groups = end > base ? 1 : 0
    var k = base &+ 1
    while k < end {
        if items[k].priority != items[k &- 1].priority { groups &+= 1 }
        k &+= 1
    }
    return groups
}

/// The viewport window of `child` when it is a virtualised grid placed at `position` in its stack's content.
/// - Complexity: O(log g) in the virtualised grids (`lazyGrids` is in document order: appended by the build).
private func lazyWindow(for child: Int32, at position: Double, _ viewport: (Double, Double), _ grids: [LazyGridSource]) -> LazyWindow? {
    var low = 0, high = grids.count
    while low < high {
        let middle = (low + high) / 2
        if grids[middle].node < child { low = middle + 1 } else { high = middle }
    }
    guard low < grids.count, grids[low].node == child else { return nil }
    return LazyWindow(grid: child, minY: viewport.0 - position, maxY: viewport.1 - position, source: low)
}

/// The shape of a stack's visible children, for step 5's closed form.
///
/// A child has a *fixed* length along the axis when its outermost layer is a frame with a fixed length there:
/// it takes that length at any offer (flexibility 0, minimum = maximum = the length). A *bare spacer* (no
/// frame, padding or aspect ratio) has minimum `minLength` and flexibility ∞. When every visible child is one
/// or the other, the fixed children share one priority and the spacers another that is not higher, step 4's
/// order is: the fixed children in document order (least flexible first, the sort is stable), then the spacers
/// in document order (lower priority, or the same priority and more flexible). Step 5 then offers:
/// - two groups (the spacers' priority is lower — spacers without `layoutPriority` have −∞): each fixed child
///   max(0, remaining − the spacers' minimums) ÷ the fixed children left; then each spacer max(0, remaining)
///   ÷ the spacers left;
/// - one group (equal priorities): each child max(0, remaining) ÷ the children left, the fixed children first.
/// Anything else (a flexible child, fixed children of different priorities, a spacer above the fixed children)
/// takes the general steps.
enum StackChildShape: UInt8 {
    case general
    /// Fixed children, then spacers of a lower priority (two groups); some fixed child is not a simple leaf.
    case fixedThenSpacers
    /// The same, every fixed child a simple leaf (its offer along the axis changes nothing, see `stackLayout`).
    case fixedLeavesThenSpacers
    /// Fixed children and spacers of the same priority (one group), or only one of the two kinds.
    case fixedWithSpacers
}
