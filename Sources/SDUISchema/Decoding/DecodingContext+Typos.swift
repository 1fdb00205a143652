/// Unknown keys and types: a probable typo when a small edit away from a name this build knows at that place (its
/// value then checked as if it were spelled right, so the problems under a misspelt `childern` are reported too),
/// an unknown-property warning otherwise.
extension DecodingContext {
    /// A probable typo at the value being decoded, or at its member `token`: an error where payloads are written
    /// (`isAuthoring`, strict), a warning where apps run.
    mutating func probableTypo(at token: String? = nil, _ message: String) {
        if bindings.isExpanding { return }
        let severity: PayloadIssue.Severity = options.strict || options.isAuthoring ? .error : .warning
        issues.append(PayloadIssue(severity, .probableTypo, pointer(appending: token), message))
    }

    /// Runs `body`, which checks the value of a misspelt key as the key it most likely means: where apps run its
    /// errors are warnings (see `error(_:at:_:)`).
    mutating func checkingTypo<T>(_ body: (inout DecodingContext) -> T) -> T {
        typoDepth += 1
        defer { typoDepth -= 1 }
        return body(&self)
    }

    /// Reports `key`, which is not one of `known` at this place, at the value being decoded (or its member `token`):
    /// `lead` says what it is (`unknown frame property "maxWidht"`). A probable typo when one of `known` is a small
    /// edit away; otherwise an unknown-property warning (an error when strict), with `hint` (a synonym's
    /// "did you mean") when given. Returns the key it most likely means, if any.
    @discardableResult
    mutating func reportUnknown(_ key: String, at token: String? = nil, _ lead: String, known: [String], hint: String? = nil) -> String? {
        let list = " (known: \(known.joined(separator: ", ")))"
        if let guess = Spelling.closest(to: key, among: known) {
            probableTypo(at: token, lead + " — did you mean \"\(guess)\"?" + list)
            return guess
        }
        lenient(.unknownProperty, at: token, lead + (hint.map { " — did you mean \"\($0)\"?" } ?? "") + list)
        return nil
    }

    /// Reports the type of a node whose type this build does not know and the app does not draw (the path at the
    /// node): shown as its fallback, or not at all. Returns the built-in type it most likely means when it is a
    /// probable typo (close to one, and without a fallback: a node with one is a newer server's, not a typo).
    mutating func reportUnknownType(_ typeName: String, hasFallback: Bool) -> ComponentType? {
        let names = ComponentType.builtIn.map(\.rawValue)
        let fate = hasFallback ? "shown as its fallback" : "not shown: give it a \"fallback\" for renderers that do not know it"
        if !hasFallback, let guess = Spelling.closest(to: typeName, among: names) {
            probableTypo(at: "type", "unknown type \"\(typeName)\" — did you mean \"\(guess)\"? (\(fate); known: \(names.joined(separator: ", ")))")
            return ComponentType(rawValue: guess)
        }
        lenient(.unknownType, at: "type", "unknown type \"\(typeName)\" (\(fate); known: \(names.joined(separator: ", ")))")
        return nil
    }

    /// An unknown-property report for `key` on a node of `type` (a probable typo when close to one of its keys; else
    /// a warning, an error when strict, naming the types that take `key` when it is another type's key). Returns the
    /// key it most likely means, if any.
    mutating func reportUnknownKey(_ key: String, on type: ComponentType, typeName: String, asIf: Bool = false) -> String? {
        let known = Self.knownKeys(for: type)
        let list = " (known: \(known.joined(separator: ", ")))"
        let checkedAs = asIf ? " (checked as a \(type.rawValue), the type it most likely means)" : ""
        if let guess = Spelling.closest(to: key, among: known) {
            probableTypo("unknown property \"\(key)\" on \(typeName) — did you mean \"\(guess)\"?" + checkedAs + list)
            return guess
        }
        var message = "unknown property \"\(key)\" on \(typeName)"
        let owners = ComponentType.builtIn.filter { Self.knownKeys(for: $0).contains(key) }.map(\.rawValue)
        if !owners.isEmpty { message += " (\"\(key)\" is a property of \(owners.joined(separator: ", ")))" }
        lenient(.unknownProperty, message + checkedAs + list)
        return nil
    }

    /// Checks the keys of a node of an unknown type that most likely means the built-in `type` (nothing it decodes
    /// is kept: the node is not shown): the keys that type takes are checked as that type's, the others reported.
    mutating func checkKeys(_ pairs: [(key: String, value: JSONValue)], asIf type: ComponentType, typeName: String, number: Int, depth: Int) {
        let own = Set(Self.keys(for: type))
        let known = Set(Self.knownKeys(for: type) + ["type"])
        for (key, item) in pairs {
            path.append(.key(key))
            defer { path.removeLast() }
            if own.contains(key) {
                checkAsIf(key, written: key, item, type: type, typeName: typeName, number: number, depth: depth)
            } else if !known.contains(key), let guess = reportUnknownKey(key, on: type, typeName: typeName, asIf: true),
                      !pairs.contains(where: { $0.key == guess }) {
                checkAsIf(guess, written: key, item, type: type, typeName: typeName, number: number, depth: depth)
            }
        }
    }

    /// Decodes the member written `written` (on top of `path`) of node number `number` as the key `key` of a
    /// `type`, for its problems only: nothing is kept (its nodes' ids are claimed, as they would be if the key were
    /// spelled right). A container whose children are all under the misspelt key lays out empty: that is said too.
    mutating func checkAsIf(_ key: String, written: String, _ item: JSONValue, type: ComponentType, typeName: String, number: Int, depth: Int) {
        guard let name = NodeKey(key), name != .type else { return }
        var id: String?
        var children: [ComponentNode] = []
        var scratch = NodeProperties()
        let bindingCount = bindings.nodeBindings.count
        checkingTypo { $0.decodeMember(name, written: written, item, type: type, typeName: typeName, number: number, depth: depth, id: &id, children: &children, into: &scratch) }
        if bindings.nodeBindings.count > bindingCount { bindings.nodeBindings.removeSubrange(bindingCount...) }
        if name == .children, written != "children", type.isContainer, case .array(let items) = item, !items.isEmpty {
            reportEmptyContainer("the \(typeName) lays out empty: its \(items.count) \(items.count == 1 ? "child is" : "children are") under \"\(written)\", which is not read")
        }
    }

    /// An empty-container warning at the value being decoded: a container with children in the payload that shows
    /// none of them.
    mutating func reportEmptyContainer(_ message: String) {
        if bindings.isExpanding { return }
        issues.append(PayloadIssue(.warning, .emptyContainer, pointer(), message))
    }
}
