import SDUIEnvironment
import SDUISchema

extension LayoutResult {
    /// Where `nodes[index]` sits in its parent's payload node: its index among the parent's `children` (0 for the
    /// root), read from the pass's links — no path string is made or parsed for a result the engine made.
    /// A result built from `LayoutNode` values reads the last component of the node's JSON Pointer (`/children/3`).
    /// `index` must be in `0..<nodeCount`.
    /// - Complexity: O(1) for an engine result; O(length of the path) otherwise.
    package func childSlot(at index: Int) -> Int32 { storage.childSlot(at: index) }

    /// The parent of `nodes[index]` (-1 for the root) without making the `LayoutNode` values.
    package func parentIndex(at index: Int) -> Int { storage.parentIndex(at: index) }

    /// `parentIndex(at:)` and `childSlot(at:)` of node `index`, read in one call.
    package func parentAndSlot(at index: Int) -> (parent: Int, slot: Int32) {
        (storage.parentIndex(at: index), storage.childSlot(at: index))
    }

    /// What node `index` shows and does besides its geometry, resolved for this result's size class (`NodeContent`,
    /// read from its payload node's content record); nil for a result given as `LayoutNode` values without their
    /// screen.
    /// - Complexity: O(1).
    package func content(at index: Int) -> NodeContent? {
        guard storage.hasSources, index >= 0, index < storage.links.count else { return nil }
        return NodeContent(records: index, in: storage, sizeClass: traits.horizontalSizeClass)
    }

    /// The payload `id` of node `index` (nil: none, or a result given as `LayoutNode` values whose id is its path).
    package func payloadID(at index: Int) -> String? {
        guard storage.hasSources else {
            let node = nodes[index]
            return node.id == node.path ? nil : node.id
        }
        return storage.identity(at: index)?.id
    }

    /// The padding the layout applied to node `index`, as the build resolved it (zero for none; a node with a
    /// modifier chain has its padding in its layers, `layers(at:)`).
    package func padding(at index: Int) -> PaddingValues {
        guard storage.hasSources, index >= 0, index < storage.links.count else { return PaddingValues() }
        return storage.links.padding(at: index)
    }

    /// The locals the bindings and actions of node `index` see: `item` and `index` of each template around it,
    /// outermost first. - Complexity: O(depth).
    package func locals(at index: Int) -> [(name: String, value: StateValue)] {
        guard storage.hasSources, index >= 0, index < storage.links.count else { return [] }
        var scopes: [[(name: String, value: StateValue)]] = []
        var i = index
        while i >= 0, i < storage.links.count {
            let link = storage.links[i]
            // The item's index is where its node is among the nodes its parent's template made. (The item is the same
            // in every size class: the box's record, whichever variants it has.)
            if let extras = ComponentNode.content(at: link.source).pointee.extras, let item = extras.fields.pointee.templateItem,
               link.parent >= 0, Int(link.parent) < storage.links.count,
               let parentExtras = ComponentNode.content(at: storage.links[Int(link.parent)].source).pointee.extras {
                let child = Int(link.childIndex)
                if let range = parentExtras.fields.pointee.templateRanges.first(where: { $0.contains(child) }) {
                    scopes.append(item.locals(index: child - range.lowerBound))
                }
            }
            i = Int(link.parent)
        }
        return scopes.reversed().flatMap { $0 }
    }

    /// The lazy items: the children of the grids in the root vertical scroll's column (SwiftUI's `LazyVGrid` in a
    /// `ScrollView`, which the engine lays out lazily in a viewport), ascending — their `onAppear` and `onDisappear`
    /// run as they enter and leave the visible area.
    /// - Complexity: O(n) in nodes.
    package var lazyItemIndices: [Int] {
        guard storage.isEnginePass, !storage.lazyGridNodes.isEmpty else { return [] }
        var isLazyGrid = [Bool](repeating: false, count: storage.count)
        for grid in storage.lazyGridNodes where Int(grid) < storage.count { isLazyGrid[Int(grid)] = true }
        return (0..<storage.count).filter { i in
            let link = storage.links[i]
            return link.parent >= 0 && isLazyGrid[Int(link.parent)] && link.childIndex >= 0
        }
    }

    /// The laid-out screen's title (nil: none, or a result given as `LayoutNode` values without their screen).
    package var screenTitle: String? { storage.source?.title }

    /// Whether the root is a vertical scroll (what a host scrolls, and a viewport layout lays out in part).
    package var rootScrollsVertically: Bool { storage.isEnginePass && storage.rootScrollsVertically }

    /// The first node (document order) whose payload `id` is `id`. - Complexity: O(n).
    package func index(ofNodeWithID id: String) -> Int? {
        guard storage.hasSources else { return (0..<nodeCount).first { payloadID(at: $0) == id } }
        return (0..<nodeCount).first { storage.identity(at: $0)?.id == id }
    }
}

extension LayoutNodeStorage {
    /// Whether the storage holds an engine pass (frames and links) rather than `LayoutNode` values.
    var isEnginePass: Bool { source != nil && !frames.isEmpty && links.count == count }
    /// Whether every node's payload node is known (an engine pass, or values given with their screen).
    var hasSources: Bool { source != nil && links.count == count }

    func childSlot(at index: Int) -> Int32 {
        if source != nil, index < links.count { return links[index].childIndex }
        return Self.slot(ofPointer: nodes[index].pointer)
    }

    /// The slot a JSON Pointer's last step names: a child index, or a header's, footer's or decoration's slot.
    static func slot(ofPointer pointer: String) -> Int32 {
        if let slot = Self.slotOfLastStep(pointer) { return slot }
        let path = pointer.utf8
        var value: Int32 = 0, scale: Int32 = 1
        for byte in path.reversed() {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            guard scale <= Int32.max / 10 else { return -1 }
            value &+= Int32(byte - UInt8(ascii: "0")) &* scale
            scale &*= 10
        }
        return scale == 1 ? 0 : value
    }

    /// The slot of a pointer's last step when it is not a child index: `/header`, `/footer`,
    /// `/modifiers/K/background/content`, `/modifiers/K/overlay/content` (nil otherwise).
    static func slotOfLastStep(_ pointer: String) -> Int32? {
        if pointer.hasSuffix("/header") { return sectionHeaderChildIndex }
        if pointer.hasSuffix("/footer") { return sectionFooterChildIndex }
        let isOverlay = pointer.hasSuffix("/overlay/content")
        guard isOverlay || pointer.hasSuffix("/background/content") else { return nil }
        let steps = pointer.split(separator: "/", omittingEmptySubsequences: false)
        guard steps.count >= 4, steps[steps.count - 4] == "modifiers", let k = Int(steps[steps.count - 3]),
              k >= 0, k < Int(Int32.max / 2) - 1 else { return nil }
        return decorationChildIndex(chainIndex: k, isOverlay: isOverlay)
    }

    func parentIndex(at index: Int) -> Int {
        if source != nil, index < links.count { return Int(links[index].parent) }
        return nodes[index].parent
    }
}

extension FontSpec {
    /// Distance from the top of a line box to its baseline, in points, in a renderer of `displayScale` device pixels
    /// per point: the one formula every drawing of the engine's lines uses (`TextFace.baselineOffset`, measured in
    /// Chromium; see `TextMeasurer.baselineOffset(for:)`).
    public func baselineOffset(displayScale: Double = 1) -> Double {
        TextFace.baselineOffset(size: size.isFinite && size > 0 ? size : 0, lineHeight: lineHeight,
                                displayScale: displayScale.isFinite && displayScale > 0 ? displayScale : 1)
    }
}
