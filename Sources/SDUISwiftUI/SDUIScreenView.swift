#if canImport(SwiftUI)
// Apple platforms only. Not compiled against Apple's SDK on the machine this was written on: CI parses this file and
// type-checks it against a stub of the SwiftUI declarations it uses (Hosts/check, docs/hosts.md).
import SwiftUI
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIDisplay

/// Shows one SDUI screen in SwiftUI: a `Layout` that answers `sizeThatFits` with the engine's layout for the proposal
/// (cached per proposal: SwiftUI asks several times) and places every node's view at its engine frame.
///
/// Interactive screens run in the view through `ScreenSession` (as in the UIKit host and the headless runtime): a tap
/// runs state actions, inputs are SwiftUI controls bound to their state variable, `onAppear` / `onDisappear` run with
/// the view's, requests go to `onRequest`; navigation and custom actions go to `onAction`. A new `screen` value (a
/// server update) starts in its own state.
public struct SDUIScreenView: View {
    /// The screen shown, as the server sent it (in its initial state).
    public let screen: Screen
    /// Views for custom component types.
    public var registry: SDUIViewRegistry
    /// What a navigation or custom action does (`navigate`, `present`, `dismiss`, `open`, the app's own types) — from a
    /// tap, or from the state actions it ran; the item is the tapped node's, or the root's when no tap started it.
    public var onAction: @MainActor (Action, DisplayItem) -> Void
    /// Performs a `request` action (the app's networking); its response runs the action's `onSuccess` or `onFailure`.
    /// nil: requests wait in the session, unanswered.
    public var onRequest: (@MainActor (PendingRequest) async -> RequestResponse)?
    /// Hears the problems the screen's actions and bindings report.
    public var onDiagnostic: @MainActor (String) -> Void

    @Environment(\.dynamicTypeSize) private var dynamicTypeSize
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.layoutDirection) private var layoutDirection
    @Environment(\.horizontalSizeClass) private var horizontalSizeClass
    @Environment(\.verticalSizeClass) private var verticalSizeClass
    @State private var model = SDUILayoutModel()
    /// Bumped after every change of the session's state: SwiftUI draws the body again (the model is not observed).
    @State private var revision = 0

    /// A view of `screen`.
    public init(screen: Screen, registry: SDUIViewRegistry = SDUIViewRegistry(),
                onAction: @escaping @MainActor (Action, DisplayItem) -> Void = { _, _ in },
                onRequest: (@MainActor (PendingRequest) async -> RequestResponse)? = nil,
                onDiagnostic: @escaping @MainActor (String) -> Void = { _ in }) {
        self.screen = screen; self.registry = registry; self.onAction = onAction; self.onRequest = onRequest
        self.onDiagnostic = onDiagnostic
        FontRegistration.registerBundledFonts()  // once per process; problems are reported when the view appears
    }

    public var body: some View {
        let traits = SDUIHostTraits(contentSize: Self.contentSize(dynamicTypeSize), dark: colorScheme == .dark,
                                    rightToLeft: layoutDirection == .rightToLeft,
                                    horizontal: horizontalSizeClass == .regular ? .regular : .compact,
                                    vertical: verticalSizeClass == .compact ? .compact : .regular)
        let _ = revision
        let (items, priorities, layout) = model.items(screen: screen, traits: traits)
        SDUIEngineLayout(model: model, screen: screen, traits: traits) {
            ForEach(items, id: \.identity) { item in
                SDUINodeContent(item: item, sortPriority: item.index.int < priorities.count ? priorities[item.index.int] : 0,
                                registry: registry,
                                input: item.control == nil ? nil : layout.flatMap { model.session?.input(ofNodeAt: item.index.int, in: $0) },
                                onTap: { tapped in perform(tapped.action, from: tapped) },
                                onInput: { changed, value in carryOut(model.setInput(of: changed, to: value), from: changed) },
                                onSubmit: { submitted in perform(model.submitAction(of: submitted), from: submitted) })
                    .layoutValue(key: SDUINodeKey.self, value: item.identity)
            }
        }
        .onAppear {
            for problem in FontRegistration.registerBundledFonts() { onDiagnostic("font: \(problem)") }
            runLifecycleActions(appearing: true)
        }
        .onDisappear { runLifecycleActions(appearing: false) }
    }

    /// A tap's (or a text field's submit) action: navigation and custom actions for `onAction`, the others run in the
    /// session with the locals of the node's place.
    private func perform(_ action: Action?, from item: DisplayItem) {
        guard let action else { return }
        guard ScreenSession.runsInSession(action) else { onAction(action, item); return }
        carryOut(model.run(action, of: item), from: item)
    }

    /// Every node's `onAppear` (or `onDisappear`) action in document order, each with the locals of its place.
    private func runLifecycleActions(appearing: Bool) {
        for step in model.lifecycleSteps(screen: screen, appearing: appearing) { carryOut(step, from: nil) }
    }

    /// Carries out a session step: diagnostics reported, the body drawn again after a change, then the effects in
    /// order (navigation for `onAction`, requests for `onRequest`, whose answers are carried out in turn).
    private func carryOut(_ step: ScreenSession.Step?, from origin: DisplayItem?) {
        guard let step else { return }
        for diagnostic in step.diagnostics { onDiagnostic(diagnostic) }
        for warning in step.update?.warnings ?? [] { onDiagnostic("'\(screen.id)': \(warning)") }
        if step.isUnresolved { onDiagnostic("'\(screen.id)': the screen cannot be resolved in the new state; it keeps the old one") }
        if !step.changedNames.isEmpty { revision &+= 1 }
        for effect in step.effects {
            if let action = effect.routedAction {
                if let from = origin ?? model.rootItem { onAction(action, from) }
                continue
            }
            guard case .request(let request) = effect else { continue }
            model.track(request)
            guard let onRequest else { continue }
            Task { @MainActor in
                let response = await onRequest(request)
                carryOut(model.respond(to: request, with: response), from: origin)
            }
        }
    }

    static func contentSize(_ size: DynamicTypeSize) -> SDUIEnvironment.ContentSizeCategory {
        switch size {
        case .xSmall: return .xSmall
        case .small: return .small
        case .medium: return .medium
        case .large: return .large
        case .xLarge: return .xLarge
        case .xxLarge: return .xxLarge
        case .xxxLarge: return .xxxLarge
        case .accessibility1: return .accessibility1
        case .accessibility2: return .accessibility2
        case .accessibility3: return .accessibility3
        case .accessibility4: return .accessibility4
        case .accessibility5: return .accessibility5
        @unknown default: return .large
        }
    }
}

