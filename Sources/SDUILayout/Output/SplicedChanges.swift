import SDUIEnvironment
import SDUISchema

// What changed between two results of one tree whose nodes a state change renumbered: a template's items inserted,
// removed or moved, spliced into the kept tree (`NodeChanges.spliced`).

extension NodeSplice {
    /// For each node of the tree after `splices` (applied in order to a tree of `oldCount` nodes), the node it was
    /// before them, or -1 for a node they made; nil when the splices do not fit a tree of that many nodes.
    /// - Complexity: O(n × splices).
    package static func oldNodes(after splices: [NodeSplice], oldCount: Int) -> [Int32]? {
        var current = (0..<Int32(oldCount)).map { $0 }
        for splice in splices {
            let lower = Int(splice.oldRange.lowerBound), upper = Int(splice.oldRange.upperBound)
            guard lower >= 0, lower <= upper, upper <= current.count else { return nil }
            var region: [Int32] = []
            for run in splice.runs {
                switch run {
                case .kept(let range):
                    guard range.lowerBound >= splice.oldRange.lowerBound, range.upperBound <= splice.oldRange.upperBound else { return nil }
                    region += current[Int(range.lowerBound)..<Int(range.upperBound)]
                case .inserted(let count):
                    guard count >= 0 else { return nil }
                    region += repeatElement(-1, count: Int(count))
                }
            }
            current.replaceSubrange(lower..<upper, with: region)
        }
        return current
    }
}

extension LayoutNodeStorage {
    /// The nodes whose output differs from `old`'s when this tree is `old`'s with `splices` applied
    /// (`NodeChanges.spliced`): each node compared with the node it was — frame, visibility, text run, modifier boxes
    /// and its index among its parent's children — and every node the splices made (`changed`); and of the kept ones
    /// among them not in `content` (ascending), those that only moved (`translated`: what
    /// `LayoutResult.translation(of:since:in:withLayers:)` finds with layers, taken from the same comparison; `layered`:
    /// those of them with modifier boxes); nil when the two are not of that tree (counts or parents that do not follow
    /// the splices). `ranges`: compare only the nodes in these (ascending, disjoint: `LayoutResult.writtenRanges(since:)`,
    /// outside which every node is the node it was) and the layered nodes; nil: every node.
    /// - Complexity: O(nodes compared) (plus O(n) per splice to follow the numbering).
    func changedNodes(since old: LayoutNodeStorage, through splices: [NodeSplice], content: [Int32] = [], in ranges: [Range<Int>]? = nil)
        -> (changed: [Int32], translated: [Int32], layered: [Int32])? {
        guard isEnginePass, old.isEnginePass, layoutDirection == old.layoutDirection, frames.count >= count,
              old.frames.count >= old.count, let was = NodeSplice.oldNodes(after: splices, oldCount: old.count), was.count == count
        else { return nil }
        var now = [Int32](repeating: -1, count: old.count)
        for (i, o) in was.enumerated() where o >= 0 { now[Int(o)] = Int32(i) }
        var changed: [Int32] = [], translated: [Int32] = [], translatedLayered: [Int32] = []
        // (Room for every node: an append that grows an array copies it.)
        changed.reserveCapacity(count)
        translated.reserveCapacity(count)
        var nextContent = 0
        let hasLayers = !layered.isEmpty || !old.layered.isEmpty
        // Through the buffers and local links (a stored array or buffer read per node retains and releases it).
        let oldLinks = old.links, newLinks = links
        let sameTree = frames.withUnsafeBufferPointer { newFrames in
        old.frames.withUnsafeBufferPointer { oldFrames in
        texts.withUnsafeBufferPointer { newTexts in
        old.texts.withUnsafeBufferPointer { oldTexts in
        layered.withUnsafeBufferPointer { newLayered in
        old.layered.withUnsafeBufferPointer { oldLayered -> Bool in
            // Each node's layered entry found by a cursor (the nodes come in order, the old ones in runs), not searched.
            var newEntries = LayeredEntries(newLayered), oldEntries = LayeredEntries(oldLayered)
            // The layered nodes too: a kept one's decoration views may be renumbered where nothing moved.
            let compared = ranges.map { Self.union($0, newLayered) } ?? [0..<count]
            for range in compared {
            for i in range.clamped(to: 0..<count) {
                let o = Int(was[i])
                guard o >= 0 else { changed.append(Int32(i)); continue }
                let a = oldLinks[o], b = newLinks[i]
                guard (a.parent < 0 ? -1 : now[Int(a.parent)]) == b.parent else { return false }
                let fa = oldFrames[o], fb = newFrames[i]
                var differs = a.childIndex != b.childIndex || Self.drawsDifferently(a, fa, oldTexts, b, fb, newTexts)
                // Each node's layers as `layers(at:)` reports them (none for a hidden node), looked up when asked for.
                var la: LayeredNode?, lb: LayeredNode?, lookedUp = false
                if !differs && hasLayers {
                    la = a.isHidden ? nil : oldEntries.entry(of: o)
                    lb = b.isHidden ? nil : newEntries.entry(of: i)
                    lookedUp = true
                    differs = !hasSameLayers(lb, as: old, la)
                }
                guard differs else { continue }
                changed.append(Int32(i))
                while nextContent < content.count && Int(content[nextContent]) < i { nextContent += 1 }
                if nextContent < content.count && Int(content[nextContent]) == i { continue }
                // Only moved: the same visibility, size (bit for bit) and text layout, and boxes in neither or moved
                // with the frame in both (`translation(of:since:in:withLayers:)`).
                guard a.isHidden == b.isHidden, fa.width.bitPattern == fb.width.bitPattern, fa.height.bitPattern == fb.height.bitPattern,
                      a.textIndex < 0 && b.textIndex < 0 || Self.textsDrawSame(a, oldTexts, b, newTexts) else { continue }
                if hasLayers && !lookedUp {
                    la = a.isHidden ? nil : oldEntries.entry(of: o)
                    lb = b.isHidden ? nil : newEntries.entry(of: i)
                }
                if let la, let lb {
                    guard hasLayersMoved(lb, fb, as: old, la, fa) else { continue }
                    translatedLayered.append(Int32(i))
                } else if la != nil || lb != nil {
                    continue
                }
                translated.append(Int32(i))
            }
            }
            return true
        } } } } } }
        return sameTree ? (changed, translated, translatedLayered) : nil
    }
}

