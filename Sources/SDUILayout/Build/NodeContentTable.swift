import SDUIEnvironment
import SDUISchema

/// What the nodes of a layout show and do besides their geometry — identity, appearance, text, image request,
/// control, action, accessibility — resolved for one horizontal size class: the half of the flat tree the stages
/// after layout read (`NodeContent`), by the nodes' output indices.
///
/// The build makes it from the payload nodes the flat nodes were built from, the first time a later stage asks for
/// a node's content (`LayoutNodeStorage.contents`), once per tree and size class (`PayloadSource.contents`): a tree
/// that is only laid out — measured, relaid out at new sizes — never pays for it. After that it is a value nobody
/// changes, read without a lock. A node a state change replaced is resolved again into a table that shares the other
/// rows (`patched(_:replaced:)`): results made before the change keep theirs.
///
/// Storage: one `ContentRecord` per node (identity, colours, text and the small style values every drawn node has),
/// and `ContentExtras` only for nodes that have more (a modifier chain, an image, an action, a control, accessibility
/// properties, a custom type's properties, a template's item), found by `ContentRecord.extras`.
final class NodeContentTable: @unchecked Sendable {
    /// Per node, the payload node its record was resolved from (what `patched(_:replaced:)` compares).
    private let sources: ContiguousArray<UnsafePointer<ComponentNode>>
    /// The records of the nodes as first resolved.
    private let rows: ContentRows
    /// The rows a state change had replaced in the links `records` were made from.
    private let replacedAtBase: [Int32]
    /// The holders of those rows' payload nodes: kept, so no other node is made at an address `sources` holds (the
    /// comparison in `patched(_:replaced:)` is by address).
    private let baseHolders: [ReplacedSource]
    /// Rows resolved again since (see `patched(_:replaced:)`), each with its extras (at index 0, when it has some).
    private let patches: [Int: PatchedRow]
    /// The size class every value was resolved for.
    let sizeClass: UserInterfaceSizeClass

    private struct PatchedRow {
        var source: UnsafePointer<ComponentNode>
        /// The holder of `source` (see `baseHolders`).
        var holder: ReplacedSource?
        /// One record (and its extras).
        var rows: ContentRows
    }

    private init(sources: ContiguousArray<UnsafePointer<ComponentNode>>, rows: ContentRows, replacedAtBase: [Int32],
                 baseHolders: [ReplacedSource], patches: [Int: PatchedRow], sizeClass: UserInterfaceSizeClass) {
        self.sources = sources; self.rows = rows; self.replacedAtBase = replacedAtBase
        self.baseHolders = baseHolders
        self.patches = patches; self.sizeClass = sizeClass
    }

    /// The content of `links`' payload nodes, resolved for `sizeClass` (`replaced`: the rows a state change replaced
    /// in these links). - Complexity: O(n · a node's properties).
    convenience init(links: OutputLinks, replaced: [Int32: ReplacedSource] = [:], sizeClass: UserInterfaceSizeClass) {
        var sources = ContiguousArray<UnsafePointer<ComponentNode>>()
        var records = ContiguousArray<ContentRecord>()
        var extras = ContiguousArray<ContentExtras>()
        sources.reserveCapacity(links.count)
        records.reserveCapacity(links.count)
        for i in 0..<links.count {
            let source = links[i].source
            sources.append(source)
            records.append(ContentRecord(source, sizeClass: sizeClass, extras: &extras))
        }
        self.init(sources: sources, rows: ContentRows(records: records, extras: extras),
                  replacedAtBase: Array(replaced.keys), baseHolders: Array(replaced.values), patches: [:],
                  sizeClass: sizeClass)
    }

    /// Number of rows.
    var count: Int { sources.count }

    /// Where row `row`'s record is: in which rows, at which index.
    @inline(__always)
    func row(_ row: Int) -> (rows: ContentRows, index: Int) {
        if !patches.isEmpty, let patch = patches[row] { return (patch.rows, 0) }
        return (rows, row)
    }

