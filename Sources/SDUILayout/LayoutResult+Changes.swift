import SDUIEnvironment
import SDUISchema

// What a host that keeps its drawing across layouts (the runtime's display list, docs/hosts.md) reads of a result
// node by node, without making the `LayoutNode` values (`LayoutResult.nodes` names all of them at once).

extension LayoutResult {
    /// The nodes whose output differs between `previous` and this result, ascending — frame, visibility, text run
    /// (lines, widths, font, truncation) or modifier boxes — when both are engine results of the same tree: the same
    /// number of nodes with the same parents and child slots at every index, in the same window and traits. nil when
    /// they are not (another tree, a result given as `LayoutNode` values): compare everything.
    ///
    /// Exact by construction: it compares what the result holds, not what a pass says it wrote, so it is right
    /// whatever path the engine took (incremental, from the root, a new build of an equal tree).
    /// - Complexity: O(n) in nodes; a frame and a link compared per node, a text's layout compared by its lines'
    ///   storage (shared when it was not laid out again).
    package func changedNodes(since previous: LayoutResult) -> [Int32]? {
        guard environment == previous.environment, traits == previous.traits else { return nil }
        return storage.changedNodes(since: previous.storage, in: nil)
    }

    /// Gives the result `changes` — a state update's change set — relative to the pass `previous` (the engine's last
    /// result, of the same tree), whose nodes differ from this result's only in the index ranges the output step
    /// wrote (`written`; nil: anywhere).
    mutating func addChanges(_ changes: NodeChanges?, since previous: LayoutPassToken?, written: [Range<Int>]?) {
        guard let changes, let previous else { return }
        changeRecord = ChangeRecord(changes: changes, written: written, base: previous)
    }

    /// What changed since `previous` (the layout a host drew before this one, in the same window and traits) when
    /// this result is a state change laid out after it: the state update's change set with `frames` — the nodes
    /// whose frame, visibility, text run or modifier boxes differ from `previous`'s — filled in; else nil. After a
    /// change of structure spliced into the kept tree (`NodeChanges.spliced`), each node is compared with the node it
    /// was, the nodes made and those whose index among their parent's children changed are in `frames` too, and the
    /// kept nodes of `frames` whose content is as it was and that only moved are `translated`.
    /// - Complexity: O(the nodes in the index ranges the output step wrote, `writtenRanges(since:)`), plus after a
    ///   splice O(n) integers to follow the renumbering.
    public func changes(since previous: LayoutResult) -> NodeChanges? {
        // (The record read in place: binding it would copy its change set, whose copy below is the one returned.)
        guard let base = changeRecord?.base, base === previous.storage.token, environment == previous.environment,
              traits == previous.traits, var changes = changeRecord?.changes else { return nil }
        if changes.spliced.isEmpty {
            guard let moved = storage.changedNodes(since: previous.storage, in: changeRecord?.written ?? nil) else { return nil }
            changes.frames = moved
        } else {
            // A tree whose nodes a change of structure renumbered is compared through the renumbering.
            guard let compared = storage.changedNodes(since: previous.storage, through: changes.spliced,
                                                      content: changes.content, in: changeRecord?.written ?? nil) else { return nil }
            changes.frames = compared.changed
            changes.translated = TranslatedNodes(nodes: compared.translated, layered: compared.layered)
        }
        return changes
    }

    /// How far node `index` moved since node `old` of `previous` (a result of the same screen this one was laid out
    /// after), when moving is all it did: the same visibility, size (bit for bit) and text run, and no modifier boxes
    /// in either — or, `withLayers`, boxes in both that moved with the frame (`hasLayersMoved(of:since:in:)`:
    /// `layered`); nil otherwise. What a host's item of the node then needs is its frame moved (and its layers' views'
    /// indices, `LayerFrame.contentNode`, when `layered`).
    /// - Complexity: O(1) (a text compared by its lines' storage), plus O(layers) when `withLayers`.
    package func translation(of index: Int, since old: Int, in previous: LayoutResult,
                             withLayers: Bool = false) -> (dx: Double, dy: Double, layered: Bool)? {
        let new = storage, was = previous.storage
        guard new.isEnginePass, was.isEnginePass, index >= 0, index < new.count, old >= 0, old < was.count,
              new.layoutDirection == was.layoutDirection else { return nil }
        let a = was.links[old], b = new.links[index]
        let fa = was.frames[old], fb = new.frames[index]
        guard a.isHidden == b.isHidden, fa.width.bitPattern == fb.width.bitPattern, fa.height.bitPattern == fb.height.bitPattern
        else { return nil }
        let layered = was.reportedLayers(of: old) != nil || new.reportedLayers(of: index) != nil
        guard !layered || withLayers && hasLayersMoved(of: index, since: old, in: previous) else { return nil }
        if a.textIndex >= 0 || b.textIndex >= 0 {
            let same = was.texts.withUnsafeBufferPointer { o in
                new.texts.withUnsafeBufferPointer { n in LayoutNodeStorage.textsDrawSame(a, o, b, n) }
            }
            guard same else { return nil }
        }
        return (fb.x - fa.x, fb.y - fa.y, layered)
    }

