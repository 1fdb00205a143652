import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
@testable import SDUIDisplay

@MainActor @Suite struct ReconcilerTests {
    /// Applies the operations from `old` to `new` on a model tree built from `old`, and checks it equals a fresh build.
    static func check(_ old: [DisplayItem], _ new: [DisplayItem]) -> (operations: [ViewOperation], made: Int) {
        var driver = ViewTreeDriver(host: ModelHost())
        driver.apply(old)
        let madeBefore = driver.host.made
        let operations = driver.apply(new)
        var fresh = ViewTreeDriver(host: ModelHost())
        fresh.apply(new)
        #expect(driver.host.shape == fresh.host.shape)
        return (operations, driver.host.made - madeBefore)
    }

    @Test func `a rotation is frame updates only`() throws {
        let screen = try Fixture.example("storefront")
        let engine = LayoutEngine()
        let portrait = Fixture.items(screen, Fixture.window("ipad-pro-13-m4"), engine: engine)
        let landscape = Fixture.items(screen, Fixture.window("ipad-pro-13-m4", .landscape), engine: engine)
        let (operations, made) = Self.check(portrait, landscape)
        let c = operations.counts
        #expect(c.insert == 0 && c.move == 0 && c.content == 0 && c.remove == 0)
        #expect(c.frame > 0)
        #expect(made == 0)
    }

    @Test func `the same layout again is no operation at all`() throws {
        let screen = try Fixture.example("news-feed")
        let items = Fixture.items(screen, Fixture.window("iphone-16"))
        #expect(Self.check(items, items).operations.isEmpty)
    }

