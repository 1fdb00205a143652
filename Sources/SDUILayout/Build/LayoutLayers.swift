import SDUIEnvironment
import SDUISchema

/// What a layer does in layout (`LayoutLayer.role`).
enum LayerRole: UInt8 {
    /// The node's own content (its kind's algorithm: a stack, a text, a color…): the first layer of every layered node.
    case content
    /// SwiftUI's `padding`: the proposal shrinks by the insets, the size grows by them.
    case padding
    /// SwiftUI's `frame(width:height:alignment:)` / `frame(minWidth:…)` (`frameProposal`, `frameSize`).
    case frame
    /// SwiftUI's `aspectRatio(_:contentMode:)`: the inner view is proposed a box of the ratio (`aspectRatioBox`).
    case aspectRatio
    /// SwiftUI's `fixedSize(horizontal:vertical:)`: the inner view is proposed nothing on the fixed axes.
    case fixedSize
    /// SwiftUI's `offset(x:y:)`: the inner view is drawn moved; nothing's layout changes.
    case offset
    /// SwiftUI's `background` / `overlay`: never changes the size; a view is proposed the decorated box and
    /// placed in it by the alignment.
    case background, overlay
    /// SwiftUI's `ignoresSafeArea(edges:)`: the inner view is laid out again in its box extended into the safe
    /// area on the edges where it touches it (`extendIntoSafeArea`); its layout in its parent does not change.
    case ignoresSafeArea
    /// Drawing only (opacity, cornerRadius, clipShape, border, shadow, hidden, layoutPriority, an unknown
    /// modifier): the box is the inner view's.
    case drawing
}

/// One layer of a node's modifier chain as the engine applies it, innermost first (`LayoutTree.layers`).
///
/// A layered node (`FlatNode.hasLayers`) has `1 + fullChain.count` layers: its content, then one per element of
/// `Modifiers.fullChain(isImage:)` — the top-level modifier keys (`padding`, `frame`, …) as the modifiers they are sugar for, then the payload's
/// `modifiers` — so layer k + 1 is chain element k and the per-layer boxes of a result line up with the chain.
struct LayoutLayer {
    var role: LayerRole
    /// The modifier this layer is (what a result reports; nil for the content layer).
    var modifier: LayerFrame.Kind?
    /// aspectRatio: `fill`; background / overlay: the decoration ignores the safe area.
    var flag = false
    /// fixedSize: the fixed axes.
    var fixedHorizontal = false, fixedVertical = false
    /// ignoresSafeArea: the edges (`Edge.Set`'s bits); a decoration that ignores the safe area: all four.
    var edges: UInt8 = 0
    /// background / overlay with a view: the view's flat node (-1: a color, or none).
    var contentNode: Int32 = -1
    /// padding: the insets.
    var padding = PaddingSpec()
    /// frame: the frame, checked and normalised (min ≤ max).
    var frame = FrameSpec()
    /// offset: the translation; background / overlay: the alignment as fractions (0 leading/top … 1 trailing/bottom);
    /// aspectRatio: `x` is the ratio (NaN: the inner view's ideal width ÷ height).
    var x = 0.0, y = 0.0

    init(role: LayerRole, modifier: LayerFrame.Kind?) { self.role = role; self.modifier = modifier }
}

/// Where a layered node's layers are (`LayoutTree.layeredNodes`, in node order: found by binary search).
struct LayeredNode {
    var node: Int32
    /// The node's first layer in `LayoutTree.layers` (its content layer).
    var firstLayer: Int32
    /// 1 + the chain's length.
    var layerCount: Int32
    /// Some layer extends into the safe area (`ignoresSafeArea`, or a decoration that ignores it): the node is
    /// visited after compute (`extendIntoSafeArea`) and its placement is not remembered across passes.
    var ignoresSafeArea: Bool
}

