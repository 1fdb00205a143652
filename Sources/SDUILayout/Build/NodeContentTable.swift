import SDUIEnvironment
import SDUISchema

/// What the nodes of a layout show and do besides their geometry — identity, appearance, text, image request,
/// control, action, accessibility — resolved for one horizontal size class, by the nodes' output indices: the
/// reference the stages' `NodeContent` (read from the payload nodes' content records) is compared with
/// (`LayoutResult.tableContent(at:)`, `NodeContentTableRow`; differential tests).
///
/// The build makes it from the payload nodes the flat nodes were built from, the first time a later stage asks for
/// a node's content (`LayoutNodeStorage.contents`), once per tree and size class (`PayloadSource.contents`): a tree
/// that is only laid out — measured, relaid out at new sizes — never pays for it. After that it is a value nobody
/// changes, read without a lock. A node a state change replaced is resolved again into a table that shares the other
/// rows (`patched(_:replaced:)`): results made before the change keep theirs. A tree whose children a state change
/// spliced (`LayoutTree.spliceChildren`) takes the table of the tree it was spliced from, its rows renumbered and only
/// the rows whose payload node is not the one their record was resolved from resolved again (`spliced(from:through:links:replaced:)`).
///
/// Storage: one `ContentRecord` per node (colours, text and the small style values every drawn node has; its id and
/// type are read from its payload node, `NodeIdentity`, which `NodeContent` reads),
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
    /// A spliced table's rows: the records it shares with the tables it was spliced from, and its own (empty: every
    /// row is in `rows`, at its own index).
    private let parts: [ContentRows]
    /// A spliced table's rows: per row, where its record is in `parts` (empty when `parts` is).
    private let places: ContiguousArray<RowPlace>

    /// Where a spliced table's row is: which of `parts`, at which index.
    private struct RowPlace {
        var part: Int32
        var index: Int32
    }

    private struct PatchedRow {
        var source: UnsafePointer<ComponentNode>
        /// The holder of `source` (see `baseHolders`).
        var holder: ReplacedSource?
        /// One record (and its extras).
        var rows: ContentRows
    }

    private init(sources: ContiguousArray<UnsafePointer<ComponentNode>>, rows: ContentRows, replacedAtBase: [Int32],
                 baseHolders: [ReplacedSource], patches: [Int: PatchedRow], sizeClass: UserInterfaceSizeClass,
                 parts: [ContentRows] = [], places: ContiguousArray<RowPlace> = []) {
        self.sources = sources; self.rows = rows; self.replacedAtBase = replacedAtBase
        self.baseHolders = baseHolders
        self.patches = patches; self.sizeClass = sizeClass
        self.parts = parts; self.places = places
    }

    /// The content of `links`' payload nodes, resolved for `sizeClass` (`replaced`: the rows a state change replaced
    /// in these links). - Complexity: O(n · a node's properties).
    convenience init(links: OutputLinks, replaced: [Int32: ReplacedSource] = [:], sizeClass: UserInterfaceSizeClass) {
        var sources = ContiguousArray<UnsafePointer<ComponentNode>>()
        sources.reserveCapacity(links.count)
        for i in 0..<links.count { sources.append(links[i].source) }
        let rows = ContentRows(count: sources.count, sizeClass: sizeClass) { sources[$0] }
        self.init(sources: sources, rows: rows,
                  replacedAtBase: Array(replaced.keys), baseHolders: Array(replaced.values), patches: [:],
                  sizeClass: sizeClass)
    }

    /// Number of rows.
    var count: Int { sources.count }

    /// Where row `row`'s record is: in which rows, at which index.
    @inline(__always)
    func row(_ row: Int) -> (rows: ContentRows, index: Int) {
        if !patches.isEmpty, let patch = patches[row] { return (patch.rows, 0) }
        if places.isEmpty { return (rows, row) }
        let place = places[row]
        return (parts[Int(place.part)], Int(place.index))
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
            let rows = ContentRows(count: 1, sizeClass: sizeClass) { _ in source }
            patches[row] = PatchedRow(source: source, holder: replaced[Int32(row)], rows: rows)
            changed = true
        }
        for row in replaced.keys { check(Int(row)) }
        for row in replacedAtBase { check(Int(row)) }
        for row in self.patches.keys { check(row) }
        guard changed else { return self }
        return NodeContentTable(sources: sources, rows: rows, replacedAtBase: replacedAtBase, baseHolders: baseHolders,
                                patches: patches, sizeClass: sizeClass, parts: parts, places: places)
    }

    /// The table of `links` — the nodes of a tree spliced from the one `base` is of, `replaced` the rows a state change
    /// replaced in them — made from `base`: `splices` are the splices from `base`'s tree to this one, in order, each
    /// the runs of the spliced tree's nodes (`TableSplice.wholeTable(oldCount:)`: rows of the tree before, or rows
    /// made). A kept row keeps its record when its payload node is the one the record was resolved from (its address:
    /// the sources a splice extends keep every node they held, and `base` keeps the holders of its replaced nodes), or
    /// a copy of it (`resolvesAlike(_:_:)`: a kept item's root, whose payload node is the new container's child); every
    /// other row — made, a replaced node — is resolved again. The same records as `init(links:replaced:sizeClass:)`'s;
    /// nil when the splices do not fit `base` and `links`.
    /// - Complexity: O(n) copies of row places, plus the rows resolved again.
    static func spliced(from base: NodeContentTable, through splices: [[NodeRun]], links: OutputLinks,
                        replaced: [Int32: ReplacedSource]) -> NodeContentTable? {
        // Where each of base's rows is, and what it was resolved from.
        var parts = base.parts.isEmpty ? [base.rows] : base.parts
        var places = ContiguousArray<RowPlace>()
        var sources = ContiguousArray<UnsafePointer<ComponentNode>?>()
        places.reserveCapacity(base.count)
        sources.reserveCapacity(base.count)
        if base.places.isEmpty {
            for i in 0..<base.count { places.append(RowPlace(part: 0, index: Int32(truncatingIfNeeded: i))) }
        } else {
            places.append(contentsOf: base.places)
        }
        for source in base.sources { sources.append(source) }
        for (row, patch) in base.patches where row < places.count {
            places[row] = RowPlace(part: Int32(truncatingIfNeeded: parts.count), index: 0)
            sources[row] = patch.source
            parts.append(patch.rows)
        }
        // Each splice's rows, in its tree's order (a made row has no record yet).
        for runs in splices {
            var nextPlaces = ContiguousArray<RowPlace>(), nextSources = ContiguousArray<UnsafePointer<ComponentNode>?>()
            nextPlaces.reserveCapacity(links.count)
            nextSources.reserveCapacity(links.count)
            for run in runs {
                switch run {
                case .old(let range):
                    guard range.lowerBound >= 0, range.upperBound <= places.count else { return nil }
                    nextPlaces.append(contentsOf: places[range])
                    nextSources.append(contentsOf: sources[range])
                case .made(let range):
                    for _ in range {
                        nextPlaces.append(RowPlace(part: -1, index: -1))
                        nextSources.append(nil)
                    }
                }
            }
            places = nextPlaces
            sources = nextSources
        }
        guard places.count == links.count else { return nil }
        // The rows whose record is not their payload node's, resolved again into a part of their own.
        var fresh: [Int] = []
        var linkSources = ContiguousArray<UnsafePointer<ComponentNode>>()
        linkSources.reserveCapacity(links.count)
        for i in 0..<links.count {
            let source = links[i].source
            linkSources.append(source)
            if let old = sources[i], old == source || resolvesAlike(old, source) { continue }
            fresh.append(i)
        }
        let own = ContentRows(count: fresh.count, sizeClass: base.sizeClass) { linkSources[fresh[$0]] }
        let part = Int32(truncatingIfNeeded: parts.count)
        parts.append(own)
        for (k, row) in fresh.enumerated() { places[row] = RowPlace(part: part, index: Int32(truncatingIfNeeded: k)) }
        return NodeContentTable(sources: linkSources, rows: own, replacedAtBase: Array(replaced.keys),
                                baseHolders: Array(replaced.values), patches: [:], sizeClass: base.sizeClass,
                                parts: parts, places: places)
    }

    /// Whether the payload node at `new` resolves to the record of the one at `old` (alive: see
    /// `spliced(from:through:links:replaced:)`): the same type, the same fixed URL and one properties box — everything
    /// a record reads. A copy of a node shares its box; a change gives the changed node a box of its own (the box is
    /// changed in place only through the one node that holds it, and `old` holds it too).
    private static func resolvesAlike(_ old: UnsafePointer<ComponentNode>, _ new: UnsafePointer<ComponentNode>) -> Bool {
        ComponentNode.geometry(at: old) == ComponentNode.geometry(at: new) && old.pointee.type == new.pointee.type
            && ComponentNode.url(at: old) == ComponentNode.url(at: new)
    }
}

