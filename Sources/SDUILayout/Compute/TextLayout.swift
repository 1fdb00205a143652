import SDUIEnvironment
import SDUISchema

/// `text` and `button`: the measured text (and a button style's padding around its title).
///
/// 1. The width available to the lines: the proposed width less the label padding (unspecified or
///    infinite: no wrapping).
/// 2. The line limit: the payload's `lineLimit`, lowered to the lines that fit a finite proposed height
///    (at least one), as SwiftUI's `Text` truncates to the height it is offered.
/// 3. Size: the widest line × lines · line height, plus the label padding. The text is measured once per
///    tree (its handle is kept per text node); every width is derived from that measurement.
/// 4. When placed: keep the lines for the result and report truncation.
@inline(__always)
func computeTextLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let proposal = input.proposal, mode = input.mode
    let index = Int(s.view.nodes[Int(node)].textIndex)
    guard index >= 0 else { return .zero }
    let padH = s.view.nodes[Int(node)].labelPadH * 2, padV = s.view.nodes[Int(node)].labelPadV * 2
    let lineHeight = s.view.texts[index].lineHeight
    // `lineSpacing` is in the line stride; n lines are n strides less one spacing tall.
    let lineSpacing = s.view.texts[index].lineSpacing
    // Step 1.
    let maxWidth = proposal.width.isFinite ? max(0, proposal.width - padH) : .infinity
    if s.text.host != nil { return LayoutOutput(computeHostMeasuredText(node, index, proposal, mode, maxWidth: maxWidth, &s)) }
    // Step 2.
    let ownLimit = s.view.texts[index].lineLimit
    let limit = fittingLineLimit(ownLimit, height: proposal.height - padV, lineHeight: lineHeight, lineSpacing: lineSpacing)
    // Step 3.
    let measurer = s.text.unretainedMeasurer
    if s.textHandlesAreHints { s.prepareTexts() }
    var handle = index < s.textHandles.count ? s.textHandles[index] : .none
    if handle.epoch != measurer._withUnsafeGuaranteedRef({ $0.preparedEpoch }) { handle = s.prepareText(index) }
    var scale = 1.0
    if s.view.texts[index].minimumScaleFactor < 1 && limit == 1 && maxWidth.isFinite {
        // `minimumScaleFactor` on one line: the font shrinks (no further than the factor) until the line fits.
        let ideal = measurer._withUnsafeGuaranteedRef { $0.size(of: handle, maxWidth: .infinity, lineLimit: 1) }.width
        if ideal > maxWidth && ideal > 0 {
            scale = maxOf(s.view.texts[index].minimumScaleFactor, maxWidth / ideal)
            handle = s.prepareScaledText(index, scale)
        }
    }
    if mode == .measure {
        let measured = measurer._withUnsafeGuaranteedRef { $0.size(of: handle, maxWidth: maxWidth, lineLimit: limit) }
        let spacing = measured.height > 0 ? lineSpacing * scale : 0
        return LayoutOutput(width: measured.width + padH, height: measured.height - spacing + padV)
    }
    // Step 4 (the layout written in place: usually the one this text node held after the last pass).
    s.noteTextWrite(index)
    measurer._withUnsafeGuaranteedRef {
        $0.layout(of: handle, maxWidth: maxWidth, lineLimit: limit, into: &s.placedTexts[index].placed)
    }
    s.placedTexts[index].place(fontSize: s.view.texts[index].fontSize * scale, fontWeight: s.view.texts[index].fontWeight,
                               lineHeight: lineHeight * scale, alignment: s.view.texts[index].alignment)
    s.placedTexts[index].setFace(s.view.texts[index].choice)
    s.placedTexts[index].lineSpacing = lineSpacing * scale
    let width = s.placedTexts[index].placed.layout.size.width
    let laidHeight = s.placedTexts[index].placed.layout.size.height
    let height = laidHeight > 0 ? laidHeight - lineSpacing * scale : 0
    let lineCount = s.placedTexts[index].placed.layout.lines.count
    if s.placedTexts[index].placed.layout.isTruncated || lineCount > 1 {
        checkPlacedText(node, index, proposal, ownLimit: ownLimit, &s)
    }
    return LayoutOutput(width: width + padH, height: height + padV)
}

/// `ownLimit` lowered to the lines of stride `lineHeight` that fit `height` (at least one; infinite: `ownLimit`).
@inline(__always)
private func fittingLineLimit(_ ownLimit: Int?, height: Double, lineHeight: Double, lineSpacing: Double) -> Int? {
    guard height.isFinite && lineHeight > 0 else { return ownLimit }
    // Clamped into 1…10⁶ before the conversion (`Int` of a value out of its range traps; a height below the
    // padding gives a negative count, a tiny line height a huge one).
    let lines = ((height + lineSpacing) / lineHeight + 1e-9).rounded(.down)
    let fitting = lines >= 1 ? Int(minOf(1e6, lines)) : 1
    return min(ownLimit ?? fitting, fitting)
}

