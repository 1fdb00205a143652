import SDUIEnvironment
@testable import SDUILayout
@testable import SDUISchema

/// The fields `NodeContent` gives, so one description compares them all with what the payload model's public
/// properties say (`fullExpected`).
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

/// What `fullDescription` gives for `node`, from the payload model's public properties resolved for `sizeClass` (an
/// input's value from `state`): independent of the records `NodeContent` reads.
func fullExpected(_ node: ComponentNode, _ sizeClass: UserInterfaceSizeClass, state: ScreenState) -> String {
    func r<T>(_ value: Responsive<T>?) -> T? { value?.resolved(for: sizeClass) }
    let isImage = node.type == .image, shows = isImage || node.type == .label
    let payloadChain = node.modifiers.chain
    let full = payloadChain.isEmpty ? [] : node.modifiers.fullChain(isImage: isImage)
    let chain: [ChainElement] = full.map { ChainElement($0, sizeClass: sizeClass) }
    let start = full.count - payloadChain.count
    let backgrounds: [Color] = payloadChain.compactMap { modifier in
        guard case .background(let d) = modifier, case .color(let c) = d.content else { return nil }
        return c.resolved(for: sizeClass)
    }
    let hidden = payloadChain.contains { modifier in
        switch modifier {
        case .hidden(let h): return h.resolved(for: sizeClass)
        case .opacity(let o): return o.resolved(for: sizeClass) <= 0
        default: return false
        }
    }
    var input: InputContent? = node.input.map { InputContent($0, sizeClass: sizeClass) }
    if let target = input?.target { input?.value = state[target] }
    let text: String? = node.type == .button || node.type == .label ? r(node.title) : r(node.text)
    let systemName: String? = shows ? r(node.systemName) : nil, systemImage: String? = shows ? r(node.systemImage) : nil
    let url: String? = shows ? r(node.url) : nil, alt: String? = shows ? r(node.alt) : nil
    let placeholder: ImagePlaceholder? = shows ? r(node.placeholder) : nil
    let flips: Bool = shows ? r(node.flipsForRightToLeftLayoutDirection) ?? false : false
    let accessibility: AccessibilityContent? = node.modifiers.accessibility.map { AccessibilityContent($0, sizeClass: sizeClass) }
    let color: Color? = r(node.color), background: Color? = r(node.modifiers.background)
    let cornerRadius: Double? = r(node.modifiers.cornerRadius), buttonStyle: ButtonStyle? = r(node.buttonStyle)
    let frameAlignment: Alignment? = r(node.modifiers.frame?.alignment), contentMode: ContentMode? = r(node.modifiers.contentMode)
    let axis: Axis? = r(node.axis), pinned: UInt8? = node.pinnedViews?.rawValue
    let strikethrough: Bool = r(node.strikethrough) ?? false, underline: Bool = r(node.underline) ?? false
    let action: Action? = node.modifiers.action, onAppear: Action? = node.onAppear, onDisappear: Action? = node.onDisappear
    let item: TemplateItem? = node.templateItem, id: String? = node.id
    let values: [Any?] = [id, node.type, color, background, cornerRadius, buttonStyle, frameAlignment, contentMode,
                          !payloadChain.isEmpty, chain, start, backgrounds, axis, pinned, text, systemName, systemImage,
                          strikethrough, underline, url, alt, placeholder, flips, action, action != nil, onAppear, onDisappear,
                          input, accessibility, node.extra.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }, item,
                          hidden, sizeClass]
    return values.map { String(describing: $0) }.joined(separator: " | ")
}
