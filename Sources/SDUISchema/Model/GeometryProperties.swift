import SDUIEnvironment

/// A node's geometry and text properties as plain values, kept up to date by `ComponentNode` on every change to them.
///
/// The layout engine's build step reads this one small record per node instead of unpacking ~25 optional
/// `Responsive` values (each an enum inside an optional) — the reads were most of a build's cost. It holds the
/// payload's values as given, NaN for absent, except the frame and padding, which are checked when they are set
/// (as Yoga's style setters do), so the build copies them as they are (`FrameValues`, `PaddingValues`).
/// When any geometry property is a size-class map (`usesSizeClasses`), the record is not used and the engine
/// reads the properties themselves for the current size class.
///
/// Derived data: it takes no part in equality or hashing (equal nodes always have equal records).
@usableFromInline package struct GeometryProperties: Hashable, Sendable {
    /// Some geometry property is a size-class map: resolve the properties instead.
    package var usesSizeClasses = false
    /// `visible: false`.
    package var isHidden = false
    /// The node has an `action`.
    package var hasAction = false
    /// The node has a `modifiers` chain (`Modifiers.chain`; the build reads it from the node).
    package var hasModifierChain = false
    /// The node has `accessibility` properties.
    package var hasAccessibility = false
    /// The grid has GridItem columns (`ComponentNode.gridItems`; the build reads them from the node).
    package var hasGridItems = false
    package var hasPadding = false
    package var hasFrame = false
    /// The frame has a min or max bound (some of `minWidth`…`maxHeight` is present).
    package var hasFrameBounds = false
    /// `contentMode: fill`.
    package var isFill = false
    /// `axis: horizontal` (scroll).
    package var isHorizontalAxis = false
    /// Properties whose values were outside `ValueLimits` (possible only for nodes built in code: the decoder
    /// refuses them) and are clamped into them here (`OutOfRange`; empty for almost every node). The layout
    /// engine reports them.
    package var outOfRange = OutOfRange()
    /// Stack / zstack / grid / text alignment (nil: absent).
    package var alignment: Alignment?
    /// Text style, font weight and button style (nil: absent).
    package var textStyle: TextStyle?
    package var fontWeight: FontWeight?
    package var buttonStyle: ButtonStyle?
    // Field order: what the build reads for every node (flags, aspect ratio, priority, frame, padding) comes
    // first, then container and text properties, so a leaf's record spans fewer cache lines.
    package var aspectRatio = Double.nan
    package var layoutPriority = Double.nan
    package var minLength = Double.nan
    /// The frame modifier, checked (meaningful when `hasFrame`).
    package var frame = FrameValues()
    /// Padding, checked (meaningful when `hasPadding`).
    package var padding = PaddingValues()
    package var spacing = Double.nan
    package var rowSpacing = Double.nan
    package var columnSpacing = Double.nan
    package var minColumnWidth = Double.nan
    /// Grid columns (0: absent).
    package var columns = 0
    /// Line limit (text; nil: absent).
    package var lineLimit: Int?
    /// The text (text) and title (button) (nil: absent).
    package var text: String?
    package var title: String?
    /// Text / flow `lineSpacing`, text `minimumScaleFactor` (NaN: absent).
    package var lineSpacing = Double.nan
    package var minimumScaleFactor = Double.nan
    /// `fontFamily` (nil: absent), `fontSize` (NaN: absent), `italic`.
    package var fontFamily: String?
    package var fontSize = Double.nan
    package var isItalic = false
    /// An image with `systemName` (an SF Symbol, sized by its text style), a label with `systemImage`.
    package var hasSymbol = false
    /// `viewThatFits` axes and scroll `pinnedViews` (`Axis.Set` / `PinnedScrollableViews` bits; nil: absent).
    package var axes: UInt8?
    package var pinnedViews: UInt8 = 0

    package init() {}

    /// The record for `node`'s current properties; size-class maps are left out and flagged (`usesSizeClasses`).
    /// - Complexity: O(1).
    package init(of node: ComponentNode) { self.init(of: node, sizeClass: nil) }

    /// The record for `node` with size-class maps resolved for `sizeClass` (nil: left out and flagged).
    /// - Complexity: O(1).
    package init(of node: ComponentNode, sizeClass: UserInterfaceSizeClass?) {
        self = node.box.geometry(sizeClass: sizeClass)
    }

    /// The record for a node's `properties`, with size-class maps resolved for `sizeClass` (nil: left out and
    /// flagged). Reads the properties in place (one access to their box for all of them).
    /// - Complexity: O(1).
    init(of node: borrowing NodeProperties, sizeClass: UserInterfaceSizeClass?) {
        var sizeClassMaps = false
        @inline(__always) func fixed<T>(_ value: Responsive<T>?) -> T? {
            Self.value(value, for: sizeClass, maps: &sizeClassMaps)
        }
        text = fixed(node.text)
        title = fixed(node.title)
        textStyle = fixed(node.style)
        fontWeight = fixed(node.weight)
        lineLimit = fixed(node.lineLimit)
        buttonStyle = fixed(node.buttonStyle)
        spacing = fixed(node.spacing) ?? .nan
        rowSpacing = fixed(node.rowSpacing) ?? .nan
        columnSpacing = fixed(node.columnSpacing) ?? .nan
        minColumnWidth = fixed(node.minColumnWidth) ?? .nan
        minLength = fixed(node.minLength) ?? .nan
        columns = fixed(node.columns) ?? 0
        alignment = fixed(node.alignment)
        isHorizontalAxis = fixed(node.axis) == .horizontal
        // Field by field (a copy of `sectionAndStyle` would retain every value in it, for every node).
        lineSpacing = fixed(node.sectionAndStyle.lineSpacing) ?? .nan
        minimumScaleFactor = fixed(node.sectionAndStyle.minimumScaleFactor) ?? .nan
        fontFamily = fixed(node.sectionAndStyle.fontFamily)
        fontSize = fixed(node.sectionAndStyle.fontSize) ?? .nan
        isItalic = fixed(node.sectionAndStyle.italic) ?? false
        hasSymbol = node.sectionAndStyle.systemName != nil || node.sectionAndStyle.systemImage != nil
        axes = node.sectionAndStyle.axes?.rawValue
        pinnedViews = node.sectionAndStyle.pinnedViews?.rawValue ?? 0
        aspectRatio = fixed(node.modifiers.aspectRatio) ?? .nan
        isFill = fixed(node.modifiers.contentMode) == .fill
        layoutPriority = fixed(node.modifiers.layoutPriority) ?? .nan
        isHidden = fixed(node.modifiers.visible) == false
        hasAction = node.modifiers.action != nil
        hasAccessibility = node.modifiers.accessibility != nil
        if !node.modifiers.chain.isEmpty {
            hasModifierChain = true
            if node.modifiers.chain.contains(where: \.usesSizeClasses) { sizeClassMaps = true }
        }
        if let items = node.gridItems {
            hasGridItems = true
            if case .sizeClass = items { sizeClassMaps = true }
        }
        if let padding = node.modifiers.padding { setPadding(padding, for: sizeClass, maps: &sizeClassMaps) }
        if let frame = node.modifiers.frame { setFrame(frame, for: sizeClass, maps: &sizeClassMaps) }
        usesSizeClasses = sizeClassMaps && sizeClass == nil
        clampToLimits()
    }

    /// A property's value in the record: the value itself, or, for a size-class map, its value for `sizeClass` (the
    /// other class's when it has none; nil without a size class), noting the map in `maps`.
    @inline(__always)
    static func value<T>(_ value: Responsive<T>?, for sizeClass: UserInterfaceSizeClass?, maps: inout Bool) -> T? {
        switch value {
        case nil: return nil
        case .fixed(let v)?: return v
        case .sizeClass(let compact, let regular)?:
            maps = true
            guard let sizeClass else { return nil }
            return sizeClass == .compact ? (compact ?? regular) : (regular ?? compact)
        }
    }

    /// Sets `hasPadding` and `padding` from a padding modifier (size-class maps resolved as `value` resolves them).
    mutating func setPadding(_ padding: Padding, for sizeClass: UserInterfaceSizeClass?, maps: inout Bool) {
        hasPadding = true
        self.padding = PaddingValues(top: Self.value(padding.top, for: sizeClass, maps: &maps),
                                     leading: Self.value(padding.leading, for: sizeClass, maps: &maps),
                                     bottom: Self.value(padding.bottom, for: sizeClass, maps: &maps),
                                     trailing: Self.value(padding.trailing, for: sizeClass, maps: &maps))
    }

    /// Sets `hasFrame`, `frame` and `hasFrameBounds` from a frame modifier (size-class maps resolved as `value`
    /// resolves them).
    mutating func setFrame(_ frame: Frame, for sizeClass: UserInterfaceSizeClass?, maps: inout Bool) {
        hasFrame = true
        self.frame = FrameValues(width: Self.value(frame.width, for: sizeClass, maps: &maps),
                                 height: Self.value(frame.height, for: sizeClass, maps: &maps),
                                 minWidth: Self.value(frame.minWidth, for: sizeClass, maps: &maps),
                                 maxWidth: Self.value(frame.maxWidth, for: sizeClass, maps: &maps),
                                 minHeight: Self.value(frame.minHeight, for: sizeClass, maps: &maps),
                                 maxHeight: Self.value(frame.maxHeight, for: sizeClass, maps: &maps),
                                 alignment: Self.value(frame.alignment, for: sizeClass, maps: &maps))
        hasFrameBounds = !(self.frame.minWidth.isNaN && self.frame.maxWidth.isNaN
                           && self.frame.minHeight.isNaN && self.frame.maxHeight.isNaN)
    }

    // MARK: Made while decoding

    /// A decoded property's value in the record of the node it belongs to (the decoder's fast path writes a node's
    /// record as it reads its properties, into the empty record, so that it ends up as `init(of:sizeClass: nil)`
    /// makes it — `FastPathAgreement` compares the two): the value, or nil for a size-class map, which sets
    /// `usesSizeClasses`.
    @inline(__always)
    mutating func decoded<T>(_ value: Responsive<T>) -> T? {
        var maps = false
        let v = Self.value(value, for: nil, maps: &maps)
        if maps { usesSizeClasses = true }
        return v
    }

    /// A decoded padding modifier in the record (see `decoded(_:)`).
    mutating func decodedPadding(_ padding: Padding) {
        var maps = false
        setPadding(padding, for: nil, maps: &maps)
        if maps { usesSizeClasses = true }
    }

    /// A decoded frame modifier in the record (see `decoded(_:)`).
    mutating func decodedFrame(_ frame: Frame) {
        var maps = false
        setFrame(frame, for: nil, maps: &maps)
        if maps { usesSizeClasses = true }
    }

    /// Clamps every value into `ValueLimits`, noting in `outOfRange` which were not. - Complexity: O(1).
    mutating func clampToLimits() {
        @inline(__always) func length(_ value: inout Double, _ flag: OutOfRange) {
            let clamped = ValueLimits.clampLength(value)
            if clamped != value && !value.isNaN { value = clamped; outOfRange.insert(flag) }
        }
        let ratio = ValueLimits.clamp(aspectRatio, ValueLimits.aspectRatio)
        // Not positive is "no aspect ratio" for the engine (as before); only a positive ratio out of range is clamped.
        if aspectRatio > 0 && ratio != aspectRatio { aspectRatio = ratio; outOfRange.insert(.aspectRatio) }
        let priority = ValueLimits.clamp(layoutPriority, ValueLimits.layoutPriority)
        if priority != layoutPriority && !layoutPriority.isNaN { layoutPriority = priority; outOfRange.insert(.layoutPriority) }
        length(&minLength, .minLength)
        length(&spacing, .spacing)
        length(&rowSpacing, .spacing)
        length(&columnSpacing, .spacing)
        length(&minColumnWidth, .minColumnWidth)
        length(&lineSpacing, .spacing)
        let size = ValueLimits.clamp(fontSize, ValueLimits.fontSize)
        if size != fontSize && !fontSize.isNaN { fontSize = size; outOfRange.insert(.fontSize) }
        if columns > ValueLimits.columns.upperBound { columns = ValueLimits.columns.upperBound; outOfRange.insert(.columns) }
        if let limit = lineLimit, limit > ValueLimits.lineLimit.upperBound {
            lineLimit = ValueLimits.lineLimit.upperBound; outOfRange.insert(.lineLimit)
        }
        if hasFrame && frame.clampToLimits() { outOfRange.insert(.frame) }
        if hasPadding && padding.clampToLimits() { outOfRange.insert(.padding) }
    }

    /// Always equal: the record is derived from the node's properties, which equality compares.
    @usableFromInline package static func == (lhs: GeometryProperties, rhs: GeometryProperties) -> Bool { true }
    /// Adds nothing (see `==`).
    @usableFromInline package func hash(into hasher: inout Hasher) {}
}