/// `computeTextLayout` with the host's measurer (`LayoutEngine(measurer:)`): steps 2–4 with the lines it gives and the
/// line height it draws with. Nothing is prepared or derived: the host is asked for every size (and caches).
@inline(never)
private func computeHostMeasuredText(_ node: Int32, _ index: Int, _ proposal: Proposal, _ mode: ComputeMode,
                                     maxWidth: Double, _ s: inout LayoutState) -> (Double, Double) {
    guard let host = s.text.host else { return (0, 0) }
    let padH = s.view.nodes[Int(node)].labelPadH * 2, padV = s.view.nodes[Int(node)].labelPadV * 2
    let spec = s.view.texts[index]
    let lineSpacing = spec.lineSpacing
    var font = spec.font
    font.lineHeight -= lineSpacing
    let ownLimit = spec.lineLimit
    var stride = sanitized(host.lineHeight(for: font)) + lineSpacing
    let limit = fittingLineLimit(ownLimit, height: proposal.height - padV, lineHeight: stride, lineSpacing: lineSpacing)
    var layout = host.measure(spec.string, font: font, maxWidth: maxWidth, lineLimit: limit)
    var scale = 1.0
    if spec.minimumScaleFactor < 1 && limit == 1 && maxWidth.isFinite {
        // `minimumScaleFactor` on one line: the font shrinks (no further than the factor) until the line fits.
        let ideal = host.measure(spec.string, font: font, maxWidth: .infinity, lineLimit: 1).lines.first.map { sanitized($0.width) } ?? 0
        if ideal > maxWidth && ideal > 0 {
            scale = maxOf(spec.minimumScaleFactor, maxWidth / ideal)
            font.size *= scale
            font.lineHeight *= scale
            stride = sanitized(host.lineHeight(for: font)) + lineSpacing * scale
            layout = host.measure(spec.string, font: font, maxWidth: maxWidth, lineLimit: limit)
        }
    }
    // The engine's own sizing of the host's lines: widest line × lines of `stride`, less the last line's spacing.
    let width = layout.lines.reduce(0.0) { maxOf($0, sanitized($1.width)) }
    let height = layout.lines.isEmpty ? 0 : Double(layout.lines.count) * stride - lineSpacing * scale
    if mode == .measure { return (width + padH, height + padV) }
    layout.size = TextLayout.Size(width: width, height: Double(layout.lines.count) * stride)
    s.noteTextWrite(index)
    s.placedTexts[index].placed = PlacedLayout()
    s.placedTexts[index].placed.layout = layout
    s.placedTexts[index].place(fontSize: font.size, fontWeight: font.weight, lineHeight: stride, alignment: spec.alignment)
    s.placedTexts[index].setFace(spec.choice)
    s.placedTexts[index].lineSpacing = lineSpacing * scale
    if layout.isTruncated || layout.lines.count > 1 {
        checkPlacedText(node, index, proposal, ownLimit: ownLimit, &s)
    }
    return (width + padH, height + padV)
}

/// A host's measurement made safe for layout: NaN, negative and infinite values are 0.
@inline(__always)
private func sanitized(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }

