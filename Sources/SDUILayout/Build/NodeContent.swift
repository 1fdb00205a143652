public import SDUIEnvironment
public import SDUISchema

/// What a node shows and does besides where it is — its identity, appearance, text, image, control, action,
/// accessibility and lifecycle actions — resolved for one horizontal size class from the payload node its flat node
/// was built from.
///
/// The flat tree's other half: the build resolves what layout needs into the flat nodes as it builds them, and this
/// when a later stage asks for node `index` (`LayoutResult.content(at:)`): the display list once per item it makes,
/// the accessibility pass once per node. Every value here is resolved once, here; nothing downstream reads the
/// payload model.
package struct NodeContent: Sendable {
    /// The payload's `id`.
    package var id: String?
    /// The node's type.
    package var type: ComponentType
    /// A text's, label's or input's text colour, a button's tint, a colour node's fill, a symbol's tint.
    package var color: Color?
    /// The `background` key: a colour behind the padded, framed box.
    package var background: Color?
    /// The `cornerRadius` key.
    package var cornerRadius: Double?
    /// A button's style.
    package var buttonStyle: ButtonStyle?
    /// Where content smaller than the frame sits (the `frame` key's alignment).
    package var frameAlignment: Alignment?
    /// How an image fills its box (the `contentMode` key).
    package var contentMode: ContentMode?
    /// The whole modifier chain, resolved, innermost first: the `aspectRatio`, `padding`, `frame`, `background` and
    /// `cornerRadius` keys as the modifiers they stand for, then the payload's `modifiers` from
    /// `payloadChainStart` on (`Modifiers.fullChain(isImage:)`). Empty for a node without `modifiers`.
    package var chain: [ChainElement]
    /// The index in `chain` of the payload's `modifiers[0]`.
    package var payloadChainStart: Int
    /// A text's string; a button's or label's title.
    package var text: String?
    /// An image's SF Symbol.
    package var systemName: String?
    /// A label's SF Symbol.
    package var systemImage: String?
    package var strikethrough: Bool
    package var underline: Bool
    /// An image's URL, description, placeholder and mirroring.
    package var url: String?
    package var alt: String?
    package var placeholder: ImagePlaceholder?
    package var flipsForRightToLeftLayoutDirection: Bool
    /// What a tap does.
    package var action: Action?
    /// What runs when the node appears and disappears.
    package var onAppear: Action?
    package var onDisappear: Action?
    /// The input control the node is (toggle, text field, stepper, picker).
    package var input: InputContent?
    /// The `accessibility` properties.
    package var accessibility: AccessibilityContent?
    /// A custom type's own properties, as the payload gave them.
    package var properties: [String: JSONValue]
    /// For the root of a node a template made: the item it shows.
    package var templateItem: TemplateItem?

    /// Whether the chain's `hidden` or an `opacity` of 0 hides the node (its subtree is not read by assistive
    /// technologies).
    package var isHiddenByModifiers: Bool {
        chain[payloadChainStart...].contains { element in
            switch element.effect {
            case .hidden: return true
            case .opacity(let o): return o <= 0
            default: return false
            }
        }
    }

    /// The content of the payload node at `node` for `sizeClass`; `state`: the state the screen was resolved in (an
    /// input shows its variable's value).
    package init(_ node: UnsafePointer<ComponentNode>, sizeClass: UserInterfaceSizeClass, state: ScreenState) {
        func r<T>(_ value: Responsive<T>?) -> T? { value?.resolved(for: sizeClass) }
        let component = node.pointee
        id = component.id
        type = component.type
        let modifiers = component.modifiers
        color = r(component.color)
        background = r(modifiers.background)
        cornerRadius = r(modifiers.cornerRadius)
        buttonStyle = r(component.buttonStyle)
        frameAlignment = r(modifiers.frame?.alignment)
        contentMode = r(modifiers.contentMode)
        if modifiers.chain.isEmpty {
            chain = []
            payloadChainStart = 0
        } else {
            let full = modifiers.fullChain(isImage: type == .image)
            chain = full.map { ChainElement($0, sizeClass: sizeClass) }
            payloadChainStart = full.count - modifiers.chain.count
        }
        switch type {
        case .button, .label: text = r(component.title)
        default: text = r(component.text)
        }
        systemName = r(component.systemName)
        systemImage = r(component.systemImage)
        strikethrough = r(component.strikethrough) ?? false
        underline = r(component.underline) ?? false
        url = r(component.url)
        alt = r(component.alt)
        placeholder = r(component.placeholder)
        flipsForRightToLeftLayoutDirection = r(component.flipsForRightToLeftLayoutDirection) ?? false
        action = modifiers.action
        onAppear = component.onAppear
        onDisappear = component.onDisappear
        input = component.input.map { InputContent($0, of: component.type, sizeClass: sizeClass, state: state) }
        accessibility = modifiers.accessibility.map { AccessibilityContent($0, sizeClass: sizeClass) }
        properties = component.extra
        templateItem = component.templateItem
    }
}

/// One element of a node's modifier chain, resolved: its payload name and what it draws or does.
package struct ChainElement: Hashable, Sendable {
    /// The modifier's payload name (`"border"`, `"shadow"` …).
    package var name: String
    package var effect: ChainEffect

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
            effect = .shadow(s.color.map(r) ?? ChainEffect.defaultShadowColor, radius: max(0, finite(r(s.radius))),
                             x: finite(s.x.map(r) ?? 0), y: finite(s.y.map(r) ?? 0))
        case .hidden(let h): effect = r(h) ? .hidden : .layout
        case .unknown: effect = .unknown
        }
    }
}

/// What a modifier of the chain draws or does, its values resolved (finite, in range).
package enum ChainEffect: Hashable, Sendable {
    /// Changes the layout only (padding, frame, aspectRatio, fixedSize, layoutPriority, ignoresSafeArea).
    case layout
    /// A colour behind (`background`) or in front of (`overlay`) the box.
    case fill(Color, isOverlay: Bool)
    /// A view behind or in front of the box (a flat node of its own).
    case view(isOverlay: Bool)
    /// Moves the drawing.
    case offset(x: Double, y: Double)
    /// Transparency of everything inside, 0…1.
    case opacity(Double)
    /// Clips everything inside to a shape (`cornerRadius` is a rounded rectangle).
    case clip(ClipShapeValue)
    /// A line along the inside of the box.
    case border(Color, width: Double)
    /// A drop shadow of everything inside.
    case shadow(Color, radius: Double, x: Double, y: Double)
    /// Draws nothing inside (`hidden()`).
    case hidden
    /// A modifier this version does not know (drawn as nothing).
    case unknown

    /// SwiftUI's default shadow colour: black at 33 % opacity.
    package static let defaultShadowColor = Color(light: .init(red: 0, green: 0, blue: 0, alpha: 84),
                                                  dark: .init(red: 0, green: 0, blue: 0, alpha: 84))
}

/// A clip shape, its radius resolved.
package enum ClipShapeValue: Hashable, Sendable {
    case circle, capsule, ellipse, rectangle
    case roundedRectangle(cornerRadius: Double)
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
    /// The variable's value.
    package var value: StateValue?

    init(_ input: InputProperties, of type: ComponentType, sizeClass: UserInterfaceSizeClass, state: ScreenState) {
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
        value = state[input.target]
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
