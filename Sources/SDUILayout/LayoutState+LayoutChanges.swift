import SDUIEnvironment

extension LayoutState {
    /// Builds the subtrees of `rebuilt` again from their new payload nodes (`LayoutTree.rebuildSubtree`: a bound
    /// property that changes size or visibility), puts the new `texts` in the tree, invalidates what changed and lays
    /// it out again upward (`relayoutChanged`). nil: no result; `fallback` says why — `.refused` (the tree may be
    /// partly rebuilt: the caller lays the new screen out from a new tree) when a subtree cannot be built again in
    /// place (`SubtreeRebuildRefusal`, left in `refusal`).
    mutating func applyLayoutChanges(rebuilding rebuilt: [Int32], spliced: [Int32] = [], texts: [(node: Int32, text: String)], builder: TreeBuilder,
                                     scratch: inout LayoutTree, environment: WindowEnvironment, traits: TraitCollection,
                                     roundsToPixels: Bool, last: inout LastResult, lastResultIsAlive: Bool, roots: inout [Int32],
                                     fallback: inout IncrementalFallback, refusal: inout SubtreeRebuildRefusal?) -> LayoutResult? {
        guard tree.lazyGrids.isEmpty else { fallback = .refused; return nil }
        // Spliced containers were invalidated (`followSplice`): laid out again from each, upward.
        var changed: [Int32] = texts.map(\.node)
        for node in rebuilt {
            switch tree.rebuildSubtree(at: node, with: builder, scratch: &scratch) {
            case .failure(let why):
                refusal = why
                fallback = .refused
                return nil
            case .success(let (subtree, siblings)):
                // Its layers may be others (the last result's layer boxes no longer match the tree's layers).
                last.layerFramesAreExact = false
                measurements.invalidate(nodes: subtree)
                measurements.invalidate(node: node, parents: tree.nodes.unchecked)
                for sibling in siblings { measurements.invalidate(node: sibling, parents: tree.nodes.unchecked) }
                // Their runs (a font, a string) are measured again.
                let nodes = tree.nodes.unchecked
                for k in subtree where nodes[k].textIndex >= 0 && Int(nodes[k].textIndex) < textHandles.count {
                    textHandles[Int(nodes[k].textIndex)] = .none
                }
                changed.append(node)
                changed.append(contentsOf: siblings)
            }
        }
        // The new tree's records are read from here on (`takePointers`: a template's buffers may have been copied).
        takePointers()
        guard patchTexts(texts) else { fallback = .refused; return nil }
        return relayoutChanged(changed, containers: spliced, environment: environment, traits: traits, roundsToPixels: roundsToPixels,
                               last: &last, lastResultIsAlive: lastResultIsAlive, roots: &roots, fallback: &fallback,
                               textsFollowedSplice: !spliced.isEmpty)
    }

    /// Lays the invalidated nodes `changed` and `containers` out again upward when it can (`relayoutUpward`, which
    /// leaves its stops in `roots`) and makes the result, writing only the frames that can have changed
    /// (`IncrementalOutput`: the nodes placed again, the subtrees of `changed`, and of each child of a node placed
    /// again whatever moved or was placed differently — `containers`' children, whose container a splice changed,
    /// among them); otherwise leaves to the caller a pass from the root over the last pass's placements
    /// (`fallback`). `lastResultIsAlive`: see `makeLayoutResult`.
    /// `textsFollowedSplice`: the placed texts were taken over (`reuseRetiredTexts`) before a splice renumbered them
    /// (`followSplice`), which recorded what it wrote.
    mutating func relayoutChanged(_ changed: some Collection<Int32>, containers: [Int32] = [], environment: WindowEnvironment, traits: TraitCollection,
                                  roundsToPixels: Bool, last: inout LastResult, lastResultIsAlive: Bool, roots: inout [Int32],
                                  fallback: inout IncrementalFallback, textsFollowedSplice: Bool = false) -> LayoutResult? {
        lazyWindow = nil
        viewport = nil
        if !textsFollowedSplice { reuseRetiredTexts(&last) }
        // Over the last pass's placements: the nodes not invalidated are there, at the proposals they get again
        // in the same window (either set of placements is correct — each placement records the pass it was made in
        // — this one reuses most).
        // Upward, the output step writes only the frames inside the stops over the last result's: they must be exact.
        if last.framesAreExact && canRelayoutUpward {
            outputPlan.startUpward(from: changed, containers: containers, flat: tree.nodes.unchecked,
                                   records: placementRecords.unchecked)
            let climbed = containers.isEmpty ? relayoutUpward(from: changed, roots: &roots)
                : relayoutUpward(from: Array(changed) + containers, roots: &roots)
            if climbed {
                outputPlan.finish(flat: tree.nodes.unchecked)
                return makeLayoutResult(state: &self, last: &last, environment: environment, traits: traits, roundsToPixels: roundsToPixels,
                                        incremental: outputPlan, lastResultIsAlive: lastResultIsAlive)
            }
            // The nodes placed on the way up are consistent, but the last result's frames no longer describe what
            // the placements around them hold: every frame is written.
            fallback = .fromRoot(nil)
            return nil
        }
        fallback = .fromRoot(IncrementalOutput(changed: Array(changed), containers: containers, flat: tree.nodes.unchecked,
                                               records: placementRecords.unchecked))
        return nil
    }
}