    /// The path id of node `index` (`root.0.3`: its child slots from the root), without making the `LayoutNode`
    /// values: the id of a node without a payload id. `index` must be in `0..<nodeCount`.
    /// - Complexity: O(depth).
    package func pathID(at index: Int) -> String {
        let storage = self.storage
        return SDUILayout.pathID(of: index, slot: { storage.childSlot(at: $0) }, parent: { storage.parentIndex(at: $0) },
                                 count: storage.count)
    }

    /// Whether node `index` is a grid whose children are lazy items (`lazyItemIndices`).
    package func isLazyGrid(at index: Int) -> Bool {
        storage.isEnginePass && storage.lazyGridNodes.contains(Int32(truncatingIfNeeded: index))
    }

    /// The index ranges (ascending, disjoint) outside which every node of this result is drawn as the node it was in
    /// `previous` — the same frame (bit for bit), visibility, text run, modifier boxes (each layer's kind and box)
    /// and index among its parent's children, at the same index or, after a change of structure, where the splices
    /// put it (`NodeChanges.spliced`; the node numbers of a kept node's decoration views follow the splices too) —
    /// when this result is a state change laid out incrementally after `previous` (as `changes(since:)` needs);
    /// nil: any node may differ. The nodes a splice made are inside them. What the ranges hold may be unchanged too
    /// (`changes(since:)` compares them); content changes (`NodeChanges.content`) can be anywhere.
    /// - Complexity: O(1).
    package func writtenRanges(since previous: LayoutResult) -> [Range<Int>]? {
        guard let base = changeRecord?.base, base === previous.storage.token, environment == previous.environment,
              traits == previous.traits else { return nil }
        return changeRecord?.written ?? nil
    }

    /// The state update's change set this result was laid out after, relative to `previous`, without `frames` (what
    /// `changes(since:)` compares); nil as there.
    /// - Complexity: O(1).
    package func recordedChanges(since previous: LayoutResult) -> NodeChanges? {
        guard let base = changeRecord?.base, base === previous.storage.token, environment == previous.environment,
              traits == previous.traits else { return nil }
        return changeRecord?.changes
    }

    /// The text run of `nodes[index]` (nil for a node without text, or hidden), without making the `LayoutNode`
    /// values. `index` must be in `0..<nodeCount`.
    package func textRun(at index: Int) -> TextRun? { storage.textRun(at: index) }

    /// Whether `nodes[index]` is hidden (`visible: false`), without making the `LayoutNode` values. `index` must be
    /// in `0..<nodeCount`.
    package func isHidden(at index: Int) -> Bool { storage.isHidden(at: index) }
}

/// A state change's record in the result laid out after it (`LayoutResult.changeRecord`).
struct ChangeRecord: Sendable {
    /// The state update's change set (`frames` empty).
    var changes: NodeChanges
    /// The index ranges of the frames the output step wrote; nil: every frame.
    var written: [Range<Int>]?
    /// The pass the changes are relative to.
    var base: LayoutPassToken
}

extension LayoutNodeStorage {
    func textRun(at index: Int) -> TextRun? {
        guard isEnginePass else { return nodes[index].text }
        let t = Int(links[index].textIndex)
        return t >= 0 && t < texts.count ? texts[t].run(layoutDirection: layoutDirection) : nil
    }

    func isHidden(at index: Int) -> Bool {
        guard isEnginePass else { return nodes[index].isHidden }
        return links[index].isHidden
    }

    /// Whether a node drawn with link `b`, frame `fb` (texts `newTexts`) draws differently from one drawn with `a`,
    /// `fa` (texts `oldTexts`): its visibility, frame (bit for bit) or text run. Modifier boxes are compared apart.
    @inline(__always)
    static func drawsDifferently(_ a: OutputLink, _ fa: Rect, _ oldTexts: UnsafeBufferPointer<PlacedText>,
                                 _ b: OutputLink, _ fb: Rect, _ newTexts: UnsafeBufferPointer<PlacedText>) -> Bool {
        if a.isHidden != b.isHidden || fa.x.bitPattern != fb.x.bitPattern || fa.y.bitPattern != fb.y.bitPattern
            || fa.width.bitPattern != fb.width.bitPattern || fa.height.bitPattern != fb.height.bitPattern { return true }
        guard a.textIndex >= 0 || b.textIndex >= 0 else { return false }
        return !textsDrawSame(a, oldTexts, b, newTexts)
    }

