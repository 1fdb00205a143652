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
func computeTextLayout(_ node: Int32, _ proposal: Proposal, _ mode: ComputeMode, _ s: inout LayoutState) -> (Double, Double) {
    let index = Int(s.ptr.nodes[Int(node)].textIndex)
    guard index >= 0 else { return (0, 0) }
    let padH = s.ptr.nodes[Int(node)].labelPadH * 2, padV = s.ptr.nodes[Int(node)].labelPadV * 2
    let lineHeight = s.tree.texts[index].lineHeight
    // Step 1.
    let maxWidth = proposal.width.isFinite ? max(0, proposal.width - padH) : .infinity
    // Step 2.
    let ownLimit = s.tree.texts[index].lineLimit
    var limit = ownLimit
    if proposal.height.isFinite && lineHeight > 0 {
        let fitting = max(1, Int(min(1e6, ((proposal.height - padV) / lineHeight + 1e-9).rounded(.down))))
        limit = min(limit ?? fitting, fitting)
    }
    // Step 3.
    let measurer = s.text.unretainedMeasurer
    if s.textHandlesAreHints { s.prepareTexts() }
    var handle = index < s.textHandles.count ? s.textHandles[index] : .none
    if handle.epoch != measurer._withUnsafeGuaranteedRef({ $0.preparedEpoch }) { handle = s.prepareText(index) }
    if mode == .measure {
        let measured = measurer._withUnsafeGuaranteedRef { $0.size(of: handle, maxWidth: maxWidth, lineLimit: limit) }
        return (measured.width + padH, measured.height + padV)
    }
    // Step 4 (the layout written in place: usually the one this text node held after the last pass).
    measurer._withUnsafeGuaranteedRef {
        $0.layout(of: handle, maxWidth: maxWidth, lineLimit: limit, into: &s.placedTexts[index].placed)
    }
    s.placedTexts[index].place(fontSize: s.tree.texts[index].fontSize, fontWeight: s.tree.texts[index].fontWeight,
                               lineHeight: lineHeight, alignment: s.tree.texts[index].alignment)
    let width = s.placedTexts[index].placed.layout.size.width, height = s.placedTexts[index].placed.layout.size.height
    if s.placedTexts[index].placed.layout.isTruncated {
        let lines = s.placedTexts[index].placed.layout.lines.count
        let limited = ownLimit.map { lines >= $0 } ?? false
        s.report("text-truncated", limited ? .info : .warning, node,
                 limited ? .truncatedAtLimit(lines: lines)
                         : .truncatedToFit(lines: lines, width: proposal.width, height: proposal.height))
    }
    return (width + padH, height + padV)
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

    init() {}

    /// Sets the font of the text placed in this pass (its layout is written in place first).
    @inline(__always)
    mutating func place(fontSize: Double, fontWeight: Int, lineHeight: Double, alignment: Alignment) {
        isPlaced = true
        self.fontSize = fontSize; self.fontWeight = fontWeight; self.lineHeight = lineHeight
        self.alignment = alignment
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
                       isTruncated: layout.isTruncated,
                       writingDirections: layout.lines.map { $0.writingDirection == .natural ? inherited : $0.writingDirection })
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
        let count = tree.texts.count
        textHandles.truncate(to: count)
        if textHandles.count < count { textHandles.append(contentsOf: repeatElement(.none, count: count - textHandles.count)) }
        let measurer = text.unretainedMeasurer
        tree.texts.withUnsafeMutableBufferPointer { texts in
            textHandles.withUnsafeMutableBufferPointer { handles in
                // Both buffers hold `count` elements (made so above).
                for i in 0..<count {
                    let font = texts[i].font
                    // The string is read in place (not copied or retained).
                    handles[i] = withUnsafeMutablePointer(to: &texts[i].string) { string in
                        measurer._withUnsafeGuaranteedRef { $0.prepare(stringAt: string, font: font, hint: handles[i]) }
                    }
                }
            }
        }
    }

    /// Measures text `index` once (per tree, and again only if the measurer's cache emptied since).
    mutating func prepareText(_ index: Int) -> PreparedTextHandle {
        if index >= textHandles.count {
            // Handles for every text of the tree at once (not text by text): one growth per tree.
            textHandles.append(contentsOf: repeatElement(.none, count: max(index + 1, tree.texts.count) - textHandles.count))
        }
        let font = tree.texts[index].font
        let measurer = text.unretainedMeasurer
        let hint = textHandles[index]
        // The string is read in place (not copied or retained) while the measurer looks it up.
        let handle = withUnsafeMutablePointer(to: &tree.texts[index].string) { string in
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
