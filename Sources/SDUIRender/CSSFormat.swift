import SDUIEnvironment
import SDUISchema

/// Number and colour spellings shared by the HTML and SVG writers.
enum CSSFormat {
    /// A length rounded to 1/1000 pt without trailing zeros (`12`, `12.5`, `0.333`); non-finite → `0`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let clamped = min(max(value, -1e9), 1e9)
        let rounded = (clamped * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        return String(rounded)
    }

    /// A length with a `px` unit (CSS px are the engine's points: 1 pt = 1 CSS px).
    static func px(_ value: Double) -> String { number(value) + "px" }

    /// `#rrggbb` or `#rrggbbaa`.
    static func color(_ rgba: Color.RGBA) -> String { rgba.hex }
}

extension Rect {
    /// `x,y,w,h` rounded to 1/1000 pt: the `data-frame` attribute.
    var dataFrame: String {
        [x, y, width, height].map(CSSFormat.number).joined(separator: ",")
    }
}
