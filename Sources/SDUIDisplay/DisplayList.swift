public import SDUIEnvironment
public import SDUISchema
public import SDUILayout

/// The render contract: what every host draws for one laid-out screen, one `DisplayItem` per node of the
/// `LayoutResult`, in its document order (parents before children).
///
/// A projection of the flat tree the layout was made from and its frames: each item is node `index` of the layout,
/// its frame, text run and modifier boxes from the layout, and what it shows and does from the flat tree's node
/// (`LayoutResult.content(at:)`) — the views of backgrounds and overlays and sections' headers and footers like
/// any other node. No payload tree is walked. HTML, SVG, the headless runtime and the native hosts read only this.
///
/// Iterating streams the items (memory: one item and the identities of its ancestors — what the HTML and SVG
/// writers use on screens of any size); `items` makes them all (what a host that keeps views uses).
public struct DisplayList: Sequence, Sendable {
    /// The layout drawn.
    public let layout: LayoutResult
    /// The screen's accessibility elements (`AccessibilityTree`: what `sdui accessibility` prints), which fill the
    /// items' `accessibility`; nil for a list made without the pass.
    public let accessibilityTree: AccessibilityTree?

    /// A display list of `layout`. With `accessibility` (the default) the accessibility pass runs once, here, and
    /// every item carries its part (`DisplayItem.accessibility`); a writer that only draws (SVG) passes false and its
    /// items' roles are all `.none`.
    /// - Complexity: O(n log n) in nodes with the pass (its reading order sorts), O(1) without.
    public init(_ layout: LayoutResult, accessibility: Bool = true) {
        self.layout = layout
        accessibilityTree = accessibility ? AccessibilityTree(layout: layout) : nil
    }

    /// The nodes that carry the accessibility elements, in VoiceOver's reading order (the order of
    /// `accessibilityTree.elements`; empty without the pass). What a host gives its root view as
    /// `accessibilityElements` and the HTML panel as `aria-owns`.
    public var accessibilityOrder: [NodeIndex] { Self.order(of: accessibilityTree) }

    /// The nodes that carry `tree`'s elements, in its reading order.
    static func order(of tree: AccessibilityTree?) -> [NodeIndex] {
        // (The elements taken alone: binding the tree would copy it, retaining each of its arrays.)
        guard let elements = tree?.elements else { return [] }
        // Room made once (appends that grow the array copy it).
        var order: [NodeIndex] = []
        order.reserveCapacity(elements.count)
        elements.withUnsafeBufferPointer { elements in
            for k in elements.indices {
                if let node = elements[k].nodeIndices.first { order.append(NodeIndex(Int32(truncatingIfNeeded: node))) }
            }
        }
        return order
    }

    /// Each item's place in VoiceOver's reading order as a SwiftUI `accessibilitySortPriority` ("Higher numbers are
    /// sorted first"): the first element read gets `accessibilityOrder.count`, the last 1, every item that is not an
    /// element 0. What a host that places every node's view as a sibling in one container (the SwiftUI host) gives
    /// each view so that VoiceOver reads `accessibilityOrder`, not the views' frames. Indexed like `items`.
    /// - Complexity: O(n) in items.
    public var accessibilitySortPriorities: [Double] {
        let order = accessibilityOrder
        var priorities = [Double](repeating: 0, count: count)
        for (position, index) in order.enumerated() where index.int >= 0 && index.int < priorities.count {
            priorities[index.int] = Double(order.count - position)
        }
        return priorities
    }

    /// The number of items (`layout.nodeCount`).
    public var count: Int { layout.nodeCount }
    /// The layout's traits (size classes, appearance, layout direction).
    public var traits: TraitCollection { layout.traits }
    /// The window.
    public var environment: WindowEnvironment { layout.environment }
    /// Whether colours are the dark ones (`traits.userInterfaceStyle`).
    public var isDark: Bool { layout.traits.userInterfaceStyle == .dark }

    /// Every item, in order.
    /// - Complexity: O(n) in nodes and text lines.
    public var items: [DisplayItem] {
        var result: [DisplayItem] = []
        result.reserveCapacity(count)
        for item in self { result.append(item) }
        return result
    }

    public func makeIterator() -> Iterator { Iterator(self) }

    /// Streams the items: the layout's nodes in order, with the identities of the current node's ancestors.
    public struct Iterator: IteratorProtocol {
        private let nodes: [LayoutNode]
        private let layout: LayoutResult
        private let accessibility: AccessibilityTree?
        private var position = 0
        /// The current node's ancestors and itself: layout index, identity.
        private var path: [(index: Int, identity: NodeIdentity)] = []

