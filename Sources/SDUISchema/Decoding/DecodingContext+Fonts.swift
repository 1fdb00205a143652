// The font keys of text-bearing nodes: `fontFamily`, `fontSize`, `italic`.

extension DecodingContext {
    /// Decodes `fontFamily` (a non-empty family name), `fontSize` (points, `ValueLimits.fontSize`) or `italic` (a
    /// bool); each may be a size-class map or a binding. Whether the family exists is the layout engine's question
    /// (it depends on the fonts it is given): an unknown one is its `font-not-found` warning, not a decoding error.
    mutating func decodeFont(_ key: NodeKey, _ item: JSONValue, into properties: inout NodeProperties) {
        switch key {
        case .fontFamily:
            properties.sectionAndStyle.fontFamily = responsive(item) { c, v -> String? in
                guard let name = c.string(v) else { return nil }
                guard !name.isEmpty, name.utf8.count <= Self.maxFontFamilyBytes else {
                    c.error(.invalidValue, name.isEmpty
                        ? "must be a font family name such as \"Lato\" (the family in the font file's name table)"
                        : "a family name is at most \(Self.maxFontFamilyBytes) bytes, got \(name.utf8.count)")
                    return nil
                }
                return name
            }
        case .fontSize:
            properties.sectionAndStyle.fontSize = responsive(item) { $0.number($1, .fontSize) }
        case .italic:
            properties.sectionAndStyle.italic = responsive(item) { $0.bool($1) }
        default:
            break
        }
    }

    /// The longest `fontFamily` in UTF-8 bytes (a `name` table string is at most 65 535 bytes; real names are short).
    static let maxFontFamilyBytes = 256
}
