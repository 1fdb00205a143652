import SDUIEnvironment
public import SDUISchema

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

    /// The accessibility tree of `layout`, a layout of `screen`.
    /// - Complexity: O(n log n) in the number of nodes.
    public init(layout: LayoutResult, screen: Screen) {
        var builder = AccessibilityTreeBuilder(layout: layout, screen: screen)
        let items = builder.collectAll()
        var ordered: [AccessibilityOrder.Item] = []
        AccessibilityOrder.flatten(items, direction: layout.traits.layoutDirection, into: &ordered)
        var elements: [AccessibilityElement] = []
        elements.reserveCapacity(ordered.count)
        for item in ordered {
            guard case .element(let draft) = item.kind else { continue }
            builder.exposure[draft.nodeIndices[0]] = .element(elements.count)
            elements.append(draft)
        }
        self.elements = elements
        self.exposure = builder.exposure
    }
}

/// Walks a layout's nodes with their payload nodes and makes the items (elements and groups) of each subtree.
struct AccessibilityTreeBuilder {
    let nodes: [LayoutNode]
    /// The payload node of each layout node (nil when the layout names no payload node).
    let facts: [NodeFacts]
    /// Each node's children, as indices.
    let children: [[Int]]
    let sizeClass: UserInterfaceSizeClass
    let direction: LayoutDirection
    var exposure: [AccessibilityExposure]

    init(layout: LayoutResult, screen: Screen) {
        nodes = layout.nodes
        facts = Self.facts(of: layout, nodes: nodes, screen: screen, sizeClass: layout.traits.horizontalSizeClass)
        var children = [[Int]](repeating: [], count: nodes.count)
        for (i, node) in nodes.enumerated() where node.parent >= 0 && node.parent < i { children[node.parent].append(i) }
        self.children = children
        sizeClass = layout.traits.horizontalSizeClass
        direction = layout.traits.layoutDirection
        exposure = [AccessibilityExposure](repeating: .structural, count: nodes.count)
    }

    /// What the pass reads of a node's payload, read once per node (a `ComponentNode`'s `modifiers` is a large
    /// value: reading it for every question costed more than the rest of the pass).
    struct NodeFacts {
        var accessibility: AccessibilityProperties?
        var hasAction = false
        /// Hidden by the chain's `hidden` or an `opacity` of 0.
        var hiddenByModifiers = false
        /// A text's string, a button's title, an image's alt, an input's label.
        var text: String?
        /// An input control's value in the screen's state (UIKit's `accessibilityValue`: a switch's "1"/"0", a
        /// stepper's number, a text field's text, a picker's selected option).
        var value: String?
        /// The input control the node is.
        var control: AccessibilityControl?
    }

    /// The facts of every layout node, from its payload node (found as in `components(of:screen:)`).
    static func facts(of layout: LayoutResult, nodes: [LayoutNode], screen: Screen, sizeClass: UserInterfaceSizeClass) -> [NodeFacts] {
        var result = [NodeFacts](repeating: NodeFacts(), count: nodes.count)
        // Each node's children (one array retained per node, not a copy of the node).
        var childArrays = [[ComponentNode]](repeating: [], count: nodes.count)
        func read(_ component: ComponentNode, into i: Int) {
            let modifiers = component.accessibilityModifiers
            var f = NodeFacts(accessibility: modifiers.accessibility, hasAction: modifiers.hasAction)
            for modifier in modifiers.chain {
                if case .hidden(let hidden) = modifier, hidden.resolved(for: sizeClass) { f.hiddenByModifiers = true }
                if case .opacity(let opacity) = modifier, opacity.resolved(for: sizeClass) <= 0 { f.hiddenByModifiers = true }
            }
            switch component.type {
            case .text: f.text = component.text?.resolved(for: sizeClass)
            case .button: f.text = component.title?.resolved(for: sizeClass)
            case .image: f.text = component.alt?.resolved(for: sizeClass)
            default: break
            }
            if let input = component.input { readInput(input, of: component.type, into: &f) }
            result[i] = f
            childArrays[i] = component.children
        }
        func readInput(_ input: InputProperties, of type: ComponentType, into f: inout NodeFacts) {
            let current = screen.state[input.target]
            let label = input.label?.resolved(for: sizeClass)
            switch type {
            case .toggle:
                f.control = .toggle
                f.text = label
                f.value = current == .bool(true) ? "1" : "0"
            case .stepper:
                f.control = .stepper
                f.text = label
                f.value = current?.interpolationText ?? ""
            case .textField:
                f.control = .textField
                f.text = label ?? input.placeholder?.resolved(for: sizeClass)
                let text = current?.interpolationText ?? ""
                f.value = text.isEmpty ? nil : (input.isSecure?.resolved(for: sizeClass) == true ? String(repeating: "•", count: text.count) : text)
            case .picker:
                f.control = input.pickerStyle == .segmented ? .segmentedPicker : .menuPicker
                f.text = label
                f.value = input.options.first { $0.value == current }?.label
            default:
                break
            }
        }
        for (i, node) in nodes.enumerated() {
            if node.parent < 0 || node.parent >= i {
                if i == 0 { read(screen.root, into: 0) }
                continue
            }
            // The engine's child slot (`LayoutResult.childSlot(at:)`): no path string is parsed.
            let k = Int(layout.childSlot(at: i))
            guard k >= 0, k < childArrays[node.parent].count else { continue }
            read(childArrays[node.parent][k], into: i)
        }
        return result
    }

