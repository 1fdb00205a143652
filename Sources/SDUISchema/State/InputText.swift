public import SDUIEnvironment

extension ComponentNode {
    /// The text an input shows, and its layout measures, when its variable holds `value`: a text field's text — a
    /// bullet per character when it is secure — or its placeholder while empty; a menu picker's selected option's
    /// label (the first option's when none matches). nil for other nodes (a switch's or stepper's label, a segmented
    /// picker's options are not the state's).
    public func inputText(showing value: StateValue?, sizeClass: UserInterfaceSizeClass) -> String? {
        guard let input else { return nil }
        switch type {
        case .textField:
            let text = value.map { $0.interpolationText } ?? ""
            if text.isEmpty { return input.placeholder?.value(for: sizeClass) ?? "" }
            return input.isSecure?.value(for: sizeClass) == true ? String(repeating: "•", count: text.count) : text
        case .picker where input.pickerStyle != .segmented:
            return input.options.first { $0.value == value }?.label ?? input.options.first?.label ?? ""
        default:
            return nil
        }
    }
}
