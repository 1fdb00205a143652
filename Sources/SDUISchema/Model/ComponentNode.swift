public import SDUIEnvironment
import Foundation

/// One node of a screen's tree: a type, an optional id, its properties, modifiers and children.
///
/// Properties are flat and optional: each applies to the types listed in `docs/schema.md`; the decoder
/// refuses a property on a type it does not belong to. Every scalar may be a size-class map.
///
/// Storage: `type`, `id`, `children` and an image's URL string are stored inline; the other properties live in a
/// shared, copy-on-write box (`PropertyBox`) with a plain record of the geometry and font properties made of them
/// (`geometry`, kept up to date on every change). A node is thus 64 bytes (a cache line), so a screen's nodes sit
/// close together in memory, a node is cheap to make and move, and nodes with the same properties (a decoded
/// payload's repeated cards, and a feed's images, which differ only in their URL) share one box and one record.
public struct ComponentNode: Hashable, Sendable {
    // Stored in the order the layout build reads them (type, children, box), the id after them.
    /// The node's kind.
    public var type: ComponentType
    /// Children, for containers.
    public var children: [ComponentNode]
    /// Unique within the screen when present; otherwise the engine uses the node's path (`root.0.3`).
    public var id: String?
    /// The properties and their geometry record (copy-on-write). (`@usableFromInline` for `geometry(at:)` only.)
    /// `nonisolated(unsafe)`: a `ManagedBuffer` cannot be `Sendable`; the box is only mutated through a node that
    /// holds the only reference to it.
    @usableFromInline nonisolated(unsafe) var box: PropertyBox
    /// `url` when it is a fixed string (then the box's is nil), stored with the node rather than in its box: the
    /// images of a feed differ in their URL and share everything else, so their nodes share one box.
    var fixedURL: String?

    /// The geometry properties as plain numbers, updated whenever one of them changes (read by the layout
    /// engine's build step; derived, so it takes no part in equality). A copy of the record in the box: read
    /// fields in place through `geometryPointer`.
    package internal(set) var geometry: GeometryProperties {
        get { box.record.pointee }
        set {
            makeUnique()
            box.record.pointee = newValue
        }
    }

    /// The node's geometry record, read in place (no copy, nothing retained). Valid while the node's box is alive
    /// and unchanged: while this node (or a copy of it) is neither changed nor freed.
    package var geometryPointer: UnsafePointer<GeometryProperties> { UnsafePointer(box.record) }

    /// The geometry record of the node at `node`, read in place: what the layout build uses. Unlike
    /// `node.pointee.geometryPointer` from another module — which copies the node (retaining its type, children,
    /// id and box) to call the getter, and releases it after — only the box's pointer is loaded.
    /// Valid as `geometryPointer` is.
    /// Inlinable: the build calls it two or three times per node, and a call across the module boundary cost more
    /// than the two loads it is.
    @inlinable
    package static func geometry(at node: UnsafePointer<ComponentNode>) -> UnsafePointer<GeometryProperties> {
        UnsafePointer(node.pointee.box.record)
    }

    /// The node's content record (`NodeContentRecord`): what it shows and does besides its geometry, resolved.
    package var content: NodeContentRecord { box.content.pointee }

    /// The content record of the node at `node`, read in place (see `geometry(at:)`). Valid as `geometryPointer` is.
    package static func content(at node: UnsafePointer<ComponentNode>) -> UnsafePointer<NodeContentRecord> {
        UnsafePointer(node.pointee.box.content)
    }

    /// The children of the node at `node`, read in place: their buffer, nothing retained. Valid as `geometryPointer`
    /// is — while the node (or a copy of it) is neither changed nor freed — which the layout build relies on for the
    /// whole walk of a subtree (reading `children` through the pointer around that walk would retain and release the
    /// array once per container). `withUnsafeBufferPointer` promises the buffer for its call only; this relies on a
    /// native array's elements staying at one address while its storage lives — as the flat nodes' sources, pointers
    /// to single children kept past the build, do. `PayloadSource` keeps that storage alive and unwritten.
    @inlinable
    package static func children(at node: UnsafePointer<ComponentNode>) -> UnsafeBufferPointer<ComponentNode> {
        node.pointee.children.withUnsafeBufferPointer { $0 }
    }