    /// Row `row`'s payload `id`.
    func id(_ row: Int) -> String? {
        let (rows, index) = self.row(row)
        return rows.records[index].id
    }

    /// This table for `links` — the same tree's nodes in the same order, `replaced` the rows a state change replaced
    /// in them: itself when each of those rows (and each row this table had resolved again or had replaced) has the
    /// payload node its record was resolved from, else a table sharing the rows that do and with the others resolved
    /// again. Rows outside those sets hold the payload nodes of the build in both.
    /// - Complexity: O(replaced rows), plus their resolution.
    func patched(_ links: OutputLinks, replaced: [Int32: ReplacedSource]) -> NodeContentTable {
        guard links.count == sources.count else { return NodeContentTable(links: links, replaced: replaced, sizeClass: sizeClass) }
        var patches = self.patches
        var changed = false
        func check(_ row: Int) {
            guard row >= 0, row < links.count else { return }
            let source = links[row].source
            if let patch = patches[row] {
                if patch.source == source { return }
                patches[row] = nil
                changed = true
            }
            if source == sources[row] { return }
            var extras = ContiguousArray<ContentExtras>()
            let record = ContentRecord(source, sizeClass: sizeClass, extras: &extras)
            patches[row] = PatchedRow(source: source, holder: replaced[Int32(row)],
                                      rows: ContentRows(records: [record], extras: extras))
            changed = true
        }
        for row in replaced.keys { check(Int(row)) }
        for row in replacedAtBase { check(Int(row)) }
        for row in self.patches.keys { check(row) }
        guard changed else { return self }
        return NodeContentTable(sources: sources, rows: rows, replacedAtBase: replacedAtBase, baseHolders: baseHolders,
                                patches: patches, sizeClass: sizeClass)
    }
}

/// Records and the extras they point into (`ContentRecord.extras`), in memory shared by every `NodeContent` read
/// from them.
final class ContentRows: @unchecked Sendable {
    let records: ContiguousArray<ContentRecord>
    let extras: ContiguousArray<ContentExtras>

    init(records: ContiguousArray<ContentRecord>, extras: ContiguousArray<ContentExtras>) {
        self.records = records; self.extras = extras
    }
}

/// One node's content, resolved (see `NodeContentTable`).
struct ContentRecord {
    /// The payload's `id`.
    var id: String?
    var type: ComponentType
    /// A text's string; a button's or label's title.
    var text: String?
    var color: Color?
    var background: Color?
    var cornerRadius: Double?
    var buttonStyle: ButtonStyle?
    var frameAlignment: Alignment?
    var contentMode: ContentMode?
    var axis: Axis?
    var pinnedViews: PinnedScrollableViews?
    var strikethrough = false
    var underline = false
    var hasAction = false
    var hasModifierChain = false
    var isHiddenByModifiers = false
    /// The node's `ContentExtras` (-1: none).
    var extras: Int32 = -1

    /// The content of the payload node at `node`, its extras appended to `extras` when it has some.
    ///
    /// Read through the pointer, property by property (a copy of the node would retain each of its fields), and the
    /// extras made only for a node that has some (`ContentExtras.isNeeded`): most nodes have none.
    init(_ node: UnsafePointer<ComponentNode>, sizeClass: UserInterfaceSizeClass, extras table: inout ContiguousArray<ContentExtras>) {
        func r<T>(_ value: Responsive<T>?) -> T? { value?.resolved(for: sizeClass) }
        id = node.pointee.id
        type = node.pointee.type
        switch type {
        case .button, .label: text = r(node.pointee.title)
        default: text = r(node.pointee.text)
        }
        let drawing = node.pointee.drawingModifiers
        color = r(node.pointee.color)
        background = r(drawing.background)
        cornerRadius = r(drawing.cornerRadius)
        buttonStyle = r(node.pointee.buttonStyle)
        frameAlignment = r(drawing.frameAlignment)
        contentMode = r(drawing.contentMode)
        axis = r(node.pointee.axis)
        pinnedViews = node.pointee.pinnedViews
        strikethrough = r(node.pointee.strikethrough) ?? false
        underline = r(node.pointee.underline) ?? false
        hasAction = drawing.action != nil
        let chain = drawing.chain
        hasModifierChain = !chain.isEmpty
        isHiddenByModifiers = hasModifierChain && chain.contains { modifier in
            switch modifier {
            case .hidden(let hidden): return hidden.resolved(for: sizeClass)
            case .opacity(let opacity): return opacity.resolved(for: sizeClass) <= 0
            default: return false
            }
        }
        if ContentExtras.isNeeded(node, drawing: drawing, hasModifierChain: hasModifierChain, hasAction: hasAction) {
            extras = Int32(truncatingIfNeeded: table.count)
            table.append(ContentExtras(node.pointee, drawing: drawing, sizeClass: sizeClass))
        }
    }
}

