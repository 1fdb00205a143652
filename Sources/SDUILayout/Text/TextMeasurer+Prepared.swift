// The layout engine's way into the measurer: measure a string once per font (`prepare`), then ask for its
// size at any width (`size(of:…)`) and its lines at the width it is placed at (`layout(of:…)`).

extension TextMeasurer {
    /// The cache epoch of handles that are still valid.
    @inline(__always)
    var preparedEpoch: UInt32 { prepared.epoch }

    /// Measures `text` in `font` once (or finds it measured): its clusters' widths and break opportunities.
    ///
    /// 1. The entry last found for this string value (the same storage) and font is the answer; otherwise hash
    ///    the UTF-8 bytes and the font, and an entry with the same bytes and font is.
    /// 2. Otherwise read the clusters once (printable ASCII straight from the face's tables, `ASCIIShaping`;
    ///    anything else shaped, `ShapedClusterSource`), writing each cluster's fit end and start (cumulative widths
    ///    with the kerning or joined form at a cut accounted for), UTF-8 end, last drawn cluster and the break
    ///    opportunities before them (`TextBreakKind.canBreak`, as `LineBreaker` records them).
    /// 3. A newline, tab or soft hyphen (whose widths or breaks depend on the line), a grapheme whose width alone on
    ///    a line is not its start and end widths combined (an Arabic letter cut from both neighbours), fit ends that
    ///    would decrease (kerning wider than a glyph), or more than `PreparedTextCache.maximumClusters` clusters,
    ///    makes an entry without clusters: its sizes and lines come from `LineBreaker`, kept per width in the entry's
    ///    layout slots.
    @inline(__always)
    func prepare(_ text: String, font: FontSpec) -> PreparedTextHandle {
        withUnsafePointer(to: text) { prepare(stringAt: $0, font: font) }
    }

    /// `prepare` for the string at `text`, read in place: the layout engine's strings stay in its tree, and
    /// one found by its storage is neither copied nor retained.
    @inline(__always)
    func prepare(stringAt text: UnsafePointer<String>, font: FontSpec) -> PreparedTextHandle {
        // Step 1 (the same string value as last time: no bytes to hash).
        let identity = prepared.identitySlot(PreparedTextCache.words(of: text), font)
        let identical = prepared.findIdentical(PreparedTextCache.words(of: text), font, slot: identity)
        if identical >= 0 { return PreparedTextHandle(index: Int32(identical), epoch: prepared.epoch) }
        return prepareByBytes(text.pointee, font: font, identitySlot: identity)
    }

    /// `prepare`, given the handle of a text prepared before (the text at the same place in an earlier tree):
    /// that handle when it is still valid and its entry is this string in `font` (the same storage, or equal
    /// bytes: no hash, no table), otherwise `prepare`'s lookup.
    @inline(__always)
    func prepare(stringAt text: UnsafePointer<String>, font: FontSpec, hint: PreparedTextHandle) -> PreparedTextHandle {
        // A hint of the current epoch has index < count.
        if hint.epoch == prepared.epoch && prepared.holds(text, font, at: Int(hint.index)) { return hint }
        return prepare(stringAt: text, font: font)
    }

    /// Step 1 of `prepare` by the bytes (the string value was not seen before, or its identity slot was taken
    /// since), then steps 2 and 3 if no entry has them.
    @inline(never)
    private func prepareByBytes(_ text: String, font: FontSpec, identitySlot identity: Int) -> PreparedTextHandle {
        let handle = text.utf8.withContiguousStorageIfAvailable { bytes -> PreparedTextHandle in
            let hash = prepared.hash(bytes, font)
            let found = prepared.find(text, bytes, font, hash: hash)
            let handle = found >= 0 ? PreparedTextHandle(index: Int32(found), epoch: prepared.epoch)
                                    : insert(text, bytes, font: font, hash: hash)
            prepared.remember(Int(handle.index), identitySlot: identity)
            return handle
        }
        if let handle { return handle }
        // Not contiguous UTF-8 (a bridged string): prepare a native copy, whose offsets are the same.
        var copy = text
        copy.makeContiguousUTF8()
        return prepare(copy, font: font)
    }

