import SDUIEnvironment
import SDUISchema

extension PayloadJSONSchema {
    /// Every node: a `type`, then the branch of that type (or of custom types).
    static var node: JSONValue {
        let builtIn = ComponentType.builtIn.map(\.rawValue)
        var branches: [JSONValue] = ComponentType.builtIn.map { type in
            [
                "if": ["properties": ["type": ["const": .string(type.rawValue)]], "required": ["type"]],
                "then": SchemaBuilding.ref(type.rawValue + "Node"),
            ]
        }
        // A forEach is not a node: it is accepted only among children (see `forEach`).
        branches.append([
            "if": ["properties": ["type": ["const": "forEach"]], "required": ["type"]],
            "then": false,
        ])
        branches.append([
            "if": ["properties": ["type": ["enum": SchemaBuilding.strings(builtIn + ["forEach"])]], "required": ["type"]],
            "else": SchemaBuilding.ref("customNode"),
        ])
        return [
            "description": .string("A node of the screen's tree. Built-in types: \(builtIn.joined(separator: ", ")); any other type is a custom type."),
            "type": "object",
            "required": ["type"],
            "properties": ["type": ["type": "string", "minLength": 1, "description": "The node's kind."]],
            "allOf": .array(branches),
        ]
    }

    /// The keys every node accepts besides `type`: `id`, the modifiers, and `children` on containers.
    static func commonProperties(container: Bool) -> [(key: String, value: JSONValue)] {
        var properties: [(key: String, value: JSONValue)] = [
            ("id", ["type": "string", "minLength": 1,
                    "description": "Unique within the screen. Nodes without one get a stable path id such as root.0.3."]),
        ]
        for modifier in NodeProperty.modifiers {
            properties.append((modifier.key, SchemaBuilding.ref(modifier.definition, modifier.description)))
        }
        if container {
            properties.append(("children", [
                "type": "array", "items": ["anyOf": [SchemaBuilding.ref("node"), SchemaBuilding.ref("forEach")]],
                "description": "The child nodes, in order; a forEach among them stands for the nodes its template makes.",
            ]))
        }
        return properties
    }

    /// A built-in type: its own keys plus the common ones, nothing else.
    static func nodeDefinition(_ type: ComponentType) -> JSONValue {
        let own = NodeProperty.typeProperties(of: type)
        var properties: [(key: String, value: JSONValue)] = [
            ("type", ["const": .string(type.rawValue), "description": "The node's kind."]),
        ]
        properties += own.map { ($0.key, SchemaBuilding.ref($0.definition, $0.description)) }
        properties += commonProperties(container: type.isContainer)
        var schema: [(key: String, value: JSONValue)] = [
            ("description", .string(typeDescription(type))),
            ("type", "object"),
        ]
        let required = own.filter(\.isRequired).map(\.key)
        if !required.isEmpty { schema.append(("required", SchemaBuilding.strings(required))) }
        schema.append(("properties", .object(properties)))
        schema.append(("additionalProperties", false))
        return .object(schema)
    }

    /// A type this format does not define: common keys checked, any other key kept verbatim.
    static var customNode: JSONValue {
        var properties: [(key: String, value: JSONValue)] = [
            ("type", ["type": "string", "not": ["enum": SchemaBuilding.strings(ComponentType.builtIn.map(\.rawValue) + ["forEach"])],
                      "description": "A type the host app registers or a newer format defines."]),
        ]
        properties += commonProperties(container: true)
        return [
            "description": "A node of a custom type: one the host app draws (PayloadDecoder.Options.customTypes; its other keys are passed to the app verbatim), or one a newer format defines. A renderer that does not know the type shows the node's fallback in its place, or nothing (with a warning; an error in strict mode).",
            "type": "object",
            "properties": .object(properties),
            "additionalProperties": true,
        ]
    }

    /// The documentation of a built-in type.
    static func typeDescription(_ type: ComponentType) -> String {
        switch type {
        case .vstack: return "A vertical stack (SwiftUI's VStack)."
        case .hstack: return "A horizontal stack (SwiftUI's HStack)."
        case .zstack: return "An overlay stack, later children on top (SwiftUI's ZStack)."
        case .grid: return "A grid of equal flexible columns, filled row by row (SwiftUI's LazyVGrid with .flexible() columns)."
        case .scroll: return "A scroll view whose children are stacked along its axis (ScrollView + LazyVStack/LazyHStack)."
        case .text: return "Text in a Dynamic Type style (SwiftUI's Text)."
        case .image: return "An image loaded from a URL into a box reserved before it loads; give it an aspectRatio."
        case .button: return "A button; its tap target is at least 44×44 pt (SwiftUI's Button)."
        case .spacer: return "Flexible space along the enclosing stack's axis (SwiftUI's Spacer)."
        case .divider: return "A thin separator line (SwiftUI's Divider)."
        case .color: return "A color filling the space it is offered (SwiftUI's Color as a view)."
        case .section: return "A group of children with an optional header and footer, stacked along its parent's axis (SwiftUI's Section)."
        case .viewThatFits: return "Shows the first child whose ideal size fits the proposal on its axes, else the last (SwiftUI's ViewThatFits)."
        case .flow: return "Children placed in lines like words, wrapping when the next child would not fit (chips, tags, filters)."
        case .hgrid: return "A grid of rows filled column by column, as wide as its columns (SwiftUI's LazyHGrid)."
        case .label: return "A title with an SF Symbol before it (SwiftUI's Label)."
        case .toggle: return "A switch bound to a bool state variable (SwiftUI's Toggle; UIKit's UISwitch)."
        case .textField: return "A one-line text field bound to a string state variable (SwiftUI's TextField or SecureField)."
        case .stepper: return "A − / + control bound to a number state variable (SwiftUI's Stepper; UIKit's UIStepper)."
        case .picker: return "A choice among options, bound to a state variable (SwiftUI's Picker, segmented or menu)."
        case .custom(let name): return "A custom type \(name)."
        }
    }

