extension ComponentNode {
    /// Calls `body` with each binding among the node's own properties (not its children's, not its templates').
    /// - Complexity: O(1): a fixed walk of the node's properties.
    public func forEachBinding(_ body: (StateBinding) -> Void) {
        box.properties.forEachBinding(body)
    }

    /// Whether any of the node's own properties is bound to the state.
    public var hasBindings: Bool {
        var found = false
        forEachBinding { _ in found = true }
        return found
    }

    /// The state variables the node's own properties read (slots of its screen's schema, ascending, each once),
    /// an input's variable included.
    public func readSlots(in schema: StateSchema) -> [Int] {
        var slots: [Int] = []
        forEachBinding { slots += $0.readSlots }
        if let target = input?.target, let slot = schema.slot(of: target) { slots.append(slot) }
        return Array(Set(slots)).sorted()
    }
}

extension NodeProperties {
    /// Every `Responsive` property, each visited once — a property added to the model must be added here (the
    /// tests bind every property of the JSON Schema and check that this finds it).
    func forEachBinding(_ body: (StateBinding) -> Void) {
        func visit<T>(_ value: Responsive<T>?) {
            if case .bound(let binding, _)? = value { body(binding) }
        }
        visit(spacing); visit(alignment); visit(columns); visit(minColumnWidth); visit(rowSpacing); visit(columnSpacing)
        visit(axis); visit(text); visit(style); visit(weight); visit(lineLimit); visit(color); visit(url); visit(placeholder)
        visit(alt); visit(title); visit(buttonStyle); visit(minLength)
        visit(modifiers.aspectRatio); visit(modifiers.contentMode); visit(modifiers.background); visit(modifiers.cornerRadius)
        visit(modifiers.visible); visit(modifiers.layoutPriority)
        if let padding = modifiers.padding {
            visit(padding.top); visit(padding.leading); visit(padding.bottom); visit(padding.trailing)
        }
        if let frame = modifiers.frame {
            visit(frame.width); visit(frame.height); visit(frame.minWidth); visit(frame.maxWidth); visit(frame.minHeight)
            visit(frame.maxHeight); visit(frame.alignment)
        }
        if let input {
            visit(input.label); visit(input.placeholder); visit(input.isSecure)
        }
        visit(gridItems)
        for modifier in modifiers.chain { modifier.forEachBinding(body) }
    }
}

extension Modifier {
    /// Calls `body` with each binding among the modifier's values (not inside a decoration's view: that node has
    /// its own).
    func forEachBinding(_ body: (StateBinding) -> Void) {
        func visit<T>(_ value: Responsive<T>?) {
            if case .bound(let binding, _)? = value { body(binding) }
        }
        switch self {
        case .padding(let p): visit(p.top); visit(p.leading); visit(p.bottom); visit(p.trailing)
        case .frame(let f):
            visit(f.width); visit(f.height); visit(f.minWidth); visit(f.maxWidth); visit(f.minHeight); visit(f.maxHeight); visit(f.alignment)
        case .aspectRatio(let a): visit(a.ratio); visit(a.contentMode)
        case .background(let d), .overlay(let d):
            if case .color(let c) = d.content { visit(c) }
            visit(d.alignment); visit(d.ignoresSafeArea)
        case .offset(let o): visit(o.x); visit(o.y)
        case .opacity(let v), .cornerRadius(let v), .layoutPriority(let v): visit(v)
        case .clipShape(let shape): if case .roundedRectangle(let r) = shape { visit(r) }
        case .border(let b): visit(b.color); visit(b.width)
        case .shadow(let s): visit(s.color); visit(s.radius); visit(s.x); visit(s.y)
        case .fixedSize(let f): visit(f.horizontal); visit(f.vertical)
        case .hidden(let h): visit(h)
        case .ignoresSafeArea, .unknown: break
        }
    }

