public import SDUIEnvironment
public import SDUISchema

/// Lays out screens: a `Screen` in a window with its traits → a frame for every node plus diagnostics.
///
/// A final class because it owns state that makes repeated layouts cheap: the flattened tree of the last
/// screen (taken again only when the screen, the horizontal size class or the Dynamic Type size changes), the
/// measurement cache, the text-measurement cache and scratch buffers. A screen is flattened once: the first
/// layout of a `Screen` value keeps the flat tree with the screen (per size class), and every later layout
/// of it, by any engine, starts from that tree. Layout itself is a pure function of
/// (screen, window, traits): no I/O, no clock, no image data.
///
/// ```swift
/// let engine = LayoutEngine()
/// let result = engine.layout(screen, in: environment, traits: environment.traitCollection())
/// ```
/// An engine is used by one thread at a time (it is not `Sendable`): use one engine per thread. Everything it
/// takes and gives is `Sendable` — a `Screen` may be laid out by engines on several threads at once (its flat tree
/// is made once, under a lock, and then only read), and a `LayoutResult` may be read anywhere.
///
/// Relayouts of one screen reuse what they can: measurements by (node, proposal) for as long as the engine keeps
/// the tree, and the placements of its last two passes, so going back to a width laid out before (rotating back,
/// closing a Split View) reuses every subtree whose proposal is unchanged (docs/layout.md, "Relayout that
/// remembers").
public final class LayoutEngine {
    /// Choices that change the frames an engine produces.
    public struct Options: Hashable, Sendable {
        /// Round frames to the display's pixel grid (SwiftUI rounds to `1 / displayScale`) in a final pass.
        /// Off by default: frames are exact `Double`s (e.g. 84.09375), within 0.5 pt of SwiftUI's rounded ones.
        public var roundsToPixels: Bool
        /// Creates options.
        public init(roundsToPixels: Bool = false) { self.roundsToPixels = roundsToPixels }
    }

    /// The options every layout uses.
    public var options: Options

    /// The font faces payloads' `fontFamily` names are matched in (CSS Fonts 4 font matching); a family not among
    /// them is a `font-not-found` warning and measured in the built-in face. Setting it forgets the tree taken and
    /// the text measured.
    public var fonts: FontCollection {
        didSet {
            guard fonts != oldValue else { return }
            invalidate()
            removeCachedTextLayouts()
        }
    }

    /// The host's text measurer (nil: the engine's own `TextMeasurer`). With one, every text is measured by it —
    /// its lines, widths and line height are the text's, and so the frames around it (`TextMeasuring`). The faces
    /// are still matched in `fonts` (a measurer gets the matched face in its `FontSpec`). Setting it forgets the
    /// tree taken and the text measured.
    public var measurer: (any TextMeasuring)? {
        get { state.text.host }
        set {
            guard newValue !== state.text.host else { return }
            state.text.host = newValue
            invalidate()
            removeCachedTextLayouts()
        }
    }

