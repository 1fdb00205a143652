/// A screen taken from one state to another: the new screen, and — when the change was applied incrementally —
/// exactly which nodes' values changed, so layout can lay out again only those (SwiftUI's dependency tracking).
///
/// `StateUpdater.update(to:changedNames:)` makes one. Its fast path evaluates only the bindings that read a
/// changed variable (`StateDependencies`) and patches their nodes in place (texts set, other bound nodes decoded
/// again on their own); its template path makes a `forEach`'s changed items again (`TemplateItemPatch`); anything
/// else (a binding inside a template's item that reads a changed variable, repeated identities, a value that
/// fails) takes the general path, `Screen.resolved(in:)`, whose result both equal (the differential tests).
public struct StateUpdate: Sendable {
    /// The screen in the new state.
    public var screen: Screen
    /// The identity of the screen value it was made from (its derived storage: a layout engine that laid that value
    /// out can patch its tree). Not the screen itself: holding it would make the next update copy the nodes along
    /// the changed path instead of changing them in place.
    package var base: ScreenDerivedStorage
    /// Problems resolving the new state (each took its property's default).
    public var warnings: [String]
    /// Fast path: the nodes whose text (a text's `text`, a button's `title`) changed, by pre-order number (a node's
    /// index in the flat layout tree), with the new text; nothing else changed in the tree. nil: the general path
    /// made the screen again — lay it out in full.
    public var textChanges: [(node: Int32, text: String)]?
    /// The nodes, by pre-order number, whose other bound properties changed and were resolved again on their own
    /// (`PayloadDecoder.resolvedProperties(of:in:depth:)`), ascending; empty for the general path. When only
    /// bindings that change how a node is drawn changed value (`StateUpdater.isPaintOnly`), `textChanges` is still
    /// given: the layout is the last one with those texts patched. Otherwise `textChanges` is nil (lay out in full).
    public var propertyChanges: [Int32] = []
    /// Fast path: the input nodes (by pre-order number, ascending) whose variable changed: their payload nodes are
    /// unchanged (a control reads the state), but how a host draws them is not (the display item's `DisplayControl`,
    /// the accessibility value). A `toggle`, `stepper` or segmented `picker` changes no layout; a `textField`'s text
    /// and a menu `picker`'s title are in `textChanges` too, for the layout to patch (the model's tree keeps its
    /// node). Empty for the general path.
    public var inputChanges: [Int32] = []
    /// Whether the general path made the screen again (`Screen.resolved(in:)`): lay it out in full.
    public var tookGeneralPath = false
    /// Fast path: the texts that changed, as `textChanges` gives them — also when a property change changes the
    /// layout and `textChanges` is nil (a layout engine then builds the nodes of `propertyChanges` again), and after a
    /// change of structure (numbered as after it). Empty for the general path.
    public var changedTexts: [(node: Int32, text: String)] = []
    /// Whether a template's items were inserted, removed or moved (`StateUpdater`'s template path): the tree's
    /// structure changed, its nodes are numbered anew (`textChanges` is nil; `splicedChildren` says how).
    public var changedStructure = false
    /// A change of structure: the nodes whose children the template path made again, ascending by number in the tree
    /// before the change, each with, for each of its children in the new state, the index among its old children of
    /// the child it keeps (the same node, moved), or -1 for a child made. A layout engine splices them into its tree
    /// (applying them from the last, each number still holds); `propertyChanges` and `changedTexts` are numbered as
    /// after the change.
    public var splicedChildren: [(node: Int32, origins: [Int32])] = []
    /// What changed, node by node (in the new screen's numbering): nil for the general path (anything may have).
    public var changes: NodeChanges?
}

/// Takes a screen from state to state (the runtime keeps one per screen): knows which nodes read which variables,
/// so a change evaluates only the bindings that read it.
public struct StateUpdater: Sendable {
    /// The screen in the current state.
    public private(set) var screen: Screen
    /// Resolution options (expression limits).
    public var options: PayloadDecoder.Options
    /// What the updater knows of the screen's nodes, by number.
    private var tables: ReaderTables
    /// The template definitions the template path has seen.
    private var definitions = TemplateDefinitions()
    /// The last `changedNames` and their slots (a runtime changes the same few variables again and again; their
    /// names are not hashed each time).
    private var lastNames: [String] = []
    private var lastSlots: [Int] = []

