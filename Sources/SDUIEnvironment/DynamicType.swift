/// A Dynamic Type size (UIKit's `UIContentSizeCategory`, SwiftUI's `DynamicTypeSize`), smallest first.
///
/// Raw values are the short names used on the command line and in the reference table
/// (`xSmall` … `xxxLarge`, `AX1` … `AX5`).
public enum ContentSizeCategory: String, Sendable, CaseIterable, Codable, Comparable {
    case xSmall, small = "Small", medium = "Medium", large = "Large", xLarge, xxLarge, xxxLarge
    case accessibility1 = "AX1", accessibility2 = "AX2", accessibility3 = "AX3", accessibility4 = "AX4", accessibility5 = "AX5"

    /// Position from smallest (0) to largest (11).
    public var rawIndex: Int {
        switch self {
        case .xSmall: return 0
        case .small: return 1
        case .medium: return 2
        case .large: return 3
        case .xLarge: return 4
        case .xxLarge: return 5
        case .xxxLarge: return 6
        case .accessibility1: return 7
        case .accessibility2: return 8
        case .accessibility3: return 9
        case .accessibility4: return 10
        case .accessibility5: return 11
        }
    }
    /// Whether this is one of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { rawIndex >= 7 }
    public static func < (a: Self, b: Self) -> Bool { a.rawIndex < b.rawIndex }

    /// Parses any common spelling: `xSmall`, `small`, `AX3`, `accessibility3`, `accessibilityExtraLarge`,
    /// `extraExtraLarge` (case-insensitive).
    public init?(parsing text: String) {
        let key = text.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "")
        let aliases: [String: ContentSizeCategory] = [
            "xsmall": .xSmall, "extrasmall": .xSmall, "xs": .xSmall,
            "small": .small, "s": .small, "medium": .medium, "m": .medium, "large": .large, "l": .large,
            "xlarge": .xLarge, "extralarge": .xLarge, "xl": .xLarge,
            "xxlarge": .xxLarge, "extraextralarge": .xxLarge, "xxl": .xxLarge,
            "xxxlarge": .xxxLarge, "extraextraextralarge": .xxxLarge, "xxxl": .xxxLarge,
            "ax1": .accessibility1, "accessibility1": .accessibility1, "accessibilitymedium": .accessibility1,
            "ax2": .accessibility2, "accessibility2": .accessibility2, "accessibilitylarge": .accessibility2,
            "ax3": .accessibility3, "accessibility3": .accessibility3, "accessibilityextralarge": .accessibility3,
            "ax4": .accessibility4, "accessibility4": .accessibility4, "accessibilityextraextralarge": .accessibility4,
            "ax5": .accessibility5, "accessibility5": .accessibility5, "accessibilityextraextraextralarge": .accessibility5,
        ]
        guard let value = aliases[key] else { return nil }
        self = value
    }
}

/// A font weight (SwiftUI's `Font.Weight`), with its CSS number.
public enum FontWeight: String, Sendable, CaseIterable, Codable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    /// CSS `font-weight` (100…900).
    public var cssWeight: Int {
        switch self {
        case .ultraLight: return 100
        case .thin: return 200
        case .light: return 300
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        case .heavy: return 800
        case .black: return 900
        }
    }
}

/// A Dynamic Type text style (SwiftUI's `Font.TextStyle`).
public enum TextStyle: String, Sendable, CaseIterable, Codable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2
    var rawIndex: Int {
        switch self {
        case .largeTitle: return 0
        case .title: return 1
        case .title2: return 2
        case .title3: return 3
        case .headline: return 4
        case .body: return 5
        case .callout: return 6
        case .subheadline: return 7
        case .footnote: return 8
        case .caption: return 9
        case .caption2: return 10
        }
    }
}

/// Size, line height and weight of a text style at a Dynamic Type size.
public struct TextStyleMetrics: Hashable, Sendable {
    /// Point size.
    public var size: Double
    /// Apple's leading: baseline-to-baseline line height in points.
    public var lineHeight: Double
    /// The style's default weight.
    public var weight: FontWeight
    /// The weight of the style's bold (emphasized) variant.
    public var emphasizedWeight: FontWeight
}

/// Apple's Dynamic Type table (HIG Typography > Specifications): 11 text styles × 12 content sizes.
public enum DynamicTypeTable {
    /// Metrics of `style` at `category`.
    public static func metrics(_ style: TextStyle, _ category: ContentSizeCategory) -> TextStyleMetrics {
        let cell = table[style.rawIndex][category.rawIndex]
        let w = weights[style.rawIndex]
        return TextStyleMetrics(size: cell.size, lineHeight: cell.leading, weight: w.regular, emphasizedWeight: w.emphasized)
    }
}
