import SDUIEnvironment
import SDUISchema

/// Build step: turns a `Screen` and the traits into a `LayoutTree`.
///
/// Size-class values are resolved here, once; modifiers are folded into per-node fields; text runs get their
/// font from Apple's Dynamic Type table; structural problems (unknown types, frame conflicts, images without
/// an aspect ratio) become diagnostics. Nothing here depends on the window *size*, only on its traits, so a
/// `LayoutEngine` reuses the tree when only the size changes.
struct TreeBuilder {
    let sizeClass: UserInterfaceSizeClass
    let contentSize: ContentSizeCategory
    /// Grids that are direct children of the root vertical scroll are left unflattened (viewport layouts).
    let virtualizesGrids: Bool

    init(traits: TraitCollection, virtualizesGrids: Bool = false) {
        self.init(sizeClass: traits.horizontalSizeClass, contentSize: traits.preferredContentSizeCategory,
                  virtualizesGrids: virtualizesGrids)
    }

    init(sizeClass: UserInterfaceSizeClass, contentSize: ContentSizeCategory, virtualizesGrids: Bool = false) {
        self.sizeClass = sizeClass
        self.contentSize = contentSize
        self.virtualizesGrids = virtualizesGrids
    }

    /// Flattens `screen` into `tree` (which is cleared first; its buffers are reused).
    /// - Complexity: O(n) in the number of nodes (O(1) per item of a virtualised grid).
    func build(_ screen: Screen, into tree: inout LayoutTree) {
        tree.removeAll()
        tree.screenID = screen.id
        tree.sizeClass = sizeClass
        tree.contentSize = contentSize
        tree.source = PayloadSource(root: screen.root)
        withUnsafePointer(to: screen.root) { root in
            _ = add(root, parent: -1, childIndex: 0, parentContext: .none, parentHidden: false,
                    isRootScrollChild: false, into: &tree)
        }
        tree.builtCount = tree.nodes.count
    }

    /// Appends `node` and its subtree; returns the node's index.
    ///
    /// The node is read through a pointer: a `ComponentNode` is large, and passing it by value copies it (and
    /// retains every field). No string is created or retained here: ids and path ids are read from the payload
    /// when a result's nodes are read (`OutputLink`), and only diagnostics name a node while building.
    @discardableResult
    func add(_ pointer: UnsafePointer<ComponentNode>, parent: Int32, childIndex: Int32, parentContext: StackAxisContext,
             parentHidden: Bool, isRootScrollChild: Bool, into tree: inout LayoutTree) -> Int32 {
        let index = Int32(tree.nodes.count)
        let node = UnsafeNode(pointer)
        var flat = FlatNode()
        flat.parent = parent
        flat.childIndex = childIndex
        flat.stackAxisOfParent = parentContext
        flat.kind = Self.kind(of: pointer)
        var hidden = parentHidden
        if let visible = node.modifiers.visible, !visible.resolved(for: sizeClass) { hidden = true }
        flat.isHidden = hidden
        if flat.kind == .button { flat.isTappable = true } else if node.modifiers.hasAction { flat.isTappable = true }

        resolveContainer(node, into: &flat)
        var frameSpec = FrameSpec(), paddingSpec = PaddingSpec()
        let name = NodeName(pointer: pointer, parent: parent, childIndex: childIndex)
        resolveModifiers(node, name: name, into: &flat, frameSpec: &frameSpec, paddingSpec: &paddingSpec, tree: &tree)
        resolveLeaf(node, name: name, into: &flat, tree: &tree)
        if flat.kind == .spacer { resolveSpacer(node, into: &flat) }

        switch flat.kind {
        case .color, .image, .spacer, .divider: flat.isSimpleLeaf = true
        case .vstack, .hstack, .zstack, .grid: flat.needsPlacementCheck = true
        default: break
        }
        if flat.isTappable { flat.needsPlacementCheck = true }
        tree.nodes.append(flat)
        tree.frames.append(frameSpec)
        tree.paddings.append(paddingSpec)
        tree.links.append(OutputLink(parent: parent, childIndex: childIndex, textIndex: hidden ? -1 : flat.textIndex,
                                     isHidden: hidden))

        // Children: pre-order, linked by firstChild / nextSibling.
        let childContext: StackAxisContext
        switch flat.kind {
        case .vstack: childContext = .vertical
        case .hstack: childContext = .horizontal
        case .scroll: childContext = flat.isHorizontal ? .horizontal : .vertical
        default: childContext = .none
        }
        let isRootScroll = parent == -1 && flat.kind == .scroll && !flat.isHorizontal
        if virtualizesGrids && isRootScrollChild && flat.kind == .grid {
            tree.lazyGrids.append(LazyGridSource(node: index, items: pointer.pointee.children))
            tree.nodes[Int(index)].visibleChildCount = Int32(clamping: pointer.pointee.children.count)
            return index
        }
        // Most nodes are leaves: skip the children walk (and its retain of the array) for them.
        if pointer.pointee.children.isEmpty {
            return index
        }
        var previous: Int32 = -1
        var visibleCount: Int32 = 0
        pointer.pointee.children.withUnsafeBufferPointer { children in
            guard let base = children.baseAddress else { return }
            for i in children.indices {
                let child = add(base + i, parent: index, childIndex: Int32(truncatingIfNeeded: i), parentContext: childContext,
                                parentHidden: hidden, isRootScrollChild: isRootScroll, into: &tree)
                if previous < 0 { tree.nodes[Int(index)].firstChild = child } else { tree.nodes[Int(previous)].nextSibling = child }
                previous = child
                if !tree.nodes[Int(child)].isHidden { visibleCount += 1 }
            }
        }
        tree.nodes[Int(index)].visibleChildCount = visibleCount
        if childContext != .none { resolveStackChildren(index, &tree) }
        return index
    }

