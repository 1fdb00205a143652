import SDUIEnvironment
import SDUISchema

/// What a node shows and does besides where it is — its identity, appearance, text, image, control, action,
/// accessibility and lifecycle actions — resolved for one horizontal size class.
///
/// The flat tree's other half: the build resolves what layout needs into the flat nodes as it builds them, and what
/// the later stages need into a `NodeContentTable` (made on the first request for a node's content); a later stage
/// asks for node `index` (`LayoutResult.content(at:)`) and reads resolved values only — nothing after the build
/// reads the payload model.
package struct NodeContent {
    /// The rows the node's record is in (the table's, or a row resolved again after a state change).
    private let rows: ContentRows
    private let index: Int
    /// The node's output index in `result`.
    private let row: Int
    /// The result read (the state the screen is in: what a control shows).
    private let result: LayoutNodeStorage
    /// The size class values are resolved for.
    package let sizeClass: UserInterfaceSizeClass

    init(_ table: NodeContentTable, row: Int, in result: LayoutNodeStorage) {
        (rows, index) = table.row(row)
        self.row = row
        self.result = result
        sizeClass = table.sizeClass
    }

    /// The node's extras in `rows.extras` (-1: none).
    @inline(__always) private var extrasIndex: Int { Int(rows.records[index].extras) }

    /// The payload's `id`.
    package var id: String? { result.identity(at: row)?.id }
    /// The node's type.
    package var type: ComponentType { result.identity(at: row)?.type ?? .spacer }
    /// A text's, label's or input's text colour, a button's tint, a colour node's fill, a symbol's tint.
    package var color: Color? { rows.records[index].color }
    /// The `background` key: a colour behind the padded, framed box.
    package var background: Color? { rows.records[index].background }
    /// The `cornerRadius` key.
    package var cornerRadius: Double? { rows.records[index].cornerRadius }
    /// A button's style.
    package var buttonStyle: ButtonStyle? { rows.records[index].buttonStyle }
    /// Where content smaller than the frame sits (the `frame` key's alignment).
    package var frameAlignment: Alignment? { rows.records[index].frameAlignment }
    /// How an image fills its box (the `contentMode` key).
    package var contentMode: ContentMode? { rows.records[index].contentMode }
    /// Whether the node has a `modifiers` chain (then `chain` has its elements).
    package var hasModifierChain: Bool { rows.records[index].hasModifierChain }
    /// The whole modifier chain, resolved, innermost first: the `aspectRatio`, `padding`, `frame`, `background` and
    /// `cornerRadius` keys as the modifiers they stand for, then the payload's `modifiers` from `payloadChainStart` on
    /// (`Modifiers.fullChain(isImage:)`). Empty for a node without `modifiers`.
    package var chain: (elements: [ChainElement], payloadChainStart: Int) {
        let k = extrasIndex
        guard k >= 0 else { return ([], 0) }
        return (rows.extras[k].chain, rows.extras[k].payloadChainStart)
    }
    /// The colours of the payload chain's `background` modifiers, innermost first.
    package var chainBackgroundColors: [Color] { let k = extrasIndex; return k >= 0 ? rows.extras[k].chainBackgroundColors : [] }
    /// A scroll's axis.
    package var axis: Axis? { rows.records[index].axis }
    /// The section views a scroll keeps in its viewport.
    package var pinnedViews: PinnedScrollableViews? { rows.records[index].pinnedViews }
    /// A text's string; a button's or label's title.
    package var text: String? {
        if !result.changedTexts.isEmpty, row < result.links.count, let text = result.changedTexts[result.links[row].node] { return text }
        return rows.records[index].text
    }
    /// An image's SF Symbol.
    package var systemName: String? { let k = extrasIndex; return k >= 0 ? rows.extras[k].systemName : nil }
    /// A label's SF Symbol.
    package var systemImage: String? { let k = extrasIndex; return k >= 0 ? rows.extras[k].systemImage : nil }
    package var strikethrough: Bool { rows.records[index].strikethrough }
    package var underline: Bool { rows.records[index].underline }
    /// An image's URL, description, placeholder and mirroring.
    package var url: String? { let k = extrasIndex; return k >= 0 ? rows.extras[k].url : nil }
    package var alt: String? { let k = extrasIndex; return k >= 0 ? rows.extras[k].alt : nil }
    package var placeholder: ImagePlaceholder? { let k = extrasIndex; return k >= 0 ? rows.extras[k].placeholder : nil }
    package var flipsForRightToLeftLayoutDirection: Bool { let k = extrasIndex; return k >= 0 ? rows.extras[k].flipsForRightToLeftLayoutDirection : false }
    /// What a tap does.
    package var action: Action? { let k = extrasIndex; return k >= 0 ? rows.extras[k].action : nil }
    /// Whether a tap does something.
    package var hasAction: Bool { rows.records[index].hasAction }
    /// What runs when the node appears and disappears.
    package var onAppear: Action? { let k = extrasIndex; return k >= 0 ? rows.extras[k].onAppear : nil }
    package var onDisappear: Action? { let k = extrasIndex; return k >= 0 ? rows.extras[k].onDisappear : nil }
    /// The input control the node is (toggle, text field, stepper, picker), with its variable's value.
    package var input: InputContent? {
        let k = extrasIndex
        guard k >= 0, var input = rows.extras[k].input else { return nil }
        input.value = result.state[input.target]
        return input
    }
    /// The `accessibility` properties.
    package var accessibility: AccessibilityContent? { let k = extrasIndex; return k >= 0 ? rows.extras[k].accessibility : nil }
    /// A custom type's own properties, as the payload gave them.
    package var properties: [String: JSONValue] { let k = extrasIndex; return k >= 0 ? rows.extras[k].properties : [:] }
    /// For the root of a node a template made: the item it shows.
    package var templateItem: TemplateItem? { let k = extrasIndex; return k >= 0 ? rows.extras[k].templateItem : nil }
    /// Whether the chain's `hidden` or an `opacity` of 0 hides the node (its subtree is not read by assistive
    /// technologies).
    package var isHiddenByModifiers: Bool { rows.records[index].isHiddenByModifiers }
}

