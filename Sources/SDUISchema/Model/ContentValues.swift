import SDUIEnvironment

/// What one modifier of a node's chain draws or does, its values resolved for the traits (finite, in range): what
/// the flat tree keeps of the modifier for drawing, and what a display list's layer says (`DisplayLayer.effect`).
public enum ModifierEffect: Hashable, Sendable {
    /// Changes the layout only (padding, frame, aspectRatio, fixedSize, layoutPriority, ignoresSafeArea).
    case layout
    /// A colour behind (`background`) or in front of (`overlay`) the box.
    case fill(Color, isOverlay: Bool)
    /// A view behind or in front of the box: a flat node of its own, drawn as its own display item
    /// (`DisplayLayer.decorationIndex`).
    case view(isOverlay: Bool)
    /// Moves the drawing.
    case offset(x: Double, y: Double)
    /// Transparency of everything inside, 0…1.
    case opacity(Double)
    /// Clips everything inside to a shape (`cornerRadius` is a rounded rectangle).
    case clip(DisplayClipShape)
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

/// A clip shape (SwiftUI's `Circle`, `Capsule`, `Ellipse`, `Rectangle`, `RoundedRectangle`), its radius resolved.
public enum DisplayClipShape: Hashable, Sendable {
    case circle, capsule, ellipse, rectangle
    case roundedRectangle(cornerRadius: Double)
}

/// One element of a node's modifier chain, resolved: its payload name and what it draws or does.
package struct ChainElement: Hashable, Sendable {
    /// The modifier's payload name (`"border"`, `"shadow"` …).
    package var name: String
    package var effect: ModifierEffect

    package init(_ modifier: Modifier, sizeClass: UserInterfaceSizeClass) {
        // A size-class map built in code with neither class's value reads as absent: the modifier's neutral value,
        // or no effect where it has none (a fill or border without a color).
        func r<T>(_ value: Responsive<T>) -> T? { value.value(for: sizeClass) }
        func finite(_ value: Double?, _ fallback: Double = 0) -> Double { value.map { $0.isFinite ? $0 : fallback } ?? fallback }
        name = modifier.name
        switch modifier {
        case .padding, .frame, .aspectRatio, .fixedSize, .layoutPriority, .ignoresSafeArea:
            effect = .layout
        case .background(let d), .overlay(let d):
            let isOverlay: Bool
            if case .overlay = modifier { isOverlay = true } else { isOverlay = false }
            switch d.content {
            case .color(let c): effect = r(c).map { .fill($0, isOverlay: isOverlay) } ?? .layout
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
        case .border(let b):
            effect = r(b.color).map { .border($0, width: max(0, finite(b.width.flatMap(r), 1))) } ?? .layout
        case .shadow(let s):
            effect = .shadow(s.color.flatMap(r) ?? ModifierEffect.defaultShadowColor, radius: max(0, finite(r(s.radius))),
                             x: finite(s.x.flatMap(r)), y: finite(s.y.flatMap(r)))
        case .hidden(let h): effect = r(h) == true ? .hidden : .layout
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

    package init(_ input: InputProperties, sizeClass: UserInterfaceSizeClass) {
        target = input.target
        label = input.label?.value(for: sizeClass)
        placeholder = input.placeholder?.value(for: sizeClass)
        keyboard = input.keyboard
        isSecure = input.isSecure?.value(for: sizeClass) ?? false
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

    package init(_ properties: AccessibilityProperties, sizeClass: UserInterfaceSizeClass) {
        func r<T>(_ value: Responsive<T>?) -> T? { value?.value(for: sizeClass) }
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
