import Testing
import SDUIEnvironment
@testable import SDUILayout

/// A table splice (`ContiguousArray.splice`, `NodeBuffer.splice`) gives the table with its region replaced by its runs
/// in order — old ones read from the table as it was, made ones from the made table or the filler — over random
/// regions and runs: items inserted, removed, moved, kept in place at either end, and several at once.
@Suite struct TableSpliceTests {
    /// The table with `splice.region` replaced by its runs, made plainly.
    static func reference<T>(_ table: [T], _ splice: TableSplice, made: [T]?, filler: T) -> [T] {
        var region: [T] = []
        for run in splice.runs {
            switch run {
            case .old(let range): region += table[range]
            case .made(let range): region += made.map { Array($0[range]) } ?? Array(repeating: filler, count: range.count)
            }
        }
        var result = table
        result.replaceSubrange(splice.region, with: region)
        return result
    }

    /// A random splice of a table of `count` entries: a region, its old entries cut into pieces some of which are
    /// dropped and the rest shuffled or kept in order, made runs from a made table of `madeCount` between them.
    static func randomSplice(count: Int, madeCount: Int, _ random: inout SplitMix) -> TableSplice {
        let lower = random.next(count + 1)
        let upper = lower + random.next(count - lower + 1)
        var pieces: [Range<Int>] = []
        var at = lower
        while at < upper {
            let length = 1 + random.next(min(4, upper - at))
            pieces.append(at..<(at + length))
            at += length
        }
        pieces = pieces.filter { _ in random.next(4) != 0 }
        if random.next(2) == 0 { pieces.shuffle(using: &random) }
        var runs: [NodeRun] = []
        var madeAt = 0
        for piece in pieces {
            if random.next(3) == 0 && madeAt < madeCount {
                let length = 1 + random.next(madeCount - madeAt)
                runs.append(.made(madeAt..<(madeAt + length)))
                madeAt += length
            }
            runs.append(.old(piece))
        }
        if random.next(2) == 0 && madeAt < madeCount { runs.append(.made(madeAt..<madeCount)) }
        return TableSplice(region: lower..<upper, runs: runs)
    }

    @Test func `random splices of arrays and node buffers equal the region replaced by its runs`() {
        var random = SplitMix(seed: 2_727)
        for round in 0..<2_000 {
            let count = random.next(24)
            let madeCount = random.next(6)
            let splice = Self.randomSplice(count: count, madeCount: madeCount, &random)
            let table = (0..<count).map { $0 * 10 }
            let made = (0..<madeCount).map { 1_000 + $0 }
            let withMade = random.next(2) == 0

            var array = ContiguousArray(table)
            array.splice(splice, made: withMade ? ContiguousArray(made) : nil, filler: -1)
            let expected = Self.reference(table, splice, made: withMade ? made : nil, filler: -1)
            #expect(Array(array) == expected, "round \(round): \(splice.region) \(splice.runs)")

            // A type with references (its entries retained and released as they move).
            var strings = ContiguousArray(table.map { "entry \($0) of a table, long enough to be stored out of line" })
            strings.splice(splice, made: withMade ? ContiguousArray(made.map { "made \($0)" }) : nil, filler: "filler")
            #expect(Array(strings) == Self.reference(table.map { "entry \($0) of a table, long enough to be stored out of line" }, splice,
                                                     made: withMade ? made.map { "made \($0)" } : nil, filler: "filler"),
                    "round \(round), strings")

            let buffer = NodeBuffer<Int>()
            for value in table { buffer.append(value) }
            let madeBuffer = NodeBuffer<Int>()
            for value in made { madeBuffer.append(value) }
            buffer.splice(splice, made: withMade ? madeBuffer : nil, filler: -1)
            #expect(buffer.withUnsafeBufferPointer { Array($0) } == expected, "round \(round), node buffer")
        }
    }
}