/// The traits a layout depends on, as the SwiftUI environment gives them.
struct SDUIHostTraits: Hashable {
    var contentSize: SDUIEnvironment.ContentSizeCategory
    var dark: Bool
    var rightToLeft: Bool
    var horizontal: SDUIEnvironment.UserInterfaceSizeClass
    var vertical: SDUIEnvironment.UserInterfaceSizeClass
}

/// The screen's session, the engine and its results per proposed size, shared by the layout and the body.
@MainActor
final class SDUILayoutModel {
    private let engine = LayoutEngine()
    private var results: [SDUIProposalKey: Entry] = [:]
    private var lastSize = Size(width: 0, height: 0)
    /// The screen value the session was made from (a new one starts a new session).
    private var payload: Screen?
    /// The screen's state and what changes it.
    private(set) var session: ScreenSession?
    /// The last layout: what a state change is laid out after, incrementally.
    private var last: (key: SDUIProposalKey, result: LayoutResult, environment: WindowEnvironment, traits: TraitCollection)?

    /// One laid-out size: the result, its display items and their accessibility sort priorities.
    typealias Entry = (result: LayoutResult, items: [DisplayItem], sortPriorities: [Double])

    /// The items at the last size laid out (what the body makes views for), with their sort priorities and layout.
    func items(screen: Screen, traits: SDUIHostTraits) -> ([DisplayItem], [Double], LayoutResult?) {
        guard lastSize.width > 0, let entry = layout(screen: screen, size: lastSize, traits: traits) else { return ([], [], nil) }
        return (entry.items, entry.sortPriorities, entry.result)
    }

    /// The root's item at the last size (what effects no tap started are reported from).
    var rootItem: DisplayItem? { last.flatMap { results[$0.key]?.items.first } }

    /// The session of `screen` (made when the payload is new).
    private func session(of screen: Screen) -> ScreenSession {
        if let session, payload == screen { return session }
        results = [:]
        last = nil
        payload = screen
        let made = ScreenSession(screen: screen)
        session = made
        return made
    }

    /// The layout for `size` (cached per size, traits and state: SwiftUI proposes the same size several times).
    func layout(screen: Screen, size: Size, traits: SDUIHostTraits) -> Entry? {
        let current = session(of: screen).screen
        let key = SDUIProposalKey(size: size, traits: traits)
        if let cached = results[key] { return cached }
        guard let environment = HostEnvironment.window(size: size, safeArea: SDUIEnvironment.EdgeInsets(), screenSize: size,
                                                       idiom: traits.horizontal == .regular ? .pad : .phone,
                                                       horizontalSizeClass: traits.horizontal,
                                                       verticalSizeClass: traits.vertical) else { return nil }
        let engineTraits = environment.traitCollection(contentSize: traits.contentSize, style: traits.dark ? .dark : .light,
                                                       layoutDirection: traits.rightToLeft ? .rightToLeft : .leftToRight)
        let result = engine.layout(current, in: environment, traits: engineTraits)
        return store(result, key: key, environment: environment, traits: engineTraits)
    }

