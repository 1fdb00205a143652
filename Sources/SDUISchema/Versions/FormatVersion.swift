/// A version of the payload format's vocabulary, `MAJOR.MINOR` ("1.7").
///
/// The minor number grows whenever node types, keys, modifiers, actions or expression functions are added
/// (`FormatHistory` lists what each version added); the major number is `schemaVersion`, which changes only when a
/// meaning changes. A renderer reads every payload of its major version; a node it is too old for — a type it does
/// not know, or a `minimumVersion` above its own — is shown as the node's `fallback`, or not at all.
public struct FormatVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The `schemaVersion` this version belongs to.
    public var major: Int
    /// The vocabulary's revision within `major`.
    public var minor: Int

    /// `major.minor`.
    public init(_ major: Int, _ minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// The version written `text`: digits, one dot, digits (`"1.7"`, `"2.0"`), each part at most 9 999; nil otherwise
    /// (`"1"`, `"1.7.0"`, `"v1.7"`, `" 1.7"`, `"-1.0"`).
    public init?(_ text: String) {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 2, let major = Self.number(parts[0]), let minor = Self.number(parts[1]) else { return nil }
        self.init(major, minor)
    }

    private static func number(_ digits: Substring.UTF8View.SubSequence) -> Int? {
        guard (1...4).contains(digits.count) else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// The version of the vocabulary this build reads: the last release of `FormatHistory`.
    public static let current: FormatVersion = FormatHistory.releases.last?.version ?? FormatVersion(1, 0)

    /// `"1.7"`.
    public var description: String { "\(major).\(minor)" }

    public static func < (lhs: FormatVersion, rhs: FormatVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }
}