    /// The modifier with every bound value replaced by its value (see `Screen.frozen`).
    func frozen() -> Modifier {
        func f<T>(_ value: Responsive<T>?) -> Responsive<T>? {
            if case .bound(_, let resolved)? = value { return resolved.map { .fixed($0) } }
            return value
        }
        func f<T>(_ value: Responsive<T>, default fallback: T) -> Responsive<T> {
            if case .bound(_, let resolved) = value { return .fixed(resolved ?? fallback) }
            return value
        }
        switch self {
        case .padding(let p):
            return .padding(Padding(top: f(p.top, default: 0), leading: f(p.leading, default: 0), bottom: f(p.bottom, default: 0), trailing: f(p.trailing, default: 0)))
        case .frame(let x):
            return .frame(Frame(width: f(x.width), height: f(x.height), minWidth: f(x.minWidth), maxWidth: f(x.maxWidth),
                                minHeight: f(x.minHeight), maxHeight: f(x.maxHeight), alignment: f(x.alignment)))
        case .aspectRatio(let a): return .aspectRatio(AspectRatio(ratio: f(a.ratio), contentMode: f(a.contentMode)))
        case .background(var d), .overlay(var d):
            if case .color(let c) = d.content, case .bound(_, let resolved) = c { d.content = .color(.fixed(resolved ?? .init(light: .init(red: 0, green: 0, blue: 0, alpha: 0)))) }
            if case .view(var node) = d.content { node.freeze(); d.content = .view(node) }
            d.alignment = f(d.alignment); d.ignoresSafeArea = f(d.ignoresSafeArea)
            if case .background = self { return .background(d) }
            return .overlay(d)
        case .offset(let o): return .offset(Offset(x: f(o.x, default: 0), y: f(o.y, default: 0)))
        case .opacity(let v): return .opacity(f(v, default: 1))
        case .cornerRadius(let v): return .cornerRadius(f(v, default: 0))
        case .layoutPriority(let v): return .layoutPriority(f(v, default: 0))
        case .clipShape(.roundedRectangle(let r)): return .clipShape(.roundedRectangle(cornerRadius: f(r, default: 0)))
        case .border(let b): return .border(Border(color: f(b.color, default: Color.system["primary"] ?? .init(light: .init(red: 0, green: 0, blue: 0))), width: f(b.width)))
        case .shadow(let s): return .shadow(Shadow(color: f(s.color), radius: f(s.radius, default: 0), x: f(s.x), y: f(s.y)))
        case .fixedSize(let x): return .fixedSize(FixedSize(horizontal: f(x.horizontal, default: true), vertical: f(x.vertical, default: true)))
        case .hidden(let h): return .hidden(f(h, default: false))
        case .clipShape, .ignoresSafeArea, .unknown: return self
        }
    }
}

/// Which nodes read which state variables: what a state change has to evaluate again, and nothing else
/// (SwiftUI's dependency tracking).
///
/// Nodes are numbered in pre-order — the order `SDUILayout`'s build step appends them to its flat tree, so a
/// number is the node's index there. Two kinds of reader: a node whose properties read a variable (its values
/// change: evaluate its bindings again, lay it out again if a geometry property changed), and a node whose
/// templates' `items` read it (its children change: make the template's nodes again).
public struct StateDependencies: Hashable, Sendable {
    /// For each state slot, the nodes whose properties read it, ascending.
    private var propertyReaders: [[Int32]]
    /// For each state slot, the nodes whose templates' items read it, ascending.
    private var templateReaders: [[Int32]]

    /// No readers of `schema`'s variables.
    public init(schema: StateSchema) {
        propertyReaders = Array(repeating: [], count: schema.count)
        templateReaders = Array(repeating: [], count: schema.count)
    }

    /// The readers in `screen`'s tree.
    /// - Complexity: O(n) in the tree's nodes.
    public init(screen: Screen) {
        self.init(schema: screen.state.schema)
        var number: Int32 = 0
        var stack: [ComponentNode] = [screen.root]
        while let node = stack.popLast() {
            record(node: number, reads: node.readSlots(in: screen.state.schema))
            for template in node.templates {
                if case .binding(let binding) = template.forEach.items { recordTemplate(node: number, reads: binding.readSlots) }
            }
            number += 1
            stack.append(contentsOf: node.children.reversed())
        }
    }