    /// A node whose one binding is its text: where it is, the binding and the text it shows.
    struct TextReader: Sendable {
        /// The path of `childIndex`es from the root (`ComponentNode.forEachView`).
        var path: [Int32]
        var binding: StateBinding
        /// The slot the binding reads when it is one variable and nothing else (`"@{badge}"`), else -1.
        var global: Int
        /// Which property the text is.
        var property: TextProperty
        /// The text shown when it is one string for every size class (nil: a size-class map, or none).
        var current: String?
    }

    /// A node whose bindings are not a lone text: where it is, and which of its bindings change only how it is
    /// drawn.
    struct PropertyReader: Sendable {
        /// The path of `childIndex`es from the root (`ComponentNode.forEachView`).
        var path: [Int32]
        /// For each of the node's bindings, in order: whether it is paint-only (`StateUpdater.isPaintOnly`).
        var paintOnly: [Bool]
        /// Whether it is a control (`isControlOnly` but for its bindings).
        var isInput = false
        /// Whether it is a text field or a menu picker: the layout measures the text it shows
        /// (`StateUpdater.measuresInputText`), patched with every change of the node.
        var showsInputText = false
    }

    /// An updater for `screen` in its current state.
    /// - Complexity: O(n) in the nodes.
    public init(screen: Screen, options: PayloadDecoder.Options = PayloadDecoder.Options()) {
        self.screen = screen
        self.options = options
        tables = ReaderTables(screen: screen)
    }

    /// Whether the tables describe the screen as a fresh walk does (for tests of the template path's renumbering).
    func tablesAgreeWithFreshWalk() -> Bool { tables.agrees(with: ReaderTables(screen: screen)) }

    /// Takes the screen to `state`; `changedNames`: the variables whose value differs from the current state's
    /// (`ActionOutcome.changedNames`; names not in the state are ignored). Returns nil when the screen cannot be
    /// resolved in `state` (the general path failed to decode; never for a screen that decoded).
    /// - Complexity: fast path O(readers of the changed names × (depth + their expressions' steps)); general path
    ///   O(n) in the payload.
    public mutating func update(to state: ScreenState, changedNames: [String]) -> StateUpdate? {
        let base = screen.derived
        if changedNames != lastNames {
            lastSlots = changedNames.compactMap { state.schema.slot(of: $0) }
            lastNames = changedNames
        }
        if state.schema == screen.state.schema, !tables.dependencies.droppedContentReads(anyOf: lastSlots) {
            let templateNodes = tables.dependencies.templateNodes(readingAnyOf: lastSlots)
            if templateNodes.isEmpty {
                if let changes = fastChanges(readers: tables.dependencies.nodes(readingAnyOf: lastSlots), state: state),
                   let update = patched(changes, state: state, base: base) {
                    return update
                }
            } else if let update = templateUpdate(templateNodes, state: state, base: base) {
                return update
            }
        }
        return general(state, base: base)
    }

    /// The fast path's `changes` applied in place: the property readers resolved again, the texts patched; nil when a
    /// property reader cannot be resolved on its own (take the general path, nothing changed).
    private mutating func patched(_ changes: FastChanges, state: ScreenState, base: ScreenDerivedStorage,
                                  splicedChildren: [(node: Int32, origins: [Int32])]? = nil, structure: [Int32] = [],
                                  before: [StateValue]? = nil) -> StateUpdate? {
        let changedStructure = splicedChildren != nil
        var properties: [Int32] = []
        var resolvedNodes: [ComponentNode] = []
        var propertyTexts: [(node: Int32, text: String)] = []
        var sized: [Int32] = []
        if !changes.properties.isEmpty {
            guard let resolved = resolveProperties(changes.properties, state: state, before: before ?? screen.state.values) else { return nil }
            (properties, resolvedNodes, propertyTexts, sized) = resolved
        }
        let layoutChanged = !sized.isEmpty
        // In place: the nodes on the changed paths are copied only if another value still shares them.
        do {
            // Local copies (the closure cannot read `self` while `screen` is changed), released before
            // `tables.text` is written below so that write does not copy the table.
            let readers = tables.text, readerOf = tables.textOf
            let others = tables.property, otherOf = tables.propertyOf
            let texts = changes.texts
            screen.update(state: state) { root in
                for (k, number) in properties.enumerated() {
                    root.modify(at: others[Int(otherOf[Int(number)])].path[...]) { node in node = resolvedNodes[k] }
                }
                for change in texts {
                    let reader = Int(readerOf[Int(change.node)])
                    root.modify(at: readers[reader].path[...]) { node in
                        node.setBoundText(change.text, of: readers[reader].property)
                    }
                }
            }
        }
        for change in changes.texts { tables.text[Int(tables.textOf[Int(change.node)])].current = change.text }
        // An input's text is not the model's (the state is): the layout patches it, the tree keeps the node.
        var texts = changes.texts
        if !changes.inputTexts.isEmpty || !propertyTexts.isEmpty {
            texts += changes.inputTexts + propertyTexts
            texts.sort { $0.node < $1.node }
        }
        let inputs = (changes.inputs + changes.inputTexts.map(\.node)).sorted()
        let textNodes = texts.map(\.node)
        // A property change that is neither a size nor a text change is a change of paint; so is a control's value.
        let paint = properties.filter { !sized.contains($0) && !textNodes.contains($0) } + inputs
        return StateUpdate(screen: screen, base: base, warnings: [], textChanges: layoutChanged || changedStructure ? nil : texts,
                           propertyChanges: properties, inputChanges: inputs, changedTexts: texts,
                           changedStructure: changedStructure, splicedChildren: splicedChildren ?? [],
                           changes: NodeChanges(text: textNodes, paint: paint, size: sized, structure: structure))
    }

