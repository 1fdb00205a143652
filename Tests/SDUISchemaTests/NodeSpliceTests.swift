import Testing
import SDUIEnvironment
import SDUISchema

/// `NodeSplice` — how a node's children were spliced, in node numbers — agrees with the splice done on a list of
/// node numbers: every old node is found at its new place, or reported removed.
@Suite struct NodeSpliceTests {
    @Test func `new numbers are where the spliced list puts each old node`() {
        var random = SplitMix(seed: 27)
        for _ in 0..<200 {
            let count = Int32.random(in: 1...40, using: &random)
            let lower = Int32.random(in: 0...count, using: &random)
            let upper = Int32.random(in: lower...count, using: &random)
            // The region's old nodes cut into pieces (a child's subtree each), kept in a shuffled order or dropped,
            // with made nodes between them.
            var pieces: [Range<Int32>] = []
            var at = lower
            while at < upper {
                let end = Swift.min(upper, at + Int32.random(in: 1...4, using: &random))
                pieces.append(at..<end)
                at = end
            }
            pieces.shuffle(using: &random)
            var runs: [NodeSplice.Run] = []
            for piece in pieces where Bool.random(using: &random) {
                runs.append(.kept(piece))
                if Int.random(in: 0..<3, using: &random) == 0 { runs.append(.inserted(Int32.random(in: 1...3, using: &random))) }
            }
            if runs.isEmpty && Bool.random(using: &random) { runs.append(.inserted(2)) }
            let splice = NodeSplice(node: 0, oldRange: lower..<upper, runs: runs)
            // The new list: old numbers, -1 for a made node.
            var list = Array(0..<lower)
            for run in runs {
                switch run {
                case .kept(let range): list += Array(range)
                case .inserted(let n): list += Array(repeating: -1, count: Int(n))
                }
            }
            list += Array(upper..<count)
            #expect(splice.delta == Int32(list.count) - count)
            for old in 0..<count {
                #expect(splice.newNumber(ofOld: old) == list.firstIndex(of: old).map(Int32.init), "\(splice), node \(old)")
            }
        }
    }
}
