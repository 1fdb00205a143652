extension ValueTemplate {
    /// Whether a binding in it reads a template local (`item`, `index`).
    var readsLocals: Bool {
        switch self {
        case .literal: return false
        case .binding(let binding): return binding.readsLocals
        case .array(let items): return items.contains(where: \.readsLocals)
        case .object(_, let items): return items.contains(where: \.readsLocals)
        }
    }

    /// The value the template computes with `globals` and `locals`.
    package func evaluated(globals: [StateValue], locals: [StateValue], limits: ExpressionLimits) throws(ExpressionDiagnostic) -> StateValue {
        switch self {
        case .literal(let value): return value
        case .binding(let binding): return try binding.evaluate(globals: globals, locals: locals, limits: limits)
        case .array(let items):
            var values: [StateValue] = []
            for item in items { values.append(try item.evaluated(globals: globals, locals: locals, limits: limits)) }
            return .array(values)
        case .object(let keys, let items):
            var values: [StateValue] = []
            for item in items { values.append(try item.evaluated(globals: globals, locals: locals, limits: limits)) }
            return .object(StateObject(keys: keys, values: values))
        }
    }
}

extension StateValue {
    /// Whether the values at `a` and `b` are one stored value: the same bytes — the same case and payload, for a
    /// string, array or object the same storage — so equal, found without a copy or a look at their contents. Values
    /// whose bytes differ may still be equal (`==` says).
    @inline(__always)
    static func sameStorage(_ a: UnsafePointer<StateValue>, _ b: UnsafePointer<StateValue>) -> Bool {
        let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
        let size = MemoryLayout<StateValue>.size
        var k = 0
        while k + 8 <= size {
            if x.loadUnaligned(fromByteOffset: k, as: UInt64.self) != y.loadUnaligned(fromByteOffset: k, as: UInt64.self) { return false }
            k += 8
        }
        while k < size {
            if x.load(fromByteOffset: k, as: UInt8.self) != y.load(fromByteOffset: k, as: UInt8.self) { return false }
            k += 1
        }
        return true
    }
}

extension StateValue {
    /// `sameStorage` of `a[i]` and `b[j]`, read in place in the arrays' buffers.
    @inline(__always)
    static func sameStorage(_ a: [StateValue], _ i: Int, _ b: [StateValue], _ j: Int) -> Bool {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in sameStorage(x.baseAddress! + i, y.baseAddress! + j) } }
    }
}

extension PayloadDecoder {
    /// The node `forEach`'s template makes for one item — `element`, at `index`, whose identity is `key` — in
    /// `state`: the same decoding of the same definition `Screen.resolved(in:)` runs for that item
    /// (`DecodingContext.decodeForEach`), on the definition's payload (`definition`, as the payload wrote it), so
    /// both agree by construction. `depth`: the depth of the template's node's children.
    ///
    /// nil when decoding it reports anything (the general path then reports it at its JSON Pointer).
    /// `compiled`: the definition's bindings compiled by an earlier call (the decoder's cache, by scope and
    /// source), kept for the next.
    /// - Complexity: O(the item's nodes).
    func resolvedTemplateItem(_ definition: JSONValue, of forEach: ForEachTemplate, element: StateValue, index: Int,
                              key: StateValue, in state: ScreenState, depth: Int, signature: String? = nil,
                              compiled: inout [String: StateBinding]) -> ComponentNode? {
        var context = itemContext(of: forEach, element: element, index: index, in: state, signature: signature, compiled: compiled)
        defer { compiled = context.bindings.cache }
        guard var node = context.decodeNode(definition, at: DecodingContext.NodeLocation(parent: -1, index: 0), depth: depth),
              context.issues.isEmpty else { return nil }
        node.templateItem = TemplateItem(key: key, item: element, itemName: forEach.itemName)
        return node
    }

