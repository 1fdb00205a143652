/// `"minimumVersion"` and `"fallback"`: which node this build shows where the payload has one it cannot show.
extension DecodingContext {
    /// The node this build shows for the node `value`, decoded as `node`: the node itself when it can show it; else
    /// its fallback (already decoded by the same rules); else a stand-in that is not shown, keeping the payload's
    /// object for the encoding (`ComponentNode.dropped`). `isUnknown`: its type is one this build does not know and
    /// the app does not draw (already reported).
    mutating func shownNode(_ value: JSONValue, decoded node: ComponentNode, isUnknown: Bool) -> ComponentNode {
        let current = FormatVersion.current
        let minimum = node.minimumVersion
        let isTooNew = minimum.map { $0 > current } ?? false
        if !isUnknown && !isTooNew { return node }
        let fallback = node.fallback
        if isTooNew {
            path.append(.key("minimumVersion"))
            lenient(.newerVersion, "needs format \(minimum ?? current), newer than this build's \(current): "
                    + (fallback != nil ? "shown as its fallback" : "not shown (it has no \"fallback\")"))
            path.removeLast()
        }
        if let fallback {
            lastNodeWasDropped = fallback.droppedReason != nil
            return fallback
        }
        lastNodeWasDropped = true
        let reason = isUnknown
            ? "unknown type \"\(node.type.rawValue)\" without a fallback"
            : "needs format \(minimum ?? current) (this build reads \(current)) and has no fallback"
        return ComponentNode.dropped(type: node.type, id: node.id, minimumVersion: minimum, payload: value, reason: reason)
    }

    /// Whether the node `value` says it needs a newer format than this build's (`minimumVersion`, read without
    /// reporting anything: the member itself is decoded with the node's).
    /// - Complexity: O(keys), a length comparison per key (the decoder asks for every node).
    static func needsNewerVersion(_ value: JSONValue) -> Bool {
        guard case .object(let pairs) = value else { return false }
        for (key, item) in pairs where key.utf8.count == 14 && key == "minimumVersion" {
            guard case .string(let text) = item, let version = FormatVersion(text) else { return false }
            return version > FormatVersion.current
        }
        return false
    }

    /// `"minimumVersion": "1.7"`: a format version, `MAJOR.MINOR`, as a string (a number cannot tell 1.1 from 1.10).
    mutating func formatVersion(_ value: JSONValue) -> FormatVersion? {
        let example = FormatVersion.current.description
        switch value {
        case .string(let text):
            if let version = FormatVersion(text) { return version }
            error(.invalidValue, "must be a format version \"MAJOR.MINOR\" such as \"\(example)\", got \(value.brief)")
        case .number:
            error(.wrongType, "must be a string such as \"\(example)\" (a number cannot tell 1.1 from 1.10), got \(value.brief)")
        default:
            error(.wrongType, "must be a format version string such as \"\(example)\", got \(value.brief)")
        }
        return nil
    }

    /// `"fallback": NODE` of node number `node` (the member written `written`): a node of its own, its pointer
    /// `/…/fallback`, its ids claimed as every node's (unique across the node and its fallback).
    mutating func fallback(_ value: JSONValue, node: Int, written: String, depth: Int) -> ComponentNode? {
        if Self.isForEach(value) {
            error(.invalidValue, "a fallback must be one node, not a forEach: put the forEach in a container (vstack, grid, scroll…)")
            return nil
        }
        return decodeNode(value, at: NodeLocation(parent: node, index: 0, slot: "/" + written), depth: depth + 1)
    }
}
