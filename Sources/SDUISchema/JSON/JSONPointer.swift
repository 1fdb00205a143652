/// RFC 6901 JSON Pointers (`/root/children/3/aspectRatio`).
public enum JSONPointer {
    /// Escapes one reference token (`~` → `~0`, `/` → `~1`).
    ///
    /// Scans the UTF-8 bytes (a decode makes a pointer per property, so this must not go through Foundation's
    /// string search, which would dominate a decode).
    /// - Complexity: O(n) in the token's length.
    public static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var escaped = ""
        escaped.reserveCapacity(token.utf8.count + 4)
        for scalar in token.unicodeScalars {
            switch scalar {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
    /// `base` + `/token`.
    public static func appending(_ base: String, _ token: String) -> String { base + "/" + escape(token) }
    /// `base` + `/index`.
    public static func appending(_ base: String, _ index: Int) -> String { base + "/" + String(index) }
}