    /// The kind of the node at `pointer`, read without copying its type (a `.custom` type holds a string).
    @inline(__always)
    static func kind(of pointer: UnsafePointer<ComponentNode>) -> NodeKind {
        switch pointer.pointee.type {
        case .vstack: return .vstack
        case .hstack: return .hstack
        case .zstack: return .zstack
        case .grid: return .grid
        case .scroll: return .scroll
        case .text: return .text
        case .image: return .image
        case .button: return .button
        case .spacer: return .spacer
        case .divider: return .divider
        case .color: return .color
        case .custom: return .custom
        }
    }

    static func kind(of type: ComponentType) -> NodeKind {
        switch type {
        case .vstack: return .vstack
        case .hstack: return .hstack
        case .zstack: return .zstack
        case .grid: return .grid
        case .scroll: return .scroll
        case .text: return .text
        case .image: return .image
        case .button: return .button
        case .spacer: return .spacer
        case .divider: return .divider
        case .color: return .color
        case .custom: return .custom
        }
    }

    // MARK: Steps

    /// Stack, grid and scroll properties (SwiftUI defaults: spacing 8, center alignment).
    @inline(__always)
    private func resolveContainer(_ node: UnsafeNode, into flat: inout FlatNode) {
        switch flat.kind {
        case .vstack, .hstack, .zstack, .scroll, .grid, .custom:
            let explicitSpacing = finiteNonNegative(node.spacing?.resolved(for: sizeClass))
            let spacing = explicitSpacing ?? 8
            flat.spacing = spacing
            flat.hasDefaultSpacing = explicitSpacing == nil
            flat.columnSpacing = spacing
            if let alignment = node.alignment?.resolved(for: sizeClass) {
                flat.alignX = alignment.horizontalFraction
                flat.alignY = alignment.verticalFraction
            }
            if flat.kind == .scroll {
                flat.isHorizontal = node.axis?.resolved(for: sizeClass) == .horizontal
            }
            if flat.kind == .hstack { flat.isHorizontal = true }
            if flat.kind == .grid {
                flat.spacing = finiteNonNegative(node.rowSpacing?.resolved(for: sizeClass)) ?? spacing
                flat.columnSpacing = finiteNonNegative(node.columnSpacing?.resolved(for: sizeClass)) ?? spacing
                flat.columns = Int32(clamping: max(1, node.columns?.resolved(for: sizeClass) ?? 1))
                flat.minColumnWidth = finiteNonNegative(node.minColumnWidth?.resolved(for: sizeClass)) ?? 0
            }
        case .spacer:
            flat.minLength = finiteNonNegative(node.minLength?.resolved(for: sizeClass)) ?? 8
        case .text:
            if let alignment = node.alignment?.resolved(for: sizeClass) {
                flat.alignX = alignment.horizontalFraction
            } else {
                flat.alignX = 0
            }
        default:
            break
        }
    }

