/// Which node an item is, across layout results: what the reconciler keys views by.
///
/// SwiftUI's two kinds of identity: a node with a payload `id` is that id wherever it moves (ids are unique in a
/// screen: the decoder refuses duplicates); a node without one is its position — the slots from its nearest
/// ancestor with an id (or the root) — so inserting a card before `card-3` leaves `card-3`'s unnamed children
/// theirs. A change of type at one identity is a new view (the reconciler compares types).
public enum NodeIdentity: Hashable, Sendable, CustomStringConvertible {
    /// A node with a payload `id`.
    case explicit(String)
    /// A node without an id: its child slots below `anchor` (the nearest ancestor's id; nil: the root).
    case structural(anchor: String?, slots: [Int32])

    /// The identity of the child at `slot` of a node of identity `self`, given the child's payload id.
    public func child(slot: Int32, id: String?) -> NodeIdentity {
        if let id { return .explicit(id) }
        switch self {
        case .explicit(let anchor): return .structural(anchor: anchor, slots: [slot])
        case .structural(let anchor, let slots): return .structural(anchor: anchor, slots: slots + [slot])
        }
    }

    /// The root's identity, given its payload id.
    public static func root(id: String?) -> NodeIdentity { id.map(NodeIdentity.explicit) ?? .structural(anchor: nil, slots: []) }

    public var description: String {
        switch self {
        case .explicit(let id): return "#" + id
        case .structural(let anchor, let slots):
            return (anchor.map { "#" + $0 } ?? "root") + slots.map { "." + String($0) }.joined()
        }
    }
}
