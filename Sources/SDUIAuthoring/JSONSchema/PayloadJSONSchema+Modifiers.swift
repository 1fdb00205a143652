import SDUIEnvironment
import SDUISchema

extension PayloadJSONSchema {
    /// `modifiers`: an array of one-key objects, each a modifier (strict: unknown modifiers are refused).
    static var modifiers: JSONValue {
        [
            "description": "SwiftUI's modifier chain, innermost first: each element wraps everything before it (and the node's shorthand keys padding, frame, aspectRatio, background, cornerRadius, which apply first). At most 64.",
            "type": "array",
            "maxItems": .number(Double(64)),
            "items": SchemaBuilding.ref("modifier"),
        ]
    }

    /// One chain element.
    static var modifier: JSONValue {
        let ref = SchemaBuilding.ref
        let decoration: (String) -> JSONValue = { what in
            [
                "description": .string("A color filling the box, or {\"content\": node | \"color\": color, \"alignment\", \"ignoresSafeArea\"}: the content is proposed the size of what it wraps, placed by alignment, and never changes that size (SwiftUI's \(what))."),
                "anyOf": [
                    ref("responsiveColor", nil),
                    [
                        "type": "object",
                        "properties": [
                            "content": ref("node", "A view laid out at the decorated box's size."),
                            "color": ref("responsiveColor", "A color filling the box."),
                            "alignment": ref("responsiveAlignment", "Where the content sits in the box. Default: center."),
                            "ignoresSafeArea": ref("responsiveBool", "Whether the drawing extends into the safe area where the box reaches it. Default: false (SwiftUI's background(Color) extends by default; a payload asks for it)."),
                        ],
                        "oneOf": [["required": ["content"]], ["required": ["color"]]],
                        "additionalProperties": false,
                    ],
                ],
            ]
        }
        let number: (String) -> JSONValue = { ref("responsiveSignedLength", $0) }
        let properties: [(key: String, value: JSONValue)] = [
            ("padding", ref("padding", "SwiftUI's padding(_:).")),
            ("frame", ref("frame", "SwiftUI's frame(width:height:alignment:) or frame(minWidth:…).")),
            ("aspectRatio", [
                "description": "SwiftUI's aspectRatio(_:contentMode:): a ratio (fit), or {\"ratio\", \"contentMode\"}; without a ratio the content's ideal ratio.",
                "anyOf": [
                    ref("responsiveAspectRatio", nil),
                    ["type": "object", "properties": ["ratio": ref("responsiveAspectRatio", "Width ÷ height; absent: the content's ideal ratio."), "contentMode": ref("responsiveContentMode", "fit (default) or fill.")],
                     "minProperties": 1, "additionalProperties": false],
                ],
            ]),
            ("background", decoration("background")),
            ("overlay", decoration("overlay")),
            ("offset", ["type": "object", "description": "SwiftUI's offset(x:y:): moves the drawing, never the layout of anything else.",
                        "properties": ["x": number("Points to the right."), "y": number("Points down.")], "additionalProperties": false]),
            ("opacity", ref("responsiveFraction", "SwiftUI's opacity(_:), 0…1.")),
            ("cornerRadius", ref("responsiveLength", "SwiftUI's cornerRadius(_:): clips to a rounded rectangle.")),
            ("clipShape", [
                "description": "SwiftUI's clipShape(_:).",
                "anyOf": [
                    SchemaBuilding.enumeration(ClipShape.simpleNames, "A shape filling the box."),
                    ["type": "object", "properties": ["roundedRectangle": ref("responsiveLength", "The corner radius.")],
                     "required": ["roundedRectangle"], "additionalProperties": false],
                ],
            ]),
            ("border", [
                "description": "SwiftUI's border(_:width:): a color (width 1) or {\"color\", \"width\"}, drawn inside the box.",
                "anyOf": [
                    ref("responsiveColor", nil),
                    ["type": "object", "properties": ["color": ref("responsiveColor", "The line's color."), "width": ref("responsiveLength", "Default: 1.")],
                     "required": ["color"], "additionalProperties": false],
                ],
            ]),
            ("shadow", ["type": "object", "description": "SwiftUI's shadow(color:radius:x:y:).",
                        "properties": ["color": ref("responsiveColor", "Default: black at 33 % opacity."), "radius": ref("responsiveLength", "Blur radius."),
                                       "x": number("Default: 0."), "y": number("Default: 0.")],
                        "required": ["radius"], "additionalProperties": false]),
            ("fixedSize", [
                "description": "SwiftUI's fixedSize(horizontal:vertical:): the content at its ideal size on those axes.",
                "anyOf": [
                    ["type": "boolean"],
                    ["type": "object", "properties": ["horizontal": ref("responsiveBool", "Ideal width. Default: true."), "vertical": ref("responsiveBool", "Ideal height. Default: true.")],
                     "additionalProperties": false],
                ],
            ]),
            ("layoutPriority", ref("responsiveFiniteNumber", "SwiftUI's layoutPriority(_:); the outermost one of a node counts.")),
            ("ignoresSafeArea", [
                "description": "SwiftUI's ignoresSafeArea(edges:): true (all edges), false, or {\"edges\": […]}.",
                "anyOf": [
                    ["type": "boolean"],
                    ["type": "object", "properties": ["edges": ["type": "array", "description": "The edges.", "items": SchemaBuilding.enumeration(
                        ["top", "leading", "bottom", "trailing", "horizontal", "vertical", "all"], "An edge or a set of edges.")]],
                     "required": ["edges"], "additionalProperties": false],
                ],
            ]),
            ("hidden", ref("responsiveBool", "SwiftUI's hidden(): keeps the layout space, draws nothing inside.")),
        ]
        return [
            "description": .string("One modifier: an object with exactly one of \(Modifier.knownNames.joined(separator: ", "))."),
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "properties": .object(properties),
            "additionalProperties": false,
        ]
    }

