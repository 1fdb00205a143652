#if canImport(SwiftUI)
// Apple platforms only; compiled against Apple's SDK by Scripts/ios-build (see SDUIScreenView.swift).
import SwiftUI
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIDisplay

/// The traits a layout depends on, as the SwiftUI environment gives them.
struct SDUIHostTraits: Hashable {
    var contentSize: SDUIEnvironment.ContentSizeCategory
    var dark: Bool
    var rightToLeft: Bool
    var horizontal: SDUIEnvironment.UserInterfaceSizeClass
    var vertical: SDUIEnvironment.UserInterfaceSizeClass
    var displayScale: Double
}

/// What the app gave a host view: custom views and the handlers of actions, requests and diagnostics.
struct SDUIHandlers {
    var registry: SDUIViewRegistry
    var onAction: @MainActor (Action, DisplayItem) -> Void
    var onRequest: (@MainActor (PendingRequest) async -> RequestResponse)?
    var onDiagnostic: @MainActor (String) -> Void
}

/// One layout of the payload as the host draws it: the result and its display list, with what the tree of views
/// needs from them — each item's children, the accessibility sort priorities, each scroll's content and axis, and
/// the root scroll's pinned views.
struct SDUIDrawing {
    var result: LayoutResult
    var items: [DisplayItem]
    /// Each item's children (indices, document order).
    var children: [[Int]]
    var sortPriorities: [Double]
    /// Each visible scroll item's content extent, in the scroll's own coordinates (content at offset 0).
    var scrollExtents: [Int: Rect]
    /// The scroll items that scroll horizontally.
    var horizontalScrolls: Set<Int>
    var pinning: ScrollPinning
    /// Where it was laid out (a state change is laid out again in the same).
    var environment: WindowEnvironment
    var traits: TraitCollection
    var proposal: SDUILayout.ProposedViewSize?

    init(result: LayoutResult, session: ScreenSession, environment: WindowEnvironment, traits: TraitCollection,
         proposal: SDUILayout.ProposedViewSize?) {
        let list = DisplayList(result)
        let items = list.items
        var children = [[Int]](repeating: [], count: items.count)
        for item in items { if let p = item.parent?.int, p >= 0, p < items.count { children[p].append(item.index.int) } }
        var extents: [Int: Rect] = [:]
        for (index, extent) in ScrollContent.extents(of: items) { extents[index] = extent }
        var horizontal = Set<Int>()
        for item in items where item.scroll?.axis == .horizontal { horizontal.insert(item.index.int) }
        self.result = result; self.items = items; self.children = children
        self.sortPriorities = list.accessibilitySortPriorities
        self.scrollExtents = extents; self.horizontalScrolls = horizontal
        self.pinning = ScrollPinning(layout: result, items: items)
        self.environment = environment; self.traits = traits; self.proposal = proposal
    }
}

/// The payload's session, the engines and the layouts a host view draws, shared by its views (kept in `@State`; not
/// observed: the view's `revision` is bumped after every change of state).
@MainActor
final class SDUIHostModel {
    /// Where the payload is laid out: as a screen in a window of this size, or embedded at a proposal.
    enum Placement: Hashable {
        case window(Size)
        case proposal(SDUILayout.ProposedViewSize)
    }

    struct Key: Hashable {
        var placement: Placement
        var traits: SDUIHostTraits
    }

    /// Lays out what is drawn (and state changes, incrementally, after the last drawing).
    private let engine = LayoutEngine()
    /// Answers size questions (`sizeThatFits`) at other proposals, so the drawing engine's last pass stays the drawn one.
    private let measuringEngine = LayoutEngine()
    /// The payload the session was made from (a new one starts a new session).
    private var payload: Screen?
    private(set) var session: ScreenSession?
    private var drawings: [Key: SDUIDrawing] = [:]
    private var measured: [Key: CGSize] = [:]
    /// The last drawing made: what a state change is laid out after.
    private(set) var current: (key: Key, drawing: SDUIDrawing)?
    /// The root scroll's lazy items as it scrolls (their `onAppear` / `onDisappear`).
    let lazyItems = LazyItemTracker()
    /// The app's views and handlers (set by the view on every update).
    var handlers = SDUIHandlers(registry: SDUIViewRegistry(), onAction: { _, _ in }, onRequest: nil, onDiagnostic: { _ in })
    /// Called after a change of state: the view draws again.
    var onChange: @MainActor () -> Void = {}

