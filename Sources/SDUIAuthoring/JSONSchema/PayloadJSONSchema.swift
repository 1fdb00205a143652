import SDUIEnvironment
public import SDUISchema

/// A JSON Schema (draft 2020-12) of payload format v1, for servers and editors: what `sdui schema` prints.
///
/// It is generated from the same tables as the canonical encoder (`NodeProperty`) and takes every enum's
/// values from the model's `CaseIterable` types, so it cannot drift from the code. It describes a payload
/// the decoder accepts **in strict mode**, with one deliberate exception: a node of an unknown `type` is
/// accepted (its own keys are free, its common keys and children are checked), because the decoder keeps
/// unknown types so an older app survives a newer server. Limits (payload size, nesting depth, node count,
/// string length) and duplicate ids are not expressible in JSON Schema and are checked only by the decoder.
public enum PayloadJSONSchema {
    /// The schema's `$id`.
    public static let id = "https://sduikit.dev/schemas/payload-v1.schema.json"

    /// The schema as a JSON value.
    public static var jsonValue: JSONValue {
        let versions = JSONValue.array(Screen.supportedVersions.map { .number(Double($0)) })
        let rootProperties: JSONValue = [
            "schemaVersion": ["type": "integer", "enum": versions,
                              "description": "The payload format version. Checked first: a version this build does not support is an error naming the supported ones (\(Screen.supportedVersions.map(String.init).joined(separator: ", ")))."],
            "id": ["type": "string", "minLength": 1,
                   "description": "The screen's id, used for routing (navigate and present actions name it). Default: \"screen\"."],
            "title": ["type": "string", "description": "The screen's title (a navigation bar title)."],
            "state": [
                "description": "The screen's state variables and their initial values, which type them (number, string, bool, array, object; null: any type). Bindings (\"@{count > 0}\") read them; actions change them.",
                "type": "object",
                "propertyNames": ["pattern": "^[A-Za-z_][A-Za-z0-9_]*$", "not": ["enum": ["true", "false", "null"]]],
                "maxProperties": .number(Double(DecodingContext.maxStateVariables)),
            ],
            "previews": [
                "description": "Named states to preview the screen in: each an object of state variables and their values over the initial state.",
                "type": "object",
                "additionalProperties": ["type": "object", "propertyNames": ["pattern": "^[A-Za-z_][A-Za-z0-9_]*$"]],
            ],
            "root": SchemaBuilding.ref("node", "The screen's root node."),
        ]
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": .string(id),
            "title": "SDUIKit payload, format v1",
            "description": "A screen sent by a server: a tree of nodes (stacks, grids, scroll views, text, images, buttons, spacers, dividers, colors and custom types) with rules and proportions instead of device pixels. Any number, string, boolean or color may be a size-class map {\"compact\": …, \"regular\": …}. Unknown node types are accepted (a renderer that does not know a type shows the node's fallback, or nothing); unknown properties on built-in types are rejected (the decoder warns, or refuses in strict mode).",
            "type": "object",
            "required": ["schemaVersion", "root"],
            "properties": rootProperties,
            "additionalProperties": false,
            "$defs": .object(definitions),
        ]
    }

    /// The schema as JSON text, indented when `pretty`.
    public static func text(pretty: Bool = true) -> String {
        jsonValue.serialized(pretty: pretty)
    }

    /// Every `$defs` entry, in a stable order.
    static var definitions: [(key: String, value: JSONValue)] {
        var defs: [(key: String, value: JSONValue)] = []
        for (name, schema) in scalarDefinitions {
            defs.append((name, schema))
            defs.append(("responsive" + name.prefix(1).uppercased() + name.dropFirst(), responsive(name, schema)))
        }
        defs += [
            ("maxLength", maxLength),
            ("responsiveMaxLength", responsive("maxLength", maxLength)),
            ("colorString", colorString),
            ("color", color),
            ("responsiveColor", responsive("color", color)),
            ("padding", padding),
            ("frame", frame),
            ("modifiers", modifiers),
            ("modifier", modifier),
            ("gridColumns", gridColumns),
            ("gridItems", gridItems),
            ("gridRows", gridRows),
            ("pinnedViews", pinnedViews),
            ("axes", axes),
            ("action", action),
            ("accessibility", accessibility),
            ("binding", binding),
            ("stateVariableBinding", ["type": "string", "pattern": "^@\\{ *[A-Za-z_][A-Za-z0-9_]* *\\}$",
                                      "description": "A state variable the control shows and changes, written \"@{name}\" (SwiftUI's $name)."]),
            ("valueTemplate", ["description": "Any JSON value; its strings may be bindings (\"@{count + 1}\"), computed when the action runs."]),
            ("keyboardType", SchemaBuilding.enumeration(KeyboardType.allCases.map(\.rawValue), "A keyboard (UIKit's UIKeyboardType).")),
            ("pickerStyle", SchemaBuilding.enumeration(PickerStyle.allCases.map(\.rawValue), "A picker style (SwiftUI's .segmented, .menu).")),
            ("positiveNumber", ["type": "number", "exclusiveMinimum": 0, "description": "A number > 0."]),
            ("stepperRange", ["type": "array", "items": ["type": "number"], "minItems": 2, "maxItems": 2,
                              "description": "[minimum, maximum] (minimum ≤ maximum)."]),
            ("pickerOptions", [
                "type": "array", "minItems": 1, "maxItems": .number(Double(DecodingContext.maxPickerOptions)),
                "items": ["anyOf": [
                    ["type": "string", "description": "An option whose value is its label."],
                    ["type": "object", "properties": ["value": ["description": "The value the option stores."], "label": ["type": "string", "description": "The text the option shows."]],
                     "required": ["value", "label"], "additionalProperties": false],
                ]],
                "description": "A picker's options.",
            ]),
            ("forEach", forEach),
            ("lint", lint),
            ("formatVersion", ["type": "string", "pattern": "^[0-9]{1,4}\\.[0-9]{1,4}$",
                               "description": "A payload format version, MAJOR.MINOR (sdui capabilities lists what each version reads)."]),
            ("node", node),
        ]
        for type in ComponentType.builtIn {
            defs.append((type.rawValue + "Node", nodeDefinition(type)))
        }
        defs.append(("customNode", customNode))
        return defs
    }

    /// Scalars that may also be a size-class map; each gets a `responsive…` twin.
    static var scalarDefinitions: [(String, JSONValue)] {
        [
            ("length", ["type": "number", "minimum": 0, "maximum": .number(ValueLimits.maxLength),
                        "description": "A length in points, 0…100000."]),
            ("finiteNumber", ["type": "number", "minimum": .number(ValueLimits.layoutPriority.lowerBound),
                              "maximum": .number(ValueLimits.layoutPriority.upperBound),
                              "description": "A layout priority, -1000000…1000000."]),
            ("aspectRatio", ["type": "number", "minimum": .number(ValueLimits.aspectRatio.lowerBound),
                             "maximum": .number(ValueLimits.aspectRatio.upperBound),
                             "description": "Width ÷ height, 0.001…1000."]),
            ("fraction", ["type": "number", "minimum": 0, "maximum": 1, "description": "A number from 0 to 1."]),
            ("signedLength", ["type": "number", "minimum": .number(-ValueLimits.maxLength), "maximum": .number(ValueLimits.maxLength),
                              "description": "An offset in points, -100000…100000."]),
            ("columns", ["type": "integer", "minimum": 1, "maximum": 64, "description": "A column count, 1…64 (2.0 is accepted as 2; 2.5 is not)."]),
            ("lineLimit", ["type": "integer", "minimum": 1, "maximum": 10_000, "description": "A number of lines (≥ 1)."]),
            ("string", ["type": "string", "description": "A string."]),
            ("bool", ["type": "boolean", "description": "true or false."]),
            ("alignment", SchemaBuilding.enumeration(Alignment.allCases.map(\.rawValue), "One of the nine alignments in a rectangle (SwiftUI's Alignment).")),
            ("horizontalAlignment", SchemaBuilding.enumeration(Alignment.horizontal.map(\.rawValue), "A horizontal alignment (SwiftUI's HorizontalAlignment).")),
            ("verticalAlignment", SchemaBuilding.enumeration(Alignment.vertical.map(\.rawValue), "A vertical alignment (SwiftUI's VerticalAlignment).")),
            ("axis", SchemaBuilding.enumeration(Axis.allCases.map(\.rawValue), "A scroll axis.")),
            ("contentMode", SchemaBuilding.enumeration(ContentMode.allCases.map(\.rawValue), "How content fits a box of another aspect ratio (SwiftUI's ContentMode).")),
            ("textStyle", SchemaBuilding.enumeration(TextStyle.allCases.map(\.rawValue), "A Dynamic Type text style (SwiftUI's Font.TextStyle).")),
            ("fontWeight", SchemaBuilding.enumeration(FontWeight.allCases.map(\.rawValue), "A font weight (SwiftUI's Font.Weight).")),
            ("imagePlaceholder", SchemaBuilding.enumeration(ImagePlaceholder.allCases.map(\.rawValue), "What an image shows while it loads.")),
            ("buttonStyle", SchemaBuilding.enumeration(ButtonStyle.allCases.map(\.rawValue), "A SwiftUI button style.")),
            ("truncationMode", SchemaBuilding.enumeration(TruncationMode.allCases.map(\.rawValue), "Where a line that does not fit is cut (SwiftUI's Text.TruncationMode).")),
            ("scaleFactor", ["type": "number", "exclusiveMinimum": 0, "maximum": 1, "description": "A scale factor, greater than 0 and at most 1."]),
            ("symbolName", ["type": "string", "minLength": 1, "description": "An SF Symbol name, such as star.fill."]),
            ("fontFamily", ["type": "string", "minLength": 1, "maxLength": 256,
                            "description": "A font family name, as in the font file's name table (typographic family, else family), such as Lato."]),
            ("fontSize", ["type": "number", "minimum": .number(ValueLimits.fontSize.lowerBound), "maximum": .number(ValueLimits.fontSize.upperBound),
                          "description": "A font size in points at the default Dynamic Type size (Large), 1…1000."]),
            ("accessibilityChildren", SchemaBuilding.enumeration(AccessibilityChildBehavior.allCases.map(\.rawValue), "What an accessibility element does with its children (SwiftUI's AccessibilityChildBehavior): combine, contain or ignore.")),
        ]
    }

    /// `anyOf` the scalar definition `name`, a binding, or a `{"compact", "regular"}` map of the scalar.
    static func responsive(_ name: String, _ scalar: JSONValue) -> JSONValue {
        var noun = "A \(name) value"
        if case .string(let text)? = scalar["description"] { noun = String(text.dropLast(text.hasSuffix(".") ? 1 : 0)) }
        return [
            "description": .string("\(noun); a binding \"@{expr}\" to the state; or a size-class map {\"compact\": …, \"regular\": …} of such values (at least one; a missing class falls back to the other)."),
            "anyOf": [
                SchemaBuilding.ref(name),
                SchemaBuilding.ref("binding"),
                [
                    "type": "object",
                    "properties": [
                        "compact": SchemaBuilding.ref(name, "The value in a horizontally compact window (iPhone portrait, narrow iPad Split View and Slide Over)."),
                        "regular": SchemaBuilding.ref(name, "The value in a horizontally regular window (iPad full screen, wide Split View, large iPhones in landscape)."),
                    ],
                    "additionalProperties": false,
                    "minProperties": 1,
                ],
            ],
        ]
    }

    /// A string that is exactly one `@{expr}`: the expression's value (the decoder checks the expression and its
    /// type; a string property also takes text with `@{…}` in it).
    static var binding: JSONValue {
        ["type": "string", "pattern": "^@\\{[\\s\\S]*\\}$",
         "description": "A binding: @{expr}, the value of an expression over the screen's state (see docs/schema.md, \"Expressions\")."]
    }

    /// `{"type": "forEach", "items", "id", "as", "template"}`.
    static var forEach: JSONValue {
        [
            "description": "A list sent as data and one template: the template is made once per element of items, with @{item…} (or the name as gives) and @{index} in its bindings (SwiftUI's ForEach).",
            "type": "object",
            "properties": [
                "type": ["const": "forEach", "description": "A template, not a node."],
                "items": ["anyOf": [SchemaBuilding.ref("binding"), ["type": "array"]], "description": "The array: a binding such as \"@{products}\", or a literal array."],
                "id": SchemaBuilding.ref("binding", "Each item's identity, such as \"@{item.id}\" (reads only item and index). Default: its index."),
                "as": ["type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*$", "not": ["enum": ["index", "true", "false", "null"]], "description": "The name the template reads each element by. Default: item."],
                "template": SchemaBuilding.ref("node", "The node made for each item (not a forEach); its id may interpolate the item (\"card-@{item.id}\")."),
            ],
            "required": ["type", "items", "template"],
            "additionalProperties": false,
        ]
    }

    static var maxLength: JSONValue {
        [
            "description": "A maximum length in points (≥ 0), or \"infinity\" to take all the space offered (SwiftUI's .infinity).",
            "anyOf": [SchemaBuilding.ref("length"), ["const": "infinity"]],
        ]
    }

    static var colorString: JSONValue {
        [
            "description": "#RGB, #RRGGBB or #RRGGBBAA (sRGB hex), or a system color name with UIKit's light and dark values.",
            "anyOf": [
                ["type": "string", "pattern": "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"],
                SchemaBuilding.enumeration(Color.system.keys.sorted(), "A system color."),
            ],
        ]
    }

    static var color: JSONValue {
        [
            "description": "A color string, or {\"light\": …, \"dark\": …} for the two appearances.",
            "anyOf": [
                SchemaBuilding.ref("colorString"),
                [
                    "type": "object",
                    "properties": [
                        "light": SchemaBuilding.ref("colorString", "The color in light appearance."),
                        "dark": SchemaBuilding.ref("colorString", "The color in dark appearance. Default: the light color."),
                    ],
                    "required": ["light"],
                    "additionalProperties": false,
                ],
            ],
        ]
    }

    static var padding: JSONValue {
        let edge = { (text: String) in SchemaBuilding.ref("responsiveLength", text) }
        return [
            "description": "Padding in points: one length (or size-class map) for all four edges, or an object of edges.",
            "anyOf": [
                SchemaBuilding.ref("responsiveLength"),
                [
                    "type": "object",
                    "properties": [
                        "top": edge("Top padding; overrides vertical."),
                        "leading": edge("Leading padding; overrides horizontal."),
                        "bottom": edge("Bottom padding; overrides vertical."),
                        "trailing": edge("Trailing padding; overrides horizontal."),
                        "horizontal": edge("Leading and trailing padding."),
                        "vertical": edge("Top and bottom padding."),
                    ],
                    "additionalProperties": false,
                    "minProperties": 1,
                ],
            ],
        ]
    }

    static var frame: JSONValue {
        [
            "description": "Size constraints in points. width/height fix a dimension; min/max bound it; a max may be \"infinity\".",
            "type": "object",
            "properties": [
                "width": SchemaBuilding.ref("responsiveLength", "Fixed width."),
                "height": SchemaBuilding.ref("responsiveLength", "Fixed height."),
                "minWidth": SchemaBuilding.ref("responsiveLength", "Minimum width."),
                "maxWidth": SchemaBuilding.ref("responsiveMaxLength", "Maximum width; \"infinity\" takes all the width offered."),
                "minHeight": SchemaBuilding.ref("responsiveLength", "Minimum height."),
                "maxHeight": SchemaBuilding.ref("responsiveMaxLength", "Maximum height; \"infinity\" takes all the height offered."),
                "alignment": SchemaBuilding.ref("responsiveAlignment", "Where the content sits in a frame larger than it. Default: center."),
            ],
            "additionalProperties": false,
        ]
    }
}