        init(_ list: DisplayList) {
            layout = list.layout
            nodes = list.layout.nodes
            accessibility = list.accessibilityTree
        }

        public mutating func next() -> DisplayItem? {
            guard position < nodes.count else { return nil }
            let index = position
            position += 1
            let node = nodes[index]
            while let last = path.last, last.index != node.parent { path.removeLast() }
            let id = layout.payloadID(at: index)
            let identity = path.last.map { $0.identity.child(slot: layout.childSlot(at: index), id: id) } ?? .root(id: id)
            path.append((index, identity))
            var item = DisplayItem(node, index: index, in: layout, content: layout.content(at: index), identity: identity)
            if let accessibility { item.accessibility.fill(from: accessibility, node: index) }
            return item
        }
    }
}

extension DisplayItem {
    /// Node `index` of `layout` (`node`: its `LayoutNode`; `content`: `layout.content(at: index)`), known across
    /// results as `identity`: its geometry from the layout, what it shows and does from the flat tree's node.
    init(_ node: LayoutNode, index: Int, in layout: LayoutResult, content: NodeContent?, identity: NodeIdentity) {
        let direction = layout.traits.layoutDirection
        let frame = node.frame
        self.index = NodeIndex(Int32(truncatingIfNeeded: index))
        parent = node.parent >= 0 ? NodeIndex(Int32(truncatingIfNeeded: node.parent)) : nil
        self.identity = identity
        id = node.id
        type = node.type
        self.frame = frame
        isHidden = node.isHidden
        isUnresolved = content == nil
        properties = content?.properties ?? [:]
        let boxes = content == nil ? nil : node.layers
        // (Made in place: a local copy assigned here is a copy of the whole appearance.)
        appearance = ResolvedAppearance(content: content, type: node.type, frame: frame, boxes: boxes)
        // The padding the layout applied (the build's values, never re-derived here); with a chain, the content box
        // the engine reported inside it.
        var padding = EdgeInsets.zero
        if let boxes {
            let physical = Self.contentInsets(of: boxes, in: frame)
            padding = direction == .rightToLeft ? physical.mirrored : physical
        } else if content != nil {
            let p = layout.padding(at: index)
            padding = EdgeInsets(top: p.top, leading: p.leading, bottom: p.bottom, trailing: p.trailing)
        }
        let physical = direction == .rightToLeft ? padding.mirrored : padding
        contentInsets = physical
        contentBox = frame.inset(by: physical)
        action = content?.action
        let input = content?.input
        symbol = nil
        if let run = node.text {
            var textPadding = padding
            if node.type == .label, let name = content?.systemImage {
                // The symbol, then the title (`LabelMetrics`), both centred vertically; the symbol on the right
                // right to left.
                let side = run.lineHeight, lead = side + LabelMetrics.spacing
                let top = physical.top + (frame.height - physical.vertical - side) / 2
                let left = direction == .rightToLeft ? frame.width - physical.trailing - side : physical.leading
                symbol = DisplaySymbol(name: name, box: Rect(x: left, y: top, width: side, height: side))
                textPadding.leading += lead
            }
            // An input's label (a text field's text or placeholder, a menu's selected option) sits at the leading
            // edge in the room its control leaves, centred vertically — SwiftUI's `Toggle` is an HStack of the label
            // and the switch — never under the control.
            let control = InputMetrics.labelInsets(of: node.type, pickerStyle: input?.pickerStyle)
            if let control {
                textPadding.leading += control.leading
                textPadding.trailing += control.trailing
            }
            var t = DisplayText(run: run, frame: frame, padding: textPadding, sourceText: content?.text,
                                alignment: node.type == .button ? .center : node.type == .label || control != nil ? .leading
                                    : self.appearance.contentAlignment,
                                direction: direction)
            if content?.strikethrough == true { t.decorations.insert(.strikethrough) }
            if content?.underline == true { t.decorations.insert(.underline) }
            text = t
        } else {
            text = nil
        }
        controlBox = InputMetrics.controlBox(of: node.type, pickerStyle: input?.pickerStyle,
                                             size: Size(width: frame.width, height: frame.height), direction: direction)
        if node.type == .image, let name = content?.systemName {
            symbol = DisplaySymbol(name: name, box: DisplaySymbol.imageBox(contentBox: contentBox, frame: frame))
            image = nil
        } else if node.type == .image {
            let url = content?.url
            image = ImageRequest(source: url, loadableURL: url.flatMap(ImageRequest.loadableURL),
                                 contentMode: content?.contentMode ?? .fill,
                                 placeholder: content?.placeholder ?? .skeleton,
                                 isFlipped: (content?.flipsForRightToLeftLayoutDirection ?? false) && direction == .rightToLeft)
        } else {
            image = nil
        }
        control = content.flatMap { DisplayControl($0, input: input) }
        scroll = node.type == .scroll ? DisplayScroll(axis: content?.axis ?? .vertical, pinnedViews: content?.pinnedViews ?? []) : nil
        accessibility = DisplayAccessibility(identifier: content?.id)
    }
}

