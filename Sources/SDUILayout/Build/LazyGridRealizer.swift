import SDUIEnvironment
import SDUISchema

extension LayoutState {
    /// Builds the items `range` of a virtualised grid's source and appends them to the tree, linked as
    /// siblings (not yet as the grid's children). Returns the first item's index (-1 for an empty range).
    mutating func realizeLazyItems(source: Int, range: Range<Int>, parent: Int32) -> Int32 {
        let builder = TreeBuilder(sizeClass: tree.sizeClass, contentSize: tree.contentSize)
        let grid = tree.lazyGrids[source]
        var first: Int32 = -1, previous: Int32 = -1
        tree.linksArray = nil
        grid.items.withUnsafeBufferPointer { items in
            guard let base = items.baseAddress else { return }
            for k in range where k < items.count {
                let item = builder.add(base + k, parent: parent, childIndex: Int32(truncatingIfNeeded: k), parentContext: .none,
                                       parentHidden: tree.nodes[Int(parent)].isHidden, into: &tree)
                if previous < 0 { first = item } else { tree.nodes[Int(previous)].nextSibling = item }
                previous = item
            }
        }
        return first
    }

    /// Links the realised items `first…last` after the grid's current last realised child.
    mutating func appendLazyChildren(_ grid: Int32, first: Int32, last: Int32) {
        guard first >= 0 else { return }
        var child = tree.nodes[Int(grid)].firstChild
        if child < 0 { tree.nodes[Int(grid)].firstChild = first; return }
        while tree.nodes[Int(child)].nextSibling >= 0 { child = tree.nodes[Int(child)].nextSibling }
        tree.nodes[Int(child)].nextSibling = first
        _ = last
    }

    /// Detaches realised items from the virtualised grids (before they are dropped from the arrays).
    mutating func unlinkLazyGrids() {
        for grid in tree.lazyGrids { tree.nodes[Int(grid.node)].firstChild = -1 }
    }
}
