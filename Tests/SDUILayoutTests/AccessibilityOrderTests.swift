import Testing
import SDUIEnvironment
@testable import SDUILayout

/// VoiceOver's reading order (`AccessibilityOrder.permutation`) against the rules it documents, restated here as a
/// plain sort of every item followed by one sort per line: on random items in document order top to bottom (the
/// usual case, whose sorts move nothing) and shuffled, with priorities, ties and right-to-left.
@Suite struct AccessibilityOrderTests {
    /// The documented order of `items` as their indices.
    static func reference(_ items: [AccessibilityOrder.Item], direction: LayoutDirection) -> [Int] {
        func snapped(_ v: Double) -> Double { (v * 100).rounded() }
        func leading(_ i: Int) -> Double { snapped(direction == .rightToLeft ? -items[i].frame.maxX : items[i].frame.minX) }
        let byTop = items.indices.sorted { a, b in
            let (x, y) = (items[a], items[b])
            if x.priority != y.priority { return x.priority > y.priority }
            if x.frame.minY != y.frame.minY { return x.frame.minY < y.frame.minY }
            return x.document != y.document ? x.document < y.document : a < b
        }
        var order: [Int] = []
        var k = 0
        while k < byTop.count {
            let first = items[byTop[k]]
            var end = k + 1
            while end < byTop.count, items[byTop[end]].priority == first.priority,
                  items[byTop[end]].frame.minY < first.frame.minY + AccessibilityOrder.lineTolerance { end += 1 }
            order += byTop[k..<end].sorted { a, b in
                if leading(a) != leading(b) { return leading(a) < leading(b) }
                if snapped(items[a].frame.minY) != snapped(items[b].frame.minY) { return items[a].frame.minY < items[b].frame.minY }
                return items[a].document != items[b].document ? items[a].document < items[b].document : a < b
            }
            k = end
        }
        return order
    }

    @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func `the reading order is the documented one, sorted or not`(_ direction: LayoutDirection) {
        var random = SplitMix(seed: 27)
        for round in 0..<300 {
            let count = random.next(40)
            var top = 0.0
            var items: [AccessibilityOrder.Item] = []
            for i in 0..<count {
                // Rows of a few items (tops a little apart or equal), going down; now and then a priority.
                if random.next(3) == 0 { top += Double(random.next(30)) + 0.5 }
                let y = top + Double(random.next(4)) * (round % 2 == 0 ? 1 : 2.75)
                let x = Double(random.next(5)) * 40 + (random.next(4) == 0 ? 0.004 : 0)
                let priority = random.next(10) == 0 ? Double(random.next(3)) : 0
                items.append(AccessibilityOrder.Item(kind: .element(i), frame: Rect(x: x, y: y, width: 30, height: 20),
                                                     priority: priority, document: i))
            }
            if round % 3 == 2 {
                // Shuffled (document numbers follow the items).
                for i in items.indices.reversed() where i > 0 { items.swapAt(i, random.next(i + 1)) }
            }
            #expect(AccessibilityOrder.permutation(items, direction: direction) == Self.reference(items, direction: direction),
                    "round \(round)")
        }
    }

    /// The order a splice makes (`permutation(frames:documents:kept:direction:lineEnds:)`: the elements that did not
    /// move in their last reading order, the others sorted and merged with them) against the full sort, on random rows
    /// of elements of which some move, are added or are removed between two orders — and with `kept` in any order,
    /// which must not change the result.
    @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func `the order merged from the kept elements equals the full sort`(_ direction: LayoutDirection) {
        var random = SplitMix(seed: 2728)
        for round in 0..<300 {
            let count = random.next(60)
            var top = 0.0
            var frames: [Rect] = []
            for _ in 0..<count {
                if random.next(3) == 0 { top += Double(random.next(30)) + 0.5 }
                let y = top + Double(random.next(4)) * (round % 2 == 0 ? 1 : 2.75)
                let x = Double(random.next(5)) * 40 + (random.next(4) == 0 ? 0.004 : 0)
                frames.append(Rect(x: x, y: y, width: Double(random.next(3) + 1) * 15, height: 20))
            }
            let documents = (0..<count).map { $0 * 2 + random.next(2) }
            func items(_ frames: [Rect], _ documents: [Int]) -> [AccessibilityOrder.Item] {
                frames.indices.map { AccessibilityOrder.Item(kind: .element($0), frame: frames[$0], priority: 0, document: documents[$0]) }
            }
            var ends: [Int] = []
            let before = AccessibilityOrder.permutation(items(frames, documents), direction: direction, lineEnds: &ends)
            // Some elements move (up, down, along their line); the rest are kept, listed in the last reading order.
            var moved = frames
            var isMoved = [Bool](repeating: false, count: count)
            for d in 0..<count where random.next(4) == 0 {
                isMoved[d] = true
                switch random.next(3) {
                case 0: moved[d].origin.y += Double(random.next(40)) - 20
                case 1: moved[d].origin.x += Double(random.next(80)) - 40
                default: moved[d].origin.y += Double(random.next(9)) * 0.5
                }
            }
            var kept = before.filter { !isMoved[$0] }
            switch round % 4 {
            case 1: kept.shuffle(using: &random)
            case 2: kept = kept.filter { _ in random.next(3) != 0 }
            case 3: kept.reverse()
            default: break
            }
            var mergedEnds: [Int] = [], fullEnds: [Int] = []
            let merged = AccessibilityOrder.permutation(frames: moved, documents: documents, kept: kept, direction: direction,
                                                        lineEnds: &mergedEnds)
            let full = AccessibilityOrder.permutation(items(moved, documents), direction: direction, lineEnds: &fullEnds)
            #expect(merged == full, "round \(round)")
            #expect(mergedEnds == fullEnds, "round \(round): line ends")
            #expect(full == Self.reference(items(moved, documents), direction: direction), "round \(round): reference")
        }
        // A frame that is not finite: the full sort.
        let frames = [Rect(x: 0, y: .nan, width: 10, height: 10), Rect(x: 0, y: 0, width: 10, height: 10)]
        var ends: [Int] = []
        let merged = AccessibilityOrder.permutation(frames: frames, documents: [0, 1], kept: [1], direction: direction, lineEnds: &ends)
        let full = AccessibilityOrder.permutation(frames.indices.map {
            AccessibilityOrder.Item(kind: .element($0), frame: frames[$0], priority: 0, document: $0)
        }, direction: direction)
        #expect(merged == full)
    }
}