    /// The pass state and the last result are accessed unchecked (`@exclusivity(unchecked)`) in release builds: a
    /// layout reaches them a dozen times and a checked access is a runtime call each; an engine is used by one thread
    /// at a time and a pass hands them to the steps as `inout` arguments, never through the engine again. Debug builds
    /// keep the checks, so a text measurer that re-enters its engine mid-pass stops there with a clear exclusivity
    /// error instead of corrupting the pass.
    #if DEBUG
    var state = LayoutState()
    /// What the output step kept of the last result (its frames and token), built on by the next.
    var lastResult = LastResult()
    #else
    @exclusivity(unchecked) var state = LayoutState()
    /// What the output step kept of the last result (its frames and token), built on by the next.
    @exclusivity(unchecked) var lastResult = LastResult()
    #endif
    /// The engine's own tree buffers while `state.tree` is a screen's shared template: taken back for the next
    /// tree the engine builds itself (a viewport layout's), so their capacity is kept.
    var ownTree: LayoutTree?
    /// The output order of a tree with realised rows (viewport layouts), kept for its buffers.
    var outputOrder = OutputOrder()
    var cachedScreen: Screen?
    /// The identity of the screen value the tree is for (its derived storage): set with `cachedScreen`, and alone
    /// after an incremental update (`layout(applying:in:traits:)`).
    var cachedDerived: ScreenDerivedStorage?
    var cachedKey: BuildKey?
    /// The node count of the last template taken (room a new screen's template makes up front).
    var lastTemplateNodes = 0
    /// Its number of text runs (room for a new screen's `texts`, made up front the same way).
    var lastTemplateTexts = 0
    /// Tests: every node takes the general layer path (its top-level modifier keys as layers), in a tree of the engine's own.
    var forcesLayerPath = false
    /// How many times a layout took a tree (the screen's kept tree, or a viewport build) — for tests and the
    /// benchmark: a relayout must not.
    public private(set) var buildCount = 0
    /// How many layouts applied a state change incrementally (`layout(applying:in:traits:)`), for tests.
    public internal(set) var incrementalLayoutCount = 0
    /// The nodes the last incremental layout stopped at on its way up (`relayoutUpward`, kept for the next one so it
    /// allocates nothing), and whether that layout stopped there (`lastUpwardRoots`).
    var upwardRoots: [Int32] = []
    var upwardRootsAreLast = false
    /// The tree a changed node's subtree is built again into (`LayoutTree.rebuildSubtree`), kept for its buffers.
    var rebuildScratch = LayoutTree()
    /// Why the last layout of a state change could not build its changed nodes again in place (nil: it could, or
    /// did not try) — for tests.
    var lastRebuildRefusal: SubtreeRebuildRefusal?
    /// Why the last incremental layout could not splice a node's new children into the kept tree (nil: it did, or
    /// had none to splice) — for tests.
    var lastSpliceRefusal: ChildrenSpliceRefusal?

    /// Creates an engine with empty caches that measures text in `fonts` (and the built-in faces), or with
    /// `measurer` when a host gives one (the device's text system: `TextMeasuring`).
    public init(options: Options = Options(), fonts: FontCollection = FontCollection(), measurer: (any TextMeasuring)? = nil) {
        self.options = options
        self.fonts = fonts
        state.text.host = measurer
    }

    /// Lays out `screen` in `environment` with `traits`.
    ///
    /// The root is proposed the window's safe-area rectangle and centred in it (also when larger, as SwiftUI's
    /// hosting view does; a root scroll view takes the safe area); a scroll's content is placed at offset 0. Never throws: bad values are clamped and reported in `diagnostics`.
    /// - Complexity: O(n) in the number of nodes; when only the window size changed since the previous
    ///   call, the flattened tree and text measurements are reused.
    public func layout(_ screen: Screen, in environment: WindowEnvironment, traits: TraitCollection) -> LayoutResult {
        prepareTree(screen, traits: traits, virtualizes: false)
        state.lazyWindow = nil
        state.viewport = nil
        return run(environment: environment, traits: traits)
    }

    /// Lays out `screen` at `proposal`, as SwiftUI sizes a view embedded in another (`sizeThatFits(_:)`): the root is
    /// proposed `proposal` — a nil side asks for its ideal size along it (`320×nil`: the height the content needs at
    /// 320 pt; `nil×nil`: its ideal size) — and placed at the origin, with no safe area. The result's window
    /// (`environment`) is the root's size, the size to give the view that shows it: `environment` with that size,
    /// `.window` mode and no safe area; its traits (size classes, Dynamic Type, layout direction) are `traits`.
    ///
    /// A side that is negative, NaN, infinite or larger than 100 000 pt is taken as `ProposedViewSize.checked`
    /// says. A root larger than a specified side overflows whatever embeds it: a `content-overflow` warning.
    /// - Complexity: as `layout(_:in:traits:)`.
    public func layout(_ screen: Screen, proposal: ProposedViewSize, in environment: WindowEnvironment,
                       traits: TraitCollection) -> LayoutResult {
        prepareTree(screen, traits: traits, virtualizes: false)
        state.lazyWindow = nil
        state.viewport = nil
        return run(environment: environment, traits: traits, proposal: proposal.checked)
    }

    /// Lays out `screen` with its root scroll at content offset `scrollOffset` (points along the scroll's axis,
    /// clamped to the content): frames as the screen shows them — the content moved back by the offset, and
    /// sections' pinned headers and footers (the scroll's `pinnedViews`) kept in the viewport (`applyScrollOffset`).
    /// A root that is not a scroll ignores the offset.
    public func layout(_ screen: Screen, in environment: WindowEnvironment, traits: TraitCollection,
                       scrollOffset: Double) -> LayoutResult {
        prepareTree(screen, traits: traits, virtualizes: false)
        state.lazyWindow = nil
        state.viewport = nil
        return run(environment: environment, traits: traits, scrollOffset: scrollOffset.isFinite ? scrollOffset : 0)
    }

