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
func computeStackLayout(_ node: Int32, _ proposal: Proposal, _ mode: ComputeMode, _ s: inout LayoutState) -> (Double, Double) {
    let horizontal = s.tree.nodes[Int(node)].isHorizontal
    let count = Int(s.tree.nodes[Int(node)].visibleChildCount)
    guard count > 0 else { return (0, 0) }
    let firstChild = s.tree.nodes[Int(node)].firstChild
    let along = horizontal ? proposal.width : proposal.height
    let cross = horizontal ? proposal.height : proposal.width
    // The gaps between visible children (SwiftUI's default spacing: none next to a spacer) are fixed per tree:
    // `TreeBuilder.resolveStackChildren` stores each child's `gapBefore` and their sum.
    let spacingTotal = s.tree.nodes[Int(node)].spacingTotal

    @inline(__always) func make(_ a: Double) -> Proposal {
        horizontal ? Proposal(width: a, height: cross) : Proposal(width: cross, height: a)
    }

    var length = spacingTotal
    var crossSize = 0.0

    if along.isNaN {
        // Step 2: unspecified length: every child at its ideal length.
        var child = firstChild
        var position = 0.0
        while child >= 0 {
            if !s.tree.nodes[Int(child)].isHidden {
                position += s.tree.nodes[Int(child)].gapBefore
                if let viewport = s.viewport { s.lazyWindow = lazyWindow(for: child, at: position, viewport, s.tree) }
                let size = computeNodeLayout(child, make(.nan), mode, &s)
                position += horizontal ? size.0 : size.1
                length += horizontal ? size.0 : size.1
                crossSize = max(crossSize, horizontal ? size.1 : size.0)
            }
            child = s.tree.nodes[Int(child)].nextSibling
        }
    } else {
        // Step 1: the visible children, in a scratch region reused across stacks and passes.
        // The scratch is a stack of regions (nested stacks push above), grown but never shrunk.
        let base = s.stackTop
        let end = base + count
        if s.stackScratch.count < end {
            s.stackScratch.append(contentsOf: repeatElement(StackItem(node: -1, priority: 0, flexibility: 0, minimum: 0, width: 0, height: 0),
                                                            count: end - s.stackScratch.count))
        }
        s.stackTop = end
        var child = firstChild
        var k = base
        while child >= 0 {
            if !s.tree.nodes[Int(child)].isHidden {
                s.stackScratch[k] = StackItem(node: child, priority: s.tree.nodes[Int(child)].layoutPriority, flexibility: 0, minimum: 0, width: 0, height: 0)
                k += 1
            }
            child = s.tree.nodes[Int(child)].nextSibling
        }

        // Step 3: flexibility probes.
        for k in base..<end {
            let item = s.stackScratch[k].node
            let c = Int(item)
            let minimum: Double, maximum: Double
            let fixed = horizontal ? s.tree.frames[c].width : s.tree.frames[c].height
            if s.tree.nodes[c].hasFrame && !fixed.isNaN {
                // A fixed frame along the axis is its own minimum and maximum.
                minimum = fixed; maximum = fixed
            } else if s.tree.nodes[c].kind == .spacer && !s.tree.nodes[c].hasFrame && !s.tree.nodes[c].hasPadding
                        && s.tree.nodes[c].aspectRatio.isNaN {
                // A bare spacer: minLength up to infinity.
                minimum = s.tree.nodes[c].minLength; maximum = .infinity
            } else {
                let small = computeNodeLayout(item, make(0), .measure, &s)
                let large = computeNodeLayout(item, make(.infinity), .measure, &s)
                minimum = horizontal ? small.0 : small.1
                maximum = horizontal ? large.0 : large.1
            }
            s.stackScratch[k].minimum = minimum
            let flexibility = maximum - minimum
            s.stackScratch[k].flexibility = flexibility.isNaN ? .infinity : flexibility
        }

        // Step 4: highest priority first, then least flexible first (stable insertion sort: stacks are small).
        if count > 1 {
            for k in (base + 1)..<end {
                let item = s.stackScratch[k]
                var j = k - 1
                while j >= base && comesAfter(s.stackScratch[j], item) {
                    s.stackScratch[j + 1] = s.stackScratch[j]
                    j -= 1
                }
                s.stackScratch[j + 1] = item
            }
        }

        // Step 5: distribute the length that remains, priority group by priority group.
        var remaining = along - spacingTotal
        var groupStart = base
        while groupStart < end {
            let priority = s.stackScratch[groupStart].priority
            var groupEnd = groupStart + 1
            while groupEnd < end && s.stackScratch[groupEnd].priority == priority { groupEnd += 1 }
            var reserved = 0.0
            for k in groupEnd..<end { reserved += s.stackScratch[k].minimum }
            var budget = remaining - reserved
            for k in groupStart..<groupEnd {
                let offer = max(0, budget) / Double(groupEnd - k)
                let size = computeNodeLayout(s.stackScratch[k].node, make(offer), mode, &s)
                let taken = horizontal ? size.0 : size.1
                budget -= taken
                remaining -= taken
                length += taken
                crossSize = max(crossSize, horizontal ? size.1 : size.0)
            }
            groupStart = groupEnd
        }
        s.stackTop = base
    }

    // Step 6: the stack's size.
    let size = horizontal ? (length, crossSize) : (crossSize, length)

    // Step 7: placement in document order.
    if mode == .place {
        var position = 0.0
        var child = firstChild
        let alignment = horizontal ? s.tree.nodes[Int(node)].alignY : s.tree.nodes[Int(node)].alignX
        while child >= 0 {
            let c = Int(child)
            if !s.tree.nodes[c].isHidden {
                position += s.tree.nodes[c].gapBefore
                var g = s.geometry[c]
                if horizontal {
                    g.x = position
                    g.y = (crossSize - g.height) * alignment
                    position += g.width
                } else {
                    g.x = (crossSize - g.width) * alignment
                    g.y = position
                    position += g.height
                }
                s.geometry[c] = g
            }
            child = s.tree.nodes[c].nextSibling
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

/// The viewport window of `child` when it is a virtualised grid placed at `position` in the scroll content.
private func lazyWindow(for child: Int32, at position: Double, _ viewport: (Double, Double), _ tree: LayoutTree) -> LazyWindow? {
    guard let source = tree.lazyGrids.firstIndex(where: { $0.node == child }) else { return nil }
    return LazyWindow(grid: child, minY: viewport.0 - position, maxY: viewport.1 - position, source: source)
}
