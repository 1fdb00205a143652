#if canImport(SwiftUI)
// Apple platforms only. Compiled for arm64-apple-ios against Apple's SDK by Scripts/ios-build (CI, when the SDK is
// beside the clone); never linked or run here (docs/hosts.md).
import SwiftUI
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIDisplay

/// Shows one SDUI screen in SwiftUI, filling what it is offered: the payload is laid out as a screen in that size (its
/// root proposed the whole of it and centred), and drawn as a tree of views at the engine's frames — scroll nodes as
/// `ScrollView`s with their pinned section headers and lazy items' `onAppear` / `onDisappear` following the scroll
/// offset, clip shapes clipping their children (`SDUINodeTree`).
///
/// Interactive payloads run through `ScreenSession` (as in the UIKit host and the headless runtime): a tap runs state
/// actions, inputs are SwiftUI controls bound to their state variable, `onAppear` / `onDisappear` run with the view's,
/// requests go to `onRequest`; navigation and custom actions go to `onAction`. A new `screen` value (a server update)
/// starts in its own state.
public struct SDUIScreenView: View {
    private let host: SDUIHostRoot

    /// A view of `screen`.
    /// - Parameters:
    ///   - registry: views for custom component types.
    ///   - onAction: what a navigation or custom action does (`navigate`, `present`, `dismiss`, `open`, the app's own
    ///     types) — from a tap, or from the state actions it ran; the item is the tapped node's, or the root's when no
    ///     tap started it.
    ///   - onRequest: performs a `request` action (the app's networking); its response runs the action's `onSuccess`
    ///     or `onFailure`. nil: requests wait in the session, unanswered.
    ///   - onDiagnostic: hears the problems the screen's actions and bindings report (and a font that cannot be
    ///     registered).
    public init(screen: Screen, registry: SDUIViewRegistry = SDUIViewRegistry(),
                onAction: @escaping @MainActor (Action, DisplayItem) -> Void = { _, _ in },
                onRequest: (@MainActor (PendingRequest) async -> RequestResponse)? = nil,
                onDiagnostic: @escaping @MainActor (String) -> Void = { _ in }) {
        host = SDUIHostRoot(screen: screen, fitsContent: false,
                            handlers: SDUIHandlers(registry: registry, onAction: onAction, onRequest: onRequest, onDiagnostic: onDiagnostic))
    }

    /// The screen shown, as the server sent it (in its initial state).
    public var screen: Screen { host.screen }

    public var body: some View { host }
}

/// Shows one SDUI payload in SwiftUI at its content's size — a section in a `VStack`, a `List` row, a `LazyVStack` in
/// a `ScrollView`: `sizeThatFits` answers the engine's size at the proposal, an unspecified side taking the content's
/// ideal size (`LayoutEngine.layout(_:proposal:in:traits:)`: proposed `320 × nil`, the height the content needs at
/// 320 pt), and the content is drawn at the width it is given, its root at the view's origin. Next to it,
/// `SDUIScreenView` fills what it is offered.
///
/// Everything else is as in `SDUIScreenView`: the same tree of views, session, actions and handlers.
public struct SDUIView: View {
    private let host: SDUIHostRoot

    /// A view of `screen` at its content's size (the parameters are `SDUIScreenView.init`'s).
    public init(screen: Screen, registry: SDUIViewRegistry = SDUIViewRegistry(),
                onAction: @escaping @MainActor (Action, DisplayItem) -> Void = { _, _ in },
                onRequest: (@MainActor (PendingRequest) async -> RequestResponse)? = nil,
                onDiagnostic: @escaping @MainActor (String) -> Void = { _ in }) {
        host = SDUIHostRoot(screen: screen, fitsContent: true,
                            handlers: SDUIHandlers(registry: registry, onAction: onAction, onRequest: onRequest, onDiagnostic: onDiagnostic))
    }

    /// The payload shown, as the server sent it (in its initial state).
    public var screen: Screen { host.screen }

    public var body: some View { host }
}

/// The two public views' body: the model in `@State` (not observed: `revision` is bumped after every change of
/// state), the payload filling the proposal (a `GeometryReader`) or fitting its content (`SDUIFittingLayout`), and
/// the lifecycle actions with the view's appearance.
struct SDUIHostRoot: View {
    let screen: Screen
    let fitsContent: Bool
    let handlers: SDUIHandlers

