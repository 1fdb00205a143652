/// The indices `0..<count` in the order `areInIncreasingOrder` gives the elements at them, equal elements in index
/// order: `sortedIndices(count: xs.count) { xs[$0] < xs[$1] }.map { xs[$0] }` is `xs.sorted(by: <)`.
///
/// For sorts off the engine's hot paths (a font's tables, a payload's encoding, a catalog's suggestions). The
/// standard library's sort is generic, and an optimised build compiles a copy of it for every element type and every
/// comparator it is called with; this one is compiled once, here, for `Int` with the comparator as an argument, so
/// each such sort adds only its closure to an app.
/// - Complexity: O(n log n) calls of `areInIncreasingOrder`.
@inline(never)
package func sortedIndices(count: Int, by areInIncreasingOrder: (Int, Int) -> Bool) -> [Int] {
    var order = Array(0..<count)
    order.sort(by: areInIncreasingOrder)
    return order
}
