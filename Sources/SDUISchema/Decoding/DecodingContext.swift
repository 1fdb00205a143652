import SDUIEnvironment

/// Walks a parsed document, building model values and recording issues. Never traps on input.
struct DecodingContext {
    let options: PayloadDecoder.Options
    var issues: [PayloadIssue] = []
    /// First pointer of each node id seen, for duplicate reports.
    var idPointers: [String: String] = [:]
    var nodeCount = 0
    var reportedNodeLimit = false

    init(options: PayloadDecoder.Options) { self.options = options }

    // MARK: Issues

    mutating func error(_ code: PayloadIssue.Code, _ pointer: String, _ message: String) {
        issues.append(PayloadIssue(.error, code, pointer, message))
    }
    /// A warning that strict mode turns into an error.
    mutating func lenient(_ code: PayloadIssue.Code, _ pointer: String, _ message: String) {
        issues.append(PayloadIssue(options.strict ? .error : .warning, code, pointer, message))
    }

    // MARK: Screen

    mutating func decodeScreen(_ document: JSONValue) -> Screen? {
        guard case .object(let pairs) = document else {
            error(.wrongType, "", "a payload must be a JSON object, got \(document.typeDescription)")
            return nil
        }
        // The version first: a payload of an unknown version is not checked any further.
        guard let versionValue = document["schemaVersion"] else {
            error(.missingProperty, "/schemaVersion", "required: the payload format version (supported: \(Self.supportedList))")
            return nil
        }
        guard case .number(let v) = versionValue, v == v.rounded(), v.isFinite else {
            error(.wrongType, "/schemaVersion", "must be an integer (supported: \(Self.supportedList)), got \(versionValue.brief)")
            return nil
        }
        guard let version = Int(exactly: v), Screen.supportedVersions.contains(version) else {
            error(.unsupportedVersion, "/schemaVersion", "unsupported version \(JSONValue.format(v)); this build supports \(Self.supportedList)")
            return nil
        }
        var id = "screen"
        var title: String?
        var root: ComponentNode?
        var sawRoot = false
        for (key, value) in pairs {
            let pointer = JSONPointer.appending("", key)
            switch key {
            case "schemaVersion": break
            case "id":
                if let s = string(value, pointer) {
                    if s.isEmpty { error(.invalidValue, pointer, "must be a non-empty string") } else { id = s }
                }
            case "title": title = string(value, pointer)
            case "root":
                sawRoot = true
                root = decodeNode(value, pointer, depth: 1)
            default:
                lenient(.unknownProperty, pointer, "unknown screen property \"\(key)\" (known: schemaVersion, id, title, root)")
            }
        }
        if !sawRoot { error(.missingProperty, "/root", "required: the screen's root node") }
        guard let root else { return nil }
        return Screen(schemaVersion: version, id: id, title: title, root: root)
    }

    static var supportedList: String { Screen.supportedVersions.map(String.init).joined(separator: ", ") }

    // MARK: Nodes

    static let commonKeys: Set<String> = ["type", "id", "children", "padding", "frame", "aspectRatio", "contentMode",
                                          "background", "cornerRadius", "visible", "layoutPriority", "action"]

    /// Type-specific keys of each built-in type.
    static func keys(for type: ComponentType) -> [String] {
        switch type {
        case .vstack, .hstack: return ["spacing", "alignment"]
        case .zstack: return ["alignment"]
        case .grid: return ["columns", "minColumnWidth", "spacing", "rowSpacing", "columnSpacing", "alignment"]
        case .scroll: return ["axis", "spacing"]
        case .text: return ["text", "style", "weight", "lineLimit", "alignment", "color"]
        case .image: return ["url", "placeholder", "alt"]
        case .button: return ["title", "style", "color"]
        case .spacer: return ["minLength"]
        case .divider: return []
        case .color: return ["color"]
        case .custom: return []
        }
    }