/// Records and the extras they point into (`ContentRecord.extras`), in memory shared by every `NodeContent` read
/// from them. Made whole by `init`, never changed after.
final class ContentRows: @unchecked Sendable {
    /// The records, one per row, filled in place (made in their storage, not copied in).
    let records: UnsafeMutablePointer<ContentRecord>
    let count: Int
    let extras: ContiguousArray<ContentExtras>

    /// The records of the `count` payload nodes `source(0)`, `source(1)` …, resolved for `sizeClass`.
    init(count: Int, sizeClass: UserInterfaceSizeClass, source: (Int) -> UnsafePointer<ComponentNode>) {
        self.count = count
        records = .allocate(capacity: max(1, count))
        var extras = ContiguousArray<ContentExtras>()
        // Room for the usual share of nodes with extras (images, actions, chains), so the array rarely grows.
        extras.reserveCapacity(count / 8 + 1)
        for i in 0..<count {
            let node = source(i)
            let record = records + i
            record.initialize(to: ContentRecord())
            let g = ComponentNode.geometry(at: node)
            if !g.pointee.usesSizeClasses {
                record.pointee.fill(node, g, sizeClass: sizeClass, extras: &extras)
            } else {
                var resolved = GeometryProperties(of: node.pointee, sizeClass: sizeClass)
                withUnsafePointer(to: &resolved) { record.pointee.fill(node, $0, sizeClass: sizeClass, extras: &extras) }
            }
        }
        self.extras = extras
    }

