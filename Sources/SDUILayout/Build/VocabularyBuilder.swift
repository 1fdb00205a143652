import SDUIEnvironment
import SDUISchema

/// The side of an SF Symbol's box at a text style: the style's line height (body: 22 pt at the default Dynamic
/// Type size). SF Symbols are drawn at the style's font and aligned with its text; the box of the line they
/// sit in is what a layout can reserve without the symbol's own metrics (docs/layout.md, "label").
@inline(__always)
func symbolSide(_ style: TextStyle, _ contentSize: ContentSizeCategory) -> Double {
    DynamicTypeTable.metrics(style, contentSize).lineHeight
}

/// The space between a label's symbol and its title: SwiftUI's default spacing, 8 pt.
public enum LabelMetrics {
    /// Points between the symbol and the title.
    public static let spacing = 8.0
}

extension TreeBuilder {
    /// `viewThatFits` axes, `flow` line spacing and alignment, a label's title run, a symbol's side.
    func resolveVocabulary(_ pointer: UnsafePointer<ComponentNode>, _ g: UnsafePointer<GeometryProperties>,
                           into flat: inout FlatNode, tree: inout LayoutTree) {
        switch flat.kind {
        case .viewThatFits:
            flat.columns = Int32(g.pointee.axes ?? (Axis.Set.horizontal.rawValue | Axis.Set.vertical.rawValue))
        case .flow:
            let spacing = Self.finiteNonNegative(g.pointee.spacing) ?? 8
            flat.spacing = spacing
            flat.columnSpacing = Self.finiteNonNegative(g.pointee.lineSpacing) ?? spacing
            // Lines start at the leading edge unless the payload says otherwise (Apple's FlowLayout sample).
            flat.alignX = g.pointee.alignment?.horizontalFraction ?? 0
        case .symbol:
            // The style (its index); the side is its line height at the layout's Dynamic Type size (a tree is laid
            // out at several: `LayoutTemplate.resolved`).
            flat.columns = Int32(symbolStyles.firstIndex(of: g.pointee.textStyle ?? .body) ?? 0)
        case .label:
            // 1: the title has a symbol before it (its side: the title's line height).
            flat.minLength = g.pointee.hasSymbol ? 1 : 0
            flat.textIndex = Int32(tree.texts.count)
            let choice = fontChoice(g, fixedWeight: g.pointee.fontWeight, into: &tree)
            tree.texts.append(TextSpec(string: g.pointee.title ?? "", style: g.pointee.textStyle ?? .body,
                                       fixedWeight: g.pointee.fontWeight, contentSize: contentSize, lineLimit: nil,
                                       alignment: .leading, choice: choice))
        default:
            break
        }
    }

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
        tree.buildDiagnostics.append(LayoutDiagnostic(severity: .info, code: "pinned-views-unused", path: name.id(tree),
                                                      pointer: SDUILayout.pointer(forPath: name.path(tree)) + "/pinnedViews", message: why))
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
        pointer.pointee.children.withUnsafeBufferPointer { children in
            guard let base = children.baseAddress else { return }
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
