import Foundation

/// The devices SDUIKit knows, addressable by exact name (case-insensitive) or slug.
public enum DeviceCatalog {
    /// The device called `name`: Apple's name (case-insensitive, e.g. "iPad Pro 13-inch (M4)"), its slug
    /// (`ipad-pro-13-m4`), or a slug without dashes (`iphonese3`).
    public static func device(named name: String) -> Device? {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        if let d = all.first(where: { $0.name.lowercased() == key || $0.slug == key }) { return d }
        let squashed = squash(key)
        return all.first { squash($0.slug) == squashed || squash($0.name.lowercased()) == squashed }
    }

    /// Up to three catalog slugs that look like `name`, for "did you mean" messages.
    public static func suggestions(for name: String) -> [String] {
        let key = squash(name.lowercased())
        let scored = all.map { ($0.slug, commonPrefix(squash($0.slug), key) * 2 + (squash($0.slug).contains(key) ? 5 : 0)) }
        let likely = scored.filter { $0.1 >= 4 }
        return sortedIndices(count: likely.count) { likely[$0].1 > likely[$1].1 }.prefix(3).map { likely[$0].0 }
    }

    private static func squash(_ s: String) -> String { String(s.filter { $0.isLetter || $0.isNumber }) }
    private static func commonPrefix(_ a: String, _ b: String) -> Int {
        zip(a, b).prefix { $0 == $1 }.count
    }
}
