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
        let changed = changes.map(\.node)
        lastUpwardRoots = nil
        if state.canRelayoutUpward {
            if let roots = state.relayoutUpward(changed) {
                lastUpwardRoots = roots
                return makeLayoutResult(state: &state, environment: environment, traits: traits,
                                        roundsToPixels: options.roundsToPixels, incremental: IncrementalOutput(subtreesOf: roots))
            }
            // The nodes placed on the way up are consistent, but the last result's frames no longer describe what
            // the bank holds around them: every frame is written.
            return run(environment: environment, traits: traits, inLastBank: true)
        }
        let output = IncrementalOutput(changed: changed, flat: state.tree.nodes.unchecked, stamps: state.stamps.unchecked)
        return run(environment: environment, traits: traits, inLastBank: true, output: output)
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

extension LayoutState {
    /// Whether `relayoutUpward` may run: the last pass was a full one of this tree that kept its placements,
    /// measured no container, and wrote exact frames.
    var canRelayoutUpward: Bool {
        remembersPlacements && measurementsAreCurrent && !hasMeasuredContainers && framesAreExact && viewport == nil
            && lazyWindow == nil
    }

    /// Lays out again, from each changed node up, only the ancestors whose size changes (SwiftUI's dependency
    /// tracking): each ancestor is placed again at the proposal its last placement had (`PlacementStamp`), its
    /// unchanged children reused, until one keeps its size and content offset — its parent's layout, and so
    /// everything outside it, is then what it was. Returns those ancestors, or nil (nothing is known: lay out from
    /// the root over what this left, which is consistent) when that cannot be shown:
    /// - some container was measured in an earlier pass (`LayoutState.hasMeasuredContainers`): its parent may have
    ///   asked it for sizes at other proposals, which cannot be checked here;
    /// - an ancestor has no reusable stamp (it reported a diagnostic, or is a closed-form row), or it is the root
    ///   (centred in the window by `run`);
    /// - placing again reports a diagnostic (the full pass orders them).
    /// - Complexity: O(the ancestors laid out again and their children).
    /// (A method of the state, not of the engine: one exclusive access to it for the whole climb.)
    mutating func relayoutUpward(_ changed: [Int32]) -> [Int32]? {
        guard canRelayoutUpward else { return nil }
        takePointers()
        let diagnostics = self.diagnostics.count
        var roots: [Int32] = []
        for node in changed {
            var a = node
            while true {
                let p = ptr.nodes[Int(a)].parent
                guard p > 0 else { return nil }
                let stamp = ptr.stamps[Int(p)]
                guard stamp.epoch == placementEpoch else { return nil }
                let before = ptr.geometry[Int(p)]
                let size = computeNodeLayout(p, Proposal(width: stamp.proposedWidth, height: stamp.proposedHeight), .place, &self)
                guard self.diagnostics.count == diagnostics else { return nil }
                let after = ptr.geometry[Int(p)]
                if size.0.bitPattern == before.width.bitPattern && size.1.bitPattern == before.height.bitPattern
                    && after.contentX.bitPattern == before.contentX.bitPattern
                    && after.contentY.bitPattern == before.contentY.bitPattern {
                    roots.append(p)
                    break
                }
                a = p
            }
        }
        return roots
    }
}
