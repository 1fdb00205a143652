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
    /// Grids in the root vertical scroll's column (its children, or children of frameless vstacks in the
    /// column) are left unflattened (viewport layouts).
    let virtualizesGrids: Bool
    /// Every node takes the general layer path, its top-level modifier keys as layers (`ModifierPathTests`: the
    /// folded fields are the fast path of the layers and must give the same frames).
    let forcesLayers: Bool
    /// The faces a payload's `fontFamily` is matched in (`TextFontChoice`).
    let fonts: FontCollection

    init(traits: TraitCollection, fonts: FontCollection = FontCollection(), virtualizesGrids: Bool = false,
         forcesLayers: Bool = false) {
        self.init(sizeClass: traits.horizontalSizeClass, contentSize: traits.preferredContentSizeCategory, fonts: fonts,
                  virtualizesGrids: virtualizesGrids, forcesLayers: forcesLayers)
    }

    init(sizeClass: UserInterfaceSizeClass, contentSize: ContentSizeCategory, fonts: FontCollection = FontCollection(),
         virtualizesGrids: Bool = false, forcesLayers: Bool = false) {
        self.sizeClass = sizeClass
        self.contentSize = contentSize
        self.fonts = fonts
        self.virtualizesGrids = virtualizesGrids
        self.forcesLayers = forcesLayers
    }

    /// Flattens `screen` into `tree` (which is cleared first; its buffers are reused).
    /// - Complexity: O(n) in the number of nodes (O(1) per item of a virtualised grid).
    func build(_ screen: Screen, into tree: inout LayoutTree) {
        tree.removeAll()
        tree.screenID = screen.id
        tree.sizeClass = sizeClass
        tree.contentSize = contentSize
        tree.fonts = fonts
        let source = PayloadSource(root: screen.root, title: screen.title)
        tree.source = source
        tree.inputState = screen.state
        tree.rootPinnedViews = ComponentNode.geometry(at: source.root).pointee.pinnedViews
        add(source.root, parent: -1, childIndex: 0, parentContext: .none, parentHidden: false, depth: 1, into: &tree)
        tree.builtCount = tree.nodes.count
        reportFontMisses(&tree)
    }

    /// Appends `node` and its subtree; returns the node's index.
    ///
    /// The node is read through a pointer: a `ComponentNode` is large, and passing it by value copies it (and
    /// retains every field). Its geometry is read from the one plain record the node keeps up to date
    /// (`ComponentNode.geometry`), or, when a property is a size-class map, from a record resolved for this
    /// size class. No string is created or retained here: ids and path ids are read from the payload when a
    /// result's nodes are read (`OutputLink`), and only diagnostics name a node while building.
    ///
    /// `depth` is the node's nesting depth (the root is 1). The children of a node at `LayoutLimits.maxNodeDepth`
    /// are not built (`nesting-too-deep`): every later step that walks the tree recursively — the compute step
    /// above all — then stays within a bounded stack, on any thread.
    @discardableResult
    func add(_ pointer: UnsafePointer<ComponentNode>, parent: Int32, childIndex: Int32, parentContext: StackAxisContext,
             shareAxis: StackAxisContext = .none, parentHidden: Bool, depth: Int,
             into tree: inout LayoutTree) -> Int32 {
        if ComponentNode.geometry(at: pointer).pointee.usesSizeClasses {
            tree.usesSizeClasses = true
            var resolved = GeometryProperties(of: pointer.pointee, sizeClass: sizeClass)
            return withUnsafePointer(to: &resolved) { g in
                add(pointer, g, parent: parent, childIndex: childIndex, parentContext: parentContext, shareAxis: shareAxis,
                    parentHidden: parentHidden, depth: depth, into: &tree)
            }
        }
        // The node's own record, read in place (no copy). Valid: `pointer` points into the screen, alive and
        // unchanged for the whole build.
        let g = ComponentNode.geometry(at: pointer)
        return add(pointer, g, parent: parent, childIndex: childIndex, parentContext: parentContext, shareAxis: shareAxis,
                   parentHidden: parentHidden, depth: depth, into: &tree)
    }

    /// `add` with the node's geometry record at `geometry`.
    private func add(_ pointer: UnsafePointer<ComponentNode>, _ geometry: UnsafePointer<GeometryProperties>, parent: Int32,
                     childIndex: Int32, parentContext: StackAxisContext, shareAxis: StackAxisContext, parentHidden: Bool,
                     depth: Int, into tree: inout LayoutTree) -> Int32 {
        let index = Int32(tree.nodes.count)
        let node = UnsafeNode(pointer)
        var kind = Self.kind(of: pointer)
        // A section stacks along its parent's axis (a `Section` in an `HStack` or horizontal scroll is horizontal).
        if kind == .vstack && parentContext == .horizontal, case .section = pointer.pointee.type { kind = .hstack }
        let g = geometry
        let hidden = parentHidden || g.pointee.isHidden
        // A node with a `modifiers` chain takes the general layer path (`addLayers`, `computeLayeredNode`); one
        // with the top-level modifier keys only, the folded fields (`computeModifierLayers`).
        let isLayered = g.pointee.hasModifierChain || forcesLayers
        // The node's records are appended and filled in place; `flat` is valid until the next append (the
        // children, below), `frameSpec` / `paddingSpec` until this node's next append. The payload record keeps
        // its frame and padding at their defaults when the payload has none (as `addSimpleLeaf` relies on), so
        // they are copied; a layered node's stay at their defaults (its modifiers are layers).
        tree.reserveNodes(1)
        let flat = tree.nodes.appendAssumingCapacityAndPoint(FlatNode())
        let frameSpec = tree.frames.appendAssumingCapacityAndPoint(isLayered ? FrameSpec() : g.pointee.frame)
        let paddingSpec = tree.paddings.appendAssumingCapacityAndPoint(isLayered ? PaddingSpec() : g.pointee.padding)
        tree.sources.appendAssumingCapacity(pointer)
        flat.pointee.parent = parent
        flat.pointee.childIndex = childIndex
        flat.pointee.stackAxisOfParent = parentContext
        flat.pointee.shareAxis = shareAxis
        flat.pointee.kind = kind
        flat.pointee.isHidden = hidden
        let isTappable = kind == .button || g.pointee.hasAction
        flat.pointee.isTappable = isTappable

        resolveContainer(g, into: &flat.pointee)
        if kind == .vstack || kind == .hstack, case .section = pointer.pointee.type, parent >= 0, parentContext != .none,
           flat.pointee.hasDefaultSpacing {
            // A `Section` has no layout of its own: SwiftUI places its header, views and footer in the stack it is
            // in, at that stack's spacing (Apple, "Grouping data with lazy stack views"). A section's own `spacing`
            // key still wins.
            let stack = tree.nodes[Int(parent)]
            flat.pointee.spacing = stack.spacing
            flat.pointee.columnSpacing = stack.spacing
            flat.pointee.hasDefaultSpacing = stack.hasDefaultSpacing
        }
        if (kind == .grid || kind == .hgrid) && g.pointee.hasGridItems { resolveGridItems(pointer, into: &flat.pointee, tree: &tree) }
        let name = NodeName(pointer: pointer, node: index, parent: parent, childIndex: childIndex)
        // A node the decoder could not show (an unknown type, a newer minimumVersion, no fallback): laid out as
        // `visible: false` is, and reported.
        if g.pointee.isHidden && !parentHidden, let reason = pointer.pointee.droppedReason {
            tree.report(LayoutDiagnostic(severity: .warning, code: "node-dropped", path: name.id(tree),
                                         pointer: SDUILayout.pointer(forPath: name.path(tree)), message: "not shown: \(reason)"),
                        about: name.node)
        }
        if !isLayered {
            resolveModifiers(g, name: name, into: &flat.pointee, frameSpec: &frameSpec.pointee, paddingSpec: &paddingSpec.pointee,
                             tree: &tree)
        }
        if g.pointee.outOfRange.rawValue != 0 && !hidden { reportOutOfRange(g.pointee.outOfRange, name, &tree) }
        if kind == .text || kind == .button || kind == .custom || kind == .symbol || kind == .label { resolveLeaf(node, g, name: name, into: &flat.pointee, tree: &tree) }
        if kind == .input { resolveInput(pointer, g, into: &flat.pointee, tree: &tree) }
        if kind == .color { flat.pointee.isPlainColor = !isLayered && Self.isPlainColor(kind, g) }
        if kind == .spacer { resolveSpacer(g, into: &flat.pointee) }
        if kind == .scroll && g.pointee.pinnedViews != 0 { checkPinnedViews(pointer, isRoot: parent < 0, hidden: hidden, name: name, into: &tree) }

        switch kind {
        case .color, .image, .spacer, .divider: flat.pointee.isSimpleLeaf = !isLayered
        case .vstack, .hstack, .zstack, .grid, .hgrid, .flow: flat.pointee.needsPlacementCheck = true
        default: break
        }
        if isTappable { flat.pointee.needsPlacementCheck = true }
        let isHorizontal = flat.pointee.isHorizontal
        // The layers, and the backgrounds' views (flat nodes after this one, before its children). `flat` is not
        // valid after them: the node is written through the buffer.
        var layered: LayeredNode? = nil
        if isLayered {
            var priority = tree.nodes[Int(index)].layoutPriority
            layered = layeredNode(pointer, g, node: index, kind: kind, name: name, hidden: hidden, layoutPriority: &priority,
                                  depth: depth, into: &tree)
            tree.nodes[Int(index)].layoutPriority = priority
        }
        defer { if let layered { addOverlays(pointer, layered, hidden: hidden, depth: depth, into: &tree) } }

        // Children: pre-order, linked by firstChild / nextSibling.
        let childContext: StackAxisContext
        switch kind {
        case .vstack: childContext = .vertical
        case .hstack: childContext = .horizontal
        case .scroll: childContext = isHorizontal ? .horizontal : .vertical
        default: childContext = .none
        }
        // The share axis the children inherit: a stack's axis; through a zstack (or unknown type) the zstack's
        // own, unless its frame fixes its size along that axis (the children are then offered the fixed size).
        let childShareAxis: StackAxisContext
        switch kind {
        case .vstack, .hstack, .scroll: childShareAxis = childContext
        case .zstack, .custom:
            let spec = layered.map { tree.fixedFrame(of: $0) } ?? tree.frames[Int(index)]
            switch shareAxis {
            case .vertical: childShareAxis = spec.height.isNaN ? .vertical : .none
            case .horizontal: childShareAxis = spec.width.isNaN ? .horizontal : .none
            case .none: childShareAxis = .none
            }
        default: childShareAxis = .none
        }
        // A grid in the root vertical scroll's column is SwiftUI's `LazyVGrid` in a `ScrollView`: its items are lazy
        // (they appear as they scroll into view), and viewport layouts virtualise it (its stack's loop hands it a
        // viewport window: `stackLayout`); see `LayoutTree.childrenAreInScrollColumn`.
        if kind == .grid && !g.pointee.hasGridItems && !isLayered && childIndex >= 0 && tree.childrenAreInScrollColumn(parent) {
            tree.lazyGridNodes.append(index)
        }
        if virtualizesGrids && tree.lazyGridNodes.last == index {
            tree.lazyGrids.append(LazyGridSource(node: index, items: pointer.pointee.children))
            tree.nodes[Int(index)].visibleChildCount = Int32(clamping: pointer.pointee.children.count)
            return index
        }
        // A section's header, children and footer.
        // (A case match, not `==`: comparing `ComponentType`s goes through its `Equatable` witness.)
        if kind == .vstack || kind == .hstack, case .section = pointer.pointee.type {
            let count = pointer.pointee.children.count + (pointer.pointee.header == nil ? 0 : 1) + (pointer.pointee.footer == nil ? 0 : 1)
            if depth >= LayoutLimits.maxNodeDepth && count > 0 {
                reportTooDeep(name, childCount: count, &tree)
                return index
            }
            addSectionChildren(pointer, index, context: childContext, shareAxis: childShareAxis, hidden: hidden, depth: depth,
                               into: &tree)
            return index
        }
        // Most nodes are leaves: skip the children walk for them.
        if pointer.pointee.children.isEmpty { return index }
        if depth >= LayoutLimits.maxNodeDepth {
            reportTooDeep(name, childCount: pointer.pointee.children.count, &tree)
            return index
        }
        addChildren(pointer, of: index, context: childContext, shareAxis: childShareAxis, hidden: hidden, depth: depth,
                    into: &tree)
        return index
    }

    /// Appends the children of the node at `pointer` (appended at `index`, at nesting depth `depth`) and links them
    /// to it: pre-order, by firstChild / nextSibling, with their visible count and, in a stack, their gaps
    /// (`StackChildren`). Children that need none of the general path's cases take a short path (`SimpleLeaf`,
    /// `SimpleStack`); `RandomTreeTests` checks that the short paths make the same flat tree as the general one.
    private func addChildren(_ pointer: UnsafePointer<ComponentNode>, of index: Int32, context childContext: StackAxisContext,
                             shareAxis childShareAxis: StackAxisContext, hidden: Bool, depth: Int, into tree: inout LayoutTree) {
        // The children's buffer, read in place (the payload is neither changed nor freed while it is built).
        let children = ComponentNode.children(at: pointer)
        guard let base = children.baseAddress else {
            tree.nodes.unchecked[Int(index)].visibleChildCount = 0
            return
        }
        // Room for the children's own records: a simple leaf appends without a capacity check; a subtree
        // makes its own room, and then room is made again for the children left.
        tree.reserveNodes(children.count)
        @inline(__always) func addChild(_ i: Int) -> Int32 {
            let c = base + i
            if !forcesLayers, let leaf = SimpleLeaf(c) {
                return addSimpleLeaf(leaf, parent: index, childIndex: Int32(truncatingIfNeeded: i), parentContext: childContext,
                                     shareAxis: childShareAxis, parentHidden: hidden, into: &tree)
            }
            if !forcesLayers, let stack = SimpleStack(c, depth: depth + 1) {
                let child = addSimpleStack(c, stack, parent: index, childIndex: Int32(truncatingIfNeeded: i),
                                           parentContext: childContext, shareAxis: childShareAxis, parentHidden: hidden,
                                           depth: depth + 1, into: &tree)
                tree.reserveNodes(children.count - i - 1)
                return child
            }
            let child = add(c, parent: index, childIndex: Int32(truncatingIfNeeded: i), parentContext: childContext,
                            shareAxis: childShareAxis, parentHidden: hidden, depth: depth + 1, into: &tree)
            tree.reserveNodes(children.count - i - 1)
            return child
        }
        // Indices are nodes of this tree, read after the child's appends: in bounds by construction.
        var previous: Int32 = -1
        var visibleCount: Int32 = 0
        // Two loops, one per case, so the per-child loop does not test `childContext` for every child.
        if childContext != .none {
            var stackChildren = StackChildren(tree.nodes.unchecked[Int(index)])
            for i in 0..<children.count {
                let child = addChild(i)
                let nodes = tree.nodes.unchecked
                if previous < 0 { nodes[Int(index)].firstChild = child } else { nodes[Int(previous)].nextSibling = child }
                previous = child
                if !nodes[Int(child)].isHidden {
                    visibleCount += 1
                    stackChildren.add(Int(child), nodes, tree.frames.unchecked)
                }
            }
            stackChildren.finish(Int(index), tree.nodes.unchecked)
        } else {
            for i in 0..<children.count {
                let child = addChild(i)
                let nodes = tree.nodes.unchecked
                if previous < 0 { nodes[Int(index)].firstChild = child } else { nodes[Int(previous)].nextSibling = child }
                previous = child
                if !nodes[Int(child)].isHidden { visibleCount += 1 }
            }
        }
        tree.nodes.unchecked[Int(index)].visibleChildCount = visibleCount
    }

    /// Appends a plain stack (see `SimpleStack`) and its subtree: the fields `add` gives a `vstack` or `hstack`
    /// without a modifier chain, size-class map or anything to report, without its general path's cases.
    private func addSimpleStack(_ pointer: UnsafePointer<ComponentNode>, _ stack: SimpleStack, parent: Int32, childIndex: Int32,
                                parentContext: StackAxisContext, shareAxis: StackAxisContext, parentHidden: Bool, depth: Int,
                                into tree: inout LayoutTree) -> Int32 {
        let index = Int32(tree.nodes.count)
        let g = stack.geometry
        let hidden = parentHidden || g.pointee.isHidden
        let isTappable = g.pointee.hasAction
        // As `resolveContainer` and `resolveModifiers` do for a stack.
        let explicitSpacing = Self.finiteNonNegative(g.pointee.spacing)
        let spacing = explicitSpacing ?? 8
        var flat = FlatNode(parent: parent, childIndex: childIndex, kind: stack.isHorizontal ? .hstack : .vstack, isHidden: hidden,
                            isTappable: isTappable, isSimpleLeaf: false, needsPlacementCheck: true,
                            stackAxisOfParent: parentContext, shareAxis: shareAxis)
        flat.spacing = spacing
        flat.columnSpacing = spacing
        flat.hasDefaultSpacing = explicitSpacing == nil
        flat.isHorizontal = stack.isHorizontal
        if let alignment = g.pointee.alignment {
            flat.alignX = alignment.horizontalFraction
            flat.alignY = alignment.verticalFraction
        }
        let ratio = g.pointee.aspectRatio
        if Self.isPositiveFinite(ratio) {
            flat.aspectRatio = ratio
            flat.aspectFill = g.pointee.isFill
        }
        if Self.isFinite(g.pointee.layoutPriority) { flat.layoutPriority = g.pointee.layoutPriority }
        flat.hasPadding = g.pointee.hasPadding
        flat.hasFrame = g.pointee.hasFrame
        tree.reserveNodes(1)
        tree.nodes.appendAssumingCapacity(flat)
        tree.frames.appendAssumingCapacity(g.pointee.frame)
        tree.paddings.appendAssumingCapacity(g.pointee.padding)
        tree.sources.appendAssumingCapacity(pointer)
        if pointer.pointee.children.isEmpty { return index }
        let context: StackAxisContext = stack.isHorizontal ? .horizontal : .vertical
        addChildren(pointer, of: index, context: context, shareAxis: context, hidden: hidden, depth: depth, into: &tree)
        return index
    }

    /// Appends a leaf that needs none of the general path's cases (see `SimpleLeaf`); the same fields as `add`.
    @inline(__always)
    private func addSimpleLeaf(_ leaf: SimpleLeaf, parent: Int32, childIndex: Int32, parentContext: StackAxisContext,
                               shareAxis: StackAxisContext, parentHidden: Bool, into tree: inout LayoutTree) -> Int32 {
        let index = Int32(tree.nodes.count)
        let g = leaf.geometry
        let hidden = parentHidden || g.pointee.isHidden
        let isTappable = g.pointee.hasAction
        var flat = FlatNode(parent: parent, childIndex: childIndex, kind: leaf.kind, isHidden: hidden, isTappable: isTappable,
                            isSimpleLeaf: leaf.kind != .text, needsPlacementCheck: isTappable,
                            stackAxisOfParent: parentContext, shareAxis: shareAxis)
        if leaf.kind == .text {
            // As `resolveContainer` and `resolveLeaf` do for a text.
            flat.alignX = g.pointee.alignment?.horizontalFraction ?? 0
            appendTextSpec(g, into: &flat, tree: &tree)
        }
        if leaf.kind == .spacer {
            flat.minLength = Self.finiteNonNegative(g.pointee.minLength) ?? 8
            flat.hasDefaultMinLength = Self.isAbsent(g.pointee.minLength)
            if Self.isAbsent(g.pointee.layoutPriority) { flat.layoutPriority = -.infinity }
        }
        let ratio = g.pointee.aspectRatio
        if Self.isPositiveFinite(ratio) {
            flat.aspectRatio = ratio
            if leaf.kind != .image { flat.aspectFill = g.pointee.isFill }
        }
        if Self.isFinite(g.pointee.layoutPriority) { flat.layoutPriority = g.pointee.layoutPriority }
        flat.hasPadding = g.pointee.hasPadding
        flat.hasFrame = g.pointee.hasFrame
        flat.isPlainColor = Self.isPlainColor(leaf.kind, g)
        // Room was made by the parent (`reserveNodes`).
        tree.nodes.appendAssumingCapacity(flat)
        // The record keeps its frame and padding at their defaults when the payload has none, so they are
        // copied as they are rather than chosen per field.
        tree.frames.appendAssumingCapacity(g.pointee.frame)
        tree.paddings.appendAssumingCapacity(g.pointee.padding)
        tree.sources.appendAssumingCapacity(leaf.pointer)
        return index
    }

    // MARK: Steps

    /// aspectRatio → padding → frame, plus layoutPriority; reports frame conflicts.
    @inline(__always)
    private func resolveModifiers(_ g: UnsafePointer<GeometryProperties>, name: NodeName,
                                  into flat: inout FlatNode, frameSpec: inout FrameSpec, paddingSpec: inout PaddingSpec,
                                  tree: inout LayoutTree) {
        let ratio = g.pointee.aspectRatio
        if Self.isPositiveFinite(ratio) {
            flat.aspectRatio = ratio
            // An image's box is always the reserved ("fit") box; its contentMode only says how the picture
            // fills that box. Other nodes follow SwiftUI's aspectRatio(_:contentMode:) (fit by default).
            if flat.kind != .image { flat.aspectFill = g.pointee.isFill }
        } else if flat.kind == .image && !flat.isHidden {
            tree.report(LayoutDiagnostic(
                severity: .warning, code: "image-without-aspect-ratio", path: name.id(tree), pointer: pointer(forPath: name.path(tree)),
                message: "image has no aspectRatio: its box cannot be reserved before it loads (laid out as a square of the offered width)"),
                        about: name.node)
            flat.aspectRatio = 1
        }
        if g.pointee.hasPadding {
            flat.hasPadding = true
            paddingSpec = g.pointee.padding
        }
        if g.pointee.hasFrame {
            flat.hasFrame = true
            frameSpec = g.pointee.frame
            // SwiftUI's normalisation: min ≤ max. A contradiction is clamped (max raised to min) and reported.
            if frameSpec.minWidth > frameSpec.maxWidth {
                reportConflict("minWidth \(formatPoints(frameSpec.minWidth)) > maxWidth \(formatPoints(frameSpec.maxWidth))", name, "/frame", &tree)
                frameSpec.maxWidth = frameSpec.minWidth
            }
            if frameSpec.minHeight > frameSpec.maxHeight {
                reportConflict("minHeight \(formatPoints(frameSpec.minHeight)) > maxHeight \(formatPoints(frameSpec.maxHeight))", name, "/frame", &tree)
                frameSpec.maxHeight = frameSpec.minHeight
            }
        }
        if Self.isFinite(g.pointee.layoutPriority) { flat.layoutPriority = g.pointee.layoutPriority }
    }

    /// A node with a `modifiers` chain: every modifier, the top-level keys included, becomes a layer (`addLayers`);
    /// the folded fields stay unset (`hasFrame`, `hasPadding` false, no aspect ratio). An image without any aspect
    /// ratio in its chain is reported and boxed as a square, as on the folded path (its content layer's ratio).
    private func layeredNode(_ pointer: UnsafePointer<ComponentNode>, _ g: UnsafePointer<GeometryProperties>, node index: Int32,
                             kind: NodeKind, name: NodeName, hidden: Bool, layoutPriority: inout Double, depth: Int,
                             into tree: inout LayoutTree) -> LayeredNode {
        tree.nodes[Int(index)].hasLayers = true
        if Self.isFinite(g.pointee.layoutPriority) { layoutPriority = g.pointee.layoutPriority }
        let entry = addLayers(pointer, node: index, kind: kind, name: name, hidden: hidden, layoutPriority: &layoutPriority,
                              depth: depth, into: &tree)
        if kind == .image {
            let layers = Int(entry.firstLayer)..<Int(entry.firstLayer + entry.layerCount)
            if !layers.contains(where: { tree.layers[$0].role == .aspectRatio && !tree.layers[$0].x.isNaN }) {
                if !hidden {
                    tree.report(LayoutDiagnostic(
                        severity: .warning, code: "image-without-aspect-ratio", path: name.id(tree), pointer: SDUILayout.pointer(forPath: name.path(tree)),
                        message: "image has no aspectRatio: its box cannot be reserved before it loads (laid out as a square of the offered width)"),
                                about: name.node)
                }
                tree.layers[Int(entry.firstLayer)].x = 1
            }
        }
        if entry.ignoresSafeArea { tree.ignoresSafeAreaCount += 1 }
        return entry
    }

    // MARK: Value checks (layout never sees NaN or negative sizes; NaN means absent)

    // The checks below test the bit pattern with one integer comparison. Written with `isFinite` / `isNaN` /
    // `> 0 && < .infinity`, LLVM turns them into floating-point class tests, several instructions each; the
    // results are the same.
    /// Not NaN and not ±infinity.
    @inline(__always) static func isFinite(_ value: Double) -> Bool {
        value.bitPattern & 0x7FFF_FFFF_FFFF_FFFF < 0x7FF0_0000_0000_0000
    }
    /// Greater than 0 and finite (NaN, ±0, negatives and +infinity: false).
    @inline(__always) static func isPositiveFinite(_ value: Double) -> Bool {
        value.bitPattern &- 1 < 0x7FEF_FFFF_FFFF_FFFF
    }
    /// NaN (absent, in a `GeometryProperties` record).
    @inline(__always) static func isAbsent(_ value: Double) -> Bool {
        value.bitPattern & 0x7FFF_FFFF_FFFF_FFFF > 0x7FF0_0000_0000_0000
    }
    @inline(__always) static func finiteNonNegative(_ value: Double) -> Double? {
        isFinite(value) ? max(0, value) : nil
    }
}

/// Read access to a `ComponentNode` in place (no copy of the whole struct per property read).
struct UnsafeNode {
    let pointer: UnsafePointer<ComponentNode>
    init(_ pointer: UnsafePointer<ComponentNode>) { self.pointer = pointer }
    var type: ComponentType { pointer.pointee.type }
    var children: [ComponentNode] { pointer.pointee.children }
}