import SDUISchema

// The build's short paths: which children `TreeBuilder.addChildren` appends without the general `add`
// (`addSimpleLeaf`, `addSimpleStack`). `RandomTreeTests` checks that they make the same flat tree as the general path.

/// A child the build can append on its fast path: a color, spacer, divider, text or image (with an aspect ratio)
/// with no children, no size-class map and nothing to report (no frame contradiction, not a node the decoder could
/// not show). Everything else —
/// stacks, buttons, unknown types, images without an aspect ratio — takes `TreeBuilder.add`.
struct SimpleLeaf {
    let kind: NodeKind
    let geometry: UnsafePointer<GeometryProperties>
    let pointer: UnsafePointer<ComponentNode>

    @inline(__always)
    init?(_ pointer: UnsafePointer<ComponentNode>) {
        let g = ComponentNode.geometry(at: pointer)
        let kind = TreeBuilder.kind(of: pointer)
        switch kind {
        case .color, .spacer, .divider, .text: break
        case .image: guard TreeBuilder.isPositiveFinite(g.pointee.aspectRatio) else { return nil }
        default: return nil
        }
        // (`rawValue == 0`, not `isEmpty`: the generic `SetAlgebra` method is not specialised across modules.)
        guard !g.pointee.usesSizeClasses, !g.pointee.hasModifierChain, g.pointee.outOfRange.rawValue == 0,
              pointer.pointee.children.isEmpty else { return nil }
        // A contradictory frame is reported by the general path.
        if g.pointee.hasFrame && (g.pointee.frame.minWidth > g.pointee.frame.maxWidth || g.pointee.frame.minHeight > g.pointee.frame.maxHeight) { return nil }
        if TreeBuilder.isStandIn(pointer, g) { return nil }
        self.kind = kind
        self.geometry = g
        self.pointer = pointer
    }
}

/// A child the build can append on its stack path: a `vstack` or `hstack` (not a section) with no size-class map,
/// no modifier chain and nothing to report (no frame contradiction, no value out of range, children within the
/// nesting limit, not a node the decoder could not show). Everything else takes `TreeBuilder.add`.
struct SimpleStack {
    let isHorizontal: Bool
    let geometry: UnsafePointer<GeometryProperties>

    /// `depth`: the stack's nesting depth.
    @inline(__always)
    init?(_ pointer: UnsafePointer<ComponentNode>, depth: Int) {
        let isHorizontal: Bool
        switch pointer.pointee.type {
        case .vstack: isHorizontal = false
        case .hstack: isHorizontal = true
        default: return nil
        }
        let g = ComponentNode.geometry(at: pointer)
        guard !g.pointee.usesSizeClasses, !g.pointee.hasModifierChain, g.pointee.outOfRange.rawValue == 0 else { return nil }
        if g.pointee.hasFrame && (g.pointee.frame.minWidth > g.pointee.frame.maxWidth || g.pointee.frame.minHeight > g.pointee.frame.maxHeight) { return nil }
        if depth >= LayoutLimits.maxNodeDepth && !pointer.pointee.children.isEmpty { return nil }
        if TreeBuilder.isStandIn(pointer, g) { return nil }
        self.isHorizontal = isHorizontal
        self.geometry = g
    }
}

extension TreeBuilder {
    /// Whether the node at `pointer` (geometry `g`) stands in for one the decoder could not show (an unknown type or
    /// a newer `minimumVersion`, without a fallback): the general path reports it (`node-dropped`). Such a node is
    /// never visible, so the flag is read first and the node's compatibility record only for hidden nodes.
    @inline(__always)
    static func isStandIn(_ pointer: UnsafePointer<ComponentNode>, _ g: UnsafePointer<GeometryProperties>) -> Bool {
        g.pointee.isHidden && pointer.pointee.droppedReason != nil
    }
}
