import SDUIEnvironment

/// What a node shows and does besides its geometry, as resolved values: the second record of a node's property box
/// (`PropertyBox.content`), next to its geometry record, made where the properties are — written by the decoder's
/// fast path as it reads each property, and made whole from the properties by the general path and after every
/// change through a setter (`PropertyBox.refreshRecord`).
///
/// Its values are the properties' values when none of them is a size-class map. When one is — here or in the
/// geometry record (`GeometryProperties.usesSizeClasses`) — `usesSizeClasses` is set and `variants` holds the record
/// resolved for each size class, with the text, title and button style resolved for it (made eagerly: such boxes are
/// rare). What the geometry record already holds (the text, title, button style, whether the node has an action or a
/// modifier chain) is not repeated here, and what is the node's own (its type, id and fixed URL) stays in the node.
/// Values that only some nodes have are in `extras`, one allocation shared by the copies of the record.
///
/// Fields hold whatever the properties set, whatever the node's type (a reader decides what a type shows).
package struct NodeContentRecord: Equatable, Sendable {
    /// A text's, label's or input's colour, a button's tint, a colour node's fill, a symbol's tint.
    package var color: Color?
    /// The `background` key.
    package var background: Color?
    /// The `cornerRadius` key.
    package var cornerRadius: Double?
    /// The `frame` key's alignment.
    package var frameAlignment: Alignment?
    /// The `contentMode` key.
    package var contentMode: ContentMode?
    /// A scroll's axis.
    package var axis: Axis?
    /// The section views a scroll keeps in its viewport.
    package var pinnedViews: PinnedScrollableViews?
    package var strikethrough = false
    package var underline = false
    /// The chain's `hidden` or an `opacity` of 0 hides the node.
    package var isHiddenByModifiers = false
    /// Some property (of this record's or of the geometry record's) is a size-class map: read `variants`.
    package var usesSizeClasses = false
    /// An image's description and SF Symbol: inline, as the fields an image usually has (a feed's images differ in
    /// them, so each would otherwise need an extras box of its own).
    package var alt: String?
    package var systemName: String?
    /// What only some nodes have (nil: none of it). `nonisolated(unsafe)`: a `ManagedBuffer` cannot be `Sendable`;
    /// the box is written only while the record is being made, by the one record that holds it.
    package nonisolated(unsafe) var extras: NodeContentExtrasBox?
    /// The record resolved for each size class (only when `usesSizeClasses`).
    package var variants: NodeContentVariants?

    package init() {}

    /// The record for one size class (`variants`' when the properties use size classes).
    package func resolved(for sizeClass: UserInterfaceSizeClass) -> NodeContentRecord {
        guard let variants else { return self }
        return sizeClass == .compact ? variants.compact.record : variants.regular.record
    }

    /// Values compared, extras and variants by their contents.
    package static func == (lhs: NodeContentRecord, rhs: NodeContentRecord) -> Bool {
        lhs.color == rhs.color && lhs.background == rhs.background && lhs.cornerRadius == rhs.cornerRadius
            && lhs.frameAlignment == rhs.frameAlignment && lhs.contentMode == rhs.contentMode && lhs.axis == rhs.axis
            && lhs.pinnedViews == rhs.pinnedViews && lhs.strikethrough == rhs.strikethrough && lhs.underline == rhs.underline
            && lhs.isHiddenByModifiers == rhs.isHiddenByModifiers && lhs.usesSizeClasses == rhs.usesSizeClasses
            && lhs.alt == rhs.alt && lhs.systemName == rhs.systemName
            && lhs.extras?.fields.pointee == rhs.extras?.fields.pointee
            && lhs.variants?.compact == rhs.variants?.compact && lhs.variants?.regular == rhs.variants?.regular
    }

    // MARK: Made from the properties (the general path)

    /// The record of `properties` (`geometryUsesSizeClasses`: their geometry record's flag; `geometry`: how to resolve
    /// their geometry record for a size class, for the variants' text, title and button style).
    /// - Complexity: O(1) in the number of nodes; a node's modifier chain, accessibility and control properties.
    static func make(of properties: borrowing NodeProperties, geometryUsesSizeClasses: Bool,
                     geometry: (UserInterfaceSizeClass) -> GeometryProperties) -> NodeContentRecord {
        var maps = false
        var record = NodeContentRecord(properties, for: .compact, maps: &maps)
        guard maps || geometryUsesSizeClasses else { return record }
        var regularMaps = false
        let regular = NodeContentRecord(properties, for: .regular, maps: &regularMaps)
        let compactGeometry = geometry(.compact), regularGeometry = geometry(.regular)
        let compact = record
        record.usesSizeClasses = true
        record.variants = NodeContentVariants(
            compact: .init(record: compact, text: compactGeometry.text, title: compactGeometry.title, buttonStyle: compactGeometry.buttonStyle),
            regular: .init(record: regular, text: regularGeometry.text, title: regularGeometry.title, buttonStyle: regularGeometry.buttonStyle))
        return record
    }

    /// The record of `p` resolved for `sizeClass`, noting in `maps` whether any value it read is a size-class map.
    init(_ p: borrowing NodeProperties, for sizeClass: UserInterfaceSizeClass, maps: inout Bool) {
        @inline(__always) func r<T>(_ value: Responsive<T>?) -> T? { Self.value(value, for: sizeClass, maps: &maps) }
        color = r(p.color)
        background = r(p.modifiers.background)
        cornerRadius = r(p.modifiers.cornerRadius)
        if let frame = p.modifiers.frame { frameAlignment = r(frame.alignment) }
        contentMode = r(p.modifiers.contentMode)
        axis = r(p.axis)
        pinnedViews = p.sectionAndStyle.pinnedViews
        strikethrough = r(p.sectionAndStyle.strikethrough) ?? false
        underline = r(p.sectionAndStyle.underline) ?? false
        alt = r(p.alt)
        systemName = r(p.sectionAndStyle.systemName)
        let chain = p.modifiers.chain
        if !chain.isEmpty {
            if chain.contains(where: \.usesSizeClasses) { maps = true }
            isHiddenByModifiers = chain.contains { modifier in
                switch modifier {
                case .hidden(let hidden): return hidden.value(for: sizeClass) == true
                case .opacity(let opacity): return (opacity.value(for: sizeClass) ?? 1) <= 0
                default: return false
                }
            }
        }
        let interaction = p.interaction
        if !chain.isEmpty || p.modifiers.action != nil || p.modifiers.accessibility != nil || !p.extra.isEmpty
            || p.url != nil || p.placeholder != nil || p.flipsForRightToLeftLayoutDirection != nil
            || p.sectionAndStyle.systemImage != nil
            || (interaction.map { $0.value.onAppear != nil || $0.value.onDisappear != nil || $0.value.input != nil
                                  || $0.value.templateItem != nil || !$0.value.templates.isEmpty } ?? false) {
            let box = NodeContentExtrasBox.make()
            box.fields.pointee = NodeContentExtras(p, for: sizeClass, maps: &maps)
            extras = box
        }
    }

    /// A property's value for `sizeClass` (a map's value for it, else the other class's), noting a map in `maps`.
    @inline(__always)
    static func value<T>(_ value: Responsive<T>?, for sizeClass: UserInterfaceSizeClass, maps: inout Bool) -> T? {
        switch value {
        case nil: return nil
        case .fixed(let v)?: return v
        case .sizeClass(let compact, let regular)?:
            maps = true
            return sizeClass == .compact ? (compact ?? regular) : (regular ?? compact)
        }
    }

    // MARK: Written while decoding (the fast path), field by field, into the default record

    /// A decoded property's value in the record: the value, or nil for a size-class map, which sets
    /// `usesSizeClasses` (the decoder then makes the record again from the finished properties:
    /// `PropertyBox.refreshContent`).
    @inline(__always)
    mutating func decoded<T>(_ value: Responsive<T>) -> T? {
        switch value {
        case .fixed(let v): return v
        case .sizeClass: usesSizeClasses = true; return nil
        }
    }

    /// The extras' fields to write, made on the first property that has one (or copied, when the box is shared).
    @inline(__always)
    mutating func extrasFields() -> UnsafeMutablePointer<NodeContentExtras> {
        if extras != nil, isKnownUniquelyReferenced(&extras!) { return extras.unsafelyUnwrapped.fields }
        let made = extras.map { NodeContentExtrasBox.make(copying: $0) } ?? NodeContentExtrasBox.make()
        extras = made
        return made.fields
    }
}