    @Environment(\.sduiHostTraits) private var traits
    @State private var model = SDUIHostModel()
    @State private var revision = 0

    init(screen: Screen, fitsContent: Bool, handlers: SDUIHandlers) {
        self.screen = screen; self.fitsContent = fitsContent; self.handlers = handlers
        FontRegistration.registerBundledFonts()  // once per process; problems are reported when the view appears
    }

    var body: some View {
        let _ = revision
        let model = SDUIHostView.prepare(self.model, handlers: handlers, revision: $revision)
        SwiftUI.Group {
            if fitsContent {
                SDUIFittingLayout(model: model, screen: screen, traits: traits) {
                    // Drawn at the width it is given, the height free: rounding of the view's height to pixels can
                    // never cut a line of text.
                    GeometryReader { proxy in
                        SDUIHostView(model: model, screen: screen,
                                     placement: .proposal(SDUILayout.ProposedViewSize(width: Double(proxy.size.width), height: nil)),
                                     traits: traits)
                    }
                }
            } else {
                GeometryReader { proxy in
                    SDUIHostView(model: model, screen: screen,
                                 placement: .window(Size(width: Double(proxy.size.width), height: Double(proxy.size.height))),
                                 traits: traits)
                }
            }
        }
        .onAppear {
            for problem in FontRegistration.registerBundledFonts() { handlers.onDiagnostic("font: \(problem)") }
            model.lifecycle(screen, appearing: true)
        }
        .onDisappear { model.lifecycle(screen, appearing: false) }
    }
}

/// `SDUIView`'s size: the engine's at SwiftUI's proposal (nil or infinite sides unspecified); its one subview is
/// placed over the whole of it.
struct SDUIFittingLayout: Layout {
    let model: SDUIHostModel
    let screen: Screen
    let traits: SDUIHostTraits

    func sizeThatFits(proposal: SwiftUI.ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let offered = SDUILayout.ProposedViewSize(width: proposal.width.map(Double.init), height: proposal.height.map(Double.init))
        return MainActor.assumeIsolated { model.fittingSize(screen, proposal: offered, traits: traits) }
    }

    func placeSubviews(in bounds: CGRect, proposal: SwiftUI.ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for subview in subviews {
            subview.place(at: bounds.origin, anchor: .topLeading, proposal: SwiftUI.ProposedViewSize(bounds.size))
        }
    }
}

/// The drawing of a payload for one placement: the root's tree at the root's frame, in physical coordinates (the
/// engine's frames are already mirrored for right to left, so SwiftUI must not mirror them again).
struct SDUIHostView: View {
    let model: SDUIHostModel
    let screen: Screen
    let placement: SDUIHostModel.Placement
    let traits: SDUIHostTraits

    var body: some View {
        if let drawing = model.drawing(screen, placement: placement, traits: traits), !drawing.items.isEmpty {
            SDUIChildrenOfRoot(drawing: drawing, model: model)
                .environment(\.layoutDirection, .leftToRight)
        }
    }

    /// Gives `model` the view's handlers and a way to draw the view again after a change of state.
    @MainActor
    static func prepare(_ model: SDUIHostModel, handlers: SDUIHandlers, revision: Binding<Int>) -> SDUIHostModel {
        model.handlers = handlers
        model.onChange = { revision.wrappedValue &+= 1 }
        return model
    }
}

/// The root's tree placed at the root's frame.
struct SDUIChildrenOfRoot: View {
    let drawing: SDUIDrawing
    let model: SDUIHostModel

    var body: some View {
        let root = drawing.items[0].frame
        SDUIFrameLayout {
            SDUINodeTree(drawing: drawing, index: 0, model: model)
                .layoutValue(key: SDUIFrameKey.self, value: root)
        }
    }
}

extension EnvironmentValues {
    /// The traits a layout depends on, read from SwiftUI's environment.
    var sduiHostTraits: SDUIHostTraits {
        SDUIHostTraits(contentSize: SDUIHostTraits.contentSize(dynamicTypeSize), dark: colorScheme == .dark,
                       rightToLeft: layoutDirection == .rightToLeft,
                       horizontal: horizontalSizeClass == .regular ? .regular : .compact,
                       vertical: verticalSizeClass == .compact ? .compact : .regular,
                       displayScale: Double(displayScale))
    }
}

extension SDUIHostTraits {
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
