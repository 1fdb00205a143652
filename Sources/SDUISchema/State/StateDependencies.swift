extension ComponentNode {
    /// Calls `body` with each binding among the node's own properties (not its children's, not its templates').
    /// - Complexity: O(bindings).
    public func forEachBinding(_ body: (StateBinding) -> Void) {
        for site in bindings { body(site.binding) }
    }

    /// Whether any of the node's own properties is bound to the state.
    public var hasBindings: Bool { !bindings.isEmpty }

    /// The state variables the node's own properties read (slots of its screen's schema, ascending, each once),
    /// an input's variable included.
    public func readSlots(in schema: StateSchema) -> [Int] {
        var slots: [Int] = []
        for site in bindings { slots += site.binding.readSlots }
        if let target = input?.target, let slot = schema.slot(of: target) { slots.append(slot) }
        return Array(Set(slots)).sorted()
    }
}

/// Which nodes read which state variables: what a state change has to evaluate again, and nothing else
/// (SwiftUI's dependency tracking).
///
/// Nodes are numbered in pre-order over the views each node lays out (`ComponentNode.forEachView`: the views of
/// its backgrounds, a section's header, its children, a section's footer, the views of its overlays) — the order
/// `SDUILayout`'s build step appends them to its flat tree, so a number is the node's index there. Two kinds of
/// reader: a node whose properties read a variable (its values change: evaluate its bindings again, lay it out
/// again if a geometry property changed), and a node whose
/// templates' `items` read it (its children change: make the template's nodes again).
public struct StateDependencies: Hashable, Sendable {
    /// For each state slot, the nodes whose properties read it, ascending.
    private var propertyReaders: [[Int32]]
    /// For each state slot, the nodes whose templates' items read it, ascending.
    private var templateReaders: [[Int32]]
    /// For each state slot, the nodes this build does not show (`ComponentNode.droppedReason`) whose payload holds a
    /// binding that may read it, ascending: their content is kept as the payload wrote it, so only the general path —
    /// the payload decoded again in the new state — checks it (its ids, its templates' items).
    private var droppedReaders: [[Int32]]

    /// No readers of `schema`'s variables.
    public init(schema: StateSchema) {
        propertyReaders = Array(repeating: [], count: schema.count)
        templateReaders = Array(repeating: [], count: schema.count)
        droppedReaders = Array(repeating: [], count: schema.count)
    }

    /// The readers in `screen`'s tree.
    /// - Complexity: O(n) in the tree's nodes.
    public init(screen: Screen) {
        self.init(schema: screen.state.schema)
        var number: Int32 = 0
        var stack: [ComponentNode] = [screen.root]
        while let node = stack.popLast() {
            record(node, number: number, in: screen.state.schema)
            number += 1
            let first = stack.count
            node.forEachView { _, view in stack.append(view) }
            stack[first...].reverse()
        }
    }

    /// Records what `node`, numbered `number`, reads: the slots of its properties' bindings and of its templates'
    /// items.
    mutating func record(_ node: ComponentNode, number: Int32, in schema: StateSchema) {
        record(node: number, reads: node.readSlots(in: schema))
        for template in node.templates {
            if case .binding(let binding) = template.forEach.items { recordTemplate(node: number, reads: binding.readSlots) }
        }
        if let payload = node.droppedPayload {
            for slot in Self.slotsNamed(in: payload, schema: schema) { droppedReaders[slot].append(number) }
        }
    }

    /// The slots of the variables a binding in `payload` names (any string holding `@{` that names one as a whole
    /// word: more than it reads, never less — a binding there is not compiled, its locals are not known).
    /// - Complexity: O(strings × variables).
    static func slotsNamed(in payload: JSONValue, schema: StateSchema) -> [Int] {
        var named = Set<Int>()
        var stack = [payload]
        while let value = stack.popLast(), named.count < schema.count {
            switch value {
            case .string(let text) where text.contains("@{"):
                for (slot, name) in schema.names.enumerated() where !named.contains(slot) && Self.names(name, in: text) {
                    named.insert(slot)
                }
            case .array(let items): stack += items
            case .object(let pairs): stack += pairs.map(\.value)
            default: break
            }
        }
        return named.sorted()
    }

    /// Whether `text` holds `name` as a whole word (not inside a longer name, as the expression lexer reads names).
    private static func names(_ name: String, in text: String) -> Bool {
        let characters = Array(text.utf8), word = Array(name.utf8)
        guard !word.isEmpty, characters.count >= word.count else { return false }
        for start in 0...(characters.count - word.count) where characters[start..<(start + word.count)].elementsEqual(word) {
            let end = start + word.count
            if (start == 0 || !ExpressionLexer.isNameByte(characters[start - 1]))
                && (end == characters.count || !ExpressionLexer.isNameByte(characters[end])) { return true }
        }
        return false
    }

    /// Records that node `node`'s properties read `slots`.
    public mutating func record(node: Int32, reads slots: [Int]) {
        for slot in slots where propertyReaders.indices.contains(slot) { propertyReaders[slot].append(node) }
    }

    /// Records that node `node`'s templates' items read `slots`.
    public mutating func recordTemplate(node: Int32, reads slots: [Int]) {
        for slot in slots where templateReaders.indices.contains(slot) { templateReaders[slot].append(node) }
    }

    /// Gives every node the number `renumbered` gives it (nil: the node is gone).
    /// - Complexity: O(entries × log).
    mutating func renumber(_ renumbered: (Int32) -> Int32?) {
        for slot in propertyReaders.indices { Self.renumber(&propertyReaders[slot], renumbered) }
        for slot in templateReaders.indices { Self.renumber(&templateReaders[slot], renumbered) }
        for slot in droppedReaders.indices { Self.renumber(&droppedReaders[slot], renumbered) }
    }

