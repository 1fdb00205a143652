/// A run of a renumbered table's entries, in the new order: entries of the table as it was (`old`), or entries made
/// for it (`made`: indices into the scratch tree the new nodes were built into; a per-node buffer of a later stage
/// fills them with its default).
enum NodeRun {
    case old(Range<Int>)
    case made(Range<Int>)

    var count: Int {
        switch self {
        case .old(let range), .made(let range): return range.count
        }
    }
}

/// A region of a table replaced by runs of entries (`LayoutTree.spliceChildren`): `region` of the old table becomes
/// `runs`, the entries after it move by `delta`.
struct TableSplice {
    var region: Range<Int>
    var runs: [NodeRun]
    var newCount: Int { runs.reduce(0) { $0 + $1.count } }
    var delta: Int { newCount - region.count }

    /// The runs of the whole table of `count` entries: before the region, the region's, after it.
    func wholeTable(oldCount count: Int) -> [NodeRun] {
        var all: [NodeRun] = []
        all.reserveCapacity(runs.count + 2)
        if region.lowerBound > 0 { all.append(.old(0..<region.lowerBound)) }
        all += runs
        if region.upperBound < count { all.append(.old(region.upperBound..<count)) }
        return all
    }
}

/// The new numbers of a spliced table's entries (`TableSplice`): of an old entry (`old`: the same before the
/// region, -1 when removed, `delta` later after it) and of a made one (`made`, by its index in the scratch table).
struct EntryNumbers {
    let region: Range<Int>
    let delta: Int32
    /// For each old entry of the region: its new number, or -1.
    private var oldNumbers: [Int32]
    /// For each made entry (up to the last one the runs take): its new number, or -1.
    private var madeNumbers: [Int32]

    init(_ splice: TableSplice) {
        region = splice.region
        delta = Int32(splice.delta)
        var madeEnd = 0
        for run in splice.runs { if case .made(let range) = run { madeEnd = Swift.max(madeEnd, range.upperBound) } }
        (oldNumbers, madeNumbers) = splice.numbers(madeCount: madeEnd)
    }

    /// The new number of old entry `entry` (negative ones are kept: "none").
    @inline(__always)
    func old(_ entry: Int32) -> Int32 {
        let i = Int(entry)
        if entry < 0 || i < region.lowerBound { return entry }
        if i >= region.upperBound { return entry + delta }
        return oldNumbers[i - region.lowerBound]
    }

    /// The new number of made entry `entry` (-1 for one no run takes).
    @inline(__always)
    func made(_ entry: Int32) -> Int32 {
        entry >= 0 && Int(entry) < madeNumbers.count ? madeNumbers[Int(entry)] : -1
    }
}

extension TableSplice {
    /// The new number of each old entry of the region (-1: removed) and of each of the first `madeCount` made entries
    /// (-1: no run takes it).
    func numbers(madeCount: Int) -> (old: [Int32], made: [Int32]) {
        var old = [Int32](repeating: -1, count: region.count)
        var made = [Int32](repeating: -1, count: madeCount)
        old.withUnsafeMutableBufferPointer { old in
            made.withUnsafeMutableBufferPointer { made in
                var at = Int32(truncatingIfNeeded: region.lowerBound)
                for run in runs {
                    switch run {
                    case .old(let range):
                        precondition(range.lowerBound >= region.lowerBound && range.upperBound <= region.upperBound)
                        for i in range { old[i - region.lowerBound] = at; at += 1 }
                    case .made(let range):
                        precondition(range.lowerBound >= 0 && range.upperBound <= made.count)
                        for i in range { made[i] = at; at += 1 }
                    }
                }
            }
        }
        return (old, made)
    }

    /// The same splice without the runs that move no entry: leading runs taken from where they go, and trailing ones
    /// that move with the entries after the region (by `delta`) — they become part of what is kept or moved whole.
    func trimmed() -> TrimmedSplice {
        var region = self.region
        var runs = self.runs[...]
        while case .old(let r)? = runs.first, r.lowerBound == region.lowerBound {
            region = r.upperBound..<region.upperBound
            runs = runs.dropFirst()
        }
        while case .old(let r)? = runs.last, r.upperBound == region.upperBound {
            region = region.lowerBound..<r.lowerBound
            runs = runs.dropLast()
        }
        return TrimmedSplice(region: region, runs: runs, delta: delta)
    }
}

