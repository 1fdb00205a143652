/// Placements kept across passes, so that going back to a width laid out before (rotating back, closing a Split
/// View, a toggled width) reuses every subtree whose proposal is the same as then.
///
/// A node's placement — its size, its content offset and the positions of everything below it — is a pure
/// function of the tree and the node's proposal (as its measurements are, see `MeasureCache`). The engine keeps
/// the placements of its last **two** full passes of a tree: the geometry, the placed texts, the layer boxes and
/// a `PlacementRecord` per node, in two sets of buffers that alternate (`LayoutState.geometry`… for this pass,
/// `LayoutState.spare` for the other); each pass writes over the set of the pass before the last. When
/// a node is placed with the proposal its record in that set holds, the set already holds its whole subtree as
/// that pass left it: the node returns its size without laying anything out. Going back and forth between two
/// widths is answered from the root down in one lookup; a change that keeps some proposals (a resize that leaves
/// a sidebar's width alone) reuses those subtrees.
///
/// Why the set is still intact: a set is written only by the passes that use it, and in such a pass a node is
/// placed only while all its ancestors are placed in it too — each either reused (its subtree untouched) or laid
/// out again (its record rewritten when its placement ends, describing what was just written). So a record from
/// an earlier pass whose node has not been placed since describes its subtree's current contents.
///
/// What is not kept: a subtree that reported a diagnostic (tap targets, overflow, truncation) is recorded as not
/// reusable, so every pass reports its diagnostics itself; simple leaves, texts and rows of fixed leaves and
/// spacers (`StackChildShape.fixedLeavesThenSpacers`: placing them again costs less than a lookup; they are reused
/// only as part of their parent); viewport layouts (realised rows reuse node indices).
///
/// Validity, as for measurements: `LayoutState.placementEpoch` changes when the engine takes another tree or
/// makes a viewport pass; a node's version (`MeasureCache.versions`) changes when it or a descendant is
/// invalidated (`MeasureCache.invalidate(node:parents:)`, the seam for a change in one node), so its
/// record no longer matches and the node is laid out again while its unchanged children are reused.
struct PlacementRecord {
    var proposedWidth: Double = 0, proposedHeight: Double = 0
    /// `LayoutState.placementEpoch` when written; 0: not reusable.
    var epoch: UInt32 = 0
    /// The node's version (`MeasureCache.versions`) when written.
    var version: UInt32 = 0
}

extension LayoutState {
    /// The size `node` was placed at for `proposal` by the pass that last wrote this pass's buffers, when that
    /// placement can be reused (see `PlacementRecord`); nil otherwise. Full layouts only.
    @inline(__always)
    func rememberedPlacement(_ node: Int32, _ proposal: Proposal) -> LayoutOutput? {
        let i = Int(node)
        let record = ptr.placementRecords[i]
        guard record.epoch == placementEpoch, record.proposedWidth.bitPattern == proposal.width.bitPattern,
              record.proposedHeight.bitPattern == proposal.height.bitPattern,
              record.version == ptr.versions[i] else { return nil }
        return LayoutOutput(width: ptr.geometry[i].width, height: ptr.geometry[i].height)
    }

    /// What makes a placement not reusable, counted: the pass's diagnostics (with those an upward relayout's
    /// replayed placements report again without copying them, `DiagnosticReplay.takenCount`), and the nodes placed
    /// that are laid out again after compute (`volatilePlacements`: layers that extend into the safe area).
    @inline(__always)
    var placementEvents: Int { diagnostics.count &+ replay.takenCount &+ volatilePlacements }

    /// Records `node`'s placement for `proposal`, reusable when it reported nothing and placed nothing volatile
    /// (`eventsBefore`: `placementEvents` when the node's placement began).
    @inline(__always)
    func rememberPlacement(_ node: Int32, _ proposal: Proposal, eventsBefore: Int) {
        let i = Int(node)
        ptr.placementRecords[i] = PlacementRecord(proposedWidth: proposal.width, proposedHeight: proposal.height,
                                       epoch: placementEvents == eventsBefore ? placementEpoch : 0,
                                       version: ptr.versions[i])
    }
}
