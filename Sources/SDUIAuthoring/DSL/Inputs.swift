public import SDUISchema

/// A switch bound to a bool state variable (SwiftUI's `Toggle(_:isOn:)`): writes a `toggle` node.
public struct Toggle: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// A switch labelled `label` that shows and flips `isOn`.
    public init(_ label: Responsive<String>? = nil, isOn: StateVariable<Bool>) {
        node = ComponentNode(type: .toggle)
        node.input = InputProperties(target: isOn.name, label: label)
    }
}

/// A one-line text field bound to a string state variable (SwiftUI's `TextField(_:text:)`): writes a
/// `textField` node.
public struct TextField: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// A field showing `placeholder` while empty that shows and edits `text`.
    public init(_ placeholder: Responsive<String>? = nil, text: StateVariable<String>) {
        node = ComponentNode(type: .textField)
        node.input = InputProperties(target: text.name, placeholder: placeholder)
    }

    /// The keyboard (SwiftUI's `keyboardType(_:)`).
    public func keyboardType(_ keyboard: KeyboardType) -> TextField { with { $0.input?.keyboard = keyboard } }
    /// Hides the text as it is typed (SwiftUI's `SecureField`).
    public func secure(_ isSecure: Responsive<Bool> = true) -> TextField { with { $0.input?.isSecure = isSecure } }
    /// What the return key runs (SwiftUI's `onSubmit(_:)`).
    public func onSubmit(_ action: Action) -> TextField { with { $0.input?.submitAction = action } }
}

/// A − / + control bound to a number state variable (SwiftUI's `Stepper(_:value:in:step:)`): writes a `stepper`
/// node.
public struct Stepper: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// A stepper labelled `label` that changes `value` by `step` within `range`.
    public init<N: StateNumber>(_ label: Responsive<String>? = nil, value: StateVariable<N>, in range: ClosedRange<Double>? = nil, step: Double? = nil) {
        node = ComponentNode(type: .stepper)
        node.input = InputProperties(target: value.name, label: label, range: range, step: step)
    }
}

/// A choice among options, bound to a state variable (SwiftUI's `Picker(_:selection:)`): writes a `picker` node.
public struct Picker: PayloadComponent {
    /// The node this component writes.
    public var node: ComponentNode

    /// A picker labelled `label` that sets `selection` to the chosen option's value.
    public init<V>(_ label: Responsive<String>? = nil, selection: StateVariable<V>, options: [PickerOption], style: PickerStyle? = nil) {
        node = ComponentNode(type: .picker)
        node.input = InputProperties(target: selection.name, label: label, options: options, pickerStyle: style)
    }

    /// A picker of string options, each its own value and label.
    public init(_ label: Responsive<String>? = nil, selection: StateVariable<String>, options: [String], style: PickerStyle? = nil) {
        self.init(label, selection: selection, options: options.map { PickerOption(value: .string($0), label: $0) }, style: style)
    }

    /// The picker's look (SwiftUI's `pickerStyle(_:)`).
    public func pickerStyle(_ style: PickerStyle) -> Picker { with { $0.input?.pickerStyle = style } }
}

/// A list sent as data and one template (SwiftUI's `ForEach`): writes a `forEach` among its container's children.
///
/// `ForEach(products, id: "id") { item in Text(.bound("\(item["title"])")) }` — the closure runs once, with
/// the item as an expression: what it builds is the template, made once per element when the payload is decoded.
public struct ForEach: PayloadComponent {
    /// A marker node its container turns into a template (`ComponentNode.templates`).
    public var node: ComponentNode

    /// A template over the array `items` (a state variable or expression), each item's identity its member
    /// `id` (nil: its index), the item read by `itemName`.
    public init(_ items: StateExpression<[StateValue]>, id: String? = nil, as itemName: String = "item",
                @ComponentBuilder template: (TemplateItemExpression) -> [ComponentNode]) {
        let item = TemplateItemExpression(source: itemName, isAtomic: true)
        let nodes = template(item)
        let root = nodes.count == 1 ? nodes[0] : ComponentNode(type: .vstack, children: nodes)
        let identity = id.map { item[member: $0].binding }
        node = ComponentNode(type: .custom(ComponentNode.templateMarkerType))
        node.templates = [ChildTemplate(forEach: ForEachTemplate(items: items.valueTemplate, id: identity, itemName: itemName, template: root), range: 0..<0)]
    }

    /// A template over an array state variable.
    public init(_ items: StateVariable<[StateValue]>, id: String? = nil, as itemName: String = "item",
                @ComponentBuilder template: (TemplateItemExpression) -> [ComponentNode]) {
        self.init(items.value, id: id, as: itemName, template: template)
    }

}

