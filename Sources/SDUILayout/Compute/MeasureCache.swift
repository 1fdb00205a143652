/// The sizes nodes gave for proposals — SwiftUI's per-`sizeThatFits` cache, Yoga's measure slots — so a parent
/// probing a child at 0, ∞ and its share, however deep the nesting, never lays the child's subtree out again for
/// a proposal it has answered.
///
/// One open-addressing table per engine keyed by (node, proposal bits), not a fixed number of slots per node:
/// with Yoga's 8 slots an alternating hstack › vstack chain with a sibling per level still outgrows them (each
/// level adds shares along its axis), and a full slot set evicts and recomputes, exponentially in depth. Here
/// every distinct (node, proposal) is computed once; memory grows with the measurements made (cards-100 makes
/// none: grids, unspecified-length stacks and closed-form rows size their children directly), not with nodes.
///
/// Validity, the seam for incremental relayout:
/// - `epoch` (all entries): bumped when the engine takes another tree, and for every viewport layout (realised
///   rows reuse node indices and a virtualised grid's size depends on the viewport). Full layouts of one tree
///   keep their entries across passes: a measurement is a pure function of the tree, the node and the proposal
///   (text is measured with the engine's fixed measurer; nothing else enters compute), so relayouts reuse them.
/// - `versions` (per node): `invalidate(node:)` bumps the version of a node and of each ancestor, whose sizes
///   depend on it; entries of other nodes stay valid. A node's descendants are not touched: their results do not
///   depend on their ancestors except through the proposal, which is part of the key.
struct MeasureCache {
    struct Entry {
        var node: Int32 = -1
        /// `epoch` and the node's version when the entry was written (one 32-bit word each).
        var epoch: UInt32 = 0
        var version: UInt32 = 0
        var proposedWidth: Double = 0, proposedHeight: Double = 0
        var width: Double = 0, height: Double = 0
    }

    /// The most entries the table holds (2²⁰ slots, 48 MB): beyond half of that it is emptied and refilled,
    /// so a pathological payload costs time, never unbounded memory.
    static let maxSlots = 1 << 20

    private(set) var entries = NodeBuffer<Entry>()
    private(set) var count = 0
    private(set) var epoch: UInt32 = 1
    /// Per node: its version (see the type's documentation), sized to the tree in `prepare`.
    private(set) var versions = NodeBuffer<UInt32>()
    /// Per node: 1 when it was measured (asked its size, not placed) since the entries were last emptied by
    /// `removeAll(nodes:)` — its parent may then have chosen its layout from sizes at other proposals than the one it
    /// was placed at (what `LayoutState.relayoutUpward` must know to stop at it). Kept when a full table is emptied
    /// to make room: the choices made from the dropped entries still stand.
    private(set) var measured = NodeBuffer<UInt8>()
    /// The table `renumber` replaced last, kept for the next one to rehash into: its entries are of an older epoch, so
    /// every slot of it reads as empty once the epoch moves on (no table made and emptied per splice).
    private var spareEntries = NodeBuffer<Entry>()

    /// Forgets every entry (O(1): the epoch changes); `nodes`: the tree's node count.
    mutating func removeAll(nodes: Int) {
        forgetEntries()
        if versions.count != nodes {
            versions.removeAll()
            versions.append(contentsOf: repeatElement(0, count: nodes))
        }
        measured.removeAll()
        measured.append(contentsOf: repeatElement(0, count: nodes))
    }

    /// Forgets every entry (O(1): the epoch changes), keeping the versions and the measured flags.
    private mutating func forgetEntries() {
        epoch &+= 1
        if epoch == 0 {
            // Wrapped: old entries could look current again; clear them for real (once per 2³² trees).
            epoch = 1
            let table = entries.unchecked
            for i in 0..<table.count { table[i] = Entry() }
            spareEntries = NodeBuffer()
        }
        count = 0
    }

    /// Nodes were appended to the tree (viewport rows realised mid-pass): versions for them.
    mutating func grow(nodes: Int) {
        if versions.count < nodes { versions.append(contentsOf: repeatElement(0, count: nodes - versions.count)) }
        if measured.count < nodes { measured.append(contentsOf: repeatElement(0, count: nodes - measured.count)) }
    }

    /// Whether `node` was measured since the entries were last emptied (see `measured`).
    @inline(__always)
    func wasMeasured(_ node: Int32) -> Bool {
        Int(node) >= measured.count || measured.unchecked[Int(node)] != 0
    }

