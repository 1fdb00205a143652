
/// The ordered, typed record of every callback the runtime delivers, and every diagnostic.
///
/// One log belongs to one `Application`. A controller that is not yet attached to a scene keeps its
/// events and hands them to the first log it reaches (see `docs/runtime.md`, "Which log").
@MainActor
public final class EventLog {
    /// Every event, in delivery order.
    public private(set) var events: [Event] = []

    /// Creates an empty log.
    public init() {}

    /// Appends an event.
    public func record(_ event: Event) { events.append(event) }

    /// Records a diagnostic about `object`.
    public func report(_ code: RuntimeDiagnostic.Code, _ message: String, object: String) {
        record(Event(object: object, kind: .diagnostic, diagnostic: RuntimeDiagnostic(code: code, message: message)))
    }

    /// Only the diagnostics.
    public var diagnostics: [RuntimeDiagnostic] { events.compactMap(\.diagnostic) }

    /// Events as `object.kind` strings, optionally only those of the given kinds.
    public func names(kinds: Set<Event.Kind>? = nil) -> [String] {
        events.filter { kinds?.contains($0.kind) ?? true }.map(\.name)
    }

    /// Events recorded after `mark` (a value of `events.count` taken earlier).
    public func events(since mark: Int) -> ArraySlice<Event> {
        events[min(max(0, mark), events.count)...]
    }

    /// Forgets every event (between test phases).
    public func removeAll() { events.removeAll() }
}