/// One element of a node's modifier chain, resolved: its payload name and what it draws or does.
package struct ChainElement: Hashable, Sendable {
    /// The modifier's payload name (`"border"`, `"shadow"` …).
    package var name: String
    package var effect: ModifierEffect

    init(_ modifier: Modifier, sizeClass: UserInterfaceSizeClass) {
        func r<T>(_ value: Responsive<T>) -> T { value.resolved(for: sizeClass) }
        func finite(_ value: Double, _ fallback: Double = 0) -> Double { value.isFinite ? value : fallback }
        name = modifier.name
        switch modifier {
        case .padding, .frame, .aspectRatio, .fixedSize, .layoutPriority, .ignoresSafeArea:
            effect = .layout
        case .background(let d), .overlay(let d):
            let isOverlay: Bool
            if case .overlay = modifier { isOverlay = true } else { isOverlay = false }
            switch d.content {
            case .color(let c): effect = .fill(r(c), isOverlay: isOverlay)
            case .view: effect = .view(isOverlay: isOverlay)
            }
        case .offset(let o): effect = .offset(x: finite(r(o.x)), y: finite(r(o.y)))
        case .opacity(let o): effect = .opacity(min(1, max(0, finite(r(o), 1))))
        case .cornerRadius(let radius): effect = .clip(.roundedRectangle(cornerRadius: max(0, finite(r(radius)))))
        case .clipShape(let shape):
            switch shape {
            case .circle: effect = .clip(.circle)
            case .capsule: effect = .clip(.capsule)
            case .ellipse: effect = .clip(.ellipse)
            case .rectangle: effect = .clip(.rectangle)
            case .roundedRectangle(let radius): effect = .clip(.roundedRectangle(cornerRadius: max(0, finite(r(radius)))))
            }
        case .border(let b): effect = .border(r(b.color), width: max(0, finite(b.width.map(r) ?? 1, 1)))
        case .shadow(let s):
            effect = .shadow(s.color.map(r) ?? ModifierEffect.defaultShadowColor, radius: max(0, finite(r(s.radius))),
                             x: finite(s.x.map(r) ?? 0), y: finite(s.y.map(r) ?? 0))
        case .hidden(let h): effect = r(h) ? .hidden : .layout
        case .unknown: effect = .unknown
        }
    }
}

/// An input control's properties, resolved, with its variable's value in the state the screen was resolved in.
package struct InputContent: Hashable, Sendable {
    /// The state variable the control shows and changes.
    package var target: String
    package var label: String?
    package var placeholder: String?
    package var keyboard: KeyboardType?
    package var isSecure: Bool
    package var submitAction: Action?
    package var range: ClosedRange<Double>?
    package var step: Double?
    package var options: [PickerOption]
    package var pickerStyle: PickerStyle?
    /// The variable's value (in the state of the result read).
    package var value: StateValue?

    init(_ input: InputProperties, sizeClass: UserInterfaceSizeClass) {
        target = input.target
        label = input.label?.resolved(for: sizeClass)
        placeholder = input.placeholder?.resolved(for: sizeClass)
        keyboard = input.keyboard
        isSecure = input.isSecure?.resolved(for: sizeClass) ?? false
        submitAction = input.submitAction
        range = input.range
        step = input.step
        options = input.options
        pickerStyle = input.pickerStyle
        value = nil
    }
}

/// A node's `accessibility` properties, resolved.
package struct AccessibilityContent: Hashable, Sendable {
    package var label: String?
    package var hint: String?
    package var value: String?
    package var identifier: String?
    package var traits: [AccessibilityTrait]
    package var hidden: Bool?
    package var sortPriority: Double?
    package var children: AccessibilityChildBehavior?

    /// Whether the node says something about itself (a label, hint, value or trait).
    package var describesItself: Bool { label != nil || hint != nil || value != nil || !traits.isEmpty }

    init(_ properties: AccessibilityProperties, sizeClass: UserInterfaceSizeClass) {
        func r<T>(_ value: Responsive<T>?) -> T? { value?.resolved(for: sizeClass) }
        label = r(properties.label)
        hint = r(properties.hint)
        value = r(properties.value)
        identifier = properties.identifier
        traits = properties.traits
        hidden = r(properties.hidden)
        sortPriority = r(properties.sortPriority)
        children = r(properties.children)
    }
}