    /// Steps 2 and 3 of `prepare`: a new entry for `text`, whose UTF-8 bytes are `bytes`.
    @inline(never)
    private func insert(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>, font: FontSpec, hash: UInt64)
        -> PreparedTextHandle
    {
        // Step 2.
        let clusters = min(bytes.count, PreparedTextCache.maximumClusters)
        _ = prepared.reserve(clusters: clusters)
        let face = face(for: font)
        let marks = prepared.arenaMarks
        var entry = PreparedText(font: font, clusterStart: marks.clusters, breakStart: marks.breaks, face: face)
        var counts = collectASCII(bytes, face: face)
        if counts?.clusters == -1 {
            var source = ShapedClusterSource(bytes: bytes, text: text, face: face)
            counts = collect(&source, capacity: clusters)
        }
        // Step 3.
        if let counts, counts.clusters >= 0 {
            prepared.commitClusters(counts.clusters, breaks: counts.breaks)
            entry.clusterCount = Int32(counts.clusters)
            entry.breakCount = Int32(counts.breaks)
            entry.firstFallback = Int32(counts.firstFallback)
            entry.naturalSubunits = counts.natural
            entry.writingDirection = Self.leadingParagraphDirection(bytes)
        }
        return prepared.insert(entry, text: text, hash: hash)
    }

    /// What step 2 of `prepare` wrote.
    struct PreparedCounts {
        /// Clusters written; -1: not in the face's ASCII tables, read the text with `ShapedClusterSource`.
        var clusters: Int
        var breaks: Int
        var firstFallback: Int
        var natural: Int
    }

    /// Step 2 for printable ASCII in the face's tables: one cluster per byte, advances, kerning and kinds from the
    /// tables. nil when the text cannot be prepared (a tab or a newline, or too long); clusters -1 when a byte is not
    /// in the tables.
    private func collectASCII(_ bytes: UnsafeBufferPointer<UInt8>, face: TextFace) -> PreparedCounts? {
        let notTabulated = PreparedCounts(clusters: -1, breaks: 0, firstFallback: 0, natural: 0)
        guard let ascii = face.ascii else { return notTabulated }
        let n = bytes.count
        let advances = ascii.advances, kerning = ascii.kerning
        guard n <= PreparedTextCache.maximumClusters else {
            for byte in bytes where byte >= 0x80 || advances[Int(byte)] < 0 {
                if byte < 0x09 || byte > 0x0D { return notTabulated }
            }
            return nil
        }
        let room = prepared.reserveClusters(n)
        let kinds = TextBreakKind.asciiTable, breakable = TextBreakKind.breakTable
        let unit = TextFace.subunitsPerUnit
        var breakCount = 0
        var fitEnd = 0
        var natural = 0
        var lastDrawn = -1
        var previous = -1
        // The index into `breakable` of (beforePrevious, previous, ·), both newline at the start.
        var pair = (Int(TextBreakKind.newline.rawValue) * 16 + Int(TextBreakKind.newline.rawValue)) * 16
        var hasLetter = false
        var characters = ASCIISet()
        // Every write below is at index < n, the room reserved above; bytes < 0x80 index the 128-entry tables.
        for i in 0..<n {
            let byte = bytes[i]
            guard byte < 0x80, advances[Int(byte)] >= 0 else {
                return byte >= 0x09 && byte <= 0x0D ? nil : notTabulated
            }
            hasLetter = hasLetter || (byte | 0x20) &- 0x61 < 26
            characters.insert(Int(byte))
            let kind = kinds[Int(byte)]
            if i > 0 && breakable[pair + Int(kind.rawValue)] {
                room.breaks[breakCount] = Int32(truncatingIfNeeded: i)
                breakCount += 1
            }
            let start = previous < 0 ? 0 : fitEnd &+ Int(kerning[previous << 7 | Int(byte)]) &* unit
            let end = start &+ Int(advances[Int(byte)]) &* unit
            if end < fitEnd { return nil }  // kerning wider than the glyph: fit ends must not decrease
            fitEnd = end
            previous = Int(byte)
            if kind != .space {
                lastDrawn = i
                natural = fitEnd
            }
            room.fitEnds[i] = fitEnd
            room.starts[i] = start
            room.offsets[i] = Int32(truncatingIfNeeded: i + 1)
            room.content[i] = Int32(truncatingIfNeeded: lastDrawn)
            pair = (pair & 0xF0) << 4 | Int(kind.rawValue) << 4
        }
        guard ascii.leavesUnchanged(characters) else { return notTabulated }
        // Without a letter, the text takes the layout's direction: shaped in full when its runs then differ in level.
        guard hasLetter || ShapedClusterSource.asciiIsOneLevel(bytes) else { return notTabulated }
        return PreparedCounts(clusters: n, breaks: breakCount, firstFallback: n, natural: natural)
    }

