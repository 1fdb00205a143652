// Line breaking of a prepared text: `LineBreaker`'s greedy algorithm, answered from the cumulative widths
// of the clusters and the list of break opportunities instead of reading the string again.

/// One line found by `PreparedLineIterator`.
struct PreparedLine {
    /// The line's first cluster and the UTF-8 offset where it starts.
    var startCluster: Int
    var startOffset: Int
    /// UTF-8 offset just past the last drawn character (spaces at the end hang and are not drawn).
    var endOffset: Int
    /// Width in subunits (with the ellipsis when truncated).
    var subunits: Int
    /// Whether the line limit cut the text here (the line ends with "…").
    var isTruncated: Bool
}

/// The lines of a prepared text at one width, one after another.
///
/// The text has no newline, tab or soft hyphen, so its break opportunities do not depend on where lines start,
/// and a line from cluster `s` to cluster `d` is `fitEnds[d] − starts[s]` wide (the kerning or joined form at its
/// two cuts accounted for). From a line starting at cluster `s`, `LineBreaker` adds clusters until a cluster that
/// is not a space overflows (the line would be wider than `maxSubunits` ending after it; the first cluster of a
/// line never does), and then breaks at the last opportunity before it, or, with none since `s`, just before it.
/// `fitEnds` never decreases, so:
///
/// 1. If no cluster after `s` overflows, the rest is the last line.
/// 2. Otherwise the line ends at the last opportunity `o > s` such that no cluster in `s+1 ..< o` that is
///    not a space overflows (the condition holds for a prefix of the opportunities, so a scan stops at
///    the first that fails); the next line starts at `o`.
/// 3. With no such opportunity, the line ends before the first overflowing cluster `c`, which starts the
///    next line. (`LineBreaker` re-checks `c` on the line that starts at `o` and breaks before it if it still
///    overflows: that is step 3 of the next line, which finds no opportunity in `o+1 ... c`.)
/// 4. A line that is not the last, when the line limit allows only one more, is truncated instead: from
///    `s`, clusters are kept while the kept width plus the ellipsis fits (spaces always pass, as in
///    `LineBreaker.truncate`), and the iteration ends.
///
/// Every line costs O(opportunities on it) plus O(log n) when a word is broken or a line truncated.
/// The pointers address one text's ranges in the cache's arenas, valid while nothing is appended to them.
struct PreparedLineIterator {
    let fitEnds: UnsafePointer<Int>
    let starts: UnsafePointer<Int>
    let offsets: UnsafePointer<Int32>
    let content: UnsafePointer<Int32>
    let breaks: UnsafePointer<Int32>
    let clusterCount: Int
    let breakCount: Int
    let maxSubunits: Int
    let lineLimit: Int
    let ellipsisSubunits: Int
    /// The first cluster of the next line.
    private var start = 0
    /// The first opportunity that may lie after `start`.
    private var nextBreak = 0
    /// Lines returned so far.
    private var emitted = 0
    private(set) var isDone = false
    /// For a truncated text, the cluster whose overflow ended reading (`LineBreaker` reads up to it).
    private(set) var lastClusterRead = -1

    init(fitEnds: UnsafePointer<Int>, starts: UnsafePointer<Int>, offsets: UnsafePointer<Int32>, content: UnsafePointer<Int32>,
         breaks: UnsafePointer<Int32>, clusterCount: Int, breakCount: Int, maxSubunits: Int, lineLimit: Int,
         ellipsisSubunits: Int) {
        self.fitEnds = fitEnds; self.starts = starts; self.offsets = offsets; self.content = content; self.breaks = breaks
        self.clusterCount = clusterCount; self.breakCount = breakCount
        self.maxSubunits = maxSubunits; self.lineLimit = lineLimit; self.ellipsisSubunits = ellipsisSubunits
        isDone = clusterCount == 0
        lastClusterRead = clusterCount - 1
    }

    // Every index below is in 0 ..< clusterCount (clusters) or 0 ..< breakCount (opportunities): `start` is
    // a cluster, opportunities are clusters ≥ 1, and `content` holds -1 or an index at most its own.

    /// UTF-8 offset of cluster `i`.
    @inline(__always) private func offset(of i: Int) -> Int { i == 0 ? 0 : Int(offsets[i - 1]) }

    /// The next line, or nil after the last.
    @inline(__always)
    mutating func next() -> PreparedLine? {
        if isDone { return nil }
        let s = start
        let lineStart = starts[s]
        let limit = lineStart &+ maxSubunits
        // Step 1.
        let last = Int(content[clusterCount - 1])
        if last <= s || fitEnds[last] <= limit {
            isDone = true
            return line(s, lineStart, contentBefore: clusterCount)
        }
        // Step 2.
        var b = nextBreak
        while b < breakCount && Int(breaks[b]) <= s { b += 1 }
        var end = -1
        while b < breakCount {
            let o = Int(breaks[b])
            let drawn = Int(content[o - 1])
            guard drawn <= s || fitEnds[drawn] <= limit else { break }
            end = o
            b += 1
        }
        nextBreak = b
        // Step 3.
        if end < 0 {
            end = firstOverflow(from: s + 1, beyond: limit)
        }
        // Step 4.
        if emitted == lineLimit - 1 {
            isDone = true
            lastClusterRead = firstOverflow(from: s + 1, beyond: limit)
            return truncated(s, lineStart)
        }
        emitted += 1
        start = end
        return line(s, lineStart, contentBefore: end)
    }

    /// The line from cluster `s` drawing up to the last non-space cluster before `end`.
    @inline(__always)
    private func line(_ s: Int, _ lineStart: Int, contentBefore end: Int) -> PreparedLine {
        let drawn = Int(content[end - 1])
        if drawn < s {
            let at = offset(of: s)
            return PreparedLine(startCluster: s, startOffset: at, endOffset: at, subunits: 0, isTruncated: false)
        }
        return PreparedLine(startCluster: s, startOffset: offset(of: s), endOffset: Int(offsets[drawn]),
                            subunits: fitEnds[drawn] - lineStart, isTruncated: false)
    }

    /// The first cluster at or after `from` that is not a space and whose fit end is more than `limit` from the
    /// text's start (`clusterCount` if none). Fit ends never decrease, so a binary search finds the first cluster
    /// past `limit`; spaces after it are skipped.
    @inline(__always)
    private func firstOverflow(from: Int, beyond limit: Int) -> Int {
        var low = from, high = clusterCount
        while low < high {
            let middle = (low + high) >> 1
            if fitEnds[middle] > limit { high = middle } else { low = middle + 1 }
        }
        while low < clusterCount && Int(content[low]) != low { low += 1 }
        return low
    }

    /// Step 4: the line from cluster `s` cut where it and the ellipsis fit, by the clusters' widths (the measurer then
    /// shapes the line with its ellipsis and cuts it back if their kerning makes it wider: `TextMeasurer.truncatedLine`).
    private func truncated(_ s: Int, _ lineStart: Int) -> PreparedLine {
        let stop = firstOverflow(from: s, beyond: lineStart &+ maxSubunits &- ellipsisSubunits)
        let drawn = stop > 0 ? Int(content[stop - 1]) : -1
        let at = offset(of: s)
        guard drawn >= s else {
            return PreparedLine(startCluster: s, startOffset: at, endOffset: at, subunits: ellipsisSubunits,
                                isTruncated: true)
        }
        return PreparedLine(startCluster: s, startOffset: at, endOffset: Int(offsets[drawn]),
                            subunits: fitEnds[drawn] - lineStart + ellipsisSubunits, isTruncated: true)
    }
}
