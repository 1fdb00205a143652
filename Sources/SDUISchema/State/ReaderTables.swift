/// What `StateUpdater` knows of a screen, by node number (pre-order over `ComponentNode.forEachView`: the flat
/// tree's order, so a number is the node's index there): which nodes read which variables and how their change is
/// applied, where each such node is, how far each node's subtree reaches, and the ids in use.
///
/// Made by one walk of the screen (`init(screen:)`); a template path update renumbers it in place
/// (`replaceChildren(of:…)`), walking only the items it made — the tests compare it with a fresh walk.
struct ReaderTables: Sendable {
    /// For each node: its entry in `text`, or -1 when its bindings are not the fast path's text.
    var textOf: [Int32] = []
    /// The nodes whose one binding is their text (a text's `text`, a button's `title`, a toggle's or stepper's
    /// `label`) and reads no template local.
    var text: [StateUpdater.TextReader] = []
    /// For each node: its entry in `property`, `controlOnly`, `inputText`, or -1.
    var propertyOf: [Int32] = []
    /// The nodes that read state in other properties than one text (or in more than one), outside templates.
    var property: [StateUpdater.PropertyReader] = []
    /// The paths of the `inputText` nodes, by number.
    var inputText: [Int32: [Int32]] = [:]
    /// The paths of the nodes whose templates' items the template path makes again (`TemplateItemPatch`), by
    /// number: outside templates, their `items` reading no template local.
    var templates: [Int32: [Int32]] = [:]
    /// For each node: the number after its subtree's last node.
    var subtreeEnd: [Int32] = []
    /// Which nodes read which variables.
    var dependencies: StateDependencies
    /// The ids of the views (each once).
    var ids = Set<String>()
    /// Whether two views have the same id (the decoder's `duplicate-id`): set by `init(screen:)` and
    /// `replaceChildren`.
    var repeatsID = false

    /// In `propertyOf`: an input whose variable only sets its control (`StateUpdate.inputChanges`).
    static let controlOnly: Int32 = -2
    /// In `propertyOf`: an input whose variable sets the text the layout measures (a text field's, a menu
    /// picker's: `ComponentNode.inputText(showing:sizeClass:)`); its path is in `inputText`.
    static let inputTextEntry: Int32 = -3

    /// The views of the screen.
    var count: Int { textOf.count }

    /// The tables of `screen`.
    /// - Complexity: O(n) in the views.
    init(screen: Screen) {
        dependencies = StateDependencies(schema: screen.state.schema)
        var builder = Builder(base: 0, schema: screen.state.schema, tables: self)
        var path: [Int32] = []
        builder.visit(screen.root, path: &path, inTemplate: false)
        self = builder.tables
        repeatsID = builder.repeatsID
    }

    /// Appends the entries of the subtrees it visits to `tables`, numbering them from `base`.
    struct Builder {
        let base: Int32
        let schema: StateSchema
        var tables: ReaderTables
        /// Whether a visited id was in use already.
        var repeatsID = false

        /// Appends `node`'s subtree, at `path` (a buffer each view's step is pushed on and popped from again, so no
        /// path is made per node); `inTemplate`: it is inside a template's item.
        mutating func visit(_ node: ComponentNode, path: inout [Int32], inTemplate: Bool) {
            let number = Int32(tables.textOf.count)
            var textEntry: Int32 = -1, propertyEntry: Int32 = -1
            let outside = !inTemplate && node.templateItem == nil
            if let property = TextProperty(of: node), node.bindings.count == 1, node.bindings[0].path == [.key(property.key)],
               !node.bindings[0].binding.readsLocals, property != .label || outside {
                let binding = node.bindings[0].binding
                var global = -1
                if let program = binding.program, program.code.count == 1, program.code[0].op == .global {
                    global = Int(program.code[0].operand)
                }
                var current: String?
                if case .fixed(let string)? = property.value(of: node) { current = string }
                textEntry = Int32(tables.text.count)
                tables.text.append(StateUpdater.TextReader(path: path, binding: binding, global: global, property: property, current: current))
            } else if node.hasBindings, node.input == nil || StateUpdater.isControl(node) || StateUpdater.measuresInputText(node), outside,
                      node.templates.isEmpty {
                propertyEntry = Int32(tables.property.count)
                tables.property.append(StateUpdater.PropertyReader(path: path, paintOnly: node.bindings.map { StateUpdater.isPaintOnly($0.path, of: node) },
                                                                   isInput: node.input != nil,
                                                                   showsInputText: StateUpdater.measuresInputText(node)))
            } else if StateUpdater.isControlOnly(node), outside {
                propertyEntry = ReaderTables.controlOnly
            } else if StateUpdater.showsInputText(node), outside {
                propertyEntry = ReaderTables.inputTextEntry
                tables.inputText[base + number] = path
            }
            if !node.templates.isEmpty, outside, !node.templates.contains(where: \.forEach.items.readsLocals) {
                tables.templates[base + number] = path
            }
            tables.dependencies.record(node, number: base + number, in: schema)
            if let id = node.id, !tables.ids.insert(id).inserted { repeatsID = true }
            tables.textOf.append(textEntry)
            tables.propertyOf.append(propertyEntry)
            tables.subtreeEnd.append(0)
            // A template's items carry their `templateItem`; the static children beside them are not inside it.
            let childrenInTemplate = inTemplate || node.templateItem != nil
            node.forEachView { step, view in
                path.append(step)
                visit(view, path: &path, inTemplate: childrenInTemplate)
                path.removeLast()
            }
            tables.subtreeEnd[Int(number)] = base + Int32(tables.textOf.count)
        }
    }