    /// Step 2 for any text: the clusters read from `source` (at most `capacity`, one per byte at most) and the
    /// break opportunities between them; nil for a text the iterator cannot break.
    private func collect<Source: TextClusterSource>(_ source: inout Source, capacity: Int) -> PreparedCounts? {
        let room = prepared.reserveClusters(capacity)
        var cluster = TextCluster()
        var count = 0
        var breakCount = 0
        var width = 0
        var fitEnd = 0
        var natural = 0
        var lastDrawn = -1
        var firstFallback = -1
        let breakable = TextBreakKind.breakTable
        var pair = (Int(TextBreakKind.newline.rawValue) * 16 + Int(TextBreakKind.newline.rawValue)) * 16
        while source.next(into: &cluster) {
            switch cluster.kind {
            case .newline, .tab, .softHyphen:
                return nil
            default:
                break
            }
            // A letter cut from both neighbours (an Arabic letter alone on a line) is not its two cuts combined.
            if cluster.soloAdjustment != 0 { return nil }
            // Writes below are at index < capacity, the room reserved above.
            if count == capacity { return nil }
            if count > 0 && breakable[pair + Int(cluster.kind.rawValue)] {
                room.breaks[breakCount] = Int32(truncatingIfNeeded: count)
                breakCount += 1
            }
            if firstFallback < 0 && source.usesFallbackFont { firstFallback = count }
            // The first line starts at the text's start, with nothing cut.
            let start = count == 0 ? 0 : width - cluster.startAdjustment
            width += cluster.width
            let end = width + cluster.endAdjustment
            if end < fitEnd && count > 0 { return nil }  // fit ends must not decrease
            fitEnd = end
            if cluster.kind != .space {
                lastDrawn = count
                natural = fitEnd
            }
            room.fitEnds[count] = fitEnd
            room.starts[count] = start
            room.offsets[count] = Int32(truncatingIfNeeded: cluster.end)
            room.content[count] = Int32(truncatingIfNeeded: lastDrawn)
            pair = (pair & 0xF0) << 4 | Int(cluster.kind.rawValue) << 4
            count += 1
        }
        return PreparedCounts(clusters: count, breaks: breakCount, firstFallback: firstFallback < 0 ? count : firstFallback,
                              natural: natural)
    }

