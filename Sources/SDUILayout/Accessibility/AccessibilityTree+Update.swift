import SDUIEnvironment
import SDUISchema

// Bringing a kept accessibility tree to the next layout of the same tree of nodes without running the whole pass:
// what the runtime's display list does after a state change (docs/hosts.md, "Keeping the list across layouts").

extension AccessibilityTree {
    /// A node whose layout output (frame, visibility, text) or content changed since the tree was made, with its
    /// content in the new layout.
    package struct Change {
        /// The node's index in the layout.
        package var node: Int
        /// Its content (nil: not found — the whole pass runs).
        package var content: NodeContent?

        package init(node: Int, content: NodeContent?) { self.node = node; self.content = content }
    }

    /// Brings the tree to `layout` (a layout with the same nodes, parents and traits as the layout the tree was made
    /// from) when only `changes` differ, and returns the nodes whose element changed (their label, value, traits,
    /// hint, frame …), ascending, and whether the reading order changed. Returns nil — the tree is then not usable:
    /// make it again with `init(layout:)` — when the change can reorganise the tree rather than change elements in place:
    /// a node hidden or shown, an `accessibility` property that decides a role (`children`, `sortPriority`,
    /// `hidden`, whether it describes itself), an action or control added or removed, a node merged into another
    /// element or in a `contain` group, a node that becomes or stops being an element, a reading order that
    /// changes in a screen with groups. An element that only moves is placed again in the reading order.
    ///
    /// The differential tests (`IncrementalDisplayListTests`) check that the result equals a fresh pass.
    /// - Complexity: O(changes) when no element's place in the reading order changes; else O(e log e) in elements.
    package mutating func update(layout: LayoutResult, changes: [Change]) -> (touched: [Int], reordered: Bool)? {
        guard var b = kept, b.types.count == layout.nodeCount, exposure.count == b.types.count,
              b.direction == layout.traits.layoutDirection, b.sizeClass == layout.traits.horizontalSizeClass else { return nil }
        kept = nil
        b.textSource = layout.storage
        var touched: [Int] = []
        /// Elements that moved along their line (their top the same), and whether some element's top moved.
        var moved: [Int] = []
        var reorder = false
        var reordered = false
        var newProperties: [AccessibilityContent] = []
        for change in changes {
            let i = change.node
            guard i >= 0, i < b.types.count, let content = change.content, content.type == b.types[i] else { return nil }
            let wasHidden = b.isHidden(i)
            let old = b.facts[i]
            let oldProperties = b.accessibility(i)
            newProperties.removeAll(keepingCapacity: true)
            var f = AccessibilityTreeBuilder.readFacts(content, properties: &newProperties)
            // The node's `accessibility` properties take its old entry's place in the store (or join it).
            if let properties = newProperties.first {
                if old.accessibilityIndex >= 0 {
                    f.accessibilityIndex = old.accessibilityIndex
                    b.properties[Int(old.accessibilityIndex)] = properties
                } else {
                    f.accessibilityIndex = Int32(truncatingIfNeeded: b.properties.count)
                    b.properties.append(properties)
                }
            } else {
                f.accessibilityIndex = -1
            }
            b.facts[i] = f
            b.frames[i] = layout.frame(at: i)
            b.hiddenByLayout[i] = layout.isHidden(at: i)
            let properties = b.accessibility(i)
            guard b.isHidden(i) == wasHidden, old.hasAction == f.hasAction, old.control == f.control,
                  old.hiddenByModifiers == f.hiddenByModifiers, b.sameRole(oldProperties, properties) else { return nil }
            let isLeaf = AccessibilityTreeBuilder.isLeafType(b.types[i]) && properties?.children != .contain
            switch exposure[i] {
            case .hidden:
                // Hidden before and after (itself or with an ancestor): nothing of it is read.
                continue
            case .covered, .container:
                // Merged into an element above it, or a group's frame: the whole pass.
                return nil
            case .structural:
                if isLeaf {
                    // A text with nothing to read: it must still have nothing to read.
                    if b.types[i] == .text && f.text == nil { return nil }
                    if b.leafElement(i) != nil { return nil }
                } else if oldProperties != properties {
                    return nil
                }
            case .element(let k):
                guard isLeaf, k < elements.count, elements[k].nodeIndices.count == 1, elements[k].nodeIndices[0] == i,
                      !(b.types[i] == .text && f.text == nil), let element = b.leafElement(i) else { return nil }
                guard element != elements[k] else { continue }
                let before = elements[k].frame, after = element.frame
                if before.minY.bitPattern != after.minY.bitPattern {
                    reorder = true
                } else if AccessibilityOrder.leadingKey(before, b.direction) != AccessibilityOrder.leadingKey(after, b.direction) {
                    moved.append(k)
                }
                elements[k] = element
                touched.append(i)
            }
        }
        if reorder || !moved.isEmpty {
            // Without groups the reading order is one sort of every element (`AccessibilityOrder.permutation`).
            guard !b.hasGroups, priorities.count == elements.count else { return nil }
            if reorder || lineEnds == nil {
                let items = elements.indices.map { k in
                    AccessibilityOrder.Item(kind: .element(k), frame: elements[k].frame, priority: priorities[k],
                                            document: elements[k].nodeIndices[0])
                }
                var ends: [Int] = []
                let order = AccessibilityOrder.permutation(items, direction: b.direction, lineEnds: &ends)
                if order != Array(elements.indices) {
                    reordered = true
                    elements = order.map { elements[$0] }
                    priorities = order.map { priorities[$0] }
                    for (k, element) in elements.enumerated() { exposure[element.nodeIndices[0]] = .element(k) }
                }
                lineEnds = ends
            } else if let ends = lineEnds {
                // Every top is what it was: the lines hold the same elements, and only the lines of the elements
                // that moved along them are sorted again.
                var sorted: [Int] = []
                for k in moved {
                    var low = 0, high = ends.count
                    while low < high {
                        let middle = (low + high) >> 1
                        if ends[middle] <= k { low = middle + 1 } else { high = middle }
                    }
                    guard low < ends.count else { return nil }
                    let start = low > 0 ? ends[low - 1] : 0, end = ends[low]
                    if sorted.contains(start) { continue }
                    sorted.append(start)
                    var line = Array(start..<end)[...]
                    AccessibilityOrder.sortLine(&line, frames: { elements[$0].frame }, documents: { elements[$0].nodeIndices[0] },
                                                direction: b.direction)
                    guard !line.elementsEqual(start..<end) else { continue }
                    reordered = true
                    let reordered = line.map { elements[$0] }, reprioritised = line.map { priorities[$0] }
                    for (offset, element) in reordered.enumerated() {
                        elements[start + offset] = element
                        priorities[start + offset] = reprioritised[offset]
                        exposure[element.nodeIndices[0]] = .element(start + offset)
                    }
                }
            }
        }
        kept = b
        touched.sort()
        return (touched, reordered)
    }
}

extension AccessibilityTreeBuilder {
    /// The types whose node is one element of its own (`collect`'s first case).
    static func isLeafType(_ type: ComponentType) -> Bool {
        switch type {
        case .text, .label, .button, .image, .toggle, .stepper, .textField, .picker: return true
        default: return false
        }
    }

    /// Whether two `accessibility` properties give a node the same place in the tree: the same `children`,
    /// `sortPriority` and `hidden`, and both or neither describing the node (label, hint, value or traits).
    func sameRole(_ a: AccessibilityContent?, _ b: AccessibilityContent?) -> Bool {
        a?.children == b?.children && a?.sortPriority == b?.sortPriority && a?.hidden == b?.hidden
            && (a?.describesItself ?? false) == (b?.describesItself ?? false)
    }
}

extension AccessibilityOrder {
    /// An item's leading edge as the reading order compares it (`permutation`).
    static func leadingKey(_ frame: Rect, _ direction: LayoutDirection) -> Double {
        snapped(direction == .rightToLeft ? -frame.maxX : frame.minX)
    }
}