/// Which properties of a node were outside `ValueLimits` (`GeometryProperties.outOfRange`).
package struct OutOfRange: OptionSet, Hashable, Sendable {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }
    package static let frame = OutOfRange(rawValue: 1 << 0)
    package static let padding = OutOfRange(rawValue: 1 << 1)
    package static let aspectRatio = OutOfRange(rawValue: 1 << 2)
    package static let layoutPriority = OutOfRange(rawValue: 1 << 3)
    package static let spacing = OutOfRange(rawValue: 1 << 4)
    package static let minLength = OutOfRange(rawValue: 1 << 5)
    package static let minColumnWidth = OutOfRange(rawValue: 1 << 6)
    package static let columns = OutOfRange(rawValue: 1 << 7)
    package static let lineLimit = OutOfRange(rawValue: 1 << 8)
    package static let fontSize = OutOfRange(rawValue: 1 << 9)

    /// The properties' payload names, in this order.
    package var names: [String] {
        let all: [(OutOfRange, String)] = [(.frame, "frame"), (.padding, "padding"), (.aspectRatio, "aspectRatio"),
                                           (.layoutPriority, "layoutPriority"), (.spacing, "spacing"), (.minLength, "minLength"),
                                           (.minColumnWidth, "minColumnWidth"), (.columns, "columns"), (.lineLimit, "lineLimit"),
                                           (.fontSize, "fontSize")]
        return all.filter { contains($0.0) }.map(\.1)
    }
}