    /// An action: one branch per known `type`; an unknown type is accepted (the decoder keeps it with a warning).
    static var action: JSONValue {
        let presentationStyles = SchemaBuilding.strings(PresentationStyle.allCases.map(\.rawValue))
        let screen: JSONValue = ["type": "string", "description": "The id of the screen to show."]
        func branch(_ type: String, _ properties: JSONValue, required: [String], _ description: String) -> JSONValue {
            [
                "if": ["properties": ["type": ["const": .string(type)]], "required": ["type"]],
                "then": [
                    "description": .string(description),
                    "properties": properties,
                    "required": SchemaBuilding.strings(["type"] + required),
                    "additionalProperties": false,
                ],
            ]
        }
        let name: JSONValue = ["type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*$", "description": "The state variable the action changes."]
        func value(_ text: String) -> JSONValue { SchemaBuilding.ref("valueTemplate", text) }
        func action(_ text: String) -> JSONValue { SchemaBuilding.ref("action", text) }
        return [
            "description": "What a tap (or onAppear, onDisappear, submitAction) does: data the runtime carries out. Known types: \(Action.builtInTypes.joined(separator: ", ")); another type is kept for the host app (with a warning). Strings may hold @{…} bindings, computed when the action runs.",
            "type": "object",
            "required": ["type"],
            "properties": ["type": ["type": "string", "description": "The kind of action."]],
            "allOf": [
                branch("set", ["type": true, "name": name, "value": value("The new value, of the variable's type.")], required: ["name", "value"], "Set a state variable (the value keeps its type)."),
                branch("toggle", ["type": true, "name": name], required: ["name"], "Flip a bool state variable."),
                branch("append", ["type": true, "name": name, "value": value("The element to add.")], required: ["name", "value"], "Add a value to the end of an array state variable."),
                branch("remove", ["type": true, "name": name, "index": value("The position of the element to remove."), "value": value("Remove every element equal to this.")],
                       required: ["name"], "Remove from an array state variable the element at index, or every element equal to value (exactly one of them)."),
                branch("sequence", ["type": true, "actions": ["type": "array", "items": SchemaBuilding.ref("action"), "description": "The actions, in order; each sees the state the ones before it left."]],
                       required: ["actions"], "Run actions in order."),
                branch("if", ["type": true, "condition": value("A bool, such as \"@{count > 0}\"."), "then": action("Runs when the condition is true."), "else": action("Runs when it is false.")],
                       required: ["condition"], "Run then when the condition holds, else else."),
                branch("request", ["type": true, "url": value("The URL; may interpolate the state."),
                                   "method": ["type": "string", "enum": SchemaBuilding.strings(HTTPMethod.allCases.map(\.rawValue)), "description": "The HTTP method. Default: GET."],
                                   "body": value("The JSON body, computed when the action runs."),
                                   "onSuccess": action("Runs on a 2xx response."), "onFailure": action("Runs on any other response, or none.")],
                       required: ["url"], "Ask the host app to perform a request; onSuccess or onFailure runs with @{response.status}, @{response.body} and @{response.error}."),
                branch("navigate", ["type": true, "screen": screen], required: ["screen"], "Push a screen on the navigation stack."),
                branch("open", ["type": true, "url": ["type": "string", "description": "The URL to open outside the app."]], required: ["url"], "Open a URL outside the app."),
                branch("present", ["type": true, "screen": screen,
                                   "style": ["type": "string", "enum": presentationStyles, "description": "UIKit's modal presentation style. Default: automatic."]],
                       required: ["screen"], "Present a screen modally."),
                branch("dismiss", ["type": true], required: [], "Dismiss the presented screen."),
            ],
        ]
    }

    /// Per-node lint settings: findings silenced on the node and its subtree, each with a reason.
    static var lint: JSONValue {
        [
            "description": "Lint findings silenced on this node and its subtree (sdui lint counts them as silenced). Layout ignores it.",
            "type": "object",
            "properties": [
                "disable": [
                    "type": "array",
                    "description": "The silenced findings.",
                    "items": [
                        "type": "object",
                        "properties": [
                            "code": ["type": "string", "pattern": "^[a-z][a-z0-9-]*$", "description": "A lint code, e.g. text-truncated (sdui lint --help lists them)."],
                            "reason": ["type": "string", "minLength": 1, "description": "Why the finding is not a problem here."],
                        ],
                        "required": ["code", "reason"],
                        "additionalProperties": false,
                    ],
                ],
            ],
            "required": ["disable"],
            "additionalProperties": false,
        ]
    }
}
