import SDUIEnvironment
import SDUISchema
import SDUILayout

/// Where a text run's lines go inside a node's frame: the same arithmetic for HTML and SVG.
///
/// The content box is the frame inset by the node's padding. The text block is as wide as its widest
/// line (never wider than the content box) and as tall as its lines; it sits in the content box by the
/// frame's alignment (centered by default, like SwiftUI's `frame`), and each line sits in the block by
/// the text's alignment. In a right-to-left layout leading is the right edge: the leading padding is on the
/// right, and `leading` puts the block and its lines on the right.
struct TextPlacement {
    /// One line: its origin relative to the node's frame, the block width it is aligned in, the text.
    struct Line {
        var text: String
        /// Engine's width of the line.
        var width: Double
        /// Top-left of the block-wide line box, relative to the frame.
        var x: Double
        var y: Double
        /// Width of the line box (the block's width).
        var boxWidth: Double
        /// The direction the line is drawn in (its paragraph's).
        var direction: WritingDirection
        /// Where the line's text starts, relative to the frame: the block's left edge plus the line's offset in it
        /// by the text's alignment.
        var left: Double
    }
    var lines: [Line]
    /// Width available to the text (the content box's width), the line-breaking width.
    var contentWidth: Double
    /// The content box relative to the frame.
    var contentBox: Rect

    init(run: TextRun, frame: Rect, padding: EdgeInsets, alignment: Alignment, layoutDirection: LayoutDirection) {
        let physical = layoutDirection == .rightToLeft ? padding.mirrored : padding
        let content = Rect(x: physical.leading, y: padding.top,
                           width: max(0, frame.width - padding.horizontal), height: max(0, frame.height - padding.vertical))
        contentBox = content
        contentWidth = content.width
        let widest = run.lineWidths.max() ?? 0
        let blockWidth = min(max(widest, 0), content.width)
        let blockHeight = Double(run.lines.count) * run.lineHeight
        let blockX = content.x + (content.width - blockWidth) * alignment.horizontalFraction(in: layoutDirection)
        let blockY = content.y + (content.height - blockHeight) * alignment.verticalFraction
        let lineFraction = run.alignment.horizontalFraction(in: layoutDirection)
        lines = run.lines.enumerated().map { i, text in
            let width = i < run.lineWidths.count ? run.lineWidths[i] : 0
            return Line(text: text, width: width, x: blockX, y: blockY + Double(i) * run.lineHeight, boxWidth: blockWidth,
                        direction: run.writingDirection(ofLine: i), left: blockX + (blockWidth - width) * lineFraction)
        }
    }
}

extension Alignment {
    /// The horizontal component as a fraction of the width from the left edge: `horizontalFraction` in a
    /// left-to-right layout, mirrored (leading = 1, the right edge) in a right-to-left one.
    func horizontalFraction(in direction: LayoutDirection) -> Double {
        direction == .rightToLeft ? 1 - horizontalFraction : horizontalFraction
    }
}
