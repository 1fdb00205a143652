// The layout engine's way into the measurer: measure a string once per font (`prepare`), then ask for its
// size at any width (`size(of:…)`) and its lines at the width it is placed at (`layout(of:…)`).

extension TextMeasurer {
    /// The cache epoch of handles that are still valid.
    var preparedEpoch: UInt32 { prepared.epoch }

    /// Measures `text` in `font` once (or finds it measured): its clusters' widths and break opportunities.
    ///
    /// 1. Hash the UTF-8 bytes and the font; an entry with the same bytes and font is the answer.
    /// 2. Otherwise read the clusters once (ASCII from the byte table, anything else through
    ///    `UTF8ClusterSource`), appending their cumulative widths, UTF-8 ends, last drawn cluster and the
    ///    break opportunities before them (`TextBreakKind.canBreak`, as `LineBreaker` records them).
    /// 3. A newline, tab or soft hyphen (whose widths or breaks depend on the line), or more than
    ///    `PreparedTextCache.maximumClusters` clusters, makes an entry without clusters: its sizes and lines
    ///    come from `LineBreaker`, kept per width in the entry's layout slots.
    func prepare(_ text: String, font: FontSpec) -> PreparedTextHandle {
        let handle = text.utf8.withContiguousStorageIfAvailable { bytes -> PreparedTextHandle in
            // Step 1.
            let hash = prepared.hash(bytes, font)
            let found = prepared.find(text, bytes, font, hash: hash)
            if found >= 0 { return PreparedTextHandle(index: Int32(found), epoch: prepared.epoch) }
            // Step 2.
            _ = prepared.reserve(clusters: min(bytes.count, PreparedTextCache.maximumClusters))
            let face = face(for: font)
            let marks = prepared.arenaMarks
            var entry = PreparedText(
                font: font, clusterStart: Int32(marks.clusters), clusterCount: -1, breakStart: Int32(marks.breaks),
                breakCount: 0, firstFallback: 0, nextSlot: 0, nextSizeSlot: 0, naturalSubunits: 0,
                pointsPerSubunit: face.pointsPerSubunit,
                ellipsisSubunits: face.ellipsisSubunits, baselineOffset: face.baselineOffset)
            let scan = Self.scanASCII(bytes, face: face)
            var counts: (clusters: Int, breaks: Int, firstFallback: Int, natural: Int)?
            if !scan.isASCII {
                var source = UTF8ClusterSource(bytes: bytes, text: text, face: face)
                counts = collect(&source)
            } else if !scan.hasBreakerBytes && bytes.count <= PreparedTextCache.maximumClusters {
                var source = ASCIIClusterSource(bytes: bytes, face: face)
                counts = collect(&source)
            }
            // Step 3.
            if let counts {
                entry.clusterCount = Int32(counts.clusters)
                entry.breakCount = Int32(counts.breaks)
                entry.firstFallback = Int32(counts.firstFallback)
                entry.naturalSubunits = counts.natural
            } else {
                prepared.rollBack(to: marks)
            }
            return prepared.insert(entry, text: text, hash: hash)
        }
        if let handle { return handle }
        // Not contiguous UTF-8 (a bridged string): prepare a native copy, whose offsets are the same.
        var copy = text
        copy.makeContiguousUTF8()
        return prepare(copy, font: font)
    }

    /// Step 2 of `prepare`: appends the clusters read from `source` and the break opportunities between them;
    /// nil (with the arrays to roll back) for a text the iterator cannot break.
    private func collect<Source: TextClusterSource>(_ source: inout Source)
        -> (clusters: Int, breaks: Int, firstFallback: Int, natural: Int)?
    {
        var cluster = TextCluster()
        var count = 0
        var breaks = 0
        var width = 0
        var natural = 0
        var lastDrawn = -1
        var firstFallback = -1
        var previous = TextBreakKind.newline
        var beforePrevious = TextBreakKind.newline
        while source.next(into: &cluster) {
            switch cluster.kind {
            case .newline, .tab, .softHyphen:
                return nil
            default:
                break
            }
            if count == PreparedTextCache.maximumClusters { return nil }
            if count > 0 && TextBreakKind.canBreak(beforePrevious, previous, cluster.kind) {
                prepared.appendBreak(count)
                breaks += 1
            }
            if firstFallback < 0 && source.usesFallbackFont { firstFallback = count }
            width += cluster.width
            if cluster.kind != .space {
                lastDrawn = count
                natural = width
            }
            prepared.appendCluster(end: width, offset: cluster.end, content: lastDrawn)
            beforePrevious = previous
            previous = cluster.kind
            count += 1
        }
        return (count, breaks, firstFallback < 0 ? count : firstFallback, natural)
    }