/// The diagnostics of a placed text that was truncated or broken into lines (docs/layout.md, "Diagnostics"):
///
/// - `text-fully-truncated` (error): nothing of the text is visible, only "…" — a "Buy" button reading "…".
/// - `text-truncated`: info when the text hit its own `lineLimit` (the author asked for it); warning when the
///   space offered was too small, when a button's title is cut (a control that no longer says what it does), or
///   when the cut falls inside a number ("$1…" of "$129": a wrong price is shown).
/// - `text-number-split` (warning): a line break inside a number ("$12" / "9") because the number is wider than
///   the line — it reads as two numbers.
/// - `text-word-split` (info): a line break inside a word wider than the line (SwiftUI breaks it by characters).
@inline(never)
private func checkPlacedText(_ node: Int32, _ index: Int, _ proposal: Proposal, ownLimit: Int?, _ s: inout LayoutState) {
    let layout = s.placedTexts[index].placed.layout
    let lines = layout.lines
    let string = s.view.texts[index].string
    let isButton = s.view.nodes[Int(node)].kind == .button
    _ = string.utf8.withContiguousStorageIfAvailable { bytes in
        // Emergency breaks: consecutive lines with nothing between them (no hanging space, no newline) where the
        // line-breaking rules allow no break.
        for i in lines.indices.dropLast() {
            let end = lines[i].utf8Range.upperBound
            guard lines[i + 1].utf8Range.lowerBound == end, !lines[i].utf8Range.isEmpty, end > 0, end < bytes.count,
                  !isLegalBreak(bytes, end) else { continue }
            let number = isDigit(bytes, before: end) || isDigit(bytes, at: end)
            s.report(number ? "text-number-split" : "text-word-split", number ? .warning : .info, node,
                     .brokenWord(isNumber: number, before: lines[i].text, after: lines[i + 1].text))
        }
        guard layout.isTruncated, let last = lines.last else { return }
        if lines.count == 1 && last.utf8Range.isEmpty {
            s.report("text-fully-truncated", .error, node,
                     "\(isButton ? "button title" : "text") \"\(brief(string))\" is truncated to \"\(last.text)\": none of it is visible")
            return
        }
        let cut = last.utf8Range.upperBound
        let cutsNumber = cut > 0 && cut < bytes.count && isDigit(bytes, before: cut) && isDigit(bytes, at: cut)
        let limited = !isButton && (ownLimit.map { lines.count >= $0 } ?? false)
        if cutsNumber {
            s.report("text-truncated", .warning, node,
                     "text truncated inside a number: \"\(last.text)\" is shown for \"\(brief(string))\"")
        } else if isButton {
            s.report("text-truncated", .warning, node, "button title truncated: \"\(last.text)\" is shown for \"\(brief(string))\"")
        } else {
            s.report("text-truncated", limited ? .info : .warning, node,
                     limited ? .truncatedAtLimit(lines: lines.count)
                             : .truncatedToFit(lines: lines.count, width: proposal.width, height: proposal.height))
        }
    }
}

/// Whether the placed text `index` has a line break inside a word (an emergency break: the word is wider than
/// the line), as `text-word-split` reports it.
func placedTextBreaksInsideWord(_ index: Int, _ s: inout LayoutState) -> Bool {
    let lines = s.placedTexts[index].placed.layout.lines
    guard lines.count > 1 else { return false }
    let string = s.view.texts[index].string
    return string.utf8.withContiguousStorageIfAvailable { bytes in
        lines.indices.dropLast().contains { i in
            let end = lines[i].utf8Range.upperBound
            return lines[i + 1].utf8Range.lowerBound == end && !lines[i].utf8Range.isEmpty && end > 0 && end < bytes.count
                && !isLegalBreak(bytes, end)
        }
    } ?? false
}

/// The first 40 characters of `text` (for messages).
private func brief(_ text: String) -> String {
    text.count <= 40 ? text : String(text.prefix(39)) + "…"
}

/// Whether the byte before `offset` ends a decimal digit.
private func isDigit(_ bytes: UnsafeBufferPointer<UInt8>, before offset: Int) -> Bool {
    offset > 0 && bytes[offset - 1] >= 0x30 && bytes[offset - 1] <= 0x39
}

/// Whether the character at `offset` is a decimal digit.
private func isDigit(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    offset < bytes.count && bytes[offset] >= 0x30 && bytes[offset] <= 0x39
}