/// What only some nodes have (see `NodeContentTable`).
struct ContentExtras {
    var chain: [ChainElement] = []
    var payloadChainStart = 0
    var chainBackgroundColors: [Color] = []
    var systemName: String?
    var systemImage: String?
    var url: String?
    var alt: String?
    var placeholder: ImagePlaceholder?
    var flipsForRightToLeftLayoutDirection = false
    var action: Action?
    var onAppear: Action?
    var onDisappear: Action?
    /// The control, without its variable's value (read from the state of the result asking).
    var input: InputContent?
    var accessibility: AccessibilityContent?
    var properties: [String: JSONValue] = [:]
    var templateItem: TemplateItem?

    /// Whether the node at `node` has extras: a modifier chain, an image's or label's fields, an action, lifecycle
    /// actions, a control, accessibility properties, a custom type's properties or a template item. Asked before an
    /// extras value is made (made and dropped, its many fields would be initialised and destroyed for every node).
    static func isNeeded(_ node: UnsafePointer<ComponentNode>, drawing: DrawingModifiers, hasModifierChain: Bool,
                         hasAction: Bool) -> Bool {
        switch node.pointee.type {
        case .image, .label: return true
        default: break
        }
        if hasModifierChain || hasAction || drawing.accessibility != nil || !node.pointee.extra.isEmpty { return true }
        return node.pointee.hasInteraction && (node.pointee.onAppear != nil || node.pointee.onDisappear != nil
                                               || node.pointee.input != nil || node.pointee.templateItem != nil)
    }

    /// The extras of `node` (one that has some: `isNeeded`).
    init(_ node: ComponentNode, drawing: DrawingModifiers, sizeClass: UserInterfaceSizeClass) {
        func r<T>(_ value: Responsive<T>?) -> T? { value?.resolved(for: sizeClass) }
        let isImage = node.type == .image, isLabel = node.type == .label
        if !drawing.chain.isEmpty {
            let modifiers = node.modifiers
            let full = modifiers.fullChain(isImage: isImage)
            chain = full.map { ChainElement($0, sizeClass: sizeClass) }
            payloadChainStart = full.count - modifiers.chain.count
            chainBackgroundColors = drawing.chain.compactMap { modifier in
                guard case .background(let d) = modifier, case .color(let c) = d.content else { return nil }
                return c.resolved(for: sizeClass)
            }
        }
        if isImage || isLabel {
            systemName = r(node.systemName)
            systemImage = r(node.systemImage)
            url = r(node.url)
            alt = r(node.alt)
            placeholder = r(node.placeholder)
            flipsForRightToLeftLayoutDirection = r(node.flipsForRightToLeftLayoutDirection) ?? false
        }
        action = drawing.action
        onAppear = node.onAppear
        onDisappear = node.onDisappear
        input = node.input.map { InputContent($0, sizeClass: sizeClass) }
        accessibility = drawing.accessibility.map { AccessibilityContent($0, sizeClass: sizeClass) }
        properties = node.extra
        templateItem = node.templateItem
    }
}