    /// One walk over a stack's (or scroll's) children, fixed per tree so a layout pass does not recount:
    /// - the space before each visible child and their sum (`FlatNode.gapBefore`, `spacingTotal`): the stack's
    ///   spacing between visible children; with SwiftUI's default spacing, none next to a spacer;
    /// - in a stack with explicit spacing, the minimum of a spacer without `minLength`: it keeps a distance of
    ///   at least the default spacing (8) between its neighbours, counting the stack's spacing on each side,
    ///   i.e. max(0, 8 − spacing × neighbours). Measured in SwiftUI: `VStack(spacing: 0) { a; Spacer(); b }`
    ///   puts b 8 below a; `HStack(spacing: 20) { a; Spacer(); b }` puts b 40 after a (the spacer is 0).
    private func resolveStackChildren(_ stack: Int32, _ tree: inout LayoutTree) {
        let spacing = tree.nodes[Int(stack)].spacing
        let defaultSpacing = tree.nodes[Int(stack)].hasDefaultSpacing
        var total = 0.0
        var seen = false, previousIsSpacer = false
        var child = tree.nodes[Int(stack)].firstChild
        while child >= 0 {
            let c = Int(child)
            if !tree.nodes[c].isHidden {
                let isSpacer = tree.nodes[c].kind == .spacer
                if isSpacer && !defaultSpacing && tree.nodes[c].hasDefaultMinLength {
                    var next = tree.nodes[c].nextSibling
                    while next >= 0 && tree.nodes[Int(next)].isHidden { next = tree.nodes[Int(next)].nextSibling }
                    let neighbours = (seen ? 1.0 : 0) + (next >= 0 ? 1.0 : 0)
                    tree.nodes[c].minLength = max(0, 8 - spacing * neighbours)
                }
                var gap = 0.0
                if seen {
                    gap = defaultSpacing && (previousIsSpacer || isSpacer) ? 0 : spacing
                    total += gap
                }
                tree.nodes[c].gapBefore = gap
                seen = true
                previousIsSpacer = isSpacer
            }
            child = tree.nodes[c].nextSibling
        }
        tree.nodes[Int(stack)].spacingTotal = total
    }

    /// SwiftUI's `Spacer` in a stack: without `layoutPriority` it is served after every sibling (SwiftUI gives
    /// spacers the lowest priority), so a flexible sibling takes the surplus and the spacer keeps its minimum.
    /// Without `minLength` its minimum is SwiftUI's default spacing (8); in a stack with explicit spacing see
    /// `resolveStackChildren`.
    private func resolveSpacer(_ node: UnsafeNode, into flat: inout FlatNode) {
        flat.hasDefaultMinLength = node.minLength == nil
        if node.modifiers.layoutPriority == nil {
            flat.layoutPriority = -.infinity
        }
    }