/// Whether the line-breaking rules allow a break before the character at UTF-8 `offset` (0 < offset < count).
private func isLegalBreak(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool {
    /// The scalar starting at `i` (on a scalar boundary).
    func scalar(at i: Int) -> UInt32 {
        var decoder = UTF8()
        var iterator = bytes[i...].makeIterator()
        if case .scalarValue(let v) = decoder.decode(&iterator) { return v.value }
        return 0xFFFD
    }
    /// The start of the scalar that ends just before `i`.
    func start(before i: Int) -> Int {
        var j = i - 1
        while j > 0 && bytes[j] & 0xC0 == 0x80 { j -= 1 }
        return j
    }
    let previousStart = start(before: offset)
    let previous = TextBreakKind.of(scalar(at: previousStart))
    let beforePrevious = previousStart > 0 ? TextBreakKind.of(scalar(at: start(before: previousStart))) : .newline
    return TextBreakKind.canBreak(beforePrevious, previous, TextBreakKind.of(scalar(at: offset)))
}

/// A text as placed in this pass: the measurer's layout (its lines shared with the measurer's cache) and the
/// font. The `TextRun` a result reports is made from it when the result's nodes are read.
struct PlacedText {
    /// The layout and what it was made for (`TextLayout.none` until placed).
    var placed = PlacedLayout()
    var isPlaced = false
    var fontSize: Double = 0
    var fontWeight: Int = 400
    var lineHeight: Double = 0
    var alignment: Alignment = .leading
    /// The text's `lineSpacing` (in `lineHeight`, the stride; the last line's is not in the frame).
    var lineSpacing: Double = 0
    /// The face read from a font file the text was measured in (nil: the built-in face), and `italic`.
    var face: FontFace?
    var isItalic = false

    init() {}

    /// Sets the font of the text placed in this pass (its layout is written in place first).
    @inline(__always)
    mutating func place(fontSize: Double, fontWeight: Int, lineHeight: Double, alignment: Alignment) {
        isPlaced = true
        self.fontSize = fontSize; self.fontWeight = fontWeight; self.lineHeight = lineHeight
        self.alignment = alignment
    }

    /// Sets the face of the text placed in this pass (only when it differs: most texts keep the built-in one).
    @inline(__always)
    mutating func setFace(_ choice: TextFontChoice) {
        if face !== choice.face { face = choice.face }
        isItalic = choice.isItalic
    }

    /// The lines as drawn, for a result laid out in `layoutDirection` (which a paragraph without strong
    /// characters takes).
    func run(layoutDirection: LayoutDirection) -> TextRun {
        guard isPlaced else {
            return TextRun(lines: [], lineWidths: [], fontSize: 0, fontWeight: 400, lineHeight: 0)
        }
        let layout = placed.layout
        let inherited: WritingDirection = layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        return TextRun(lines: layout.lines.map(\.text), lineWidths: layout.lines.map(\.width), fontSize: fontSize,
                       fontWeight: fontWeight, lineHeight: lineHeight, alignment: alignment,
                       isTruncated: layout.isTruncated, lineSpacing: lineSpacing,
                       writingDirections: layout.lines.map { $0.writingDirection == .natural ? inherited : $0.writingDirection },
                       face: face, isItalic: isItalic)
    }
}

extension LayoutState {
    /// Measures every text of a tree once (when its first text node is laid out after a rebuild or after the
    /// cache emptied): each string is checked against the text its index had before (`textHandles` as hints),
    /// then looked up as `TextMeasurer.prepare` does.
    ///
    /// - Complexity: O(texts), one pass.
    mutating func prepareTexts() {
        textHandlesAreHints = false
        let count = view.texts.count
        textHandles.truncate(to: count)
        if textHandles.count < count { textHandles.append(contentsOf: repeatElement(.none, count: count - textHandles.count)) }
        let measurer = text.unretainedMeasurer
        // Read in place (`view`): the texts are usually a shared template's, and a mutable access would copy them
        // all (with a retain of every string) into this engine's tree.
        let texts = view.texts
        textHandles.withUnsafeMutableBufferPointer { handles in
            // Both buffers hold `count` elements (made so above).
            for i in 0..<count {
                // The string is read in place (not copied or retained).
                let spec = texts.pointer(at: i)
                handles[i] = measurer._withUnsafeGuaranteedRef {
                    $0.prepare(stringAt: spec.pointer(to: \.string)!, font: spec.pointee.font, hint: handles[i])
                }
            }
        }
    }

    /// Text `index`'s string read in place for `body` (not copied, retained, or made unique: see `prepareTexts`).
    @inline(__always)
    func withText<R>(_ index: Int, _ body: (UnsafePointer<String>) -> R) -> R {
        // `index` is a text of this tree (checked in debug builds).
        body(view.texts.pointer(at: index).pointer(to: \.string)!)
    }

    /// Text `index` at `scale` times its font (`minimumScaleFactor`): prepared each time (the measurer's cache finds
    /// it by string and font).
    mutating func prepareScaledText(_ index: Int, _ scale: Double) -> PreparedTextHandle {
        var font = view.texts[index].font
        font.size *= scale
        font.lineHeight *= scale
        let measurer = text.unretainedMeasurer
        return withText(index) { string in
            measurer._withUnsafeGuaranteedRef { $0.prepare(stringAt: string, font: font) }
        }
    }

    /// Measures text `index` once (per tree, and again only if the measurer's cache emptied since).
    mutating func prepareText(_ index: Int) -> PreparedTextHandle {
        if index >= textHandles.count {
            // Handles for every text of the tree at once (not text by text): one growth per tree.
            textHandles.append(contentsOf: repeatElement(.none, count: max(index + 1, view.texts.count) - textHandles.count))
        }
        let font = view.texts[index].font
        let measurer = text.unretainedMeasurer
        let hint = textHandles[index]
        // The string is read in place (not copied or retained) while the measurer looks it up.
        let handle = withText(index) { string in
            measurer._withUnsafeGuaranteedRef { $0.prepare(stringAt: string, font: font, hint: hint) }
        }
        textHandles[index] = handle
        return handle
    }

    /// Turns the handles into hints (the tree was rebuilt: a text index may hold another string; or the cache
    /// was emptied: every handle is stale). The next text node laid out prepares the tree's texts again.
    mutating func resetTextMemos() {
        textHandlesAreHints = true
    }
}