    /// The boxed properties of the node at `node`, read in place: nothing copied, nothing retained (a property read
    /// through the pointer loads that property only). Valid as `geometryPointer` is. What a later stage's record of
    /// the node (its content) is made from while the layout build visits it.
    @inlinable
    package static func properties(at node: UnsafePointer<ComponentNode>) -> UnsafePointer<NodeProperties> {
        UnsafePointer(node.pointee.box.propertiesAddress)
    }

    /// The `url` of the image at `node`, read in place (see `properties(at:)`).
    package static func url(at node: UnsafePointer<ComponentNode>) -> Responsive<String>? {
        if let fixed = node.pointee.fixedURL { return .fixed(fixed) }
        return node.pointee.box.properties.url
    }

    /// The `url` of the image at `node` when it is a fixed string (the node's own), read in place.
    package static func fixedURL(at node: UnsafePointer<ComponentNode>) -> String? { node.pointee.fixedURL }

    /// Whether the node at `node` has interaction properties (bindings, lifecycle actions, a control, templates, a
    /// template item), read in place.
    package static func hasInteraction(at node: UnsafePointer<ComponentNode>) -> Bool {
        node.pointee.box.properties.interaction != nil
    }

    // MARK: Containers
    /// Space between children (stacks; grid rows and columns unless `rowSpacing`/`columnSpacing` say otherwise).
    /// Nil means SwiftUI's default (8 pt).
    public var spacing: Responsive<Double>? {
        get { box.properties.spacing }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.spacing
        }
    }
    /// Child alignment (vstack: horizontal; hstack: vertical; zstack: both) or text alignment (text).
    public var alignment: Responsive<Alignment>? {
        get { box.properties.alignment }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.alignment
        }
    }
    /// Number of grid columns.
    public var columns: Responsive<Int>? {
        get { box.properties.columns }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.columns
        }
    }
    /// Grid columns (`grid`) or rows (`hgrid`) as SwiftUI `GridItem`s: the array form of `columns`, and `rows`.
    /// A grid with both uses these (the decoder never sets both).
    public var gridItems: Responsive<[GridItem]>? {
        get { box.properties.gridItems }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.gridItems
        }
    }
    /// Grid: never make a column narrower than this; lower the column count instead (never below 1).
    public var minColumnWidth: Responsive<Double>? {
        get { box.properties.minColumnWidth }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.minColumnWidth
        }
    }
    /// Grid: space between rows (default: `spacing`).
    public var rowSpacing: Responsive<Double>? {
        get { box.properties.rowSpacing }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.rowSpacing
        }
    }
    /// Grid: space between columns (default: `spacing`).
    public var columnSpacing: Responsive<Double>? {
        get { box.properties.columnSpacing }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.columnSpacing
        }
    }
    /// Scroll direction.
    public var axis: Responsive<Axis>? {
        get { box.properties.axis }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.axis
        }
    }

    // MARK: Text
    /// The text to show.
    public var text: Responsive<String>? {
        get { box.properties.text }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.text
        }
    }
    /// Dynamic Type text style (default body).
    public var style: Responsive<TextStyle>? {
        get { box.properties.style }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.style
        }
    }
    /// Font weight (default: the style's).
    public var weight: Responsive<FontWeight>? {
        get { box.properties.weight }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.weight
        }
    }
    /// Maximum number of lines; nil means unlimited.
    public var lineLimit: Responsive<Int>? {
        get { box.properties.lineLimit }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.lineLimit
        }
    }
    /// Text color (text), title color (button), or the fill (color node).
    public var color: Responsive<Color>? {
        get { box.properties.color }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.color
        }
    }

    // MARK: Image
    /// The image's URL.
    public var url: Responsive<String>? {
        get {
            if let fixedURL { return .fixed(fixedURL) }
            return box.properties.url
        }
        set {
            if case .fixed(let string)? = newValue {
                fixedURL = string
                if box.properties.url != nil {
                    makeUnique()
                    box.properties.url = nil
                    box.refreshRecord()
                }
            } else {
                fixedURL = nil
                if newValue != nil || box.properties.url != nil {
                    makeUnique()
                    box.properties.url = newValue
                    box.refreshRecord()
                }
            }
        }
    }
    /// What shows while the image loads.
    public var placeholder: Responsive<ImagePlaceholder>? {
        get { box.properties.placeholder }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.placeholder
        }
    }
    /// Accessibility description of the image.
    public var alt: Responsive<String>? {
        get { box.properties.alt }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.alt
        }
    }
    /// Whether the image's content is drawn mirrored in a right-to-left layout (SwiftUI's
    /// `flipsForRightToLeftLayoutDirection(_:)`: arrows, progress glyphs); nil and false keep it as is.
    /// Its box mirrors with the layout either way.
    public var flipsForRightToLeftLayoutDirection: Responsive<Bool>? {
        get { box.properties.flipsForRightToLeftLayoutDirection }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.flipsForRightToLeftLayoutDirection
        }
    }

    // MARK: Button
    /// The button's title.
    public var title: Responsive<String>? {
        get { box.properties.title }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.title
        }
    }
    /// The button's style.
    public var buttonStyle: Responsive<ButtonStyle>? {
        get { box.properties.buttonStyle }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.buttonStyle
        }
    }

    // MARK: Spacer
    /// Minimum length along the stack's axis; nil means SwiftUI's default (8 pt).
    public var minLength: Responsive<Double>? {
        get { box.properties.minLength }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.minLength
        }
    }
    /// Modifiers every node accepts.
    public var modifiers: Modifiers {
        get { box.properties.modifiers }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.modifiers
        }
    }
    /// Properties of custom types, kept verbatim for the host app's component.
    public var extra: [String: JSONValue] {
        get { box.properties.extra }
        _modify {
            makeUnique()
            defer { box.refreshRecord() }
            yield &box.properties.extra
        }
    }

    /// Creates a node with no properties and no modifiers. A DSL `ForEach` among `children` becomes one of its
    /// `templates`.
    public init(type: ComponentType, id: String? = nil, children: [ComponentNode] = []) {
        self.type = type
        self.id = id
        self.children = children
        self.box = PropertyBox.make()
        if !children.isEmpty { takeTemplateMarkers() }
    }

    /// Creates a node with all its properties at once: the geometry record is computed once, not once per
    /// property as setting them one by one does (the decoder makes every node this way). The node takes `box`
    /// (which nothing else may hold): the decoder fills a box in place, so the large `NodeProperties` value is
    /// not copied into one.
    init(type: ComponentType, id: String?, children: [ComponentNode], box: PropertyBox) {
        self.type = type
        self.id = id
        self.children = children
        if case .fixed(let string)? = box.properties.url {
            fixedURL = string
            box.properties.url = nil
        }
        self.box = box
        box.refreshRecord()
    }

    /// Initializes the memory at `slot` to a node that shares `box`, whose record is up to date and whose `url` is
    /// not a fixed string (that is `fixedURL`): the decoder's fast path gives nodes whose properties are the same
    /// bytes one shared box (copy-on-write, as copies of a node share it), and makes them in place on its stack.
    ///
    /// Field by field: a node made as a value and then moved into `slot` is copied there and the value destroyed
    /// (every reference retained and released again: a node is too large for the optimizer to forward it). The
    /// fields are every stored property: `NodeStorageTests` names them, so a stored property added to the node
    /// fails that test until it is written here too.
    @inline(__always)
    static func initialize(_ slot: UnsafeMutablePointer<ComponentNode>, type: consuming ComponentType, id: consuming String?,
                           children: consuming [ComponentNode], sharing box: consuming PropertyBox, fixedURL: consuming String?) {
        let raw = UnsafeMutableRawPointer(slot)
        (raw + MemoryLayout<ComponentNode>.offset(of: \.type)!).initializeMemory(as: ComponentType.self, to: consume type)
        (raw + MemoryLayout<ComponentNode>.offset(of: \.children)!).initializeMemory(as: [ComponentNode].self, to: consume children)
        (raw + MemoryLayout<ComponentNode>.offset(of: \.id)!).initializeMemory(as: String?.self, to: consume id)
        (raw + MemoryLayout<ComponentNode>.offset(of: \.box)!).initializeMemory(as: PropertyBox.self, to: consume box)
        (raw + MemoryLayout<ComponentNode>.offset(of: \.fixedURL)!).initializeMemory(as: String?.self, to: consume fixedURL)
    }

    /// Number of nodes in this subtree, including this one: its children's subtrees, and the views of its
    /// `modifiers`' backgrounds and overlays and of a section's header and footer (the nodes a layout reports).
    /// - Complexity: O(n).
    public var subtreeCount: Int {
        var count = 1 + children.reduce(0) { $0 + $1.subtreeCount }
        let properties = box.properties
        for modifier in properties.modifiers.chain { if let view = modifier.decorationContent { count += view.subtreeCount } }
        if let header = properties.sectionAndStyle.header { count += header.subtreeCount }
        if let footer = properties.sectionAndStyle.footer { count += footer.subtreeCount }
        return count
    }

    /// Makes the records again after the box's properties were changed directly.
    mutating func refreshGeometry() {
        makeUnique()
        box.refreshRecord()
    }

    /// Gives this node its own box before a change (copy-on-write).
    @inline(__always)
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&box) { box = PropertyBox.make(copying: box) }
    }

    /// Sets a text's `text` (`isTitle`: a button's `title`) to the fixed string a binding gave — what
    /// `text = .fixed(string)` does, writing only that field of `geometry` when the old value was not a size-class
    /// map (the record is otherwise made again): a state change's fast path (`StateUpdater`).
    /// - Complexity: O(1).
    package mutating func setBoundText(_ string: String, isTitle: Bool) {
        makeUnique()
        // One access to the box's properties (each is an exclusivity check): the old value is looked at and the
        // new one stored in the same access.
        // The content record's size-class variants hold the text too: made again with the rest.
        if box.setFixedText(string, isTitle: isTitle) && !box.content.pointee.usesSizeClasses {
            if isTitle { box.record.pointee.title = string } else { box.record.pointee.text = string }
        } else {
            refreshGeometry()
        }
    }
}

