import Foundation
import SDUIEnvironment
import SDUISchema

/// The nodes of a `LayoutResult`: either given as `[LayoutNode]`, or, for a result the engine made, the
/// pass's frames plus what names each node (`OutputLink`s shared with the built tree, and the payload).
///
/// The engine's results make their `LayoutNode` values on first read of `LayoutResult.nodes` (once, under a
/// lock: a result is `Sendable`), so a layout pass itself creates no per-node strings — like Yoga, whose
/// layout call leaves the frames in its nodes for the caller to read.
final class LayoutNodeStorage: @unchecked Sendable {
    /// Number of nodes.
    let count: Int
    let frames: ContiguousArray<Rect>
    let links: OutputLinks
    /// The placed texts, per text index (in a box the engine can tell is no longer shared: `PlacedTextBuffer`).
    let textBuffer: PlacedTextBuffer
    var texts: ContiguousArray<PlacedText> { textBuffer.texts }
    let source: PayloadSource?
    /// The payload nodes state changes put in place (the links point into them).
    let replacedSources: [Int32: ReplacedSource]
    /// The texts state changes gave nodes whose payload node was left in place (`LayoutTree.changedTexts`).
    let changedTexts: [Int32: String]
    /// The state the tree's screen is in (what an input control shows).
    let state: ScreenState
    /// The grids whose children are lazy items (`LayoutTree.lazyGridNodes`; empty for a viewport layout's result).
    let lazyGridNodes: [Int32]
    /// The root is a vertical scroll.
    let rootScrollsVertically: Bool
    /// The result's layout direction (the direction of text paragraphs without strong characters).
    let layoutDirection: LayoutDirection
    /// Which pass these nodes are, for results made after it (`LayoutResult.changes(since:)`).
    let token: LayoutPassToken
    private let lock = PlainLock.make()
    /// The `LayoutNode` values, once made (guarded by `lock`).
    private var made: [LayoutNode]?

    /// The layers of the layered nodes (in output indices: `LayoutLayer.contentNode`, `LayeredNode.node`) and
    /// their boxes in window points (parallel to `layers`); empty when no node has a `modifiers` chain.
    let layers: ContiguousArray<LayoutLayer>
    let layered: ContiguousArray<LayeredNode>
    let layerFrames: ContiguousArray<Rect>

    /// Storage for nodes given as values; `source` and `links`: their payload nodes, when known (one link per node).
    init(_ nodes: [LayoutNode], source: PayloadSource? = nil, links: OutputLinks = .empty, state: ScreenState = ScreenState()) {
        count = nodes.count
        frames = []; textBuffer = PlacedTextBuffer([]); token = LayoutPassToken(); linksAreTree = false; layoutDirection = .leftToRight
        self.source = source; self.links = links; self.state = state
        replacedSources = [:]; changedTexts = [:]; lazyGridNodes = []; rootScrollsVertically = false
        layers = []; layered = []; layerFrames = []
        made = nodes
    }

    /// The links are the built tree's own (not a virtualised pass's): its named nodes can be reused.
    private let linksAreTree: Bool

    /// Storage for an engine pass: `frames` and `links` in output (document) order.
    init(frames: ContiguousArray<Rect>, links: OutputLinks, texts: PlacedTextBuffer,
         token: LayoutPassToken = LayoutPassToken(), source: PayloadSource?, replacedSources: [Int32: ReplacedSource] = [:],
         changedTexts: [Int32: String] = [:], state: ScreenState = ScreenState(), lazyGridNodes: [Int32] = [], rootScrollsVertically: Bool = false,
         count: Int, linksAreTree: Bool, layoutDirection: LayoutDirection = .leftToRight,
         layers: ContiguousArray<LayoutLayer> = [], layered: ContiguousArray<LayeredNode> = [], layerFrames: ContiguousArray<Rect> = []) {
        self.count = count
        self.frames = frames; self.links = links; self.textBuffer = texts; self.token = token; self.source = source
        self.replacedSources = replacedSources; self.changedTexts = changedTexts; self.state = state; self.lazyGridNodes = lazyGridNodes
        self.rootScrollsVertically = rootScrollsVertically
        self.linksAreTree = linksAreTree; self.layoutDirection = layoutDirection
        self.layers = layers; self.layered = layered; self.layerFrames = layerFrames
    }