    /// The payload node of each layout node: its parent's child at the index its path ends with (`root.0.3` → 3).
    static func components(of nodes: [LayoutNode], screen: Screen) -> [ComponentNode?] {
        var result = [ComponentNode?](repeating: nil, count: nodes.count)
        for (i, node) in nodes.enumerated() {
            if node.parent < 0 || node.parent >= i {
                if i == 0 { result[i] = screen.root }
                continue
            }
            guard let parent = result[node.parent], let dot = node.path.lastIndex(of: "."),
                  let k = Int(node.path[node.path.index(after: dot)...]), k >= 0, k < parent.children.count else { continue }
            result[i] = parent.children[k]
        }
        return result
    }

    func resolved<T>(_ value: Responsive<T>?) -> T? { value?.resolved(for: sizeClass) }

    /// Whether node `i` is hidden from assistive technologies with its subtree.
    func isHidden(_ i: Int) -> Bool {
        if nodes[i].isHidden { return true }
        return facts[i].hiddenByModifiers || resolved(facts[i].accessibility?.hidden) == true
    }

    /// One past the last node of each node's subtree (nodes are in pre-order: a subtree is a contiguous range).
    func subtreeEnds() -> [Int] {
        var ends = nodes.indices.map { $0 + 1 }
        for i in nodes.indices.reversed() {
            let p = nodes[i].parent
            if p >= 0 && p < i { ends[p] = max(ends[p], ends[i]) }
        }
        return ends
    }

    /// The items of the whole screen (its root's), made bottom-up — each node from its children's items, in
    /// reverse pre-order — so no nesting depth can exhaust the stack.
    mutating func collectAll() -> [AccessibilityOrder.Item] {
        guard !nodes.isEmpty else { return [] }
        let ends = subtreeEnds()
        var items = [[AccessibilityOrder.Item]](repeating: [], count: nodes.count)
        for i in nodes.indices.reversed() {
            items[i] = collect(i, ends[i], &items)
            for c in children[i] { items[c] = [] }
        }
        return items[0]
    }

    /// Marks the nodes `range` (a subtree); hidden nodes stay hidden unless `state` is `.hidden`.
    mutating func mark(_ range: Range<Int>, _ state: AccessibilityExposure) {
        for k in range where state == .hidden || exposure[k] != .hidden { exposure[k] = state }
    }

