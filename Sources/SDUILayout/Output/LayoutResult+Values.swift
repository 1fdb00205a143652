public import SDUIEnvironment
public import SDUISchema

extension LayoutResult {
    /// A result given as `LayoutNode` values of `screen` (a layout made by hand, or read back from `sdui layout`'s
    /// JSON): each node's payload node is the one at its JSON Pointer in `screen` (`LayoutNode.pointer`), so what it
    /// shows and does is known as for a result the engine made (`DisplayList` draws it with its colours, text,
    /// images and actions). A node whose pointer names no node of `screen` is drawn with defaults.
    /// - Complexity: O(n · pointer length).
    public init(screen: Screen, environment: WindowEnvironment, traits: TraitCollection, nodes: [LayoutNode],
                diagnostics: [LayoutDiagnostic]) {
        let source = PayloadSource(root: screen.root, title: screen.title)
        var links = ContiguousArray<OutputLink>()
        links.reserveCapacity(nodes.count)
        for node in nodes {
            let found = Self.payloadNode(at: node.pointer, in: source.root.pointee)
            let pointer = found.map { source.keep($0) } ?? source.keep(ComponentNode(type: node.type, id: node.id))
            // The padding a layout of the node applies (its own `padding`, resolved and checked; a chain's is in its layers).
            let geometry = GeometryProperties(of: pointer.pointee, sizeClass: traits.horizontalSizeClass)
            links.append(OutputLink(parent: Int32(truncatingIfNeeded: node.parent), childIndex: LayoutNodeStorage.slot(ofPointer: node.pointer),
                                    textIndex: -1, isHidden: node.isHidden, node: Int32(truncatingIfNeeded: links.count), source: pointer,
                                    padding: geometry.hasPadding && !geometry.hasModifierChain ? geometry.padding : PaddingSpec()))
        }
        self.init(screenID: screen.id, environment: environment, traits: traits,
                  storage: LayoutNodeStorage(nodes, source: source, links: OutputLinks(links), state: screen.state),
                  diagnostics: .made(diagnostics))
    }

    /// The node at `pointer` (`/root/children/0/modifiers/1/overlay/content`, `/root/children/2/header`) below
    /// `root`, or nil.
    static func payloadNode(at pointer: String, in root: ComponentNode) -> ComponentNode? {
        var steps = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst()[...]
        guard steps.first == "root" else { return nil }
        steps = steps.dropFirst()
        var node = root
        while let step = steps.first {
            steps = steps.dropFirst()
            switch step {
            case "children":
                guard let k = steps.first.flatMap({ Int($0) }), k >= 0, k < node.children.count else { return nil }
                steps = steps.dropFirst()
                node = node.children[k]
            case "header", "footer":
                guard let view = step == "header" ? node.header : node.footer else { return nil }
                node = view
            case "modifiers":
                guard let k = steps.first.flatMap({ Int($0) }), k >= 0, k < node.modifiers.chain.count,
                      steps.dropFirst().first == "background" || steps.dropFirst().first == "overlay",
                      steps.dropFirst(2).first == "content", let view = node.modifiers.chain[k].decorationContent else { return nil }
                steps = steps.dropFirst(3)
                node = view
            default:
                return nil
            }
        }
        return node
    }
}