    /// The id and type of output node `index` (nil: the storage has no links, or none for it), read from its
    /// payload node when asked (`source` and `replacedSources` keep it).
    @inline(__always)
    func identity(at index: Int) -> NodeIdentity? {
        guard index >= 0, index < links.count else { return nil }
        return NodeIdentity(links[index].source)
    }

    func frame(at index: Int) -> Rect {
        if source == nil || frames.isEmpty { return nodes[index].frame }
        return frames[index]
    }

    /// The layers of node `index` (see `LayoutResult.layers(at:)`).
    func layers(at index: Int) -> NodeLayers? {
        if source == nil || frames.isEmpty { return nodes[index].layers }
        return reportedLayers(of: index).map(nodeLayers)
    }

    /// The entry of node `index` in `layered` when `layers(at:)` reports its layers (nil: it has none, or is hidden).
    @inline(__always)
    func reportedLayers(of index: Int) -> LayeredNode? {
        guard !layered.isEmpty else { return nil }
        let entry: LayeredNode? = layered.withUnsafeBufferPointer { entries in
            var low = 0, high = entries.count
            while low < high {
                let middle = (low + high) >> 1
                if Int(entries[middle].node) < index { low = middle + 1 } else { high = middle }
            }
            return low < entries.count && Int(entries[low].node) == index ? entries[low] : nil
        }
        guard let entry, !links[index].isHidden else { return nil }
        return entry
    }

    private func nodeLayers(_ entry: LayeredNode) -> NodeLayers {
        let first = Int(entry.firstLayer)
        var result: [LayerFrame] = []
        result.reserveCapacity(Int(entry.layerCount) - 1)
        for k in 1..<Int(entry.layerCount) {
            let layer = layers[first + k]
            result.append(LayerFrame(kind: layer.modifier ?? .unknown, chainIndex: k - 1, box: layerFrames[first + k],
                                     contentNode: layer.contentNode >= 0 ? Int(layer.contentNode) : nil))
        }
        return NodeLayers(content: layerFrames[first], layers: result)
    }

    /// Sets the layers of the layered nodes in `nodes` (made from a template, or named now).
    private func fillLayers(_ nodes: inout [LayoutNode]) {
        for entry in layered where Int(entry.node) < nodes.count {
            // (A template's node may have been shown when it was made: a hidden node has no layers.)
            nodes[Int(entry.node)].layers = links[Int(entry.node)].isHidden ? nil : nodeLayers(entry)
        }
    }

    /// The nodes, made on first use.
    var nodes: [LayoutNode] {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let nodes = makeNodes()
        made = nodes
        return nodes
    }

    /// Names every node from its payload node's identity, in document order alongside the links.
    /// - Complexity: O(n); one id (retained) and one path string per node.
    private func makeNodes() -> [LayoutNode] {
        guard let source, count > 0 else { return [] }
        if linksAreTree {
            // The tree's named nodes (made once per tree), with this pass's frames and text runs.
            let template = source.template { self.nameNodes(source) }
            // Made by this call: it already holds this pass's frames, text runs and layers.
            if template.isNew { return template.nodes }
            var nodes = template.nodes
            if nodes.count == count {
                nodes.withUnsafeMutableBufferPointer { buffer in
                    for i in 0..<count {
                        buffer[i].frame = frames[i]
                        // Visibility too: a state change may have shown or hidden nodes since the names were made.
                        let link = links[i]
                        buffer[i].isHidden = link.isHidden
                        let textIndex = Int(link.textIndex)
                        buffer[i].text = textIndex >= 0 && textIndex < texts.count ? texts[textIndex].run(layoutDirection: layoutDirection) : nil
                    }
                }
                fillLayers(&nodes)
                return nodes
            }
        }
        return nameNodes(source)
    }

