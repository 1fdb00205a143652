import SDUIEnvironment
import SDUISchema

extension LayoutState {
    /// Builds the items `range` of a virtualised grid's source and appends them to the tree, linked as
    /// siblings (not yet as the grid's children). Returns the first item's index (-1 for an empty range).
    mutating func realizeLazyItems(source: Int, range: Range<Int>, parent: Int32) -> Int32 {
        let builder = TreeBuilder(sizeClass: tree.sizeClass, contentSize: tree.contentSize, fonts: tree.fonts)
        let grid = tree.lazyGrids[source]
        var first: Int32 = -1, previous: Int32 = -1
        tree.linksArray = nil
        var depth = 1
        var ancestor = parent
        while ancestor >= 0 { depth += 1; ancestor = tree.nodes[Int(ancestor)].parent }
        grid.items.withUnsafeBufferPointer { items in
            guard let base = items.baseAddress else { return }
            for k in range where k < items.count {
                let item = builder.add(base + k, parent: parent, childIndex: Int32(truncatingIfNeeded: k), parentContext: .none,
                                       parentHidden: tree.nodes[Int(parent)].isHidden, depth: depth, into: &tree)
                if previous < 0 { first = item } else { tree.nodes[Int(previous)].nextSibling = item }
                previous = item
            }
        }
        builder.reportFontMisses(&tree)
        return first
    }

    /// Links the realised items `first…last` after the grid's last realised child `tail` (-1: none yet; the
    /// grid's children are then `first…last`), and makes `last` the tail. O(1) per row: rows realised in one
    /// call (a viewport with a large margin realises thousands) never walk the rows before them.
    mutating func appendLazyChildren(_ grid: Int32, first: Int32, last: Int32, tail: inout Int32) {
        guard first >= 0 else { return }
        if tail < 0 { tree.nodes[Int(grid)].firstChild = first } else { tree.nodes[Int(tail)].nextSibling = first }
        tail = last
    }

    /// Detaches realised items from the virtualised grids (before they are dropped from the arrays).
    mutating func unlinkLazyGrids() {
        for grid in tree.lazyGrids { tree.nodes[Int(grid.node)].firstChild = -1 }
    }
}
