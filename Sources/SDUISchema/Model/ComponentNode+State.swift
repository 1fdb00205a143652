/// A node's parts that belong to interactive screens: the actions its appearance runs, the input control it is,
/// the templates among its children and, for a node a template made, which item it shows.
extension ComponentNode {
    /// What runs when the node's screen appears (`viewDidAppear`), or a lazy item enters the viewport.
    public var onAppear: Action? {
        get { box.properties.onAppear }
        _modify {
            makeUnique()
            yield &box.properties.onAppear
        }
    }

    /// What runs when the node's screen disappears (`viewDidDisappear`), or a lazy item leaves the viewport.
    public var onDisappear: Action? {
        get { box.properties.onDisappear }
        _modify {
            makeUnique()
            yield &box.properties.onDisappear
        }
    }

    /// The control's properties, for `toggle`, `textField`, `stepper` and `picker` nodes.
    public var input: InputProperties? {
        get { box.properties.input }
        _modify {
            makeUnique()
            yield &box.properties.input
        }
    }

    /// The `forEach` templates among the payload's children, each with the range of `children` it made.
    ///
    /// `children` is what is laid out: the payload's other children and every template's nodes, in document order.
    /// Changing `children` of a node with templates directly leaves the ranges describing the old children;
    /// `Screen.resolved(in:)` makes them again.
    public var templates: [ChildTemplate] {
        get { box.properties.templates }
        _modify {
            makeUnique()
            yield &box.properties.templates
        }
    }

    /// For the root of a node a template made: the item it shows (its bindings read `item` and `index`).
    public var templateItem: TemplateItem? {
        get { box.properties.templateItem }
        _modify {
            makeUnique()
            yield &box.properties.templateItem
        }
    }
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

/// Which element of a template's items a node shows.
public struct TemplateItem: Hashable, Sendable {
    /// The element's position in the items.
    public var index: Int
    /// The element's identity (its `id`, or its index).
    public var key: StateValue
    /// The element.
    public var item: StateValue
    /// The name the template reads the element by.
    public var itemName: String

    public init(index: Int, key: StateValue, item: StateValue, itemName: String = "item") {
        self.index = index; self.key = key; self.item = item; self.itemName = itemName
    }

    /// The locals the node's bindings read, as the template's scope lists them: the item, then `index`.
    public var locals: [(name: String, value: StateValue)] { [(itemName, item), ("index", .int(index))] }
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
