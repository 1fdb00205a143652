/// A node's parts that belong to interactive screens: the actions its appearance runs, the input control it is,
/// the templates among its children and, for a node a template made, which item it shows.
extension ComponentNode {
    /// What runs when the node's screen appears (`viewDidAppear`), or a lazy item enters the viewport.
    public var onAppear: Action? {
        get { box.properties.onAppear }
        set { makeUnique(); box.properties.onAppear = newValue; box.refreshRecord() }
    }

    /// What runs when the node's screen disappears (`viewDidDisappear`), or a lazy item leaves the viewport.
    public var onDisappear: Action? {
        get { box.properties.onDisappear }
        set { makeUnique(); box.properties.onDisappear = newValue; box.refreshRecord() }
    }

    /// The control's properties, for `toggle`, `textField`, `stepper` and `picker` nodes.
    public var input: InputProperties? {
        get { box.properties.input }
        set { makeUnique(); box.properties.input = newValue; box.refreshRecord() }
    }

    /// The `forEach` templates among the payload's children, each with the range of `children` it made.
    ///
    /// `children` is what is laid out: the payload's other children and every template's nodes, in document order.
    /// Changing `children` of a node with templates directly leaves the ranges describing the old children;
    /// `Screen.resolved(in:)` makes them again.
    public var templates: [ChildTemplate] {
        get { box.properties.templates }
        set { makeUnique(); box.properties.templates = newValue; box.refreshRecord() }
    }

    /// The node's properties bound to the state, each with where it is in the node's payload object. The bound
    /// properties themselves hold their values in the state the screen was resolved against (nil: not computed —
    /// the property's default).
    public var bindings: [PropertyBinding] {
        get { box.properties.bindings }
        set { makeUnique(); box.properties.bindings = newValue; box.refreshRecord() }
    }

    /// For the root of a node a template made: the item it shows (its bindings read `item` and `index`).
    public var templateItem: TemplateItem? {
        get { box.properties.templateItem }
        set { makeUnique(); box.properties.templateItem = newValue; box.setContentTemplateItem(newValue) }
    }

    /// The identity of the template item the node shows (`templateItem?.key`), read without copying the item.
    var templateItemKey: StateValue? { box.properties.interaction?.templateItemKey }

    /// The identity of the template item the node at `node` shows, read in place: the node is not copied (a copy
    /// retains its type, children, id and box, and releases them after). Valid as `geometry(at:)` is.
    static func templateItemKey(at node: UnsafePointer<ComponentNode>) -> StateValue? {
        node.pointee.box.propertiesAddress.pointee.interaction?.templateItemKey
    }

    /// Whether the node has any of these parts (a binding, a lifecycle action, a control, a template or a template's
    /// item): one pointer test, for a reader that skips the others on most nodes.
    package var hasInteraction: Bool { box.properties.interaction != nil }
}

/// A node's parts that only interactive screens use.
struct NodeInteraction: Hashable, Sendable {
    var bindings: [PropertyBinding] = []
    var onAppear: Action?
    var onDisappear: Action?
    var input: InputProperties?
    var templates: [ChildTemplate] = []
    var templateItem: TemplateItem?

    var isEmpty: Bool { bindings.isEmpty && onAppear == nil && onDisappear == nil && input == nil && templates.isEmpty && templateItem == nil }
}