/// A frame modifier's values, checked when set: a fixed width or height is finite and not negative (else
/// absent), a bound is not negative (+infinity allowed: `"infinity"`), NaN is absent; the alignment as
/// fractions (0 leading/top … 1 trailing/bottom; center when absent). A contradiction (min > max) is kept:
/// the layout engine reports and resolves it.
package struct FrameValues: Sendable, BitwiseCopyable {
    package var width = Double.nan, height = Double.nan
    package var minWidth = Double.nan, maxWidth = Double.nan, minHeight = Double.nan, maxHeight = Double.nan
    package var alignX = 0.5, alignY = 0.5

    @inlinable package init() {}

    /// The checked values of a frame's properties (nil: absent).
    package init(width: Double?, height: Double?, minWidth: Double?, maxWidth: Double?, minHeight: Double?,
                 maxHeight: Double?, alignment: Alignment?) {
        self.width = Self.size(width)
        self.height = Self.size(height)
        self.minWidth = Self.bound(minWidth)
        self.maxWidth = Self.bound(maxWidth)
        self.minHeight = Self.bound(minHeight)
        self.maxHeight = Self.bound(maxHeight)
        if let alignment {
            alignX = alignment.horizontalFraction
            alignY = alignment.verticalFraction
        }
    }

    /// Clamps every value into 0 … `ValueLimits.maxLength` (a bound may stay +infinity); whether any changed.
    package mutating func clampToLimits() -> Bool {
        var changed = false
        @inline(__always) func clamp(_ value: inout Double, allowingInfinity: Bool) {
            let clamped = ValueLimits.clampLength(value, allowingInfinity: allowingInfinity)
            if clamped != value && !value.isNaN { value = clamped; changed = true }
        }
        clamp(&width, allowingInfinity: false); clamp(&height, allowingInfinity: false)
        clamp(&minWidth, allowingInfinity: false); clamp(&minHeight, allowingInfinity: false)
        clamp(&maxWidth, allowingInfinity: true); clamp(&maxHeight, allowingInfinity: true)
        return changed
    }

    /// A fixed size: finite and not negative, or absent.
    private static func size(_ value: Double?) -> Double {
        guard let value, value.isFinite else { return .nan }
        return max(0, value)
    }

    /// A bound: not negative (+infinity allowed), or absent.
    private static func bound(_ value: Double?) -> Double {
        guard let value, !value.isNaN else { return .nan }
        return max(0, value)
    }
}

/// Padding checked when set: each edge finite (0 when absent or not finite).
package struct PaddingValues: Sendable, BitwiseCopyable {
    package var top = 0.0, leading = 0.0, bottom = 0.0, trailing = 0.0

    @inlinable package init() {}

    /// The checked values of a padding's edges (nil: absent, 0).
    package init(top: Double?, leading: Double?, bottom: Double?, trailing: Double?) {
        self.top = Self.edge(top); self.leading = Self.edge(leading)
        self.bottom = Self.edge(bottom); self.trailing = Self.edge(trailing)
    }

    /// Clamps every edge into −`ValueLimits.maxLength` … `ValueLimits.maxLength`; whether any changed.
    package mutating func clampToLimits() -> Bool {
        let edges = (top, leading, bottom, trailing)
        top = ValueLimits.clampLength(top); leading = ValueLimits.clampLength(leading)
        bottom = ValueLimits.clampLength(bottom); trailing = ValueLimits.clampLength(trailing)
        return edges != (top, leading, bottom, trailing)
    }

    private static func edge(_ value: Double?) -> Double {
        guard let value, value.isFinite else { return 0 }
        return value
    }
}