    /// Lays out only what a viewport of the root vertical scroll shows: grids in the scroll's column — its
    /// children, or children of a `vstack` in the column without a frame or aspect ratio (a header, the grid,
    /// a footer), at any depth — realise only the rows intersecting `viewport` (plus its margin); other nodes
    /// are laid out in full. Frames are in the same coordinates as a full layout (content at scroll offset 0).
    ///
    /// Rows are measured as they are realised; rows never measured are placed by the average measured row
    /// height (exact for uniform items, an estimate otherwise — like `LazyVGrid` and `UICollectionView`).
    /// - Complexity: O(realised rows · log) per call, independent of the number of items; the first
    ///   visible row is found by binary search over measured rows (O(log m)) or arithmetic beyond them (O(1)).
    public func layout(_ screen: Screen, in environment: WindowEnvironment, traits: TraitCollection,
                       viewport: ScrollViewport) -> LayoutResult {
        prepareTree(screen, traits: traits, virtualizes: true)
        let visible = environment.safeAreaRect.height
        let margin = viewport.margin ?? visible
        let offset = viewport.offset.isFinite ? max(0, viewport.offset) : 0
        state.viewport = (offset - margin, offset + visible + max(0, margin))
        let nodeCount = state.tree.nodes.count
        let textCount = state.tree.texts.count
        let diagnosticCount = state.tree.buildDiagnostics.count
        let gridItemCount = state.tree.gridItems.count
        let result = run(environment: environment, traits: traits)
        state.tree.gridItems.truncate(to: gridItemCount)
        state.viewport = nil
        state.lazyWindow = nil
        state.unlinkLazyGrids()
        state.truncate(nodes: nodeCount, texts: textCount, diagnostics: diagnosticCount)
        return result
    }

    /// Takes the flat tree of `screen` for `traits` now (flattening the screen first if no layout of this screen
    /// value has), so the next `layout` of that screen with traits of the same size class and Dynamic Type size
    /// only computes — e.g. while a screen is being pushed, or to time the compute step alone (the boundary of
    /// Yoga's `YGNodeCalculateLayout` on a tree built beforehand). Does nothing when that tree is already taken.
    public func prepare(_ screen: Screen, traits: TraitCollection) {
        prepareTree(screen, traits: traits, virtualizes: false)
    }

    /// Empties the text-measurement cache (text measured from scratch again; the built tree is kept).
    public func removeCachedTextLayouts() {
        state.text.removeAllCachedLayouts()
        state.resetTextMemos()
    }

    /// Forgets the tree taken, the per-pass measurements and the viewport row model: the next layout takes the
    /// screen's tree again (kept with the screen: a screen value is flattened only once, see the type's
    /// documentation) and computes from scratch. Buffers keep their capacity, and the text-measurement cache is
    /// kept — with, per text node, the entry its string had and the lines last placed, which are used again only
    /// after their bytes and the cache's epoch are checked (`removeCachedTextLayouts()` empties all of it).
    public func invalidate() {
        cachedScreen = nil
        cachedDerived = nil
        cachedKey = nil
        lastResult.framesAreExact = false
        releaseSharedTree()
        state.lazyRows = []
    }

    // MARK: Steps

    /// Stops using a screen's shared tree (when `state.tree` is one) and takes the engine's own buffers back, so the
    /// screen — and its payload — can go once nothing else holds it.
    private func releaseSharedTree() {
        guard state.tree.isShared else { return }
        state.tree = ownTree.take() ?? LayoutTree()
    }

    struct BuildKey: Equatable {
        var sizeClass: UserInterfaceSizeClass
        var contentSize: ContentSizeCategory
        var virtualizes: Bool
    }

