import SDUIEnvironment

/// How a line too long for its space is cut (SwiftUI's `Text.TruncationMode`).
public enum TruncationMode: String, Hashable, Sendable, CaseIterable { case head, middle, tail }

/// Which views of a scroll's sections stay in the viewport while their section passes under them (SwiftUI's
/// `PinnedScrollableViews`).
public struct PinnedScrollableViews: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Section headers stay at the top (leading edge) of the viewport.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1 << 0)
    /// Section footers stay at the bottom (trailing edge) of the viewport.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 1 << 1)
    /// The payload's names, in this order.
    public static let names: [(String, PinnedScrollableViews)] = [("sectionHeaders", .sectionHeaders), ("sectionFooters", .sectionFooters)]
}

extension Axis {
    /// A set of axes (SwiftUI's `Axis.Set`).
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1 << 0)
        public static let vertical = Set(rawValue: 1 << 1)
    }
}

/// The properties of sections, `viewThatFits`, `flow`, `hgrid`, `label`, SF Symbols, text styling and fonts (stored in
/// the node's box with the others).
@usableFromInline package struct SectionAndStyleProperties: Hashable, Sendable {
    package internal(set) var header: ComponentNode?
    package internal(set) var footer: ComponentNode?
    package internal(set) var pinnedViews: PinnedScrollableViews?
    package internal(set) var axes: Axis.Set?
    package internal(set) var lineSpacing: Responsive<Double>?
    package internal(set) var strikethrough: Responsive<Bool>?
    package internal(set) var underline: Responsive<Bool>?
    package internal(set) var monospacedDigit: Responsive<Bool>?
    package internal(set) var truncationMode: Responsive<TruncationMode>?
    package internal(set) var minimumScaleFactor: Responsive<Double>?
    package internal(set) var systemImage: Responsive<String>?
    package internal(set) var systemName: Responsive<String>?
    /// `fontFamily`, `fontSize`, `italic` (`ComponentNode+Font.swift`).
    package internal(set) var fontFamily: Responsive<String>?
    package internal(set) var fontSize: Responsive<Double>?
    package internal(set) var italic: Responsive<Bool>?
}

extension ComponentNode {
    // MARK: Sections
    /// A section's header (drawn before its children; pinned by a scroll's `pinnedViews`).
    public var header: ComponentNode? {
        get { box.properties.sectionAndStyle.header }
        _modify { makeUnique(); defer { box.refreshRecord() }; yield &box.properties.sectionAndStyle.header }
    }
    /// A section's footer (drawn after its children).
    public var footer: ComponentNode? {
        get { box.properties.sectionAndStyle.footer }
        _modify { makeUnique(); defer { box.refreshRecord() }; yield &box.properties.sectionAndStyle.footer }
    }
    /// A scroll's pinned section views (SwiftUI's `LazyVStack(pinnedViews:)`).
    public var pinnedViews: PinnedScrollableViews? {
        get { box.properties.sectionAndStyle.pinnedViews }
        _modify { makeUnique(); defer { box.refreshRecord() }; yield &box.properties.sectionAndStyle.pinnedViews }
    }

    // MARK: Containers
    /// `viewThatFits`: the axes on which a child must fit (default both).
    public var axes: Axis.Set? {
        get { box.properties.sectionAndStyle.axes }
        _modify { makeUnique(); defer { box.refreshRecord() }; yield &box.properties.sectionAndStyle.axes }
    }
    /// `flow`: space between lines; `text`: extra space between lines (SwiftUI's `lineSpacing`).
    public var lineSpacing: Responsive<Double>? {
        get { box.properties.sectionAndStyle.lineSpacing }
        _modify { makeUnique(); defer { box.refreshRecord() }; yield &box.properties.sectionAndStyle.lineSpacing }
    }

    // MARK: Text
    /// A line through the text (SwiftUI's `strikethrough()`).
    public var strikethrough: Responsive<Bool>? {
        get { box.properties.sectionAndStyle.strikethrough }
        _modify { makeUnique(); defer { box.refreshRecord() }; yield &box.properties.sectionAndStyle.strikethrough }
    }
    /// A line under the text (SwiftUI's `underline()`).
    public var underline: Responsive<Bool>? {
        get { box.properties.sectionAndStyle.underline }
        _modify { makeUnique(); defer { box.refreshRecord() }; yield &box.properties.sectionAndStyle.underline }
    }
    /// Digits of one width (SwiftUI's `monospacedDigit()`).
    public var monospacedDigit: Responsive<Bool>? {
        get { box.properties.sectionAndStyle.monospacedDigit }
        _modify { makeUnique(); defer { box.refreshRecord() }; yield &box.properties.sectionAndStyle.monospacedDigit }
    }
    /// Where a truncated line is cut (SwiftUI's `truncationMode(_:)`; default tail).
    public var truncationMode: Responsive<TruncationMode>? {
        get { box.properties.sectionAndStyle.truncationMode }
        _modify { makeUnique(); defer { box.refreshRecord() }; yield &box.properties.sectionAndStyle.truncationMode }
    }
    /// How far the font may shrink to fit before the text is truncated, 0 < f ≤ 1 (SwiftUI's `minimumScaleFactor`).
    public var minimumScaleFactor: Responsive<Double>? {
        get { box.properties.sectionAndStyle.minimumScaleFactor }
        _modify { makeUnique(); defer { box.refreshRecord() }; yield &box.properties.sectionAndStyle.minimumScaleFactor }
    }

    // MARK: Symbols
    /// `label`: the SF Symbol before the title.
    public var systemImage: Responsive<String>? {
        get { box.properties.sectionAndStyle.systemImage }
        _modify { makeUnique(); defer { box.refreshRecord() }; yield &box.properties.sectionAndStyle.systemImage }
    }
    /// `image`: an SF Symbol by name, sized as the symbol at the node's text `style` (SwiftUI's `Image(systemName:)`).
    public var systemName: Responsive<String>? {
        get { box.properties.sectionAndStyle.systemName }
        _modify { makeUnique(); defer { box.refreshRecord() }; yield &box.properties.sectionAndStyle.systemName }
    }
}