    /// The session of `screen` (made when the payload is new).
    @discardableResult
    func session(of screen: Screen) -> ScreenSession {
        if let session, payload == screen { return session }
        drawings = [:]; measured = [:]; current = nil
        payload = screen
        let made = ScreenSession(screen: screen)
        session = made
        return made
    }

    /// The size the payload needs at `proposal` (SwiftUI's `sizeThatFits`).
    func fittingSize(_ screen: Screen, proposal: SDUILayout.ProposedViewSize, traits: SDUIHostTraits) -> CGSize {
        let current = session(of: screen).screen
        let key = Key(placement: .proposal(proposal.checked), traits: traits)
        if let size = measured[key] { return size }
        guard let (environment, engineTraits) = Self.inputs(.proposal(proposal), traits) else { return .zero }
        let result = measuringEngine.layout(current, proposal: proposal.checked, in: environment, traits: engineTraits)
        let size = CGSize(width: result.environment.size.width, height: result.environment.size.height)
        if measured.count > 16 { measured = [:] }
        measured[key] = size
        return size
    }

    /// The drawing for `placement` (cached per placement, traits and state: SwiftUI asks for the same one often).
    func drawing(_ screen: Screen, placement: Placement, traits: SDUIHostTraits) -> SDUIDrawing? {
        let session = session(of: screen)
        let key = Key(placement: placement, traits: traits)
        if let drawing = drawings[key] {
            if current?.key != key { draw(key, again: drawing) }
            return drawing
        }
        guard let (environment, engineTraits) = Self.inputs(placement, traits) else { return nil }
        let result: LayoutResult
        var proposal: SDUILayout.ProposedViewSize?
        switch placement {
        case .window: result = engine.layout(session.screen, in: environment, traits: engineTraits)
        case .proposal(let p):
            proposal = p.checked
            result = engine.layout(session.screen, proposal: p.checked, in: environment, traits: engineTraits)
        }
        let drawing = SDUIDrawing(result: result, session: session, environment: environment, traits: engineTraits, proposal: proposal)
        if drawings.count > 8 { drawings = [:] }
        drawings[key] = drawing
        current = (key, drawing)
        lazyItems.layoutApplied(.list(drawing.items), changedComponents: nil, items: drawing.items)
        return drawing
    }

    /// A cached drawing is drawn again: it becomes the one state changes are laid out after (the engine lays it out
    /// again, so its last pass is that drawing's).
    private func draw(_ key: Key, again drawing: SDUIDrawing) {
        guard let session else { return }
        switch key.placement {
        case .window: _ = engine.layout(session.screen, in: drawing.environment, traits: drawing.traits)
        case .proposal(let p): _ = engine.layout(session.screen, proposal: p, in: drawing.environment, traits: drawing.traits)
        }
        current = (key, drawing)
        lazyItems.layoutApplied(.list(drawing.items), changedComponents: nil, items: drawing.items)
    }

    /// The engine's window and traits: a screen's window of the given size (no safe area: SwiftUI proposes the safe
    /// area's size), or for an embedded layout a nominal window of the idiom (it gives the device and size classes).
    static func inputs(_ placement: Placement, _ traits: SDUIHostTraits) -> (WindowEnvironment, TraitCollection)? {
        let idiom: UserInterfaceIdiom = traits.horizontal == .regular ? .pad : .phone
        let nominal = idiom == .pad ? Size(width: 1024, height: 1366) : Size(width: 393, height: 852)
        let size: Size
        switch placement {
        case .window(let s): size = s
        case .proposal: size = nominal
        }
        guard let environment = HostEnvironment.window(size: size, safeArea: SDUIEnvironment.EdgeInsets(), screenSize: size,
                                                       idiom: idiom, horizontalSizeClass: traits.horizontal,
                                                       verticalSizeClass: traits.vertical) else { return nil }
        var engineTraits = environment.traitCollection(contentSize: traits.contentSize, style: traits.dark ? .dark : .light,
                                                       layoutDirection: traits.rightToLeft ? .rightToLeft : .leftToRight)
        if traits.displayScale > 0 { engineTraits.displayScale = traits.displayScale }
        return (environment, engineTraits)
    }

    // MARK: Changes (carried out here: effects go to the handlers)

