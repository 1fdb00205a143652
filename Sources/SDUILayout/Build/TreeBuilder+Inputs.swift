import SDUIEnvironment
import SDUISchema

extension TreeBuilder {
    /// An input's control (`InputSpec`, from UIKit's metrics) and its label's text run.
    ///
    /// | control | UIKit | label | width |
    /// |---|---|---|---|
    /// | `toggle` | `UISwitch` 51 × 31 | `label`, 8 pt before the switch | the row's (SwiftUI's `Toggle` is label, spacer, switch) |
    /// | `stepper` | `UIStepper` 94 × 32 | `label`, 8 pt before the stepper | the row's |
    /// | `textField` | `UITextField` rounded rect: the body line + 6 pt above and below (34 pt at Large), 7 pt insets | the text, else the placeholder, one line | the row's |
    /// | `picker` segmented | `UISegmentedControl` 32 pt tall, equal segments (the widest option + 12 pt each side) | the widest option (footnote, 13 pt) | the row's |
    /// | `picker` menu | a borderless button: the selected option and a 12 pt chevron 8 pt after it | the selected option, one line | its own |
    func resolveInput(_ pointer: UnsafePointer<ComponentNode>, _ g: UnsafePointer<GeometryProperties>, into flat: inout FlatNode,
                      tree: inout LayoutTree) {
        let node = pointer.pointee
        guard let input = node.input else { return }
        let sizeClass = self.sizeClass
        func text(_ value: Responsive<String>?) -> String { value?.value(for: sizeClass) ?? "" }
        var spec = InputSpec(controlWidth: 0, controlHeight: 0, gap: InputMetrics.labelGap, segments: 1, expands: true)
        var label = ""
        var style = TextStyle.body
        var lineLimit: Int?
        switch node.type {
        case .toggle:
            spec.controlWidth = InputMetrics.switchSize.width; spec.controlHeight = InputMetrics.switchSize.height
            label = text(input.label)
        case .stepper:
            spec.controlWidth = InputMetrics.stepperSize.width; spec.controlHeight = InputMetrics.stepperSize.height
            label = text(input.label)
        case .textField:
            label = node.inputText(showing: tree.inputState[input.target], sizeClass: sizeClass) ?? ""
            spec.controlWidth = 2 * InputMetrics.textFieldInset; spec.gap = 0; lineLimit = 1
            spec.controlHeight = InputSpec.textFieldHeight(contentSize)
            spec.followsBodyLine = true
        case .picker where input.pickerStyle == .segmented:
            style = .footnote; lineLimit = 1
            let labels = input.options.map(\.label)
            label = labels.max { $0.count < $1.count } ?? ""
            spec.controlWidth = 2 * InputMetrics.segmentPadding; spec.gap = 0; spec.controlHeight = 32
            spec.segments = Double(max(1, labels.count))
        case .picker:
            label = node.inputText(showing: tree.inputState[input.target], sizeClass: sizeClass) ?? ""
            spec.controlWidth = InputMetrics.chevronWidth; spec.expands = false; lineLimit = 1
        default:
            return
        }
        flat.firstGridItem = Int32(tree.inputs.count)
        tree.inputs.append(spec)
        if !label.isEmpty {
            flat.textIndex = Int32(tree.texts.count)
            let choice = fontChoice(g, fixedWeight: nil, into: &tree)
            tree.texts.append(TextSpec(string: label, style: style, fixedWeight: nil, contentSize: contentSize,
                                       lineLimit: lineLimit, alignment: .leading, choice: choice))
        }
    }
}

extension InputSpec {
    /// A `UITextField`'s height: the body line at `contentSize` plus 6 pt above and below (34 pt at Large).
    static func textFieldHeight(_ contentSize: ContentSizeCategory) -> Double {
        DynamicTypeTable.metrics(.body, contentSize).lineHeight + 12
    }
}
