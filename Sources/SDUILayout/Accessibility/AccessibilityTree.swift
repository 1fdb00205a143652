import SDUIEnvironment
import SDUISchema

/// The accessibility elements of a laid-out screen, in VoiceOver's reading order: the platform-neutral pass
/// `sdui accessibility`, the HTML renderer's ARIA markup and the runtime's `accessibilityElements` share.
///
/// SwiftUI's defaults (docs/accessibility.md):
/// - a `text` is an element labelled by its string (trait `staticText`); a `button` by its title (trait
///   `button`); an `image` by its `alt` (trait `image`); an image without one is an element with an empty label
///   (lint reports it) unless it is `hidden` (decorative);
/// - stacks, grids, scroll views and custom containers are not elements; their children are;
/// - `"accessibility"` changes that: `label`/`hint`/`value`/`identifier` replace or set the element's, `traits`
///   are added to its own, `hidden` removes the node and its subtree, `children: "combine"` makes one element
///   of the subtree (labels in reading order joined by ", "), `"ignore"` one element of the node's own label,
///   `"contain"` a group read together at the node's place. A container that sets a label, hint, value or traits
///   and no `children` combines. An element whose node has an `action` gets the `button` trait.
///
/// Reading order (`AccessibilityOrder`): within each group (the screen, every `contain` container), higher
/// `sortPriority` first; then top to bottom in lines, leading to trailing within a line (right to left in a
/// right-to-left layout). Not on the layout's hot path: it runs when asked, on a finished `LayoutResult`.
public struct AccessibilityTree: Sendable {
    /// The elements in reading order.
    public var elements: [AccessibilityElement]
    /// How each node of the layout (`LayoutResult.nodes`, by index) takes part.
    public var exposure: [AccessibilityExposure]
    /// What the pass read of each node (its builder, without the drafts), kept so that `update(layout:screen:changes:)`
    /// can bring the tree to the next layout of the same nodes; nil after an update that could not.
    var kept: AccessibilityTreeBuilder?
    /// Each element's sort priority as its group ordered it (parallel to `elements`).
    var priorities: [Double]
    /// Where each line of the reading order ends (`AccessibilityOrder.permutation(_:direction:lineEnds:)`), once an
    /// update has sorted every element; nil until then (and for a tree with groups).
    var lineEnds: [Int]?
    /// How many splices of this tree merged the reading order from the kept elements' last order (tests).
    var mergedOrderCount = 0

    /// The accessibility tree of `layout`: every node's part read from the flat tree it was laid out from
    /// (`LayoutResult.content(at:)`) — the views of backgrounds and overlays and sections' headers and footers like
    /// any other node.
    /// - Complexity: O(n log n) in the number of nodes.
    public init(layout: LayoutResult) {
        var builder = AccessibilityTreeBuilder(layout: layout)
        let items = builder.collectAll()
        var ordered: [AccessibilityOrder.Item] = []
        AccessibilityOrder.flatten(items, direction: layout.traits.layoutDirection, into: &ordered)
        var elements: [AccessibilityElement] = []
        var priorities: [Double] = []
        elements.reserveCapacity(ordered.count)
        priorities.reserveCapacity(ordered.count)
        for item in ordered {
            guard case .element(let k) = item.kind else { continue }
            builder.exposure[builder.drafts[k].nodeIndices[0]] = .element(elements.count)
            elements.append(builder.drafts[k])
            priorities.append(item.priority)
        }
        self.elements = elements
        self.priorities = priorities
        self.exposure = builder.exposure
        // The tree holds the exposure; the kept builder none (shared, the tree's would be copied at its first change).
        builder.exposure = []
        builder.drafts = []
        kept = builder
    }
}