    /// The slot index for a key (multiplicative hashing of the node and the proposal's bits).
    @inline(__always)
    private func slot(_ node: Int32, _ wBits: UInt64, _ hBits: UInt64, mask: Int) -> Int {
        var h = UInt64(UInt32(bitPattern: node)) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ wBits) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ hBits) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: h >> 32) & mask
    }

    /// The size `node` gave for `proposal`, if it is cached and valid.
    @inline(__always)
    func size(_ node: Int32, _ proposal: Proposal) -> LayoutOutput? {
        guard count > 0 else { return nil }
        let table = entries.unchecked
        let mask = table.count &- 1
        let wBits = proposal.width.bitPattern, hBits = proposal.height.bitPattern
        var i = slot(node, wBits, hBits, mask: mask)
        while true {
            let entry = table[i]
            if entry.epoch != epoch { return nil }
            if entry.node == node && entry.proposedWidth.bitPattern == wBits && entry.proposedHeight.bitPattern == hBits {
                return entry.version == versions.unchecked[Int(node)] ? LayoutOutput(width: entry.width, height: entry.height) : nil
            }
            i = (i &+ 1) & mask
        }
    }

    /// Remembers that `node` gave `width` × `height` for `proposal`.
    mutating func insert(_ node: Int32, _ proposal: Proposal, _ width: Double, _ height: Double) {
        if (count + 1) * 2 > entries.count { makeRoom() }
        let table = entries.unchecked
        let mask = table.count &- 1
        let wBits = proposal.width.bitPattern, hBits = proposal.height.bitPattern
        var i = slot(node, wBits, hBits, mask: mask)
        while table[i].epoch == epoch {
            if table[i].node == node && table[i].proposedWidth.bitPattern == wBits && table[i].proposedHeight.bitPattern == hBits { break }
            i = (i &+ 1) & mask
        }
        if table[i].epoch != epoch { count += 1 }
        if Int(node) < measured.count { measured.unchecked[Int(node)] = 1 }
        table[i] = Entry(node: node, epoch: epoch, version: versions.unchecked[Int(node)], proposedWidth: proposal.width,
                         proposedHeight: proposal.height, width: width, height: height)
    }

    /// Doubles the table (re-inserting the current entries), or empties it at `maxSlots`.
    private mutating func makeRoom() {
        let old = entries
        let newCount = max(64, old.count * 2)
        guard newCount <= Self.maxSlots else {
            forgetEntries()
            return
        }
        let grown = NodeBuffer<Entry>()
        grown.append(contentsOf: repeatElement(Entry(), count: newCount))
        entries = grown
        let current = count
        count = 0
        let mask = newCount - 1
        let table = grown.unchecked
        old.withUnsafeBufferPointer { oldEntries in
            for entry in oldEntries where entry.epoch == epoch {
                var i = slot(entry.node, entry.proposedWidth.bitPattern, entry.proposedHeight.bitPattern, mask: mask)
                while table[i].epoch == epoch { i = (i &+ 1) & mask }
                table[i] = entry
                count += 1
            }
        }
        assert(count == current)
    }

    /// Drops the cached sizes of the nodes in `range` (a subtree built again), not of their ancestors.
    mutating func invalidate(nodes range: Range<Int>) {
        let v = versions.unchecked
        for i in range where i < v.count { v[i] &+= 1 }
    }

    /// Drops the cached sizes of `node` and its ancestors (`parents`: the tree's parent links): the seam for a
    /// change in one node. - Complexity: O(depth).
    mutating func invalidate(node: Int32, parents: UncheckedBuffer<FlatNode>) {
        var i = node
        let v = versions.unchecked
        while i >= 0 && Int(i) < v.count {
            v[Int(i)] &+= 1
            i = parents[Int(i)].parent
        }
    }

    /// The cache of a tree whose nodes were renumbered (a node's children spliced: `LayoutTree.spliceChildren`):
    /// each entry of a kept node moved to its new number (`newNumber`; -1 drops it), the per-node versions and
    /// "was measured" flags gathered the same way (`runs`: the new tree's nodes in order, each run either old nodes
    /// or `made` ones — those get version 1, which no placement record of theirs has, and no flag).
    /// - Complexity: O(slots + nodes).
    mutating func renumber(newCount: Int, runs: [NodeRun], newNumber: (Int32) -> Int32) {
        let oldVersions = versions, oldMeasured = measured
        let newVersions = NodeBuffer<UInt32>(), newMeasured = NodeBuffer<UInt8>()
        newVersions.reserve(newCount); newMeasured.reserve(newCount)
        oldVersions.withUnsafeBufferPointer { oldVersions in
            oldMeasured.withUnsafeBufferPointer { oldMeasured in
                for run in runs {
                    switch run {
                    case .old(let range):
                        // Old entries the buffers hold copied whole; any past their ends (never counted) start at 0.
                        let versions = range.clamped(to: 0..<oldVersions.count), measured = range.clamped(to: 0..<oldMeasured.count)
                        newVersions.appendAssumingCapacity(contentsOf: UnsafeBufferPointer(rebasing: oldVersions[versions]))
                        for _ in versions.count..<range.count { newVersions.appendAssumingCapacity(0) }
                        newMeasured.appendAssumingCapacity(contentsOf: UnsafeBufferPointer(rebasing: oldMeasured[measured]))
                        for _ in measured.count..<range.count { newMeasured.appendAssumingCapacity(0) }
                    case .made(let range):
                        for _ in range { newVersions.appendAssumingCapacity(1); newMeasured.appendAssumingCapacity(0) }
                    }
                }
            }
        }
        versions = newVersions
        measured = newMeasured
        guard count > 0 else { return }
        let old = entries
        // The entries move to the next epoch, in the spare table when it has the size (its slots are of older
        // epochs: empty), else in a new one. (At the epoch's wrap, in a new table of the same epoch.)
        let next = epoch &+ 1
        let grown: NodeBuffer<Entry>
        if next != 0 && spareEntries.count == old.count && spareEntries.unchecked.base != old.unchecked.base {
            grown = spareEntries
        } else {
            grown = NodeBuffer<Entry>()
            grown.append(contentsOf: repeatElement(Entry(), count: old.count))
        }
        let from = epoch, to = next != 0 ? next : epoch
        entries = grown
        spareEntries = next != 0 ? old : NodeBuffer()
        epoch = to
        count = 0
        let mask = old.count - 1
        let table = grown.unchecked
        old.withUnsafeBufferPointer { oldEntries in
            for var entry in oldEntries where entry.epoch == from {
                let node = newNumber(entry.node)
                guard node >= 0 else { continue }
                entry.node = node
                entry.epoch = to
                var i = slot(node, entry.proposedWidth.bitPattern, entry.proposedHeight.bitPattern, mask: mask)
                while table[i].epoch == to { i = (i &+ 1) & mask }
                table[i] = entry
                count += 1
            }
        }
    }
}