    /// A grid's `columns`: a count or GridItems, or a size-class map of either.
    static var gridColumns: JSONValue {
        [
            "description": "A column count (1…64), or an array of 1…64 GridItems, a binding \"@{expr}\" to either, or a size-class map {\"compact\": …, \"regular\": …} of either.",
            "anyOf": [
                SchemaBuilding.ref("columns"),
                SchemaBuilding.ref("gridItems"),
                SchemaBuilding.ref("binding"),
                [
                    "type": "object",
                    "properties": [
                        "compact": ["description": "The columns in a horizontally compact window.", "anyOf": [SchemaBuilding.ref("columns"), SchemaBuilding.ref("gridItems")]],
                        "regular": ["description": "The columns in a horizontally regular window.", "anyOf": [SchemaBuilding.ref("columns"), SchemaBuilding.ref("gridItems")]],
                    ],
                    "additionalProperties": false,
                    "minProperties": 1,
                ],
            ],
        ]
    }

    /// An hgrid's rows: a count, GridItems, or a size-class map of GridItems.
    static var gridRows: JSONValue {
        [
            "description": "A row count (1…64), or an array of 1…64 GridItems, or a size-class map {\"compact\": …, \"regular\": …} of GridItem arrays.",
            "anyOf": [
                SchemaBuilding.ref("columns"),
                SchemaBuilding.ref("gridItems"),
                [
                    "type": "object",
                    "properties": [
                        "compact": SchemaBuilding.ref("gridItems", "The rows in a horizontally compact window."),
                        "regular": SchemaBuilding.ref("gridItems", "The rows in a horizontally regular window."),
                    ],
                    "additionalProperties": false,
                    "minProperties": 1,
                ],
            ],
        ]
    }

    /// A scroll's pinned section views.
    static var pinnedViews: JSONValue {
        [
            "description": "Section views that stay in the viewport while their section passes under them.",
            "type": "array",
            "items": SchemaBuilding.enumeration(PinnedScrollableViews.names.map(\.0), "sectionHeaders or sectionFooters."),
            "uniqueItems": true,
        ]
    }

    /// A viewThatFits's axes.
    static var axes: JSONValue {
        let axis = SchemaBuilding.enumeration(["horizontal", "vertical"], "An axis.")
        return [
            "description": "horizontal, vertical, or an array of them.",
            "anyOf": [axis, ["type": "array", "items": axis, "minItems": 1, "uniqueItems": true]],
        ]
    }

    /// An array of GridItems.
    static var gridItems: JSONValue {
        let bounds: (Bool) -> JSONValue = { adaptive in
            var schema: [(key: String, value: JSONValue)] = [
                ("description", .string(adaptive ? "As many columns of at least minimum (at most maximum) as the share fits." : "The column's share, clamped to minimum…maximum.")),
                ("type", "object"),
                ("properties", [
                    "minimum": adaptive ? ["type": "number", "exclusiveMinimum": 0, "description": "The narrowest column (> 0)."]
                                        : SchemaBuilding.ref("length", "Default: 10."),
                    "maximum": SchemaBuilding.ref("maxLength", "Default: infinity."),
                ]),
                ("additionalProperties", false),
            ]
            if adaptive { schema.append(("required", ["minimum"])) }
            return .object(schema)
        }
        return [
            "description": "SwiftUI GridItems: fixed columns first, then the rest share what remains in order; an adaptive item fits as many columns of at least its minimum as its share allows.",
            "type": "array",
            "minItems": 1,
            "maxItems": .number(Double(GridItem.maxCount)),
            "items": [
                "type": "object",
                "properties": [
                    "fixed": SchemaBuilding.ref("length", "Exactly this many points."),
                    "flexible": bounds(false),
                    "adaptive": bounds(true),
                    "spacing": SchemaBuilding.ref("length", "Points after this column. Default: the grid's columnSpacing."),
                    "alignment": SchemaBuilding.ref("alignment", "Where an item sits in its cell. Default: center."),
                ],
                "oneOf": [["required": ["fixed"]], ["required": ["flexible"]], ["required": ["adaptive"]]],
                "additionalProperties": false,
            ],
        ]
    }
}