    /// The template path: the templates of `numbers` (the nodes whose templates' items read a changed variable) made
    /// again for `state` (`TemplateItemPatch`: only new and changed items decoded, kept items moved), the tables
    /// renumbered (`ReaderTables.replaceChildren`: the kept children's entries moved, the made ones walked), then the
    /// other readers of the changed variables patched as the fast path does. nil, nothing changed, when it cannot stand for the general path: a template inside another template's
    /// item or whose items read a template local, a patch that fails, ids that now repeat, a reader of a changed
    /// variable inside a template's item, a screen near the decoder's node limits.
    /// - Complexity: O(table entries) moved, plus the new and removed items' nodes.
    private mutating func templateUpdate(_ numbers: [Int32], state: ScreenState, base: ScreenDerivedStorage) -> StateUpdate? {
        var patches: [(path: [Int32], patch: TemplateItemPatch)] = []
        var spliced: [(node: Int32, origins: [Int32])] = []
        // From the last node in the flat tree's order: a patch changes no path of a node before it.
        for number in numbers.reversed() {
            guard let path = tables.templates[number], let node = screen.root.node(at: path[...]),
                  let patch = TemplateItemPatch(of: node, in: state, previous: screen.state.values, depth: path.count + 2, options: options,
                                                definitions: &definitions) else { return nil }
            patches.append((path, patch))
            spliced.append((number, patch.origins.map { $0.map(Int32.init) ?? -1 }))
        }
        // The tables are renumbered while the screen is the old one (each reads its node's old children from it), and
        // no copy of a template node outlives its call.
        var renumbered = true
        for k in patches.indices where renumbered {
            renumbered = tables.replaceChildren(at: patches[k].path, in: screen.root, made: patches[k].patch.made,
                                                origins: patches[k].patch.origins, schema: state.schema)
        }
        let before = screen.state.values
        // When every reason to refuse is known before the screen changes — the tables renumbered, and the other
        // readers of the changed variables texts (their new texts read from the tables and the state alone) — they
        // are checked first and nothing keeps the old screen: the screen's arrays on the way to the template nodes,
        // and the nodes' children, are then held by the screen alone (the layout keeps no pointer into them:
        // `LayoutTree.spliceChildren`), and the update rearranges them in place instead of copying them and every
        // kept child. Otherwise the old screen is kept until the checks pass, to be put back when one refuses.
        // The readers of the changed variables in the renumbered tables: made once, for the check and the changes.
        let readers = renumbered ? tables.dependencies.nodes(readingAnyOf: lastSlots) : []
        var checked: FastChanges?
        if renumbered && readsOnlyTexts(readers) {
            guard !tables.repeatsID, tables.count <= min(options.maxNodes, options.maxTemplateNodes) / 2,
                  let changes = fastChanges(readers: readers, state: state) else {
                tables = ReaderTables(screen: screen)
                return nil
            }
            checked = changes
        }
        let saved: Screen? = checked == nil ? screen : nil
        screen.update(state: state) { root in
            for k in patches.indices {
                // The closure takes the arrays it uses, not the whole entry: `modify` hands its body down the path,
                // and a captured entry (path, patch) was copied at every level.
                let origins = patches[k].patch.origins, made = patches[k].patch.made
                let templates = patches[k].patch.rangesChanged ? patches[k].patch.templates : nil
                root.modify(at: patches[k].path[...]) { node in
                    TemplateItemPatch.rearrange(&node.children, origins: origins, made: made)
                    if let templates { node.setTemplateRanges(templates) }
                }
            }
        }
        if !renumbered { tables = ReaderTables(screen: screen) }
        guard !tables.repeatsID, tables.count <= min(options.maxNodes, options.maxTemplateNodes) / 2,
              let changes = checked ?? fastChanges(readers: renumbered ? readers : tables.dependencies.nodes(readingAnyOf: lastSlots),
                                                   state: state),
              let update = patched(changes, state: state, base: base, splicedChildren: spliced.reversed(),
                                   structure: templateNumbers(at: patches.map(\.path)), before: before) else {
            // (Checked first, `saved` nil: `patched` cannot refuse without property readers.)
            if let saved { screen = saved }
            tables = ReaderTables(screen: screen)
            return nil
        }
        return update
    }

