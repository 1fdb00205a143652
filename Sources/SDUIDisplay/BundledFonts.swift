import Foundation
import SDUILayout

/// The font files the native hosts draw with: the faces the engine measures its built-in text in (Inter 400, 500,
/// 600, 700; Noto Sans Hebrew and Noto Sans Arabic 400 and 700), as OpenType/TrueType files in this module's
/// resources (`Resources/Fonts`, with their SIL OFL 1.1 licences), so an app that links a host ships them.
///
/// `FontRegistration` (Apple platforms) registers them with CoreText on first use; the hosts then ask for them by
/// PostScript name (`postScriptName(family:weight:)`), so the device draws the face the engine measured.
public enum BundledFonts {
    /// One bundled face.
    public struct Face: Sendable, Equatable {
        /// The file in `Resources/Fonts`.
        public var fileName: String
        /// The family (`name` ID 16 or 1).
        public var family: String
        /// The CSS weight (`OS/2` `usWeightClass`).
        public var weight: Int
        /// The PostScript name, as `UIFont(name:size:)` and `Font.custom(_:size:)` take it.
        public var postScriptName: String
    }

    /// Every bundled face.
    public static let faces: [Face] = [
        Face(fileName: "Inter-Regular.otf", family: "Inter", weight: 400, postScriptName: "Inter-Regular"),
        Face(fileName: "Inter-Medium.otf", family: "Inter", weight: 500, postScriptName: "Inter-Medium"),
        Face(fileName: "Inter-SemiBold.otf", family: "Inter", weight: 600, postScriptName: "Inter-SemiBold"),
        Face(fileName: "Inter-Bold.otf", family: "Inter", weight: 700, postScriptName: "Inter-Bold"),
        Face(fileName: "NotoSansHebrew-Regular.ttf", family: "Noto Sans Hebrew", weight: 400, postScriptName: "NotoSansHebrew-Regular"),
        Face(fileName: "NotoSansHebrew-Bold.ttf", family: "Noto Sans Hebrew", weight: 700, postScriptName: "NotoSansHebrew-Bold"),
        Face(fileName: "NotoSansArabic-Regular.ttf", family: "Noto Sans Arabic", weight: 400, postScriptName: "NotoSansArabic-Regular"),
        Face(fileName: "NotoSansArabic-Bold.ttf", family: "Noto Sans Arabic", weight: 700, postScriptName: "NotoSansArabic-Bold"),
    ]

    /// The URL of a bundled face's file, or nil when the module's resource bundle lacks it.
    public static func url(of face: Face) -> URL? {
        let name = (face.fileName as NSString).deletingPathExtension, type = (face.fileName as NSString).pathExtension
        return Bundle.module.url(forResource: name, withExtension: type, subdirectory: "Fonts")
    }

    /// The PostScript name of the bundled face of `family` that CSS font matching picks for `weight` (the same rule
    /// the engine and the browser use: 550 → 600, 800 → 700, 300 → 400), or nil when no bundled face has that family.
    public static func postScriptName(family: String = "Inter", weight: Int) -> String? {
        let candidates = faces.filter { $0.family == family }
        guard !candidates.isEmpty else { return nil }
        let chosen = FontCollection.matchingWeight(weight, among: candidates.map(\.weight))
        return candidates.first { $0.weight == chosen }?.postScriptName
    }
}
