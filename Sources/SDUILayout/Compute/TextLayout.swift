import SDUIEnvironment
import SDUISchema

/// `text` and `button`: the measured text (and a button style's padding around its title).
///
/// 1. The width available to the lines: the proposed width less the label padding (unspecified or
///    infinite: no wrapping).
/// 2. The line limit: the payload's `lineLimit`, lowered to the lines that fit a finite proposed height
///    (at least one), as SwiftUI's `Text` truncates to the height it is offered.
/// 3. Size: the widest line × lines · line height, plus the label padding.
/// 4. When placed: keep the lines for the result and report truncation.
func computeTextLayout(_ node: Int32, _ proposal: Proposal, _ mode: ComputeMode, _ s: inout LayoutState) -> (Double, Double) {
    let index = Int(s.tree.nodes[Int(node)].textIndex)
    guard index >= 0 else { return (0, 0) }
    let padH = s.tree.nodes[Int(node)].labelPadH * 2, padV = s.tree.nodes[Int(node)].labelPadV * 2
    let lineHeight = s.tree.texts[index].lineHeight
    // Step 1.
    let maxWidth = proposal.width.isFinite ? max(0, proposal.width - padH) : .infinity
    // Step 2.
    var limit = s.tree.texts[index].lineLimit
    if proposal.height.isFinite && lineHeight > 0 {
        let fitting = max(1, Int(min(1e6, ((proposal.height - padV) / lineHeight + 1e-9).rounded(.down))))
        limit = min(limit ?? fitting, fitting)
    }
    // Step 3 (the memo keeps this node's measurements across passes until the tree is rebuilt).
    let memo = s.textMemo(index, maxWidth: maxWidth, lineLimit: limit)
    if mode == .measure {
        if memo >= 0 { return (s.textMemos[memo].width + padH, s.textMemos[memo].height + padV) }
        let measured = s.text.size(s.tree.texts[index], maxWidth: maxWidth, lineLimit: limit)
        s.remember(index, maxWidth: maxWidth, lineLimit: limit, width: measured.width, height: measured.height, placement: nil)
        return (measured.width + padH, measured.height + padV)
    }
    // Step 4.
    let placed: PlacedText
    var truncation: (LayoutDiagnostic.Severity, DiagnosticMessage)? = nil
    if memo >= 0, let placement = s.textMemoPlacements[memo] {
        placed = PlacedText(placement: placement, fontSize: s.tree.texts[index].fontSize,
                            fontWeight: s.tree.texts[index].fontWeight, lineHeight: s.tree.texts[index].lineHeight,
                            alignment: s.tree.texts[index].alignment,
                            width: s.textMemos[memo].width, height: s.textMemos[memo].height)
        truncation = placement.truncation
    } else {
        let layout = s.text.layout(s.tree.texts[index], maxWidth: maxWidth, lineLimit: limit)
        if layout.isTruncated {
            let lines = layout.lines.count
            let limited = s.tree.texts[index].lineLimit.map { lines >= $0 } ?? false
            truncation = (limited ? .info : .warning,
                          limited ? .truncatedAtLimit(lines: lines)
                                  : .truncatedToFit(lines: lines, width: proposal.width, height: proposal.height))
        }
        let placement = TextPlacement(layout: layout, truncation: truncation)
        placed = PlacedText(placement: placement, fontSize: s.tree.texts[index].fontSize,
                            fontWeight: s.tree.texts[index].fontWeight, lineHeight: s.tree.texts[index].lineHeight,
                            alignment: s.tree.texts[index].alignment,
                            width: layout.size.width, height: layout.size.height)
        s.remember(index, maxWidth: maxWidth, lineLimit: limit, width: placed.width, height: placed.height,
                   placement: placement)
    }
    s.placedTexts[index] = placed
    if let truncation { s.report("text-truncated", truncation.0, node, truncation.1) }
    return (placed.width + padH, placed.height + padV)
}

/// A text as placed in this pass: the measurer's layout (shared, one reference) and the font, and its size.
/// The `TextRun` a result reports is made from it when the result's nodes are read.
struct PlacedText {
    var placement: TextPlacement? = nil
    var fontSize: Double = 0
    var fontWeight: Int = 400
    var lineHeight: Double = 0
    var alignment: Alignment = .leading
    var width: Double = 0
    var height: Double = 0