/// Walks a layout's nodes with their content and makes the items (elements and groups) of each subtree.
///
/// Everything the walk asks of a node is read into flat arrays first (type, parent, frame, the payload facts), and
/// the elements it drafts live in one store (`drafts`) that items name by index: ordering and concatenating items
/// moves a few words each, never an element's strings and arrays.
package struct AccessibilityTreeBuilder {
    /// Each node's id (`LayoutNode.id`: its payload id, or its path when it has none): what an element names it by.
    var ids: [String]
    /// The nodes of the layout the frames are of (read for the lines of a text without a string).
    var textSource: LayoutNodeStorage
    var types: [ComponentType]
    /// Each node's parent (-1 for the root, or a node whose parent does not come before it).
    var parents: [Int]
    var frames: [Rect]
    var hiddenByLayout: [Bool]
    /// What the pass reads of each node's content.
    var facts: [NodeFacts]
    /// The `accessibility` properties of the nodes that have them (`NodeFacts.accessibilityIndex`).
    var properties: [AccessibilityContent]
    /// Each node's children, as a compressed row list: node i's are `childList[childStart[i]..<childStart[i + 1]]`.
    /// Only the whole pass walks them (`collectAll`): a builder a splice brought to another layout has none.
    var childStart: [Int]
    var childList: [Int]
    let sizeClass: UserInterfaceSizeClass
    let direction: LayoutDirection
    var exposure: [AccessibilityExposure]
    /// The elements drafted so far; `AccessibilityOrder.Item.Kind.element(k)` is `drafts[k]`.
    var drafts: [AccessibilityElement] = []
    /// Whether some node is a `contain` group (the reading order is then not one sort of every element).
    var hasGroups = false
    /// Whether every node's `accessibility` properties were found to give it no role beyond its own leaf element
    /// (`AccessibilityTree.splice`'s condition; an update keeps every node's role).
    var rolesAreOwnLeaves = false

    init(layout: LayoutResult) {
        let nodes = layout.nodes
        let n = nodes.count
        var types: [ComponentType] = [], parents: [Int] = [], frames: [Rect] = [], hidden: [Bool] = [], ids: [String] = []
        types.reserveCapacity(n); parents.reserveCapacity(n); frames.reserveCapacity(n); hidden.reserveCapacity(n)
        ids.reserveCapacity(n)
        nodes.withUnsafeBufferPointer { buffer in
            for i in 0..<n {
                types.append(buffer[i].type)
                let p = buffer[i].parent
                parents.append(p >= 0 && p < i ? p : -1)
                frames.append(buffer[i].frame)
                hidden.append(buffer[i].isHidden)
                ids.append(buffer[i].id)
            }
        }
        let (facts, properties) = Self.facts(of: layout)
        self.init(layout: layout, ids: ids, types: types, parents: parents, frames: frames, hidden: hidden, facts: facts,
                  properties: properties)
    }

    /// A builder of `layout` from what it reads of each node (`parents`: each node's parent, -1 for the root and for
    /// a node whose parent does not come before it).
    init(layout: LayoutResult, ids: [String], types: [ComponentType], parents: [Int], frames: [Rect], hidden: [Bool],
         facts: [NodeFacts], properties: [AccessibilityContent]) {
        let n = types.count
        var childCount = [Int](repeating: 0, count: n + 1)
        for i in 0..<n where parents[i] >= 0 { childCount[parents[i]] += 1 }
        // Children in document order: node i's run starts where the runs of the nodes before it end.
        var childStart = [Int](repeating: 0, count: n + 1)
        for i in 0..<n { childStart[i + 1] = childStart[i] + childCount[i] }
        var next = childStart
        var childList = [Int](repeating: 0, count: childStart[n])
        for i in 0..<n where parents[i] >= 0 {
            childList[next[parents[i]]] = i
            next[parents[i]] += 1
        }
        textSource = layout.storage; self.ids = ids
        self.types = types; self.parents = parents; self.frames = frames; self.hiddenByLayout = hidden
        self.childStart = childStart; self.childList = childList
        sizeClass = layout.traits.horizontalSizeClass
        direction = layout.traits.layoutDirection
        self.facts = facts; self.properties = properties
        exposure = [AccessibilityExposure](repeating: .structural, count: n)
    }

    /// Node i's children.
    func children(_ i: Int) -> ArraySlice<Int> { childList[childStart[i]..<childStart[i + 1]] }

    /// What the pass reads of a node's content, read once per node.
    struct NodeFacts {
        /// Its `accessibility` properties' index in `properties` (-1: none).
        var accessibilityIndex: Int32 = -1
        var hasAction = false
        /// Hidden by the chain's `hidden` or an `opacity` of 0.
        var hiddenByModifiers = false
        /// The input control the node is.
        var control: AccessibilityControl?
        /// A text's string, a button's title, an image's alt, an input's label.
        var text: String?
        /// An input control's value in the screen's state (UIKit's `accessibilityValue`: a switch's "1"/"0", a
        /// stepper's number, a text field's text, a picker's selected option).
        var value: String?
    }

    /// Node i's `accessibility` properties, if it has any.
    func accessibility(_ i: Int) -> AccessibilityContent? {
        let k = Int(facts[i].accessibilityIndex)
        return k >= 0 ? properties[k] : nil
    }

    /// The facts of every layout node, from its content, and the `accessibility` properties they name.
    static func facts(of layout: LayoutResult) -> ([NodeFacts], [AccessibilityContent]) {
        let n = layout.nodeCount
        var result: [NodeFacts] = []
        result.reserveCapacity(n)
        var properties: [AccessibilityContent] = []
        for i in 0..<n {
            result.append(layout.content(at: i).map { readFacts($0, properties: &properties) } ?? NodeFacts())
        }
        return (result, properties)
    }

    /// What the pass reads of `content` (its `accessibility` properties join `properties`).
    static func readFacts(_ content: NodeContent, properties: inout [AccessibilityContent]) -> NodeFacts {
        var f = NodeFacts(hasAction: content.hasAction)
        if let accessibility = content.accessibility {
            f.accessibilityIndex = Int32(truncatingIfNeeded: properties.count)
            properties.append(accessibility)
        }
        f.hiddenByModifiers = content.isHiddenByModifiers
        switch content.type {
        case .text, .button, .label: f.text = content.text
        case .image: f.text = content.alt
        case .toggle, .stepper, .textField, .picker:
            if let input = content.input { readInput(input, of: content.type, into: &f) }
        default: break
        }
        return f
    }

    /// An input control's facts: its kind, label and value in the screen's state.
    static func readInput(_ input: InputContent, of type: ComponentType, into f: inout NodeFacts) {
        let current = input.value
        switch type {
        case .toggle:
            f.control = .toggle
            f.text = input.label
            f.value = current == .bool(true) ? "1" : "0"
        case .stepper:
            f.control = .stepper
            f.text = input.label
            f.value = current?.interpolationText ?? ""
        case .textField:
            f.control = .textField
            f.text = input.label ?? input.placeholder
            let text = current?.interpolationText ?? ""
            f.value = text.isEmpty ? nil : (input.isSecure ? String(repeating: "•", count: text.count) : text)
        case .picker:
            f.control = input.pickerStyle == .segmented ? .segmentedPicker : .menuPicker
            f.text = input.label
            f.value = input.options.first { $0.value == current }?.label
        default:
            break
        }
    }



    /// Whether node `i` is hidden from assistive technologies with its subtree.
    @inline(__always)
    func isHidden(_ i: Int) -> Bool {
        if hiddenByLayout[i] || facts[i].hiddenByModifiers || isUnchosen(i) { return true }
        // Read in place (`accessibility(i)` would copy the properties).
        let k = Int(facts[i].accessibilityIndex)
        return k >= 0 && properties[k].hidden == true
    }

    /// Whether node `i` is a child of a `viewThatFits` that was not chosen: the engine gives those a zero frame
    /// (`clearSubtree`), and what is not on screen is not read. (A chosen child of zero size has nothing to read.)
    @inline(__always)
    func isUnchosen(_ i: Int) -> Bool {
        // The frame first: most nodes have a size, and their parent's type is then not read.
        guard frames[i].width == 0 && frames[i].height == 0 else { return false }
        let p = parents[i]
        guard p >= 0, case .viewThatFits = types[p] else { return false }
        return true
    }

    /// One past the last node of each node's subtree (nodes are in pre-order: a subtree is a contiguous range).
    func subtreeEnds() -> [Int] {
        var ends = types.indices.map { $0 + 1 }
        for i in types.indices.reversed() where parents[i] >= 0 { ends[parents[i]] = max(ends[parents[i]], ends[i]) }
        return ends
    }

    /// The items one subtree contributes to the group it is in: none, one (most leaves), or several.
    enum Items {
        case none
        case one(AccessibilityOrder.Item)
        case many([AccessibilityOrder.Item])

        func append(to out: inout [AccessibilityOrder.Item]) {
            switch self {
            case .none: break
            case .one(let item): out.append(item)
            case .many(let items): out.append(contentsOf: items)
            }
        }
    }

    /// The items of the whole screen (its root's), made bottom-up — each node from its children's items, in
    /// reverse pre-order — so no nesting depth can exhaust the stack.
    mutating func collectAll() -> [AccessibilityOrder.Item] {
        guard !types.isEmpty else { return [] }
        let ends = subtreeEnds()
        var items = [Items](repeating: .none, count: types.count)
        for i in types.indices.reversed() {
            items[i] = collect(i, ends[i], &items)
            for c in children(i) { items[c] = .none }
        }
        var root: [AccessibilityOrder.Item] = []
        items[0].append(to: &root)
        return root
    }

    /// Marks the nodes `range` (a subtree); hidden nodes stay hidden unless `state` is `.hidden`.
    mutating func mark(_ range: Range<Int>, _ state: AccessibilityExposure) {
        for k in range where state == .hidden || exposure[k] != .hidden { exposure[k] = state }
    }

    /// The items node `i`'s subtree (the nodes `i..<end`) contributes to the group it is in; its children's are
    /// in `items`.
    mutating func collect(_ i: Int, _ end: Int, _ items: inout [Items]) -> Items {
        if isHidden(i) { mark(i..<end, .hidden); return .none }
        // Read in place: most nodes have no `accessibility`, and making an empty one per node costed a tenth of the pass.
        let properties = accessibility(i)
        let priority = properties?.sortPriority
        let behavior = properties?.children
        let describesItself = properties?.describesItself ?? false
        let children = children(i)
        func inner() -> [AccessibilityOrder.Item] {
            var result: [AccessibilityOrder.Item] = []
            for c in children { items[c].append(to: &result) }
            return result
        }
        func one(_ element: AccessibilityElement?) -> Items {
            element.map { .one(item($0, priority: priority)) } ?? .none
        }

        switch types[i] {
        case .text, .label, .button, .image, .toggle, .stepper, .textField, .picker:
            if behavior == .contain { break }
            // A leaf's laid-out children are the views of its backgrounds and overlays: elements of their own
            // beside it, as SwiftUI reads a `Text("Row").overlay { Button("Open") }` (unless it combines or ignores).
            if children.isEmpty || behavior == .combine || behavior == .ignore { return one(leafElement(i)) }
            var all = leafElement(i).map { [item($0, priority: priority)] } ?? []
            all += inner()
            return all.isEmpty ? .none : .many(all)
        default:
            break
        }
        switch behavior ?? (describesItself && !children.isEmpty ? .combine : nil) {
        case .combine?:
            var merged: [AccessibilityOrder.Item] = []
            AccessibilityOrder.flatten(inner(), direction: direction, into: &merged)
            mark(i + 1..<end, .covered)
            return one(combined(i, merged))
        case .ignore?:
            mark(i + 1..<end, .covered)
            return one(ownElement(i, label: "", traits: []))
        case .contain?:
            var contained = inner()
            exposure[i] = .container
            hasGroups = true
            if let leaf = leafElement(i) { contained.insert(item(leaf, priority: nil), at: 0) }
            return contained.isEmpty ? .none : .one(AccessibilityOrder.Item(kind: .group(contained), frame: frames[i],
                                                                            priority: priority ?? 0, document: i))
        case nil:
            if children.isEmpty {
                // A leaf that is not a text, button or image (a color, a custom leaf) is an element only when it
                // says something about itself.
                return describesItself ? one(ownElement(i, label: "", traits: [])) : .none
            }
            guard let priority else {
                // A plain container passes its children's items up as they are.
                if children.count == 1 { return items[children[children.startIndex]] }
                let contained = inner()
                return contained.isEmpty ? .none : .many(contained)
            }
            // A plain container's sort priority goes to the items inside it that have none of their own.
            var contained = inner()
            for k in contained.indices where !contained[k].hasOwnPriority {
                contained[k].priority = priority
                contained[k].hasOwnPriority = true
            }
            return contained.isEmpty ? .none : .many(contained)
        }
    }

    /// An item for `element`, which joins the draft store.
    mutating func item(_ element: AccessibilityElement, priority: Double?) -> AccessibilityOrder.Item {
        drafts.append(element)
        return AccessibilityOrder.Item(kind: .element(drafts.count - 1), frame: element.frame, priority: priority ?? 0,
                                       hasOwnPriority: priority != nil, document: element.nodeIndices[0])
    }

    /// A text's, button's or image's element with SwiftUI's defaults and the payload's properties; nil for a
    /// text with nothing to read.
    func leafElement(_ i: Int) -> AccessibilityElement? {
        switch types[i] {
        case .text:
            let text = facts[i].text ?? textSource.textRun(at: i)?.lines.joined(separator: " ") ?? ""
            guard let element = ownElement(i, label: text, traits: [.staticText]) else { return nil }
            return element.label.isEmpty && element.value == nil && element.traits == [.staticText] ? nil : element
        case .label:
            // SwiftUI reads a `Label` as its title; the symbol is decoration.
            return ownElement(i, label: facts[i].text ?? "", traits: [.staticText])
        case .button:
            return ownElement(i, label: facts[i].text ?? "", traits: [.button])
        case .image:
            return ownElement(i, label: facts[i].text ?? "", traits: [.image])
        case .toggle, .stepper, .textField, .picker:
            guard let control = facts[i].control else { return nil }
            guard var element = ownElement(i, label: facts[i].text ?? "", traits: control.traits) else { return nil }
            if accessibility(i)?.value == nil { element.value = facts[i].value }
            element.control = control
            return element
        default:
            return nil
        }
    }

    /// Node `i` as one element: `label` and `traits` as its defaults, its payload properties over them.
    func ownElement(_ i: Int, label: String, traits: [AccessibilityTrait]) -> AccessibilityElement? {
        let nodeID = ids[i]
        guard let properties = accessibility(i) else {
            var traits = traits
            if facts[i].hasAction, !traits.contains(.button) { traits.append(.button) }
            return AccessibilityElement(label: label, traits: traits.count > 1 ? traits.sorted() : traits, frame: frames[i],
                                        nodes: [nodeID], nodeIndices: [i])
        }
        var traits = traits
        for trait in properties.traits where !traits.contains(trait) { traits.append(trait) }
        if facts[i].hasAction, !traits.contains(.button) { traits.append(.button) }
        return AccessibilityElement(label: properties.label ?? label, traits: traits.count > 1 ? traits.sorted() : traits,
                                    hint: properties.hint, value: properties.value,
                                    identifier: properties.identifier, frame: frames[i],
                                    nodes: [nodeID], nodeIndices: [i])
    }

    /// Node `i` combining `merged` (its subtree's elements in reading order): their labels joined by ", ", their
    /// traits, hints and values merged, under the node's own properties. Nil when there is nothing to read.
    func combined(_ i: Int, _ merged: [AccessibilityOrder.Item]) -> AccessibilityElement? {
        let parts = merged.compactMap { item -> AccessibilityElement? in
            if case .element(let k) = item.kind { return drafts[k] }
            return nil
        }
        func joined(_ texts: [String?]) -> String? {
            let present = texts.compactMap { $0 }.filter { !$0.isEmpty }
            return present.isEmpty ? nil : present.joined(separator: ", ")
        }
        var traits: [AccessibilityTrait] = []
        for part in parts { for t in part.traits where !traits.contains(t) { traits.append(t) } }
        guard var element = ownElement(i, label: joined(parts.map(\.label)) ?? "", traits: traits) else { return nil }
        let properties = accessibility(i)
        if properties?.hint == nil { element.hint = joined(parts.map(\.hint)) }
        if properties?.value == nil { element.value = joined(parts.map(\.value)) }
        for part in parts {
            element.nodes += part.nodes
            element.nodeIndices += part.nodeIndices
        }
        if parts.isEmpty && element.label.isEmpty && element.value == nil && element.traits.isEmpty { return nil }
        return element
    }
}
