extension LayoutState {
    /// Whether `relayoutUpward` may run: the last pass was a full one of this tree that kept its placements and
    /// wrote exact frames, and no layer extends into the safe area (those are laid out again after compute, by
    /// `LayoutEngine.run`).
    var canRelayoutUpward: Bool {
        remembersPlacements && measurementsAreCurrent && framesAreExact && viewport == nil && lazyWindow == nil
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
    ///   the root (centred in the window by `LayoutEngine.run`);
    /// - placing again reports a diagnostic (the full pass orders them).
    ///
    /// The changed nodes must have been invalidated (`MeasureCache.invalidate(node:parents:)`) before.
    /// - Complexity: O(the ancestors laid out again and their children).
    /// (A method of the state, not of the engine: one exclusive access to it for the whole climb.) `roots`: a
    /// buffer the engine keeps, so the climb allocates nothing.
    mutating func relayoutUpward(from changed: some Sequence<Int32>, roots: inout [Int32]) -> Bool {
        roots.removeAll(keepingCapacity: true)
        guard canRelayoutUpward else { return false }
        takePointers()
        let diagnostics = self.diagnostics.count
        for node in changed {
            var a = node
            while true {
                let p = ptr.nodes[Int(a)].parent
                guard p > 0 else { return false }
                let record = ptr.placementRecords[Int(p)]
                guard record.epoch == placementEpoch else { return false }
                let before = ptr.geometry[Int(p)]
                let size = computeCachedLayout(p, .place(Proposal(width: record.proposedWidth, height: record.proposedHeight)), &self).size
                guard self.diagnostics.count == diagnostics else { return false }
                let after = ptr.geometry[Int(p)]
                if size.0.bitPattern == before.width.bitPattern && size.1.bitPattern == before.height.bitPattern
                    && after.contentX.bitPattern == before.contentX.bitPattern
                    && after.contentY.bitPattern == before.contentY.bitPattern
                    && isPlacedOnly(p) {
                    roots.append(p)
                    break
                }
                a = p
            }
        }
        return true
    }

    /// Whether `node`'s parent used no size of it but the one it placed it at: it was never measured, and it is not
    /// a text (texts are measured without the cache, so without a record of it).
    @inline(__always)
    private func isPlacedOnly(_ node: Int32) -> Bool {
        ptr.nodes[Int(node)].kind != .text && !measurements.wasMeasured(node)
    }
}
