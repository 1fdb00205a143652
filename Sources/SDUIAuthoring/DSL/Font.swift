public import SDUIEnvironment
public import SDUISchema

/// A font from a font file the layout engine is given (SwiftUI's `Font.custom(_:size:relativeTo:)`): writes a
/// text-bearing node's `fontFamily`, `fontSize` and (for `Text` and `Label`) `style`.
///
/// ```swift
/// Text("Welcome").font(.custom("Lato", size: 15, relativeTo: .body)).italic()
/// ```
public struct Font: Hashable, Sendable {
    /// The family name (as in the font file's `name` table).
    public var family: Responsive<String>
    /// Points at the default Dynamic Type size (Large); nil: the text style's size.
    public var size: Responsive<Double>?
    /// The text style the size scales with; nil: the node's own (body by default).
    public var textStyle: TextStyle?

    /// The family `name` at `size` points, scaled with Dynamic Type relative to `textStyle` (SwiftUI's
    /// `Font.custom(_:size:relativeTo:)`; `Font.custom(_:size:)` scales relative to body, as here).
    public static func custom(_ name: String, size: Double, relativeTo textStyle: TextStyle = .body) -> Font {
        Font(family: .fixed(name), size: .fixed(size), textStyle: textStyle)
    }

    /// The family `name` at the size of the node's text style (its size at every Dynamic Type size).
    public static func custom(_ name: String) -> Font {
        Font(family: .fixed(name), size: nil, textStyle: nil)
    }

    /// A family and size that may differ per size class (or be bindings, `"@{…}"`).
    public static func custom(_ family: Responsive<String>, size: Responsive<Double>?, relativeTo textStyle: TextStyle? = nil) -> Font {
        Font(family: family, size: size, textStyle: textStyle)
    }
}

/// A component that shows text and so takes a font: `Text`, `Label`, `Button` and the inputs.
public protocol TextBearing: PayloadComponent {}

extension TextBearing {
    /// Sets the font family and size (SwiftUI's `font(_:)` with `Font.custom`). On a `Text` or `Label` the font's
    /// text style becomes the node's `style`; a button's or an input's text scales with its control's own style
    /// (body; a segmented picker's footnote), so there `relativeTo` is not written.
    public func font(_ font: Font) -> Self {
        with { node in
            node.fontFamily = font.family
            node.fontSize = font.size
            if let style = font.textStyle, node.type == .text || node.type == .label { node.style = .fixed(style) }
        }
    }

    /// Italic (SwiftUI's `italic()`): the family's italic face, chosen by CSS font matching.
    public func italic(_ isActive: Bool = true) -> Self {
        with { $0.italic = .fixed(isActive) }
    }
}

extension Text: TextBearing {}
extension Label: TextBearing {}
extension Button: TextBearing {}
extension Toggle: TextBearing {}
extension TextField: TextBearing {}
extension Stepper: TextBearing {}
extension Picker: TextBearing {}
