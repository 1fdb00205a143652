import SDUIEnvironment
import SDUISchema

/// What a node shows and does besides where it is — its identity, appearance, text, image, control, action,
/// accessibility and lifecycle actions — resolved for one horizontal size class.
///
/// Read, by the node's output index, from the records its payload node's property box carries (`NodeContentRecord`,
/// next to the geometry record the build reads), written where the values were made: by the decoder, or by the setter
/// or state change that made the box. A later stage asks for node `index` (`LayoutResult.content(at:)`) and reads
/// resolved values only, through the flat node's pointer to its payload node (`OutputLink.source`, kept alive by the
/// result) — one hop, nothing resolved on the way: no stage after the build walks the screen or resolves a property.
package struct NodeContent {
    /// The payload node the flat node was built from (alive while `result` is).
    private let source: UnsafePointer<ComponentNode>
    /// Its content record for `sizeClass`: its box's, or the size class's variant of it.
    private let record: UnsafePointer<NodeContentRecord>
    /// The variant for `sizeClass` when the box's properties use size classes (its text, title and button style).
    private let variant: UnsafePointer<NodeContentVariants.Variant>?
    /// The node's output index in `result`.
    private let row: Int
    /// The result read (keeps the payload nodes alive; the state the screen is in: what a control shows).
    private let result: LayoutNodeStorage
    /// The size class values are resolved for.
    package let sizeClass: UserInterfaceSizeClass

    /// The content of node `row` of `result`, from its payload node's records. `row` must be one of `result`'s links.
    init(records row: Int, in result: LayoutNodeStorage, sizeClass: UserInterfaceSizeClass) {
        let source = result.links[row].source
        self.source = source
        let base = ComponentNode.content(at: source)
        if base.pointee.usesSizeClasses, let variants = base.pointee.variants {
            let variant = variants.variant(for: sizeClass)
            self.variant = variant
            record = NodeContentVariants.record(of: variant)
        } else {
            variant = nil
            record = base
        }
        self.row = row
        self.result = result
        self.sizeClass = sizeClass
    }

    /// The node's extras (nil: none).
    @inline(__always) private var extras: UnsafePointer<NodeContentExtras>? { record.pointee.extras.map { UnsafePointer($0.fields) } }
    /// Whether the node shows an image's or a label's fields.
    @inline(__always) private var showsImage: Bool { let t = source.pointee.type; return t == .image || t == .label }

    /// The payload's `id`.
    package var id: String? { source.pointee.id }
    /// The node's type.
    package var type: ComponentType { source.pointee.type }
    /// A text's, label's or input's text colour, a button's tint, a colour node's fill, a symbol's tint.
    package var color: Color? { record.pointee.color }
    /// The `background` key: a colour behind the padded, framed box.
    package var background: Color? { record.pointee.background }
    /// The `cornerRadius` key.
    package var cornerRadius: Double? { record.pointee.cornerRadius }
    /// A button's style.
    package var buttonStyle: ButtonStyle? {
        if let variant { return variant.pointee.buttonStyle }
        return ComponentNode.geometry(at: source).pointee.buttonStyle
    }
    /// Where content smaller than the frame sits (the `frame` key's alignment).
    package var frameAlignment: Alignment? { record.pointee.frameAlignment }
    /// How an image fills its box (the `contentMode` key).
    package var contentMode: ContentMode? { record.pointee.contentMode }
    /// Whether the node has a `modifiers` chain (then `chain` has its elements).
    package var hasModifierChain: Bool { ComponentNode.geometry(at: source).pointee.hasModifierChain }
    /// The whole modifier chain, resolved, innermost first: the `aspectRatio`, `padding`, `frame`, `background` and
    /// `cornerRadius` keys as the modifiers they stand for, then the payload's `modifiers` from `payloadChainStart` on
    /// (`Modifiers.fullChain(isImage:)`). Empty for a node without `modifiers`.
    package var chain: (elements: [ChainElement], payloadChainStart: Int) {
        guard let extras else { return ([], 0) }
        return (extras.pointee.chain, extras.pointee.payloadChainStart)
    }
    /// The colours of the payload chain's `background` modifiers, innermost first.
    package var chainBackgroundColors: [Color] { extras?.pointee.chainBackgroundColors ?? [] }
    /// A scroll's axis.
    package var axis: Axis? { record.pointee.axis }
    /// The section views a scroll keeps in its viewport.
    package var pinnedViews: PinnedScrollableViews? { record.pointee.pinnedViews }
    /// A text's string; a button's or label's title.
    package var text: String? {
        if !result.changedTexts.isEmpty, row < result.links.count, let text = result.changedTexts[result.links[row].node] { return text }
        let t = source.pointee.type
        let isTitle = t == .button || t == .label
        if let variant { return isTitle ? variant.pointee.title : variant.pointee.text }
        let g = ComponentNode.geometry(at: source)
        return isTitle ? g.pointee.title : g.pointee.text
    }
    /// An image's SF Symbol.
    package var systemName: String? { showsImage ? record.pointee.systemName : nil }
    /// A label's SF Symbol.
    package var systemImage: String? { showsImage ? extras?.pointee.systemImage : nil }
    package var strikethrough: Bool { record.pointee.strikethrough }
    package var underline: Bool { record.pointee.underline }
    /// An image's URL, description, placeholder and mirroring.
    package var url: String? {
        guard showsImage else { return nil }
        return ComponentNode.fixedURL(at: source) ?? extras?.pointee.url
    }
    package var alt: String? { showsImage ? record.pointee.alt : nil }
    package var placeholder: ImagePlaceholder? { showsImage ? extras?.pointee.placeholder : nil }
    package var flipsForRightToLeftLayoutDirection: Bool { showsImage ? extras?.pointee.flipsForRightToLeftLayoutDirection ?? false : false }
    /// What a tap does.
    package var action: Action? { extras?.pointee.action }
    /// Whether a tap does something.
    package var hasAction: Bool { ComponentNode.geometry(at: source).pointee.hasAction }
    /// What runs when the node appears and disappears.
    package var onAppear: Action? { extras?.pointee.onAppear }
    package var onDisappear: Action? { extras?.pointee.onDisappear }
    /// The input control the node is (toggle, text field, stepper, picker), with its variable's value.
    package var input: InputContent? {
        guard var input = extras?.pointee.input else { return nil }
        input.value = result.state[input.target]
        return input
    }
    /// The `accessibility` properties.
    package var accessibility: AccessibilityContent? { extras?.pointee.accessibility }
    /// A custom type's own properties, as the payload gave them.
    package var properties: [String: JSONValue] { extras?.pointee.properties ?? [:] }
    /// For the root of a node a template made: the item it shows.
    package var templateItem: TemplateItem? { extras?.pointee.templateItem }
    /// Whether the chain's `hidden` or an `opacity` of 0 hides the node (its subtree is not read by assistive
    /// technologies).
    package var isHiddenByModifiers: Bool { record.pointee.isHiddenByModifiers }
}
