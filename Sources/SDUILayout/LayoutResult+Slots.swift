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
}

extension ComponentNode {
    /// The payload node the engine laid out at child slot `slot` of this node (`LayoutResult.childSlot(at:)`), or nil.
    /// The one place that maps slots to payload nodes: slots that are not child indices — a section's header and
    /// footer, the views of backgrounds and overlays (`decorationChildIndex`) — resolve here too.
    package func layoutChild(atSlot slot: Int32) -> ComponentNode? { child(atLayoutIndex: slot) }
}

extension LayoutNodeStorage {
    func childSlot(at index: Int) -> Int32 {
        if source != nil, index < links.count { return links[index].childIndex }
        let pointer = nodes[index].pointer
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
