import SDUISchema

/// Names the node being built, for diagnostics only (the strings are made when a diagnostic needs them).
struct NodeName {
    let pointer: UnsafePointer<ComponentNode>
    /// The node's flat index.
    let node: Int32
    let parent: Int32
    let childIndex: Int32
    /// The path id (`root.0.3`).
    func path(_ tree: LayoutTree) -> String {
        parent < 0 ? "root" : tree.path(of: parent) + pathComponent(forChildIndex: childIndex)
    }
    /// The payload id, or the path id.
    func id(_ tree: LayoutTree) -> String { pointer.pointee.id ?? path(tree) }
}

/// The JSON Pointer of the node with path id `path` (`root.0.3` → `/root/children/0/children/3`; the view of a
/// background or overlay at `modifiers[2]`: `root.0.overlay2` → `/root/children/0/modifiers/2/overlay/content`).
func pointer(forPath path: String) -> String {
    var result = "/"
    result.reserveCapacity(path.utf8.count * 4)
    // Only child indices after "root" (almost always): one pass over the scalars.
    if !path.utf8.dropFirst(4).contains(where: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) {
        for scalar in path.unicodeScalars {
            if scalar == "." { result += "/children/" } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
    // Components after "root": a child index, or a decoration's `overlayK` / `backgroundK`.
    let parts = path.split(separator: ".", omittingEmptySubsequences: false)
    for (n, part) in parts.enumerated() {
        if n == 0 { result += part; continue }
        if part == "header" || part == "footer" {
            result += "/" + part
        } else if part.hasPrefix("overlay") {
            result += "/modifiers/" + part.dropFirst(7) + "/overlay/content"
        } else if part.hasPrefix("background") {
            result += "/modifiers/" + part.dropFirst(10) + "/background/content"
        } else {
            result += "/children/" + part
        }
    }
    return result
}
