import Testing
@testable import SDUIEnvironment

/// `sortedIndices(count:by:)` against the order it promises: ascending by the comparator, equal elements in index
/// order (what `sorted(by:)` gives), on random arrays with many repeats.
@Suite struct SortedIndicesTests {
    @Test func ordersLikeAStableSortOfTheElements() {
        var g = SplitMix(seed: 27)
        for _ in 0..<300 {
            let count = g.next(40)
            let keys = (0..<count).map { _ in g.next(6) }
            let order = sortedIndices(count: count) { keys[$0] < keys[$1] }
            #expect(order.sorted() == Array(0..<count), "a permutation of the indices")
            let expected = keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
            #expect(order == expected, "ascending keys, equal keys in index order: \(keys)")
        }
    }

    @Test func descendingComparatorsAndEmptyInput() {
        #expect(sortedIndices(count: 0) { _, _ in true } == [])
        let scores = [4, 9, 4, 7, 9]
        #expect(sortedIndices(count: scores.count) { scores[$0] > scores[$1] } == [1, 4, 3, 0, 2])
    }
}
