import SDUIEnvironment
import SDUISchema

/// The text styles by index (an SF Symbol image's `FlatNode.columns`), made once.
let symbolStyles = TextStyle.allCases

/// An SF Symbol image: a square of its text style's line height (`symbolSide`), whatever it is offered (SwiftUI's
/// `Image(systemName:)` is not resizable).
@inline(__always)
func computeSymbolLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let styles = symbolStyles
    let k = Int(s.view.nodes[Int(node)].columns)
    let side = symbolSide(k >= 0 && k < styles.count ? styles[k] : .body, s.view.contentSize)
    return LayoutOutput(width: side, height: side)
}

/// SwiftUI's `Label` (title and icon): the symbol (`symbolSide` of the style), `LabelMetrics.spacing`, then the
/// title, proposed what is left of the width; as tall as the taller of the two, both centred vertically (the
/// renderer draws them so).
func computeLabelLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let proposal = input.proposal, mode = input.mode
    let text = Int(s.view.nodes[Int(node)].textIndex)
    let icon = s.view.nodes[Int(node)].minLength > 0 && text >= 0 && text < s.view.texts.count ? s.view.texts[text].lineHeight : 0
    let lead = icon > 0 ? icon + LabelMetrics.spacing : 0
    let inner = Proposal(width: proposal.width.isFinite ? maxOf(0, proposal.width - lead) : proposal.width, height: proposal.height)
    let title = computeTextLayout(node, LayoutInput(inner, mode), &s).size
    return LayoutOutput(width: title.0 + lead, height: maxOf(title.1, icon))
}
