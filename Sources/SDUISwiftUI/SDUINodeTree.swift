#if canImport(SwiftUI)
// Apple platforms only; compiled against Apple's SDK by Scripts/ios-build (see SDUIScreenView.swift).
import SwiftUI
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIDisplay

/// One node and its subtree, nested as the payload is: the node's own drawing, its children's views placed at their
/// engine frames relative to it (`SDUIFrameLayout`) — or, for a `scroll`, a `ScrollView` holding them at their content
/// frames (`SDUIScrollContainer`) — and the chain's overlay boxes over them. Because children are inside their parent's
/// view, a node's clip shape (and a scroll view's bounds) clips them; its opacity, shadow and hiding apply to all of it.
struct SDUINodeTree: View {
    let drawing: SDUIDrawing
    let index: Int
    let model: SDUIHostModel

    var body: some View {
        let item = drawing.items[index]
        let registry = model.handlers.registry
        let isRegistered = SDUINodeContent.isRegistered(item, in: registry)
        let isElement = item.accessibility.isElement
        let own = SDUINodeContent(item: item, registry: registry,
                                  input: item.control == nil ? nil : model.session?.input(ofNodeAt: index, in: drawing.result),
                                  onInput: { changed, value in model.setInput(of: changed, to: value) },
                                  onSubmit: { submitted in model.submit(submitted) })
            // A node that is not an element: its own drawing is hidden (its children are views of their own).
            .accessibilityHidden(!isElement && !isRegistered)
        let shadow = item.appearance.decorations.frameShadow
        let tree = SwiftUI.ZStack(alignment: .topLeading) {
            own
            if item.type == .scroll {
                SDUIScrollContainer(drawing: drawing, index: index, model: model)
            } else if !drawing.children[index].isEmpty {
                SDUIChildren(drawing: drawing, parent: index, contentOrigin: item.frame.origin, model: model)
            }
            SDUINodeOverlay(item: item)
        }
        .frame(width: item.frame.width, height: item.frame.height, alignment: .topLeading)
        .modifier(SDUIClip(radius: SDUINodeContent.clipRadius(item)))
        .shadow(color: SDUINodeContent.color(shadow?.color ?? SDUISchema.Color.system["clear"]!), radius: shadow?.radius ?? 0,
                x: shadow?.x ?? 0, y: shadow?.y ?? 0)
        .opacity(item.isHidden ? 0 : item.appearance.opacity)
        .allowsHitTesting(!item.isHidden)
        return tree
            .modifier(SDUIAccessibilityRole(item: item, sortPriority: index < drawing.sortPriorities.count ? drawing.sortPriorities[index] : 0))
            .onTapGesture { if item.action != nil { model.perform(item.action, from: item) } }
    }
}

/// A node's children at their frames relative to `contentOrigin` (the parent's frame origin, in window points), each
/// pinned section header or footer moved by the root scroll's displacement and drawn above its siblings.
struct SDUIChildren: View {
    let drawing: SDUIDrawing
    let parent: Int
    let contentOrigin: Point
    let model: SDUIHostModel
    @Environment(\.sduiPinnedDisplacements) private var pinned

    var body: some View {
        SDUIFrameLayout {
            ForEach(drawing.children[parent].map { SDUIChild(index: $0, identity: drawing.items[$0].identity) }, id: \.identity) { entry in
                let child = entry.index
                let item = drawing.items[child]
                let delta = pinned[child] ?? 0
                SDUINodeTree(drawing: drawing, index: child, model: model)
                    .layoutValue(key: SDUIFrameKey.self, value: Rect(x: item.frame.x - contentOrigin.x, y: item.frame.y - contentOrigin.y,
                                                                      width: item.frame.width, height: item.frame.height))
                    .offset(x: drawing.pinning.isHorizontal ? delta : 0, y: drawing.pinning.isHorizontal ? 0 : delta)
                    .zIndex(delta != 0 ? 1 : 0)
            }
        }
    }
}

/// A child's index in the drawing and its identity across drawings (SwiftUI's identity of its view).
struct SDUIChild {
    var index: Int
    var identity: NodeIdentity
}

/// A `scroll` node: a `ScrollView` along its axis whose content is its children at their frames (content at offset 0,
/// as the engine laid it out; content at negative coordinates — a right-to-left horizontal scroll — is shifted in and
/// the view starts at its trailing end), as large as their extent. Its offset, read in a named coordinate space, drives
/// the root scroll's pinned section views (`ScrollPinning`) and lazy items' `onAppear` / `onDisappear`
/// (`LazyItemTracker`).
struct SDUIScrollContainer: View {
    let drawing: SDUIDrawing
    let index: Int
    let model: SDUIHostModel
    @State private var offset = 0.0

