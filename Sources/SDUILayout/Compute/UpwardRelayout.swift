extension LayoutState {
    /// Whether `relayoutUpward` may run: the last pass was a full one of this tree that kept its placements, and no
    /// layer extends into the safe area (those are laid out again after compute, by `LayoutEngine.run`). (Its caller
    /// also asks that the last result's frames be exact, `LastResult.framesAreExact`: the output step then writes
    /// only the frames inside the stops.)
    var canRelayoutUpward: Bool {
        remembersPlacements && measurementsAreCurrent && viewport == nil && lazyWindow == nil
            && tree.ignoresSafeAreaCount == 0
    }

    /// Lays out again, from each changed node up, only the ancestors whose layout can change (SwiftUI's dependency
    /// tracking): each ancestor is placed again at the proposal its last placement had (`PlacementRecord`), its
    /// unchanged children reused, until one keeps its size and content offset and was only ever placed by its
    /// parent, never measured (`MeasureCache.wasMeasured`) — its parent's layout, and so everything outside it, is
    /// then what it was. An ancestor that was measured may have been asked its size at other proposals than the one
    /// it was placed at, and its parent may have chosen its layout from those sizes: the climb goes on to the parent.
    /// Puts the nodes it stopped at in `roots` and returns true, or false (nothing is known: lay out from the root
    /// over what this left, which is consistent) when that cannot be shown:
    /// - an ancestor has no reusable placement record (it reported a diagnostic, or is a closed-form row), or it is
    ///   the root and its size changed (`LayoutEngine.run` centres it in the window by its size; a root that keeps
    ///   its size — a scroll filling the safe area — is a stop like any other);
    /// - placing again reports a diagnostic where the subtree reported none (the full pass orders them); the
    ///   diagnostics a subtree placed again reports replace its old ones (`replaceDiagnostics`).
    ///
    /// The changed nodes must have been invalidated (`MeasureCache.invalidate(node:parents:)`) before.
    /// - Complexity: O(the ancestors laid out again and their children).
    /// (A method of the state, not of the engine: one exclusive access to it for the whole climb.) `roots`: a
    /// buffer the engine keeps, so the climb allocates nothing.
    /// Each ancestor is given to the output step's plan (`outputPlan.willPlace`) before it is placed again.
    mutating func relayoutUpward(from changed: some Sequence<Int32>, roots: inout [Int32]) -> Bool {
        roots.removeAll(keepingCapacity: true)
        guard canRelayoutUpward else { return false }
        takePointers()
        let flat = tree.nodes.unchecked, records = ptr.placementRecords
        for node in changed {
            var a = node
            while true {
                let p = view.nodes[Int(a)].parent
                guard p >= 0, let proposal = lastPlacementProposal(p) else { return false }
                outputPlan.willPlace(p, flat: flat, records: records)
                let before = ptr.geometry[Int(p)]
                let reported = diagnostics.count
                replay.begin(lastLayoutCount: reported)
                let size = computeCachedLayout(p, .place(proposal), &self).size
                let placed = finishReplay(ofSubtree: p)
                replay.end()
                guard placed || replaceDiagnostics(ofSubtree: p, reportedFrom: reported) else { return false }
                let after = ptr.geometry[Int(p)]
                if size.0.bitPattern == before.width.bitPattern && size.1.bitPattern == before.height.bitPattern
                    && after.contentX.bitPattern == before.contentX.bitPattern
                    && after.contentY.bitPattern == before.contentY.bitPattern
                    && isPlacedOnly(p) {
                    roots.append(p)
                    break
                }
                // The root's size places it in the window (`LayoutEngine.run` centres it): a new size is laid out
                // from the root.
                if p == 0 { return false }
                a = p
            }
        }
        return true
    }

    /// The proposal `node` was last placed at, from its placement record: a reusable record's, or that of a record
    /// made not reusable by a diagnostic in its subtree (such a node's ancestors are not reusable either, so it is
    /// placed again whenever its parent is, and its record written each time). nil for the nodes whose placements are not recorded (texts, closed-form
    /// rows: a record of theirs may be older than their last placement).
    @inline(__always)
    private func lastPlacementProposal(_ node: Int32) -> Proposal? {
        let n = view.nodes[Int(node)]
        guard n.kind != .text, n.stackChildShape != .fixedLeavesThenSpacers else { return nil }
        let record = ptr.placementRecords[Int(node)]
        // Another epoch: a record of another tree. (A node never placed — hidden — has a record of epoch 0 with no
        // proposal, which its placement does not read: a hidden node takes no space.)
        guard record.epoch == placementEpoch || record.epoch == 0 else { return nil }
        return Proposal(width: record.proposedWidth, height: record.proposedHeight)
    }

    /// The size `node` was placed at for `proposal` in the last layout, reused while an upward relayout places an
    /// ancestor again, when its placement is unchanged but was recorded as not reusable because its subtree reported
    /// diagnostics: they are reported again, copied from the last layout's (`DiagnosticReplay.lastLayoutCount`: its
    /// subtree's are one run of them, as a pass reports them while it places it). A node recorded so is placed again whenever its
    /// parent is (its ancestors are not reusable either), so its record describes its last placement.
    @inline(never)
    mutating func replayedPlacement(_ node: Int32, _ proposal: Proposal) -> LayoutOutput? {
        let i = Int(node)
        let record = ptr.placementRecords[i]
        guard record.epoch == 0, record.proposedWidth.bitPattern == proposal.width.bitPattern,
              record.proposedHeight.bitPattern == proposal.height.bitPattern, record.version == ptr.versions[i],
              view.nodes[i].kind != .text, view.nodes[i].stackChildShape != .fixedLeavesThenSpacers else { return nil }
        let low = Int32(i), high = Int32(tree.subtreeEnd(i))
        @inline(__always) func inSubtree(_ k: Int) -> Bool { diagnostics[k].node >= low && diagnostics[k].node < high }
        // The subtree's diagnostics are one run of the list (a pass reports them while it places the subtree):
        // found where the last replayed run ended (children are placed in order), else searched for.
        let count = replay.lastLayoutCount
        var first = replay.cursor
        if first < count && inSubtree(first) {
            while first > 0 && inSubtree(first - 1) { first -= 1 }
        } else {
            first = 0
            while first < count && !inSubtree(first) { first += 1 }
        }
        var end = first
        while end < count && inSubtree(end) { end += 1 }
        if end > first {
            // Taken where it lies, not copied: one run with the last taken when it follows it with nothing reported
            // between them.
            let reportedBefore = diagnostics.count
            if let last = replay.taken.last, last.range.upperBound == first, last.reportedBefore == reportedBefore {
                replay.taken[replay.taken.count - 1].range = last.range.lowerBound..<end
            } else {
                replay.taken.append(DiagnosticReplay.TakenRun(range: first..<end, reportedBefore: reportedBefore))
            }
            replay.takenCount += end - first
            replay.cursor = end
        }
        placementsReused &+= 1
        return LayoutOutput(width: ptr.geometry[i].width, height: ptr.geometry[i].height)
    }

    /// After `node` was placed again: true when the list is the one a full pass gives — its placement reported
    /// exactly its subtree's old run (runs taken where they lie, `DiagnosticReplay.taken`, that are that whole run,
    /// and nothing else), or its old run could be edited in place (`spliceTakenRuns`). Otherwise writes what it
    /// reported — the runs taken and the diagnostics reported afresh, in the order reported — after the last
    /// layout's list and returns false (`replaceDiagnostics` puts them in place).
    private mutating func finishReplay(ofSubtree node: Int32) -> Bool {
        let reported = replay.lastLayoutCount
        guard !replay.taken.isEmpty else { return false }
        if replay.taken.count == 1, diagnostics.count == reported {
            let run = replay.taken[0].range
            let low = node, high = Int32(tree.subtreeEnd(Int(node)))
            @inline(__always) func inSubtree(_ k: Int) -> Bool { diagnostics[k].node >= low && diagnostics[k].node < high }
            var k = 0
            while k < run.lowerBound && !inSubtree(k) { k += 1 }
            var rest = run.upperBound
            while rest < reported && !inSubtree(rest) { rest += 1 }
            if k == run.lowerBound && rest == reported { return true }
        }
        if node != 0 && spliceTakenRuns(ofSubtree: node, reportedFrom: reported) { return true }
        writeTakenRuns(reportedFrom: reported)
        return false
    }

    /// Puts what `node`'s placement reported in place of its subtree's old run by editing that run where it lies: the
    /// runs taken (`DiagnosticReplay.taken`) stay where they are, the old diagnostics between them (of nodes placed
    /// afresh or gone) are replaced by those reported afresh between them. The same list as `writeTakenRuns` then
    /// `replaceDiagnostics` give, without a copy of the runs taken. false (nothing changed) unless the old run is
    /// one run of the list and the runs taken lie in it in the order they were taken (a reordered subtree's are
    /// not).
    private mutating func spliceTakenRuns(ofSubtree node: Int32, reportedFrom reported: Int) -> Bool {
        // The runs in the order they lie (checked first: a reordered subtree's are not).
        var at = 0
        for run in replay.taken {
            guard run.range.lowerBound >= at else { return false }
            at = run.range.upperBound
        }
        let low = Int(node), high = tree.subtreeEnd(low)
        @inline(__always) func inSubtree(_ d: ComputeDiagnostic) -> Bool { Int(d.node) >= low && Int(d.node) < high }
        guard let first = diagnostics[..<reported].firstIndex(where: inSubtree) else { return false }
        var end = first + 1
        while end < reported && inSubtree(diagnostics[end]) { end += 1 }
        guard !diagnostics[end..<reported].contains(where: inSubtree),
              let firstRun = replay.taken.first, firstRun.range.lowerBound >= first, at <= end else { return false }
        // The diagnostics reported afresh (few: those of the nodes placed afresh), taken off the end; then from the
        // last gap to the first, each gap between runs taken replaced by those reported between them.
        let fresh = Array(diagnostics[reported...])
        diagnostics.removeSubrange(reported...)
        let taken = replay.taken
        var gapEnd = end
        var freshEnd = fresh.count
        for k in taken.indices.reversed() {
            let gap = taken[k].range.upperBound..<gapEnd
            let between = (taken[k].reportedBefore - reported)..<freshEnd
            if !gap.isEmpty || !between.isEmpty { diagnostics.replaceSubrange(gap, with: fresh[between]) }
            gapEnd = taken[k].range.lowerBound
            freshEnd = taken[k].reportedBefore - reported
        }
        if first < gapEnd || freshEnd > 0 { diagnostics.replaceSubrange(first..<gapEnd, with: fresh[0..<freshEnd]) }
        return true
    }

    /// Writes what the placement reported after the last layout's list (from `reported` on), in the order reported:
    /// the runs taken where they lay (copied now) and the diagnostics reported afresh between them.
    private mutating func writeTakenRuns(reportedFrom reported: Int) {
        // Appended in order after those reported afresh (each copied once), which are then removed from before them.
        let freshEnd = diagnostics.count
        diagnostics.reserveCapacity(freshEnd + (freshEnd - reported) + replay.takenCount)
        // (One element at a time: a slice of the list would share its buffer, and the append would copy it whole.)
        var at = reported
        for run in replay.taken {
            for k in at..<run.reportedBefore { diagnostics.append(diagnostics[k]) }
            for k in run.range { diagnostics.append(diagnostics[k]) }
            at = run.reportedBefore
        }
        for k in at..<freshEnd { diagnostics.append(diagnostics[k]) }
        diagnostics.removeSubrange(reported..<freshEnd)
    }

    /// After `node` was placed again: puts the diagnostics its placement reported (those from `reported` on) in
    /// place of the ones its subtree reported before — one run of the list, as a pass reports a subtree's while it
    /// places it — so the list is the one a full pass gives. False when that place is not known: the subtree
    /// reported nothing before and reports now, or its old diagnostics are not one run.
    private mutating func replaceDiagnostics(ofSubtree node: Int32, reportedFrom reported: Int) -> Bool {
        let low = Int(node), high = tree.subtreeEnd(low)
        @inline(__always) func inSubtree(_ d: ComputeDiagnostic) -> Bool { Int(d.node) >= low && Int(d.node) < high }
        guard let first = diagnostics[..<reported].firstIndex(where: inSubtree) else {
            return diagnostics.count == reported
        }
        var end = first + 1
        while end < reported && inSubtree(diagnostics[end]) { end += 1 }
        guard !diagnostics[end..<reported].contains(where: inSubtree) else { return false }
        // Mostly what it was (a subtree placed again reports the same, copied by `replayedPlacement`; an item
        // inserted or removed adds or drops its own): the old run's start and end that the new one repeats stay where
        // they are, and only what lies between is written (the root's overflow, below, is then what it was too).
        let oldCount = end - first, newCount = diagnostics.count - reported
        var same = 0, sameAtEnd = 0
        diagnostics.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            let both = min(oldCount, newCount), last = all.count - 1
            while same < both && Self.isSame(base + first + same, base + reported + same) { same += 1 }
            while sameAtEnd < both - same && Self.isSame(base + end - 1 - sameAtEnd, base + last - sameAtEnd) { sameAtEnd += 1 }
        }
        if same == oldCount && same == newCount {
            diagnostics.removeSubrange(reported...)
            return true
        }
        if node != 0 {
            let made = Array(diagnostics[(reported + same)..<(diagnostics.count - sameAtEnd)])
            diagnostics.removeSubrange(reported...)
            diagnostics.replaceSubrange((first + same)..<(end - sameAtEnd), with: made)
            return true
        }
        // The root: its overflow of the window, reported after compute (`LayoutEngine.run`: an error, or a warning of
        // an embedded layout), is kept — the root keeps its size, so it overflows as it did.
        var made = Array(diagnostics[reported...])
        @inline(__always) func isRootOverflow(_ d: ComputeDiagnostic) -> Bool {
            d.node == 0 && d.code.description == "content-overflow"
        }
        if let old = diagnostics[first..<end].last(where: isRootOverflow) {
            if let k = made.firstIndex(where: isRootOverflow) { made[k].severity = old.severity } else { made.append(old) }
        }
        diagnostics.removeSubrange(reported...)
        diagnostics.replaceSubrange(first..<end, with: made)
        return true
    }

    /// Whether `a` and `b` are the same diagnostic (same code, severity, node and message), read where they lie.
    private static func isSame(_ a: UnsafePointer<ComputeDiagnostic>, _ b: UnsafePointer<ComputeDiagnostic>) -> Bool {
        guard a.pointee.node == b.pointee.node, a.pointee.severity == b.pointee.severity else { return false }
        let x = a.pointee.code, y = b.pointee.code
        let sameCode = x.hasPointerRepresentation && y.hasPointerRepresentation && x.utf8Start == y.utf8Start
            || x.withUTF8Buffer { x in y.withUTF8Buffer { y in x.elementsEqual(y) } }
        guard sameCode else { return false }
        switch a.pointee.message {
        case .text(let x):
            guard case .text(let y) = b.pointee.message else { return false }
            return x == y
        case .truncatedAtLimit(let x):
            guard case .truncatedAtLimit(let y) = b.pointee.message else { return false }
            return x == y
        case .truncatedToFit(let l1, let w1, let h1):
            guard case .truncatedToFit(let l2, let w2, let h2) = b.pointee.message else { return false }
            return l1 == l2 && w1.bitPattern == w2.bitPattern && h1.bitPattern == h2.bitPattern
        case .brokenWord(let n1, let b1, let a1):
            guard case .brokenWord(let n2, let b2, let a2) = b.pointee.message else { return false }
            return n1 == n2 && b1 == b2 && a1 == a2
        }
    }

    /// Whether `node`'s parent used no size of it but the one it placed it at: it was never measured, and it is not
    /// a text (texts are measured without the cache, so without a record of it).
    @inline(__always)
    private func isPlacedOnly(_ node: Int32) -> Bool {
        view.nodes[Int(node)].kind != .text && !measurements.wasMeasured(node)
    }
}