/// `NodeInteraction` out of line: one pointer in `NodeProperties` (nil for most nodes), so a node that uses none
/// of it decodes, copies and frees as before. Immutable: a change makes a new box.
final class InteractionBox: Hashable, @unchecked Sendable {
    let value: NodeInteraction
    /// `value.templateItem?.key`, stored apart: read for every kept item of a template on each change, where reading
    /// it through `value` copies the whole item (its element with it) to take the key.
    let templateItemKey: StateValue?
    init(_ value: NodeInteraction) {
        self.value = value
        templateItemKey = value.templateItem?.key
    }
    static func == (lhs: InteractionBox, rhs: InteractionBox) -> Bool { lhs === rhs || lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension NodeProperties {
    /// Changes the interactive parts (`nil` again when they become empty).
    @inline(__always)
    private mutating func changeInteraction(_ change: (inout NodeInteraction) -> Void) {
        var value = interaction?.value ?? NodeInteraction()
        change(&value)
        interaction = value.isEmpty ? nil : InteractionBox(value)
    }
    var bindings: [PropertyBinding] {
        get { interaction?.value.bindings ?? [] }
        set { changeInteraction { $0.bindings = newValue } }
    }
    var onAppear: Action? {
        get { interaction?.value.onAppear }
        set { changeInteraction { $0.onAppear = newValue } }
    }
    var onDisappear: Action? {
        get { interaction?.value.onDisappear }
        set { changeInteraction { $0.onDisappear = newValue } }
    }
    var input: InputProperties? {
        get { interaction?.value.input }
        set { changeInteraction { $0.input = newValue } }
    }
    var templates: [ChildTemplate] {
        get { interaction?.value.templates ?? [] }
        set { changeInteraction { $0.templates = newValue } }
    }
    var templateItem: TemplateItem? {
        get { interaction?.value.templateItem }
        set {
            guard let newValue else { changeInteraction { $0.templateItem = nil }; return }
            // Not empty: it holds the item.
            var value = interaction?.value ?? NodeInteraction()
            value.templateItem = newValue
            interaction = InteractionBox(value)
        }
    }
}

/// A property of a node bound to the state (`"visible": "@{count > 0}"`): where it is in the node's payload
/// object and the binding.
///
/// The path is the payload's: keys and indices from the node's object to the value (`["visible"]`,
/// `["frame", "width"]`, `["modifiers", 2, "opacity"]`); a padding edge is named by its edge (`["padding",
/// "leading"]`, also when the payload wrote `horizontal` or one value for every edge). The encoder writes the
/// binding's source there; `Screen.resolved(in:)` computes it again.
public struct PropertyBinding: Hashable, Sendable, CustomStringConvertible {
    /// One step of a path: an object's key or an array's index.
    public enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }
    /// Where the bound value is, from the node's object.
    public var path: [Step]
    /// The binding.
    public var binding: StateBinding

    public init(path: [Step], binding: StateBinding) {
        self.path = path
        self.binding = binding
    }

    /// The path as a JSON Pointer relative to the node (`/frame/width`).
    public var pointer: String {
        path.reduce("") { pointer, step in
            switch step {
            case .key(let key): return JSONPointer.appending(pointer, key)
            case .index(let index): return JSONPointer.appending(pointer, index)
            }
        }
    }

    public var description: String { pointer + ": " + binding.source }
}

/// A `forEach` among a node's children and the children it made.
public struct ChildTemplate: Hashable, Sendable {
    /// The template.
    public var forEach: ForEachTemplate
    /// The node's `children` this template made from its items, in order (empty for no items).
    public var range: Range<Int>

    public init(forEach: ForEachTemplate, range: Range<Int>) {
        self.forEach = forEach
        self.range = range
    }
}

/// A list sent as data and one template (`{"type": "forEach", "items": "@{products}", "id": "@{item.id}",
/// "template": NODE}`): the template is made once per element of `items`, with `item` (or the name `as` gives)
/// and `index` in its bindings — SwiftUI's `ForEach(products, id: \.id) { item in … }`.
public struct ForEachTemplate: Hashable, Sendable {
    /// The array (a binding, or a literal array).
    public var items: ValueTemplate
    /// Each item's identity (nil: its index), unique among the items: what keeps a node the same node when the
    /// array changes.
    public var id: StateBinding?
    /// The name the template reads each element by (default `item`).
    public var itemName: String
    /// The template, as the payload wrote it: bindings checked, not resolved.
    public var template: ComponentNode

    public init(items: ValueTemplate, id: StateBinding? = nil, itemName: String = "item", template: ComponentNode) {
        self.items = items; self.id = id; self.itemName = itemName; self.template = template
    }
}

/// Which element of a template's items a node shows: the element, its identity, and the name the template reads it
/// by. The element's index is not kept here but where the node is: its place among the nodes its template made
/// (`ComponentNode.templateItemIndex(ofChild:)`), so an item that moves keeps its node as it is.
public struct TemplateItem: Hashable, Sendable {
    /// The element's identity (its `id`, or its index).
    public var key: StateValue
    /// The element.
    public var item: StateValue
    /// The name the template reads the element by.
    public var itemName: String

