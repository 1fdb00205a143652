/// A request target's path read as a list of names, safe to look up under a folder: no segment is empty, `.` or
/// `..`, or holds `/`, `\`, NUL or another control character — whether it came literally or percent-encoded
/// (`%2e%2e`, `%2F`, `%5C`, `%00`). A path that would need any of them is refused, never normalised, so no
/// spelling of a path reaches outside the folder it is looked up in (symbolic links are the caller's to check:
/// the segments name entries, they do not resolve them).
public struct RequestPath: Hashable, Sendable {
    /// The decoded segments, in order (`/p/a%20b.json` → `["p", "a b.json"]`; `/` → `[]`).
    public var segments: [String]
    /// Whether the path ended with `/` (`/docs/`).
    public var hasTrailingSlash: Bool

    /// Reads an origin-form path (`HTTPRequest.path`: starts with `/`, percent-encoded).
    /// - Throws: `HTTPParseError` (400) naming what is not allowed.
    public init(_ path: String) throws(HTTPParseError) {
        let bytes = Array(path.utf8)
        guard bytes.first == 0x2F else { throw HTTPParseError(400, "the path must start with /") }
        var segments: [String] = []
        var parts = bytes.dropFirst().split(separator: 0x2F, omittingEmptySubsequences: false)
        hasTrailingSlash = parts.count > 0 && parts.last!.isEmpty
        if hasTrailingSlash { parts.removeLast() }
        for part in parts {
            guard !part.isEmpty else { throw HTTPParseError(400, "an empty path segment (//)") }
            let decoded = try Self.percentDecoded(part)
            guard let text = validUTF8(decoded) else {
                throw HTTPParseError(400, "a path segment that is not UTF-8")
            }
            if text == "." || text == ".." { throw HTTPParseError(400, "'.' and '..' segments are not allowed in a path") }
            for b in decoded where b < 0x20 || b == 0x7F || b == 0x2F || b == 0x5C {
                throw HTTPParseError(400, b == 0x2F || b == 0x5C ? "an encoded / or \\ in a path segment" : "a control character in the path")
            }
            segments.append(text)
        }
        self.segments = segments
    }

    /// `%XX` escapes decoded; a `%` not followed by two hex digits is an error.
    static func percentDecoded(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool = false) throws(HTTPParseError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == 0x25 {
                guard i + 3 <= bytes.endIndex,
                      let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) else {
                    throw HTTPParseError(400, "a % that is not followed by two hexadecimal digits")
                }
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(plusIsSpace && b == 0x2B ? 0x20 : b)
                i += 1
            }
        }
        return out
    }

    /// The `name=value` pairs of a query string (`a=1&b=x%20y`), `+` read as a space; a pair that does not decode
    /// (a bad escape, not UTF-8) is left out.
    public static func queryItems(_ query: String?) -> [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        var items: [(name: String, value: String)] = []
        for pair in Array(query.utf8).split(separator: 0x26) {
            let parts = pair.split(separator: 0x3D, maxSplits: 1, omittingEmptySubsequences: false)
            guard let nameBytes = try? percentDecoded(parts[0], plusIsSpace: true),
                  let valueBytes = try? percentDecoded(parts.count > 1 ? parts[1] : [], plusIsSpace: true),
                  let name = validUTF8(nameBytes),
                  let value = validUTF8(valueBytes) else { continue }
            items.append((name, value))
        }
        return items
    }
}

@inline(__always) func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: return b - 0x30
    case 0x41...0x46: return b - 0x41 + 10
    case 0x61...0x66: return b - 0x61 + 10
    default: return nil
    }
}