/// The diagnostics an upward relayout's reused placements report again, while it places one ancestor again
/// (`LayoutState.relayoutUpward`; `LayoutState.replay`, inactive between climbs and in every other pass).
///
/// A placement that reported diagnostics is recorded as not reusable, so a pass places it again; while an upward
/// relayout places an ancestor again at its old proposal, such a child's placement is reused all the same
/// (`replayedPlacement`) and its diagnostics are the last layout's run for its subtree. Those runs are taken where
/// they lie in the list (`taken`), not copied: when the ancestor's placement ends having reported exactly its old
/// run, the list is left as it is; when it reported them with others between (a node placed afresh, one gone), its
/// old run is edited where it lies (`LayoutState.spliceTakenRuns`).
struct DiagnosticReplay {
    /// A run of the last layout's list a reused placement reported again, and how many diagnostics the list held
    /// when it was taken (those from `lastLayoutCount` up to it were reported afresh before it).
    struct TakenRun {
        var range: Range<Int>
        var reportedBefore: Int
    }

    /// An ancestor is being placed again (`replayedPlacement` is asked before a placement is made).
    var isActive = false
    /// How many of the diagnostics are the last layout's: the ones a reused placement reports again.
    var lastLayoutCount = 0
    /// The runs taken, in the order they were reported again (one run for consecutive ones with nothing between).
    var taken: [TakenRun] = []
    /// Where the last replayed run ended.
    var cursor = 0
    /// How many diagnostics the runs taken hold (counted as reported: `placementEvents`).
    var takenCount = 0

    /// Inactive: no upward relayout is placing.
    init() {}

    /// Placing an ancestor again, after the last layout's `lastLayoutCount` diagnostics (the runs' buffer kept).
    mutating func begin(lastLayoutCount: Int) {
        isActive = true
        self.lastLayoutCount = lastLayoutCount
        taken.removeAll(keepingCapacity: true)
        cursor = 0
        takenCount = 0
    }

    /// Done placing it.
    mutating func end() {
        isActive = false
        lastLayoutCount = 0
        taken.removeAll(keepingCapacity: true)
        cursor = 0
        takenCount = 0
    }
}