extension PropertyBox {
    /// Sets `text` (`isTitle`: `title`) to `.fixed(string)`; whether the old value was not a size-class map (the
    /// geometry record then changes in that one field).
    fileprivate func setFixedText(_ string: String, isTitle: Bool) -> Bool {
        Self.setFixedText(&properties, string, isTitle: isTitle)
    }

    private static func setFixedText(_ properties: inout NodeProperties, _ string: String, isTitle: Bool) -> Bool {
        if isTitle {
            if case .sizeClass? = properties.title { properties.title = .fixed(string); return false }
            properties.title = .fixed(string)
        } else {
            if case .sizeClass? = properties.text { properties.text = .fixed(string); return false }
            properties.text = .fixed(string)
        }
        return true
    }
}

/// Modifiers that apply to any node: the shorthand keys, in this fixed order from the content outward —
/// `aspectRatio` → `padding` → `frame` → `background` → `cornerRadius` (clips) — then `chain` (the payload's
/// `modifiers` array) around them, in its own order. `fullChain(isImage:)` lists them all.
public struct Modifiers: Hashable, Sendable {
    /// Space around the content, inside the frame and background.
    public var padding: Padding?
    /// Size constraints (SwiftUI's `frame(width:height:alignment:)` and `frame(minWidth:…)`).
    public var frame: Frame?
    /// Width ÷ height of the content's box (SwiftUI's `aspectRatio(_:contentMode:)`).
    public var aspectRatio: Responsive<Double>?
    /// How the content fills its aspect-ratio box (`fill` default for images).
    public var contentMode: Responsive<ContentMode>?
    /// A color behind the node's padded, framed box.
    public var background: Responsive<Color>?
    /// Corner radius of the background and clip.
    public var cornerRadius: Responsive<Double>?
    /// False removes the node from layout and drawing (like an `if` in SwiftUI). Nil means visible.
    public var visible: Responsive<Bool>?
    /// Priority when siblings in a stack compete for space (SwiftUI's `layoutPriority`); default 0.
    public var layoutPriority: Responsive<Double>?
    /// What a tap does.
    public var action: Action?
    /// Lint findings silenced on this node and its subtree, each with a reason (`sdui lint`).
    public var lint: LintSettings?
    /// What assistive technologies learn about the node (`"accessibility": {…}`); nil keeps SwiftUI's defaults.
    public var accessibility: AccessibilityProperties?
    /// The payload's `modifiers`: SwiftUI's modifier chain, innermost first, applied outside the shorthand keys above.
    public var chain: [Modifier] = []

