import SDUISchema

extension PayloadJSONSchema {
    /// `"accessibility"`: what VoiceOver reads for a node (`AccessibilityProperties`).
    static var accessibility: JSONValue {
        let ref = SchemaBuilding.ref
        return [
            "description": "What assistive technologies learn about the node, with SwiftUI's names. Absent keys keep SwiftUI's defaults: a text is an element labelled by its string, a button by its title (trait button), an image by alt (trait image). Layout ignores it.",
            "type": "object",
            "properties": [
                "label": ref("responsiveString", "accessibilityLabel: what the element is called; replaces the default label."),
                "hint": ref("responsiveString", "accessibilityHint: what activating the element does."),
                "value": ref("responsiveString", "accessibilityValue: the element's current value (\"3 of 5\")."),
                "identifier": ["type": "string", "minLength": 1, "description": "accessibilityIdentifier: for UI tests, never read aloud."],
                "traits": [
                    "type": "array",
                    "description": "Traits added to the element's own (accessibilityAddTraits), by their UIAccessibilityTraits names.",
                    "items": SchemaBuilding.enumeration(AccessibilityTrait.allCases.map(\.rawValue), "A UIAccessibilityTraits name."),
                ],
                "hidden": ref("responsiveBool", "accessibilityHidden: true hides the node and its subtree from assistive technologies (decorative images). Default: false."),
                "sortPriority": ref("responsiveFiniteNumber", "accessibilitySortPriority: higher is read first among the elements of the same accessibility container. Default: 0."),
                "children": ref("responsiveAccessibilityChildren", "accessibilityElement(children:): combine merges the children into one element (labels joined by \", \"), contain keeps them as a group read together, ignore makes one element of the node's own label."),
            ],
            "additionalProperties": false,
        ]
    }
}