extension LayoutNodeStorage {
    /// `ranges` (ascending, disjoint) with the node of each of `layered` (ascending by node), ascending and disjoint.
    static func union(_ ranges: [Range<Int>], _ layered: UnsafeBufferPointer<LayeredNode>) -> [Range<Int>] {
        guard !layered.isEmpty else { return ranges }
        var result: [Range<Int>] = []
        result.reserveCapacity(ranges.count + layered.count)
        func add(_ range: Range<Int>) {
            if let last = result.last, last.upperBound >= range.lowerBound {
                if range.upperBound > last.upperBound { result[result.count - 1] = last.lowerBound..<range.upperBound }
            } else {
                result.append(range)
            }
        }
        var r = 0
        for entry in layered {
            let node = Int(entry.node)
            while r < ranges.count && ranges[r].lowerBound <= node { add(ranges[r]); r += 1 }
            add(node..<node + 1)
        }
        while r < ranges.count { add(ranges[r]); r += 1 }
        return result
    }

    /// Whether node `i`'s layers equal node `o`'s of `old` as `layers(at:)` reports them (both none, or the same
    /// content box and, layer by layer, the same kind, box and content node), compared in place: no `NodeLayers` is
    /// made. Both storages must be engine passes (`isEnginePass`).
    func hasSameLayers(at i: Int, as old: LayoutNodeStorage, at o: Int) -> Bool {
        hasSameLayers(reportedLayers(of: i), as: old, old.reportedLayers(of: o))
    }

    /// `hasSameLayers(at:as:at:)` given the two nodes' entries as `reportedLayers(of:)` finds them (`b` this
    /// storage's, `a` `old`'s).
    @inline(__always)
    func hasSameLayers(_ b: LayeredNode?, as old: LayoutNodeStorage, _ a: LayeredNode?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        guard a.layerCount == b.layerCount else { return false }
        let oldFirst = Int(a.firstLayer), first = Int(b.firstLayer)
        guard old.layerFrames[oldFirst] == layerFrames[first] else { return false }
        for k in 1..<Int(b.layerCount) {
            let x = old.layers[oldFirst + k], y = layers[first + k]
            guard (x.modifier ?? .unknown) == (y.modifier ?? .unknown), old.layerFrames[oldFirst + k] == layerFrames[first + k],
                  max(x.contentNode, -1) == max(y.contentNode, -1) else { return false }
        }
        return true
    }
}

extension LayoutNodeStorage {
    /// Whether the modifier boxes of entry `b` (this storage's, of a node at frame `fb`) are those of entry `a` (`old`'s,
    /// of a node at `fa`) moved with the frame: the same modifiers with views at the same layers, and each box — the
    /// content box and every layer's — at the same place relative to its node's frame, bit for bit. Both storages must
    /// be engine passes (`isEnginePass`).
    @inline(__always)
    func hasLayersMoved(_ b: LayeredNode, _ fb: Rect, as old: LayoutNodeStorage, _ a: LayeredNode, _ fa: Rect) -> Bool {
        guard a.layerCount == b.layerCount else { return false }
        /// Whether `p` (relative to `fa`) and `q` (relative to `fb`) are the same box, as a host's item holds it.
        func same(_ p: Rect, _ q: Rect) -> Bool {
            (p.x - fa.x).bitPattern == (q.x - fb.x).bitPattern && (p.y - fa.y).bitPattern == (q.y - fb.y).bitPattern
                && p.width.bitPattern == q.width.bitPattern && p.height.bitPattern == q.height.bitPattern
        }
        let oldFirst = Int(a.firstLayer), first = Int(b.firstLayer)
        guard same(old.layerFrames[oldFirst], layerFrames[first]) else { return false }
        for k in 1..<Int(b.layerCount) {
            let x = old.layers[oldFirst + k], y = layers[first + k]
            guard (x.modifier ?? .unknown) == (y.modifier ?? .unknown), (x.contentNode >= 0) == (y.contentNode >= 0),
                  same(old.layerFrames[oldFirst + k], layerFrames[first + k]) else { return false }
        }
        return true
    }
}

/// The entries of a storage's `layered` (ascending by node) for nodes asked for mostly in ascending order: a cursor
/// moved forward, a binary search only when a node before the cursor is asked for.
struct LayeredEntries {
    private let entries: UnsafeBufferPointer<LayeredNode>
    private var next = 0

    init(_ entries: UnsafeBufferPointer<LayeredNode>) { self.entries = entries }

    /// The entry of `node`, or nil when it has none.
    @inline(__always)
    mutating func entry(of node: Int) -> LayeredNode? {
        if next > 0 && Int(entries[next - 1].node) >= node {
            var low = 0, high = next
            while low < high {
                let middle = (low + high) >> 1
                if Int(entries[middle].node) < node { low = middle + 1 } else { high = middle }
            }
            next = low
        }
        while next < entries.count && Int(entries[next].node) < node { next += 1 }
        return next < entries.count && Int(entries[next].node) == node ? entries[next] : nil
    }
}