extension LayeredNode {
    /// The entry of layered node `node` (which must be one) among `count` entries in node order, read by `entry(i)`:
    /// the one search behind `LayoutTree.layered(_:)` and `LayoutTreeView.layered(_:)`.
    /// - Complexity: O(log count).
    @inline(__always)
    static func find(_ node: Int32, count: Int, entry: (Int) -> LayeredNode) -> LayeredNode {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) >> 1
            if entry(middle).node < node { low = middle + 1 } else { high = middle }
        }
        assert(low < count && entry(low).node == node, "not a layered node")
        return entry(min(low, count - 1))
    }
}

extension LayoutTree {
    /// The layers of layered node `node` (which must be one). - Complexity: O(log layered nodes).
    @inline(__always)
    func layered(_ node: Int32) -> LayeredNode {
        LayeredNode.find(node, count: layeredNodes.count) { layeredNodes[$0] }
    }
}

extension LayoutTree {
    /// The fixed width and height a layered node's frames give it (NaN where none does; the outermost wins), as
    /// the `frames` record says for a node with top-level modifier keys only.
    func fixedFrame(of entry: LayeredNode) -> FrameSpec {
        var spec = FrameSpec()
        for k in Int(entry.firstLayer)..<Int(entry.firstLayer + entry.layerCount) where layers[k].role == .frame {
            if !layers[k].frame.width.isNaN { spec.width = layers[k].frame.width }
            if !layers[k].frame.height.isNaN { spec.height = layers[k].frame.height }
        }
        return spec
    }
}

