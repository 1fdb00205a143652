// Clusters of any string in a font's faces: widths from shaping the text, kerning and ligatures on.

/// Clusters of any string, measured as the renderer draws them: each grapheme in the first of the font's faces that
/// draws it (`FaceChain`), runs of one face and script shaped at once (`FontShaper`: the default features, so
/// kerning, standard ligatures and Arabic joining forms are on), what no face draws by the fallback estimates.
///
/// 1. Graphemes (`GraphemeReader`), each given its line-breaking kind and a face: the emoji font's advance for an
///    emoji cluster; the first face that draws its characters (marks included, else the first that draws its base);
///    else the CJK, Hangul or 0.55 em estimates, or nothing for controls and invisible characters.
/// 2. Each run of graphemes in one face and one script (common characters join their neighbours' script), not
///    crossing a newline or tab, is shaped at once; a glyph's advance goes to the grapheme of the first character
///    it draws.
/// 3. Where a line may end between two graphemes of a run, what is not drawn when it does (each line is drawn alone)
///    is the first's `endAdjustment` and the second's `startAdjustment`: the kerning between them (a `kern` table's
///    value is split between the pair as HarfBuzz splits it), a ligature spanning them (each part takes its own
///    advance back). In a run with joining forms (Arabic), the graphemes at a cut are shaped again without what is
///    cut off: a letter then takes its final, initial or isolated form (`soloAdjustment`: a line of one grapheme).
struct ShapedClusterSource: TextClusterSource {
    private var clusters: [TextCluster] = []
    /// Per cluster, whether it or one before it is drawn by a fallback font whose width is an estimate.
    private var fallbackSoFar: [Bool] = []
    private var position = 0
    /// The furthest position read: a fallback cluster read once counts even after a seek back (a truncated line).
    private var furthest = 0

    var usesFallbackFont: Bool { furthest > 0 && fallbackSoFar[furthest - 1] }

    init(bytes: UnsafeBufferPointer<UInt8>, text: String, face: TextFace) {
        if let clusters = Self.asciiClusters(bytes, face: face) {
            self.clusters = clusters
            fallbackSoFar = [Bool](repeating: false, count: clusters.count)
            return
        }
        let chain = face.chain
        // Step 1.
        var reader = GraphemeReader(bytes: bytes, text: text)
        var faceOf: [Int] = []  // per cluster: its face's index in the chain, or -1
        var scriptOf: [ShapingScript?] = []
        var fallback = false
        clusters.reserveCapacity(bytes.count)
        while let (start, end, isSingleScalar) = reader.next() {
            let (first, afterFirst) = TextMeasurer.decodeScalar(bytes, at: start)
            var cluster = TextCluster()
            cluster.start = start
            cluster.end = end
            cluster.kind = TextBreakKind.of(first)
            var index = -1
            switch cluster.kind {
            case .newline, .tab:
                break
            default:
                let drawnByFirst = chain.faces.first?.draws(first) ?? false
                if (first >= 0x203C || !isSingleScalar)
                    && reader.isEmoji(start, end, first: first, coveredByFirstFace: drawnByFirst) {
                    cluster.width = face.emojiSubunits
                    cluster.kind = .ideographic
                    fallback = true
                } else if let drawing = Self.face(for: bytes, start, afterFirst, end, first: first, chain: chain) {
                    index = drawing.index
                    fallback = fallback || !drawing.drawsAll
                } else if TextFace.isCJK(first) {
                    cluster.width = face.fallbackSubunits(first)
                    fallback = true
                } else if !TextFace.isZeroWidth(Unicode.Scalar(first) ?? " ") {
                    cluster.width = face.fallbackSubunits(first)
                    fallback = true
                }
            }
            clusters.append(cluster)
            faceOf.append(index)
            scriptOf.append(ShapingScript.of(first))
            fallbackSoFar.append(fallback)
        }
        // Step 2, per run.
        let levels = Self.bidiLevels(bytes: bytes, clusters: clusters)
        var runStart = 0
        while runStart < clusters.count {
            let index = faceOf[runStart]
            guard index >= 0 else { runStart += 1; continue }
            var script = scriptOf[runStart]
            var runEnd = runStart + 1
            while runEnd < clusters.count && faceOf[runEnd] == index && levels?[runEnd] == levels?[runStart] {
                if let next = scriptOf[runEnd] {
                    if script == nil { script = next } else if next != script { break }
                }
                runEnd += 1
            }
            shapeRun(runStart..<runEnd, bytes: bytes, face: chain.faces[index], scale: chain.scales[index],
                     script: script ?? .other)
            runStart = runEnd
        }
    }