    /// A decoding context for `forEach`'s item `element` at `index` in `state`: its locals pushed with their values
    /// (`signature`: their cache key when known), only item-dependent problems reported, `compiled` its cache.
    func itemContext(of forEach: ForEachTemplate, element: StateValue, index: Int, in state: ScreenState, signature: String?,
                     compiled: [String: StateBinding]) -> DecodingContext {
        let elementType: StateType
        if case .array(let element) = forEach.items.type { elementType = element } else { elementType = .any }
        var context = DecodingContext(options: options, expectedNodes: 0)
        context.bindings.mayHaveBindings = true
        context.bindings.state = state
        context.bindings.scope = ExpressionScope(schema: state.schema)
        context.path = [.key("root")]
        context.bindings.cache = compiled
        _ = context.bindings.pushLocals([(forEach.itemName, elementType), ("index", .number)], signature: signature, values: [element, .int(index)])
        context.bindings.isExpanding = true
        context.bindings.resolutionItem = index
        return context
    }
}

/// The items of a node's templates made again for a new state: the nodes of items that stay (same identity, same
/// element, and the same index or a template that does not read `index`) kept as they are, in their new order; the
/// nodes of new or changed items made from the template's definition (`PayloadDecoder.instantiatedTemplateItem`,
/// else `resolvedTemplateItem`);
/// those of removed items dropped. No JSON round trip of the screen.
///
/// The patch holds no kept node: it says where each new child comes from (`origins`) and holds the nodes made
/// (`made`), and `rearrange(_:origins:made:)` moves the old children into their new places in the node's own array —
/// in place when the updater's screen is the only holder of that array (the layout keeps its own copies of the items
/// it points at: docs/architecture.md, "Template items"), else in a copy, as any write to a shared array.
struct TemplateItemPatch {
    /// The nodes made for new and changed items, in the order of the children they become (the nil `origins`).
    var made: [ComponentNode]
    /// The node's templates with their new ranges.
    var templates: [ChildTemplate]
    /// For each of the node's children in the new state: the index among the old children of the node it keeps
    /// (static children where they were), or nil for a node made (the next of `made`).
    var origins: [Int?]
    /// Whether a template's range differs from the node's (else `templates` are the node's own, and setting them
    /// would copy the node's properties for nothing).
    var rangesChanged = false