    /// Records that node `node`'s properties read `slots`.
    public mutating func record(node: Int32, reads slots: [Int]) {
        for slot in slots where propertyReaders.indices.contains(slot) { propertyReaders[slot].append(node) }
    }

    /// Records that node `node`'s templates' items read `slots`.
    public mutating func recordTemplate(node: Int32, reads slots: [Int]) {
        for slot in slots where templateReaders.indices.contains(slot) { templateReaders[slot].append(node) }
    }

    /// The nodes whose properties read any of `slots`, ascending, each once.
    public func nodes(readingAnyOf slots: [Int]) -> [Int32] { union(propertyReaders, slots) }

    /// The nodes whose templates must be made again when any of `slots` changes, ascending, each once.
    public func templateNodes(readingAnyOf slots: [Int]) -> [Int32] { union(templateReaders, slots) }

    private func union(_ readers: [[Int32]], _ slots: [Int]) -> [Int32] {
        let lists = slots.filter(readers.indices.contains).map { readers[$0] }
        if lists.count == 1 { return lists[0] }
        return Array(Set(lists.joined())).sorted()
    }
}

extension Screen {
    /// The screen in `state`: every binding resolved and every template's nodes made for `state`'s values (the
    /// variables it does not name keep this screen's values). The general path — the payload decoded again
    /// with that state — that an incremental update must agree with.
    /// - Complexity: O(n) in the size of the payload, templates made.
    public func resolved(in state: ScreenState, options: PayloadDecoder.Options = PayloadDecoder.Options()) -> PayloadDecoding {
        PayloadDecoder(options: options).decode(jsonValue, state: state)
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
    /// Replaces every bound value in the subtree by its value and drops templates and template items.
    mutating func freeze() {
        if hasBindings || !templates.isEmpty || templateItem != nil {
            makeUnique()
            box.properties.freezeBindings()
            box.properties.templates = []
            box.properties.templateItem = nil
            refreshGeometry()
        }
        for i in children.indices { children[i].freeze() }
    }
}

extension NodeProperties {
    /// Every bound value replaced by its value, visiting what `forEachBinding` visits.
    mutating func freezeBindings() {
        func freeze<T>(_ value: inout Responsive<T>?) {
            if case .bound(_, let resolved)? = value { value = resolved.map { .fixed($0) } }
        }
        func freezeEdge(_ value: inout Responsive<Double>) {
            if case .bound(_, let resolved) = value { value = .fixed(resolved ?? 0) }
        }
        freeze(&spacing); freeze(&alignment); freeze(&columns); freeze(&minColumnWidth); freeze(&rowSpacing); freeze(&columnSpacing)
        freeze(&axis); freeze(&text); freeze(&style); freeze(&weight); freeze(&lineLimit); freeze(&color); freeze(&url); freeze(&placeholder)
        freeze(&alt); freeze(&title); freeze(&buttonStyle); freeze(&minLength)
        freeze(&modifiers.aspectRatio); freeze(&modifiers.contentMode); freeze(&modifiers.background); freeze(&modifiers.cornerRadius)
        freeze(&modifiers.visible); freeze(&modifiers.layoutPriority)
        if var padding = modifiers.padding {
            freezeEdge(&padding.top); freezeEdge(&padding.leading); freezeEdge(&padding.bottom); freezeEdge(&padding.trailing)
            modifiers.padding = padding
        }
        if var frame = modifiers.frame {
            freeze(&frame.width); freeze(&frame.height); freeze(&frame.minWidth); freeze(&frame.maxWidth)
            freeze(&frame.minHeight); freeze(&frame.maxHeight); freeze(&frame.alignment)
            modifiers.frame = frame
        }
        if var control = input {
            freeze(&control.label); freeze(&control.placeholder); freeze(&control.isSecure)
            input = control
        }
        freeze(&gridItems)
        if !modifiers.chain.isEmpty { modifiers.chain = modifiers.chain.map { $0.frozen() } }
    }
}