/// What only some nodes have (`NodeContentRecord.extras`), resolved.
package struct NodeContentExtras: Equatable, Sendable {
    /// The whole modifier chain (`Modifiers.fullChain`), innermost first, when the payload has a `modifiers` chain:
    /// the shorthand keys, then the payload's chain from `payloadChainStart` on.
    package var chain: [ChainElement] = []
    package var payloadChainStart = 0
    /// The colours of the payload chain's `background` modifiers, innermost first.
    package var chainBackgroundColors: [Color] = []
    /// A label's SF Symbol.
    package var systemImage: String?
    /// An image's URL when it is a size-class map (a fixed URL is the node's: `ComponentNode.fixedURL`).
    package var url: String?
    package var placeholder: ImagePlaceholder?
    package var flipsForRightToLeftLayoutDirection = false
    package var action: Action?
    package var onAppear: Action?
    package var onDisappear: Action?
    /// The control, without its variable's value (read from the state).
    package var input: InputContent?
    package var accessibility: AccessibilityContent?
    /// A custom type's own properties.
    package var properties: [String: JSONValue] = [:]
    package var templateItem: TemplateItem?
    /// A container's templates: the range of its children each made (what a made node's `index` local counts from).
    package var templateRanges: [Range<Int>] = []

    init() {}

    /// The extras of `p` resolved for `sizeClass`, noting maps in `maps`.
    init(_ p: borrowing NodeProperties, for sizeClass: UserInterfaceSizeClass, maps: inout Bool) {
        @inline(__always) func r<T>(_ value: Responsive<T>?) -> T? { NodeContentRecord.value(value, for: sizeClass, maps: &maps) }
        if !p.modifiers.chain.isEmpty {
            let full = p.modifiers.fullChain()
            chain = full.map { ChainElement($0, sizeClass: sizeClass) }
            payloadChainStart = full.count - p.modifiers.chain.count
            chainBackgroundColors = p.modifiers.chain.compactMap { modifier in
                guard case .background(let d) = modifier, case .color(let c) = d.content else { return nil }
                return c.value(for: sizeClass)
            }
        }
        systemImage = r(p.sectionAndStyle.systemImage)
        url = r(p.url)
        placeholder = r(p.placeholder)
        flipsForRightToLeftLayoutDirection = r(p.flipsForRightToLeftLayoutDirection) ?? false
        action = p.modifiers.action
        if let interaction = p.interaction {
            onAppear = interaction.value.onAppear
            onDisappear = interaction.value.onDisappear
            if let input = interaction.value.input {
                if input.usesSizeClasses { maps = true }
                self.input = InputContent(input, sizeClass: sizeClass)
            }
            templateItem = interaction.value.templateItem
            if !interaction.value.templates.isEmpty { templateRanges = interaction.value.templates.map(\.range) }
        }
        if let accessibility = p.modifiers.accessibility {
            if accessibility.usesSizeClasses { maps = true }
            self.accessibility = AccessibilityContent(accessibility, sizeClass: sizeClass)
        }
        properties = p.extra
    }
}