extension PayloadComponent {
    /// What runs when the screen appears (SwiftUI's `onAppear(perform:)`).
    public func onAppear(_ action: Action) -> Self { with { $0.onAppear = action } }
    /// What runs when the screen disappears (SwiftUI's `onDisappear(perform:)`).
    public func onDisappear(_ action: Action) -> Self { with { $0.onDisappear = action } }
}

extension Action {
    /// Sets `variable` to `value` (`.set(count, to: count.value + 1)`).
    public static func set<V>(_ variable: StateVariable<V>, to value: StateExpression<V>) -> Action {
        .set(name: variable.name, value: value.valueTemplate)
    }
    /// Flips a bool variable.
    public static func toggle(_ variable: StateVariable<Bool>) -> Action { .toggle(name: variable.name) }
    /// Adds `value` (JSON whose strings may be bindings) to the end of an array variable.
    public static func append(_ variable: StateVariable<[StateValue]>, _ value: JSONValue) -> Action {
        .append(name: variable.name, value: ValueTemplate(unchecked: value))
    }
    /// Removes the element at `index` from an array variable.
    public static func remove(_ variable: StateVariable<[StateValue]>, at index: StateExpression<Int>) -> Action {
        .remove(name: variable.name, selector: .index(index.valueTemplate))
    }
    /// Runs `condition ? then : otherwise`.
    public static func `if`(_ condition: StateExpression<Bool>, then: Action?, else otherwise: Action? = nil) -> Action {
        .if(condition: condition.valueTemplate, then: then, else: otherwise)
    }
    /// Asks the host to perform a request (`url` may interpolate: `"https://…/@{cartID}"`).
    public static func request(_ url: BoundText, method: HTTPMethod = .GET, body: JSONValue? = nil, onSuccess: Action? = nil, onFailure: Action? = nil) -> Action {
        let urlTemplate: ValueTemplate = StateBinding.isBinding(url.source) ? .binding(StateBinding(source: url.source)) : .literal(.string(StateBinding.unescaped(url.source)))
        return .request(RequestAction(url: urlTemplate, method: method, body: body.map(ValueTemplate.init(unchecked:)), onSuccess: onSuccess, onFailure: onFailure))
    }
}

extension ValueTemplate {
    /// JSON whose strings may be bindings, not yet checked (the decoder checks them).
    public init(unchecked value: JSONValue) {
        switch value {
        case .string(let s) where StateBinding.isBinding(s): self = .binding(StateBinding(source: s))
        case .array(let items):
            let templates = items.map(ValueTemplate.init(unchecked:))
            self = templates.allSatisfy { if case .literal = $0 { return true } else { return false } } ? .literal(StateValue(value)) : .array(templates)
        case .object(let pairs):
            let templates = pairs.map { ValueTemplate(unchecked: $0.value) }
            self = templates.allSatisfy { if case .literal = $0 { return true } else { return false } }
                ? .literal(StateValue(value)) : .object(keys: pairs.map(\.key), values: templates)
        default: self = .literal(StateValue(value))
        }
    }
}

extension Screen {
    /// A screen with a state (`Screen(id: "cart", state: ["count": 0]) { … }`), its root built with the DSL.
    ///
    /// What the DSL writes is the payload: decoding it (`Screen(json:)`, `PayloadDecoder`) checks the bindings,
    /// makes the templates' nodes and resolves the tree against the state.
    ///
    /// `previews`: named states to preview the screen in (the payload's `"previews"`: `["empty cart": ["count": 0]]`),
    /// each the variables it changes. They are written as given and checked where the payload's are, when the
    /// payload is decoded: a variable the state does not declare, or a value of another type, is an error at
    /// `/previews/NAME/VARIABLE` — as if the server had sent it.
    public init(id: String = "screen", title: String? = nil, state: KeyValuePairs<String, JSONValue>,
                previews: KeyValuePairs<String, KeyValuePairs<String, JSONValue>> = [:], @ComponentBuilder content: () -> [ComponentNode]) {
        self.init(id: id, title: title, content: content)
        let initial = state.map { (name: $0.key, value: StateValue($0.value)) }
        self.state = ScreenState(initial)
        let base = self.state
        self.previews = previews.map { preview in
            let values = preview.value.map { (name: $0.key, value: StateValue($0.value)) }
            // The state with the preview's values (what decoding the payload makes of it) — or, when one does not
            // fit (an unknown name, another type), the preview's values first (a name repeated keeps its first
            // value) and then the rest: the encoder writes what differs from the state, so the decoder reports it.
            var state = base
            for (name, value) in values where state.set(name, to: value) != nil {
                return StatePreview(name: preview.key, state: ScreenState(values + initial))
            }
            return StatePreview(name: preview.key, state: state)
        }
    }
}
