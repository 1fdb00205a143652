import SDUISchema
import SDUIAuthoring

/// libFuzzer's dictionary for the payload targets: JSON's own tokens, numbers at the edges of what payloads
/// carry, and every property name and enum value of the payload's JSON Schema (so a property added to the
/// schema reaches the fuzzer without anyone editing a list).
///
/// `Scripts/fuzz` writes it to a file before a run (`SDUI_FUZZ_DICTIONARY=1 fuzz-layout` prints it).
public enum FuzzDictionary {
    /// JSON structure and hostile scalars (`-0`, huge, tiny, overflowing, lone surrogates, a BOM, control bytes).
    static let tokens = [
        "{", "}", "[", "]", ":", ",", "\"", "\\\"", "\\\\", "\\u0000", "\\ud800", "\\udfff", "\\u202e",
        "true", "false", "null", "0", "-0", "1", "-1", "0.5", "1e308", "-1e308", "1e-320", "1e400", "100000",
        "100001", "2147483648", "9007199254740993", "1.7976931348623157e308", "\u{FEFF}", "\\n", "\\t",
        "{\"type\":\"text\",\"text\":\"a\"}", "\"children\":[", "{\"compact\":", "\"regular\":",
    ]

    /// Every property name and enum string of `PayloadJSONSchema`, quoted as they appear in a payload.
    static func schemaWords() -> [String] {
        var words = Set<String>()
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let pairs):
                for (key, child) in pairs {
                    if key == "properties", case .object(let properties) = child {
                        for property in properties { words.insert(property.key) }
                    }
                    if key == "enum" || key == "const" || key == "required" {
                        if case .string(let word) = child { words.insert(word) }
                        if case .array(let items) = child {
                            for case .string(let word) in items { words.insert(word) }
                        }
                    }
                    walk(child)
                }
            case .array(let items):
                for item in items { walk(item) }
            default:
                break
            }
        }
        walk(PayloadJSONSchema.jsonValue)
        return words.sorted().map { "\"" + $0 + "\"" }
    }

    /// The dictionary in libFuzzer's format: one `"…"` entry a line, bytes outside printable ASCII as `\xNN`.
    public static func text() -> String {
        (tokens + schemaWords()).map(entry).joined(separator: "\n") + "\n"
    }

    /// The dictionary of `target`: the HTTP target's own tokens, the payload dictionary for the others.
    public static func text(for target: FuzzTarget) -> String {
        target == .http ? HTTPTarget.dictionary.map(entry(bytes:)).joined(separator: "\n") + "\n" : text()
    }

    static func entry(_ token: String) -> String { entry(bytes: Array(token.utf8)) }

    static func entry(bytes: [UInt8]) -> String {
        var out = "\""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789abcdef")
                out += "\\x" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return out + "\""
    }
}