    /// The size of a prepared text laid out in `maxWidth` with at most `lineLimit` lines: equal to
    /// `measure(text, font:, maxWidth:, lineLimit:).size`.
    ///
    /// One line when the whole text fits; otherwise a kept size, or the lines counted by
    /// `PreparedLineIterator` (and kept).
    @inline(__always)
    func size(of handle: PreparedTextHandle, maxWidth: Double, lineLimit: Int?) -> (width: Double, height: Double) {
        let index = Int(handle.index)
        let entry = prepared.entries[index]
        guard entry.clusterCount > 0 else {
            if entry.clusterCount == 0 { return (0, 0) }
            let layout = layout(of: handle, maxWidth: maxWidth, lineLimit: lineLimit)
            return (layout.size.width, layout.size.height)
        }
        var width = Self.normalizedWidth(maxWidth)
        if width == 0 { width = 0 }  // -0 and 0 are one key
        let maxSubunits = TextFace.subunits(fitting: width, pointsPerSubunit: entry.pointsPerSubunit)
        if entry.naturalSubunits <= maxSubunits {
            return (min(Double(entry.naturalSubunits) * entry.pointsPerSubunit, width), entry.font.lineHeight)
        }
        let limit = lineLimit.map { max(1, $0) } ?? Int.max
        if let kept = prepared.keptSize(index, maxWidthBits: width.bitPattern, lineLimit: limit) { return kept }
        var lines = prepared.lines(index, maxSubunits: maxSubunits, lineLimit: limit)
        var widest = 0.0
        var count = 0
        while let line = lines.next() {
            let points = Self.reported(line.subunits, maxSubunits, width, entry.pointsPerSubunit)
            if points > widest { widest = points }
            count += 1
        }
        let height = Double(count) * entry.font.lineHeight
        prepared.keep(PreparedSize(maxWidthBits: width.bitPattern, lineLimit: limit, width: widest, height: height), index)
        return (widest, height)
    }

    /// The layout of a prepared text: equal to `measure(text, font:, maxWidth:, lineLimit:)`. Kept in the
    /// entry's layout slots, so placing it at that width again costs no lines.
    func layout(of handle: PreparedTextHandle, maxWidth: Double, lineLimit: Int?) -> TextLayout {
        let index = Int(handle.index)
        var width = Self.normalizedWidth(maxWidth)
        if width == 0 { width = 0 }  // -0 and 0 are one key
        let limit = lineLimit.map { max(1, $0) } ?? Int.max
        if let kept = prepared.keptLayout(index, maxWidth: width, lineLimit: limit) { return kept }
        let entry = prepared.entries[index]
        let text = prepared.texts[index]
        let layout: TextLayout
        if entry.clusterCount < 0 {
            layout = makeLayout(text, font: entry.font, maxWidth: width, lineLimit: limit)
        } else {
            layout = makeLayout(text, entry, index, maxWidth: width, lineLimit: limit)
        }
        prepared.keep(layout, index, maxWidth: width, lineLimit: limit)
        return layout
    }

    /// The lines of a prepared entry (with clusters), as `LineBreaker` would make them.
    private func makeLayout(_ text: String, _ entry: PreparedText, _ index: Int, maxWidth: Double, lineLimit: Int)
        -> TextLayout
    {
        let maxSubunits = TextFace.subunits(fitting: maxWidth, pointsPerSubunit: entry.pointsPerSubunit)
        var iterator = prepared.lines(index, maxSubunits: maxSubunits, lineLimit: lineLimit)
        var lines: [TextLine] = []
        var isTruncated = false
        var widest = 0.0
        let length = text.utf8.count
        while let line = iterator.next() {
            let points = Self.reported(line.subunits, maxSubunits, maxWidth, entry.pointsPerSubunit)
            if points > widest { widest = points }
            var drawn = line.startOffset == 0 && line.endOffset == length
                ? text : Self.slice(text, line.startOffset, line.endOffset)
            if line.isTruncated {
                drawn += "…"
                isTruncated = true
            }
            lines.append(TextLine(utf8Range: line.startOffset..<line.endOffset, width: points, text: drawn))
        }
        let usesFallbackFont = isTruncated
            ? Int(entry.firstFallback) <= iterator.lastClusterRead
            : entry.firstFallback < entry.clusterCount
        let lineHeight = entry.font.lineHeight
        let baseline = lines.isEmpty ? 0 : entry.baselineOffset
        return TextLayout(
            size: .init(width: widest, height: Double(lines.count) * lineHeight), lines: lines,
            isTruncated: isTruncated, usesFallbackFont: usesFallbackFont, firstBaseline: baseline,
            lastBaseline: lines.isEmpty ? 0 : Double(lines.count - 1) * lineHeight + baseline)
    }

    /// Points for a line width; a line that fits is never reported wider than `maxWidth` (as `LineBreaker`).
    @inline(__always)
    static func reported(_ subunits: Int, _ maxSubunits: Int, _ maxWidth: Double, _ pointsPerSubunit: Double)
        -> Double
    {
        let points = Double(subunits) * pointsPerSubunit
        return subunits <= maxSubunits ? min(points, maxWidth) : points
    }
}
