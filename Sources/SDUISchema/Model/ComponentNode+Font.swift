// The font of a text-bearing node: a family from the font files given to the engine, a size that follows Dynamic
// Type, and a style (beside the `style` and `weight` every text-bearing node has).

extension ComponentNode {
    /// The font family the node's text is set in: the family name in a font file's `name` table (typographic family,
    /// name ID 16, else ID 1), compared as CSS compares names (ASCII case-insensitively). Nil: the built-in face.
    ///
    /// Text, label, button and the inputs' label and text take it. A family the layout engine was not given is a
    /// `font-not-found` warning and the text is measured in the built-in face.
    public var fontFamily: Responsive<String>? {
        get { box.properties.sectionAndStyle.fontFamily }
        _modify { makeUnique(); defer { box.refreshRecord() }; yield &box.properties.sectionAndStyle.fontFamily }
    }

    /// The font size in points at the default Dynamic Type size (Large), scaled at other sizes relative to the node's
    /// text style as SwiftUI's `Font.custom(_:size:relativeTo:)` scales it. Nil: the style's size.
    public var fontSize: Responsive<Double>? {
        get { box.properties.sectionAndStyle.fontSize }
        _modify { makeUnique(); defer { box.refreshRecord() }; yield &box.properties.sectionAndStyle.fontSize }
    }

    /// Whether the text is italic (SwiftUI's `italic()`): an italic face of the family is chosen by CSS font
    /// matching. Nil: upright.
    public var italic: Responsive<Bool>? {
        get { box.properties.sectionAndStyle.italic }
        _modify { makeUnique(); defer { box.refreshRecord() }; yield &box.properties.sectionAndStyle.italic }
    }
}
