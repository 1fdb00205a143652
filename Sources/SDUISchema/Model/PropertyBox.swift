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

/// A `ComponentNode`'s boxed properties and their geometry record: shared between copies, copied before a change
/// (copy-on-write).
///
/// One allocation: the properties are the buffer's header and the record its one element, so the record's address
/// is stable for the box's life (the layout build reads it in place through `ComponentNode.geometry(at:)`).
/// Whoever changes `properties` directly makes the record again (`refreshRecord`) before the node is read.
@usableFromInline
final class PropertyBox: ManagedBuffer<NodeProperties, GeometryProperties>, Hashable {
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

    /// The record of `properties` (`GeometryProperties(of: properties, sizeClass: nil)`). Inlinable for
    /// `ComponentNode.geometry(at:)`: an address computed from the box's.
    @inlinable var record: UnsafeMutablePointer<GeometryProperties> {
        @inline(__always) get { withUnsafeMutablePointerToElements { $0 } }
    }

    /// A box of `properties` with their record.
    static func make(_ properties: NodeProperties) -> PropertyBox {
        let box = unsafeDowncast(create(minimumCapacity: 1) { _ in properties }, to: PropertyBox.self)
        box.record.initialize(to: box.geometry(sizeClass: nil))
        return box
    }
    /// A box of no properties, made in place (not copied in), with the empty record.
    static func make() -> PropertyBox {
        let box = unsafeDowncast(create(minimumCapacity: 1) { _ in NodeProperties() }, to: PropertyBox.self)
        box.record.initialize(to: GeometryProperties())
        return box
    }
    /// A copy of `other`'s properties and record (before a change to one of them).
    static func make(copying other: PropertyBox) -> PropertyBox {
        let box = unsafeDowncast(create(minimumCapacity: 1) { _ in other.properties }, to: PropertyBox.self)
        box.record.initialize(to: other.record.pointee)
        return box
    }
    deinit {
        _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 1) }
    }

    /// Makes the record again from the properties (after they were changed in place).
    func refreshRecord() { record.pointee = geometry(sizeClass: nil) }

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
