public import SDUIEnvironment
public import SDUISchema
public import SDUILayout

/// Carries out a node's action for a native host (the app provides it: navigation, sheets, URLs, its own types).
@MainActor
public protocol ActionRouting: AnyObject {
    /// Performs `action`, the action of `item` that was tapped.
    func perform(_ action: Action, from item: DisplayItem)
}

/// Which node a tap at a point hits: the frontmost (last in document order) visible item containing the point
/// whose node has an action, not clipped away by a scroll view or rounded ancestor.
public enum ActionHitTest {
    /// The item with an action at `point` (window points, scroll content at offset 0), if any.
    /// - Complexity: O(n · depth).
    public static func item(at point: Point, in items: [DisplayItem]) -> DisplayItem? {
        func contains(_ r: Rect) -> Bool {
            point.x >= r.x && point.y >= r.y && point.x < r.x + r.width && point.y < r.y + r.height
        }
        for item in items.reversed() where item.action != nil && !item.isHidden && contains(item.frame) {
            var parent = item.parent
            var visible = true
            while let p = parent, p.int >= 0, p.int < items.count {
                let ancestor = items[p.int]
                if ancestor.isHidden || (ancestor.appearance.clipsContent && !contains(ancestor.frame)) { visible = false; break }
                parent = ancestor.parent
            }
            if visible { return item }
        }
        return nil
    }
}

/// Factories for custom component types, shared by the native hosts: a registered type gets the host's view; a
/// built-in type the host's own; any other type a placeholder (an older app survives a newer server).
@MainActor
public struct ComponentFactories<Product> {
    /// Makes the view for an item of a registered type.
    public typealias Factory = @MainActor (DisplayItem) -> Product
    /// How an item resolves.
    public enum Resolution {
        /// The registered factory's view.
        case registered(Product)
        /// A built-in type: the host draws it.
        case builtIn
        /// No factory and not built in: the host shows an empty placeholder (and reports the type once).
        case placeholder
    }
    private var factories: [String: Factory] = [:]

    public init() {}

    /// Registers `factory` for nodes whose `type` is `type`; a built-in type's factory replaces the host's view.
    public mutating func register(type: String, factory: @escaping Factory) { factories[type] = factory }
    /// Removes a registration.
    public mutating func unregister(type: String) { factories[type] = nil }
    /// The registered type names, sorted.
    public var registeredTypes: [String] { factories.keys.sorted() }

    /// How `item` resolves.
    public func resolve(_ item: DisplayItem) -> Resolution {
        if let factory = factories[item.type.rawValue] { return .registered(factory(item)) }
        return item.type.isBuiltIn ? .builtIn : .placeholder
    }
}

extension DisplayItem {
    /// The indices of this item's text lines that are wider, measured by `measuring`, than the engine's width for
    /// them plus `tolerance` points: where text measured by one measurer would overflow when drawn by another (the
    /// engine's own `TextMeasurer` against a device's CoreText, when the engine was not given the host's measurer).
    public func overflowingLines(measuredBy measuring: some TextMeasuring, tolerance: Double = 0.5) -> [Int] {
        guard let text else { return [] }
        return text.lines.indices.filter { i in
            measuring.width(of: text.lines[i].text, font: text.face.fontSpec) > text.lines[i].width + tolerance
        }
    }
}

/// What a native scroll view needs of its content: the union of its children's frames in the scroll's own
/// coordinates, content laid out at offset 0 as the engine gives it. A vertical scroll's content runs down past its
/// height; a horizontal one's past its trailing edge — in right to left past its *left* edge, at negative x (it
/// starts at the right, as SwiftUI's does), which a host gives as a leading content inset.
public enum ScrollContent {
    /// For each visible `scroll` item, by index in document order, the extent of its visible children.
    /// - Complexity: O(n) in the items.
    public static func extents(of items: [DisplayItem]) -> [(index: Int, extent: Rect)] {
        var extents: [Int: Rect] = [:]
        for item in items where !item.isHidden {
            guard let p = item.parent?.int, p >= 0, p < items.count, items[p].type == .scroll, !items[p].isHidden else { continue }
            let child = item.frame(relativeTo: items[p].frame)
            if let e = extents[p] {
                let minX = min(e.minX, child.minX), minY = min(e.minY, child.minY)
                extents[p] = Rect(x: minX, y: minY, width: max(e.maxX, child.maxX) - minX, height: max(e.maxY, child.maxY) - minY)
            } else {
                extents[p] = child
            }
        }
        let found = Array(extents)
        return sortedIndices(count: found.count) { found[$0].key < found[$1].key }.map { (index: found[$0].key, extent: found[$0].value) }
    }
}