/// A `TableSplice` without the runs that move no entry (`TableSplice.trimmed()`): its runs a slice of the splice's.
struct TrimmedSplice {
    var region: Range<Int>
    var runs: ArraySlice<NodeRun>
    var delta: Int
}

extension NodeBuffer {
    /// Replaces `splice.region` with its runs: old ones from this buffer as it was, made ones from `made` (or
    /// `filler`, when nil). Entries that stay where they are are not written; the ones after the region move as one
    /// block.
    /// - Complexity: O(the entries moved) copies, plus one block move of the entries after the region.
    func splice(_ full: TableSplice, made: NodeBuffer<Element>?, filler: Element) {
        let splice = full.trimmed()
        let lower = splice.region.lowerBound, upper = splice.region.upperBound
        let oldCount = count
        guard upper <= oldCount else { return }
        // The old runs that change place, copied out before anything is written (in the order they are written).
        var taken = ContiguousArray<Element>()
        var at = lower
        for run in splice.runs {
            if case .old(let range) = run, range.lowerBound != at {
                taken.append(contentsOf: UnsafeBufferPointer(start: unchecked.base + range.lowerBound, count: range.count))
            }
            at += run.count
        }
        let delta = splice.delta
        if delta > 0 { append(contentsOf: repeatElement(filler, count: delta)) }
        if delta != 0 && upper < oldCount {
            let base = unchecked.base
            UnsafeMutableRawPointer(base + upper + delta).copyMemory(from: base + upper,
                                                                     byteCount: (oldCount - upper) * MemoryLayout<Element>.stride)
        }
        if delta < 0 { truncate(to: oldCount + delta) }
        let base = unchecked.base
        at = lower
        var next = 0
        for run in splice.runs {
            switch run {
            case .old(let range):
                if range.lowerBound != at {
                    taken.withUnsafeBufferPointer { taken in
                        (base + at).update(from: taken.baseAddress! + next, count: range.count)
                    }
                    next += range.count
                }
            case .made(let range):
                if let made {
                    (base + at).update(from: made.unchecked.base + range.lowerBound, count: range.count)
                } else {
                    (base + at).update(repeating: filler, count: range.count)
                }
            }
            at += run.count
        }
    }
}

extension ContiguousArray {
    /// Replaces `splice.region` with its runs: old ones from this array as it was, made ones from `made` (or
    /// `filler`, when nil). Entries that stay where they are are not written.
    mutating func splice(_ full: TableSplice, made: ContiguousArray<Element>?, filler: Element) {
        let splice = full.trimmed()
        guard splice.region.upperBound <= count else { return }
        if splice.delta == 0 {
            // In place: only the runs that move.
            var writes: [(at: Int, values: ArraySlice<Element>)] = []
            var at = splice.region.lowerBound
            for run in splice.runs {
                switch run {
                case .old(let range): if range.lowerBound != at { writes.append((at, ArraySlice(Array(self[range])))) }
                case .made(let range):
                    writes.append((at, made.map { ArraySlice(Array($0[range])) } ?? ArraySlice(repeatElement(filler, count: range.count))))
                }
                at += run.count
            }
            for write in writes { replaceSubrange(write.at..<(write.at + write.values.count), with: write.values) }
            return
        }
        // No old entry in the region (an item inserted or removed): its new entries are made ones alone, put in
        // place of it without a region made first.
        if !splice.runs.contains(where: { if case .old = $0 { true } else { false } }) {
            if splice.runs.isEmpty {
                removeSubrange(splice.region)
                return
            }
            if splice.runs.count == 1, case .made(let range) = splice.runs[splice.runs.startIndex] {
                if let made { replaceSubrange(splice.region, with: made[range]) } else {
                    replaceSubrange(splice.region, with: repeatElement(filler, count: range.count))
                }
                return
            }
        }
        var region = ContiguousArray<Element>()
        region.reserveCapacity(splice.region.count + splice.delta)
        for run in splice.runs {
            switch run {
            case .old(let range): region += self[range]
            case .made(let range):
                if let made { region += made[range] } else { region += repeatElement(filler, count: range.count) }
            }
        }
        replaceSubrange(splice.region, with: region)
    }
}
