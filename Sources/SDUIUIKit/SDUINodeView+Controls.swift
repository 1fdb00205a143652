#if canImport(UIKit)
// Apple platforms only; compiled against Apple's SDK by Scripts/ios-build (see SDUIView.swift).
import UIKit
import SDUIEnvironment
import SDUISchema
import SDUIDisplay

// Input nodes as UIKit controls, at the sizes the layout gave them (UIKit's metrics, docs/state.md "Inputs"): a
// `UISwitch` (51 × 31) and a `UIStepper` (94 × 32) at the row's trailing edge (`DisplayItem.controlBox`), centred vertically, beside the label
// the node's text lines draw; a `UITextField` and a `UISegmentedControl` over the whole frame; a menu picker as a
// `UIButton` whose menu lists the options, over the selected option's title. Each reports the user's change to the
// host view (`SDUIView.setInput(ofItemAt:to:)`), which shows the state again after every change — a value is set on a control
// only when it differs, so typing keeps its cursor.
extension SDUINodeView {
    /// Shows `input` (nil: the node is no longer an input: its control goes).
    func applyInput(_ input: DisplayInput?) {
        guard let input, let item else {
            controlView?.removeFromSuperview()
            controlView = nil
            return
        }
        switch input {
        case .toggle(let isOn):
            let control = controlView as? UISwitch ?? replaceControl(with: makeSwitch())
            if control.isOn != isOn { control.isOn = isOn }
        case .textField(let text, let placeholder, let keyboard, let isSecure):
            let field = controlView as? UITextField ?? replaceControl(with: makeTextField())
            if field.text != text { field.text = text }
            field.placeholder = placeholder
            field.keyboardType = Self.keyboardType(keyboard)
            field.isSecureTextEntry = isSecure
            if let face = item.text?.face { field.font = Self.font(face) }
        case .stepper(let value, let range, let step):
            let stepper = controlView as? UIStepper ?? replaceControl(with: makeStepper())
            stepper.minimumValue = range.lowerBound
            stepper.maximumValue = range.upperBound
            stepper.stepValue = step
            if stepper.value != value { stepper.value = value }
        case .picker(let options, let selected, segmented: true):
            let segments = controlView as? UISegmentedControl ?? replaceControl(with: makeSegments())
            if segments.numberOfSegments != options.count || (0..<options.count).contains(where: { segments.titleForSegment(at: $0) != options[$0].label }) {
                segments.removeAllSegments()
                for (i, option) in options.enumerated() { segments.insertSegment(withTitle: option.label, at: i, animated: false) }
            }
            segments.selectedSegmentIndex = selected ?? UISegmentedControl.noSegment
            pickerOptions = options
        case .picker(let options, let selected, segmented: false):
            let button = controlView as? UIButton ?? replaceControl(with: makeMenuButton())
            let index = item.index
            button.menu = UIMenu(title: "", children: options.enumerated().map { i, option in
                UIAction(title: option.label, state: i == selected ? .on : .off) { [weak self] _ in
                    self?.host?.setInput(ofItemAt: index, to: option.value)
                }
            })
            pickerOptions = options
        }
        placeControl()
    }

    /// Puts the control where the display item says (`DisplayItem.controlBox`: a switch or stepper at the row's
    /// trailing edge, the left one right to left, beside the label; a text field or picker over the whole frame).
    func placeControl() {
        guard let controlView else { return }
        guard let box = item?.controlBox, !(controlView is UIButton) else { controlView.frame = bounds; return }
        controlView.frame = CGRect(x: box.x, y: box.y, width: box.width, height: box.height)
    }

    private func replaceControl<Control: UIView>(with control: Control) -> Control {
        controlView?.removeFromSuperview()
        addSubview(control)
        controlView = control
        return control
    }

    /// The item the control belongs to, when the view still shows one.
    private var itemIndex: NodeIndex? { item?.index }

    private func makeSwitch() -> UISwitch {
        let control = UISwitch(frame: .zero)
        control.addAction(UIAction { [weak self, weak control] _ in
            guard let self, let control, let index = self.itemIndex else { return }
            self.host?.setInput(ofItemAt: index, to: .bool(control.isOn))
        }, for: .valueChanged)
        return control
    }

    private func makeTextField() -> UITextField {
        let field = UITextField(frame: .zero)
        field.borderStyle = .roundedRect
        field.addAction(UIAction { [weak self, weak field] _ in
            guard let self, let field, let index = self.itemIndex else { return }
            self.host?.setInput(ofItemAt: index, to: .string(field.text ?? ""))
        }, for: .editingChanged)
        field.addAction(UIAction { [weak self] _ in
            guard let self, let index = self.itemIndex else { return }
            self.host?.submitInput(ofItemAt: index)
        }, for: .primaryActionTriggered)
        return field
    }

    private func makeStepper() -> UIStepper {
        let stepper = UIStepper(frame: .zero)
        stepper.addAction(UIAction { [weak self, weak stepper] _ in
            guard let self, let stepper, let index = self.itemIndex else { return }
            self.host?.setInput(ofItemAt: index, to: StateValue(stepper.value))
        }, for: .valueChanged)
        return stepper
    }

    private func makeSegments() -> UISegmentedControl {
        let segments = UISegmentedControl(items: [])
        segments.addAction(UIAction { [weak self, weak segments] _ in
            guard let self, let segments, let index = self.itemIndex else { return }
            let i = segments.selectedSegmentIndex
            guard i >= 0, i < self.pickerOptions.count else { return }
            self.host?.setInput(ofItemAt: index, to: self.pickerOptions[i].value)
        }, for: .valueChanged)
        return segments
    }

    private func makeMenuButton() -> UIButton {
        var configuration = UIButton.Configuration.plain()
        configuration.image = UIImage(systemName: "chevron.up.chevron.down")
        configuration.imagePlacement = .trailing
        let button = UIButton(configuration: configuration)
        button.contentHorizontalAlignment = .trailing
        button.showsMenuAsPrimaryAction = true
        return button
    }

    static func keyboardType(_ keyboard: KeyboardType) -> UIKeyboardType {
        UIKeyboardType(rawValue: keyboard.uikitRawValue) ?? .default
    }
}
#endif