    /// aspectRatio → padding → frame, plus layoutPriority; reports frame conflicts.
    @inline(__always)
    private func resolveModifiers(_ node: UnsafeNode, name: NodeName,
                                  into flat: inout FlatNode, frameSpec: inout FrameSpec, paddingSpec: inout PaddingSpec,
                                  tree: inout LayoutTree) {
        if let ratio = node.modifiers.aspectRatio?.resolved(for: sizeClass), ratio.isFinite, ratio > 0 {
            flat.aspectRatio = ratio
            // An image's box is always the reserved ("fit") box; its contentMode only says how the picture
            // fills that box. Other nodes follow SwiftUI's aspectRatio(_:contentMode:) (fit by default).
            if flat.kind != .image {
                flat.aspectFill = node.modifiers.contentMode?.resolved(for: sizeClass) == .fill
            }
        } else if flat.kind == .image && !flat.isHidden {
            tree.buildDiagnostics.append(LayoutDiagnostic(
                severity: .warning, code: "image-without-aspect-ratio", path: name.id(tree), pointer: pointer(forPath: name.path(tree)),
                message: "image has no aspectRatio: its box cannot be reserved before it loads (laid out as a square of the offered width)"))
            flat.aspectRatio = 1
        }
        if let padding = node.modifiers.padding {
            flat.hasPadding = true
            paddingSpec.top = finite(padding.top.resolved(for: sizeClass))
            paddingSpec.leading = finite(padding.leading.resolved(for: sizeClass))
            paddingSpec.bottom = finite(padding.bottom.resolved(for: sizeClass))
            paddingSpec.trailing = finite(padding.trailing.resolved(for: sizeClass))
        }
        if let frame = node.modifiers.frame {
            flat.hasFrame = true
            frameSpec.width = finiteNonNegative(frame.width?.resolved(for: sizeClass)) ?? unset
            frameSpec.height = finiteNonNegative(frame.height?.resolved(for: sizeClass)) ?? unset
            frameSpec.minWidth = bound(frame.minWidth?.resolved(for: sizeClass))
            frameSpec.maxWidth = bound(frame.maxWidth?.resolved(for: sizeClass))
            frameSpec.minHeight = bound(frame.minHeight?.resolved(for: sizeClass))
            frameSpec.maxHeight = bound(frame.maxHeight?.resolved(for: sizeClass))
            if let alignment = frame.alignment?.resolved(for: sizeClass) {
                frameSpec.alignX = alignment.horizontalFraction
                frameSpec.alignY = alignment.verticalFraction
            }
            // SwiftUI's normalisation: min ≤ max. A contradiction is clamped (max raised to min) and reported.
            if !frameSpec.minWidth.isNaN, !frameSpec.maxWidth.isNaN, frameSpec.minWidth > frameSpec.maxWidth {
                reportConflict("minWidth \(formatPoints(frameSpec.minWidth)) > maxWidth \(formatPoints(frameSpec.maxWidth))", name, &tree)
                frameSpec.maxWidth = frameSpec.minWidth
            }
            if !frameSpec.minHeight.isNaN, !frameSpec.maxHeight.isNaN, frameSpec.minHeight > frameSpec.maxHeight {
                reportConflict("minHeight \(formatPoints(frameSpec.minHeight)) > maxHeight \(formatPoints(frameSpec.maxHeight))", name, &tree)
                frameSpec.maxHeight = frameSpec.minHeight
            }
        }
        if let priority = node.modifiers.layoutPriority?.resolved(for: sizeClass), priority.isFinite {
            flat.layoutPriority = priority
        }
    }

    private func reportConflict(_ what: String, _ name: NodeName, _ tree: inout LayoutTree) {
        tree.buildDiagnostics.append(LayoutDiagnostic(
            severity: .warning, code: "frame-conflict", path: name.id(tree), pointer: pointer(forPath: name.path(tree)) + "/frame",
            message: "contradictory frame constraints: \(what); the maximum is raised to the minimum"))
    }

    /// Text runs, button titles and unknown types.
    @inline(__always)
    private func resolveLeaf(_ node: UnsafeNode, name: NodeName,
                             into flat: inout FlatNode, tree: inout LayoutTree) {
        switch flat.kind {
        case .text:
            let style = node.style?.resolved(for: sizeClass) ?? .body
            let metrics = DynamicTypeTable.metrics(style, contentSize)
            let weight = node.weight?.resolved(for: sizeClass) ?? metrics.weight
            let limit = node.lineLimit?.resolved(for: sizeClass)
            flat.textIndex = Int32(tree.texts.count)
            tree.texts.append(TextSpec(
                string: node.text?.resolved(for: sizeClass) ?? "", fontSize: metrics.size, fontWeight: weight.cssWeight,
                lineHeight: metrics.lineHeight, lineLimit: limit.map { max(1, $0) },
                alignment: node.alignment?.resolved(for: sizeClass) ?? .leading))
        case .button:
            let metrics = DynamicTypeTable.metrics(.body, contentSize)
            let style = node.buttonStyle?.resolved(for: sizeClass) ?? .automatic
            flat.textIndex = Int32(tree.texts.count)
            tree.texts.append(TextSpec(
                string: node.title?.resolved(for: sizeClass) ?? "", fontSize: metrics.size,
                fontWeight: (style == .borderedProminent ? FontWeight.semibold : metrics.weight).cssWeight,
                lineHeight: metrics.lineHeight, lineLimit: 1, alignment: .center))
            switch style {
            case .bordered, .borderedProminent:
                // SwiftUI's bordered capsule at the regular control size: 12 pt sides, 7 pt top and bottom.
                flat.labelPadH = 12; flat.labelPadV = 7
            case .automatic, .plain, .borderless:
                break
            }
        case .custom:
            if !flat.isHidden {
                tree.buildDiagnostics.append(LayoutDiagnostic(
                    severity: .warning, code: "unknown-type", path: name.id(tree), pointer: pointer(forPath: name.path(tree)),
                    message: "unknown component type \"\(node.type.rawValue)\": laid out as \(node.children.isEmpty ? "an empty zero-size node" : "a zstack of its children")"))
            }
        default:
            break
        }
    }