    /// Names every node (with this pass's frames and text runs): its id and type from the payload node its link
    /// points at, its path from its parent's (parents come first).
    /// - Complexity: O(n); one id (retained) and one path string per node.
    private func nameNodes(_ source: PayloadSource) -> [LayoutNode] {
        var nodes: [LayoutNode] = []
        nodes.reserveCapacity(count)
        for i in 0..<count {
            let link = links[i]
            let parent = Int(link.parent)
            let path = parent >= 0 && parent < nodes.count ? nodes[parent].path + pathComponent(forChildIndex: link.childIndex) : "root"
            nodes.append(node(i, identity: NodeIdentity(link.source), path: path))
        }
        fillLayers(&nodes)
        return nodes
    }

    private func node(_ index: Int, identity: NodeIdentity, path: String) -> LayoutNode {
        let link = links[index]
        let text = link.textIndex >= 0 && Int(link.textIndex) < texts.count ? texts[Int(link.textIndex)].run(layoutDirection: layoutDirection) : nil
        return LayoutNode(id: identity.id ?? path, path: path, type: identity.type,
                          parent: Int(link.parent), frame: frames[index], isHidden: link.isHidden, text: text)
    }
}

/// A result's diagnostics: given, or still to be named.
enum DiagnosticStorage: Sendable {
    case made([LayoutDiagnostic])
    case pending(PendingDiagnostics)
}

/// Diagnostics found by a pass, named (payload id, JSON Pointer, message) on first read, once, under a lock.
final class PendingDiagnostics: @unchecked Sendable {
    private let built: [LayoutDiagnostic]
    private let found: ContiguousArray<ComputeDiagnostic>
    /// The result's links: `found[i].node` is an index into them (results in document order only).
    private let links: OutputLinks
    private let lock = PlainLock.make()
    private var made: [LayoutDiagnostic]?

    init(built: [LayoutDiagnostic], found: ContiguousArray<ComputeDiagnostic>, links: OutputLinks) {
        self.built = built; self.found = found; self.links = links
    }

    /// The diagnostics of the build step (named).
    var builtDiagnostics: [LayoutDiagnostic] { built }
    /// The diagnostics found while computing (unnamed; `node` is an output index).
    var foundDiagnostics: ContiguousArray<ComputeDiagnostic> { found }

    var diagnostics: [LayoutDiagnostic] {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        var diagnostics = built
        diagnostics.reserveCapacity(built.count + found.count)
        var names: [Int32: (id: String, pointer: String)] = [:]
        for d in found {
            let name = names[d.node] ?? self.name(d.node)
            names[d.node] = name
            diagnostics.append(LayoutDiagnostic(severity: d.severity, code: d.code.description, path: name.id,
                                                pointer: name.pointer, message: d.message.description))
        }
        made = diagnostics
        return diagnostics
    }

    /// The payload id (or path id) and JSON Pointer of node `index`.
    private func name(_ index: Int32) -> (id: String, pointer: String) {
        let path = links.pathID(at: Int(index))
        let id = index >= 0 && Int(index) < links.count ? NodeIdentity(links[Int(index)].source).id : nil
        return (id ?? path, pointer(forPath: path))
    }
}

/// The identity of one engine pass's nodes (`LayoutNodeStorage.token`): a result names the pass it was made after by
/// holding its token, which keeps nothing of that pass's result alive.
final class LayoutPassToken: Sendable {}

/// A result's placed texts, boxed: once the result is gone the engine holds the only reference
/// (`isKnownUniquelyReferenced`) and takes the texts back to write the next pass into (`LayoutState.reuseRetiredTexts`).
final class PlacedTextBuffer: @unchecked Sendable {
    /// Changed only while the engine holds the only reference.
    var texts: ContiguousArray<PlacedText>
    init(_ texts: ContiguousArray<PlacedText>) { self.texts = texts }
}
