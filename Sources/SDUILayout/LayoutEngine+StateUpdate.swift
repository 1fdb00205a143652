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
        // The last result, which this one's changes are taken against (`LayoutResult.changes`). Whether that result
        // is still held is known first: holding its token here would make it look held.
        let lastIsAlive = lastResult.isAlive()
        let previous = lastResult.token
        func fresh() -> LayoutResult {
            var result = proposal.map { layout(update.screen, proposal: $0, in: environment, traits: traits) }
                ?? layout(update.screen, in: environment, traits: traits)
            // A new tree of the same shape: every node compared.
            if !update.changedStructure { result.addChanges(update.changes, since: previous, written: nil) }
            return result
        }
        let key = BuildKey(sizeClass: traits.horizontalSizeClass, contentSize: traits.preferredContentSizeCategory, virtualizes: false)
        guard !update.tookGeneralPath, update.changedStructure != update.splicedChildren.isEmpty, key == cachedKey,
              let cached = cachedDerived, cached === update.base else {
            return fresh()
        }
        // A property change that changes the layout has no `textChanges`: its nodes are built again.
        let rebuilt = update.textChanges == nil ? update.changes?.size ?? update.propertyChanges : []
        lastRebuildRefusal = nil
        lastSpliceRefusal = nil
        let changes = update.textChanges ?? update.changedTexts
        // The updater numbers every view of the payload; a tree that left some out (`nesting-too-deep`) numbers
        // the ones after them otherwise.
        if state.tree.buildDiagnostics.contains(where: { $0.code == "nesting-too-deep" }) { return fresh() }
        // An embedded layout's window is its root's size, which a change that stops below the root keeps.
        let window = proposal == nil ? environment : embeddedWindow(environment, rootSize: lastRootSize)
        // Template items inserted, removed or moved: spliced into the tree first (the other changes are numbered as
        // after them).
        var spliced: [Int32] = []
        var splices: [NodeSplice] = []
        if update.changedStructure {
            guard let containers = spliceChildren(update, builder: stateChangeBuilder(), splices: &splices) else {
                invalidate()
                return fresh()
            }
            spliced = containers
            // Payload memory many splices extended is started afresh from the new screen (else the next splice
            // refuses: a full build).
            if let source = state.tree.source, source.generation >= PayloadSource.maxGeneration {
                _ = state.tree.restartSource(from: update.screen.root)
            }
            if !state.tree.changedTexts.isEmpty { state.tree.changedTexts = Self.renumbered(state.tree.changedTexts, through: splices) }
        }
        // The nodes the change changed are read from the new screen from now on (their content, an input's value).
        state.tree.inputState = update.screen.state
        let root = update.screen.root
        func replaceSources(_ nodes: some Sequence<Int32>) -> Bool {
            for node in nodes where !state.tree.replaceSource(of: node, from: root) { return false }
            return true
        }
        // A text changed in place (nothing else of its node) is read from `changedTexts`: its payload node stays.
        let keepsTextSources = update.textChanges != nil && rebuilt.isEmpty && spliced.isEmpty
        var textSourcesReplaced = true
        for change in changes where !(keepsTextSources && state.tree.keepSource(of: change.node, changingTextTo: change.text)) {
            if !state.tree.replaceSource(of: change.node, from: root) { textSourcesReplaced = false; break }
        }
        guard textSourcesReplaced, replaceSources(update.propertyChanges), replaceSources(update.inputChanges) else {
            // (The tree may be spliced: the screen's own tree is taken.)
            invalidate()
            return fresh()
        }
        // One access to the state for the whole pass (each access to an engine property is an exclusivity check).
        var fallback = IncrementalFallback.refused
        let result: LayoutResult?
        if rebuilt.isEmpty && spliced.isEmpty {
            result = state.applyTextChanges(changes, environment: window, traits: traits, roundsToPixels: options.roundsToPixels,
                                            last: &lastResult, lastResultIsAlive: lastIsAlive, roots: &upwardRoots,
                                            fallback: &fallback)
        } else {
            result = state.applyLayoutChanges(rebuilding: rebuilt, spliced: spliced, texts: changes, builder: stateChangeBuilder(),
                                              scratch: &rebuildScratch,
                                              environment: window, traits: traits, roundsToPixels: options.roundsToPixels,
                                              last: &lastResult, lastResultIsAlive: lastIsAlive, roots: &upwardRoots, fallback: &fallback,
                                              refusal: &lastRebuildRefusal)
        }
        if result == nil, case .refused = fallback {
            // The tree may be partly built again: the screen's own tree is taken.
            invalidate()
            return fresh()
        }
        // The tree is now `update.screen`'s. Only its identity is kept (see `cachedDerived`): holding the value
        // would make the updater's next change copy the nodes it changes in place.
        cachedScreen = nil
        cachedDerived = update.screen.derived
        incrementalLayoutCount += 1
        upwardRootsAreLast = result != nil
        guard var made = result ?? {
            guard case .fromRoot(let output) = fallback else { return nil }
            return run(environment: environment, traits: traits, overLastPass: true, output: output, proposal: proposal,
                       lastResultIsAlive: lastIsAlive)
        }() else { return fresh() }
        if !update.changedStructure {
            made.addChanges(update.changes, since: previous, written: lastResult.writtenRanges)
        } else if var changes = update.changes {
            // A spliced tree: its nodes are compared with the last result's through the splices' renumbering (those
            // the output step wrote: every other one is the node it was, where it was).
            changes.spliced = splices
            made.addChanges(changes, since: previous, written: lastResult.writtenRanges)
        }
        return made
    }

    /// `texts` (by node) with each node renumbered through `splices` (applied in order); a removed node's text goes.
    private static func renumbered(_ texts: [Int32: String], through splices: [NodeSplice]) -> [Int32: String] {
        var result: [Int32: String] = [:]
        for (node, text) in texts {
            if let number = NodeSplice.newNumber(ofOld: node, through: splices) { result[number] = text }
        }
        return result
    }

    /// What builds subtrees of the kept tree again (a splice, a property change that changes layout).
    private func stateChangeBuilder() -> TreeBuilder {
        TreeBuilder(sizeClass: state.tree.sizeClass, contentSize: state.tree.contentSize, fonts: state.tree.fonts,
                    forcesLayers: forcesLayerPath)
    }

    /// Splices the children `update` made again into the kept tree (`LayoutState.spliceChildren`); their containers'
    /// new indices, or nil (the tree may be partly spliced: take a new one) when a splice refuses
    /// (`lastSpliceRefusal`), or the containers nest (the payload path of an inner one moves with the outer one's
    /// children).
    private func spliceChildren(_ update: StateUpdate, builder: TreeBuilder, splices: inout [NodeSplice]) -> [Int32]? {
        var nodes: [Int32: ComponentNode] = [:]
        for change in update.splicedChildren {
            guard let node = state.tree.payloadNode(at: change.node, in: update.screen.root) else {
                lastSpliceRefusal = .notSpliceable
                return nil
            }
            nodes[change.node] = node
        }
        for change in update.splicedChildren {
            var a = state.tree.nodes[Int(change.node)].parent
            while a >= 0 {
                if nodes[a] != nil {
                    lastSpliceRefusal = .notSpliceable
                    return nil
                }
                a = state.tree.nodes[Int(a)].parent
            }
        }
        return state.spliceChildren(update.splicedChildren.map { ($0.node, $0.origins) }, containerNode: { nodes[$0] },
                                    builder: builder, scratch: &rebuildScratch, last: &lastResult, refusal: &lastSpliceRefusal,
                                    splices: &splices)
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
                                   traits: TraitCollection, roundsToPixels: Bool, last: inout LastResult, lastResultIsAlive: Bool,
                                   roots: inout [Int32], fallback: inout IncrementalFallback) -> LayoutResult? {
        guard tree.lazyGrids.isEmpty, patchTexts(changes) else { fallback = .refused; return nil }
        return relayoutChanged(changes.lazy.map(\.node), environment: environment, traits: traits, roundsToPixels: roundsToPixels,
                               last: &last, lastResultIsAlive: lastResultIsAlive, roots: &roots, fallback: &fallback)
    }

    /// Puts the new texts in the tree and invalidates their nodes; false (nothing changed) when a change
    /// names a node that has no text run.
    mutating func patchTexts(_ changes: [(node: Int32, text: String)]) -> Bool {
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