    /// Whether every one of `readers` (the readers of the changed variables, `StateDependencies.nodes(readingAnyOf:)`)
    /// is a text reader or a control that only shows the state: what the fast path does for them reads the tables and
    /// the state, not the screen.
    private func readsOnlyTexts(_ readers: [Int32]) -> Bool {
        for number in readers {
            guard tables.textOf.indices.contains(Int(number)) else { return false }
            if tables.textOf[Int(number)] < 0 && tables.propertyOf[Int(number)] != ReaderTables.controlOnly { return false }
        }
        return true
    }

    /// The numbers of the template nodes at `paths` in the renumbered tables (the root's, 0, for one not found:
    /// everything after it may have moved).
    private func templateNumbers(at paths: [[Int32]]) -> [Int32] {
        paths.map { path in tables.templates.first { $0.value == path }?.key ?? 0 }
    }

    /// The general path: the payload resolved again in `state`.
    private mutating func general(_ state: ScreenState, base: ScreenDerivedStorage) -> StateUpdate? {
        let decoding = screen.resolved(in: state, options: options)
        guard let resolved = decoding.screen else { return nil }
        screen = resolved
        definitions = TemplateDefinitions()
        tables = ReaderTables(screen: resolved)
        return StateUpdate(screen: resolved, base: base, warnings: decoding.issues.map(\.description), textChanges: nil,
                           tookGeneralPath: true)
    }

    /// What the fast path changes: the text readers' new texts, the property readers to resolve again, the inputs
    /// whose control changes, the inputs whose text changes (each by number, ascending).
    private typealias FastChanges = (texts: [(node: Int32, text: String)], properties: [Int32], inputs: [Int32],
                                     inputTexts: [(node: Int32, text: String)])

    /// The new texts of the text readers among `readers` (the readers of the changed variables in the current tables,
    /// `StateDependencies.nodes(readingAnyOf:)`), and the other readers (by number, ascending), or nil when the fast
    /// path does not apply (a reader is inside a template, a text binding fails). The caller has made the templates
    /// whose items read the changed variables (or there are none).
    private func fastChanges(readers: [Int32], state: ScreenState) -> FastChanges? {
        var changes: [(node: Int32, text: String)] = []
        var properties: [Int32] = []
        var inputs: [Int32] = []
        var inputTexts: [(node: Int32, text: String)] = []
        let values = state.values
        for number in readers {
            guard tables.textOf.indices.contains(Int(number)) else { return nil }
            let k = Int(tables.textOf[Int(number)])
            guard k >= 0 else {
                let entry = tables.propertyOf[Int(number)]
                if entry == ReaderTables.controlOnly {
                    inputs.append(number)
                    continue
                }
                if entry == ReaderTables.inputTextEntry {
                    // Its placeholder and secure entry are one value for both size classes (`readers(of:)`).
                    guard let path = tables.inputText[number], let node = screen.root.node(at: path[...]),
                          let text = Self.shownInputText(of: node, in: state) else { return nil }
                    inputTexts.append((number, text))
                    continue
                }
                guard entry >= 0 else { return nil }
                properties.append(number)
                // A control shows the state whatever its bindings do.
                if tables.property[Int(entry)].isInput { inputs.append(number) }
                continue
            }
            let value: StateValue
            let global = tables.text[k].global
            if global >= 0 {
                // What the program's one instruction does (`ExpressionProgram.evaluate`), without entering it.
                guard values.indices.contains(global) else { return nil }
                value = values[global]
            } else {
                guard let evaluated = try? tables.text[k].binding.evaluate(globals: values, locals: [], limits: options.expressionLimits)
                else { return nil }
                value = evaluated
            }
            guard value.fits(.string) || value.type.isScalar else { return nil }
            let string = value.interpolationText
            if tables.text[k].property == .label {
                // The control shows the state too; a label that becomes empty has no text run to patch.
                inputs.append(number)
                if string.isEmpty { return nil }
            }
            if tables.text[k].current != string { changes.append((number, string)) }
        }
        return (changes, properties, inputs, inputTexts)
    }

