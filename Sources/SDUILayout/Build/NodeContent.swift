import SDUIEnvironment
import SDUISchema

/// What a node shows and does besides where it is — its identity, appearance, text, image, control, action,
/// accessibility and lifecycle actions — resolved for one horizontal size class from the payload node its flat node
/// was built from.
///
/// The flat tree's other half: the build resolves what layout needs into the flat nodes as it builds them, and this
/// when a later stage asks for node `index` (`LayoutResult.content(at:)`) — each value as it is read: the display
/// list reads nearly all of a node's, once per item it makes; the accessibility pass a few. Every value is resolved
/// here, and nothing downstream reads the payload model.
package struct NodeContent {
    /// The payload node, in memory `result` keeps.
    private let node: UnsafePointer<ComponentNode>
    /// The result the node was laid out in (its payload's memory, the state the screen is in).
    private let result: LayoutNodeStorage
    /// The size class values are resolved for.
    package let sizeClass: UserInterfaceSizeClass

    init(_ node: UnsafePointer<ComponentNode>, in result: LayoutNodeStorage, sizeClass: UserInterfaceSizeClass) {
        self.node = node; self.result = result; self.sizeClass = sizeClass
    }

    @inline(__always) private func r<T>(_ value: Responsive<T>?) -> T? { value?.resolved(for: sizeClass) }

    /// The payload's `id`.
    package var id: String? { node.pointee.id }
    /// The node's type.
    package var type: ComponentType { node.pointee.type }
    /// A text's, label's or input's text colour, a button's tint, a colour node's fill, a symbol's tint.
    package var color: Color? { r(node.pointee.color) }
    /// The `background` key: a colour behind the padded, framed box.
    package var background: Color? { r(node.pointee.drawingModifiers.background) }
    /// The `cornerRadius` key.
    package var cornerRadius: Double? { r(node.pointee.drawingModifiers.cornerRadius) }
    /// A button's style.
    package var buttonStyle: ButtonStyle? { r(node.pointee.buttonStyle) }
    /// Where content smaller than the frame sits (the `frame` key's alignment).
    package var frameAlignment: Alignment? { r(node.pointee.drawingModifiers.frameAlignment) }
    /// How an image fills its box (the `contentMode` key).
    package var contentMode: ContentMode? { r(node.pointee.drawingModifiers.contentMode) }
    /// Whether the node has a `modifiers` chain (then `chain` has its elements).
    package var hasModifierChain: Bool { !node.pointee.drawingModifiers.chain.isEmpty }
    /// The whole modifier chain, resolved, innermost first: the `aspectRatio`, `padding`, `frame`, `background` and
    /// `cornerRadius` keys as the modifiers they stand for, then the payload's `modifiers` from `payloadChainStart` on
    /// (`Modifiers.fullChain(isImage:)`). Empty for a node without `modifiers`.
    /// - Complexity: O(chain length).
    package var chain: (elements: [ChainElement], payloadChainStart: Int) {
        let modifiers = node.pointee.modifiers
        guard !modifiers.chain.isEmpty else { return ([], 0) }
        let full = modifiers.fullChain(isImage: type == .image)
        return (full.map { ChainElement($0, sizeClass: sizeClass) }, full.count - modifiers.chain.count)
    }
    /// The colours of the payload chain's `background` modifiers, innermost first.
    package var chainBackgroundColors: [Color] {
        node.pointee.drawingModifiers.chain.compactMap { modifier in
            guard case .background(let d) = modifier, case .color(let c) = d.content else { return nil }
            return c.resolved(for: sizeClass)
        }
    }
    /// A scroll's axis.
    package var axis: Axis? { r(node.pointee.axis) }
    /// The section views a scroll keeps in its viewport.
    package var pinnedViews: PinnedScrollableViews? { node.pointee.pinnedViews }
    /// A text's string; a button's or label's title.
    package var text: String? {
        switch type {
        case .button, .label: return r(node.pointee.title)
        default: return r(node.pointee.text)
        }
    }
    /// An image's SF Symbol.
    package var systemName: String? { r(node.pointee.systemName) }
    /// A label's SF Symbol.
    package var systemImage: String? { r(node.pointee.systemImage) }
    package var strikethrough: Bool { r(node.pointee.strikethrough) ?? false }
    package var underline: Bool { r(node.pointee.underline) ?? false }
    /// An image's URL, description, placeholder and mirroring.
    package var url: String? { r(node.pointee.url) }
    package var alt: String? { r(node.pointee.alt) }
    package var placeholder: ImagePlaceholder? { r(node.pointee.placeholder) }
    package var flipsForRightToLeftLayoutDirection: Bool { r(node.pointee.flipsForRightToLeftLayoutDirection) ?? false }
    /// What a tap does.
    package var action: Action? { node.pointee.drawingModifiers.action }
    /// Whether a tap does something.
    package var hasAction: Bool { node.pointee.drawingModifiers.action != nil }
    /// What runs when the node appears and disappears.
    package var onAppear: Action? { node.pointee.onAppear }
    package var onDisappear: Action? { node.pointee.onDisappear }
    /// The input control the node is (toggle, text field, stepper, picker).
    package var input: InputContent? {
        node.pointee.input.map { InputContent($0, sizeClass: sizeClass, state: result.state) }
    }
    /// The `accessibility` properties.
    package var accessibility: AccessibilityContent? {
        node.pointee.drawingModifiers.accessibility.map { AccessibilityContent($0, sizeClass: sizeClass) }
    }
    /// A custom type's own properties, as the payload gave them.
    package var properties: [String: JSONValue] { node.pointee.extra }
    /// For the root of a node a template made: the item it shows.
    package var templateItem: TemplateItem? { node.pointee.templateItem }

    /// Whether the chain's `hidden` or an `opacity` of 0 hides the node (its subtree is not read by assistive
    /// technologies).
    package var isHiddenByModifiers: Bool {
        node.pointee.drawingModifiers.chain.contains { modifier in
            switch modifier {
            case .hidden(let hidden): return hidden.resolved(for: sizeClass)
            case .opacity(let opacity): return opacity.resolved(for: sizeClass) <= 0
            default: return false
            }
        }
    }
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
    /// The variable's value.
    package var value: StateValue?

    init(_ input: InputProperties, sizeClass: UserInterfaceSizeClass, state: ScreenState) {
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