    /// The size of a prepared text laid out in `maxWidth` with at most `lineLimit` lines: equal to
    /// `measure(text, font:, maxWidth:, lineLimit:).size`.
    ///
    /// A kept size (only sizes of more than one line are kept); otherwise one line when the whole text fits, or
    /// the lines counted by `PreparedLineIterator` (and kept).
    @inline(never)
    func size(of handle: PreparedTextHandle, maxWidth: Double, lineLimit: Int?) -> (width: Double, height: Double) {
        let index = Int(handle.index)
        // Read in place, field by field (an entry is some 200 bytes); index < count: a handle of the current epoch.
        let entry = UnsafePointer(prepared.entries.base + index)
        guard entry.pointee.clusterCount > 0 else {
            if entry.pointee.clusterCount == 0 { return (0, 0) }
            let layout = layout(of: handle, maxWidth: maxWidth, lineLimit: lineLimit)
            return (layout.size.width, layout.size.height)
        }
        let width = Self.normalizedWidth(maxWidth), limit = Self.normalizedLineLimit(lineLimit)
        if let kept = prepared.keptSize(index, maxWidthBits: width.bitPattern, lineLimit: limit) { return kept }
        let pointsPerSubunit = entry.pointee.pointsPerSubunit, natural = entry.pointee.naturalSubunits
        let maxSubunits = TextFace.subunits(fitting: width, pointsPerSubunit: pointsPerSubunit)
        if natural <= maxSubunits {
            return (min(Double(natural) * pointsPerSubunit, width), entry.pointee.font.lineHeight)
        }
        return countLines(index, entry.pointee, maxWidth: width, maxSubunits: maxSubunits, lineLimit: limit)
    }

    /// The size of entry `index` from its lines, kept for the next time.
    private func countLines(_ index: Int, _ entry: PreparedText, maxWidth: Double, maxSubunits: Int, lineLimit: Int)
        -> (width: Double, height: Double)
    {
        var lines = prepared.lines(index, maxSubunits: maxSubunits, lineLimit: lineLimit)
        var widest = 0.0
        var count = 0
        while var line = lines.next() {
            if line.isTruncated { line = refined(line, index, entry, maxSubunits: maxSubunits) }
            let points = Self.reported(line.subunits, maxSubunits, maxWidth, entry.pointsPerSubunit)
            if points > widest { widest = points }
            count += 1
        }
        let height = Double(count) * entry.font.lineHeight
        prepared.keep(PreparedSize(maxWidthBits: maxWidth.bitPattern, lineLimit: lineLimit, width: widest, height: height),
                      index)
        return (widest, height)
    }

    /// The layout of a prepared text: equal to `measure(text, font:, maxWidth:, lineLimit:)`. Kept in the
    /// entry's layout slots, so placing it at that width again costs no lines.
    @inline(__always)
    func layout(of handle: PreparedTextHandle, maxWidth: Double, lineLimit: Int?) -> TextLayout {
        let index = Int(handle.index)
        let width = Self.normalizedWidth(maxWidth), limit = Self.normalizedLineLimit(lineLimit)
        if let kept = prepared.keptLayout(index, maxWidthBits: width.bitPattern, lineLimit: limit) { return kept }
        return makeLayout(index, maxWidth: width, lineLimit: limit)
    }

    /// Sets `placed.layout` to `layout(of: handle, maxWidth:, lineLimit:)`. When `placed` holds a layout made for
    /// the same entry, width and line limit (the text placed at the same width in the last pass, or in the pass
    /// before: a relayout alternating between two widths), nothing is looked up, copied, retained or released.
    @inline(__always)
    func layout(of handle: PreparedTextHandle, maxWidth: Double, lineLimit: Int?, into placed: inout PlacedLayout) {
        let index = Int(handle.index)
        let width = Self.normalizedWidth(maxWidth), limit = Self.normalizedLineLimit(lineLimit)
        let source = PlacedLayout.Source(entry: handle.index, epoch: handle.epoch, maxWidthBits: width.bitPattern,
                                         lineLimit: limit)
        if placed.source == source { return }
        // The current layout becomes the previous one (moved, not copied).
        swap(&placed.layout, &placed.previousLayout)
        swap(&placed.source, &placed.previousSource)
        if placed.source == source { return }
        placed.source = source
        let k = prepared.keptLayoutSlot(index, maxWidthBits: width.bitPattern, lineLimit: limit)
        guard k >= 0 else {
            placed.layout = makeLayout(index, maxWidth: width, lineLimit: limit)
            return
        }
        placed.layout = prepared.keptLayoutAddress(index, slot: k).pointee
    }