    /// The clusters of printable ASCII (no tab or newline) that its face's first face draws, when shaping it as one
    /// run gives one glyph per character (no ligature or multiple substitution): each character a cluster, its width
    /// its glyph's advance with kerning, the kerning with the next kept aside as step 3 keeps it. What the steps
    /// above give for such a text, without reading graphemes, choosing faces or splitting runs (its graphemes are
    /// its bytes, all in the first face, one script and one level). nil for any other text, or when the face's ASCII
    /// tables are off (a measurer that shapes every text in full; the tests compare the two).
    private static func asciiClusters(_ bytes: UnsafeBufferPointer<UInt8>, face: TextFace) -> [TextCluster]? {
        guard face.ascii != nil, !bytes.isEmpty, let first = face.chain.faces.first else { return nil }
        var hasLetter = false
        for byte in bytes {
            guard byte >= 0x20 && byte < 0x7F, first.glyph(for: UInt32(byte)) != 0 else { return nil }
            hasLetter = hasLetter || (byte | 0x20) &- 0x61 < 26
        }
        guard hasLetter || asciiIsOneLevel(bytes) else { return nil }
        var shaper = FontShaper(face: first)
        let scalars = bytes.map { UInt32($0) }
        scalars.withUnsafeBufferPointer { shaper.shape($0, script: hasLetter ? .latin : .other) }
        let glyphs = shaper.infos
        guard glyphs.count == bytes.count else { return nil }
        let scale = face.chain.scales[0]
        let kinds = TextBreakKind.ascii
        var clusters = [TextCluster](repeating: TextCluster(), count: bytes.count)
        for k in glyphs.indices {
            let glyph = glyphs[k]
            guard glyph.cluster == Int32(k) else { return nil }
            clusters[k].start = k
            clusters[k].end = k + 1
            clusters[k].kind = kinds[Int(bytes[k])]
            clusters[k].width = subunits(Int(glyph.advance), scale)
            guard k + 1 < glyphs.count else { continue }
            // Step 3 for two glyphs side by side (`kerningAdjustments`).
            if first.gpos == nil {
                let key = UInt32(truncatingIfNeeded: glyph.glyph) << 16 | UInt32(truncatingIfNeeded: glyphs[k + 1].glyph)
                if let value = first.kernPairs[key] {
                    let half = Int(value) >> 1
                    clusters[k].endAdjustment = subunits(-half, scale)
                    clusters[k + 1].startAdjustment = subunits(-(Int(value) - half), scale)
                }
            } else if !first.isMark(Int(glyph.glyph)) && glyph.props & FontShaper.ignorable == 0 {
                clusters[k].endAdjustment = subunits(-(Int(glyph.advance) - first.advance(ofGlyph: Int(glyph.glyph))), scale)
            }
        }
        return clusters
    }

