public import SDUIEnvironment
public import SDUISchema

extension LayoutEngine {
    /// Lays out the screen a state change made (`StateUpdater.update(to:changedNames:)`), incrementally when it
    /// can: when this engine's last layout was of the screen value the update was made from, with the same traits, and the update changed
    /// only texts (`update.textChanges`), the kept tree's text runs are patched and only the changed nodes and
    /// their ancestors are laid out again — every other subtree's measurement and placement is reused
    /// (`MeasureCache.invalidate(node:parents:)`); the result is the one a fresh layout of `update.screen` gives
    /// (the differential tests). Otherwise it lays `update.screen` out as `layout(_:in:traits:)` does.
    ///
    /// `proposal`: the last layout was an embedded one at this proposal (`layout(_:proposal:in:traits:)`), and so is
    /// this one; nil: a layout in the window.
    /// - Complexity: incremental: O(changed nodes × depth, plus the children of their ancestors, plus writing
    ///   the frames); otherwise as `layout(_:in:traits:)`.
    public func layout(applying update: StateUpdate, proposal: ProposedViewSize? = nil, in environment: WindowEnvironment,
                       traits: TraitCollection) -> LayoutResult {
        let proposal = proposal?.checked
        func fresh() -> LayoutResult {
            if let proposal { return layout(update.screen, proposal: proposal, in: environment, traits: traits) }
            return layout(update.screen, in: environment, traits: traits)
        }
        let key = BuildKey(sizeClass: traits.horizontalSizeClass, contentSize: traits.preferredContentSizeCategory, virtualizes: false)
        guard let changes = update.textChanges, key == cachedKey, let cached = cachedDerived, cached === update.base else {
            return fresh()
        }
        // The updater numbers every view of the payload; a tree that left some out (`nesting-too-deep`) numbers
        // the ones after them otherwise.
        if state.tree.buildDiagnostics.contains(where: { $0.code == "nesting-too-deep" }) { return fresh() }
        // An embedded layout's window is its root's size, which a change that stops below the root keeps.
        let window = proposal == nil ? environment : embeddedWindow(environment, rootSize: lastRootSize)
        // The nodes the change changed are read from the new screen from now on (their content, an input's value).
        state.tree.inputState = update.screen.state
        for node in (changes.map(\.node) + update.propertyChanges + update.inputChanges) {
            guard let changed = state.tree.payloadNode(at: node, in: update.screen.root) else { return fresh() }
            state.tree.replaceSource(of: node, with: changed)
        }
        // One access to the state for the whole pass (each access to an engine property is an exclusivity check).
        var fallback = IncrementalFallback.refused
        let result = state.applyTextChanges(changes, environment: window, traits: traits,
                                            roundsToPixels: options.roundsToPixels, roots: &upwardRoots, fallback: &fallback)
        if result == nil, case .refused = fallback { return fresh() }
        // The tree is now `update.screen`'s. Only its identity is kept (see `cachedDerived`): holding the value
        // would make the updater's next change copy the nodes it changes in place.
        cachedScreen = nil
        cachedDerived = update.screen.derived
        incrementalLayoutCount += 1
        upwardRootsAreLast = result != nil
        if let result { return result }
        guard case .fromRoot(let output) = fallback else { return fresh() }
        return run(environment: environment, traits: traits, overLastPass: true, output: output, proposal: proposal)
    }

    /// The nodes the last incremental layout stopped at on its way up (`relayoutUpward`: each kept its size), or
    /// nil when it laid out from the root — for tests.
    var lastUpwardRoots: [Int32]? { upwardRootsAreLast ? upwardRoots : nil }
}

/// What `LayoutState.applyTextChanges` leaves to its caller when it made no result.
enum IncrementalFallback {
    /// Nothing changed: the tree cannot take the changes (lay the new screen out in full).
    case refused
    /// The texts are patched and invalidated: lay out from the root, over the last pass's placements, writing
    /// the frames `output` names (nil: all).
    case fromRoot(IncrementalOutput?)
}