    public init(key: StateValue, item: StateValue, itemName: String = "item") {
        self.key = key; self.item = item; self.itemName = itemName
    }

    /// The locals the node's bindings read, as the template's scope lists them, for the item at `index`: the item,
    /// then `index`.
    public func locals(index: Int) -> [(name: String, value: StateValue)] { [(itemName, item), ("index", .int(index))] }
}

extension ComponentNode {
    /// The index of the element child `k` shows among its template's items (nil when no template made child `k`):
    /// its place among the nodes the template made (every element makes one node: an element whose node cannot be
    /// decoded fails every element alike, or ends the items at the node limit).
    /// - Complexity: O(templates).
    public func templateItemIndex(ofChild k: Int) -> Int? {
        guard children.indices.contains(k), children[k].templateItem != nil,
              let template = templates.first(where: { $0.range.contains(k) }) else { return nil }
        return k - template.range.lowerBound
    }

    /// The locals the bindings of child `k` see from its template (`item` and `index`), empty when no template made it.
    public func templateLocals(ofChild k: Int) -> [(name: String, value: StateValue)] {
        guard let index = templateItemIndex(ofChild: k), let item = children[k].templateItem else { return [] }
        return item.locals(index: index)
    }
}

/// The properties of an input control, bound two-way to a state variable (SwiftUI's `$name`).
///
/// `toggle`: `isOn` (a bool variable), `label`. `textField`: `text` (a string variable), `placeholder`, `keyboard`,
/// `secure`, `submitAction`. `stepper`: `value` (a number variable), `range`, `step`, `label`. `picker`:
/// `selection` (a variable of the options' values' type), `options`, `style`, `label`.
public struct InputProperties: Hashable, Sendable {
    /// The state variable the control shows and changes.
    public var target: String
    /// The label (toggle, stepper, picker).
    public var label: Responsive<String>?
    /// The text shown while the field is empty (textField).
    public var placeholder: Responsive<String>?
    /// The keyboard (textField; UIKit's `UIKeyboardType`).
    public var keyboard: KeyboardType?
    /// Whether the text is hidden as it is typed (textField; SwiftUI's `SecureField`).
    public var isSecure: Responsive<Bool>?
    /// What the return key runs (textField; SwiftUI's `onSubmit`).
    public var submitAction: Action?
    /// The values a stepper may take (default 0…100, SwiftUI's `Stepper(value:in:step:)`).
    public var range: ClosedRange<Double>?
    /// A stepper's increment (> 0; default 1).
    public var step: Double?
    /// A picker's choices, in order.
    public var options: [PickerOption]
    /// A picker's look (default `menu`).
    public var pickerStyle: PickerStyle?

    public init(target: String, label: Responsive<String>? = nil, placeholder: Responsive<String>? = nil, keyboard: KeyboardType? = nil,
                isSecure: Responsive<Bool>? = nil, submitAction: Action? = nil, range: ClosedRange<Double>? = nil, step: Double? = nil,
                options: [PickerOption] = [], pickerStyle: PickerStyle? = nil) {
        self.target = target; self.label = label; self.placeholder = placeholder; self.keyboard = keyboard
        self.isSecure = isSecure; self.submitAction = submitAction; self.range = range; self.step = step
        self.options = options; self.pickerStyle = pickerStyle
    }
}

/// One choice of a picker: the value it stores and the text it shows.
public struct PickerOption: Hashable, Sendable {
    public var value: StateValue
    public var label: String

    public init(value: StateValue, label: String) {
        self.value = value
        self.label = label
    }
}

/// A text field's keyboard (UIKit's `UIKeyboardType`: `.default`, `.emailAddress`, `.numberPad`, `.decimalPad`,
/// `.phonePad`, `.URL`).
public enum KeyboardType: String, Hashable, Sendable, CaseIterable {
    case `default`, emailAddress, numberPad, decimalPad, phonePad, url
}

/// A picker's look (SwiftUI's `.pickerStyle(.segmented)` / `.menu`).
public enum PickerStyle: String, Hashable, Sendable, CaseIterable {
    case segmented, menu
}
