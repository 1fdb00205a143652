// A stub of the SwiftUI declarations SDUIKit's SwiftUI host uses, written from Apple's documentation
// (developer.apple.com/documentation/swiftui, iOS 17/18), for one purpose: type-checking Sources/SDUISwiftUI on a
// machine without Apple's SDK (Hosts/check). Signatures only; nothing here runs. Reachable only by that check.
// It also declares SwiftUI's names that SDUIKit's modules use too (Text, Image, Color, ZStack, Alignment, EdgeInsets,
// ContentMode, ContentSizeCategory, LayoutDirection, UserInterfaceSizeClass, Axis), so an unqualified use that would
// be ambiguous with Apple's SwiftUI is ambiguous here as well.
@_exported import Foundation
import UIKit

// MARK: Views and builders

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@MainActor @preconcurrency @resultBuilder public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { _ConditionalContent() }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { _ConditionalContent() }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

public struct TupleView<T>: View {
    public init(_ value: T) {}
    public var body: Never { fatalError() }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    init() {}
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

public struct AnyView: View {
    public init<V: View>(_ view: V) {}
    public var body: Never { fatalError() }
}

public struct ModifiedView<Content>: View {
    public var body: Never { fatalError() }
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
    public var body: Never { fatalError() }
}

public struct ZStack<Content: View>: View {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct Text: View {
    public init<S: StringProtocol>(_ content: S) {}
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
    public var body: Never { fatalError() }
}

public struct Image: View {
    public init(systemName: String) {}
    public func resizable() -> Image { self }
    public var body: Never { fatalError() }
}

public struct Font: Hashable, Sendable {
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { Font() }
}

public enum ContentMode: Hashable, Sendable { case fit, fill }
public enum Axis: Hashable, Sendable { case horizontal, vertical }
public enum ColorScheme: Hashable, Sendable { case light, dark }
public enum LayoutDirection: Hashable, Sendable { case leftToRight, rightToLeft }
public enum UserInterfaceSizeClass: Hashable, Sendable { case compact, regular }
public enum ContentSizeCategory: Hashable, Sendable { case large }
public struct EdgeInsets: Hashable, Sendable { public init() {} }

/// Not frozen: switches over it need `@unknown default`, as over Apple's.
public enum DynamicTypeSize: Hashable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
}

public struct Alignment: Hashable, Sendable {
    public static let center = Alignment(), topLeading = Alignment(), leading = Alignment(), trailing = Alignment()
}

public struct UnitPoint: Hashable, Sendable {
    public static let topLeading = UnitPoint(), center = UnitPoint()
}

// MARK: Colors and shapes

public protocol ShapeStyle: Sendable {}

public struct Color: View, ShapeStyle, Hashable {
    public enum RGBColorSpace: Sendable { case sRGB }
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public init(uiColor: UIColor) {}
    public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
    public func opacity(_ opacity: Double) -> Color { self }
    public var body: Never { fatalError() }
}

public protocol Shape: View {}
extension Shape {
    public func fill<S: ShapeStyle>(_ content: S) -> ModifiedView<Self> { ModifiedView() }
    public var body: Never { fatalError() }
}

public protocol InsettableShape: Shape {}
extension InsettableShape {
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> ModifiedView<Self> { ModifiedView() }
}

public struct Rectangle: InsettableShape { public init() {} }
public struct RoundedRectangle: InsettableShape { public init(cornerRadius: CGFloat) {} }

// MARK: Modifiers

extension View {
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> ModifiedView<Self> { ModifiedView() }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedView<Self> { ModifiedView() }
    public func opacity(_ opacity: Double) -> ModifiedView<Self> { ModifiedView() }
    public func font(_ font: Font?) -> ModifiedView<Self> { ModifiedView() }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedView<Self> { ModifiedView() }
    public func fixedSize() -> ModifiedView<Self> { ModifiedView() }
    public func clipped() -> ModifiedView<Self> { ModifiedView() }
    public func clipShape<S: Shape>(_ shape: S) -> ModifiedView<Self> { ModifiedView() }
    public func shadow(color: Color, radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> ModifiedView<Self> { ModifiedView() }
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> ModifiedView<Self> { ModifiedView() }
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ModifiedView<Self> { ModifiedView() }
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> ModifiedView<Self> { ModifiedView() }
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> ModifiedView<Self> { ModifiedView() }
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> ModifiedView<Self> { ModifiedView() }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> ModifiedView<Self> { ModifiedView() }
    public func accessibilityIdentifier(_ identifier: String) -> ModifiedView<Self> { ModifiedView() }
    public func accessibilitySortPriority(_ sortPriority: Double) -> ModifiedView<Self> { ModifiedView() }
    public func accessibilityHidden(_ hidden: Bool) -> ModifiedView<Self> { ModifiedView() }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> ModifiedView<Self> { ModifiedView() }
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> ModifiedView<Self> { ModifiedView() }
    public func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> ModifiedView<Self> { ModifiedView() }
}

// MARK: Images

public enum AsyncImagePhase: Sendable {
    case empty
    case success(Image)
    case failure(any Error)
}

public struct AsyncImage<Content: View>: View {
    public init(url: URL?, scale: CGFloat = 1, transaction: Transaction = Transaction(),
                @ViewBuilder content: @escaping (AsyncImagePhase) -> Content) {}
    public var body: Never { fatalError() }
}

public struct Transaction: Sendable { public init() {} }

// MARK: State and environment

@propertyWrapper public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
}

@propertyWrapper public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

public protocol DynamicProperty {}

public struct EnvironmentValues {
    public var dynamicTypeSize: DynamicTypeSize { .large }
    public var colorScheme: ColorScheme { .light }
    public var layoutDirection: LayoutDirection { .leftToRight }
    public var horizontalSizeClass: UserInterfaceSizeClass? { nil }
    public var verticalSizeClass: UserInterfaceSizeClass? { nil }
}

// MARK: Layout (iOS 16)

public struct ProposedViewSize: Hashable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?
    public init(width: CGFloat?, height: CGFloat?) { self.width = width; self.height = height }
    public static let zero = ProposedViewSize(width: 0, height: 0)
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
}