/// The extras' one allocation: written in place through `fields` (the header's address: no exclusivity check) by
/// the one record that holds it while the decoder makes it, read-only after.
package final class NodeContentExtrasBox: ManagedBuffer<NodeContentExtras, Void> {
    @inline(__always) package var fields: UnsafeMutablePointer<NodeContentExtras> { withUnsafeMutablePointerToHeader { $0 } }

    static func make() -> NodeContentExtrasBox {
        unsafeDowncast(create(minimumCapacity: 0) { _ in NodeContentExtras() }, to: NodeContentExtrasBox.self)
    }

    static func make(copying other: NodeContentExtrasBox) -> NodeContentExtrasBox {
        unsafeDowncast(create(minimumCapacity: 0) { _ in other.fields.pointee }, to: NodeContentExtrasBox.self)
    }
}

/// A record resolved for each size class (`NodeContentRecord.variants`), with the geometry record's text, title and
/// button style resolved for it. The two variants are at stable addresses for the object's life (read in place by
/// `variant(for:)`).
package final class NodeContentVariants: @unchecked Sendable {
    package struct Variant: Equatable, Sendable {
        /// First: its address is the variant's (`record(of:)`).
        package let record: NodeContentRecord
        package let text: String?
        package let title: String?
        package let buttonStyle: ButtonStyle?
    }
    /// Compact, then regular; never written after `init`.
    private let storage: UnsafeMutablePointer<Variant>

    init(compact: Variant, regular: Variant) {
        storage = .allocate(capacity: 2)
        storage.initialize(to: compact)
        (storage + 1).initialize(to: regular)
    }

    deinit {
        storage.deinitialize(count: 2)
        storage.deallocate()
    }

    package var compact: Variant { storage[0] }
    package var regular: Variant { storage[1] }
    package subscript(sizeClass: UserInterfaceSizeClass) -> Variant { sizeClass == .compact ? storage[0] : storage[1] }

    /// The variant for `sizeClass`, in place (valid while this object is alive).
    package func variant(for sizeClass: UserInterfaceSizeClass) -> UnsafePointer<Variant> {
        UnsafePointer(sizeClass == .compact ? storage : storage + 1)
    }

    /// The record of the variant at `variant`, in place (the variant's first field; `ContentRecordSetterTests` checks the offset).
    package static func record(of variant: UnsafePointer<Variant>) -> UnsafePointer<NodeContentRecord> {
        UnsafeRawPointer(variant).assumingMemoryBound(to: NodeContentRecord.self)
    }
}

extension AccessibilityProperties {
    /// Whether any value is a size-class map.
    var usesSizeClasses: Bool {
        func map<T>(_ value: Responsive<T>?) -> Bool {
            if case .sizeClass? = value { return true }
            return false
        }
        return map(label) || map(hint) || map(value) || map(hidden) || map(sortPriority) || map(children)
    }
}

extension InputProperties {
    /// Whether any value is a size-class map.
    var usesSizeClasses: Bool {
        func map<T>(_ value: Responsive<T>?) -> Bool {
            if case .sizeClass? = value { return true }
            return false
        }
        return map(label) || map(placeholder) || map(isSecure)
    }
}