    /// `list` renumbered in place, the dropped nodes removed, sorted again only when the order changed.
    private static func renumber(_ list: inout [Int32], _ renumbered: (Int32) -> Int32?) {
        guard !list.isEmpty else { return }
        var kept = 0
        var ascending = true
        for i in list.indices {
            guard let n = renumbered(list[i]) else { continue }
            if kept > 0 && n <= list[kept - 1] { ascending = false }
            list[kept] = n
            kept += 1
        }
        list.removeLast(list.count - kept)
        if !ascending { list.sort() }
    }

    /// Adds `other`'s readers (of the same schema, other nodes).
    mutating func add(_ other: StateDependencies) {
        for slot in other.propertyReaders.indices where !other.propertyReaders[slot].isEmpty && propertyReaders.indices.contains(slot) {
            propertyReaders[slot] = (propertyReaders[slot] + other.propertyReaders[slot]).sorted()
        }
        for slot in other.templateReaders.indices where !other.templateReaders[slot].isEmpty && templateReaders.indices.contains(slot) {
            templateReaders[slot] = (templateReaders[slot] + other.templateReaders[slot]).sorted()
        }
        for slot in other.droppedReaders.indices where !other.droppedReaders[slot].isEmpty && droppedReaders.indices.contains(slot) {
            droppedReaders[slot] = (droppedReaders[slot] + other.droppedReaders[slot]).sorted()
        }
    }

    /// The nodes whose properties read any of `slots`, ascending, each once.
    public func nodes(readingAnyOf slots: [Int]) -> [Int32] { union(propertyReaders, slots) }

    /// The nodes whose templates must be made again when any of `slots` changes, ascending, each once.
    public func templateNodes(readingAnyOf slots: [Int]) -> [Int32] { union(templateReaders, slots) }

    /// Whether a node this build does not show holds a binding that may read any of `slots` (only the general path
    /// checks such a node's content in a new state).
    public func droppedContentReads(anyOf slots: [Int]) -> Bool {
        slots.contains { droppedReaders.indices.contains($0) && !droppedReaders[$0].isEmpty }
    }

    private func union(_ readers: [[Int32]], _ slots: [Int]) -> [Int32] {
        if slots.count == 1 { return readers.indices.contains(slots[0]) ? readers[slots[0]] : [] }
        let lists = slots.filter(readers.indices.contains).map { readers[$0] }
        if lists.count == 1 { return lists[0] }
        return Array(Set(lists.joined())).sorted()
    }
}

extension Screen {
    /// The screen in `state`: every binding resolved and every template's nodes made for `state`'s values (the
    /// variables it does not name keep this screen's values; every variable keeps this screen's type for it, which its
    /// current value may not show — an empty array). The general path — the payload decoded again
    /// with that state — that an incremental update must agree with.
    /// - Complexity: O(n) in the size of the payload, templates made.
    ///
    /// The custom types this screen holds are decoded as the app's own again (`PayloadDecoder.Options.customTypes`
    /// gains them): a decoded screen holds only the custom types its app draws, the others having been replaced by
    /// their fallbacks or not shown.
    public func resolved(in state: ScreenState, options: PayloadDecoder.Options = PayloadDecoder.Options()) -> PayloadDecoding {
        var options = options
        root.collectCustomTypes(into: &options.customTypes)
        return PayloadDecoder(options: options).decode(jsonValue, objectCount: 0, mayHaveBindings: true, checkNumbers: true,
                                                       overriding: state, declaredTypes: self.state.schema)
    }
}

extension Screen {
    /// The screen as a static payload in its current state: every bound value replaced by its value (a binding
    /// without one by nothing: the property's default), the templates' nodes kept as plain children, no state and
    /// no previews — what a server would send without state, bindings or templates.
    /// - Complexity: O(n) in the nodes.
    public var frozen: Screen {
        var copy = self
        copy.root.freeze()
        copy.state = ScreenState()
        copy.previews = []
        return copy
    }
}

extension ComponentNode {
    /// Adds the custom types of the nodes this subtree shows (children, templates' definitions, a section's header and
    /// footer, the views of backgrounds and overlays) to `types`; a stand-in for a node not shown adds nothing.
    /// - Complexity: O(n) in the nodes.
    func collectCustomTypes(into types: inout Set<String>) {
        if case .custom(let name) = type, droppedReason == nil { types.insert(name) }
        for child in children { child.collectCustomTypes(into: &types) }
        for template in templates { template.forEach.template.collectCustomTypes(into: &types) }
        header?.collectCustomTypes(into: &types)
        footer?.collectCustomTypes(into: &types)
        for modifier in modifiers.chain { modifier.decorationContent?.collectCustomTypes(into: &types) }
    }

    /// Drops the subtree's bindings (the properties keep their values), templates and template items.
    mutating func freeze() {
        if hasBindings || !templates.isEmpty || templateItem != nil {
            makeUnique()
            box.properties.bindings = []
            box.properties.templates = []
            box.properties.templateItem = nil
            box.refreshRecord()
        }
        for i in children.indices { children[i].freeze() }
        if modifiers.chain.contains(where: { $0.decorationContent != nil }) {
            modifiers.chain = modifiers.chain.map { modifier in
                switch modifier {
                case .background(var d), .overlay(var d):
                    guard case .view(var node) = d.content else { return modifier }
                    node.freeze()
                    d.content = .view(node)
                    if case .background = modifier { return .background(d) }
                    return .overlay(d)
                default: return modifier
                }
            }
        }
    }
}
