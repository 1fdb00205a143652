import Testing
import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema
@testable import SDUIDisplay

/// The driver's views in order after splices (`ViewTreeDriver.permuteViewsInOrder`: kept views moved bit for bit, the
/// removed ones released, the inserted ones found by key) with views that are references, as a host's are: after
/// every random insert, removal and move of rows the views in order are each item's view by key, and every view the
/// driver let go is gone (none kept alive by a missing release, none released twice) — also when a caller holds the
/// views in order across a splice (that copy stays as it was).
@MainActor @Suite struct ViewsInOrderTests {
    /// How many views are alive.
    final class Census { var live = 0 }

    /// A view: a reference counted while it lives.
    final class TrackedView {
        let census: Census
        init(census: Census) { self.census = census; census.live += 1 }
        deinit { census.live -= 1 }
    }

    /// A host whose views are references it does not keep: only the driver does.
    struct ObjectHost: ViewTreeHost {
        let census: Census
        func makeView(for item: DisplayItem) -> TrackedView { TrackedView(census: census) }
        func place(_ view: TrackedView, in parent: TrackedView?, after sibling: TrackedView?) {}
        func setGeometry(_ view: TrackedView, frame: Rect, item: DisplayItem) {}
        func update(_ view: TrackedView, with item: DisplayItem) {}
        func remove(_ view: TrackedView) {}
    }

    @Test(arguments: [UInt64(11), 12, 13])
    func `spliced views in order are the items' views, and the views let go are released once`(_ seed: UInt64) throws {
        let screen = try #require(PayloadDecoder().decode(Array(SplicedChangesTests.payload.utf8)).screen)
        var updater = StateUpdater(screen: screen)
        let engine = LayoutEngine()
        let environment = IncrementalDisplayListTests.window(375)
        let traits = environment.traitCollection()
        let census = Census()
        var list = DisplayListUpdater()
        var driver = ViewTreeDriver(host: ObjectHost(census: census))
        driver.apply(list.update(driver.items, to: engine.layout(screen, in: environment, traits: traits)))
        #expect(driver.orderedViews() != nil)
        var random = SplitMix(seed: seed)
        var items: [StateValue] = [SplicedChangesTests.item("a", "Alpha"), SplicedChangesTests.item("b", "Beta")]
        var state = screen.state
        var next = 0, permuted = 0, grew = 0, shrank = 0, held = 0
        for step in 0..<60 {
            // Only the driver holds views between steps: exactly its own are alive.
            #expect(census.live == driver.views.count, "step \(step): views alive \(census.live), the driver's \(driver.views.count)")
            switch random.next(4) {
            case 0, 1:
                // One to three rows inserted at once (the list grows by several items).
                for _ in 0...random.next(3) {
                    next += 1
                    items.insert(SplicedChangesTests.item("n\(next)", "Row \(next)"), at: random.next(items.count + 1))
                }
            case 2 where !items.isEmpty:
                for _ in 0...random.next(2) where !items.isEmpty { items.remove(at: random.next(items.count)) }
            default:
                if items.count > 1 {
                    let from = random.next(items.count)
                    items.insert(items.remove(at: from), at: random.next(items.count))
                }
            }
            #expect(state.set("items", to: .array(items)) == nil)
            let made = updater.update(to: state, changedNames: ["items"])
            let update = try #require(made)
            let result = engine.layout(applying: update, in: environment, traits: traits)
            let oldCount = driver.items.count
            // Now and then the views in order are held across the splice: the driver's storage is then shared.
            let holding = step % 4 == 1
            let heldViews = holding ? driver.orderedViews() : nil
            let heldIdentities = heldViews?.map { ObjectIdentifier($0) }
            let change = list.update(driver.items, to: result, moving: true, storage: driver.itemStorage)
            let keptOrder = driver.keepsViewsInOrder
            _ = driver.apply(moving: change)
            if case .spliced = change, keptOrder, driver.keepsViewsInOrder {
                permuted += 1
                if driver.items.count > oldCount { grew += 1 }
                if driver.items.count < oldCount { shrank += 1 }
                if holding { held += 1 }
            }
            #expect(heldViews?.map { ObjectIdentifier($0) } == heldIdentities, "step \(step): a held copy stays as it was")
            let found = driver.orderedViews()
            let ordered = try #require(found, "step \(step)")
            let byKey = driver.items.map { driver.view(for: ViewKey($0)).map { ObjectIdentifier($0) } }
            #expect(ordered.map { ObjectIdentifier($0) } == byKey, "step \(step): views in order")
            #expect(driver.views.count == driver.items.count, "step \(step): one view per item")
        }
        // Only the driver holds views now: exactly its own are alive.
        #expect(census.live == driver.views.count, "views alive: \(census.live), the driver's: \(driver.views.count)")
        #expect(permuted >= 40 && grew >= 5 && shrank >= 5 && held >= 5,
                "permuted \(permuted), grew \(grew), shrank \(shrank), held \(held)")
    }

    /// Indices that pass the per-item check but disagree (a current item marked kept that no new item takes: its
    /// view would be neither moved nor released) stop a debug build; agreeing ones permute.
    @Test func `disagreeing old and new indices stop a debug build`() async throws {
        #expect(try Self.permuted(oldIndices: [0, 1, 2], newIndices: [0, 1, 2]))
        #if DEBUG
        await #expect(processExitsWith: .failure) {
            // The last item is inserted (its view found by key) while the current one at its place says it is kept.
            _ = try await Self.permuted(oldIndices: [0, 1, -1], newIndices: [0, 1, 2])
        }
        #endif
    }

    /// A driver showing a three-item screen, its views in order permuted to its own items through `oldIndices` and
    /// `newIndices`; whether the permutation ran.
    static func permuted(oldIndices: [Int32], newIndices: [Int32]) throws -> Bool {
        let payload = #"{"schemaVersion": 1, "id": "s", "root": {"type": "vstack", "id": "page", "children": ["#
            + #"{"type": "text", "id": "a", "text": "A"}, {"type": "text", "id": "b", "text": "B"}]}}"#
        let screen = try #require(PayloadDecoder().decode(Array(payload.utf8)).screen)
        let environment = IncrementalDisplayListTests.window(375)
        let census = Census()
        var list = DisplayListUpdater()
        var driver = ViewTreeDriver(host: ObjectHost(census: census))
        driver.apply(list.update(driver.items, to: LayoutEngine().layout(screen, in: environment, traits: environment.traitCollection())))
        let found = driver.orderedViews()
        var ordered = try #require(found)
        try #require(ordered.count == 3)
        return driver.permuteViewsInOrder(&ordered, oldIndices: oldIndices, newIndices: newIndices, newItems: driver.items)
    }
}