extension TreeBuilder {
    /// A layered node's layers (its content, then one per element of the full chain) and its decorations' flat
    /// nodes: backgrounds with a view from the outermost to the innermost (drawn first), before the node's
    /// children; overlays from the innermost to the outermost after them (`addOverlays`), so document order is
    /// drawing order. Values are resolved for the size class and clamped into `ValueLimits` (reported as
    /// `value-out-of-range`, as the top-level modifier keys are); a contradictory frame is normalised and reported (`frame-conflict`).
    ///
    /// Returns the node's `LayeredNode`, appended to `tree.layeredNodes` before the decorations are built
    /// (`layeredNodes` stays in node order: a decoration's own layers come after its decorated node's).
    func addLayers(_ pointer: UnsafePointer<ComponentNode>, node index: Int32, kind: NodeKind, name: NodeName,
                   hidden: Bool, layoutPriority: inout Double, depth: Int, into tree: inout LayoutTree) -> LayeredNode {
        let chain = pointer.pointee.modifiers.fullChain(isImage: kind == .image)
        let first = Int32(truncatingIfNeeded: tree.layers.count)
        let v1Count = chain.count - pointer.pointee.modifiers.chain.count
        var contentLayer = LayoutLayer(role: .content, modifier: nil)
        contentLayer.x = .nan
        tree.layers.append(contentLayer)
        var ignores = false
        var clamped: [String] = []
        func value<T>(_ r: Responsive<T>?) -> T? {
            switch r {
            case nil: return nil
            case .fixed(let v)?: return v
            case .sizeClass(let compact, let regular)?: return sizeClass == .compact ? (compact ?? regular) : (regular ?? compact)
            }
        }
        func length(_ v: Double?, _ what: String, signed: Bool = false) -> Double {
            guard let v, v.isFinite else { return 0 }
            let bounded = ValueLimits.clampLength(v)
            let result = signed ? bounded : max(0, bounded)
            if result != v { clamped.append(what) }
            return result
        }
        for (k, modifier) in chain.enumerated() {
            var layer: LayoutLayer
            // The pointer of chain element k: a top-level key, or `/modifiers/j`.
            let place = k < v1Count ? "" : "/modifiers/\(k - v1Count)"
            switch modifier {
            case .padding(let p):
                layer = LayoutLayer(role: .padding, modifier: .padding)
                layer.padding = PaddingValues(top: value(p.top), leading: value(p.leading), bottom: value(p.bottom), trailing: value(p.trailing))
                if layer.padding.clampToLimits() { clamped.append("padding") }
            case .frame(let f):
                layer = LayoutLayer(role: .frame, modifier: .frame)
                layer.frame = FrameValues(width: value(f.width), height: value(f.height), minWidth: value(f.minWidth),
                                          maxWidth: value(f.maxWidth), minHeight: value(f.minHeight), maxHeight: value(f.maxHeight),
                                          alignment: value(f.alignment))
                if layer.frame.clampToLimits() { clamped.append("frame") }
                if layer.frame.minWidth > layer.frame.maxWidth {
                    reportConflict("minWidth \(formatPoints(layer.frame.minWidth)) > maxWidth \(formatPoints(layer.frame.maxWidth))",
                                   name, place + "/frame", &tree)
                    layer.frame.maxWidth = layer.frame.minWidth
                }
                if layer.frame.minHeight > layer.frame.maxHeight {
                    reportConflict("minHeight \(formatPoints(layer.frame.minHeight)) > maxHeight \(formatPoints(layer.frame.maxHeight))",
                                   name, place + "/frame", &tree)
                    layer.frame.maxHeight = layer.frame.minHeight
                }
            case .aspectRatio(let a):
                layer = LayoutLayer(role: .aspectRatio, modifier: .aspectRatio)
                layer.x = .nan
                if let ratio = value(a.ratio) {
                    if ratio > 0 && ratio.isFinite {
                        layer.x = ValueLimits.clamp(ratio, ValueLimits.aspectRatio)
                        if layer.x != ratio { clamped.append("aspectRatio") }
                    } else {
                        clamped.append("aspectRatio")
                    }
                }
                layer.flag = value(a.contentMode) == .fill
            case .background(let d), .overlay(let d):
                let isBackground: Bool
                if case .background = modifier { isBackground = true } else { isBackground = false }
                layer = LayoutLayer(role: isBackground ? .background : .overlay, modifier: isBackground ? .background : .overlay)
                let alignment = value(d.alignment) ?? .center
                layer.x = alignment.horizontalFraction
                layer.y = alignment.verticalFraction
                layer.flag = value(d.ignoresSafeArea) ?? false
                if layer.flag { layer.edges = Edge.Set.all.rawValue; ignores = true }
            case .offset(let o):
                layer = LayoutLayer(role: .offset, modifier: .offset)
                layer.x = length(value(o.x), "offset", signed: true)
                layer.y = length(value(o.y), "offset", signed: true)
            case .fixedSize(let f):
                layer = LayoutLayer(role: .fixedSize, modifier: .fixedSize)
                layer.fixedHorizontal = value(f.horizontal) ?? false
                layer.fixedVertical = value(f.vertical) ?? false
            case .ignoresSafeArea(let edges):
                layer = LayoutLayer(role: .ignoresSafeArea, modifier: .ignoresSafeArea)
                layer.edges = edges.rawValue & Edge.Set.all.rawValue
                if layer.edges != 0 { ignores = true }
            case .layoutPriority(let p):
                layer = LayoutLayer(role: .drawing, modifier: .layoutPriority)
                // The outermost one counts (SwiftUI: an outer `layoutPriority` replaces an inner one).
                if let priority = value(p), priority.isFinite {
                    layoutPriority = ValueLimits.clamp(priority, ValueLimits.layoutPriority)
                    if layoutPriority != priority { clamped.append("layoutPriority") }
                }
            case .opacity: layer = LayoutLayer(role: .drawing, modifier: .opacity)
            case .cornerRadius: layer = LayoutLayer(role: .drawing, modifier: .cornerRadius)
            case .clipShape: layer = LayoutLayer(role: .drawing, modifier: .clipShape)
            case .border: layer = LayoutLayer(role: .drawing, modifier: .border)
            case .shadow: layer = LayoutLayer(role: .drawing, modifier: .shadow)
            case .hidden: layer = LayoutLayer(role: .drawing, modifier: .hidden)
            case .unknown: layer = LayoutLayer(role: .drawing, modifier: .unknown)
            }
            tree.layers.append(layer)
        }
        if !clamped.isEmpty && !hidden {
            var seen = Set<String>()
            let names = clamped.filter { seen.insert($0).inserted }
            tree.report(LayoutDiagnostic(
                severity: .warning, code: "value-out-of-range", path: name.id(tree), pointer: SDUILayout.pointer(forPath: name.path(tree)) + "/modifiers",
                message: "\(names.joined(separator: ", ")) in the modifiers chain outside the payload's limits (lengths up to "
                    + "\(formatPoints(ValueLimits.maxLength)) pt, offsets ±\(formatPoints(ValueLimits.maxLength)) pt, aspectRatio 0.001…1000, "
                    + "layoutPriority ±1000000): clamped to them"),
                        about: name.node, pointerSuffix: "/modifiers")
        }
        let entry = LayeredNode(node: index, firstLayer: first, layerCount: Int32(truncatingIfNeeded: chain.count + 1),
                                ignoresSafeArea: ignores)
        tree.layeredNodes.append(entry)
        // Backgrounds with a view, outermost first (each drawn before the ones inside it and the content).
        for k in stride(from: chain.count - 1, through: 0, by: -1) {
            guard case .background = chain[k], let content = chain[k].decorationContent else { continue }
            addDecoration(content, chainIndex: k - v1Count, isOverlay: false, layer: Int(first) + 1 + k, parent: index,
                          name: name, hidden: hidden, depth: depth, into: &tree)
        }
        return entry
    }