    mutating func decodeNode(_ value: JSONValue, _ pointer: String, depth: Int) -> ComponentNode? {
        guard case .object(let pairs) = value else {
            error(.wrongType, pointer, "must be an object (a node with a \"type\"), got \(value.typeDescription)")
            return nil
        }
        if depth > options.maxNodeDepth {
            error(.limitExceeded, pointer, "nodes nested deeper than \(options.maxNodeDepth) levels")
            return nil
        }
        nodeCount += 1
        if nodeCount > options.maxNodes {
            if !reportedNodeLimit { error(.limitExceeded, pointer, "more than \(options.maxNodes) nodes in one screen") }
            reportedNodeLimit = true
            return nil
        }
        guard let typeValue = value["type"] else {
            error(.missingProperty, JSONPointer.appending(pointer, "type"), "required: the node's type (one of \(ComponentType.builtIn.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        guard case .string(let typeName) = typeValue, !typeName.isEmpty else {
            error(.wrongType, JSONPointer.appending(pointer, "type"), "must be a non-empty string, got \(typeValue.brief)")
            return nil
        }
        let type = ComponentType(rawValue: typeName)
        var node = ComponentNode(type: type)
        if case .custom = type {
            lenient(.unknownType, JSONPointer.appending(pointer, "type"), "unknown type \"\(typeName)\": laid out as an empty box (known: \(ComponentType.builtIn.map(\.rawValue).joined(separator: ", ")))")
        }
        let allowed = Self.keys(for: type)
        for (key, item) in pairs {
            let p = JSONPointer.appending(pointer, key)
            switch key {
            case "type": continue
            case "id":
                guard let id = string(item, p) else { continue }
                if id.isEmpty { error(.invalidValue, p, "must be a non-empty string"); continue }
                if let first = idPointers[id] {
                    error(.duplicateID, p, "duplicate id \"\(id)\": already used at \(first)")
                } else {
                    idPointers[id] = p
                }
                node.id = id
            case "children":
                guard type.isContainer else {
                    error(.childrenOnLeaf, p, "a \(typeName) cannot have children (containers: vstack, hstack, zstack, grid, scroll)")
                    continue
                }
                guard case .array(let items) = item else {
                    error(.wrongType, p, "must be an array of nodes, got \(item.typeDescription)")
                    continue
                }
                var children: [ComponentNode] = []
                children.reserveCapacity(items.count)
                for (i, child) in items.enumerated() {
                    if reportedNodeLimit { break }
                    if let c = decodeNode(child, JSONPointer.appending(p, i), depth: depth + 1) { children.append(c) }
                }
                node.children = children
            case "padding": node.modifiers.padding = padding(item, p)
            case "frame": node.modifiers.frame = frame(item, p)
            case "aspectRatio": node.modifiers.aspectRatio = responsive(item, p) { $0.number($1, $2, .positive) }
            case "contentMode": node.modifiers.contentMode = responsive(item, p) { $0.enumeration($1, $2, ContentMode.self) }
            case "background": node.modifiers.background = responsive(item, p) { $0.color($1, $2) }
            case "cornerRadius": node.modifiers.cornerRadius = responsive(item, p) { $0.number($1, $2, .nonNegative) }
            case "visible": node.modifiers.visible = responsive(item, p) { $0.bool($1, $2) }
            case "layoutPriority": node.modifiers.layoutPriority = responsive(item, p) { $0.number($1, $2, .any) }
            case "action": node.modifiers.action = action(item, p)
            default:
                if case .custom = type {
                    node.extra[key] = item
                } else if allowed.contains(key) {
                    decodeProperty(key, item, p, type: type, into: &node)
                } else {
                    let known = (allowed + ["id", "padding", "frame", "aspectRatio", "contentMode", "background", "cornerRadius", "visible", "layoutPriority", "action"] + (type.isContainer ? ["children"] : []))
                    lenient(.unknownProperty, p, "unknown property \"\(key)\" on \(typeName) (known: \(known.joined(separator: ", ")))")
                }
            }
        }
        switch type {
        case .text where node.text == nil && value["text"] == nil:
            error(.missingProperty, JSONPointer.appending(pointer, "text"), "required: the text to show")
        case .button where node.title == nil && value["title"] == nil:
            error(.missingProperty, JSONPointer.appending(pointer, "title"), "required: the button's title")
        default: break
        }
        return node
    }

    mutating func decodeProperty(_ key: String, _ item: JSONValue, _ p: String, type: ComponentType, into node: inout ComponentNode) {
        switch key {
        case "spacing": node.spacing = responsive(item, p) { $0.number($1, $2, .nonNegative) }
        case "rowSpacing": node.rowSpacing = responsive(item, p) { $0.number($1, $2, .nonNegative) }
        case "columnSpacing": node.columnSpacing = responsive(item, p) { $0.number($1, $2, .nonNegative) }
        case "minColumnWidth": node.minColumnWidth = responsive(item, p) { $0.number($1, $2, .nonNegative) }
        case "minLength": node.minLength = responsive(item, p) { $0.number($1, $2, .nonNegative) }
        case "columns": node.columns = responsive(item, p) { $0.integer($1, $2, 1...64) }
        case "lineLimit": node.lineLimit = responsive(item, p) { $0.integer($1, $2, 1...10_000) }
        case "alignment":
            let allowed: [Alignment]
            switch type {
            case .vstack, .grid, .text: allowed = Alignment.horizontal
            case .hstack: allowed = Alignment.vertical
            default: allowed = Alignment.allCases
            }
            node.alignment = responsive(item, p) { $0.alignment($1, $2, allowed) }
        case "axis": node.axis = responsive(item, p) { $0.enumeration($1, $2, Axis.self) }
        case "text": node.text = responsive(item, p) { $0.string($1, $2) }
        case "style":
            if type == .button {
                node.buttonStyle = responsive(item, p) { $0.enumeration($1, $2, ButtonStyle.self) }
            } else {
                node.style = responsive(item, p) { $0.enumeration($1, $2, TextStyle.self) }
            }
        case "weight": node.weight = responsive(item, p) { $0.enumeration($1, $2, FontWeight.self) }
        case "color": node.color = responsive(item, p) { $0.color($1, $2) }
        case "url": node.url = responsive(item, p) { $0.string($1, $2) }
        case "placeholder": node.placeholder = responsive(item, p) { $0.enumeration($1, $2, ImagePlaceholder.self) }
        case "alt": node.alt = responsive(item, p) { $0.string($1, $2) }
        case "title": node.title = responsive(item, p) { $0.string($1, $2) }
        default: break
        }
    }
}
