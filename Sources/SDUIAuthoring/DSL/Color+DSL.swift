public import SDUISchema

extension Color {
    /// The color a payload string names: a system color (`"accent"`) or `#RGB`, `#RRGGBB`, `#RRGGBBAA`.
    ///
    /// A string that is neither becomes a clear color that keeps the string as its `name`, so the encoded
    /// payload contains it verbatim and decoding reports it with its JSON Pointer.
    public static func named(_ text: String) -> Color {
        Color(parsing: text) ?? Color(light: RGBA(red: 0, green: 0, blue: 0, alpha: 0), name: text)
    }
}