    var body: some View {
        let item = drawing.items[index]
        let horizontal = drawing.horizontalScrolls.contains(index)
        let extent = drawing.scrollExtents[index] ?? Rect(x: 0, y: 0, width: 0, height: 0)
        // Content before the start (negative: right to left) is shifted in; the content is at least the viewport.
        let shift = Point(x: min(0, extent.minX), y: min(0, extent.minY))
        let width = max(item.frame.width, extent.maxX) - shift.x
        let height = max(item.frame.height, extent.maxY) - shift.y
        let space = "sdui.scroll.\(index)"
        ScrollViewReader { reader in
            ScrollView(horizontal ? .horizontal : .vertical) {
                SDUIChildren(drawing: drawing, parent: index,
                             contentOrigin: Point(x: item.frame.x + shift.x, y: item.frame.y + shift.y), model: model)
                    .frame(width: width, height: height, alignment: .topLeading)
                    .background(GeometryReader { proxy in
                        let frame = proxy.frame(in: .named(space))
                        SwiftUI.Color.clear.preference(key: SDUIScrollOffsetKey.self,
                                                       value: Double(horizontal ? -frame.minX : -frame.minY) + (horizontal ? shift.x : shift.y))
                    })
                    .id("sdui.scroll.content")
            }
            .coordinateSpace(name: space)
            .onAppear { if horizontal && shift.x < 0 { reader.scrollTo("sdui.scroll.content", anchor: .trailing) } }
        }
        .frame(width: item.frame.width, height: item.frame.height)
        .onPreferenceChange(SDUIScrollOffsetKey.self) { value in
            offset = value
            if index == 0 { model.scrolled(to: value) }
        }
        .environment(\.sduiPinnedDisplacements, index == 0 ? Self.displacements(drawing, offset) : [:])
    }

    /// The root scroll's pinned views' displacements at `offset`, by item index.
    static func displacements(_ drawing: SDUIDrawing, _ offset: Double) -> [Int: Double] {
        var moves: [Int: Double] = [:]
        for (item, delta) in drawing.pinning.displacements(in: drawing.items, at: offset) { moves[item.int] = delta }
        return moves
    }
}

/// Places each subview at its `SDUIFrameKey` rect (relative to the layout's origin), proposing its size; as large as
/// what it is offered (its parent's frame sets that).
struct SDUIFrameLayout: Layout {
    func sizeThatFits(proposal: SwiftUI.ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        CGSize(width: proposal.width ?? 0, height: proposal.height ?? 0)
    }

    func placeSubviews(in bounds: CGRect, proposal: SwiftUI.ProposedViewSize, subviews: Subviews, cache: inout ()) {
        for subview in subviews {
            let frame = subview[SDUIFrameKey.self]
            subview.place(at: CGPoint(x: bounds.minX + frame.x, y: bounds.minY + frame.y), anchor: .topLeading,
                          proposal: SwiftUI.ProposedViewSize(width: frame.width, height: frame.height))
        }
    }
}

/// A subview's frame relative to its `SDUIFrameLayout`.
struct SDUIFrameKey: LayoutValueKey {
    static let defaultValue = Rect(x: 0, y: 0, width: 0, height: 0)
}

/// A scroll view's content offset along its axis, read from its content's frame.
struct SDUIScrollOffsetKey: PreferenceKey {
    static let defaultValue = 0.0
    static func reduce(value: inout Double, nextValue: () -> Double) { value = nextValue() }
}

/// The root scroll's pinned views' displacements, by item index, for the views below it.
struct SDUIPinnedDisplacementsKey: EnvironmentKey {
    static let defaultValue: [Int: Double] = [:]
}

extension EnvironmentValues {
    var sduiPinnedDisplacements: [Int: Double] {
        get { self[SDUIPinnedDisplacementsKey.self] }
        set { self[SDUIPinnedDisplacementsKey.self] = newValue }
    }
}

/// Clips a node and its children to its clip shape (a rounded rectangle: an ellipse or capsule by its corner radius).
struct SDUIClip: ViewModifier {
    let radius: Double?
    func body(content: Content) -> some View {
        if let radius {
            content.clipShape(RoundedRectangle(cornerRadius: radius))
        } else {
            content
        }
    }
}

/// A node's part in the accessibility tree: an element reads as one (its label, hint, value, traits, identifier,
/// covering its children), a `contain` group keeps its elements together; any other node adds nothing of its own.
struct SDUIAccessibilityRole: ViewModifier {
    let item: DisplayItem
    let sortPriority: Double
    func body(content: Content) -> some View {
        switch item.accessibility.role {
        case .element:
            content.sduiAccessibility(item.accessibility, sortPriority: sortPriority, keepsOwn: false)
        case .container:
            content.accessibilityElement(children: .contain)
        case .none, .covered, .hidden:
            content
        }
    }
}
#endif