    @Test func `a layer's view renumbered is no operation; a layer's box moved is a frame update`() throws {
        let items = try DisplaySectionsOverlaysAndDecorationsTests.items(#"""
        {"schemaVersion": 1, "id": "s", "root": {"type": "vstack", "children": [
          {"type": "color", "id": "c", "frame": {"width": 40, "height": 40}, "modifiers": [{"padding": 4},
            {"overlay": {"alignment": "topTrailing", "content": {"type": "text", "id": "badge", "text": "1"}}}]}]}}
        """#)
        let c = try #require(items.firstIndex { $0.id == "c" })
        let k = try #require(items[c].appearance.layers.firstIndex { $0.decorationIndex != nil })
        // The index of a layer's view is numbering (as the item's own index is), not drawing.
        var renumbered = items
        renumbered[c].appearance.layers[k].decorationIndex = NodeIndex(99)
        #expect(items[c].hasSameLines(as: renumbered[c]) && items[c].hasSameContent(as: renumbered[c]))
        #expect(Self.check(items, renumbered).operations.isEmpty)
        var moved = items
        let box = try #require(moved[c].appearance.layers[k].box)
        moved[c].appearance.layers[k].box = Rect(x: box.x + 1, y: box.y, width: box.width, height: box.height)
        #expect(Self.check(items, moved).operations == [.updateFrame(ViewKey(items[c]), item: items[c].index)])
    }

    @Test func `changing one text is one content update and nothing is recreated`() throws {
        var screen = try Fixture.example("storefront")
        let window = Fixture.window("iphone-16")
        let before = Fixture.items(screen, window)
        let target = try #require(before.first { $0.type == .text && $0.text?.sourceText?.isEmpty == false })
        screen.root = Self.replacingText(of: screen.root, id: target.id, with: (target.text?.sourceText ?? "") + "!")
        let after = Fixture.items(screen, window)
        let (operations, made) = Self.check(before, after)
        let c = operations.counts
        #expect(c.content == 1)
        #expect(operations.contains(.updateContent(ViewKey(target), item: target.index)))
        #expect(c.insert == 0 && c.remove == 0 && c.move == 0 && made == 0)
    }

    @Test func `inserting a card inserts its views only; its siblings stay where they are`() throws {
        let make = { (ids: [String]) in
            try Screen(json: """
            {"schemaVersion": 1, "id": "s", "root": {"type": "vstack", "children": [\(ids.map { id in
                "{\"type\": \"vstack\", \"id\": \"\(id)\", \"children\": [{\"type\": \"text\", \"text\": \"\(id)\"}, {\"type\": \"color\", \"color\": \"red\", \"frame\": {\"height\": 10}}]}"
            }.joined(separator: ","))]}}
            """)
        }
        let window = Fixture.window("iphone-16")
        let before = Fixture.items(try make(["a", "b", "c"]), window)
        let after = Fixture.items(try make(["a", "x", "b", "c"]), window)
        let (operations, made) = Self.check(before, after)
        let c = operations.counts
        #expect(c.insert == 3 && made == 3)  // the card and its two children
        #expect(c.move == 0 && c.remove == 0 && c.content == 0)
        // b and c moved down and the stack grew: frame updates of the two cards and the root only (the cards'
        // children keep their frames in their card).
        #expect(c.frame == 3)
    }

    @Test func `reordering moves the fewest views`() throws {
        let make = { (ids: [String]) in
            try Screen(json: """
            {"schemaVersion": 1, "id": "s", "root": {"type": "hstack", "children": [\(ids.map { "{\"type\": \"color\", \"id\": \"\($0)\", \"frame\": {\"width\": 10}}" }.joined(separator: ","))]}}
            """)
        }
        let window = Fixture.window("iphone-16")
        let (operations, made) = Self.check(Fixture.items(try make(["a", "b", "c", "d", "e"]), window),
                                            Fixture.items(try make(["b", "c", "d", "e", "a"]), window))
        #expect(operations.counts.move == 1 && made == 0)
        #expect(operations.contains { if case .move(let key, _, _) = $0 { return key.identity == .explicit("a") } else { return false } })
    }

    @Test func `a node whose type changes is a new view; its unnamed children move into it`() throws {
        let make = { (type: String) in
            try Screen(json: """
            {"schemaVersion": 1, "id": "s", "root": {"type": "vstack", "children": [
              {"type": "\(type)", "id": "row", "children": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]}]}}
            """)
        }
        let window = Fixture.window("iphone-16")
        let (operations, made) = Self.check(Fixture.items(try make("vstack"), window), Fixture.items(try make("hstack"), window))
        let c = operations.counts
        #expect(c.insert == 1 && made == 1 && c.remove == 1)
        #expect(c.move == 2)
    }

    @Test func `longest increasing run`() {
        #expect(Reconciler.longestIncreasingRun([]) == [])
        #expect(Reconciler.longestIncreasingRun([3, 1, 2, 0, 4]).map { [3, 1, 2, 0, 4][$0] } == [1, 2, 4])
        #expect(Reconciler.longestIncreasingRun([0, 1, 2]) == [0, 1, 2])
    }

    @Test(arguments: 0..<12)
    func `any sequence of results leaves the view tree equal to a fresh build of the last one`(_ seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        var screen = Screen(id: "random", root: RandomTree.make(&random, depth: 0))
        let windows = [Fixture.window("iphone-se-3"), Fixture.window("iphone-16", .landscape), Fixture.window("ipad-pro-13-m4")]
        let engine = LayoutEngine()
        var driver = ViewTreeDriver(host: ModelHost())
        driver.apply(Fixture.items(screen, windows[0], engine: engine))
        for _ in 0..<25 {
            if random.next(3) == 0 {
                // A relayout only.
            } else {
                screen.root = RandomTree.mutate(screen.root, &random)
            }
            let items = Fixture.items(screen, windows[random.next(windows.count)], engine: engine)
            let kept = Set(driver.items.map(ViewKey.init)).intersection(items.map(ViewKey.init))
            let madeBefore = driver.host.made
            let operations = driver.apply(items)
            var fresh = ViewTreeDriver(host: ModelHost())
            fresh.apply(items)
            #expect(driver.host.shape == fresh.host.shape)
            #expect(driver.host.made - madeBefore == items.count - kept.count)  // nothing kept is recreated
            #expect(operations.counts.insert == items.count - kept.count)
        }
    }

    @Test(arguments: 0..<12)
    func `the same-tree fast path gives exactly the general path's operations, and declines every other tree`(_ seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed) &* 0xD1B5_4A32_D192_ED03 &+ 7)
        var screen = Screen(id: "random", root: RandomTree.make(&random, depth: 0))
        let windows = [Fixture.window("iphone-se-3"), Fixture.window("iphone-16", .landscape), Fixture.window("ipad-pro-13-m4")]
        let engine = LayoutEngine()
        var old = Fixture.items(screen, windows[0], engine: engine)
        var fastCount = 0
        for _ in 0..<30 {
            switch random.next(3) {
            case 0: break  // a relayout in another window only: same tree
            case 1:
                // A text or colour changed in place: same tree, new content.
                var texts: [String] = []
                func collect(_ node: ComponentNode) {
                    if node.type == .text, let id = node.id { texts.append(id) }
                    node.children.forEach(collect)
                }
                collect(screen.root)
                if let id = texts.isEmpty ? nil : texts[random.next(texts.count)] {
                    screen.root = Self.replacingText(of: screen.root, id: id, with: RandomTree.words[random.next(RandomTree.words.count)])
                }
            default: screen.root = RandomTree.mutate(screen.root, &random)
            }
            let new = Fixture.items(screen, windows[random.next(windows.count)], engine: engine)
            let general = Reconciler.operations(from: old, to: new)
            let sameTree = old.count == new.count && !old.isEmpty && zip(old, new).allSatisfy {
                $0.parent == $1.parent && ViewKey($0) == ViewKey($1)
            }
            let fast = Reconciler.sameTreeOperations(fromUniquelyKeyed: old, to: new)
            #expect((fast != nil) == sameTree)
            if let fast {
                #expect(fast == general)
                fastCount += 1
            }
            old = new
        }
        #expect(fastCount > 0)
    }

    @Test(arguments: 0..<6)
    func `content and line comparisons agree with comparing the items' content and geometry field by field`(_ seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed) &* 0x2545_F491_4F6C_DD1D &+ 3)
        var screen = Screen(id: "random", root: RandomTree.make(&random, depth: 0))
        let windows = [Fixture.window("iphone-se-3"), Fixture.window("ipad-pro-13-m4")]
        let engine = LayoutEngine()
        // Storefront items carry modifier chains (boxes, shadows, clips): compared across two windows.
        let store = try Fixture.example("storefront")
        var pairs = Array(zip(Fixture.items(store, windows[0], engine: engine), Fixture.items(store, windows[1], engine: engine)))
        for _ in 0..<10 {
            let before = Fixture.items(screen, windows[random.next(2)], engine: engine)
            screen.root = RandomTree.mutate(screen.root, &random)
            let after = Fixture.items(screen, windows[random.next(2)], engine: engine)
            for _ in 0..<20 where !before.isEmpty && !after.isEmpty {
                pairs.append((before[random.next(before.count)], after[random.next(after.count)]))
            }
        }
        for (a, b) in pairs + pairs.map({ ($0.0, $0.0) }) {
            let content = a.type == b.type && a.isHidden == b.isHidden && a.appearance.content == b.appearance.content
                && a.text?.face == b.text?.face && a.text?.sourceText == b.text?.sourceText
                && a.text?.alignment == b.text?.alignment && (a.text == nil) == (b.text == nil)
                && a.text?.decorations == b.text?.decorations && a.image == b.image && a.symbol?.name == b.symbol?.name
                && a.action == b.action && a.accessibility == b.accessibility
                && (!a.appearance.layers.isEmpty || a.contentInsets == b.contentInsets) && a.properties == b.properties
            let lines = a.text?.lines == b.text?.lines && a.text?.isTruncated == b.text?.isTruncated
                && a.text?.wrapWidth == b.text?.wrapWidth && a.appearance == b.appearance
                && a.contentInsets == b.contentInsets && a.symbol == b.symbol
            #expect(a.hasSameContent(as: b) == content)
            #expect(a.hasSameLines(as: b) == lines)
        }
    }

    @Test func `a driver whose items repeat a key takes the general path`() throws {
        // Two items with one key (a hand-built list; a decoded screen's ids are unique): the second gets no view,
        // and the next apply must not address the first view with the second item.
        let screen = try Screen(json: """
        {"schemaVersion": 1, "id": "d", "root": {"type": "vstack", "children": [
          {"type": "text", "id": "same", "text": "one"}, {"type": "text", "id": "same2", "text": "two"}]}}
        """)
        var items = Fixture.items(screen, Fixture.window("iphone-16"))
        items[2].identity = items[1].identity
        var driver = ViewTreeDriver(host: ModelHost())
        driver.apply(items)
        #expect(driver.views.count == items.count - 1)
        var changed = items
        changed[2].frame = Rect(x: changed[2].frame.x, y: changed[2].frame.y + 10, width: changed[2].frame.width,
                                height: changed[2].frame.height)
        let operations = driver.apply(changed)
        #expect(operations == Reconciler.operations(from: items, to: changed))
    }

    static func replacingText(of node: ComponentNode, id: String, with text: String) -> ComponentNode {
        var node = node
        if node.id == id { node.text = .fixed(text) }
        node.children = node.children.map { replacingText(of: $0, id: id, with: text) }
        return node
    }
}

/// Random screens and edits of them: stacks of texts, colors and images, some with ids, some hidden.
enum RandomTree {
    static let words = ["Lamp", "A much longer product name that wraps", "Mug", "€12", "Tray", ""]

    static func leaf(_ r: inout SplitMix) -> ComponentNode {
        var node: ComponentNode
        switch r.next(3) {
        case 0:
            node = ComponentNode(type: .text)
            node.text = .fixed(words[r.next(words.count)])
        case 1:
            node = ComponentNode(type: .color)
            node.color = .fixed(Color.system[["red", "blue", "green"][r.next(3)]]!)
            node.modifiers.frame = Frame(height: .fixed(Double(4 + r.next(30))))
        default:
            node = ComponentNode(type: .image)
            node.url = .fixed("https://img.example/\(r.next(5)).jpg")
            node.modifiers.aspectRatio = .fixed(1)
        }
        if r.next(2) == 0 { node.id = "n\(r.next() % 1_000_000_007)" }
        if r.next(8) == 0 { node.modifiers.visible = .fixed(false) }
        return node
    }

    static func make(_ r: inout SplitMix, depth: Int) -> ComponentNode {
        if depth > 2 || (depth > 0 && r.next(3) == 0) { return leaf(&r) }
        var node = ComponentNode(type: [.vstack, .hstack, .zstack][r.next(3)])
        if r.next(2) == 0 { node.id = "s\(r.next() % 1_000_000_007)" }
        node.children = (0..<(1 + r.next(4))).map { _ in make(&r, depth: depth + 1) }
        return node
    }

    /// One random edit somewhere in the tree: insert, remove, swap, change a text or colour, change a type, move a
    /// named node to another container.
    static func mutate(_ root: ComponentNode, _ r: inout SplitMix) -> ComponentNode {
        var root = root
        var containers: [[Int]] = []
        func collect(_ node: ComponentNode, _ path: [Int]) {
            if node.type.isContainer { containers.append(path) }
            for (i, c) in node.children.enumerated() { collect(c, path + [i]) }
        }
        collect(root, [])
        guard !containers.isEmpty else { return root }
        let path = containers[r.next(containers.count)]
        func edit(_ node: inout ComponentNode, _ rest: ArraySlice<Int>, _ r: inout SplitMix) {
            if let first = rest.first {
                edit(&node.children[first], rest.dropFirst(), &r)
                return
            }
            let n = node.children.count
            switch r.next(6) {
            case 0: node.children.insert(make(&r, depth: 2), at: r.next(n + 1))
            case 1 where n > 1: node.children.remove(at: r.next(n))
            case 2 where n > 1: node.children.swapAt(r.next(n), r.next(n))
            case 3 where n > 0:
                let i = r.next(n)
                if node.children[i].type == .text { node.children[i].text = .fixed(words[r.next(words.count)]) }
                else if node.children[i].type == .color { node.children[i].color = .fixed(Color.system["orange"]!) }
            case 4: node.type = [.vstack, .hstack, .zstack][r.next(3)]
            default:
                if n > 1 {
                    // Move a child into its sibling container (or to the front).
                    let child = node.children.remove(at: r.next(n))
                    if let target = node.children.firstIndex(where: { $0.type.isContainer }) {
                        node.children[target].children.insert(child, at: 0)
                    } else {
                        node.children.insert(child, at: 0)
                    }
                }
            }
        }
        edit(&root, path[...], &r)
        return root
    }
}