    /// The items node `i`'s subtree (the nodes `i..<end`) contributes to the group it is in; its children's are
    /// in `items`.
    mutating func collect(_ i: Int, _ end: Int, _ items: inout [[AccessibilityOrder.Item]]) -> [AccessibilityOrder.Item] {
        if isHidden(i) { mark(i..<end, .hidden); return [] }
        let node = nodes[i]
        // Read in place: most nodes have no `accessibility`, and making an empty one per node costed a tenth of the pass.
        let properties = facts[i].accessibility
        let priority = resolved(properties?.sortPriority)
        let behavior = resolved(properties?.children)
        let describesItself = properties.map { $0.label != nil || $0.hint != nil || $0.value != nil || !$0.traits.isEmpty } ?? false
        func inner() -> [AccessibilityOrder.Item] { children[i].flatMap { items[$0] } }

        switch node.type {
        case .text, .button, .image, .toggle, .stepper, .textField, .picker:
            if behavior == .contain { break }
            return leafElement(i).map { [item($0, priority: priority)] } ?? []
        default:
            break
        }
        switch behavior ?? (describesItself && !children[i].isEmpty ? .combine : nil) {
        case .combine?:
            var merged: [AccessibilityOrder.Item] = []
            AccessibilityOrder.flatten(inner(), direction: direction, into: &merged)
            mark(i + 1..<end, .covered)
            return combined(i, merged).map { [item($0, priority: priority)] } ?? []
        case .ignore?:
            mark(i + 1..<end, .covered)
            return ownElement(i, label: "", traits: []).map { [item($0, priority: priority)] } ?? []
        case .contain?:
            var contained = inner()
            exposure[i] = .container
            if let leaf = leafElement(i) { contained.insert(item(leaf, priority: nil), at: 0) }
            return contained.isEmpty ? [] : [AccessibilityOrder.Item(kind: .group(contained), frame: node.frame, priority: priority ?? 0,
                                                                     document: i)]
        case nil:
            if children[i].isEmpty {
                // A leaf that is not a text, button or image (a color, a custom leaf) is an element only when it
                // says something about itself.
                return describesItself ? ownElement(i, label: "", traits: []).map { [item($0, priority: priority)] } ?? [] : []
            }
            var contained = inner()
            // A plain container's sort priority goes to the items inside it that have none of their own.
            if let priority {
                for k in contained.indices where !contained[k].hasOwnPriority {
                    contained[k].priority = priority
                    contained[k].hasOwnPriority = true
                }
            }
            return contained
        }
    }

    func item(_ element: AccessibilityElement, priority: Double?) -> AccessibilityOrder.Item {
        AccessibilityOrder.Item(kind: .element(element), frame: element.frame, priority: priority ?? 0,
                                hasOwnPriority: priority != nil, document: element.nodeIndices[0])
    }

    /// A text's, button's or image's element with SwiftUI's defaults and the payload's properties; nil for a
    /// text with nothing to read.
    func leafElement(_ i: Int) -> AccessibilityElement? {
        switch nodes[i].type {
        case .text:
            let text = facts[i].text ?? nodes[i].text?.lines.joined(separator: " ") ?? ""
            guard let element = ownElement(i, label: text, traits: [.staticText]) else { return nil }
            return element.label.isEmpty && element.value == nil && element.traits == [.staticText] ? nil : element
        case .button:
            return ownElement(i, label: facts[i].text ?? "", traits: [.button])
        case .image:
            return ownElement(i, label: facts[i].text ?? "", traits: [.image])
        case .toggle, .stepper, .textField, .picker:
            guard let control = facts[i].control else { return nil }
            guard var element = ownElement(i, label: facts[i].text ?? "", traits: control.traits) else { return nil }
            if facts[i].accessibility?.value == nil { element.value = facts[i].value }
            element.control = control
            return element
        default:
            return nil
        }
    }

    /// Node `i` as one element: `label` and `traits` as its defaults, its payload properties over them.
    func ownElement(_ i: Int, label: String, traits: [AccessibilityTrait]) -> AccessibilityElement? {
        let properties = facts[i].accessibility
        var traits = traits
        for trait in properties?.traits ?? [] where !traits.contains(trait) { traits.append(trait) }
        if facts[i].hasAction, !traits.contains(.button) { traits.append(.button) }
        return AccessibilityElement(label: resolved(properties?.label) ?? label, traits: traits.count > 1 ? traits.sorted() : traits,
                                    hint: resolved(properties?.hint), value: resolved(properties?.value),
                                    identifier: properties?.identifier, frame: nodes[i].frame,
                                    nodes: [nodes[i].id], nodeIndices: [i])
    }

    /// Node `i` combining `merged` (its subtree's elements in reading order): their labels joined by ", ", their
    /// traits, hints and values merged, under the node's own properties. Nil when there is nothing to read.
    func combined(_ i: Int, _ merged: [AccessibilityOrder.Item]) -> AccessibilityElement? {
        let parts = merged.compactMap { item -> AccessibilityElement? in
            if case .element(let e) = item.kind { return e }
            return nil
        }
        func joined(_ texts: [String?]) -> String? {
            let present = texts.compactMap { $0 }.filter { !$0.isEmpty }
            return present.isEmpty ? nil : present.joined(separator: ", ")
        }
        var traits: [AccessibilityTrait] = []
        for part in parts { for t in part.traits where !traits.contains(t) { traits.append(t) } }
        guard var element = ownElement(i, label: joined(parts.map(\.label)) ?? "", traits: traits) else { return nil }
        let properties = facts[i].accessibility
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