    /// Whether the text runs of links `a` (in `oldTexts`) and `b` (in `newTexts`) draw the same; false when either
    /// has none.
    @inline(__always)
    static func textsDrawSame(_ a: OutputLink, _ oldTexts: UnsafeBufferPointer<PlacedText>,
                              _ b: OutputLink, _ newTexts: UnsafeBufferPointer<PlacedText>) -> Bool {
        let ta = Int(a.textIndex), tb = Int(b.textIndex)
        guard let oldBase = oldTexts.baseAddress, let newBase = newTexts.baseAddress, ta >= 0, tb >= 0,
              ta < oldTexts.count, tb < newTexts.count else { return false }
        return PlacedText.drawSame(oldBase + ta, newBase + tb)
    }

    /// The nodes whose output differs from `old`'s, comparing only the nodes in `ranges` (nil: every node) and
    /// the layered nodes; nil when the two are not of the same tree.
    func changedNodes(since old: LayoutNodeStorage, in ranges: [Range<Int>]?) -> [Int32]? {
        guard isEnginePass, old.isEnginePass, count == old.count, layoutDirection == old.layoutDirection,
              frames.count >= count, old.frames.count >= count else { return nil }
        var changed: [Int32] = []
        let compared = ranges ?? [0..<count]
        // Through the buffers: a text compared in place (a subscript of the array copied it, retaining its lines).
        let sameTree = frames.withUnsafeBufferPointer { newFrames in
        old.frames.withUnsafeBufferPointer { oldFrames in
        texts.withUnsafeBufferPointer { newTexts in
        old.texts.withUnsafeBufferPointer { oldTexts -> Bool in
            for range in compared {
            for i in range where i < count {
                let a = old.links[i], b = links[i]
                guard a.parent == b.parent, a.childIndex == b.childIndex else { return false }
                if Self.drawsDifferently(a, oldFrames[i], oldTexts, b, newFrames[i], newTexts) { changed.append(Int32(i)) }
            }
            }
            return true
        }
        }
        }
        }
        guard sameTree else { return nil }
        if ranges != nil && changed.count > 1 {
            changed.sort()
            changed.removeDuplicateNeighbours()
        }
        // Modifier boxes: compared node by node for the layered nodes of either result (none on most screens).
        if !layered.isEmpty || !old.layered.isEmpty {
            guard layered.count == old.layered.count else { return nil }
            var extra: [Int32] = []
            for k in layered.indices {
                let node = layered[k].node
                guard old.layered[k].node == node else { return nil }
                let i = Int(node)
                if i < count && layers(at: i) != old.layers(at: i) { extra.append(node) }
            }
            if !extra.isEmpty {
                changed += extra
                changed.sort()
                changed.removeDuplicateNeighbours()
            }
        }
        return changed
    }
}

extension PlacedText {
    /// Whether the two texts give the same `TextRun` (lines, widths, directions, font, alignment, truncation,
    /// spacing). Read through pointers: nothing of either text is copied.
    @inline(__always)
    static func drawSame(_ a: UnsafePointer<PlacedText>, _ b: UnsafePointer<PlacedText>) -> Bool {
        a.pointee.isPlaced == b.pointee.isPlaced && a.pointee.fontSize.bitPattern == b.pointee.fontSize.bitPattern
            && a.pointee.fontWeight == b.pointee.fontWeight && a.pointee.lineHeight.bitPattern == b.pointee.lineHeight.bitPattern
            && a.pointee.alignment == b.pointee.alignment && a.pointee.lineSpacing.bitPattern == b.pointee.lineSpacing.bitPattern
            && a.pointee.placed.layout.isTruncated == b.pointee.placed.layout.isTruncated
            && (haveSameLines(a, b) || a.pointee.placed.layout.lines == b.pointee.placed.layout.lines)
    }

    /// Where a placed text's lines array lies in it (an array is one reference to its storage).
    private static let linesOffset: Int? = MemoryLayout<[TextLine]>.size == MemoryLayout<UInt>.size
        ? MemoryLayout<PlacedText>.offset(of: \PlacedText.placed.layout.lines) : nil

    /// Whether the two texts' lines are one array storage (a text not laid out again keeps its lines): its reference
    /// read in place. (The arrays compared as arrays are each retained and released around the comparison, which
    /// checks the same first.)
    @inline(__always)
    private static func haveSameLines(_ a: UnsafePointer<PlacedText>, _ b: UnsafePointer<PlacedText>) -> Bool {
        guard let offset = linesOffset else { return false }
        return UnsafeRawPointer(a).load(fromByteOffset: offset, as: UInt.self)
            == UnsafeRawPointer(b).load(fromByteOffset: offset, as: UInt.self)
    }
}
