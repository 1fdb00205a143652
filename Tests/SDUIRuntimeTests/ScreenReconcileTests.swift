import Testing
import SDUIEnvironment
import SDUISchema
import SDUIDisplay
@testable import SDUIRuntime

/// The screen controller drives its views through the reconciler: relayouts move and update views, never
/// recreate one that kept its identity.
@MainActor @Suite struct ScreenReconcileTests {
    @Test func `a rotation updates frames only and keeps every view object`() throws {
        let screen = try Screens.home()
        let h = try Harness { ScreenViewController(screen: screen, registry: ComponentRegistry()) }
        let controller = try #require(h.root as? ScreenViewController)
        let before = controller.nodeViews.map(\.view)
        #expect(controller.lastViewOperations.allSatisfy { if case .insert = $0 { true } else { false } })
        try h.scene.rotate()
        #expect(controller.layoutCount == 2)
        let operations = controller.lastViewOperations
        #expect(!operations.isEmpty)
        #expect(operations.allSatisfy { if case .updateFrame = $0 { true } else { false } })
        #expect(zip(before, controller.nodeViews.map(\.view)).allSatisfy { $0 === $1 })
        #expect(controller.nodeViews.compactMap { ($0.view as? ComponentView)?.contentUpdateCount }.allSatisfy { $0 == 0 })
        for (item, entry) in zip(controller.displayItems, controller.nodeViews) {
            let parentFrame = item.parent.map { controller.displayItems[$0.int].frame } ?? .zero
            #expect(entry.view.frame == item.frame(relativeTo: parentFrame), "\(item.id)")
        }
    }

    @Test func `a rotation moves a modifier chain's boxes by frame updates: each view ends with the new layout's item`() throws {
        let screen = try Screen(json: """
        {"schemaVersion": 1, "id": "s", "root": {"type": "vstack", "children": [
          {"type": "text", "id": "t", "text": "Hello", "modifiers": [{"padding": 8}, {"background": "#FF0000"},
            {"frame": {"maxWidth": "infinity"}}, {"border": {"color": "#000000"}}]}]}}
        """)
        let h = try Harness { ScreenViewController(screen: screen, registry: ComponentRegistry()) }
        let controller = try #require(h.root as? ScreenViewController)
        let border = { controller.displayItems.first { $0.id == "t" }?.appearance.decorations.over.first?.rect.width }
        let before = border()
        try h.scene.rotate()
        #expect(border() != before, "the border box follows the wider frame")
        #expect(controller.lastViewOperations.allSatisfy { if case .updateFrame = $0 { true } else { false } })
        for (item, entry) in zip(controller.displayItems, controller.nodeViews) {
            let view = try #require(entry.view as? ComponentView)
            #expect(view.item?.appearance == item.appearance, "\(item.id)")
            #expect(view.contentUpdateCount == 0)
        }
    }

    @Test func `a Dynamic Type change updates the texts' content and frames, not the colours'`() throws {
        let screen = try Screens.home()
        let h = try Harness { ScreenViewController(screen: screen, registry: ComponentRegistry()) }
        let controller = try #require(h.root as? ScreenViewController)
        let before = controller.nodeViews.map(\.view)
        h.scene.updateContentSizeCategory(.accessibility3)
        let contentUpdates = controller.lastViewOperations.compactMap { op -> String? in
            if case .updateContent(let key, _) = op, case .explicit(let id) = key.identity { return id } else { return nil }
        }
        #expect(Set(contentUpdates) == ["headline", "open-detail", "open-sheet", "open-web", "open-missing"])
        #expect(zip(before, controller.nodeViews.map(\.view)).allSatisfy { $0 === $1 })
        let headline = try #require(controller.nodeView(id: "headline") as? ComponentView)
        #expect(headline.contentUpdateCount == 1)
        #expect(headline.item?.text?.face.size ?? 0 > 28)
    }
}
