public import SDUISchema

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