    /// A tap on `item` (or a text field's submit): navigation and custom actions for `onAction`, the others run in the
    /// session with the locals of the node's place.
    func perform(_ action: Action?, from item: DisplayItem) {
        guard let action else { return }
        guard ScreenSession.runsInSession(action) else { handlers.onAction(action, item); return }
        let locals = current.flatMap { session?.locals(ofNodeAt: item.index.int, in: $0.drawing.result) } ?? []
        carryOut(session?.run(action, locals: locals), from: item)
    }

    /// The user changed `item`'s control to `value` (a refused value is reported, and the control shows the state).
    func setInput(of item: DisplayItem, to value: StateValue) {
        guard let layout = current?.drawing.result else { return }
        do throws(ScreenSessionError) {
            carryOut(try session?.setInput(ofNodeAt: item.index.int, in: layout, to: value), from: item)
        } catch {
            handlers.onDiagnostic(error.message)
            onChange()
        }
    }

    /// The action the return key of `item`'s text field runs (its `submitAction`).
    func submit(_ item: DisplayItem) {
        guard let layout = current?.drawing.result else { return }
        perform(session?.submitAction(ofNodeAt: item.index.int, in: layout), from: item)
    }

    /// The view appeared or disappeared: every node's `onAppear` (or `onDisappear`) action in document order, except
    /// in lazy items, whose actions run as they enter and leave the root scroll's visible area (`scrolled(to:)`).
    func lifecycle(_ screen: Screen, appearing: Bool) {
        _ = session(of: screen)
        lazyItems.hasAppeared = appearing
        let actions = current.map { ScreenSession.lifecycleActions(in: $0.drawing.result, appearing: appearing, skippingLazyItems: true) } ?? []
        for (action, locals) in actions {
            carryOut(session?.run(action, locals: locals), from: nil)
        }
        updateLazyItems()
    }

    /// The root scroll's content offset changed (points along its axis): the lazy items that entered or left its
    /// visible area run their actions.
    func scrolled(to offset: Double) {
        lazyItems.scroll(to: offset)
        updateLazyItems()
    }

    private func updateLazyItems() {
        lazyItems.update(current: { [weak self] in
            guard let self, let drawing = self.current?.drawing else { return nil }
            return LazyItemTracker.Snapshot(layout: drawing.result, items: drawing.items)
        }, perform: { [weak self] action, locals, _ in
            self?.carryOut(self?.session?.run(action, locals: locals), from: nil)
        }, report: { [weak self] message in self?.handlers.onDiagnostic(message) })
    }

    /// Carries out a session step: diagnostics reported; after a change, the last drawing laid out again after it
    /// (incrementally on `StateUpdater`'s fast path), every other dropped, and the view drawn again; then the effects
    /// in order (navigation for `onAction`, requests for `onRequest`, whose answers are carried out in turn).
    func carryOut(_ step: ScreenSession.Step?, from origin: DisplayItem?) {
        guard let step else { return }
        let screenID = session?.screen.id ?? ""
        for diagnostic in step.diagnostics { handlers.onDiagnostic(diagnostic) }
        if let update = step.update {
            for warning in update.warnings { handlers.onDiagnostic("'\(screenID)': \(warning)") }
            let kept = current
            drawings = [:]; measured = [:]; current = nil
            if let kept, let session {
                let result = engine.layout(applying: update, proposal: kept.drawing.proposal, in: kept.drawing.environment,
                                           traits: kept.drawing.traits)
                let drawing = SDUIDrawing(result: result, session: session, environment: kept.drawing.environment,
                                          traits: kept.drawing.traits, proposal: kept.drawing.proposal)
                drawings[kept.key] = drawing
                current = (kept.key, drawing)
                lazyItems.layoutApplied(.list(drawing.items), changedComponents: nil, items: drawing.items)
            }
        } else if step.isUnresolved {
            handlers.onDiagnostic("'\(screenID)': the screen cannot be resolved in the new state; it keeps the old one")
        }
        if !step.changedNames.isEmpty { onChange() }
        for effect in step.effects {
            if let action = effect.routedAction {
                if let from = origin ?? current?.drawing.items.first { handlers.onAction(action, from) }
                continue
            }
            guard case .request(let request) = effect else { continue }
            session?.track(request)
            guard let onRequest = handlers.onRequest else { continue }
            Task { @MainActor [weak self] in
                let response = await onRequest(request)
                self?.carryOut(try? self?.session?.respond(to: request, with: response), from: origin)
            }
        }
    }
}
#endif
