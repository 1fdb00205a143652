/// A screen taken from one state to another: the new screen, and — when the change was applied incrementally —
/// exactly which nodes' values changed, so layout can lay out again only those (SwiftUI's dependency tracking).
///
/// `StateUpdater.update(to:changedNames:)` makes one. Its fast path evaluates only the bindings that read a
/// changed variable (`StateDependencies`) and patches their nodes' text in a copy of the tree that shares every
/// other node; anything else (a template's items changed, a binding of another property, a binding that reads a
/// template's `item`, a value that fails) takes the general path, `Screen.resolved(in:)`, whose result the fast
/// path equals (the differential tests).
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
}

/// Takes a screen from state to state (the runtime keeps one per screen): knows which nodes read which variables,
/// so a change evaluates only the bindings that read it.
public struct StateUpdater: Sendable {
    /// The screen in the current state.
    public private(set) var screen: Screen
    /// Resolution options (expression limits).
    public var options: PayloadDecoder.Options
    private var dependencies: StateDependencies
    /// The nodes that read state, by pre-order number (nil: reads none).
    private var readers: [Reader?] = []

    /// A node that reads state: where it is, and — when its one binding is its text (a text's `text`, a button's
    /// `title`) and reads no template local — that binding and the text it shows, for the fast path.
    private struct Reader {
        /// The child-index path from the root.
        var path: [Int]
        var text: (binding: StateBinding, isButton: Bool, current: Responsive<String>?)?
    }

    /// An updater for `screen` in its current state.
    /// - Complexity: O(n) in the nodes.
    public init(screen: Screen, options: PayloadDecoder.Options = PayloadDecoder.Options()) {
        self.screen = screen
        self.options = options
        dependencies = StateDependencies(screen: screen)
        readers = Self.readers(of: screen)
    }

    /// Takes the screen to `state`; `changedNames`: the variables whose value differs from the current state's
    /// (`ActionOutcome.changedNames`; names not in the state are ignored). Returns nil when the screen cannot be
    /// resolved in `state` (the general path failed to decode; never for a screen that decoded).
    /// - Complexity: fast path O(readers of the changed names × (depth + their expressions' steps)); general path
    ///   O(n) in the payload.
    public mutating func update(to state: ScreenState, changedNames: [String]) -> StateUpdate? {
        let base = screen.derived
        let slots = changedNames.compactMap { state.schema.slot(of: $0) }
        if state.schema == screen.state.schema, let changes = fastChanges(slots: slots, state: state) {
            // In place: the nodes on the changed paths are copied only if someone else still holds them.
            do {
                // A local copy (the closure cannot read `self` while `screen` is changed), released before `readers`
                // is written below so that write does not copy the table.
                let readers = self.readers
                screen.update(state: state) { root in
                    for change in changes {
                        guard let reader = readers[Int(change.node)], let text = reader.text else { continue }
                        root.modify(at: reader.path[...]) { node in node.setBoundText(change.text, isTitle: text.isButton) }
                    }
                }
            }
            for change in changes where self.readers[Int(change.node)]?.text != nil {
                self.readers[Int(change.node)]?.text?.current = .fixed(change.text)
            }
            return StateUpdate(screen: screen, base: base, warnings: [], textChanges: changes)
        }
        let decoding = screen.resolved(in: state, options: options)
        guard let resolved = decoding.screen else { return nil }
        screen = resolved
        dependencies = StateDependencies(screen: resolved)
        readers = Self.readers(of: resolved)
        return StateUpdate(screen: resolved, base: base, warnings: decoding.issues.map(\.description), textChanges: nil)
    }

    /// The new texts of the readers of `slots`, or nil when the fast path does not apply.
    private func fastChanges(slots: [Int], state: ScreenState) -> [(node: Int32, text: String)]? {
        guard dependencies.templateNodes(readingAnyOf: slots).isEmpty else { return nil }
        var changes: [(node: Int32, text: String)] = []
        for number in dependencies.nodes(readingAnyOf: slots) {
            guard readers.indices.contains(Int(number)), let text = readers[Int(number)]?.text else { return nil }
            guard let value = try? text.binding.evaluate(globals: state.values, locals: [], limits: options.expressionLimits),
                  value.fits(.string) || value.type.isScalar else { return nil }
            let string = value.interpolationText
            if text.current != .fixed(string) { changes.append((number, string)) }
        }
        return changes
    }

    /// The nodes that read state (own properties or an input), by pre-order number.
    private static func readers(of screen: Screen) -> [Reader?] {
        var readers: [Reader?] = []
        var stack: [(node: ComponentNode, path: [Int])] = [(screen.root, [])]
        while let (node, path) = stack.popLast() {
            var reader: Reader?
            if node.hasBindings || node.input != nil {
                reader = Reader(path: path, text: nil)
                let isButton = node.type == .button
                if (node.type == .text || isButton), node.input == nil, node.bindings.count == 1,
                   node.bindings[0].path == [.key(isButton ? "title" : "text")], !node.bindings[0].binding.readsLocals {
                    reader?.text = (node.bindings[0].binding, isButton, isButton ? node.title : node.text)
                }
            }
            readers.append(reader)
            for (i, child) in node.children.enumerated().reversed() { stack.append((child, path + [i])) }
        }
        return readers
    }
}

extension ComponentNode {
    /// Changes the node at a child-index path in place (copying only the nodes on the way, and only those another
    /// value shares).
    mutating func modify(at path: ArraySlice<Int>, _ body: (inout ComponentNode) -> Void) {
        guard let first = path.first else { body(&self); return }
        guard children.indices.contains(first) else { return }
        // Through the buffer: `children[first]` moved each level's node out and back (a retain and release of
        // every reference it holds); the buffer's element is changed where it lies.
        children.withUnsafeMutableBufferPointer { buffer in buffer[first].modify(at: path.dropFirst(), body) }
    }
}
