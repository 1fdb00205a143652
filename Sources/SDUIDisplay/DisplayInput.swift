import SDUIEnvironment
public import SDUISchema
import SDUILayout

/// What a native input control shows, in the state the screen is in: everything a host sets on a `UISwitch`,
/// `UITextField`, `UIStepper` or `UISegmentedControl` / menu (SwiftUI's `Toggle`, `TextField` / `SecureField`,
/// `Stepper`, `Picker`). The control's frame is the layout's (UIKit's metrics: docs/state.md, "Inputs"); a change the
/// user makes goes back through `ScreenSession.setInput(ofNodeAt:in:to:)`.
public enum DisplayInput: Hashable, Sendable {
    /// A switch, on or off.
    case toggle(isOn: Bool)
    /// A text field: its text (the bound variable's string), the text shown while it is empty, the keyboard, and
    /// whether the text is hidden as it is typed.
    case textField(text: String, placeholder: String, keyboard: KeyboardType, isSecure: Bool)
    /// A stepper: its value (the bound number, clamped to the range), the range and the increment.
    case stepper(value: Double, range: ClosedRange<Double>, step: Double)
    /// A picker: its options (the value a choice stores, the label it shows), the one selected (nil: the state holds
    /// none of them), and whether it is a segmented control (else a menu).
    case picker(options: [PickerOption], selected: Int?, segmented: Bool)

    /// A stepper's range when the payload gives none (SwiftUI's `Stepper(value:in:)` needs one; the schema's default).
    public static let defaultStepperRange: ClosedRange<Double> = 0...100

    /// The control of a node with `content` and `input` (`content.input`) whose variable holds `value`, or nil when
    /// the node is not an input.
    init?(_ content: NodeContent, input: InputContent?, value: StateValue?) {
        guard let input else { return nil }
        switch content.type {
        case .toggle:
            self = .toggle(isOn: value == .bool(true))
        case .textField:
            let text: String
            if case .string(let s)? = value { text = s } else { text = "" }
            self = .textField(text: text, placeholder: input.placeholder ?? "", keyboard: input.keyboard ?? .default,
                              isSecure: input.isSecure)
        case .stepper:
            let range = input.range ?? Self.defaultStepperRange
            let number = value?.doubleValue ?? range.lowerBound
            self = .stepper(value: min(max(number, range.lowerBound), range.upperBound), range: range, step: input.step ?? 1)
        case .picker:
            self = .picker(options: input.options, selected: input.options.firstIndex { $0.value == value },
                           segmented: input.pickerStyle == .segmented)
        default:
            return nil
        }
    }
}

extension KeyboardType {
    /// UIKit's `UIKeyboardType` raw value for this keyboard (Apple's documented order: default 0, URL 3, numberPad 4,
    /// phonePad 5, emailAddress 7, decimalPad 8), so both native hosts make the same keyboard from one table, as
    /// `HostEnvironment.contentSize(uikitRawValue:)` maps content sizes.
    public var uikitRawValue: Int {
        switch self {
        case .default: return 0
        case .url: return 3
        case .numberPad: return 4
        case .phonePad: return 5
        case .emailAddress: return 7
        case .decimalPad: return 8
        }
    }
}
