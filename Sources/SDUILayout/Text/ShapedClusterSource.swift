// Clusters of a string set in a face read from a font file: widths from shaping the text, kerning and ligatures on.

/// Clusters of any string in a loaded face (`TextFace.loaded`), with the face's shaped advances.
///
/// 1. Cluster boundaries, line-breaking kinds and the widths of characters the face lacks come from
///    `UTF8ClusterSource` over the built-in faces at the same size (the renderer lists "SDUI Inter", the Noto faces,
///    CJK and emoji fonts after the loaded family, so the browser falls back exactly there), scaled to this face's
///    units.
/// 2. Each run of clusters the face covers is shaped at once (`FontShaper`: the default features, so kerning and
///    standard ligatures are on), and each glyph's advance goes to the cluster of the first character it draws.
/// 3. Where a line may end between two clusters of a run, the kerning between them is not drawn (each line is drawn
///    alone): it is the first cluster's `endAdjustment`. A ligature that spans clusters (f + i) gives its advance
///    to its first cluster; cut there, the first takes its own advance back (`endAdjustment`) and the next starts
///    with its own (`startAdjustment`).
struct ShapedClusterSource: TextClusterSource {
    private var clusters: [TextCluster] = []
    /// Per cluster, whether it or one before it is drawn by a fallback font whose width is an estimate.
    private var fallbackSoFar: [Bool] = []
    private var position = 0

    var usesFallbackFont: Bool { position > 0 && fallbackSoFar[position - 1] }

    init(bytes: UnsafeBufferPointer<UInt8>, text: String, face: TextFace, displayScale: Double) {
        guard let loaded = face.loaded else { return }
        // Step 1.
        let plain = FontSpec(size: face.font.size, weight: face.font.weight, lineHeight: face.font.lineHeight)
        let builtIn = TextFace(font: plain, displayScale: displayScale, tables: InterTables.shared)
        var source = UTF8ClusterSource(bytes: bytes, text: text, face: builtIn)
        let scale = face.pointsPerSubunit > 0 ? face.interPointsPerSubunit / face.pointsPerSubunit : 0
        var covered: [Bool] = []
        var cluster = TextCluster()
        var fallback = false
        while source.next(into: &cluster) {
            let first = bytes.isEmpty ? 0 : TextMeasurer.decodeScalar(bytes, at: cluster.start).0
            let isCovered = cluster.kind != .newline && cluster.kind != .tab && loaded.covers(first)
            if !isCovered {
                cluster.width = Int((Double(cluster.width) * scale).rounded())
                cluster.startAdjustment = Int((Double(cluster.startAdjustment) * scale).rounded())
                cluster.endAdjustment = Int((Double(cluster.endAdjustment) * scale).rounded())
                cluster.soloAdjustment = Int((Double(cluster.soloAdjustment) * scale).rounded())
                fallback = fallback || source.usesFallbackFont
            }
            clusters.append(cluster)
            covered.append(isCovered)
            fallbackSoFar.append(fallback)
        }
        // Step 2, per run of covered clusters.
        var runStart = 0
        while runStart < clusters.count {
            guard covered[runStart] else { runStart += 1; continue }
            var runEnd = runStart
            while runEnd < clusters.count && covered[runEnd] { runEnd += 1 }
            shapeRun(runStart..<runEnd, bytes: bytes, face: loaded)
            runStart = runEnd
        }
    }

    /// Steps 2 and 3 for the clusters in `run`.
    private mutating func shapeRun(_ run: Range<Int>, bytes: UnsafeBufferPointer<UInt8>, face: FontFace) {
        var scalars: [UInt32] = []
        var owner: [Int] = []  // the cluster of each scalar
        var standalone = [Int](repeating: 0, count: run.count)  // each cluster's advance alone, unshaped
        for index in run {
            var offset = clusters[index].start
            while offset < clusters[index].end {
                let (scalar, next) = TextMeasurer.decodeScalar(bytes, at: offset)
                let glyph = face.glyph(for: scalar)
                if !face.isMark(glyph) { standalone[index - run.lowerBound] += face.advance(ofGlyph: glyph) }
                scalars.append(scalar)
                owner.append(index)
                offset = next
            }
            clusters[index].width = 0
            clusters[index].startAdjustment = 0
            clusters[index].endAdjustment = 0
            clusters[index].soloAdjustment = 0
        }
        var shaper = FontShaper(face: face)
        let glyphs = shaper.shape(scalars)
        let unit = TextFace.subunitsPerUnit
        var drawn = [Bool](repeating: false, count: run.count)
        for (g, glyph) in glyphs.enumerated() {
            let index = owner[min(Int(glyph.cluster), owner.count - 1)]
            clusters[index].width += Int(glyph.advance) * unit
            drawn[index - run.lowerBound] = true
            guard g + 1 < glyphs.count else { continue }
            let nextIndex = owner[min(Int(glyphs[g + 1].cluster), owner.count - 1)]
            guard nextIndex > index else { continue }
            // The last glyph of its cluster: kerning with the next cluster is not drawn when a line ends here.
            if face.gpos == nil {
                // A `kern` table's value is split between the pair (`FontShaper.applyKernTable`).
                let key = UInt32(glyph.glyph) << 16 | UInt32(glyphs[g + 1].glyph)
                if let value = face.kernPairs[key] {
                    let first = Int(value) >> 1
                    clusters[index].endAdjustment -= first * unit
                    clusters[nextIndex].startAdjustment -= (Int(value) - first) * unit
                }
            } else if !face.isMark(Int(glyph.glyph)) {
                let kerning = Int(glyph.advance) - face.advance(ofGlyph: Int(glyph.glyph))
                clusters[index].endAdjustment -= kerning * unit
            }
            // Clusters between drawn by this glyph (a ligature's later components).
            if nextIndex > index + 1 {
                let first = index - run.lowerBound
                clusters[index].endAdjustment += standalone[first] * unit - clusters[index].width
                for inner in (index + 1)..<nextIndex {
                    clusters[inner].startAdjustment += standalone[inner - run.lowerBound] * unit
                }
            }
        }
        // A ligature at the run's end.
        if let last = glyphs.last {
            let index = owner[min(Int(last.cluster), owner.count - 1)]
            if index + 1 < run.upperBound {
                clusters[index].endAdjustment += standalone[index - run.lowerBound] * unit - clusters[index].width
                for inner in (index + 1)..<run.upperBound where !drawn[inner - run.lowerBound] {
                    clusters[inner].startAdjustment = standalone[inner - run.lowerBound] * unit
                }
            }
        }
    }

    mutating func next(into cluster: inout TextCluster) -> Bool {
        guard position < clusters.count else { return false }
        cluster = clusters[position]
        position += 1
        return true
    }

    mutating func seek(toUTF8Offset offset: Int) {
        var low = 0, high = clusters.count
        while low < high {
            let middle = (low + high) >> 1
            if clusters[middle].start < offset { low = middle + 1 } else { high = middle }
        }
        position = low
    }
}