    /// The numbers of the views of node `number` (`node`, as these tables describe it), in `forEachView` order, with
    /// their steps; nil when the tables do not describe it.
    private func views(of node: ComponentNode, at number: Int32) -> [(step: Int32, number: Int32)]? {
        var views: [(step: Int32, number: Int32)] = []
        views.reserveCapacity(node.children.count + 2)
        var c = number + 1
        var ok = true
        // Through the ends' buffer: the closure would otherwise capture (copy) the whole tables.
        subtreeEnd.withUnsafeBufferPointer { ends in
            node.forEachViewIndex { step in
                guard ok, c >= 0, Int(c) < ends.count else { ok = false; return }
                views.append((step, c))
                c = ends[Int(c)]
            }
            if ok && !(Int(number) < ends.count && c == ends[Int(number)]) { ok = false }
        }
        return ok ? views : nil
    }

    /// Renumbers the tables for the children of the node at `path` in `root` (the tree these tables describe)
    /// replaced as a template path patch says: the ranges of kept children (`origins[j]`: the old index of new child
    /// `j`, nil for a made one, the next of `made`) moved, the removed ones dropped, the made ones walked, the paths
    /// through the node's children and every number after them changed. False, the tables unusable (make them
    /// again), when the tables do not describe the tree or an id a made child uses is in use.
    /// - Complexity: O(n) in the table entries (moves, no walk), plus the removed and made children's nodes.
    mutating func replaceChildren(at path: [Int32], in root: ComponentNode, made: [ComponentNode], origins: [Int?],
                                  schema: StateSchema) -> Bool {
        // The node's number and its ancestors', from the root down.
        var ancestors: [Int32] = []
        ancestors.reserveCapacity(path.count + 1)
        ancestors.append(0)
        var node = root
        for step in path {
            guard let views = views(of: node, at: ancestors[ancestors.count - 1]),
                  let next = views.first(where: { $0.step == step }), let child = node.child(atLayoutIndex: step) else { return false }
            ancestors.append(next.number)
            node = child
        }
        let old = node
        let t = ancestors[ancestors.count - 1]
        guard let views = views(of: old, at: t) else { return false }
        // Where the children are: after the views of backgrounds and a section header, before the others.
        // Made at its size (`filter` grows its result one doubling at a time: a list of cards reallocated it ~6 times).
        var childViews: [(step: Int32, number: Int32)] = []
        childViews.reserveCapacity(views.count)
        for view in views where view.step >= 0 { childViews.append(view) }
        guard childViews.count == old.children.count else { return false }
        let before = views.firstIndex { $0.step >= 0 || !(($0.step == sectionHeaderChildIndex) || (decoration(ofChildIndex: $0.step)?.isOverlay == false)) }
        let childrenStart = before.map { views[$0].number } ?? subtreeEnd[Int(t)]
        let end = childViews.last.map { subtreeEnd[Int($0.number)] } ?? childrenStart
        // The leading children kept where they were (the same old child at the same index) keep their entries as
        // they are: the region starts after them.
        var lead = 0
        while lead < origins.count && lead < childViews.count && origins[lead] == lead { lead += 1 }
        let start = lead > 0 ? subtreeEnd[Int(childViews[lead - 1].number)] : childrenStart
        // The removed children's ids are free again.
        var kept = [Bool](repeating: false, count: old.children.count)
        for origin in origins { if let origin { guard kept.indices.contains(origin) else { return false }; kept[origin] = true } }
        for (k, child) in old.children.enumerated() where !kept[k] { Self.removeIDs(of: child, from: &ids) }
        // The new children's entries, numbered from `start`: the kept ones' ranges moved, the made ones walked.
        var moved: [(from: Int32, to: Int32, count: Int32, index: Int32)] = []
        moved.reserveCapacity(origins.count)
        var builder = Builder(base: start, schema: schema, tables: ReaderTables(dependencies: StateDependencies(schema: schema), ids: ids))
        ids = []
        let regionCount = Int(end - start)
        builder.tables.textOf.reserveCapacity(regionCount)
        builder.tables.propertyOf.reserveCapacity(regionCount)
        builder.tables.subtreeEnd.reserveCapacity(regionCount)
        // Only a made child is visited; kept ones' entries are copied, a run of adjacent ones at a time.
        var run = (from: Int32(0), to: Int32(0), number: Int32(0))
        func copyRun(into tables: inout ReaderTables) {
            guard run.to > run.from else { return }
            tables.textOf += textOf[Int(run.from)..<Int(run.to)]
            tables.propertyOf += propertyOf[Int(run.from)..<Int(run.to)]
            for n in Int(run.from)..<Int(run.to) { tables.subtreeEnd.append(subtreeEnd[n] - run.from + run.number) }
            run = (0, 0, 0)
        }
        var childPath: [Int32] = []
        childPath.reserveCapacity(path.count + 1)
        childPath += path
        childPath.append(0)
        var nextMade = 0
        for j in lead..<origins.count {
            let number = start + Int32(builder.tables.textOf.count) + (run.to - run.from)
            if let k = origins[j] {
                let from = childViews[k].number, to = subtreeEnd[Int(from)]
                // A kept child is kept once (`TemplateItemPatch`): none of the leading ones is kept again.
                guard from >= start else { return false }
                moved.append((from, number, to - from, Int32(j)))
                if run.to != from || run.to == run.from {
                    copyRun(into: &builder.tables)
                    run = (from, to, number)
                } else {
                    run.to = to
                }
            } else {
                copyRun(into: &builder.tables)
                childPath[childPath.count - 1] = Int32(j)
                guard nextMade < made.count else { return false }
                builder.visit(made[nextMade], path: &childPath, inTemplate: false)
                nextMade += 1
            }
        }
        copyRun(into: &builder.tables)
        let walked = builder.tables
        ids = walked.ids
        // A made child is an item: it has no readers of its own (only dependencies).
        if builder.repeatsID { repeatsID = true }
        guard walked.text.isEmpty, walked.property.isEmpty, walked.inputText.isEmpty, walked.templates.isEmpty else { return false }
        let newTextOf = walked.textOf, newPropertyOf = walked.propertyOf, newEnds = walked.subtreeEnd
        let delta = Int32(newTextOf.count) - (end - start)
        // The new number of each old node among the children (-1: removed).
        var region = [Int32](repeating: -1, count: Int(end - start))
        region.withUnsafeMutableBufferPointer { region in
            for m in moved {
                precondition(m.from >= start && m.from + m.count <= end)
                for n in m.from..<(m.from + m.count) { region[Int(n - start)] = n - m.from + m.to }
            }
        }
        func renumbered(_ n: Int32) -> Int32? {
            if n < start { return n }
            if n >= end { return n + delta }
            let new = region[Int(n - start)]
            return new >= 0 ? new : nil
        }
        // Paths through the node's children: the step below the node is the child's new index.
        let depth = path.count
        for m in moved where m.from != m.to || Int(m.index) != origins[Int(m.index)] {
            for n in m.from..<(m.from + m.count) {
                let k = Int(textOf[Int(n)])
                if k >= 0 { text[k].path[depth] = m.index }
                let p = Int(propertyOf[Int(n)])
                if p >= 0 { property[p].path[depth] = m.index }
            }
        }
        func renumberedKeys(_ table: [Int32: [Int32]]) -> [Int32: [Int32]]? {
            // Nodes before the region keep their numbers and paths.
            if !table.keys.contains(where: { $0 >= start }) { return table }
            var result: [Int32: [Int32]] = [:]
            for (n, var keyPath) in table {
                guard let new = renumbered(n) else { return nil }
                if n >= start && n < end, let m = moved.first(where: { n >= $0.from && n < $0.from + $0.count }) { keyPath[depth] = m.index }
                result[new] = keyPath
            }
            return result
        }
        guard let inputs = renumberedKeys(inputText), let templates = renumberedKeys(self.templates) else { return false }
        inputText = inputs
        self.templates = templates
        // The node and its ancestors end `delta` later; every node after the children is `delta` later.
        subtreeEnd.replaceSubrange(Int(start)..<Int(end), with: newEnds)
        subtreeEnd.withUnsafeMutableBufferPointer { ends in
            for a in ancestors { ends[Int(a)] += delta }
            if delta != 0 { for n in (Int(start) + newEnds.count)..<ends.count { ends[n] += delta } }
        }
        textOf.replaceSubrange(Int(start)..<Int(end), with: newTextOf)
        propertyOf.replaceSubrange(Int(start)..<Int(end), with: newPropertyOf)
        dependencies.renumber(renumbered)
        dependencies.add(walked.dependencies)
        return true
    }

    private init(dependencies: StateDependencies, ids: Set<String>) {
        self.dependencies = dependencies
        self.ids = ids
    }

    private static func removeIDs(of node: ComponentNode, from ids: inout Set<String>) {
        if let id = node.id { ids.remove(id) }
        node.forEachView { _, view in removeIDs(of: view, from: &ids) }
    }

    /// Whether the tables describe the same nodes as `other` (the tests compare a renumbered table with a fresh one).
    func agrees(with other: ReaderTables) -> Bool {
        textOf == other.textOf && propertyOf == other.propertyOf && subtreeEnd == other.subtreeEnd
            && inputText == other.inputText && templates == other.templates && dependencies == other.dependencies && ids == other.ids
            && text.map(\.path) == other.text.map(\.path) && property.map(\.path) == other.property.map(\.path)
    }
}
