import SDUIEnvironment
import SDUISchema

/// UIKit's metrics of the input controls, shared by the layout (`InputSpec`) and the drawing of their labels
/// (`DisplayText`): a label sits at the leading edge, in the width the control leaves, never under the control.
package enum InputMetrics {
    /// `UISwitch`.
    package static let switchSize = Size(width: 51, height: 31)
    /// `UIStepper`.
    package static let stepperSize = Size(width: 94, height: 32)
    /// Between a label and its switch, stepper or menu chevron.
    package static let labelGap = 8.0
    /// A rounded-rect `UITextField`'s text inset on each side.
    package static let textFieldInset = 7.0
    /// A menu picker's chevron after its selected option.
    package static let chevronWidth = 12.0
    /// A segmented control's padding on each side of a segment's title.
    package static let segmentPadding = 12.0

    /// The room a control takes beside its label, on the label's leading and trailing sides (logical: leading is
    /// the right in a right-to-left layout); nil for a node whose control draws its own text (a segmented picker)
    /// or that is not an input.
    package static func labelInsets(of type: ComponentType, pickerStyle: PickerStyle?) -> (leading: Double, trailing: Double)? {
        switch type {
        case .toggle: return (0, switchSize.width + labelGap)
        case .stepper: return (0, stepperSize.width + labelGap)
        case .textField: return (textFieldInset, textFieldInset)
        case .picker where pickerStyle != .segmented: return (0, chevronWidth + labelGap)
        default: return nil
        }
    }
}

extension InputMetrics {
    /// Where a control of `type` is drawn in a node of `size`, relative to its origin in physical points: a switch
    /// or stepper at its UIKit size, a menu's chevron over the full height, at the trailing edge (the left one in a
    /// right-to-left layout) and centred vertically; a text field's or segmented control's box is the whole node.
    package static func controlBox(of type: ComponentType, pickerStyle: PickerStyle?, size: Size, direction: LayoutDirection) -> Rect? {
        let control: Size
        switch type {
        case .toggle: control = switchSize
        case .stepper: control = stepperSize
        case .picker where pickerStyle != .segmented: control = Size(width: chevronWidth, height: size.height)
        case .textField, .picker: return Rect(x: 0, y: 0, width: size.width, height: size.height)
        default: return nil
        }
        let x = direction == .rightToLeft ? 0 : size.width - control.width
        return Rect(x: x, y: (size.height - control.height) / 2, width: control.width, height: control.height)
    }
}

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
/// - The label is laid out in the width left beside the control (one segment's width for a segmented picker); in
///   the place pass, a label with no room or broken inside a word there is `input-label-cramped`.
/// - Width: an expanding control takes the proposed width (at least its control's), an unspecified one its ideal
///   width — label + gap + control, times the segments; a menu picker is always its ideal width.
/// - Height: the taller of the control and the label.
@inline(__always)
func computeInputLayout(_ node: Int32, _ input: LayoutInput, _ s: inout LayoutState) -> LayoutOutput {
    let proposal = input.proposal, mode = input.mode
    let i = Int(node)
    let specIndex = Int(s.view.nodes[i].firstGridItem)
    guard specIndex >= 0 && specIndex < s.view.inputs.count else { return .zero }
    let spec = s.view.inputs[specIndex]
    let segments = maxOf(1, spec.segments)
    let hasLabel = s.view.nodes[i].textIndex >= 0
    var label = (0.0, 0.0)
    if hasLabel {
        var width = Double.nan
        if proposal.width.isFinite {
            width = maxOf(0, proposal.width / segments - spec.controlWidth - spec.gap)
        }
        label = computeTextLayout(node, LayoutInput(Proposal(width: width, height: .nan), mode), &s).size
        if mode == .place && width.isFinite && spec.segments <= 1 {
            let text = Int(s.view.nodes[i].textIndex)
            if width < 1 || placedTextBreaksInsideWord(text, &s) {
                s.report("input-label-cramped", .warning, node,
                         "the label has \(formatPoints((width * 100).rounded() / 100)) pt beside its control (\(formatPoints(spec.controlWidth)) pt"
                         + (spec.gap > 0 ? " + \(formatPoints(spec.gap)) pt" : "") + "): "
                         + (width < 1 ? "no room for it" : "a word of it is wider than that and breaks"))
            }
        }
    }
    let ideal = (label.0 + (label.0 > 0 ? spec.gap : 0) + spec.controlWidth) * segments
    var width = ideal
    if spec.expands && !proposal.width.isNaN {
        width = maxOf(proposal.width, spec.controlWidth * segments)
    }
    return LayoutOutput(width: width, height: maxOf(spec.controlHeight, label.1))
}