    /// Per cluster, its embedding level by the Bidirectional Algorithm (the level of its first character), paragraph
    /// by paragraph; nil when every cluster is at one level (text without right-to-left characters that has a
    /// letter). A browser shapes each run of one level apart (no kerning or ligature across a direction change).
    ///
    /// A paragraph without a strong character (a price, "−20 %") takes its direction from the layout, which the
    /// measurer is not given: it is measured as a right-to-left paragraph is drawn (numbers apart from the signs and
    /// spaces around them), the wider of the two in practice (the kerning across those boundaries left out), so it
    /// fits in either direction.
    static func bidiLevels(bytes: UnsafeBufferPointer<UInt8>, clusters: [TextCluster]) -> [UInt8]? {
        // Every right-to-left class (R, AL, AN, RLE/RLO/RLI, RLM) is at or above U+0590 (lead byte 0xD6).
        let mayHaveRightToLeft = bytes.contains { $0 >= 0xD6 }
        let hasASCIILetter = bytes.contains { ($0 | 0x20) &- 0x61 < 26 }
        if !mayHaveRightToLeft && hasASCIILetter { return nil }
        var levels = [UInt8](repeating: 0, count: clusters.count)
        var uniform = true
        var paragraphStart = 0
        while paragraphStart < clusters.count {
            var paragraphEnd = paragraphStart
            while paragraphEnd < clusters.count && clusters[paragraphEnd].kind != .newline { paragraphEnd += 1 }
            var scalars: [Unicode.Scalar] = []
            var firstScalar: [Int] = []  // per cluster of the paragraph, the index of its first scalar
            for index in paragraphStart..<paragraphEnd {
                firstScalar.append(scalars.count)
                var offset = clusters[index].start
                while offset < clusters[index].end {
                    let (value, next) = TextMeasurer.decodeScalar(bytes, at: offset)
                    scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                    offset = next
                }
            }
            if !scalars.isEmpty {
                let paragraph = BidiParagraph(scalars, direction: .natural, defaultDirection: .rightToLeft)
                let first = paragraph.levels[firstScalar[0]]
                for (k, index) in (paragraphStart..<paragraphEnd).enumerated() {
                    levels[index] = paragraph.levels[firstScalar[k]]
                    if levels[index] != first { uniform = false }
                }
            }
            paragraphStart = paragraphEnd + 1
        }
        return uniform ? nil : levels
    }

    /// Whether printable ASCII text without a letter is one level in each paragraph when it takes the right-to-left
    /// direction (`bidiLevels` nil): a price such as "$10.99" is, "−20 %" is not. Only then may it be measured from
    /// the ASCII tables, which shape a line as one run.
    static func asciiIsOneLevel(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if !bytes.contains(where: { $0 &- 0x30 >= 10 }) { return true }  // digits only
        var paragraphStart = 0
        while paragraphStart < bytes.count {
            var end = paragraphStart
            while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
            if end - paragraphStart > 1 {
                let scalars = bytes[paragraphStart..<end].map { Unicode.Scalar($0) }
                let levels = BidiParagraph(scalars, direction: .natural, defaultDirection: .rightToLeft).levels
                if levels.contains(where: { $0 != levels[0] }) { return false }
            }
            paragraphStart = end + 1
        }
        return true
    }

    /// The index of the face that draws the cluster and whether it draws every character of it (else only its base).
    private static func face(for bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ afterFirst: Int, _ end: Int,
                             first: UInt32, chain: FaceChain) -> (index: Int, drawsAll: Bool)? {
        var baseDrawer: Int?
        for (index, face) in chain.faces.enumerated() where face.draws(first) {
            if baseDrawer == nil { baseDrawer = index }
            var offset = afterFirst
            var drawsAll = true
            while offset < end {
                let (scalar, next) = TextMeasurer.decodeScalar(bytes, at: offset)
                offset = next
                if !face.draws(scalar) && !ScalarProperties.isDefaultIgnorable(scalar) { drawsAll = false; break }
            }
            if drawsAll { return (index, true) }
        }
        return baseDrawer.map { ($0, false) }
    }

