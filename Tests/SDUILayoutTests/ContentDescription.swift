import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema

/// The fields `NodeContent` (read from the content records) and `NodeContentTableRow` (the content table, the
/// reference) both give, so one description compares them all.
protocol DescribedContent {
    var id: String? { get }
    var type: ComponentType { get }
    var color: Color? { get }
    var background: Color? { get }
    var cornerRadius: Double? { get }
    var buttonStyle: ButtonStyle? { get }
    var frameAlignment: Alignment? { get }
    var contentMode: ContentMode? { get }
    var hasModifierChain: Bool { get }
    var chain: (elements: [ChainElement], payloadChainStart: Int) { get }
    var chainBackgroundColors: [Color] { get }
    var axis: Axis? { get }
    var pinnedViews: PinnedScrollableViews? { get }
    var text: String? { get }
    var systemName: String? { get }
    var systemImage: String? { get }
    var strikethrough: Bool { get }
    var underline: Bool { get }
    var url: String? { get }
    var alt: String? { get }
    var placeholder: ImagePlaceholder? { get }
    var flipsForRightToLeftLayoutDirection: Bool { get }
    var action: Action? { get }
    var hasAction: Bool { get }
    var onAppear: Action? { get }
    var onDisappear: Action? { get }
    var input: InputContent? { get }
    var accessibility: AccessibilityContent? { get }
    var properties: [String: JSONValue] { get }
    var templateItem: TemplateItem? { get }
    var isHiddenByModifiers: Bool { get }
    var sizeClass: UserInterfaceSizeClass { get }
}

extension NodeContent: DescribedContent {}
extension NodeContentTableRow: DescribedContent {}

extension DescribedContent {
    /// Every field, the input with its value, the properties with their values.
    var fullDescription: String {
        let values: [Any?] = [id, type, color, background, cornerRadius, buttonStyle, frameAlignment, contentMode, hasModifierChain,
                              chain.elements, chain.payloadChainStart, chainBackgroundColors, axis, pinnedViews?.rawValue, text,
                              systemName, systemImage, strikethrough, underline, url, alt, placeholder,
                              flipsForRightToLeftLayoutDirection, action, hasAction, onAppear, onDisappear, input, accessibility,
                              properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }, templateItem,
                              isHiddenByModifiers, sizeClass]
        return values.map { String(describing: $0) }.joined(separator: " | ")
    }
}