extension DisplayItem {
    /// The padding between `frame` and the content box the engine reported inside a node's modifier chain
    /// (`NodeLayers.content`), in physical edges: a layered item's `contentInsets`.
    static func contentInsets(of boxes: NodeLayers, in frame: Rect) -> EdgeInsets {
        let c = boxes.content
        return EdgeInsets(top: max(0, c.minY - frame.minY), leading: max(0, c.minX - frame.minX),
                          bottom: max(0, frame.maxY - c.maxY), trailing: max(0, frame.maxX - c.maxX))
    }
}

extension DisplayAccessibility {
    /// Takes node `index`'s part in `tree`: its role, and for the node that carries an element, the element's label,
    /// hint, value and traits.
    mutating func fill(from tree: AccessibilityTree, node index: Int) {
        guard index < tree.exposure.count else { return }
        switch tree.exposure[index] {
        case .structural: role = .none
        case .container: role = .container
        case .covered: role = .covered
        case .hidden: role = .hidden
        case .element(let k):
            guard k < tree.elements.count else { return }
            // Field by field (a copy of the element would retain every one of its fields).
            role = .element
            label = tree.elements[k].label
            hint = tree.elements[k].hint
            value = tree.elements[k].value
            traits = Traits(tree.elements[k].traits)
            control = tree.elements[k].control
            if let identifier = tree.elements[k].identifier { self.identifier = identifier }
        }
    }
}

extension DisplayText {
    /// Places the engine's lines in the frame. The content box is the frame inset by the padding (the leading edge
    /// is the right one in a right-to-left layout). The text block is as wide as its widest line (never wider than
    /// the content box) and as tall as its lines; it sits in the content box by `alignment` (the frame modifier's,
    /// centered by default like SwiftUI's `frame`; always centered for a button's title), and each line sits in the
    /// block by the text's alignment, computed from the engine's widths.
    init(run: TextRun, frame: Rect, padding: EdgeInsets, sourceText: String?, alignment: Alignment, direction: LayoutDirection) {
        let physical = direction == .rightToLeft ? padding.mirrored : padding
        let content = Rect(x: physical.leading, y: padding.top,
                           width: max(0, frame.width - padding.horizontal), height: max(0, frame.height - padding.vertical))
        let widest = run.lineWidths.max() ?? 0
        let blockWidth = min(max(widest, 0), content.width)
        // `lineSpacing` is in the stride, not after the last line: the block is one spacing shorter, and each line
        // box (a stride tall, its glyphs centred) starts half a spacing above its place.
        let blockHeight = run.lines.isEmpty ? 0 : Double(run.lines.count) * run.lineHeight - run.lineSpacing
        let blockX = content.x + (content.width - blockWidth) * alignment.horizontalFraction(in: direction)
        let blockY = content.y + (content.height - blockHeight) * alignment.verticalFraction
        let lineFraction = run.alignment.horizontalFraction(in: direction)
        let face = DisplayTextFace(size: run.fontSize, weight: run.fontWeight, lineHeight: run.lineHeight,
                                   baselineOffset: FontSpec(size: run.fontSize, weight: run.fontWeight,
                                                            lineHeight: run.lineHeight, face: run.face).baselineOffset(),
                                   fontFace: run.face, isItalic: run.isItalic)
        self.face = face
        lines = run.lines.enumerated().map { i, text in
            let width = i < run.lineWidths.count ? run.lineWidths[i] : 0
            let top = blockY - run.lineSpacing / 2 + Double(i) * run.lineHeight
            return DisplayLine(text: text, width: width, left: blockX + (blockWidth - width) * lineFraction, top: top,
                               baseline: top + face.baselineOffset, blockLeft: blockX, blockWidth: blockWidth,
                               direction: run.writingDirection(ofLine: i))
        }
        self.sourceText = sourceText
        isTruncated = run.isTruncated
        wrapWidth = content.width
        self.alignment = run.alignment
        decorations = []
    }
}

extension Alignment {
    /// The horizontal component as a fraction of the width from the left edge: `horizontalFraction` in a
    /// left-to-right layout, mirrored (leading = 1, the right edge) in a right-to-left one.
    public func horizontalFraction(in direction: LayoutDirection) -> Double {
        direction == .rightToLeft ? 1 - horizontalFraction : horizontalFraction
    }
}
