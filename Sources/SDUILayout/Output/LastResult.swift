import SDUIEnvironment

/// What the output step keeps of the last result it made, so that the next can build on it: the result's frames
/// (shared with it, and written in place once it is gone), the content origins it computed, and the result's
/// identity. The engine holds it (`LayoutEngine.lastResult`) and hands it to the output step
/// (`makeLayoutResult(state:last:…)`) and to the state changes that renumber nodes (`LayoutState.followSplice`);
/// compute never reads it.
struct LastResult {
    /// The frames of the last result, in output order (shared with it: written in place when it is gone).
    var frames = ContiguousArray<Rect>()
    /// Content origins per node (absolute), as the last output step computed them.
    var origins = ContiguousArray<Point>()
    /// Whether `frames` and `origins` are the last result's for the current tree, one per node in array order,
    /// unrounded and not mirrored (an incremental pass may then write only what changed: `IncrementalOutput`).
    var framesAreExact = false
    /// The index ranges of the frames the last output step wrote (`writeFramesIncrementally`); nil: every frame.
    var writtenRanges: [Range<Int>]?
    /// The layer boxes of the last result's layered nodes, in window points (shared with it: written in place when
    /// it is gone), one per layer of the current tree (`LayoutTree.layers`) when `layerFramesAreExact`: an
    /// incremental pass then writes only those of the layered nodes in `writtenRanges` (`writeLayerFrames`).
    var layerFrames = ContiguousArray<Rect>()
    var layerFramesAreExact = false
    /// The identity of the last result's nodes (`LayoutNodeStorage.token`): what the next result's changes are
    /// taken against (`LayoutResult.changes(since:)`), and, held only here, the sign that the last result is gone
    /// (its frames may then be written in place). A token rather than a weak reference to the storage: a weakly
    /// referenced object's every retain and release takes the runtime's slow path.
    var token: LayoutPassToken?
    /// The placed texts of the last result (`LayoutState.placedTexts`' buffer, shared with it) and of the result
    /// before it (see `PlacedTextReuse.swift`).
    var texts: PlacedTextBuffer?
    var retiredTexts: PlacedTextBuffer?
    /// `LayoutState.textWrites` as the last result was made: what takes the result before it to the last one.
    var textWrites: [Int32]?
    /// `LayoutState.textSplices` as the last result was made (applied before `textWrites`).
    var textSplices: [TableSplice] = []

    /// Whether a result holds the last result's token (its frames must then be copied, not written in place). Asked
    /// before the pass holds the token itself, which would make it look held (`makeLayoutResult`'s parameter).
    mutating func isAlive() -> Bool {
        token != nil && !isKnownUniquelyReferenced(&token)
    }
}
