/// An input control's geometry, from UIKit's metrics (docs/state.md, "Inputs"): the control's fixed part, the
/// gap between its label and the control, and how it takes width.
struct InputSpec {
    /// The control beside the label (a `UISwitch` 51 × 31, a `UIStepper` 94 × 32), or a text field's insets
    /// and height, a segment's padding, a menu's chevron.
    var controlWidth: Double
    var controlHeight: Double
    /// Between the label and the control (when there is a label).
    var gap: Double
    /// A segmented picker's segments (equal widths, each the widest option's): the width is this many of them.
    var segments: Double
    /// Takes the width it is offered (SwiftUI's `Toggle`, `Stepper`, `TextField` and segmented `Picker` fill
    /// their row; a menu `Picker` is as wide as its label).
    var expands: Bool
    /// A text field: its height is the body line's + 12 pt, so it follows the Dynamic Type size
    /// (`LayoutTree.resolve(sizeClass:contentSize:)` sets it again when a template is taken at another size).
    var followsBodyLine = false
}

/// `toggle`, `textField`, `stepper`, `picker`: a label (the node's text run, if any) and a control of fixed size.
///
/// - The label is laid out in the width left beside the control (one segment's width for a segmented picker).
/// - Width: an expanding control takes the proposed width (at least its control's), an unspecified one its ideal
///   width — label + gap + control, times the segments; a menu picker is always its ideal width.
/// - Height: the taller of the control and the label.
@inline(__always)
func computeInputLayout(_ node: Int32, _ proposal: Proposal, _ mode: ComputeMode, _ s: inout LayoutState) -> (Double, Double) {
    let i = Int(node)
    let specIndex = Int(s.ptr.nodes[i].firstGridItem)
    guard specIndex >= 0 && specIndex < s.tree.inputs.count else { return (0, 0) }
    let spec = s.tree.inputs[specIndex]
    let segments = maxOf(1, spec.segments)
    let hasLabel = s.ptr.nodes[i].textIndex >= 0
    var label = (0.0, 0.0)
    if hasLabel {
        var width = Double.nan
        if proposal.width.isFinite {
            width = maxOf(0, proposal.width / segments - spec.controlWidth - spec.gap)
        }
        label = computeTextLayout(node, Proposal(width: width, height: .nan), mode, &s)
    }
    let ideal = (label.0 + (label.0 > 0 ? spec.gap : 0) + spec.controlWidth) * segments
    var width = ideal
    if spec.expands && !proposal.width.isNaN {
        width = maxOf(proposal.width, spec.controlWidth * segments)
    }
    return (width, maxOf(spec.controlHeight, label.1))
}