extension LayoutState {
    /// Puts the new texts in the tree, invalidates their nodes and lays them out again upward (`relayoutUpward`,
    /// which leaves its stops in `roots`) when it can, then makes the result — the part of
    /// `LayoutEngine.layout(applying:in:traits:)` that is the state's. nil: no result; `fallback` says why.
    mutating func applyTextChanges(_ changes: [(node: Int32, text: String)], environment: WindowEnvironment,
                                   traits: TraitCollection, roundsToPixels: Bool, roots: inout [Int32],
                                   fallback: inout IncrementalFallback) -> LayoutResult? {
        guard tree.lazyGrids.isEmpty, patchTexts(changes) else { fallback = .refused; return nil }
        lazyWindow = nil
        viewport = nil
        // Over the last pass's placements: the nodes not invalidated are there, at the proposals they get again
        // in the same window (either set of placements is correct — each placement records the pass it was made in — this one reuses most).
        if canRelayoutUpward {
            if relayoutUpward(changes, roots: &roots) {
                return makeLayoutResult(state: &self, environment: environment, traits: traits,
                                        roundsToPixels: roundsToPixels, incremental: IncrementalOutput(subtreesOf: roots))
            }
            // The nodes placed on the way up are consistent, but the last result's frames no longer describe what
            // the placements around them hold: every frame is written.
            fallback = .fromRoot(nil)
            return nil
        }
        fallback = .fromRoot(IncrementalOutput(changed: changes.map(\.node), flat: tree.nodes.unchecked, records: placementRecords.unchecked))
        return nil
    }

    /// Puts the new texts in the tree and invalidates their nodes; false (nothing changed) when a change
    /// names a node that has no text run.
    private mutating func patchTexts(_ changes: [(node: Int32, text: String)]) -> Bool {
        let nodes = tree.nodes.unchecked
        for change in changes {
            guard change.node >= 0, Int(change.node) < nodes.count, nodes[Int(change.node)].textIndex >= 0 else { return false }
        }
        for change in changes {
            let text = Int(nodes[Int(change.node)].textIndex)
            tree.texts[text].string = change.text
            // Measured again: the handle described the old string.
            if text < textHandles.count { textHandles[text] = .none }
            measurements.invalidate(node: change.node, parents: nodes)
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
    /// tracking): each ancestor is placed again at the proposal its last placement had (`PlacementRecord`), its
    /// unchanged children reused, until one keeps its size and content offset — its parent's layout, and so
    /// everything outside it, is then what it was. Puts those ancestors in `roots` and returns true, or false
    /// (nothing is known: lay out from the root over what this left, which is consistent) when that cannot be
    /// shown:
    /// - some container was measured in an earlier pass (`LayoutState.hasMeasuredContainers`): its parent may have
    ///   asked it for sizes at other proposals, which cannot be checked here;
    /// - an ancestor has no reusable placement record (it reported a diagnostic, or is a closed-form row), or it is the root
    ///   (centred in the window by `run`);
    /// - placing again reports a diagnostic (the full pass orders them).
    /// - Complexity: O(the ancestors laid out again and their children).
    /// (A method of the state, not of the engine: one exclusive access to it for the whole climb.) `roots`: a
    /// buffer the engine keeps, so the climb allocates nothing.
    mutating func relayoutUpward(_ changed: [(node: Int32, text: String)], roots: inout [Int32]) -> Bool {
        roots.removeAll(keepingCapacity: true)
        guard canRelayoutUpward else { return false }
        takePointers()
        let diagnostics = self.diagnostics.count
        for change in changed {
            var a = change.node
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
                    && after.contentY.bitPattern == before.contentY.bitPattern {
                    roots.append(p)
                    break
                }
                a = p
            }
        }
        return true
    }
}