    /// The children of `node` (whose templates' `items` read no template local) in `state`, or nil when this cannot
    /// stand for the general path: an `items` that fails or is no array, an identity that fails or repeats, an
    /// item whose decoding reports anything.
    /// - Complexity: O(items + the nodes of the items made).
    /// `previous`: the values of the state the node's items were made for.
    init?(of node: ComponentNode, in state: ScreenState, previous: [StateValue], depth: Int, options: PayloadDecoder.Options,
          definitions: inout TemplateDefinitions) {
        let old = node.children
        var options = options
        var made: [ComponentNode] = []
        var templates: [ChildTemplate] = []
        var origins: [Int?] = []
        origins.reserveCapacity(old.count)
        var cursor = 0
        var changedRange = false
        let globals = state.values, limits = options.expressionLimits
        for template in node.templates {
            guard template.range.lowerBound >= cursor, template.range.upperBound <= old.count else { return nil }
            origins += (cursor..<template.range.lowerBound).map { $0 }
            cursor = template.range.upperBound
            let forEach = template.forEach
            guard case .array(let elements)? = try? forEach.items.evaluated(globals: globals, locals: [], limits: limits) else { return nil }
            // Room for this template's items and the children after them (an item inserted outgrows the old count).
            origins.reserveCapacity(origins.count + elements.count + old.count - template.range.upperBound)
            // The old items' identities and the new items' (each new item claims its own in order).
            let readKeys = old.withUnsafeBufferPointer { nodes -> [StateValue]? in
                var keys: [StateValue] = []
                keys.reserveCapacity(template.range.count)
                for k in template.range {
                    guard let key = ComponentNode.templateItemKey(at: nodes.baseAddress! + k) else { return nil }
                    keys.append(key)
                }
                return keys
            }
            guard let oldKeys = readKeys else { return nil }
            let oldCount = oldKeys.count
            // The elements the old items were made for, as the previous state holds them: equal to the items'
            // own, and where the new state kept an element, the same stored value, which compares without visiting
            // its members. The items' own are compared when they cannot be had.
            let madeFor: [StateValue]
            if case .array(let values)? = try? forEach.items.evaluated(globals: previous, locals: [], limits: limits),
               values.count == oldCount {
                madeFor = values
            } else {
                madeFor = []
            }
            // Both read in place (a kept item's element is not copied), their buffers used only inside the calls
            // that lend them.
            let readNewKeys = elements.withUnsafeBufferPointer { newElements in
                madeFor.withUnsafeBufferPointer { previousElements in
                    Self.keys(of: elements, newElements, previous: previousElements, oldKeys: oldKeys, forEach: forEach,
                              globals: globals, limits: limits)
                }
            }
            guard let newKeys = readNewKeys else { return nil }
            let definition = definitions.entry(for: forEach.template)
            let readsIndex = definitions.entries[definition].readsIndex
            // Each new item's claim: its old item's position, or `ItemKeyTable.new`. Found in order when the old
            // identities are known to differ from each other (the ones this definition's last patch claimed, the same
            // stored values), else by the table.
            let claims: [Int]
            let known = Self.sameKeys(oldKeys, definitions.entries[definition].claimedKeys)
            switch known ? ItemKeyTable.claimsInOrder(old: oldKeys, new: newKeys) : .undecided {
            case .claims(let inOrder):
                claims = inOrder
            case .repeats:
                return nil
            case .undecided:
                var identities = ItemKeyTable(old: consume oldKeys, new: newKeys)
                guard let all = identities.claimAll(newKeys) else { return nil }
                claims = all
            }
            // Every claim succeeded: the new identities differ from each other (the next patch's old ones).
            definitions.entries[definition].claimedKeys = newKeys
            // The locals' cache key (`BindingContext.signature`), made when an item is.
            var signature: String?
            let start = origins.count
            for index in elements.indices {
                let key = newKeys[index]
                let position = claims[index]
                // Kept when it was made for the same element at the same index, or its definition does not read the
                // index: the index is where the node is, so a node that moves is kept as it is.
                if position != ItemKeyTable.new, position == index || !readsIndex {
                    let k = template.range.lowerBound + position
                    let same = madeFor.isEmpty ? old[k].templateItem?.item == elements[index]
                        : StateValue.sameStorage(madeFor, position, elements, index) || madeFor[position] == elements[index]
                    if same {
                        origins.append(k)
                        continue
                    }
                }
                let element = elements[index]
                // Its custom types decode as the app's, as `Screen.resolved(in:)` has them.
                options.customTypes.formUnion(definitions.entries[definition].customTypes)
                let decoder = PayloadDecoder(options: options)
                if signature == nil { signature = definitions.signature(of: definition, for: forEach) }
                // From the definition decoded once; from its payload when that cannot be.
                var madeNode: ComponentNode?
                if definitions.entries[definition].instantiates {
                    var plan = definitions.entries[definition].plan
                    madeNode = decoder.instantiatedTemplateItem(of: forEach, element: element, index: index, key: key, in: state, depth: depth,
                                                            signature: signature, plan: &plan,
                                                            compiled: &definitions.entries[definition].compiled)
                    definitions.entries[definition].plan = plan
                    if madeNode == nil { definitions.entries[definition].instantiates = false }
                }
                if madeNode == nil {
                    madeNode = decoder.resolvedTemplateItem(definitions.json(of: definition), of: forEach, element: element, index: index, key: key,
                                                        in: state, depth: depth, signature: signature,
                                                        compiled: &definitions.entries[definition].compiled)
                }
                guard let node = madeNode else { return nil }
                made.append(node)
                origins.append(nil)
            }
            if template.range != start..<origins.count { changedRange = true }
            templates.append(ChildTemplate(forEach: forEach, range: start..<origins.count))
        }
        origins += (cursor..<old.count).map { $0 }
        self.made = made
        self.origins = origins
        self.templates = templates
        rangesChanged = changedRange
    }

