extension DecodingContext {
    /// `"accessibility": {"label", "hint", "value", "identifier", "traits", "hidden", "sortPriority", "children"}`.
    ///
    /// Each problem is reported at its own pointer (`/root/children/2/accessibility/traits/1`); an unknown trait or
    /// key gets the closest known name ("did you mean …?"), SwiftUI's spellings (`isHeader`) the UIKit one.
    mutating func accessibility(_ value: JSONValue) -> AccessibilityProperties? {
        guard case .object(let pairs) = value else {
            error(.wrongType, "must be an object like {\"label\": \"Close\", \"traits\": [\"button\"]}, got \(value.brief)")
            return nil
        }
        var properties = AccessibilityProperties()
        for (key, item) in pairs {
            path.append(.key(key))
            defer { path.removeLast() }
            if accessibilityMember(key, item, into: &properties) { continue }
            // A misspelt key's value is checked as the key it most likely means (and not used).
            if let guess = reportUnknown(key, "unknown accessibility property \"\(key)\"", known: AccessibilityProperties.keys,
                                         hint: Self.accessibilitySynonyms[key]), value[guess] == nil {
                var scratch = AccessibilityProperties()
                _ = checkingTypo { $0.accessibilityMember(guess, item, into: &scratch) }
            }
        }
        return properties
    }

    /// Decodes the member `key` (its value at the top of `path`) into `properties`; false when `key` is not one.
    private mutating func accessibilityMember(_ key: String, _ item: JSONValue, into properties: inout AccessibilityProperties) -> Bool {
        switch key {
        case "label": properties.label = responsive(item) { $0.string($1) }
        case "hint": properties.hint = responsive(item) { $0.string($1) }
        case "value": properties.value = responsive(item) { $0.string($1) }
        case "identifier":
            guard let s = string(item) else { return true }
            if s.isEmpty { error(.invalidValue, "must be a non-empty string") } else { properties.identifier = s }
        case "traits": properties.traits = accessibilityTraits(item)
        case "hidden": properties.hidden = responsive(item) { $0.bool($1) }
        case "sortPriority": properties.sortPriority = responsive(item) { $0.number($1, .layoutPriority) }
        case "children": properties.children = responsive(item) { $0.enumeration($1, AccessibilityChildBehavior.self) }
        default: return false
        }
        return true
    }

    /// SwiftUI's modifier names for the payload's keys (`accessibilityLabel` → `label`).
    static let accessibilitySynonyms: [String: String] = [
        "accessibilityLabel": "label", "accessibilityHint": "hint", "accessibilityValue": "value",
        "accessibilityIdentifier": "identifier", "id": "identifier", "accessibilityTraits": "traits",
        "accessibilityHidden": "hidden", "isAccessibilityElement": "hidden", "accessibilitySortPriority": "sortPriority",
        "priority": "sortPriority", "accessibilityElement": "children", "accessibilityElements": "children",
    ]

    /// An array of trait names (UIKit's `UIAccessibilityTraits`); a repeated trait counts once.
    private mutating func accessibilityTraits(_ value: JSONValue) -> [AccessibilityTrait] {
        let names = AccessibilityTrait.allCases.map(\.rawValue)
        guard case .array(let items) = value else {
            error(.wrongType, "must be an array of trait names such as [\"button\", \"header\"], got \(value.brief)")
            return []
        }
        var traits: [AccessibilityTrait] = []
        for (i, item) in items.enumerated() {
            path.append(.index(i))
            defer { path.removeLast() }
            guard case .string(let s) = item else {
                error(.wrongType, "must be a trait name (one of \(names.joined(separator: ", "))), got \(item.brief)")
                continue
            }
            guard let trait = AccessibilityTrait(rawValue: s) else {
                let guess = Spelling.closest(to: s, among: names) ?? AccessibilityTrait.synonyms[s]?.rawValue
                error(.invalidValue, "unknown accessibility trait \"\(s)\"" + (guess.map { " — did you mean \"\($0)\"?" } ?? "")
                      + " (known: \(names.joined(separator: ", ")))")
                continue
            }
            if !traits.contains(trait) { traits.append(trait) }
        }
        return traits
    }
}