    private func store(_ result: LayoutResult, key: SDUIProposalKey, environment: WindowEnvironment, traits: TraitCollection) -> Entry? {
        guard session != nil else { return nil }
        let list = DisplayList(result)
        let entry: Entry = (result, list.items, list.accessibilitySortPriorities)
        if results.count > 8 { results = [:] }
        results[key] = entry
        lastSize = key.size
        last = (key, result, environment, traits)
        return entry
    }

    // MARK: Changes (the view carries out the steps)

    /// `action` (one that runs in the session) of `item`, with the locals of its place.
    func run(_ action: Action, of item: DisplayItem) -> ScreenSession.Step? {
        let locals = last.flatMap { session?.locals(ofNodeAt: item.index.int, in: $0.result) } ?? []
        return changed(session?.run(action, locals: locals))
    }

    /// The user changed `item`'s control to `value` (a refused value is a diagnostic step).
    func setInput(of item: DisplayItem, to value: StateValue) -> ScreenSession.Step? {
        guard let layout = last?.result else { return nil }
        do throws(ScreenSessionError) {
            return changed(try session?.setInput(ofNodeAt: item.index.int, in: layout, to: value))
        } catch {
            var step = ScreenSession.Step()
            step.diagnostics = [error.message]
            return step
        }
    }

    /// The action the return key of `item`'s text field runs (its `submitAction`).
    func submitAction(of item: DisplayItem) -> Action? {
        guard let layout = last?.result else { return nil }
        return session?.submitAction(ofNodeAt: item.index.int, in: layout)
    }

    /// Keeps `request` (an effect the view hands to `onRequest`) waiting for its answer.
    func track(_ request: PendingRequest) { session?.track(request) }

    /// Answers a request the view handed out.
    func respond(to request: PendingRequest, with response: RequestResponse) -> ScreenSession.Step? {
        changed(try? session?.respond(to: request, with: response))
    }

    /// The steps of every node's `onAppear` (or `onDisappear`) action of the last layout, run in document order (none
    /// before the screen was laid out).
    func lifecycleSteps(screen: Screen, appearing: Bool) -> [ScreenSession.Step] {
        _ = session(of: screen)
        guard let layout = last?.result else { return [] }
        return ScreenSession.lifecycleActions(in: layout, appearing: appearing).compactMap { action, locals in
            changed(session?.run(action, locals: locals))
        }
    }

    /// After a change: the last size laid out again after it (incrementally when `StateUpdater` took its fast path),
    /// every other size dropped.
    private func changed(_ step: ScreenSession.Step?) -> ScreenSession.Step? {
        guard let step, let update = step.update else { return step }
        let kept = last
        results = [:]
        if let kept {
            let result = engine.layout(applying: update, in: kept.environment, traits: kept.traits)
            _ = store(result, key: kept.key, environment: kept.environment, traits: kept.traits)
        }
        return step
    }
}

struct SDUIProposalKey: Hashable {
    var size: Size
    var traits: SDUIHostTraits
}

/// Which node a subview draws.
struct SDUINodeKey: LayoutValueKey {
    static let defaultValue: NodeIdentity? = nil
}

/// The screen fills what it is offered (an unspecified dimension takes the screen's ideal: 390 × 844); every node's view
/// is placed at its engine frame.
struct SDUIEngineLayout: Layout {
    let model: SDUILayoutModel
    let screen: Screen
    let traits: SDUIHostTraits

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let size = CGSize(width: proposal.width ?? 390, height: proposal.height ?? 844)
        _ = MainActor.assumeIsolated {
            model.layout(screen: screen, size: Size(width: Double(size.width), height: Double(size.height)), traits: traits)
        }
        return size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let items = MainActor.assumeIsolated {
            model.layout(screen: screen, size: Size(width: Double(bounds.width), height: Double(bounds.height)),
                         traits: traits)?.items ?? []
        }
        var frames: [NodeIdentity: Rect] = [:]
        for item in items { frames[item.identity] = item.frame }
        for subview in subviews {
            guard let identity = subview[SDUINodeKey.self], let frame = frames[identity] else {
                subview.place(at: bounds.origin, anchor: .topLeading, proposal: .zero)
                continue
            }
            subview.place(at: CGPoint(x: bounds.minX + frame.x, y: bounds.minY + frame.y), anchor: .topLeading,
                          proposal: ProposedViewSize(width: frame.width, height: frame.height))
        }
    }
}

/// Views for custom component types.
@MainActor
public struct SDUIViewRegistry {
    /// The factories (`ComponentFactories`, shared with the UIKit host's logic).
    public var factories = ComponentFactories<AnyView>()
    public init() {}
    /// Registers `factory` for nodes of `type`.
    public mutating func register(type: String, factory: @escaping @MainActor (DisplayItem) -> AnyView) {
        factories.register(type: type, factory: factory)
    }
}
#endif