    /// Steps 2 and 3 for the clusters in `run`, all in `face` (`scale` subunits per its font unit).
    private mutating func shapeRun(_ run: Range<Int>, bytes: UnsafeBufferPointer<UInt8>, face: FontFace, scale: Double,
                                   script: ShapingScript) {
        let before = run.lowerBound > 0 ? Self.lastScalar(bytes, before: clusters[run.lowerBound].start) : nil
        let after = clusters[run.upperBound - 1].end < bytes.count
            ? TextMeasurer.decodeScalar(bytes, at: clusters[run.upperBound - 1].end).0 : nil
        var shaper = FontShaper(face: face)
        let units = Self.shape(&shaper, clusters: clusters, run, bytes: bytes, script: script, before: before, after: after)
        if face.plan(for: script).joinsForms {
            joiningAdjustments(run, units: units, shaper: &shaper, bytes: bytes, script: script, scale: scale)
        } else {
            kerningAdjustments(run, shaper: &shaper, bytes: bytes, script: script, scale: scale)
        }
        for index in run {
            clusters[index].width = Self.subunits(units[index - run.lowerBound], scale)
        }
    }

    /// Shapes the clusters of `run` and returns each cluster's advance in font units (`shaper.infos` holds the glyphs,
    /// clusters numbered from 0 at the run's start).
    private static func shape(_ shaper: inout FontShaper, clusters: [TextCluster], _ run: Range<Int>,
                              bytes: UnsafeBufferPointer<UInt8>, script: ShapingScript, before: UInt32?, after: UInt32?) -> [Int] {
        var scalars: [UInt32] = []
        var owners: [Int32] = []
        for index in run {
            var offset = clusters[index].start
            while offset < clusters[index].end {
                let (scalar, next) = TextMeasurer.decodeScalar(bytes, at: offset)
                scalars.append(scalar)
                owners.append(Int32(index - run.lowerBound))
                offset = next
            }
        }
        scalars.withUnsafeBufferPointer { scalars in
            owners.withUnsafeBufferPointer { shaper.shape(scalars, clusters: $0, script: script, before: before, after: after) }
        }
        var units = [Int](repeating: 0, count: run.count)
        for info in shaper.infos where info.cluster >= 0 && Int(info.cluster) < run.count {
            units[Int(info.cluster)] += Int(info.advance)
        }
        return units
    }

    /// Step 3 without joining forms: the kerning and ligatures between the last glyph of a cluster and the next.
    private mutating func kerningAdjustments(_ run: Range<Int>, shaper: inout FontShaper, bytes: UnsafeBufferPointer<UInt8>,
                                             script: ShapingScript, scale: Double) {
        let face = shaper.face
        let glyphs = shaper.infos
        let snapshot = clusters
        // A cluster's advance shaped alone (the part of a ligature a line cut off).
        func alone(_ k: Int) -> Int {
            let index = run.lowerBound + k
            return Self.shape(&shaper, clusters: snapshot, index..<(index + 1), bytes: bytes, script: script, before: nil,
                              after: nil)[0]
        }
        var drawn = [Bool](repeating: false, count: run.count)
        var endUnits = [Int](repeating: 0, count: run.count), startUnits = [Int](repeating: 0, count: run.count)
        var inRunWidth = [Int](repeating: 0, count: run.count)
        for glyph in glyphs { inRunWidth[Int(glyph.cluster)] += Int(glyph.advance) }
        for g in glyphs.indices {
            let glyph = glyphs[g]
            let k = Int(glyph.cluster)
            drawn[k] = true
            guard g + 1 < glyphs.count else { continue }
            let next = Int(glyphs[g + 1].cluster)
            guard next > k else { continue }
            // The last glyph of its cluster: kerning with the next cluster is not drawn when a line ends here.
            if face.gpos == nil {
                // A `kern` table's value is split between the pair (`FontShaper.applyKernTable`).
                let key = UInt32(truncatingIfNeeded: glyph.glyph) << 16 | UInt32(truncatingIfNeeded: glyphs[g + 1].glyph)
                if let value = face.kernPairs[key] {
                    let first = Int(value) >> 1
                    endUnits[k] -= first
                    startUnits[next] -= Int(value) - first
                }
            } else if !face.isMark(Int(glyph.glyph)) && glyph.props & FontShaper.ignorable == 0 {
                endUnits[k] -= Int(glyph.advance) - (glyph.spaceAdvance >= 0 ? Int(glyph.spaceAdvance) : face.advance(ofGlyph: Int(glyph.glyph)))
            }
            // Clusters between drawn by this glyph (a ligature's later components).
            if next > k + 1 {
                endUnits[k] += alone(k) - inRunWidth[k]
                for inner in (k + 1)..<next { startUnits[inner] += alone(inner) }
            }
        }
        // A ligature at the run's end.
        if let last = glyphs.last, Int(last.cluster) + 1 < run.count {
            let k = Int(last.cluster)
            endUnits[k] += alone(k) - inRunWidth[k]
            for inner in (k + 1)..<run.count where !drawn[inner] { startUnits[inner] = alone(inner) }
        }
        for k in 0..<run.count {
            clusters[run.lowerBound + k].endAdjustment = Self.subunits(endUnits[k], scale)
            clusters[run.lowerBound + k].startAdjustment = Self.subunits(startUnits[k], scale)
        }
    }

