import Foundation

/// RFC 6901 JSON Pointers (`/root/children/3/aspectRatio`).
public enum JSONPointer {
    /// Escapes one reference token (`~` → `~0`, `/` → `~1`).
    public static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
    /// `base` + `/token`.
    public static func appending(_ base: String, _ token: String) -> String { base + "/" + escape(token) }
    /// `base` + `/index`.
    public static func appending(_ base: String, _ index: Int) -> String { base + "/" + String(index) }
}