    /// Makes `children` (a node's children in the old state) the new state's: each child `origins` names moved (not
    /// copied) to its new index, the nodes of `made` put where `origins` says nil, in order, the other old children
    /// dropped. In place when nothing else holds the array's storage (else the write copies it first, as any write
    /// to a shared array does). `origins` as `TemplateItemPatch.origins`: each old index at most once; when it is not
    /// (or `made` does not fill the nil ones), the children are made by copying what can be (`rearrangeByCopying`).
    /// - Complexity: O(old + new children) moves of a node; no reference counted but the dropped children's release.
    static func rearrange(_ children: inout [ComponentNode], origins: [Int?], made: [ComponentNode]) {
        let oldCount = children.count
        // Which old children stay: checked first, since a child moved twice would be freed twice.
        var stays = [Bool](repeating: false, count: oldCount)
        var madeCount = 0
        for origin in origins {
            guard let origin else { madeCount += 1; continue }
            guard origin >= 0, origin < oldCount, !stays[origin] else { return rearrangeByCopying(&children, origins: origins, made: made) }
            stays[origin] = true
        }
        guard madeCount == made.count else { return rearrangeByCopying(&children, origins: origins, made: made) }
        // The made nodes go after the old ones; then every node is moved to its place, the dropped ones after the new
        // children, which `removeLast` frees.
        children.append(contentsOf: made)
        let total = children.count
        guard total > 0 else { return }
        children.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let moved = UnsafeMutablePointer<ComponentNode>.allocate(capacity: total)
            defer { moved.deallocate() }
            moved.moveInitialize(from: base, count: total)
            var nextMade = oldCount
            for (j, origin) in origins.enumerated() {
                let from: Int
                if let origin { from = origin } else { from = nextMade; nextMade += 1 }
                (base + j).moveInitialize(from: moved + from, count: 1)
            }
            var next = origins.count
            for k in 0..<oldCount where !stays[k] {
                (base + next).moveInitialize(from: moved + k, count: 1)
                next += 1
            }
        }
        children.removeLast(total - origins.count)
    }

    /// `rearrange`'s result made by copying the children (for `origins` it cannot move by).
    private static func rearrangeByCopying(_ children: inout [ComponentNode], origins: [Int?], made: [ComponentNode]) {
        var result: [ComponentNode] = []
        result.reserveCapacity(origins.count)
        var nextMade = 0
        for origin in origins {
            if let origin, origin >= 0, origin < children.count {
                result.append(children[origin])
            } else if origin == nil, nextMade < made.count {
                result.append(made[nextMade])
                nextMade += 1
            }
        }
        children = result
    }

    /// Whether `keys` are `claimed`, element by element the same stored values (`StateValue.sameStorage`).
    static func sameKeys(_ keys: [StateValue], _ claimed: [StateValue]) -> Bool {
        guard keys.count == claimed.count, !keys.isEmpty else { return false }
        return keys.withUnsafeBufferPointer { a in
            claimed.withUnsafeBufferPointer { b in
                for k in 0..<a.count where !StateValue.sameStorage(a.baseAddress! + k, b.baseAddress! + k) { return false }
                return true
            }
        }
    }

    /// The identities of the new items `elements` (`newElements`: their buffer), each item claiming its own in
    /// order: for an identity that only reads the element, the old item's (`oldKeys`) when the previous state held
    /// the same stored value there (`previous`: the elements the old items were made for, as that state holds
    /// them); else read or evaluated. nil when one fails.
    private static func keys(of elements: [StateValue], _ newElements: UnsafeBufferPointer<StateValue>,
                             previous previousElements: UnsafeBufferPointer<StateValue>, oldKeys: [StateValue],
                             forEach: ForEachTemplate, globals: [StateValue], limits: ExpressionLimits) -> [StateValue]? {
        var newKeys: [StateValue] = []
        newKeys.reserveCapacity(elements.count)
        guard let id = forEach.id else {
            for index in elements.indices { newKeys.append(.int(index)) }
            return newKeys
        }
        let identity = ItemIdentity(id)
        if let path = identity.memberPath {
            // An identity that only reads the element is the old item's for an element the previous state held at
            // that item (the same stored value, looked for where the elements before it suggest: after the last one
            // found, or at its own index); any other element's is read.
            var next = 0
            for index in elements.indices {
                if let position = ItemIdentity.previousPosition(of: newElements, index, in: previousElements, after: next) {
                    newKeys.append(oldKeys[position])
                    next = position + 1
                    continue
                }
                // The element's copy handed over to be read (its object taken apart, not copied again).
                guard let key = ItemIdentity.read(path, of: elements[index]) else { return nil }
                newKeys.append(key)
            }
        } else {
            var locals: [StateValue] = [.null, .null]
            for (index, element) in elements.enumerated() {
                guard let key = identity.evaluated(element: element, index: index, globals: globals, locals: &locals,
                                                   limits: limits) else { return nil }
                newKeys.append(key)
            }
        }
        return newKeys
    }
}