    public init() {}
}

/// Per-node lint settings: `"lint": {"disable": [{"code": "text-truncated", "reason": "…"}]}`.
///
/// A silenced finding applies to the node and every node below it; `sdui lint` leaves it out of its findings
/// and counts it as silenced (`--show-silenced` lists them with their reasons).
public struct LintSettings: Hashable, Sendable {
    /// One silenced finding code and why.
    public struct Suppression: Hashable, Sendable {
        /// A lint code (`text-truncated`, `tap-target-too-small`, …).
        public var code: String
        /// Why the finding is not a problem here (required, non-empty).
        public var reason: String
        public init(code: String, reason: String) { self.code = code; self.reason = reason }
    }
    /// The silenced codes, in payload order.
    public var disable: [Suppression]
    public init(disable: [Suppression] = []) { self.disable = disable }
}

/// Padding on each edge; each edge may be a size-class map.
public struct Padding: Hashable, Sendable {
    public var top: Responsive<Double>
    public var leading: Responsive<Double>
    public var bottom: Responsive<Double>
    public var trailing: Responsive<Double>
    public init(top: Responsive<Double> = 0, leading: Responsive<Double> = 0, bottom: Responsive<Double> = 0, trailing: Responsive<Double> = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    /// The same padding on every edge.
    public init(_ all: Responsive<Double>) { self.init(top: all, leading: all, bottom: all, trailing: all) }
}

/// A frame modifier. Fixed `width`/`height` behave like SwiftUI's `frame(width:height:)`; the min/max
/// fields like `frame(minWidth:maxWidth:…)`, where a max may be `.infinity` ("infinity" in JSON).
public struct Frame: Hashable, Sendable {
    public var width: Responsive<Double>?
    public var height: Responsive<Double>?
    public var minWidth: Responsive<Double>?
    public var maxWidth: Responsive<Double>?
    public var minHeight: Responsive<Double>?
    public var maxHeight: Responsive<Double>?
    /// Where the content sits inside a frame larger than it (default center).
    public var alignment: Responsive<Alignment>?
    public init(width: Responsive<Double>? = nil, height: Responsive<Double>? = nil,
                minWidth: Responsive<Double>? = nil, maxWidth: Responsive<Double>? = nil,
                minHeight: Responsive<Double>? = nil, maxHeight: Responsive<Double>? = nil,
                alignment: Responsive<Alignment>? = nil) {
        self.width = width; self.height = height; self.minWidth = minWidth; self.maxWidth = maxWidth
        self.minHeight = minHeight; self.maxHeight = maxHeight; self.alignment = alignment
    }
}