    /// Step 3 with joining forms: each cluster shaped again where a line may start, end, or hold it alone.
    private mutating func joiningAdjustments(_ run: Range<Int>, units: [Int], shaper: inout FontShaper,
                                             bytes: UnsafeBufferPointer<UInt8>, script: ShapingScript, scale: Double) {
        let snapshot = clusters
        func width(_ k: Int, in range: ClosedRange<Int>, before: Bool, after: Bool) -> Int {
            let start = snapshot[range.lowerBound].start, end = snapshot[range.upperBound].end
            let beforeScalar = before && start > 0 ? Self.lastScalar(bytes, before: start) : nil
            let afterScalar = after && end < bytes.count ? TextMeasurer.decodeScalar(bytes, at: end).0 : nil
            let widths = Self.shape(&shaper, clusters: snapshot, range.lowerBound..<(range.upperBound + 1), bytes: bytes,
                                    script: script, before: beforeScalar, after: afterScalar)
            return widths[k - range.lowerBound]
        }
        for index in run {
            let k = index - run.lowerBound
            var end = 0, start = 0
            if index + 1 < run.upperBound {
                end = width(index, in: max(run.lowerBound, index - 1)...index, before: true, after: false) - units[k]
            }
            if index > run.lowerBound {
                start = width(index, in: index...min(run.upperBound - 1, index + 1), before: false, after: true) - units[k]
            }
            var solo = 0
            if end != 0 && start != 0 {
                solo = width(index, in: index...index, before: false, after: false) - units[k] - start - end
            }
            clusters[index].endAdjustment = Self.subunits(end, scale)
            clusters[index].startAdjustment = Self.subunits(start, scale)
            clusters[index].soloAdjustment = Self.subunits(solo, scale)
        }
    }

    /// Subunits for font units of a face.
    @inline(__always)
    private static func subunits(_ units: Int, _ scale: Double) -> Int {
        scale == Double(TextFace.subunitsPerUnit) ? units * TextFace.subunitsPerUnit : Int((Double(units) * scale).rounded())
    }

    /// The scalar that ends just before UTF-8 offset `offset`.
    private static func lastScalar(_ bytes: UnsafeBufferPointer<UInt8>, before offset: Int) -> UInt32? {
        var start = offset - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return start >= 0 ? TextMeasurer.decodeScalar(bytes, at: start).0 : nil
    }

    mutating func next(into cluster: inout TextCluster) -> Bool {
        guard position < clusters.count else { return false }
        cluster = clusters[position]
        position += 1
        furthest = max(furthest, position)
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