/// A template's item identity (`forEach`'s `id`) as the template path computes it for each item: an identity that
/// only reads a member path of the item (`@{item.id}`, `@{item.sku.code}`) is read from the element directly
/// (`memberPath`); any other is evaluated (`StateBinding.evaluate`). Both give the same key, or both fail
/// (`TemplateItemPatchTests` compares them).
struct ItemIdentity {
    let binding: StateBinding
    /// The members the identity reads of the item, outermost first; nil when it is not such a path.
    let memberPath: [String]?

    init(_ binding: StateBinding) {
        self.binding = binding
        memberPath = binding.program.flatMap(Self.memberPath(of:))
    }

    /// The member path a program reads of local 0 (`item`): `local 0` then only `member` instructions; nil for
    /// any other program.
    static func memberPath(of program: ExpressionProgram) -> [String]? {
        guard program.code.count >= 2, program.code[0].op == .local, program.code[0].operand == 0 else { return nil }
        var path: [String] = []
        for instruction in program.code.dropFirst() {
            guard instruction.op == .member, program.constants.indices.contains(Int(instruction.operand)),
                  case .string(let name) = program.constants[Int(instruction.operand)] else { return nil }
            path.append(name)
        }
        return path
    }

    /// The identity of `element` at `index`, or nil when it fails (`locals`: a buffer of two values the
    /// evaluation uses, kept across calls so it is not made per item).
    func key(of element: StateValue, index: Int, globals: [StateValue], locals: inout [StateValue],
             limits: ExpressionLimits) -> StateValue? {
        if let memberPath { return Self.read(memberPath, of: element) }
        return evaluated(element: element, index: index, globals: globals, locals: &locals, limits: limits)
    }

    /// The identity evaluated as a binding (what `key` does for an identity that is not a member path).
    func evaluated(element: StateValue, index: Int, globals: [StateValue], locals: inout [StateValue],
                   limits: ExpressionLimits) -> StateValue? {
        locals[0] = element
        locals[1] = .int(index)
        defer { locals[0] = .null }
        return try? binding.evaluate(globals: globals, locals: locals, limits: limits)
    }

    /// The position among `previous` (the elements the old items were made for) of the same stored value as
    /// `elements[index]` (`StateValue.sameStorage`), looked for at `after` (where the items before it leave off), the
    /// one after it (an item removed there) and at `index`; nil when none holds it. Equal elements have the same
    /// identity when it only reads the element.
    static func previousPosition(of elements: UnsafeBufferPointer<StateValue>, _ index: Int, in previous: UnsafeBufferPointer<StateValue>,
                                 after: Int) -> Int? {
        guard let base = previous.baseAddress, let element = elements.baseAddress.map({ $0 + index }) else { return nil }
        if after < previous.count && StateValue.sameStorage(base + after, element) { return after }
        if after + 1 < previous.count && StateValue.sameStorage(base + after + 1, element) { return after + 1 }
        if index < previous.count && StateValue.sameStorage(base + index, element) { return index }
        return nil
    }

    /// The member at `path` of `value`, nil when a step is no object or has no such member (the evaluator's
    /// `member` fails there too).
    static func read(_ path: [String], of value: consuming StateValue) -> StateValue? {
        // The first member read from the element as it is (no copy of it to walk from).
        guard let first = path.first else { return value }
        guard case .object(let object) = consume value, var member = object[first] else { return nil }
        for name in path.dropFirst() {
            guard case .object(let object) = member, let next = object[name] else { return nil }
            member = next
        }
        return member
    }
}