    /// Build step, skipped when the screen and the traits it resolves against are unchanged.
    private func prepareTree(_ screen: Screen, traits: TraitCollection, virtualizes: Bool) {
        let key = BuildKey(sizeClass: traits.horizontalSizeClass, contentSize: traits.preferredContentSizeCategory,
                           virtualizes: virtualizes)
        if key == cachedKey, let derived = cachedDerived, derived === screen.derived { return }
        if key == cachedKey, let cached = cachedScreen, cached == screen {
            // The same screen, another value of it (a state change made it again): the tree is its tree.
            cachedDerived = screen.derived
            return
        }
        if key != cachedKey || cachedScreen != screen { state.lazyRows = [] }
        // Let go of the template in use first: when its screen is gone, its memory is free for the next one.
        releaseSharedTree()
        // Viewport layouts realise rows into the tree: a tree of this engine's own, never the template. So is the
        // tree of a screen whose kept tree picked its font families' faces from other fonts than this engine's.
        if virtualizes || forcesLayerPath {
            TreeBuilder(traits: traits, fonts: fonts, virtualizesGrids: virtualizes, forcesLayers: forcesLayerPath).build(screen, into: &state.tree)
        } else if var template = ScreenLayoutTemplates.tree(of: screen, sizeClass: key.sizeClass, contentSize: key.contentSize,
                                                           fonts: fonts,
                                                           expectedNodes: max(state.tree.nodes.count, lastTemplateNodes),
                                                           expectedTexts: max(state.tree.texts.count, lastTemplateTexts)) {
            // The screen's flat tree, built once per screen (and size class) by whichever layout came first.
            lastTemplateNodes = template.nodes.count
            lastTemplateTexts = template.texts.count
            template.resolve(sizeClass: key.sizeClass, contentSize: key.contentSize)
            // The engine's own tree is kept aside and the template taken by a swap (the trees' fields are moved,
            // not copied and released).
            swap(&state.tree, &template)
            ownTree = template
        } else {
            TreeBuilder(traits: traits, fonts: fonts).build(screen, into: &state.tree)
        }
        state.resetTextMemos()
        state.measurementsAreCurrent = false
        lastResult.framesAreExact = false
        cachedScreen = screen
        cachedDerived = screen.derived
        cachedKey = key
        buildCount += 1
    }

    /// Compute and output steps.
    /// `output`: an incremental pass's plan — the output step then writes only the frames that can have changed.
    /// `proposal`: an embedded layout (`layout(_:proposal:in:traits:)`) — the root proposed it and placed at the
    /// origin of a window of its own size; nil: the root proposed the window's safe area and centred in it.
    /// `lastResultIsAlive`: whether a result still holds the last one's frames (`makeLayoutResult`), when the caller
    /// decided it before holding that result's token itself; nil: decided here.
    func run(environment: WindowEnvironment, traits: TraitCollection, overLastPass: Bool = false,
             output: IncrementalOutput? = nil, proposal: ProposedViewSize? = nil, lastResultIsAlive: Bool? = nil,
             scrollOffset: Double = 0) -> LayoutResult {
        let lastIsAlive = lastResultIsAlive ?? lastResult.isAlive()
        // Full layouts of one tree keep the measurements of earlier passes (`MeasureCache`); viewport layouts
        // do not (realised rows reuse node indices, and a virtualised grid's size depends on the viewport).
        state.beginPass(keepsMeasurements: state.viewport == nil, overLastPass: overLastPass, last: &lastResult)
        // Compute lays out leading to trailing; a right-to-left result is its mirror image (the output step), so
        // the safe area's leading inset is then the window's right one (UIKit's physical insets stay put).
        let safeArea = traits.layoutDirection == .rightToLeft
            ? Rect(origin: .zero, size: environment.size).inset(by: environment.safeAreaInsets.mirrored)
            : environment.safeAreaRect
        if let proposal {
            return runEmbedded(at: proposal, environment: environment, traits: traits, output: output, lastResultIsAlive: lastIsAlive)
        }
        var rootSize = (0.0, 0.0)
        if !state.tree.nodes.isEmpty {
            rootSize = computeCachedLayout(0, .place(Proposal(width: safeArea.width, height: safeArea.height)), &state).size
            // The root is centred in the safe area, also when it is larger (as SwiftUI's hosting view does: objc.io's
            // `aspectRatio(16/9, contentMode: .fill)` in a 100 × 100 canvas starts at x −38.9); a larger root overflows.
            state.geometry[0].x = safeArea.x + (safeArea.width - rootSize.0) / 2
            state.geometry[0].y = safeArea.y + (safeArea.height - rootSize.1) / 2
            // Layers that ignore the safe area, now that positions in the window are known.
            extendIntoSafeArea(&state, safeArea: safeArea, window: environment.size)
            // Content past the safe area of a root that does not scroll is cut off: an error, also when the root's
            // own overflow check reported it already.
            if rootSize.0 > safeArea.width + 0.5 || rootSize.1 > safeArea.height + 0.5 {
                if let k = state.diagnostics.firstIndex(where: { $0.node == 0 && $0.code.description == "content-overflow" }) {
                    state.diagnostics[k].severity = .error
                } else {
                    state.report("content-overflow", .error, 0,
                                 "the screen needs \(formatSize(rootSize)) but the safe area is \(formatSize((safeArea.width, safeArea.height))): content beyond it is cut off (the root does not scroll)")
                }
            }
        }
        let walk = walkOutputOrder()
        return makeLayoutResult(state: &state, last: &lastResult, walk: walk, environment: environment, traits: traits,
                                roundsToPixels: options.roundsToPixels, scrollOffset: scrollOffset, incremental: output,
                                lastResultIsAlive: lastIsAlive)
    }
}