    /// The property readers `numbers` resolved again in `state` (`PayloadDecoder.resolvedProperties`): those whose
    /// node changed, the new nodes, the new texts of those whose text binding (a text's `text`, a button's `title`,
    /// a control's `label`: `TextProperty`) changed value, and those with a change that is neither paint-only nor
    /// a text (`sized`: laid out again); nil when one cannot be resolved on its own (take the general path).
    /// `before`: the values of the state the screen was in (the template path has put the new state in it already).
    private func resolveProperties(_ numbers: [Int32], state: ScreenState, before: [StateValue])
        -> (nodes: [Int32], resolvedNodes: [ComponentNode], texts: [(node: Int32, text: String)], sized: [Int32])? {
        let decoder = PayloadDecoder(options: options)
        var nodes: [Int32] = []
        var resolvedNodes: [ComponentNode] = []
        var texts: [(node: Int32, text: String)] = []
        var sized: [Int32] = []
        let after = state.values
        for number in numbers {
            let reader = tables.property[Int(tables.propertyOf[Int(number)])]
            guard let old = screen.root.node(at: reader.path[...]),
                  let new = decoder.resolvedProperties(of: old, in: state, depth: reader.path.count + 1) else { return nil }
            // Which bindings changed value: the node is laid out again when one that is not paint-only did (a
            // paint-only property feeds nothing the layout's build step reads: the differential tests check it).
            // A text binding that changed value is a text change the layout patches in the node's text run, when the
            // new text is one non-empty string for every size class (an empty one has no run).
            // An input's text — its variable's, or its placeholder's while empty — is patched in its run whatever changed.
            if reader.showsInputText {
                guard let shown = Self.shownInputText(of: new, in: state) else { return nil }
                texts.append((number, shown))
            }
            if new == old { continue }
            let text = TextProperty(of: old)
            var layoutChanged = false
            for (i, site) in old.bindings.enumerated() where !layoutChanged && !(reader.paintOnly.indices.contains(i) && reader.paintOnly[i]) {
                // A text field's placeholder and secure entry change only the text it shows (patched above).
                if reader.showsInputText, site.path == [.key("placeholder")] || site.path == [.key("secure")] { continue }
                let was = try? site.binding.evaluate(globals: before, locals: [], limits: options.expressionLimits)
                let now = try? site.binding.evaluate(globals: after, locals: [], limits: options.expressionLimits)
                guard was != now else { continue }
                if let text, site.path.count == 1, site.path[0] == .key(text.key), case .fixed(let string)? = text.value(of: new),
                   !string.isEmpty {
                    texts.append((number, string))
                } else {
                    layoutChanged = true
                }
            }
            if layoutChanged { sized.append(number) }
            nodes.append(number)
            resolvedNodes.append(new)
        }
        return (nodes, resolvedNodes, texts, sized)
    }

