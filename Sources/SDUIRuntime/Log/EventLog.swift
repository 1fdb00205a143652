
/// The ordered, typed record of the callbacks the runtime delivers, and of its diagnostics: the most recent
/// `capacity` of them.
///
/// One log belongs to one `Application`. A controller that is not yet attached to a scene keeps its
/// events and hands them to the first log it reaches (see `docs/runtime.md`, "Which log"). A running app records an
/// event per callback and per state change for as long as it runs, so the log is bounded: past `capacity` events the
/// oldest go, and `droppedCount` says how many went (`docs/runtime.md`, "How much the log keeps").
@MainActor
public final class EventLog {
    /// How many events a log keeps by default (and a controller before it reaches a log).
    public static let defaultCapacity = 10_000

    /// How many of the most recent events the log keeps (at least 1).
    public let capacity: Int
    /// The events recorded, oldest first; those before `first` are gone. (Trimmed in chunks: once it holds
    /// `capacity` more than it keeps, so a record costs O(1) amortised.)
    private var recorded: [Event] = []
    /// The index in `recorded` of the oldest event kept.
    private var first = 0
    /// How many events were dropped to keep the log within `capacity`.
    public private(set) var droppedCount = 0

    /// Creates an empty log that keeps the most recent `capacity` events (`defaultCapacity`).
    public init(capacity: Int = EventLog.defaultCapacity) { self.capacity = max(1, capacity) }

    /// The events kept — the most recent `capacity` — in delivery order.
    public var events: [Event] { Array(recorded[first...]) }

    /// How many events were ever recorded (`droppedCount` + the events kept): a mark for `events(since:)`.
    public var recordedCount: Int { droppedCount + recorded.count - first }

    /// Appends an event (the oldest kept one goes when the log holds `capacity`).
    public func record(_ event: Event) {
        recorded.append(event)
        guard recorded.count - first > capacity else { return }
        first += 1
        droppedCount += 1
        if first >= capacity {
            recorded.removeFirst(first)
            first = 0
        }
    }

    /// Records a diagnostic about `object`.
    public func report(_ code: RuntimeDiagnostic.Code, _ message: String, object: String) {
        record(Event(object: object, kind: .diagnostic, diagnostic: RuntimeDiagnostic(code: code, message: message)))
    }

    /// Only the diagnostics (of the events kept).
    public var diagnostics: [RuntimeDiagnostic] { recorded[first...].compactMap(\.diagnostic) }

    /// Events as `object.kind` strings, optionally only those of the given kinds (of the events kept).
    public func names(kinds: Set<Event.Kind>? = nil) -> [String] {
        recorded[first...].filter { kinds?.contains($0.kind) ?? true }.map(\.name)
    }

    /// The events recorded after `mark` (a value of `recordedCount` taken earlier) that are still kept.
    public func events(since mark: Int) -> ArraySlice<Event> {
        let start = first + min(max(0, mark - droppedCount), recorded.count - first)
        return recorded[start...]
    }

    /// Forgets every event (between test phases); `recordedCount` and `droppedCount` start again from zero.
    public func removeAll() {
        recorded.removeAll()
        first = 0
        droppedCount = 0
    }
}
