import Foundation
import SDUIEnvironment
import SDUISchema

/// A screen flattened once and kept with the screen (`Screen.derived`), so that every later layout of it — by
/// any engine, in any window, at any Dynamic Type size — starts from the flat tree instead of walking the
/// payload again.
///
/// The build depends on two traits only: the horizontal size class (through size-class maps) and the Dynamic
/// Type size (through the text runs' fonts). A screen without size-class maps has one tree for both size
/// classes, a screen with them one per size class, each made on first use. The Dynamic Type size is applied
/// by the engine that takes the tree: a text run keeps its style, so its font is resolved again
/// (`TextSpec.resolveFont`, O(texts)) — the nodes themselves do not change with it.
///
/// What stays per engine: the compute scratch, the text-measurement cache, and viewport layouts (which realise
/// grid rows into a tree of their own, `TreeBuilder` with `virtualizesGrids`).
final class ScreenLayoutTemplates: @unchecked Sendable {
    /// (A `PlainLock`: one allocation; an `NSLock` is four on Linux, and every new screen value makes one of these.)
    private let lock = PlainLock.make()
    /// Guarded by `lock`: the compact and the regular tree. A tree without size-class maps serves both size classes
    /// from its one slot (`servesBoth`): a second copy would retain each of its buffers once more.
    private var compact: LayoutTree?
    private var regular: LayoutTree?
    private var servesBoth = false
    /// How many trees were built for this screen (tests: a screen is flattened once per size class at most).
    private(set) var buildCount = 0

    /// The templates kept with `screen` (made empty the first time).
    static func of(_ screen: Screen) -> ScreenLayoutTemplates {
        screen.derived.value(orMake: { ScreenLayoutTemplates() })
    }

    /// The flat tree of `screen` for `sizeClass`, from the templates kept with it (see `tree(of:…)`); nil when the
    /// kept tree names font families and its faces were picked from other `fonts` than these (the caller builds a
    /// tree of its own).
    static func tree(of screen: Screen, sizeClass: UserInterfaceSizeClass, contentSize: ContentSizeCategory,
                     fonts: FontCollection = FontCollection(), expectedNodes: Int, expectedTexts: Int = 0) -> LayoutTree? {
        of(screen).tree(of: screen, sizeClass: sizeClass, contentSize: contentSize, fonts: fonts, expectedNodes: expectedNodes,
                        expectedTexts: expectedTexts)
    }

    /// The flat tree of `screen` for `sizeClass`, built now (with fonts for `contentSize`, faces from `fonts`) if
    /// not built yet. The tree's buffers are frozen: it is shared, never changed.
    /// `expectedNodes`, `expectedTexts`: room to make up front (the caller's last screen's size; buffers grow past
    /// it if needed and are trimmed to their count when they were made much larger).
    private func tree(of screen: Screen, sizeClass: UserInterfaceSizeClass, contentSize: ContentSizeCategory,
                      fonts: FontCollection, expectedNodes: Int, expectedTexts: Int) -> LayoutTree? {
        let isCompact = sizeClass == .compact
        lock.lock()
        defer { lock.unlock() }
        if let tree = (isCompact ? compact : regular) ?? (servesBoth ? compact ?? regular : nil) {
            // A tree without font families is the same whatever the fonts.
            return !tree.usesFontFamilies || tree.fonts == fonts ? tree : nil
        }
        var tree = LayoutTree()
        // Room up front from an estimate, so the buffers are usually made once without a counting pass over the
        // payload first; the template keeps them as long as the screen lives, so room left over is given back.
        tree.reserveNodes(expectedNodes)
        tree.texts.reserveCapacity(expectedTexts)
        TreeBuilder(sizeClass: sizeClass, contentSize: contentSize, fonts: fonts).build(screen, into: &tree)
        tree.trimExcessCapacity()
        tree.freeze()
        buildCount += 1
        if isCompact { compact = tree } else { regular = tree }
        servesBoth = !tree.usesSizeClasses
        return tree
    }
}

extension LayoutTree {
    /// Makes this (shared) tree the one an engine takes for `sizeClass` and `contentSize`: the same buffers, with
    /// the text runs' fonts and the text fields' heights resolved again when the Dynamic Type size differs from the
    /// one they were built with. (In place: the engine takes the template's value and resolves it, one copy of the
    /// tree's fields fewer.)
    mutating func resolve(sizeClass: UserInterfaceSizeClass, contentSize: ContentSizeCategory) {
        self.sizeClass = sizeClass
        if contentSize != self.contentSize {
            self.contentSize = contentSize
            for i in texts.indices { texts[i].resolveFont(contentSize) }
            for i in inputs.indices where inputs[i].followsBodyLine { inputs[i].controlHeight = InputSpec.textFieldHeight(contentSize) }
        }
    }

    /// A copy with buffers of its own (writable; tests change flags in a tree without touching its template).
    func unsharedCopy() -> LayoutTree {
        var copy = self
        copy.nodes = NodeBuffer(copying: nodes)
        copy.frames = NodeBuffer(copying: frames)
        copy.paddings = NodeBuffer(copying: paddings)
        copy.sources = NodeBuffer(copying: sources)
        copy.nodeCapacity = 0
        copy.linksArray = nil
        return copy
    }

    /// Gives back the room of buffers holding far fewer nodes (or text runs) than they have room for (more than
    /// 1/8 spare).
    mutating func trimExcessCapacity() {
        let n = nodes.count
        if nodes.capacity > n + n / 8 + 16 {
            nodes.shrinkToFit(); frames.shrinkToFit(); paddings.shrinkToFit(); sources.shrinkToFit()
            nodeCapacity = min(nodes.capacity, frames.capacity, paddings.capacity, sources.capacity)
        }
        let t = texts.count
        if texts.capacity > t + t / 8 + 16 {
            var trimmed = ContiguousArray<TextSpec>()
            trimmed.reserveCapacity(t)
            trimmed.append(contentsOf: texts)
            texts = trimmed
        }
    }
}

extension NodeBuffer {
    /// A buffer holding a copy of `other`'s elements (not frozen).
    init(copying other: NodeBuffer<Element>) {
        self.init()
        reserve(other.count)
        other.withUnsafeBufferPointer { for value in $0 { appendAssumingCapacity(value) } }
    }
}