    init() {}

    init(placement: TextPlacement, fontSize: Double, fontWeight: Int, lineHeight: Double, alignment: Alignment,
         width: Double, height: Double) {
        self.placement = placement
        self.fontSize = fontSize; self.fontWeight = fontWeight; self.lineHeight = lineHeight; self.alignment = alignment
        self.width = width; self.height = height
    }

    /// The lines as drawn, for the result.
    var run: TextRun {
        guard let layout = placement?.layout else {
            return TextRun(lines: [], lineWidths: [], fontSize: 0, fontWeight: 400, lineHeight: 0)
        }
        return TextRun(lines: layout.lines.map(\.text), lineWidths: layout.lines.map(\.width), fontSize: fontSize,
                       fontWeight: fontWeight, lineHeight: lineHeight, alignment: alignment,
                       isTruncated: layout.isTruncated)
    }
}

/// A placed text layout and its truncation diagnostic, made once per text node and width (shared by the memo,
/// the pass and the results).
final class TextPlacement: Sendable {
    let layout: TextLayout
    let truncation: (LayoutDiagnostic.Severity, DiagnosticMessage)?
    init(layout: TextLayout, truncation: (LayoutDiagnostic.Severity, DiagnosticMessage)?) {
        self.layout = layout; self.truncation = truncation
    }
}

/// One remembered measurement of a text node: (width offered, line limit) → size (plain data, so a lookup
/// copies nothing that is reference counted).
struct TextMemo {
    var maxWidth: Double
    var lineLimit: Int
    var width: Double
    var height: Double
}

extension LayoutState {
    /// Memo slots per text node (a relayout alternating between two widths, plus probes, hits them all).
    static let textMemoSlots = 4

    /// The memo slot holding (`maxWidth`, `lineLimit`) for text `index`, or -1.
    func textMemo(_ index: Int, maxWidth: Double, lineLimit: Int?) -> Int {
        let base = index * Self.textMemoSlots
        guard base + Self.textMemoSlots <= textMemos.count else { return -1 }
        let limit = lineLimit ?? Int.max
        for k in base..<(base + Self.textMemoSlots) where textMemos[k].lineLimit == limit
            && textMemos[k].maxWidth.bitPattern == maxWidth.bitPattern {
            return k
        }
        return -1
    }

    /// Stores a measurement (replacing the slot with the same key, else round-robin).
    mutating func remember(_ index: Int, maxWidth: Double, lineLimit: Int?, width: Double, height: Double,
                           placement: TextPlacement?) {
        let base = index * Self.textMemoSlots
        if textMemos.count < base + Self.textMemoSlots {
            // Slots for every text of the tree at once (not text by text): one growth per tree.
            let texts = max(index + 1, tree.texts.count)
            textMemos.append(contentsOf: repeatElement(TextMemo(maxWidth: -1, lineLimit: 0, width: 0, height: 0),
                                                       count: texts * Self.textMemoSlots - textMemos.count))
            textMemoPlacements.append(contentsOf: repeatElement(nil, count: texts * Self.textMemoSlots - textMemoPlacements.count))
            textMemoNext.append(contentsOf: repeatElement(0, count: texts - textMemoNext.count))
        }
        var slot = textMemo(index, maxWidth: maxWidth, lineLimit: lineLimit)
        if slot < 0 {
            slot = base + Int(textMemoNext[index])
            textMemoNext[index] = UInt8((Int(textMemoNext[index]) + 1) % Self.textMemoSlots)
        }
        textMemos[slot] = TextMemo(maxWidth: maxWidth, lineLimit: lineLimit ?? Int.max, width: width, height: height)
        textMemoPlacements[slot] = placement
    }

    /// Forgets every memo (the tree was rebuilt: text indices changed).
    mutating func resetTextMemos() {
        textMemos.removeAll(keepingCapacity: true)
        textMemoPlacements.removeAll(keepingCapacity: true)
        textMemoNext.removeAll(keepingCapacity: true)
    }
}
