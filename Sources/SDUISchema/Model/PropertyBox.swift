import SDUIEnvironment

/// The properties of a `ComponentNode` that are not stored inline. Read in place by the layout build through
/// `ComponentNode.properties(at:)` (package-visible, read-only outside this module).
@usableFromInline package struct NodeProperties: Hashable, Sendable {
    package internal(set) var spacing: Responsive<Double>?
    package internal(set) var alignment: Responsive<Alignment>?
    package internal(set) var columns: Responsive<Int>?
    package internal(set) var gridItems: Responsive<[GridItem]>?
    package internal(set) var minColumnWidth: Responsive<Double>?
    package internal(set) var rowSpacing: Responsive<Double>?
    package internal(set) var columnSpacing: Responsive<Double>?
    package internal(set) var axis: Responsive<Axis>?
    package internal(set) var text: Responsive<String>?
    package internal(set) var style: Responsive<TextStyle>?
    package internal(set) var weight: Responsive<FontWeight>?
    package internal(set) var lineLimit: Responsive<Int>?
    package internal(set) var color: Responsive<Color>?
    package internal(set) var url: Responsive<String>?
    package internal(set) var placeholder: Responsive<ImagePlaceholder>?
    package internal(set) var alt: Responsive<String>?
    package internal(set) var flipsForRightToLeftLayoutDirection: Responsive<Bool>?
    package internal(set) var title: Responsive<String>?
    package internal(set) var buttonStyle: Responsive<ButtonStyle>?
    package internal(set) var minLength: Responsive<Double>?
    package internal(set) var modifiers = Modifiers()
    package internal(set) var extra: [String: JSONValue] = [:]
    /// Sections' views, the newer containers' keys, symbols, text styling and fonts
    /// (`ComponentNode+SectionAndStyle.swift`).
    package internal(set) var sectionAndStyle = SectionAndStyleProperties()
    /// What only interactive screens use (`ComponentNode+State.swift`), out of line: nil for most nodes.
    var interaction: InteractionBox?
    /// `minimumVersion` and `fallback` (`ComponentNode+Fallback.swift`), out of line: nil for most nodes.
    var compatibility: CompatibilityBox?
}

/// A `ComponentNode`'s boxed properties and their two records — geometry (`GeometryProperties`) and content
/// (`NodeContentRecord`) — shared between copies, copied before a change (copy-on-write).
///
/// One allocation: the properties are the buffer's header and the records its one element (`NodeRecords`), so the
/// records' addresses are stable for the box's life (the layout build reads the geometry record in place through
/// `ComponentNode.geometry(at:)`, later stages the content record through `ComponentNode.content(at:)`).
/// Whoever changes `properties` directly makes the records again (`refreshRecord`) before the node is read.
@usableFromInline
final class PropertyBox: ManagedBuffer<NodeProperties, NodeRecords>, Hashable {
    /// The properties, read and changed in place (the buffer's header), through its address: `header` is a stored
    /// property of a class, so each access to it would be checked for exclusivity at run time (a runtime call per
    /// access); the node's copy-on-write already makes every change go through a box only one node holds.
    var properties: NodeProperties {
        unsafeAddress { UnsafePointer(withUnsafeMutablePointerToHeader { $0 }) }
        unsafeMutableAddress { withUnsafeMutablePointerToHeader { $0 } }
    }

    /// The properties' address (the buffer's header), for `ComponentNode.properties(at:)`.
    @inlinable var propertiesAddress: UnsafeMutablePointer<NodeProperties> {
        @inline(__always) get { withUnsafeMutablePointerToHeader { $0 } }
    }

