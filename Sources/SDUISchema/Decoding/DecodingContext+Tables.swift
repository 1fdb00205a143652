/// The names the decoder reads besides the node keys (`DecodingContext.knownKeys(for:)`), one table per place:
/// what its messages list as known, what "did you mean …?" is chosen from, and what `Capabilities` reports.
extension DecodingContext {
    /// The keys of the screen object, in the order messages list them.
    static let screenKeys = ["schemaVersion", "id", "title", "state", "previews", "root"]

    /// The keys of each built-in action type besides `type`.
    static let actionKeys: [String: [String]] = [
        "navigate": ["screen"],
        "open": ["url"],
        "present": ["screen", "style"],
        "dismiss": [],
        "set": ["name", "value"],
        "toggle": ["name"],
        "append": ["name", "value"],
        "remove": ["name", "index", "value"],
        "sequence": ["actions"],
        "if": ["condition", "then", "else"],
        "request": ["url", "method", "body", "onSuccess", "onFailure"],
    ]

    /// The keys of each chain element's object form (`{"shadow": {"radius": 4}}`); elements whose value is never
    /// such an object (`opacity`, `hidden`) or is an object described elsewhere (`padding`, `frame`) have none.
    static let modifierObjectKeys: [String: [String]] = [
        "aspectRatio": ["ratio", "contentMode"],
        "background": decorationKeys,
        "overlay": decorationKeys,
        "offset": ["x", "y"],
        "clipShape": ["roundedRectangle"],
        "border": ["color", "width"],
        "shadow": ["radius", "color", "x", "y"],
        "fixedSize": ["horizontal", "vertical"],
        "ignoresSafeArea": ["edges"],
    ]

    /// The keys of a background's or overlay's object form (read for every one: not looked up in a dictionary).
    static let decorationKeys = ["content", "color", "alignment", "ignoresSafeArea"]

    /// The keys of the value objects that are not nodes, by the name `FormatFeature.objectKey` gives them.
    static let objectKeys: [String: [String]] = [
        "frame": ["width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "alignment"],
        "padding": ["top", "leading", "bottom", "trailing", "horizontal", "vertical"],
        "color": ["light", "dark"],
        "sizeClass": ["compact", "regular"],
        "lint": ["disable"],
        "lintSuppression": ["code", "reason"],
        "gridItem": ["fixed", "flexible", "adaptive", "spacing", "alignment"],
        "gridItemBounds": ["minimum", "maximum"],
        "accessibility": AccessibilityProperties.keys,
        "forEach": ["items", "id", "as", "template"],
        "pickerOption": ["value", "label"],
    ]
}
