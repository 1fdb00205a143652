import SDUIEnvironment
import SDUISchema

/// What a node shows and does besides where it is — its identity, appearance, text, image, control, action,
/// accessibility and lifecycle actions — resolved for one horizontal size class.
///
/// The flat tree's other half: the build resolves what layout needs into the flat nodes as it builds them, and what
/// the later stages need into a `NodeContentTable` (made on the first request for a node's content); a later stage
/// asks for node `index` (`LayoutResult.content(at:)`) and reads resolved values only — nothing after the build
/// reads the payload model.
package struct NodeContent {
    /// The rows the node's record is in (the table's, or a row resolved again after a state change).
    private let rows: ContentRows
    private let index: Int
    /// The node's output index in `result`.
    private let row: Int
    /// The result read (the state the screen is in: what a control shows).
    private let result: LayoutNodeStorage
    /// The size class values are resolved for.
    package let sizeClass: UserInterfaceSizeClass

    init(_ table: NodeContentTable, row: Int, in result: LayoutNodeStorage) {
        (rows, index) = table.row(row)
        self.row = row
        self.result = result
        sizeClass = table.sizeClass
    }

    /// The node's extras in `rows.extras` (-1: none).
    @inline(__always) private var extrasIndex: Int { Int(rows.records[index].extras) }

    /// The payload's `id`.
    package var id: String? { result.identity(at: row)?.id }
    /// The node's type.
    package var type: ComponentType { result.identity(at: row)?.type ?? .spacer }
    /// A text's, label's or input's text colour, a button's tint, a colour node's fill, a symbol's tint.
    package var color: Color? { rows.records[index].color }
    /// The `background` key: a colour behind the padded, framed box.
    package var background: Color? { rows.records[index].background }
    /// The `cornerRadius` key.
    package var cornerRadius: Double? { rows.records[index].cornerRadius }
    /// A button's style.
    package var buttonStyle: ButtonStyle? { rows.records[index].buttonStyle }
    /// Where content smaller than the frame sits (the `frame` key's alignment).
    package var frameAlignment: Alignment? { rows.records[index].frameAlignment }
    /// How an image fills its box (the `contentMode` key).
    package var contentMode: ContentMode? { rows.records[index].contentMode }
    /// Whether the node has a `modifiers` chain (then `chain` has its elements).
    package var hasModifierChain: Bool { rows.records[index].hasModifierChain }
    /// The whole modifier chain, resolved, innermost first: the `aspectRatio`, `padding`, `frame`, `background` and
    /// `cornerRadius` keys as the modifiers they stand for, then the payload's `modifiers` from `payloadChainStart` on
    /// (`Modifiers.fullChain(isImage:)`). Empty for a node without `modifiers`.
    package var chain: (elements: [ChainElement], payloadChainStart: Int) {
        let k = extrasIndex
        guard k >= 0 else { return ([], 0) }
        return (rows.extras[k].chain, rows.extras[k].payloadChainStart)
    }
    /// The colours of the payload chain's `background` modifiers, innermost first.
    package var chainBackgroundColors: [Color] { let k = extrasIndex; return k >= 0 ? rows.extras[k].chainBackgroundColors : [] }
    /// A scroll's axis.
    package var axis: Axis? { rows.records[index].axis }
    /// The section views a scroll keeps in its viewport.
    package var pinnedViews: PinnedScrollableViews? { rows.records[index].pinnedViews }
    /// A text's string; a button's or label's title.
    package var text: String? {
        if !result.changedTexts.isEmpty, row < result.links.count, let text = result.changedTexts[result.links[row].node] { return text }
        return rows.records[index].text
    }
    /// An image's SF Symbol.
    package var systemName: String? { let k = extrasIndex; return k >= 0 ? rows.extras[k].systemName : nil }
    /// A label's SF Symbol.
    package var systemImage: String? { let k = extrasIndex; return k >= 0 ? rows.extras[k].systemImage : nil }
    package var strikethrough: Bool { rows.records[index].strikethrough }
    package var underline: Bool { rows.records[index].underline }
    /// An image's URL, description, placeholder and mirroring.
    package var url: String? { let k = extrasIndex; return k >= 0 ? rows.extras[k].url : nil }
    package var alt: String? { let k = extrasIndex; return k >= 0 ? rows.extras[k].alt : nil }
    package var placeholder: ImagePlaceholder? { let k = extrasIndex; return k >= 0 ? rows.extras[k].placeholder : nil }
    package var flipsForRightToLeftLayoutDirection: Bool { let k = extrasIndex; return k >= 0 ? rows.extras[k].flipsForRightToLeftLayoutDirection : false }
    /// What a tap does.
    package var action: Action? { let k = extrasIndex; return k >= 0 ? rows.extras[k].action : nil }
    /// Whether a tap does something.
    package var hasAction: Bool { rows.records[index].hasAction }
    /// What runs when the node appears and disappears.
    package var onAppear: Action? { let k = extrasIndex; return k >= 0 ? rows.extras[k].onAppear : nil }
    package var onDisappear: Action? { let k = extrasIndex; return k >= 0 ? rows.extras[k].onDisappear : nil }
    /// The input control the node is (toggle, text field, stepper, picker), with its variable's value.
    package var input: InputContent? {
        let k = extrasIndex
        guard k >= 0, var input = rows.extras[k].input else { return nil }
        input.value = result.state[input.target]
        return input
    }
    /// The `accessibility` properties.
    package var accessibility: AccessibilityContent? { let k = extrasIndex; return k >= 0 ? rows.extras[k].accessibility : nil }
    /// A custom type's own properties, as the payload gave them.
    package var properties: [String: JSONValue] { let k = extrasIndex; return k >= 0 ? rows.extras[k].properties : [:] }
    /// For the root of a node a template made: the item it shows.
    package var templateItem: TemplateItem? { let k = extrasIndex; return k >= 0 ? rows.extras[k].templateItem : nil }
    /// Whether the chain's `hidden` or an `opacity` of 0 hides the node (its subtree is not read by assistive
    /// technologies).
    package var isHiddenByModifiers: Bool { rows.records[index].isHiddenByModifiers }
}
