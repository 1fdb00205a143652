import SDUIDisplay

/// Escaping and URL vetting for payload strings that end up in HTML or SVG.
///
/// Every string that comes from a payload passes through one of these before it is written: text content
/// through `text(_:)`, attribute values through `attribute(_:)`, image sources through `imageSource(_:)`.
public enum HTMLEscaping {
    /// Escapes `&`, `<` and `>` for text content (also safe inside a double-quoted attribute when combined
    /// with `attribute(_:)`).
    public static func text(_ string: String) -> String { escape(string, quotes: false) }

    /// Escapes a value for a double- or single-quoted attribute: `&`, `<`, `>`, `"`, `'`.
    public static func attribute(_ string: String) -> String { escape(string, quotes: true) }

    /// `&`, `<`, `>` and, with `quotes`, `"` and `'` as entities; invisible scalars as `appendVisible` writes them.
    private static func escape(_ string: String, quotes: Bool) -> String {
        var out = ""
        out.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&#39;"
            default: appendVisible(scalar, to: &out)
            }
        }
        return out
    }

    /// The URL if it may be used as an image source — `http:`, `https:` or a `data:image/…` URL
    /// (scheme compared case-insensitively, leading/trailing whitespace refused) — else nil.
    ///
    /// Anything else (`javascript:`, `file:`, relative paths, `data:text/html`) is never written to a page.
    public static func imageSource(_ url: String) -> String? { ImageRequest.loadableURL(url) }

    /// C0 and C1 control characters other than tab and newline are dropped: they are invalid in HTML and
    /// XML, the text measurer gives them no width, and Chromium would draw a box for them (docs/text.md).
    private static func appendVisible(_ scalar: Unicode.Scalar, to out: inout String) {
        let v = scalar.value
        if v < 0x20 && v != 0x09 && v != 0x0A { return }
        if (0x7F...0x9F).contains(v) || (0xFFFE...0xFFFF).contains(v) { return }
        out.unicodeScalars.append(scalar)
    }
}
