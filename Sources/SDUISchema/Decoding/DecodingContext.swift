import SDUIEnvironment

/// Walks a parsed document, building model values and recording issues. Never traps on input.
///
/// Where a value is (its JSON Pointer) is kept as a stack of reference tokens (`path`) and made into a string
/// only when an issue is reported: almost no property is ever reported, so a pointer string built for each would
/// be work thrown away.
package struct DecodingContext {
    let options: PayloadDecoder.Options
    var issues: [PayloadIssue] = []
    /// Values already reported before decoding (a number beyond a `Double`'s range, NaN or infinity), by pointer:
    /// decoding goes on past them, saying nothing more about them.
    var reportedPointers: Set<String> = []
    /// Reference tokens from the document to the value being decoded.
    var path: [PathToken] = []
    /// Where each node decoded so far sits (by number, in document order), so the first use of a node id can be
    /// named when a later node repeats it.
    private var nodeLocations: [NodeLocation] = []
    /// The number of the first node that used each id, for duplicate reports.
    private var nodeNumbers: [String: Int] = [:]
    var nodeCount = 0
    /// The number the next node decoded gets.
    var nodeLocationCount: Int { nodeLocations.count }
    var reportedNodeLimit = false
    /// False when the payload holds no `minimumVersion` (no node is looked at for one).
    var mayHaveMinimumVersion = true
    /// Whether the node `decodeNode` returned last is a stand-in for one this build does not show.
    var lastNodeWasDropped = false
    /// Above 0 while the value of a misspelt key is checked as the key it most likely means (`checkingTypo`).
    var typoDepth = 0
    /// Above 0 while what this build does not show is decoded: a node it cannot show (its fallback apart), the
    /// fallback of a node it shows.
    var unshownDepth = 0
    /// What bindings here can read and resolve against (see `BindingContext`).
    var bindings = BindingContext()

    /// One reference token of a JSON Pointer: an object key or an array index.
    enum PathToken {
        case key(String)
        case index(Int)
    }

    /// A node's place in the tree: the screen's `root` (`parent` -1), its parent's child at `index`, or, when
    /// `slot` is set, the node at that pointer below its parent (a modifier's content: `/modifiers/2/overlay/content`).
    struct NodeLocation {
        var parent: Int
        var index: Int
        var slot: String? = nil
    }

    /// A context for a document of at most `expectedNodes` nodes (its object count; 0 when not known).
    ///
    /// The node tables are sized for that many at once rather than grown (and the id table rehashed) ten
    /// times or so on the way.
    init(options: PayloadDecoder.Options, expectedNodes: Int = 0) {
        self.options = options
        let capacity = max(0, min(expectedNodes, options.maxNodes))
        nodeLocations.reserveCapacity(capacity)
        nodeNumbers.reserveCapacity(capacity)
    }

    // MARK: Pointers

    /// Runs `body` with `token` on the path (for the issues it reports).
    @inline(__always)
    mutating func at<T>(_ token: String, _ body: (inout DecodingContext) -> T) -> T {
        path.append(.key(token))
        defer { path.removeLast() }
        return body(&self)
    }

    /// The JSON Pointer of the value being decoded, or of its member `token`.
    func pointer(appending token: String? = nil) -> String {
        var pointer = ""
        for component in path {
            switch component {
            case .key(let key): pointer = JSONPointer.appending(pointer, key)
            case .index(let index): pointer = JSONPointer.appending(pointer, index)
            }
        }
        if let token { pointer = JSONPointer.appending(pointer, token) }
        return pointer
    }

    /// Counts node `location` and returns its number, as `decodeNode` does before decoding its members: for a node
    /// whose members are decoded one at a time (`PayloadDecoder.reboundProperties`), so the views they hold are
    /// numbered and placed under it.
    mutating func placeNode(at location: NodeLocation) -> Int {
        nodeCount += 1
        nodeLocations.append(location)
        return nodeLocations.count - 1
    }

    /// The JSON Pointer of node number `node` (`/root/children/0/children/3`).
    func pointer(ofNode node: Int) -> String {
        var steps: [NodeLocation] = []
        var node = node
        var pointer = "/root"
        while nodeLocations[node].parent >= 0 {
            // A node a template made: its place is in the template.
            if let template = bindings.templatePointers[node] { pointer = template; break }
            steps.append(nodeLocations[node])
            node = nodeLocations[node].parent
        }
        for step in steps.reversed() {
            if let slot = step.slot { pointer += slot } else { pointer = JSONPointer.appending(JSONPointer.appending(pointer, "children"), step.index) }
        }
        return pointer
    }

    // MARK: Issues

    /// An error at the value being decoded, or at its member `token`.
    ///
    /// Not reported while a template is decoded for one of its items (its definition reported it), except a
    /// duplicate id, which depends on the item.
    ///
    /// Where apps run (not `isAuthoring`, not strict), an error in what this build does not show is a warning, so it
    /// cannot fail the screen: under a misspelt key whose value is checked as the key it most likely means
    /// (`typoDepth`), and in a node it cannot show or the fallback of one it shows (`unshownDepth`; a duplicate id
    /// there is still an error: ids are unique across a node and its fallbacks).
    mutating func error(_ code: PayloadIssue.Code, at token: String? = nil, _ message: String) {
        if bindings.isExpanding && code != .duplicateID { return }
        let pointer = pointer(appending: token)
        if !reportedPointers.isEmpty && reportedPointers.contains(pointer) { return }
        var severity = PayloadIssue.Severity.error
        if !options.strict && !options.isAuthoring && (typoDepth > 0 || unshownDepth > 0 && code != .duplicateID) { severity = .warning }
        issues.append(PayloadIssue(severity, code, pointer, message))
    }
    /// A warning that strict mode turns into an error, at the value being decoded or at its member `token`.
    mutating func lenient(_ code: PayloadIssue.Code, at token: String? = nil, _ message: String) {
        if bindings.isExpanding { return }
        let pointer = pointer(appending: token)
        if !reportedPointers.isEmpty && reportedPointers.contains(pointer) { return }
        issues.append(PayloadIssue(options.strict ? .error : .warning, code, pointer, message))
    }

    // MARK: Screen

    mutating func decodeScreen(_ document: JSONValue) -> Screen? {
        guard case .object(let pairs) = document else {
            error(.wrongType, "a payload must be a JSON object, got \(document.typeDescription)")
            return nil
        }
        // The version first: a payload of an unknown version is not checked any further.
        guard let versionValue = document["schemaVersion"] else {
            error(.missingProperty, at: "schemaVersion", "required: the payload format version (supported: \(Self.supportedList))")
            return nil
        }
        guard case .number(let v) = versionValue, v == v.rounded(), v.isFinite else {
            error(.wrongType, at: "schemaVersion", "must be an integer (supported: \(Self.supportedList)), got \(versionValue.brief)")
            return nil
        }
        guard let version = Int(exactly: v), Screen.supportedVersions.contains(version) else {
            error(.unsupportedVersion, at: "schemaVersion", "unsupported version \(JSONValue.format(v)); this build supports \(Self.supportedList)")
            return nil
        }
        // The state before the tree: the tree's bindings are checked against it and resolved with its values.
        if let stateValue = document["state"] { at("state") { $0.decodeState(stateValue) } }
        if let override = bindings.stateOverride { applyStateOverride(override) }
        var id = "screen"
        var title: String?
        var previews: [StatePreview] = []
        var root: ComponentNode?
        var sawRoot = false
        for (key, value) in pairs {
            path.append(.key(key))
            defer { path.removeLast() }
            switch key {
            case "schemaVersion": break
            case "id":
                if let s = string(value) {
                    if s.isEmpty { error(.invalidValue, "must be a non-empty string") } else { id = s }
                }
            case "title": title = string(value)
            case "state": break
            case "previews": previews = decodePreviews(value)
            case "root":
                sawRoot = true
                if Self.isForEach(value) {
                    error(.invalidValue, "the root cannot be a forEach: put the forEach in a container (vstack, grid, scroll…)")
                    continue
                }
                root = decodeNode(value, at: NodeLocation(parent: -1, index: 0), depth: 1)
            default:
                // A misspelt root: its tree is checked as the root's (and the missing root reported below).
                if reportUnknown(key, "unknown screen property \"\(key)\"", known: Self.screenKeys) == "root", document["root"] == nil, !Self.isForEach(value) {
                    _ = checkingTypo { $0.decodeNode(value, at: NodeLocation(parent: -1, index: 0), depth: 1) }
                }
            }
        }
        if !sawRoot { error(.missingProperty, at: "root", "required: the screen's root node") }
        guard let root else { return nil }
        return Screen(schemaVersion: version, id: id, title: title, state: bindings.state, previews: previews, root: root)
    }

    static var supportedList: String { Screen.supportedVersions.map(String.init).joined(separator: ", ") }

    // MARK: Nodes

    /// Decodes the node at the top of `path`, which sits at `location` in the tree: the node this build shows there.
    ///
    /// A node this build cannot show — of a type it does not know (and the host app does not draw:
    /// `PayloadDecoder.Options.customTypes`), or with a `minimumVersion` above `FormatVersion.current` — is replaced
    /// by its `fallback` (itself decoded by these rules), or, without one, by a stand-in that is not shown
    /// (`ComponentNode.droppedReason`); either way its keys and subtree are checked.
    ///
    /// The properties are decoded straight into the box the node will keep and the node made from it at the end,
    /// so its derived geometry record is computed once rather than on every property set, and the large
    /// `NodeProperties` value is never copied.
    mutating func decodeNode(_ value: JSONValue, at location: NodeLocation, depth: Int) -> ComponentNode? {
        guard case .object(let pairs) = value else {
            error(.wrongType, "must be an object (a node with a \"type\"), got \(value.typeDescription)")
            return nil
        }
        if depth > options.maxNodeDepth {
            error(.limitExceeded, "nodes nested deeper than \(options.maxNodeDepth) levels")
            return nil
        }
        nodeCount += 1
        if nodeCount > options.maxNodes {
            if !reportedNodeLimit { error(.limitExceeded, "more than \(options.maxNodes) nodes in one screen") }
            reportedNodeLimit = true
            return nil
        }
        guard let typeValue = value["type"] else {
            error(.missingProperty, at: "type", "required: the node's type (one of \(ComponentType.builtIn.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        guard case .string(let typeName) = typeValue, !typeName.isEmpty else {
            error(.wrongType, at: "type", "must be a non-empty string, got \(typeValue.brief)")
            return nil
        }
        let type = ComponentType(rawValue: typeName)
        let number = nodeLocations.count
        nodeLocations.append(location)
        var id: String?
        var children: [ComponentNode] = []
        let box = PropertyBox.make()
        // A type this build does not know and the app does not draw: it is shown as its fallback or not at all, and
        // when it is close to a built-in type (and has no fallback) it is most likely a typo, so its keys are checked
        // against that type's.
        var isUnknown = false
        if case .custom = type, !options.customTypes.contains(typeName) {
            isUnknown = true
            if let likelyType = reportUnknownType(typeName, hasFallback: value["fallback"] != nil) {
                checkKeys(pairs, asIf: likelyType, typeName: typeName, number: number, depth: depth)
            }
        }
        // What a node this build does not show holds is checked, and cannot fail the screen (its fallback is shown).
        let isShown = !isUnknown && !(mayHaveMinimumVersion && Self.needsNewerVersion(value))
        if !isShown { unshownDepth += 1 }
        let outerNode = bindings.mayHaveBindings ? bindings.beginNode(at: path.count) : nil
        decodeMembers(pairs, type: type, typeName: typeName, number: number, depth: depth, isShown: isShown, id: &id, children: &children, into: &box.properties)
        if !isShown { unshownDepth -= 1 }
        if let outerNode {
            let found = bindings.endNode(outerNode)
            if !found.isEmpty { box.properties.bindings = found }
        }
        switch type {
        case .text where box.properties.text == nil && value["text"] == nil:
            error(.missingProperty, at: "text", "required: the text to show")
        case .button where box.properties.title == nil && value["title"] == nil:
            error(.missingProperty, at: "title", "required: the button's title")
        case .label where box.properties.title == nil && value["title"] == nil:
            error(.missingProperty, at: "title", "required: the label's title")
        case .hgrid where box.properties.gridItems == nil && value["rows"] == nil:
            error(.missingProperty, at: "rows", "required: the grid's rows (a count or GridItems)")
        case .toggle, .textField, .stepper, .picker:
            checkInput(type, value, &box.properties)
        default: break
        }
        let hasCompatibility = box.properties.compatibility != nil
        let node = ComponentNode(type: type, id: id, children: children, box: box)
        lastNodeWasDropped = false
        return isUnknown || hasCompatibility ? shownNode(value, decoded: node, isUnknown: isUnknown) : node
    }

    /// Decodes the members of node number `number` (of type `type`) into its id, children and `properties`.
    ///
    /// A function of its own so the node's properties are reached through one access to its box for the whole
    /// node rather than one per property.
    private mutating func decodeMembers(_ pairs: [(key: String, value: JSONValue)], type: ComponentType, typeName: String, number: Int, depth: Int,
                                        isShown: Bool, id: inout String?, children: inout [ComponentNode], into properties: inout NodeProperties) {
        let allowed = Self.typeKeys(for: type)
        for (key, item) in pairs {
            path.append(.key(key))
            defer { path.removeLast() }
            let name = NodeKey(key)
            switch name {
            case .type?: continue
            case let common? where common.isCommon || (common == .header || common == .footer) && allowed.contains(common):
                // Keys every node takes, and a section's header and footer (nodes of their own).
                decodeMember(common, written: key, item, type: type, typeName: typeName, number: number, depth: depth, isShown: isShown,
                             id: &id, children: &children, into: &properties)
            default:
                if case .custom = type {
                    properties.extra[key] = item
                } else if let name, allowed.contains(name) {
                    decodeProperty(name, item, type: type, into: &properties)
                } else if let guess = reportUnknownKey(key, on: type, typeName: typeName), !pairs.contains(where: { $0.key == guess }) {
                    checkAsIf(guess, written: key, item, type: type, typeName: typeName, number: number, depth: depth)
                }
            }
        }
    }

    /// Decodes the member `key` of node number `number` — written `written` in the payload (the token on top of
    /// `path`), which differs from `key` when a misspelt key's value is checked as the key it most likely means —
    /// into the node's id, children or `properties`.
    /// `isShown`: whether this build shows the node (else its fallback is what is shown).
    @inline(__always)
    mutating func decodeMember(_ key: NodeKey, written: String, _ item: JSONValue, type: ComponentType, typeName: String, number: Int, depth: Int,
                               isShown: Bool = true, id: inout String?, children: inout [ComponentNode], into properties: inout NodeProperties) {
        switch key {
        case .id:
            guard let given = string(item) else { return }
            if given.isEmpty { error(.invalidValue, "must be a non-empty string"); return }
            guard let s = bindings.mayHaveBindings ? resolveID(given) : given else { return }
            // A template's definition is never laid out: only the nodes made from it claim their ids.
            if bindings.resolves, let first = firstNode(using: s, number) {
                error(.duplicateID, "duplicate id \"\(s)\": already used at \(JSONPointer.appending(pointer(ofNode: first), "id"))")
            }
            id = s
        case .children:
            guard type.isContainer else {
                error(.childrenOnLeaf, "a \(typeName) cannot have children (containers: vstack, hstack, zstack, grid, scroll)")
                return
            }
            guard case .array(let items) = item else {
                error(.wrongType, "must be an array of nodes, got \(item.typeDescription)")
                return
            }
            children = []
            children.reserveCapacity(items.count)
            var dropped = 0
            var madeByTemplates = false
            // Children under a misspelt key (checked as children) are at `/childern/i`, not `/children/i`.
            let misspelt: String? = key == .children && written != "children" ? "/" + written + "/" : nil
            for (i, child) in items.enumerated() {
                if reportedNodeLimit { break }
                path.append(.index(i))
                if Self.isForEach(child) {
                    madeByTemplates = true
                    decodeForEach(child, parent: number, depth: depth + 1, children: &children, templates: &properties.templates)
                } else {
                    let location = misspelt.map { NodeLocation(parent: number, index: i, slot: $0 + String(i)) } ?? NodeLocation(parent: number, index: i)
                    if let c = decodeNode(child, at: location, depth: depth + 1) {
                        if lastNodeWasDropped { dropped += 1 }
                        children.append(c)
                    }
                }
                path.removeLast()
            }
            if dropped > 0 && dropped == items.count && !madeByTemplates {
                reportEmptyContainer("the \(typeName) lays out empty: none of its \(dropped == 1 ? "child is" : "\(dropped) children are") shown (see each)")
            }
        case .padding: properties.modifiers.padding = padding(item)
        case .frame: properties.modifiers.frame = frame(item)
        case .aspectRatio: properties.modifiers.aspectRatio = responsive(item) { $0.number($1, .aspectRatio) }
        case .contentMode: properties.modifiers.contentMode = responsive(item) { $0.enumeration($1, ContentMode.self) }
        case .background: properties.modifiers.background = responsive(item) { $0.color($1) }
        case .cornerRadius: properties.modifiers.cornerRadius = responsive(item) { $0.number($1, .length) }
        case .visible: properties.modifiers.visible = responsive(item) { $0.bool($1) }
        case .layoutPriority: properties.modifiers.layoutPriority = responsive(item) { $0.number($1, .layoutPriority) }
        case .action: properties.modifiers.action = action(item)
        case .onAppear: properties.onAppear = action(item)
        case .onDisappear: properties.onDisappear = action(item)
        case .accessibility: properties.modifiers.accessibility = accessibility(item)
        case .lint: properties.modifiers.lint = lint(item)
        case .modifiers: properties.modifiers.chain = modifierChain(item, node: number, depth: depth)
        case .minimumVersion:
            if let version = formatVersion(item) { properties.changeCompatibility { $0.minimumVersion = version } }
        case .fallback:
            // Shown when the node is not (and where the node would be); not shown when the node is.
            let change = isShown ? 1 : -1
            unshownDepth += change
            defer { unshownDepth -= change }
            if let view = fallback(item, node: number, written: written, depth: depth) { properties.changeCompatibility { $0.fallback = view } }
        case .header, .footer:
            // A section's header or footer: a node of its own (its pointer `/…/header`).
            let view = decodeNode(item, at: NodeLocation(parent: number, index: 0, slot: "/" + written), depth: depth + 1)
            if key == .header { properties.sectionAndStyle.header = view } else { properties.sectionAndStyle.footer = view }
        default:
            decodeProperty(key, item, type: type, into: &properties)
        }
    }

    /// Records `id` as node `node`'s and returns the node that used it first, if another did (one hash lookup).
    private mutating func firstNode(using id: String, _ node: Int) -> Int? {
        func claim(_ slot: inout Int) -> Int? {
            if slot < 0 { slot = node; return nil }
            return slot
        }
        return claim(&nodeNumbers[id, default: -1])
    }

    mutating func decodeProperty(_ key: NodeKey, _ item: JSONValue, type: ComponentType, into properties: inout NodeProperties) {
        switch key {
        case .fontFamily, .fontSize, .italic:
            decodeFont(key, item, into: &properties)
            return
        default: break
        }
        switch type {
        case .toggle, .textField, .stepper, .picker:
            decodeInputProperty(key, item, type: type, into: &properties)
            return
        default: break
        }
        switch key {
        case .spacing: properties.spacing = responsive(item) { $0.number($1, .length) }
        case .rowSpacing: properties.rowSpacing = responsive(item) { $0.number($1, .length) }
        case .columnSpacing: properties.columnSpacing = responsive(item) { $0.number($1, .length) }
        case .minColumnWidth: properties.minColumnWidth = responsive(item) { $0.number($1, .length) }
        case .minLength: properties.minLength = responsive(item) { $0.number($1, .length) }
        case .columns:
            if gridColumnsAreItems(item) {
                properties.gridItems = responsive(item) { $0.gridItems($1) }
            } else {
                properties.columns = responsive(item) { $0.integer($1, ValueLimits.columns) }
            }
        case .lineLimit: properties.lineLimit = responsive(item) { $0.integer($1, ValueLimits.lineLimit) }
        case .alignment:
            let allowed: [Alignment]
            switch type {
            case .vstack, .grid, .text, .section, .flow: allowed = Alignment.horizontal
            case .hstack, .hgrid: allowed = Alignment.vertical
            default: allowed = Alignment.allCases
            }
            properties.alignment = responsive(item) { $0.alignment($1, allowed) }
        case .axis: properties.axis = responsive(item) { $0.enumeration($1, Axis.self) }
        case .text: properties.text = responsive(item) { $0.string($1) }
        case .style:
            if type == .button {
                properties.buttonStyle = responsive(item) { $0.enumeration($1, ButtonStyle.self) }
            } else {
                properties.style = responsive(item) { $0.enumeration($1, TextStyle.self) }
            }
        case .weight: properties.weight = responsive(item) { $0.enumeration($1, FontWeight.self) }
        case .color: properties.color = responsive(item) { $0.color($1) }
        case .url: properties.url = responsive(item) { $0.string($1) }
        case .placeholder: properties.placeholder = responsive(item) { $0.enumeration($1, ImagePlaceholder.self) }
        case .alt: properties.alt = responsive(item) { $0.string($1) }
        case .flipsForRightToLeftLayoutDirection:
            properties.flipsForRightToLeftLayoutDirection = responsive(item) { $0.bool($1) }
        case .title: properties.title = responsive(item) { $0.string($1) }
        default: decodeSectionOrStyleProperty(key, item, type: type, into: &properties)
        }
    }
}