    // MARK: Value checks (layout never sees NaN or negative sizes)

    private func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
    private func finiteNonNegative(_ value: Double?) -> Double? {
        guard let value, value.isFinite else { return nil }
        return max(0, value)
    }
    /// A min/max bound: NaN when absent, never negative, +infinity allowed.
    private func bound(_ value: Double?) -> Double {
        guard let value, !value.isNaN else { return unset }
        return max(0, value)
    }
}

/// Names the node being built, for diagnostics only (the strings are made when a diagnostic needs them).
struct NodeName {
    let pointer: UnsafePointer<ComponentNode>
    let parent: Int32
    let childIndex: Int32
    /// The path id (`root.0.3`).
    func path(_ tree: LayoutTree) -> String {
        parent < 0 ? "root" : tree.path(of: parent) + "." + String(childIndex)
    }
    /// The payload id, or the path id.
    func id(_ tree: LayoutTree) -> String { pointer.pointee.id ?? path(tree) }
}

/// The JSON Pointer of the node with path id `path` (`root.0.3` → `/root/children/0/children/3`).
func pointer(forPath path: String) -> String {
    var result = "/"
    result.reserveCapacity(path.utf8.count * 4)
    for scalar in path.unicodeScalars {
        if scalar == "." { result += "/children/" } else { result.unicodeScalars.append(scalar) }
    }
    return result
}

/// Read access to a `ComponentNode` in place (no copy of the whole struct per property read).
struct UnsafeNode {
    let pointer: UnsafePointer<ComponentNode>
    init(_ pointer: UnsafePointer<ComponentNode>) { self.pointer = pointer }
    var type: ComponentType { pointer.pointee.type }
    var id: String? { pointer.pointee.id }
    var children: [ComponentNode] { pointer.pointee.children }
    var spacing: Responsive<Double>? { pointer.pointee.spacing }
    var alignment: Responsive<Alignment>? { pointer.pointee.alignment }
    var columns: Responsive<Int>? { pointer.pointee.columns }
    var minColumnWidth: Responsive<Double>? { pointer.pointee.minColumnWidth }
    var rowSpacing: Responsive<Double>? { pointer.pointee.rowSpacing }
    var columnSpacing: Responsive<Double>? { pointer.pointee.columnSpacing }
    var axis: Responsive<Axis>? { pointer.pointee.axis }
    var text: Responsive<String>? { pointer.pointee.text }
    var style: Responsive<TextStyle>? { pointer.pointee.style }
    var weight: Responsive<FontWeight>? { pointer.pointee.weight }
    var lineLimit: Responsive<Int>? { pointer.pointee.lineLimit }
    var title: Responsive<String>? { pointer.pointee.title }
    var buttonStyle: Responsive<ButtonStyle>? { pointer.pointee.buttonStyle }
    var minLength: Responsive<Double>? { pointer.pointee.minLength }
    var modifiers: UnsafeModifiers { UnsafeModifiers(node: pointer) }
}

/// Read access to a node's modifiers in place.
struct UnsafeModifiers {
    let node: UnsafePointer<ComponentNode>
    var padding: Padding? { node.pointee.modifiers.padding }
    var frame: Frame? { node.pointee.modifiers.frame }
    var aspectRatio: Responsive<Double>? { node.pointee.modifiers.aspectRatio }
    var contentMode: Responsive<ContentMode>? { node.pointee.modifiers.contentMode }
    var visible: Responsive<Bool>? { node.pointee.modifiers.visible }
    var layoutPriority: Responsive<Double>? { node.pointee.modifiers.layoutPriority }
    var hasAction: Bool { node.pointee.modifiers.action != nil }
}