/// What the template path needs of each template definition it has seen, kept across updates (a definition is
/// the same value, its storage shared, until the general path makes the screen again): whether it reads `index`,
/// its custom types, and its payload (encoded on first need).
struct TemplateDefinitions: Sendable {
    struct Entry: Sendable {
        var template: ComponentNode
        var readsIndex: Bool
        var customTypes: Set<String>
        var json: JSONValue?
        /// The definition's bindings as the decoder compiled them for its items (`DecodingContext`'s cache).
        var compiled: [String: StateBinding] = [:]
        /// The locals' cache key (`BindingContext.signature`) for an item name and element type.
        var signature: (itemName: String, element: StateType, key: String)?
        /// What making its items from the definition does at each of its nodes (made with the first).
        var plan: TemplateItemPlan?
        /// The identities of the items the last patch of a template of this definition made, when every one was
        /// claimed (so they differ from each other): old identities that are these, the same stored values, are
        /// claimed in order (`ItemKeyTable.claimsInOrder`).
        var claimedKeys: [StateValue] = []
        /// Whether its items are made from the definition (`PayloadDecoder.instantiatedTemplateItem`); false once
        /// that could not make one (its items are decoded from its payload from then on).
        var instantiates = true
    }
    fileprivate(set) var entries: [Entry] = []

    /// The entry of `template`, made when there is none.
    /// - Complexity: O(definitions) comparisons, each O(1) for the same stored value.
    mutating func entry(for template: ComponentNode) -> Int {
        if let k = entries.firstIndex(where: { $0.template == template }) { return k }
        var types = Set<String>()
        template.collectCustomTypes(into: &types)
        entries.append(Entry(template: template, readsIndex: template.mayRead(local: 1), customTypes: types))
        return entries.count - 1
    }

    /// The locals' cache key of entry `k`'s items made by `forEach` (`BindingContext.signature`: made once).
    mutating func signature(of k: Int, for forEach: ForEachTemplate) -> String {
        let element: StateType
        if case .array(let type) = forEach.items.type { element = type } else { element = .any }
        if let kept = entries[k].signature, kept.itemName == forEach.itemName, kept.element == element { return kept.key }
        let key = BindingContext.signature(of: [(forEach.itemName, element), ("index", .number)])
        entries[k].signature = (forEach.itemName, element, key)
        return key
    }

    /// The payload of entry `k`'s definition, as the payload wrote it.
    mutating func json(of k: Int) -> JSONValue {
        if let json = entries[k].json { return json }
        let json = entries[k].template.payloadJSON(inTemplate: true)
        entries[k].json = json
        return json
    }
}

extension ComponentNode {
    /// Sets the node's templates to `templates` — its own templates with their new ranges
    /// (`TemplateItemPatch.templates`) — as `templates = templates` does, writing only the ranges into the content
    /// record: neither record reads anything else of the templates (the geometry record reads none of them). The
    /// records are made again when the content record has size-class variants (they hold the ranges too) or no
    /// extras, or when there are no templates (the extras may go).
    /// - Complexity: O(templates).
    mutating func setTemplateRanges(_ templates: [ChildTemplate]) {
        makeUnique()
        box.properties.templates = templates
        let content = box.content
        guard !templates.isEmpty, !content.pointee.usesSizeClasses, content.pointee.extras != nil else {
            box.refreshRecord()
            return
        }
        content.pointee.extrasFields().pointee.templateRanges = templates.map(\.range)
    }

    /// Whether the subtree (views, templates' definitions and items, fallbacks) may read template local `local`
    /// (`index`, 1, of the template's scope): a binding that reads it, or an id that may (an id is interpolated
    /// as the payload wrote it, reading only `item` and `index`: one whose text names `index` counts).
    func mayRead(local: Int) -> Bool {
        for site in bindings where site.binding.program?.readLocals.contains(local) == true { return true }
        if let id, id.contains("index") { return true }
        for template in templates {
            if template.forEach.items.reads(local: local) || template.forEach.id?.program?.readLocals.contains(local) == true
                || template.forEach.template.mayRead(local: local) { return true }
        }
        if let fallback, fallback.mayRead(local: local) { return true }
        var reads = false
        forEachView { _, view in if !reads && view.mayRead(local: local) { reads = true } }
        return reads
    }
}

extension ValueTemplate {
    /// Whether a binding in it reads template local `local`.
    func reads(local: Int) -> Bool {
        switch self {
        case .literal: return false
        case .binding(let binding): return binding.program?.readLocals.contains(local) == true
        case .array(let items): return items.contains { $0.reads(local: local) }
        case .object(_, let items): return items.contains { $0.reads(local: local) }
        }
    }
}