    /// The overlays with a view of layered node `entry`, innermost first (each drawn over the content and the
    /// overlays inside it): appended after the node's children.
    func addOverlays(_ pointer: UnsafePointer<ComponentNode>, _ entry: LayeredNode, hidden: Bool, depth: Int,
                     into tree: inout LayoutTree) {
        let modifiers = pointer.pointee.modifiers
        let v1Count = Int(entry.layerCount) - 1 - modifiers.chain.count
        for (j, modifier) in modifiers.chain.enumerated() {
            guard case .overlay = modifier, let content = modifier.decorationContent else { continue }
            addDecoration(content, chainIndex: j, isOverlay: true, layer: Int(entry.firstLayer) + 1 + v1Count + j,
                          parent: entry.node, name: NodeName(pointer: pointer, node: entry.node, parent: tree.nodes[Int(entry.node)].parent,
                                                             childIndex: tree.nodes[Int(entry.node)].childIndex),
                          hidden: hidden, depth: depth, into: &tree)
        }
    }

    /// Appends a decoration's view as a flat node of its own (parent: the decorated node; not one of its children:
    /// `childIndex` says which chain element it is, `decorationChildIndex`).
    /// `depth`: the decorated node's (`name`); a decoration of a node at `LayoutLimits.maxNodeDepth` is not built, as
    /// its children are not (`nesting-too-deep`).
    private func addDecoration(_ content: ComponentNode, chainIndex: Int, isOverlay: Bool, layer: Int, parent: Int32,
                               name: NodeName, hidden: Bool, depth: Int, into tree: inout LayoutTree) {
        let childIndex = decorationChildIndex(chainIndex: chainIndex, isOverlay: isOverlay)
        guard depth < LayoutLimits.maxNodeDepth else {
            reportTooDeep(name, childCount: 1, &tree)
            return
        }
        let kept = tree.keepSource(content)
        let node = add(kept, parent: parent, childIndex: childIndex, parentContext: .none, parentHidden: hidden, depth: depth + 1,
                       into: &tree)
        tree.layers[layer].contentNode = node
    }
}

/// `.0` … `.255`, made once: a path id is its parent's plus one of these (one concatenation, no number
/// formatting per node).
private let smallPathComponents: [String] = (0..<256).map { "." + String($0) }

/// The path component of child index `k`: `.3` for a child, `.background2` / `.overlay2` for the view of a
/// background / overlay at `modifiers[2]`.
func pathComponent(forChildIndex k: Int32) -> String {
    if k >= 0 && Int(k) < smallPathComponents.count { return smallPathComponents[Int(k)] }
    if k == sectionHeaderChildIndex { return ".header" }
    if k == sectionFooterChildIndex { return ".footer" }
    if let d = decoration(ofChildIndex: k) { return (d.isOverlay ? ".overlay" : ".background") + String(d.chainIndex) }
    return "." + String(k)
}
