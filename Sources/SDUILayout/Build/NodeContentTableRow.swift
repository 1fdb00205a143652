import SDUIEnvironment
import SDUISchema

/// A node's content as the content table resolved it (`NodeContentTable`): the reference `NodeContent` (read from
/// the payload nodes' content records) is compared with (`LayoutResult.tableContent(at:)`, the differential tests).
struct NodeContentTableRow {
    /// The rows the node's record is in (the table's, or a row resolved again after a state change).
    private let rows: ContentRows
    private let index: Int
    /// The node's output index in `result`.
    private let row: Int
    /// The result read (the state the screen is in: what a control shows).
    private let result: LayoutNodeStorage
    /// The size class values are resolved for.
    let sizeClass: UserInterfaceSizeClass

    init(_ table: NodeContentTable, row: Int, in result: LayoutNodeStorage) {
        (rows, index) = table.row(row)
        self.row = row
        self.result = result
        sizeClass = table.sizeClass
    }

    /// The node's extras in `rows.extras` (-1: none).
    @inline(__always) private var extrasIndex: Int { Int(rows.records[index].extras) }

    /// The payload's `id`.
    var id: String? { result.identity(at: row)?.id }
    /// The node's type.
    var type: ComponentType { result.identity(at: row)?.type ?? .spacer }
    /// A text's, label's or input's text colour, a button's tint, a colour node's fill, a symbol's tint.
    var color: Color? { rows.records[index].color }
    /// The `background` key: a colour behind the padded, framed box.
    var background: Color? { rows.records[index].background }
    /// The `cornerRadius` key.
    var cornerRadius: Double? { rows.records[index].cornerRadius }
    /// A button's style.
    var buttonStyle: ButtonStyle? { rows.records[index].buttonStyle }
    /// Where content smaller than the frame sits (the `frame` key's alignment).
    var frameAlignment: Alignment? { rows.records[index].frameAlignment }
    /// How an image fills its box (the `contentMode` key).
    var contentMode: ContentMode? { rows.records[index].contentMode }
    /// Whether the node has a `modifiers` chain (then `chain` has its elements).
    var hasModifierChain: Bool { rows.records[index].hasModifierChain }
    /// The whole modifier chain, resolved, innermost first: the `aspectRatio`, `padding`, `frame`, `background` and
    /// `cornerRadius` keys as the modifiers they stand for, then the payload's `modifiers` from `payloadChainStart` on
    /// (`Modifiers.fullChain(isImage:)`). Empty for a node without `modifiers`.
    var chain: (elements: [ChainElement], payloadChainStart: Int) {
        let k = extrasIndex
        guard k >= 0 else { return ([], 0) }
        return (rows.extras[k].chain, rows.extras[k].payloadChainStart)
    }
    /// The colours of the payload chain's `background` modifiers, innermost first.
    var chainBackgroundColors: [Color] { let k = extrasIndex; return k >= 0 ? rows.extras[k].chainBackgroundColors : [] }
    /// A scroll's axis.
    var axis: Axis? { rows.records[index].axis }
    /// The section views a scroll keeps in its viewport.
    var pinnedViews: PinnedScrollableViews? { rows.records[index].pinnedViews }
    /// A text's string; a button's or label's title.
    var text: String? {
        if !result.changedTexts.isEmpty, row < result.links.count, let text = result.changedTexts[result.links[row].node] { return text }
        return rows.records[index].text
    }
    /// An image's SF Symbol.
    var systemName: String? { let k = extrasIndex; return k >= 0 ? rows.extras[k].systemName : nil }
    /// A label's SF Symbol.
    var systemImage: String? { let k = extrasIndex; return k >= 0 ? rows.extras[k].systemImage : nil }
    var strikethrough: Bool { rows.records[index].strikethrough }
    var underline: Bool { rows.records[index].underline }
    /// An image's URL, description, placeholder and mirroring.
    var url: String? { let k = extrasIndex; return k >= 0 ? rows.extras[k].url : nil }
    var alt: String? { let k = extrasIndex; return k >= 0 ? rows.extras[k].alt : nil }
    var placeholder: ImagePlaceholder? { let k = extrasIndex; return k >= 0 ? rows.extras[k].placeholder : nil }
    var flipsForRightToLeftLayoutDirection: Bool { let k = extrasIndex; return k >= 0 ? rows.extras[k].flipsForRightToLeftLayoutDirection : false }
    /// What a tap does.
    var action: Action? { let k = extrasIndex; return k >= 0 ? rows.extras[k].action : nil }
    /// Whether a tap does something.
    var hasAction: Bool { rows.records[index].hasAction }
    /// What runs when the node appears and disappears.
    var onAppear: Action? { let k = extrasIndex; return k >= 0 ? rows.extras[k].onAppear : nil }
    var onDisappear: Action? { let k = extrasIndex; return k >= 0 ? rows.extras[k].onDisappear : nil }
    /// The input control the node is (toggle, text field, stepper, picker), with its variable's value.
    var input: InputContent? {
        let k = extrasIndex
        guard k >= 0, var input = rows.extras[k].input else { return nil }
        input.value = result.state[input.target]
        return input
    }
    /// The `accessibility` properties.
    var accessibility: AccessibilityContent? { let k = extrasIndex; return k >= 0 ? rows.extras[k].accessibility : nil }
    /// A custom type's own properties, as the payload gave them.
    var properties: [String: JSONValue] { let k = extrasIndex; return k >= 0 ? rows.extras[k].properties : [:] }
    /// For the root of a node a template made: the item it shows.
    var templateItem: TemplateItem? { let k = extrasIndex; return k >= 0 ? rows.extras[k].templateItem : nil }
    /// Whether the chain's `hidden` or an `opacity` of 0 hides the node (its subtree is not read by assistive
    /// technologies).
    var isHiddenByModifiers: Bool { rows.records[index].isHiddenByModifiers }
}
