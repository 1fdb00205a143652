public import SDUIEnvironment
public import SDUISchema

/// One element VoiceOver visits: what it reads (label, value, traits, hint), where it is, and which nodes it
/// stands for.
public struct AccessibilityElement: Hashable, Sendable {
    /// What VoiceOver reads first (UIKit's `accessibilityLabel`); empty for an unlabelled image or button, which
    /// `sdui lint` reports (`missing-accessibility-label`).
    public var label: String
    /// UIKit's `UIAccessibilityTraits`, in `AccessibilityTrait` order.
    public var traits: [AccessibilityTrait]
    /// `accessibilityHint`.
    public var hint: String?
    /// `accessibilityValue`.
    public var value: String?
    /// `accessibilityIdentifier`.
    public var identifier: String?
    /// The element's frame in window points (VoiceOver's cursor): the frame of `nodes[0]`.
    public var frame: Rect
    /// The ids of the nodes it stands for: its own node first, then the nodes merged into it, in reading order.
    public var nodes: [String]
    /// The same nodes as indices into `LayoutResult.nodes`.
    public var nodeIndices: [Int]
    /// The input control the element is (its own node's), nil for every other element.
    public var control: AccessibilityControl?

    public init(label: String, traits: [AccessibilityTrait], hint: String? = nil, value: String? = nil,
                identifier: String? = nil, frame: Rect, nodes: [String], nodeIndices: [Int]) {
        self.label = label; self.traits = traits; self.hint = hint; self.value = value; self.identifier = identifier
        self.frame = frame; self.nodes = nodes; self.nodeIndices = nodeIndices
    }

    /// The element as `sdui accessibility` prints it: `{"label", "traits", "hint", "value", "identifier" (null
    /// when not set), "frame": {"x", "y", "width", "height"}, "nodes"}`.
    public var jsonValue: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            ("label", .string(label)),
            ("traits", .array(traits.map { .string($0.rawValue) })),
        ]
        pairs.append(("hint", hint.map(JSONValue.string) ?? .null))
        pairs.append(("value", value.map(JSONValue.string) ?? .null))
        pairs.append(("identifier", identifier.map(JSONValue.string) ?? .null))
        pairs.append(("control", control.map { .string($0.rawValue) } ?? .null))
        pairs.append(("frame", .object([("x", .number(frame.x)), ("y", .number(frame.y)),
                                        ("width", .number(frame.width)), ("height", .number(frame.height))])))
        pairs.append(("nodes", .array(nodes.map(JSONValue.string))))
        return .object(pairs)
    }
}

/// The input control an element is, with UIKit's accessibility for it (docs/accessibility.md, "Inputs").
public enum AccessibilityControl: String, Hashable, Sendable, CaseIterable {
    /// A `UISwitch`: a button with the toggle trait whose value is "1" (on) or "0" (off), as UIKit reports it.
    case toggle
    /// A stepper: SwiftUI's `Stepper`, one adjustable element whose value is the number.
    case stepper
    /// A text field: its value is the text (bullets for a secure field), its label the label or placeholder.
    case textField
    /// A segmented picker, read as one element whose value is the selected option.
    case segmentedPicker
    /// A menu picker: a button whose value is the selected option (UIKit's pop-up button).
    case menuPicker

    /// The traits the control's element has before the payload adds its own.
    public var traits: [AccessibilityTrait] {
        switch self {
        case .toggle: return [.button, .toggleButton]
        case .stepper: return [.adjustable]
        case .textField: return []
        case .segmentedPicker: return [.adjustable]
        case .menuPicker: return [.button]
        }
    }
}

/// How one laid-out node takes part in the accessibility tree (what a renderer marks up for it).
public enum AccessibilityExposure: Hashable, Sendable {
    /// Not an element itself; its subtree may hold elements (a plain stack, a spacer).
    case structural
    /// The node is element number `k` of `AccessibilityTree.elements`.
    case element(Int)
    /// The node is an accessibility container (`children: "contain"`): its elements are read together.
    case container
    /// Covered by an element above it (merged into a `combine`, or below an `ignore`): not read on its own.
    case covered
    /// Hidden from assistive technologies (`hidden`, `visible: false`, SwiftUI's `hidden()`), with its subtree.
    case hidden
}
