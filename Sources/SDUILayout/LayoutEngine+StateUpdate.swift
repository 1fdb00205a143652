public import SDUIEnvironment
public import SDUISchema

extension LayoutEngine {
    /// Lays out the screen a state change made (`StateUpdater.update(to:changedNames:)`), incrementally when it
    /// can: when this engine's last layout was of the screen value the update was made from, with the same traits, and the update changed
    /// only texts (`update.textChanges`), the kept tree's text runs are patched and only the changed nodes and
    /// their ancestors are laid out again — every other subtree's measurement and placement is reused
    /// (`MeasureCache.invalidate(node:parents:)`); the result is the one a fresh layout of `update.screen` gives
    /// (the differential tests). Otherwise it lays `update.screen` out as `layout(_:in:traits:)` does.
    /// - Complexity: incremental: O(changed nodes × depth, plus the children of their ancestors, plus writing
    ///   the frames); otherwise as `layout(_:in:traits:)`.
    public func layout(applying update: StateUpdate, in environment: WindowEnvironment, traits: TraitCollection) -> LayoutResult {
        let key = BuildKey(sizeClass: traits.horizontalSizeClass, contentSize: traits.preferredContentSizeCategory, virtualizes: false)
        guard let changes = update.textChanges, key == cachedKey, let cached = cachedDerived,
              cached === update.base, state.tree.lazyGrids.isEmpty,
              patchTexts(changes) else {
            return layout(update.screen, in: environment, traits: traits)
        }
        // The tree is now `update.screen`'s. Only its identity is kept (see `cachedDerived`): holding the value
        // would make the updater's next change copy the nodes it changes in place.
        cachedScreen = nil
        cachedDerived = update.screen.derived
        incrementalLayoutCount += 1
        state.lazyWindow = nil
        state.viewport = nil
        // Over the last pass's placements: the nodes not invalidated are there, at the proposals they get again
        // in the same window (either bank is correct — a stamp says what its bank holds — this one reuses most).
        return run(environment: environment, traits: traits, inLastBank: true)
    }

    /// Puts the new texts in the kept tree and invalidates their nodes; false (nothing changed) when a change
    /// names a node that has no text run.
    private func patchTexts(_ changes: [(node: Int32, text: String)]) -> Bool {
        let count = state.tree.nodes.count
        for change in changes {
            guard change.node >= 0, Int(change.node) < count, state.tree.nodes[Int(change.node)].textIndex >= 0 else { return false }
        }
        for change in changes {
            let text = Int(state.tree.nodes[Int(change.node)].textIndex)
            state.tree.texts[text].string = change.text
            // Measured again: the handle described the old string.
            if text < state.textHandles.count { state.textHandles[text] = .none }
            state.measurements.invalidate(node: change.node, parents: state.tree.nodes.unchecked)
        }
        return true
    }
}