    deinit {
        records.deinitialize(count: count)
        records.deallocate()
    }
}

/// One node's content, resolved (see `NodeContentTable`). Its id and type are read from its payload node (`NodeIdentity`).
struct ContentRecord {
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

    /// Fills in (from `init()`'s values) the content of the payload node at `node`, its extras appended to `extras`
    /// when it has some. `g`: the node's geometry record resolved for `sizeClass`: the text and title are the strings
    /// it resolved (the ones the text runs lay out), the button style and flags its values.
    ///
    /// Read in place, property by property (a copy of the node or of its properties would retain each of their
    /// fields), and the extras made only for a node that has some (`ContentExtras.isNeeded`): most nodes have none.
    @inline(__always)
    mutating func fill(_ node: UnsafePointer<ComponentNode>, _ g: UnsafePointer<GeometryProperties>,
                       sizeClass: UserInterfaceSizeClass, extras table: inout ContiguousArray<ContentExtras>) {
        func r<T>(_ value: Responsive<T>?) -> T? { value?.resolved(for: sizeClass) }
        let p = ComponentNode.properties(at: node)
        let type = node.pointee.type
        switch type {
        case .button, .label: text = g.pointee.title
        default: text = g.pointee.text
        }
        color = r(p.pointee.color)
        background = r(p.pointee.modifiers.background)
        cornerRadius = r(p.pointee.modifiers.cornerRadius)
        buttonStyle = g.pointee.buttonStyle
        if g.pointee.hasFrame { frameAlignment = r(p.pointee.modifiers.frame?.alignment) }
        contentMode = r(p.pointee.modifiers.contentMode)
        axis = r(p.pointee.axis)
        pinnedViews = p.pointee.sectionAndStyle.pinnedViews
        strikethrough = r(p.pointee.sectionAndStyle.strikethrough) ?? false
        underline = r(p.pointee.sectionAndStyle.underline) ?? false
        hasAction = g.pointee.hasAction
        hasModifierChain = g.pointee.hasModifierChain
        isHiddenByModifiers = hasModifierChain && p.pointee.modifiers.chain.contains { modifier in
            switch modifier {
            case .hidden(let hidden): return hidden.resolved(for: sizeClass)
            case .opacity(let opacity): return opacity.resolved(for: sizeClass) <= 0
            default: return false
            }
        }
        if ContentExtras.isNeeded(node, g, type: type) {
            extras = Int32(truncatingIfNeeded: table.count)
            table.append(ContentExtras())
            let isImage = type == .image, isLabel = type == .label
            table.withUnsafeMutableBufferPointer {
                $0[$0.count - 1].fill(node, isImage: isImage, isLabel: isLabel, sizeClass: sizeClass)
            }
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

    /// Whether the node at `node` (geometry record `g`) has extras: a modifier chain, an image's or label's fields, an
    /// action, lifecycle actions, a control, accessibility properties, a custom type's properties or a template item.
    /// Asked before an extras value is made (made and dropped, its many fields would be initialised and destroyed for
    /// every node).
    @inline(__always)
    static func isNeeded(_ node: UnsafePointer<ComponentNode>, _ g: UnsafePointer<GeometryProperties>, type: ComponentType) -> Bool {
        switch type {
        case .image, .label: return true
        default: break
        }
        if g.pointee.hasModifierChain || g.pointee.hasAction || g.pointee.hasAccessibility
            || !ComponentNode.properties(at: node).pointee.extra.isEmpty { return true }
        guard ComponentNode.hasInteraction(at: node) else { return false }
        let interactive = node.pointee
        return interactive.onAppear != nil || interactive.onDisappear != nil || interactive.input != nil
            || interactive.templateItem != nil
    }

    /// Fills in the extras of the node at `node` (one that has some: `isNeeded`), in place.
    mutating func fill(_ node: UnsafePointer<ComponentNode>, isImage: Bool, isLabel: Bool, sizeClass: UserInterfaceSizeClass) {
        func r<T>(_ value: Responsive<T>?) -> T? { value?.resolved(for: sizeClass) }
        let p = ComponentNode.properties(at: node)
        if !p.pointee.modifiers.chain.isEmpty {
            let full = p.pointee.modifiers.fullChain(isImage: isImage)
            chain = full.map { ChainElement($0, sizeClass: sizeClass) }
            payloadChainStart = full.count - p.pointee.modifiers.chain.count
            chainBackgroundColors = p.pointee.modifiers.chain.compactMap { modifier in
                guard case .background(let d) = modifier, case .color(let c) = d.content else { return nil }
                return c.resolved(for: sizeClass)
            }
        }
        if isImage || isLabel {
            systemName = r(p.pointee.sectionAndStyle.systemName)
            systemImage = r(p.pointee.sectionAndStyle.systemImage)
            url = r(ComponentNode.url(at: node))
            if p.pointee.alt != nil { alt = r(p.pointee.alt) }
            if p.pointee.placeholder != nil { placeholder = r(p.pointee.placeholder) }
            flipsForRightToLeftLayoutDirection = r(p.pointee.flipsForRightToLeftLayoutDirection) ?? false
        }
        if p.pointee.modifiers.action != nil { action = p.pointee.modifiers.action }
        if ComponentNode.hasInteraction(at: node) {
            let interactive = node.pointee
            onAppear = interactive.onAppear
            onDisappear = interactive.onDisappear
            input = interactive.input.map { InputContent($0, sizeClass: sizeClass) }
            templateItem = interactive.templateItem
        }
        if let accessibility = p.pointee.modifiers.accessibility {
            self.accessibility = AccessibilityContent(accessibility, sizeClass: sizeClass)
        }
        if !p.pointee.extra.isEmpty { properties = p.pointee.extra }
    }
}