    /// Whether a binding at `path` of `node` changes only how the node is drawn, never its layout: colors, an
    /// image's URL, placeholder and description, the top-level `background` and `cornerRadius`, accessibility, and the
    /// drawing modifiers of the chain (`opacity`, `cornerRadius`, `clipShape`, `border`, `shadow`, `hidden`).
    /// The layout tree holds nothing of them (docs/state.md, "Which changes lay out again").
    static func isPaintOnly(_ path: [PropertyBinding.Step], of node: ComponentNode) -> Bool {
        guard case .key(let first)? = path.first else { return false }
        switch first {
        case "color", "background", "cornerRadius", "accessibility": return true
        case "url", "alt", "placeholder": return node.type == .image
        case "modifiers":
            guard path.count >= 3, case .index(let i) = path[1], node.modifiers.chain.indices.contains(i) else { return false }
            switch node.modifiers.chain[i] {
            case .opacity, .cornerRadius, .clipShape, .border, .shadow, .hidden: return true
            default: return false
            }
        default: return false
        }
    }

    /// Whether the state `node` reads sets only its control: a toggle, a stepper or a segmented picker with no
    /// binding of its own (its label fixed), whose variable the layout does not read (a switch and a stepper are of
    /// fixed size, segments as wide as the widest option) — unlike a text field's text or a menu picker's title.
    static func isControlOnly(_ node: ComponentNode) -> Bool {
        !node.hasBindings && isControl(node)
    }

    /// Whether `node` is a toggle, a stepper or a segmented picker: a control whose variable the layout does not read.
    static func isControl(_ node: ComponentNode) -> Bool {
        guard let input = node.input else { return false }
        switch node.type {
        case .toggle, .stepper: return true
        case .picker: return input.pickerStyle == .segmented
        default: return false
        }
    }

    /// Whether the state `node` reads sets only the text it shows (`ComponentNode.inputText(showing:sizeClass:)`): a
    /// text field or a menu picker with no binding of its own, whose placeholder and secure entry are not size-class
    /// maps (the text must be one string for every size class, as a text reader's).
    static func showsInputText(_ node: ComponentNode) -> Bool {
        !node.hasBindings && measuresInputText(node) && shownTextIsFixed(node)
    }

    /// Whether `node` is a text field or a menu picker: an input whose variable sets the text the layout measures.
    static func measuresInputText(_ node: ComponentNode) -> Bool {
        guard let input = node.input else { return false }
        switch node.type {
        case .textField: return true
        case .picker: return input.pickerStyle != .segmented
        default: return false
        }
    }

    /// Whether what an input's text is made of — a text field's placeholder and secure entry — is one value for
    /// every size class.
    static func shownTextIsFixed(_ node: ComponentNode) -> Bool {
        guard let input = node.input else { return false }
        func fixed<T>(_ value: Responsive<T>?) -> Bool {
            guard let value else { return true }
            if case .fixed = value { return true }
            return false
        }
        return fixed(input.placeholder) && fixed(input.isSecure)
    }

    /// The text `node` (a text field or a menu picker) shows in `state` when it is one non-empty string for every
    /// size class; nil otherwise (a size-class map, or no text: the layout has no run to patch).
    static func shownInputText(of node: ComponentNode, in state: ScreenState) -> String? {
        guard shownTextIsFixed(node), let input = node.input,
              let text = node.inputText(showing: state[input.target], sizeClass: .compact), !text.isEmpty else { return nil }
        return text
    }
}

/// The property a text reader's one binding sets: the text the layout measures of its node.
package enum TextProperty: Sendable {
    /// A text's `text`.
    case text
    /// A button's `title`.
    case title
    /// A toggle's or a stepper's `label` (the text beside the control).
    case label

    /// The property `node`'s kind shows as its text, when it is one of these.
    init?(of node: ComponentNode) {
        switch node.type {
        case .text where node.input == nil: self = .text
        case .button where node.input == nil: self = .title
        case .toggle where node.input != nil, .stepper where node.input != nil: self = .label
        default: return nil
        }
    }

    /// The payload key of the property.
    var key: String {
        switch self {
        case .text: return "text"
        case .title: return "title"
        case .label: return "label"
        }
    }

    /// The property's value in `node`.
    func value(of node: ComponentNode) -> Responsive<String>? {
        switch self {
        case .text: return node.text
        case .title: return node.title
        case .label: return node.input?.label
        }
    }
}

extension ComponentNode {
    /// Sets the text `property` is to the fixed string a binding gave (`setBoundText(_:isTitle:)` for a text or a
    /// title; a control's label is not in the geometry record).
    mutating func setBoundText(_ string: String, of property: TextProperty) {
        switch property {
        case .text: setBoundText(string, isTitle: false)
        case .title: setBoundText(string, isTitle: true)
        case .label: input?.label = .fixed(string)
        }
    }
}