extension LayoutEngine {
    /// The compute and output steps of an embedded layout: the root proposed `proposal` (nil sides unspecified) and
    /// placed at the origin; the window is the root's size, with no safe area (so a right-to-left layout mirrors
    /// within the root).
    private func runEmbedded(at proposal: ProposedViewSize, environment: WindowEnvironment, traits: TraitCollection,
                             output: IncrementalOutput?, lastResultIsAlive: Bool) -> LayoutResult {
        var rootSize = (0.0, 0.0)
        if !state.tree.nodes.isEmpty {
            let offered = Proposal(width: proposal.width ?? .nan, height: proposal.height ?? .nan)
            rootSize = computeCachedLayout(0, .place(offered), &state).size
            if !rootSize.0.isFinite || rootSize.0 < 0 { rootSize.0 = 0 }
            if !rootSize.1.isFinite || rootSize.1 < 0 { rootSize.1 = 0 }
            state.geometry[0].x = 0
            state.geometry[0].y = 0
            let overflows = (proposal.width.map { rootSize.0 > $0 + 0.5 } ?? false)
                || (proposal.height.map { rootSize.1 > $0 + 0.5 } ?? false)
            if overflows && !state.diagnostics.contains(where: { $0.node == 0 && $0.code.description == "content-overflow" }) {
                state.report("content-overflow", .warning, 0,
                             "the content needs \(formatSize(rootSize)) but is proposed \(proposal): it overflows the view that embeds it")
            }
        }
        let walk = walkOutputOrder()
        return makeLayoutResult(state: &state, last: &lastResult, walk: walk, environment: embeddedWindow(environment, rootSize: rootSize),
                                traits: traits, roundsToPixels: options.roundsToPixels, incremental: output, lastResultIsAlive: lastResultIsAlive)
    }

    /// The output order of a tree whose virtualised grids realised rows (nil: the arrays' order).
    private func walkOutputOrder() -> OutputOrder? {
        guard !state.tree.lazyGrids.isEmpty else { return nil }
        outputOrder.walk(state.tree)
        return outputOrder
    }

    /// The window of an embedded layout: `environment` at the root's size, `.window` mode, no safe area.
    func embeddedWindow(_ environment: WindowEnvironment, rootSize: (Double, Double)) -> WindowEnvironment {
        var window = environment
        window.size = Size(width: rootSize.0, height: rootSize.1)
        window.safeAreaInsets = .zero
        window.configuration.mode = .window(window.size)
        return window
    }

    /// The root's size in the last pass (zero for an empty tree).
    var lastRootSize: (Double, Double) {
        state.geometry.isEmpty ? (0, 0) : (state.geometry[0].width, state.geometry[0].height)
    }
}

/// The part of a long scroll to lay out: a scroll offset and a margin realised beyond each edge.
public struct ScrollViewport: Hashable, Sendable {
    /// Content offset of the visible area's top edge, in points (0: the top).
    public var offset: Double
    /// Extra points realised above and below the visible area; nil means one visible height (SwiftUI's lazy
    /// stacks also prepare views just outside the visible area).
    public var margin: Double?
    /// Creates a viewport.
    public init(offset: Double, margin: Double? = nil) {
        self.offset = offset; self.margin = margin
    }
}
