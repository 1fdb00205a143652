import SDUIEnvironment
import SDUISchema

// The build's diagnostics: what it reports about a node it lays out differently from what was asked (values clamped,
// nesting cut off, contradictory frames), each with the node's path and JSON Pointer.
extension TreeBuilder {
    /// Values built in code beyond `ValueLimits` (the decoder refuses them in payloads), clamped into them by the
    /// payload model's record.
    @inline(never)
    func reportOutOfRange(_ properties: OutOfRange, _ name: NodeName, _ tree: inout LayoutTree) {
        tree.report(LayoutDiagnostic(
            severity: .warning, code: "value-out-of-range", path: name.id(tree), pointer: pointer(forPath: name.path(tree)),
            message: "\(properties.names.joined(separator: ", ")) outside the payload's limits (lengths up to \(formatPoints(ValueLimits.maxLength)) pt, "
                + "aspectRatio 0.001…1000, layoutPriority ±1000000, columns 1…64, lineLimit 1…10000, fontSize 1…1000): clamped to them"),
                    about: name.node)
    }

    /// Reports `nesting-too-deep` for `name` (once: its decorations and children are dropped one after another).
    func reportTooDeep(_ name: NodeName, childCount: Int, _ tree: inout LayoutTree) {
        let path = name.id(tree)
        if let last = tree.buildDiagnostics.last, last.code == "nesting-too-deep", last.path == path { return }
        tree.report(LayoutDiagnostic(
            severity: .error, code: "nesting-too-deep", path: path, pointer: pointer(forPath: name.path(tree)),
            message: "nodes nested deeper than \(LayoutLimits.maxNodeDepth) levels (a screen built in code: payloads stop at "
                + "128): this node's \(childCount) \(childCount == 1 ? "child is" : "children are") not laid out"),
                    about: name.node)
    }

    func reportConflict(_ what: String, _ name: NodeName, _ place: String = "/frame", _ tree: inout LayoutTree) {
        tree.report(LayoutDiagnostic(
            severity: .warning, code: "frame-conflict", path: name.id(tree), pointer: pointer(forPath: name.path(tree)) + place,
            message: "contradictory frame constraints: \(what); the maximum is raised to the minimum"),
                    about: name.node, pointerSuffix: place)
    }
}
