import Foundation
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIDisplay

/// Screens, windows and layouts for the display tests.
enum Fixture {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func example(_ name: String) throws -> Screen {
        try Screen(json: String(contentsOf: repository.appendingPathComponent("Examples/\(name).json"), encoding: .utf8))
    }

    static func window(_ slug: String, _ orientation: InterfaceOrientation = .portrait) -> WindowEnvironment {
        try! WindowEnvironment(WindowConfiguration(device: DeviceCatalog.device(named: slug)!, orientation: orientation))
    }

    static func items(_ screen: Screen, _ window: WindowEnvironment, engine: LayoutEngine = LayoutEngine(),
                      direction: LayoutDirection = .leftToRight, contentSize: ContentSizeCategory = .large) -> [DisplayItem] {
        let layout = engine.layout(screen, in: window, traits: window.traitCollection(contentSize: contentSize, style: .light,
                                                                                       layoutDirection: direction))
        return DisplayList(layout).items
    }
}

/// A view tree of plain values driven by reconciler operations: what a host's views would be.
struct ModelHost: ViewTreeHost {
    struct Node: Equatable {
        var key: ViewKey
        var parent: Int?
        var children: [Int] = []
        var frame: Rect = .zero
        var item: DisplayItem
    }
    var nodes: [Int: Node] = [:]
    var roots: [Int] = []
    var nextID = 0
    /// Views made (a kept identity is never made twice).
    var made = 0

    mutating func makeView(for item: DisplayItem) -> Int {
        nextID += 1
        made += 1
        nodes[nextID] = Node(key: ViewKey(item), item: item)
        return nextID
    }

    mutating func place(_ view: Int, in parent: Int?, after sibling: Int?) {
        detach(view)
        var list = parent.map { nodes[$0]!.children } ?? roots
        let index = sibling.flatMap { s in list.firstIndex(of: s).map { $0 + 1 } } ?? 0
        list.insert(view, at: index)
        if let parent { nodes[parent]!.children = list } else { roots = list }
        nodes[view]!.parent = parent
    }

    mutating func setGeometry(_ view: Int, frame: Rect, item: DisplayItem) {
        nodes[view]!.frame = frame
        nodes[view]!.item.text = item.text.map { text in
            var kept = nodes[view]!.item.text ?? text
            kept.lines = text.lines; kept.isTruncated = text.isTruncated; kept.wrapWidth = text.wrapWidth
            return kept
        }
    }

    mutating func update(_ view: Int, with item: DisplayItem) { nodes[view]!.item = item }

    mutating func remove(_ view: Int) {
        detach(view)
        var stack = [view]
        while let v = stack.popLast() {
            stack += nodes[v]?.children ?? []
            nodes[v] = nil
        }
    }

    private mutating func detach(_ view: Int) {
        if let parent = nodes[view]?.parent {
            nodes[parent]?.children.removeAll { $0 == view }
        } else {
            roots.removeAll { $0 == view }
        }
    }

    /// The tree as nested values (what two hosts must agree on): key, frame, what is drawn, children.
    var shape: [Shape] { roots.map(shape(of:)) }

    struct Shape: Equatable, CustomStringConvertible {
        var key: ViewKey
        var frame: Rect
        var lines: [DisplayLine]
        var drawn: DisplayItem
        var children: [Shape]
        static func == (a: Shape, b: Shape) -> Bool {
            a.key == b.key && a.frame == b.frame && a.lines == b.lines && a.drawn.hasSameContent(as: b.drawn)
                && a.children == b.children
        }
        var description: String { "\(key) \(frame) [\(children.map(\.description).joined(separator: ", "))]" }
    }

    private func shape(of view: Int) -> Shape {
        let node = nodes[view]!
        return Shape(key: node.key, frame: node.frame, lines: node.item.text?.lines ?? [], drawn: node.item,
                     children: node.children.map(shape(of:)))
    }
}

extension [ViewOperation] {
    /// How many operations of each kind.
    var counts: (insert: Int, move: Int, frame: Int, content: Int, remove: Int) {
        var c = (insert: 0, move: 0, frame: 0, content: 0, remove: 0)
        for op in self {
            switch op {
            case .insert: c.insert += 1
            case .move: c.move += 1
            case .updateFrame: c.frame += 1
            case .updateContent: c.content += 1
            case .remove: c.remove += 1
            }
        }
        return c
    }
}

/// What a host keeps of a screen across state changes: the window, the display list and the views, after a first
/// layout of `screen` by `engine` in a window `width` points wide.
@MainActor
func keptDisplay(of screen: Screen, engine: LayoutEngine, width: Double = 375)
    -> (environment: WindowEnvironment, traits: TraitCollection, list: DisplayListUpdater, driver: ViewTreeDriver<ModelHost>) {
    let environment = IncrementalDisplayListTests.window(width)
    let traits = environment.traitCollection()
    var list = DisplayListUpdater()
    var driver = ViewTreeDriver(host: ModelHost())
    driver.apply(list.update(driver.items, to: engine.layout(screen, in: environment, traits: traits)))
    return (environment, traits, list, driver)
}
