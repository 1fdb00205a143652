import Testing
import SDUIEnvironment
@testable import SDUIRuntime

/// The event log keeps the most recent `capacity` events (an app records events for as long as it runs): the oldest
/// go, `droppedCount` counts them, marks (`recordedCount`) still find the events after them, and a controller that
/// has not reached a log keeps no more than a log does and says so when it reaches one.
@MainActor
struct EventLogTests {
    static func event(_ k: Int) -> Event { Event(object: "o\(k)", kind: .viewDidLoad) }

    @Test func `a log keeps its last events, counts the dropped ones and finds the events after a mark`() {
        let log = EventLog(capacity: 7)
        var marks: [Int] = []
        for k in 0..<100 {
            marks.append(log.recordedCount)
            if k % 10 == 3 { log.report(.action, "diagnostic \(k)", object: "o\(k)") } else { log.record(Self.event(k)) }
            // The last min(k + 1, 7) events, oldest first.
            let expected = (max(0, k - 6)...k).map { "o\($0)" }
            #expect(log.events.map(\.object) == expected, "after \(k + 1) events")
            #expect(log.droppedCount == max(0, k + 1 - 7) && log.recordedCount == k + 1)
        }
        #expect(log.diagnostics.map(\.message) == ["diagnostic 93"])
        #expect(log.names(kinds: [.diagnostic]) == ["o93.diagnostic"])
        // After a mark: the events recorded since, as far as they are kept.
        #expect(log.events(since: marks[97]).map(\.object) == ["o97", "o98", "o99"])
        #expect(log.events(since: marks[93]).map(\.object) == (93...99).map { "o\($0)" })
        #expect(log.events(since: marks[10]).map(\.object) == (93...99).map { "o\($0)" })
        #expect(log.events(since: log.recordedCount).isEmpty)
        log.removeAll()
        #expect(log.events.isEmpty && log.droppedCount == 0 && log.recordedCount == 0)
        log.record(Self.event(1))
        #expect(log.events.map(\.object) == ["o1"])
    }

    @Test func `an app's log stays within its capacity as the app keeps running`() throws {
        let app = Application(sceneConfiguration: .hosting { ViewController(name: "root") }, eventLogCapacity: 12)
        let device = try #require(DeviceCatalog.device(named: "iphone-16"))
        let scene = try app.launch(in: WindowConfiguration(device: device, orientation: .portrait))
        for _ in 0..<10 {
            try app.moveToBackground(scene)
            try app.moveToForeground(scene)
        }
        #expect(app.eventLog.events.count == 12)
        #expect(app.eventLog.droppedCount == app.eventLog.recordedCount - 12 && app.eventLog.droppedCount > 0)
        #expect(app.eventLog.events.suffix(2).map(\.name) == ["scene.sceneWillEnterForeground", "scene.sceneDidBecomeActive"])
    }

    @Test func `a controller that has not reached a log keeps its last events and reports the dropped ones`() throws {
        let app = Application(sceneConfiguration: .hosting { ViewController(name: "root") }, eventLogCapacity: 3 * EventLog.defaultCapacity)
        let device = try #require(DeviceCatalog.device(named: "iphone-16"))
        let scene = try app.launch(in: WindowConfiguration(device: device, orientation: .portrait))
        let root = try #require(scene.windows.first?.rootViewController)
        let detached = ViewController(name: "detached")
        let extra = 25
        for _ in 0..<(EventLog.defaultCapacity + extra) { detached.willMove(toParent: nil) }
        let mark = app.eventLog.recordedCount
        root.addChild(detached)
        let events = app.eventLog.events(since: mark)
        let dropped = events.filter { $0.diagnostic?.code == .eventsDropped }
        #expect(dropped.map(\.object) == ["detached"])
        #expect(dropped.first?.diagnostic?.message.contains("\(EventLog.defaultCapacity + extra) events") == true)
        // Its kept events (the last `defaultCapacity`), then the one `addChild` recorded.
        let moves = events.filter { $0.object == "detached" && $0.kind == .willMoveToParent }
        #expect(moves.count == EventLog.defaultCapacity + 1)
        #expect(moves.last?.parent == "root" && moves.dropLast().allSatisfy { $0.parent == nil })
    }
}
