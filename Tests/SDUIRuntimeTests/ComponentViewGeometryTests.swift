import Testing
import SDUIEnvironment
import SDUISchema
import SDUIDisplay
@testable import SDUIRuntime
import SDUIFixtures

/// A built-in view takes a frame update's geometry through the item's address (`ComponentView.setGeometry(ofItemAt:)`,
/// what the runtime's host calls: no copy of the item); that must leave the view holding what `setGeometry(of:)` leaves.
@MainActor @Suite struct ComponentViewGeometryTests {
    /// Every pair of items of one identity in two successive display lists of the shop screen under template inserts,
    /// removals and moves, text and size changes: a view given the old item, then the new one's geometry either way,
    /// holds the same item, with the new frame and lines.
    @Test func `a frame update through the item's address holds what the general write holds`() throws {
        let screen = try #require(BenchmarkFixtures.shop(count: 12))
        let h = try Harness { ScreenViewController(screen: screen, registry: ComponentRegistry()) }
        let controller = try #require(h.root as? ScreenViewController)
        let changes = BenchmarkFixtures.shopChanges(count: 12).filter { ["template-insert-remove", "template-reorder", "text", "size"].contains($0.kind) }
        var compared = 0, moved = 0
        for round in 0..<3 {
            for change in changes {
                let value = change.values[round % change.values.count]
                let before = controller.displayItems
                try controller.setState(change.variable, to: value)
                var old: [NodeIdentity: DisplayItem] = [:]
                for item in before { old[item.identity] = item }
                for item in controller.displayItems {
                    guard let held = old[item.identity] else { continue }
                    let general = ComponentView(type: item.type, id: nil), fast = ComponentView(type: item.type, id: nil)
                    general.apply(held)
                    fast.apply(held)
                    general.setGeometry(of: item)
                    withUnsafePointer(to: item) { fast.setGeometry(ofItemAt: $0) }
                    #expect(fast.item == general.item, "\(change.kind) \(item.id)")
                    #expect(fast.item?.frame == item.frame && fast.item?.text?.lines == item.text?.lines, "\(change.kind) \(item.id)")
                    compared += 1
                    if held.frame != item.frame { moved += 1 }
                }
            }
        }
        #expect(compared > 500 && moved > 100, "compared \(compared), moved \(moved)")
    }

    /// A view's item is nil until its first, then what it was last given; frame updates through the address land in it.
    @Test func `a view holds no item until its first and takes frame updates through the address`() throws {
        let screen = try #require(BenchmarkFixtures.shop(count: 4))
        let h = try Harness { ScreenViewController(screen: screen, registry: ComponentRegistry()) }
        let controller = try #require(h.root as? ScreenViewController)
        let items = controller.displayItems
        let item = try #require(items.first { $0.text != nil })
        let view = ComponentView(type: item.type, id: nil)
        #expect(view.item == nil && view.textLines.isEmpty && view.action == nil)
        withUnsafePointer(to: item) { view.setGeometry(ofItemAt: $0) }
        #expect(view.item == item)
        var moved = item
        moved.frame.origin.y += 40
        moved.contentBox.origin.y += 40
        withUnsafePointer(to: moved) { view.setGeometry(ofItemAt: $0) }
        #expect(view.item == moved)
        #expect(view.textLines == item.text?.lines.map(\.text))
        #expect(view.contentUpdateCount == 0)
    }
}