public protocol LayoutValueKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

public struct LayoutSubview {
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value { fatalError() }
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {}
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { .zero }
}

public struct LayoutSubviews: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { 0 }
    public subscript(index: Int) -> LayoutSubview { fatalError() }
}

public protocol Animatable {}

public protocol Layout: Animatable {
    associatedtype Cache = Void
    typealias Subviews = LayoutSubviews
    func makeCache(subviews: Subviews) -> Cache
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
}

extension Layout where Cache == () {
    public func makeCache(subviews: Subviews) -> Cache { () }
}

extension Layout {
    /// A layout used as a container view (`MyLayout { … }`).
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View { ModifiedView<V>() }
}

// MARK: Accessibility

public struct AccessibilityTraits: SetAlgebra, Sendable {
    public init() {}
    public static let isButton = AccessibilityTraits()
    public static let isHeader = AccessibilityTraits()
    public static let isSelected = AccessibilityTraits()
    public static let isLink = AccessibilityTraits()
    public static let isSearchField = AccessibilityTraits()
    public static let isImage = AccessibilityTraits()
    public static let playsSound = AccessibilityTraits()
    public static let isKeyboardKey = AccessibilityTraits()
    public static let isStaticText = AccessibilityTraits()
    public static let isSummaryElement = AccessibilityTraits()
    public static let updatesFrequently = AccessibilityTraits()
    public static let startsMediaSession = AccessibilityTraits()
    public static let allowsDirectInteraction = AccessibilityTraits()
    public static let causesPageTurn = AccessibilityTraits()
    public static let isModal = AccessibilityTraits()
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *) public static let isToggle = AccessibilityTraits()
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *) public static let isTabBar = AccessibilityTraits()
    public func union(_ other: AccessibilityTraits) -> AccessibilityTraits { self }
    public func intersection(_ other: AccessibilityTraits) -> AccessibilityTraits { self }
    public func symmetricDifference(_ other: AccessibilityTraits) -> AccessibilityTraits { self }
    public func contains(_ member: AccessibilityTraits) -> Bool { false }
    public mutating func insert(_ newMember: AccessibilityTraits) -> (inserted: Bool, memberAfterInsert: AccessibilityTraits) { (false, self) }
    public mutating func remove(_ member: AccessibilityTraits) -> AccessibilityTraits? { nil }
    public mutating func update(with newMember: AccessibilityTraits) -> AccessibilityTraits? { nil }
    public mutating func formUnion(_ other: AccessibilityTraits) {}
    public mutating func formIntersection(_ other: AccessibilityTraits) {}
    public mutating func formSymmetricDifference(_ other: AccessibilityTraits) {}
    public static func == (a: AccessibilityTraits, b: AccessibilityTraits) -> Bool { true }
}

public struct AccessibilityChildBehavior: Hashable, Sendable {
    public static let ignore = AccessibilityChildBehavior()
    public static let contain = AccessibilityChildBehavior()
    public static let combine = AccessibilityChildBehavior()
}

// MARK: Controls and bindings

@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

public struct Toggle<Label: View>: View {
    public var body: Never { fatalError() }
}
extension Toggle where Label == Text {
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
}

public struct TextField<Label: View>: View {
    public var body: Never { fatalError() }
}
extension TextField where Label == Text {
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

public struct SecureField<Label: View>: View {
    public var body: Never { fatalError() }
}
extension SecureField where Label == Text {
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

public struct Stepper<Label: View>: View {
    public var body: Never { fatalError() }
}
extension Stepper where Label == Text {
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                                  onEditingChanged: @escaping (Bool) -> Void = { _ in }) {}
}

public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}
extension Picker where Label == Text {
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {}
}

public protocol PickerStyle {}
public struct SegmentedPickerStyle: PickerStyle { public init() {} }
public struct MenuPickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == SegmentedPickerStyle { public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() } }
extension PickerStyle where Self == MenuPickerStyle { public static var menu: MenuPickerStyle { MenuPickerStyle() } }

public protocol TextFieldStyle {}
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {} }
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}

public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
}

extension View {
    public func labelsHidden() -> ModifiedView<Self> { ModifiedView() }
    public func onAppear(perform action: (() -> Void)? = nil) -> ModifiedView<Self> { ModifiedView() }
    public func onDisappear(perform action: (() -> Void)? = nil) -> ModifiedView<Self> { ModifiedView() }
    public func pickerStyle<S: PickerStyle>(_ style: S) -> ModifiedView<Self> { ModifiedView() }
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> ModifiedView<Self> { ModifiedView() }
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> ModifiedView<Self> { ModifiedView() }
    public func tag<V: Hashable>(_ tag: V) -> ModifiedView<Self> { ModifiedView() }
    /// UIKit platforms: the keyboard a text field shows.
    public func keyboardType(_ type: UIKeyboardType) -> ModifiedView<Self> { ModifiedView() }
}