    /// Lays entry `index` out and keeps the layout.
    private func makeLayout(_ index: Int, maxWidth: Double, lineLimit: Int) -> TextLayout {
        let entry = prepared.entry(index)
        let text = prepared.text(index)
        let layout = entry.clusterCount < 0
            ? makeLayout(text, font: entry.font, maxWidth: maxWidth, lineLimit: lineLimit)
            : makeLayout(text, entry, index, maxWidth: maxWidth, lineLimit: lineLimit)
        prepared.keep(layout, index, maxWidthBits: maxWidth.bitPattern, lineLimit: lineLimit)
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
        // One paragraph (a text with a paragraph separator is laid out by `LineBreaker`), found when prepared.
        let direction = entry.writingDirection
        while var line = iterator.next() {
            if line.isTruncated { line = refined(line, index, entry, maxSubunits: maxSubunits) }
            let points = Self.reported(line.subunits, maxSubunits, maxWidth, entry.pointsPerSubunit)
            if points > widest { widest = points }
            let drawn: String
            if line.isTruncated {
                drawn = Self.slice(text, line.startOffset, line.endOffset, appendingEllipsis: true)
                isTruncated = true
            } else {
                drawn = line.startOffset == 0 && line.endOffset == length
                    ? text : Self.slice(text, line.startOffset, line.endOffset, appendingEllipsis: false)
            }
            if lines.isEmpty { lines.reserveCapacity(iterator.isDone ? 1 : 2) }
            lines.append(TextLine(utf8Range: line.startOffset..<line.endOffset, width: points, text: drawn,
                                  writingDirection: direction))
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

    /// A truncated line of entry `index` shaped with its ellipsis and cut back until it fits, as `LineBreaker` cuts it.
    private func refined(_ line: PreparedLine, _ index: Int, _ entry: PreparedText, maxSubunits: Int) -> PreparedLine {
        var line = line
        let truncated = Self.truncatedLine(prepared.text(index), start: line.startOffset, end: line.endOffset,
                                           maxSubunits: maxSubunits, face: face(for: entry.font))
        line.endOffset = truncated.end
        line.subunits = truncated.subunits
        return line
    }

    /// `text`'s bytes `start ..< end` (on character boundaries) as a string, with "…" after them if asked:
    /// one allocation, copied from the UTF-8 bytes.
    static func slice(_ text: String, _ start: Int, _ end: Int, appendingEllipsis: Bool) -> String {
        let made = text.utf8.withContiguousStorageIfAvailable { bytes -> String in
            let count = end - start + (appendingEllipsis ? 3 : 0)
            return String(unsafeUninitializedCapacity: count) { buffer in
                // start ≤ end ≤ bytes.count and buffer.count ≥ count: the slice and the ellipsis fit.
                _ = UnsafeMutableBufferPointer(rebasing: buffer[0..<(end - start)])
                    .initialize(from: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                if appendingEllipsis {
                    buffer[end - start] = 0xE2; buffer[end - start + 1] = 0x80; buffer[end - start + 2] = 0xA6  // "…"
                }
                return count
            }
        }
        return made ?? (Self.slice(text, start, end) + (appendingEllipsis ? "…" : ""))
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

extension TextLayout {
    /// A placeholder: no lines, zero size.
    static let none = TextLayout(size: .init(width: 0, height: 0), lines: [], isTruncated: false, usesFallbackFont: false,
                                 firstBaseline: 0, lastBaseline: 0)
}

/// A prepared text's layout as placed, and what it was made for; and the layout placed before it.
struct PlacedLayout {
    /// What a layout was made for: an entry of a cache epoch, a width and a line limit (normalised as
    /// `TextMeasurer.layout(of:…)` does). Layouts made for the same source are equal.
    struct Source: Equatable {
        /// The entry (-1: none).
        var entry: Int32 = -1
        var epoch: UInt32 = 0
        var maxWidthBits: UInt64 = 0
        var lineLimit = 0
    }

    var layout = TextLayout.none
    var source = Source()
    /// The layout placed before (at another width, or of another text that had this node's index).
    var previousLayout = TextLayout.none
    var previousSource = Source()
}
