// How a result's placed texts are handed over without copying every text per state change.
//
// A result shares the pass's `placedTexts` buffer (`LayoutNodeStorage.textBuffer`), so the next pass's first write
// to a text would copy the whole buffer — every text's lines retained, and the old buffer's released when its result
// goes — while an incremental pass writes a handful. Instead the engine keeps the boxes of the last two results
// (`LastResult.texts`, `retiredTexts`): once the result before the last is gone, its buffer is the engine's alone;
// the texts written since (recorded as they are written: `noteTextWrite`) are copied into it from the last
// result's, and the pass writes into it in place. Once the last result is gone too (a caller that does not keep its
// results), its buffer is the engine's alone and is written in place (`takeLastTexts`).

extension LayoutState {
    /// Records that text `index` is written (in a pass whose writes are recorded).
    @inline(__always)
    mutating func noteTextWrite(_ index: Int) {
        if textWrites != nil { textWrites!.append(Int32(truncatingIfNeeded: index)) }
    }

    /// The texts of the result being made: `placedTexts`, shared in a new box. The last result's box is retired, and
    /// the writes that took its texts to these are kept for the next pass (`reuseRetiredTexts`).
    mutating func retainTexts(_ last: inout LastResult) -> PlacedTextBuffer {
        let buffer: PlacedTextBuffer
        if last.retiredTexts != nil && isKnownUniquelyReferenced(&last.retiredTexts), let unused = last.retiredTexts {
            // The box of a result that is gone (emptied, or holding texts no pass took back) is reused.
            unused.texts = placedTexts
            buffer = unused
        } else {
            buffer = PlacedTextBuffer(placedTexts)
        }
        last.retiredTexts = last.texts
        last.texts = buffer
        last.textWrites = textWrites
        last.textSplices = textSplices
        textWrites = []
        textSplices = []
        return buffer
    }

    /// Before an incremental pass (`relayoutChanged`): when `placedTexts` is still the last result's buffer and the result before it is
    /// gone, that result's texts are brought to the last result's (the entries written in between) and become
    /// `placedTexts`, which the pass then writes in place. Writes are recorded only while `placedTexts` is the last
    /// result's buffer unchanged (any other change to it copies it first, as the result shares it).
    mutating func reuseRetiredTexts(_ last: inout LastResult) {
        textSplices = []
        if takeLastTexts(&last) { return }
        guard let lastTexts = last.texts, Self.sameBuffer(placedTexts, lastTexts.texts) else {
            textWrites = nil
            last.dropRetiredTexts()
            return
        }
        textWrites = []
        guard let writes = last.textWrites, isKnownUniquelyReferenced(&last.retiredTexts), let retired = last.retiredTexts else {
            return
        }
        // The splices made before the writes (a template's items inserted or removed) are made to it the same way.
        var count = retired.texts.count
        for splice in last.textSplices {
            guard splice.region.upperBound <= count else { return }
            count += splice.delta
        }
        guard count == placedTexts.count else { return }
        var texts = ContiguousArray<PlacedText>()
        swap(&texts, &retired.texts)
        for splice in last.textSplices { texts.splice(splice, made: nil, filler: PlacedText()) }
        for t in writes where Int(t) < texts.count { texts[Int(t)] = placedTexts[Int(t)] }
        placedTexts = texts
    }

    /// When no result holds the last result's box any more (the caller let the result go) and `placedTexts` is its
    /// buffer unchanged, the box lets the buffer go: `placedTexts` is then this engine's alone, and the pass writes and
    /// splices it in place — no texts brought up from the retired buffer, no copy. The retired buffer is let go too
    /// (nothing will bring it up to date). Whether it did.
    private mutating func takeLastTexts(_ last: inout LastResult) -> Bool {
        guard last.texts != nil && isKnownUniquelyReferenced(&last.texts), let box = last.texts,
              Self.sameBuffer(placedTexts, box.texts) else { return false }
        box.texts = []
        textWrites = nil
        last.dropRetiredTexts()
        return true
    }

    /// Whether the two arrays are one buffer.
    private static func sameBuffer(_ a: ContiguousArray<PlacedText>, _ b: ContiguousArray<PlacedText>) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }
}

extension LastResult {
    /// Lets the texts of the result before the last go (a full pass swaps its spare texts in and must hold them
    /// alone); its box is kept for the next result when nothing else holds it.
    mutating func dropRetiredTexts() {
        if retiredTexts != nil && isKnownUniquelyReferenced(&retiredTexts), let box = retiredTexts {
            box.texts = []
        } else {
            retiredTexts = nil
        }
    }
}
