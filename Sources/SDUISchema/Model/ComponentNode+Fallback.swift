/// A node's word on the renderers that can show it (`"minimumVersion"`), what the others show instead
/// (`"fallback"`), and, for the stand-in of a node this renderer does not show, the node as the payload wrote it.
struct NodeCompatibility: Hashable, Sendable {
    var minimumVersion: FormatVersion?
    var fallback: ComponentNode?
    /// Set on the stand-in the decoder puts where a node it cannot show, and that has no fallback, was.
    var dropped: DroppedNode?

    var isEmpty: Bool { minimumVersion == nil && fallback == nil && dropped == nil }
}

/// A node this renderer does not show: the payload object as written (what the encoding writes back, so a payload
/// decoded and encoded again says what it said) and why.
struct DroppedNode: Hashable, Sendable {
    var payload: JSONValue
    var reason: String
}

/// `NodeCompatibility` out of line: one pointer in `NodeProperties`, nil for almost every node. Immutable: a change
/// makes a new box.
final class CompatibilityBox: Hashable, @unchecked Sendable {
    let value: NodeCompatibility
    init(_ value: NodeCompatibility) { self.value = value }
    static func == (lhs: CompatibilityBox, rhs: CompatibilityBox) -> Bool { lhs === rhs || lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension NodeProperties {
    /// Changes the compatibility parts (nil again when they become empty).
    mutating func changeCompatibility(_ change: (inout NodeCompatibility) -> Void) {
        var value = compatibility?.value ?? NodeCompatibility()
        change(&value)
        compatibility = value.isEmpty ? nil : CompatibilityBox(value)
    }
}

extension ComponentNode {
    /// The format version a renderer needs to show this node (`"minimumVersion": "1.7"`): an older renderer shows
    /// `fallback` in its place, or nothing. Nil: any renderer that knows the node's type.
    public var minimumVersion: FormatVersion? {
        get { box.properties.compatibility?.value.minimumVersion }
        set { makeUnique(); box.properties.changeCompatibility { $0.minimumVersion = newValue } }
    }

    /// What a renderer that cannot show this node — one that does not know its type, or is older than its
    /// `minimumVersion` — lays out, draws and reads in its place (`"fallback": NODE`). It may have a fallback of its
    /// own. A decoded screen holds the node this build shows: a node it shows keeps its fallback here (encoded, not
    /// laid out); a node it cannot show is replaced by its fallback.
    public var fallback: ComponentNode? {
        get { box.properties.compatibility?.value.fallback }
        set { makeUnique(); box.properties.changeCompatibility { $0.fallback = newValue } }
    }

    /// Why this node is not shown, when it stands where the payload has a node this build cannot show and that has
    /// no fallback (an unknown type, a newer `minimumVersion`): such a node is laid out as `visible: false` is (no
    /// space, nothing drawn or read), keeps the payload's id, and encodes as the payload wrote it. Nil otherwise.
    public var droppedReason: String? { box.properties.compatibility?.value.dropped?.reason }

    /// The payload object of a node this build does not show (see `droppedReason`).
    var droppedPayload: JSONValue? { box.properties.compatibility?.value.dropped?.payload }

    /// The stand-in for a node this build does not show: of the node's type and id, not visible, remembering
    /// `payload` (the node's object as written) and `reason`.
    /// (Not inlined: inlined into the decoder, Swift 6.3's optimizer failed its ownership check on the box.)
    @inline(never)
    static func dropped(type: ComponentType, id: String?, minimumVersion: FormatVersion?, payload: JSONValue, reason: String) -> ComponentNode {
        var properties = NodeProperties()
        properties.modifiers.visible = .fixed(false)
        properties.compatibility = CompatibilityBox(NodeCompatibility(minimumVersion: minimumVersion, dropped: DroppedNode(payload: payload, reason: reason)))
        return ComponentNode(type: type, id: id, children: [], box: PropertyBox.make(properties))
    }
}