    /// The geometry record of `properties` (`GeometryProperties(of: properties, sizeClass: nil)`): the element's
    /// first field, at the element's address. Inlinable for `ComponentNode.geometry(at:)`: an address computed from
    /// the box's.
    @inlinable var record: UnsafeMutablePointer<GeometryProperties> {
        @inline(__always) get {
            withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GeometryProperties.self) }
        }
    }

    /// The content record of `properties` (`NodeContentRecord.make(of:…)`): the element's second field, at its
    /// offset (`contentOffset`).
    @inline(__always) var content: UnsafeMutablePointer<NodeContentRecord> {
        withUnsafeMutablePointerToElements {
            (UnsafeMutableRawPointer($0) + Self.contentOffset).assumingMemoryBound(to: NodeContentRecord.self)
        }
    }

    /// The content record's offset in `NodeRecords`: after the geometry record, at its alignment (fields are laid
    /// out in order; `ContentRecordSetterTests` compares it with `MemoryLayout.offset(of:)`, which is not a constant).
    @inline(__always) static var contentOffset: Int {
        let a = MemoryLayout<NodeContentRecord>.alignment
        return (MemoryLayout<GeometryProperties>.size + a - 1) & ~(a - 1)
    }

    /// A box of `properties` with their records.
    static func make(_ properties: NodeProperties) -> PropertyBox {
        let box = unsafeDowncast(create(minimumCapacity: 1) { _ in properties }, to: PropertyBox.self)
        box.record.initialize(to: box.geometry(sizeClass: nil))
        box.content.initialize(to: box.makeContent())
        return box
    }
    /// A box of no properties, made in place (not copied in), with the empty records.
    static func make() -> PropertyBox {
        let box = unsafeDowncast(create(minimumCapacity: 1) { _ in NodeProperties() }, to: PropertyBox.self)
        box.record.initialize(to: GeometryProperties())
        box.content.initialize(to: NodeContentRecord())
        return box
    }
    /// A copy of `other`'s properties and records (before a change to one of them); the extras box is shared (the
    /// decoder copies it before it writes to it: `NodeContentRecord.extrasFields`).
    static func make(copying other: PropertyBox) -> PropertyBox {
        let box = unsafeDowncast(create(minimumCapacity: 1) { _ in other.properties }, to: PropertyBox.self)
        box.record.initialize(to: other.record.pointee)
        box.content.initialize(to: other.content.pointee)
        return box
    }
    deinit {
        _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 1) }
    }

    /// Makes both records again from the properties (after they were changed in place).
    func refreshRecord() {
        record.pointee = geometry(sizeClass: nil)
        content.pointee = makeContent()
    }

    /// Makes the content record again from the properties (the decoder, after a node's properties were read, when a
    /// size-class map needs the variants).
    func refreshContent() { content.pointee = makeContent() }

    /// Writes a new template item into the content record (the properties have it already): the one field, unless
    /// the record must be made again (the item removed, or size-class variants, which hold it too). The geometry
    /// record does not read it. (A template's every item root is given its item this way.)
    func setContentTemplateItem(_ item: TemplateItem?) {
        guard let item, !content.pointee.usesSizeClasses else { refreshContent(); return }
        content.pointee.extrasFields().pointee.templateItem = item
    }

    /// The content record of the properties and the geometry record (which must be up to date), read in place.
    func makeContent() -> NodeContentRecord { Self.content(of: &properties, geometryUsesSizeClasses: record.pointee.usesSizeClasses) }

    private static func content(of properties: inout NodeProperties, geometryUsesSizeClasses: Bool) -> NodeContentRecord {
        NodeContentRecord.make(of: properties, geometryUsesSizeClasses: geometryUsesSizeClasses) { sizeClass in
            GeometryProperties(of: properties, sizeClass: sizeClass)
        }
    }

    /// The geometry record of the properties, read in place (reading `properties` out of the box would copy them).
    func geometry(sizeClass: UserInterfaceSizeClass?) -> GeometryProperties { Self.record(of: &properties, sizeClass) }

    /// Through `inout`: the properties are read where they are (passed by value they would be copied first).
    private static func record(of properties: inout NodeProperties, _ sizeClass: UserInterfaceSizeClass?) -> GeometryProperties {
        GeometryProperties(of: properties, sizeClass: sizeClass)
    }
    @usableFromInline static func == (lhs: PropertyBox, rhs: PropertyBox) -> Bool {
        lhs === rhs || lhs.withUnsafeMutablePointerToHeader { l in rhs.withUnsafeMutablePointerToHeader { r in l.pointee == r.pointee } }
    }
    @usableFromInline func hash(into hasher: inout Hasher) { withUnsafeMutablePointerToHeader { hasher.combine($0.pointee) } }
}

/// A property box's two records (its element).
@usableFromInline struct NodeRecords {
    @usableFromInline var geometry: GeometryProperties
    var content: NodeContentRecord
}
