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
public struct SDUIScreenView: View {
    /// The screen shown.
    public let screen: Screen
    /// Views for custom component types.
    public var registry: SDUIViewRegistry
    /// What a tap on a node with an action does.
    public var onAction: @MainActor (Action, DisplayItem) -> Void

    @Environment(\.dynamicTypeSize) private var dynamicTypeSize
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.layoutDirection) private var layoutDirection
    @Environment(\.horizontalSizeClass) private var horizontalSizeClass
    @Environment(\.verticalSizeClass) private var verticalSizeClass
    @State private var model = SDUILayoutModel()

    /// A view of `screen`.
    public init(screen: Screen, registry: SDUIViewRegistry = SDUIViewRegistry(),
                onAction: @escaping @MainActor (Action, DisplayItem) -> Void = { _, _ in }) {
        self.screen = screen; self.registry = registry; self.onAction = onAction
    }

    public var body: some View {
        let traits = SDUIHostTraits(contentSize: Self.contentSize(dynamicTypeSize), dark: colorScheme == .dark,
                                    rightToLeft: layoutDirection == .rightToLeft,
                                    horizontal: horizontalSizeClass == .regular ? .regular : .compact,
                                    vertical: verticalSizeClass == .compact ? .compact : .regular)
        let (items, priorities) = model.items(screen: screen, traits: traits)
        SDUIEngineLayout(model: model, screen: screen, traits: traits) {
            ForEach(items, id: \.identity) { item in
                SDUINodeContent(item: item, sortPriority: item.index.int < priorities.count ? priorities[item.index.int] : 0,
                                registry: registry, onAction: onAction)
                    .layoutValue(key: SDUINodeKey.self, value: item.identity)
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

/// The engine and its results per proposed size, shared by the layout and the body.
@MainActor
final class SDUILayoutModel {
    private let engine = LayoutEngine()
    private var results: [SDUIProposalKey: Entry] = [:]
    private var lastSize = Size(width: 0, height: 0)
    private var lastScreen: Screen?

    /// One laid-out size: the result, its display items and their accessibility sort priorities.
    typealias Entry = (result: LayoutResult, items: [DisplayItem], sortPriorities: [Double])

    /// The items at the last size laid out (what the body makes views for), with their sort priorities.
    func items(screen: Screen, traits: SDUIHostTraits) -> ([DisplayItem], [Double]) {
        guard lastSize.width > 0, let entry = layout(screen: screen, size: lastSize, traits: traits) else { return ([], []) }
        return (entry.items, entry.sortPriorities)
    }

    /// The layout for `size` (cached per size, traits and screen: SwiftUI proposes the same size several times).
    func layout(screen: Screen, size: Size, traits: SDUIHostTraits) -> Entry? {
        if lastScreen != screen { results = [:]; lastScreen = screen }
        let key = SDUIProposalKey(size: size, traits: traits)
        if let cached = results[key] { return cached }
        guard let environment = HostEnvironment.window(size: size, safeArea: SDUIEnvironment.EdgeInsets(), screenSize: size,
                                                       idiom: traits.horizontal == .regular ? .pad : .phone,
                                                       horizontalSizeClass: traits.horizontal,
                                                       verticalSizeClass: traits.vertical) else { return nil }
        let engineTraits = environment.traitCollection(contentSize: traits.contentSize, style: traits.dark ? .dark : .light,
                                                       layoutDirection: traits.rightToLeft ? .rightToLeft : .leftToRight)
        let result = engine.layout(screen, in: environment, traits: engineTraits)
        let list = DisplayList(result, screen: screen)
        let entry: Entry = (result, list.items, list.accessibilitySortPriorities)
        if results.count > 8 { results = [:] }
        results[key] = entry
        lastSize = size
        return entry
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
