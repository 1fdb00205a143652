/// The `childIndex` of a section's header and footer among its parent's views (children have indices ≥ 0,
/// decorations' views −(2k + 1) / −(2k + 2), see `decorationChildIndex`).
package let sectionHeaderChildIndex = Int32.min
/// See `sectionHeaderChildIndex`.
package let sectionFooterChildIndex = Int32.min + 1

/// The `childIndex` of a decoration's view: −(2k + 1) for the background of chain element k (the payload's
/// `modifiers[k]`), −(2k + 2) for its overlay. Children have indices ≥ 0.
@inline(__always)
package func decorationChildIndex(chainIndex: Int, isOverlay: Bool) -> Int32 {
    Int32(truncatingIfNeeded: -(2 * chainIndex + (isOverlay ? 2 : 1)))
}

/// The chain element and kind of a decoration's `childIndex` (nil for a child's, a header's or a footer's).
@inline(__always)
package func decoration(ofChildIndex childIndex: Int32) -> (chainIndex: Int, isOverlay: Bool)? {
    guard childIndex < 0, childIndex > sectionFooterChildIndex else { return nil }
    let code = Int(-(Int64(childIndex))) - 1
    return (code / 2, code % 2 == 1)
}

extension ComponentNode {
    /// Calls `body` with each view this node lays out besides itself, with its `childIndex`, in the order the
    /// layout's flat tree holds them (pre-order, so a node's number in a walk that visits views this way is its index
    /// there): the views of its backgrounds from the outermost to the innermost, a section's header, the children, a
    /// section's footer, the views of its overlays from the innermost to the outermost (document order is drawing
    /// order).
    /// - Complexity: O(children + modifiers).
    package func forEachView(_ body: (Int32, ComponentNode) -> Void) {
        // The box's properties are read in place (a copy of them all would retain every reference they hold).
        let chain = box.properties.modifiers.chain
        for k in chain.indices.reversed() {
            guard case .background = chain[k], let view = chain[k].decorationContent else { continue }
            body(decorationChildIndex(chainIndex: k, isOverlay: false), view)
        }
        let isSection = type == .section
        if isSection, let header = box.properties.sectionAndStyle.header { body(sectionHeaderChildIndex, header) }
        for (i, child) in children.enumerated() { body(Int32(truncatingIfNeeded: i), child) }
        if isSection, let footer = box.properties.sectionAndStyle.footer { body(sectionFooterChildIndex, footer) }
        for k in chain.indices {
            guard case .overlay = chain[k], let view = chain[k].decorationContent else { continue }
            body(decorationChildIndex(chainIndex: k, isOverlay: true), view)
        }
    }

    /// The `childIndex` of each view `forEachView` visits, in the same order, without the views (nothing copied).
    /// - Complexity: O(children + modifiers).
    package func forEachViewIndex(_ body: (Int32) -> Void) {
        let chain = box.properties.modifiers.chain
        for k in chain.indices.reversed() where chain[k].drawsView(isOverlay: false) {
            body(decorationChildIndex(chainIndex: k, isOverlay: false))
        }
        let isSection = type == .section
        if isSection, box.properties.sectionAndStyle.header != nil { body(sectionHeaderChildIndex) }
        for i in children.indices { body(Int32(truncatingIfNeeded: i)) }
        if isSection, box.properties.sectionAndStyle.footer != nil { body(sectionFooterChildIndex) }
        for k in chain.indices where chain[k].drawsView(isOverlay: true) {
            body(decorationChildIndex(chainIndex: k, isOverlay: true))
        }
    }

    /// The view at `childIndex` (a child's index, `decorationChildIndex`, `sectionHeaderChildIndex` or
    /// `sectionFooterChildIndex`), or nil.
    package func child(atLayoutIndex childIndex: Int32) -> ComponentNode? {
        if childIndex == sectionHeaderChildIndex { return header }
        if childIndex == sectionFooterChildIndex { return footer }
        if let d = decoration(ofChildIndex: childIndex) {
            let chain = modifiers.chain
            guard d.chainIndex < chain.count else { return nil }
            let element = chain[d.chainIndex]
            switch element {
            case .background where !d.isOverlay, .overlay where d.isOverlay: return element.decorationContent
            default: return nil
            }
        }
        guard childIndex >= 0, childIndex < children.count else { return nil }
        return children[Int(childIndex)]
    }

    /// Calls `body` with the view at a path of `childIndex`es from this node, read where it lies: the children on the
    /// way are not copied (`node(at:)` copies each, a retain and release of every reference it holds). false: no such
    /// view (`body` not called).
    package func withView(at path: UnsafeBufferPointer<Int32>, _ body: (borrowing ComponentNode) -> Void) -> Bool {
        guard let first = path.first else {
            body(self)
            return true
        }
        let rest = UnsafeBufferPointer(rebasing: path.dropFirst())
        guard first >= 0 else { return child(atLayoutIndex: first)?.withView(at: rest, body) ?? false }
        guard first < children.count else { return false }
        // Through the element's address: the buffer's subscript would copy the child out.
        return children.withUnsafeBufferPointer { ($0.baseAddress! + Int(first)).pointee.withView(at: rest, body) }
    }

    /// The view at a path of `childIndex`es from this node (nil: no such view).
    package func node(at path: ArraySlice<Int32>) -> ComponentNode? {
        var node = self
        for step in path {
            guard let next = node.child(atLayoutIndex: step) else { return nil }
            node = next
        }
        return node
    }

    /// Changes the view at a path of `childIndex`es in place (copying only the nodes on the way, and only those
    /// another value shares); nothing when there is no such view.
    package mutating func modify(at path: ArraySlice<Int32>, _ body: (inout ComponentNode) -> Void) {
        guard let first = path.first else { body(&self); return }
        let rest = path.dropFirst()
        if first >= 0 {
            guard children.indices.contains(Int(first)) else { return }
            // Through the buffer: `children[first]` moved each level's node out and back (a retain and release of
            // every reference it holds); the buffer's element is changed where it lies.
            children.withUnsafeMutableBufferPointer { buffer in buffer[Int(first)].modify(at: rest, body) }
        } else if first == sectionHeaderChildIndex {
            guard header != nil else { return }
            header!.modify(at: rest, body)
        } else if first == sectionFooterChildIndex {
            guard footer != nil else { return }
            footer!.modify(at: rest, body)
        } else if let d = decoration(ofChildIndex: first), d.chainIndex < modifiers.chain.count {
            modifiers.chain[d.chainIndex].modifyDecorationContent(isOverlay: d.isOverlay) { $0.modify(at: rest, body) }
        }
    }
}

extension Modifier {
    /// Changes the view of a background (`isOverlay` false) or an overlay in place; nothing for another modifier.
    mutating func modifyDecorationContent(isOverlay: Bool, _ body: (inout ComponentNode) -> Void) {
        switch self {
        case .background(var d) where !isOverlay:
            guard case .view(var view) = d.content else { return }
            body(&view)
            d.content = .view(view)
            self = .background(d)
        case .overlay(var d) where isOverlay:
            guard case .view(var view) = d.content else { return }
            body(&view)
            d.content = .view(view)
            self = .overlay(d)
        default: return
        }
    }
}
