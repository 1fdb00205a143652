import SDUIEnvironment
import SDUISchema

/// Sections in the flat tree: a section's header, children and footer as its flat children, and the check of a
/// scroll's pinned views.
extension TreeBuilder {
    /// `pinned-views-unused` for a scroll whose `pinnedViews` pin nothing: a scroll that is not the root (only the
    /// root scroll is laid out at an offset), or one without a section among its children.
    func checkPinnedViews(_ pointer: UnsafePointer<ComponentNode>, isRoot: Bool, hidden: Bool, name: NodeName, into tree: inout LayoutTree) {
        guard !hidden else { return }
        let why: String
        if !isRoot {
            why = "pinnedViews only pin in the root scroll (the one laid out at a scroll offset); this scroll is nested"
        } else if !pointer.pointee.children.contains(where: { $0.type == .section }) {
            why = "pinnedViews pin sections' headers and footers; this scroll has no section among its children"
        } else {
            return
        }
        tree.report(LayoutDiagnostic(severity: .info, code: "pinned-views-unused", path: name.id(tree),
                                     pointer: SDUILayout.pointer(forPath: name.path(tree)) + "/pinnedViews", message: why),
                    about: name.node, pointerSuffix: "/pinnedViews")
    }

    /// A section's flat children: its header, its children, its footer, stacked like a stack's children (their
    /// gaps computed once, as `add` does); the header and footer named by `sectionHeaderChildIndex` /
    /// `sectionFooterChildIndex`.
    func addSectionChildren(_ pointer: UnsafePointer<ComponentNode>, _ index: Int32, context: StackAxisContext,
                            shareAxis: StackAxisContext, hidden: Bool, depth: Int, into tree: inout LayoutTree) {
        var stackChildren = StackChildren(tree.nodes[Int(index)])
        var previous: Int32 = -1
        var visibleCount: Int32 = 0
        func link(_ child: Int32, _ tree: inout LayoutTree) {
            if previous < 0 { tree.nodes[Int(index)].firstChild = child } else { tree.nodes[Int(previous)].nextSibling = child }
            previous = child
            if !tree.nodes[Int(child)].isHidden {
                visibleCount += 1
                stackChildren.add(Int(child), tree.nodes.unchecked, tree.frames.unchecked)
            }
        }
        func addOne(_ node: ComponentNode, _ childIndex: Int32, _ tree: inout LayoutTree) {
            let kept = tree.keepSource(node)
            let child = add(kept, parent: index, childIndex: childIndex, parentContext: context, shareAxis: shareAxis,
                            parentHidden: hidden, depth: depth + 1, into: &tree)
            link(child, &tree)
        }
        if let header = pointer.pointee.header { addOne(header, sectionHeaderChildIndex, &tree) }
        let children = ComponentNode.children(at: pointer)
        if let base = children.baseAddress {
            for i in 0..<children.count {
                let child = add(base + i, parent: index, childIndex: Int32(truncatingIfNeeded: i), parentContext: context,
                                shareAxis: shareAxis, parentHidden: hidden, depth: depth + 1, into: &tree)
                link(child, &tree)
            }
        }
        if let footer = pointer.pointee.footer { addOne(footer, sectionFooterChildIndex, &tree) }
        stackChildren.finish(Int(index), tree.nodes.unchecked)
        tree.nodes[Int(index)].visibleChildCount = visibleCount
    }
}
