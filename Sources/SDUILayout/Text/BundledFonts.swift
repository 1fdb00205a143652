import Foundation

/// The font files SDUIKit ships, in this module's resources (`Resources/Fonts`, with their SIL OFL 1.1 licences):
/// Inter 400, 500, 600, 700 (OpenType/CFF) and Noto Sans Hebrew and Noto Sans Arabic 400 and 700 (TrueType).
///
/// They are the one copy of the built-in faces: the engine measures text set in no loaded face with them (read
/// through `FontFile`, each file once per process, on first use), the renderer embeds them in its pages (as WOFF2
/// made from these very files), and the native hosts register them with CoreText (`FontRegistration`) and ask for
/// them by PostScript name (`postScriptName(family:weight:)`), so every renderer draws the faces the engine measured.
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

    /// The bundled families, each once: `Inter`, `Noto Sans Hebrew`, `Noto Sans Arabic`.
    public static let families: [String] = faces.reduce(into: []) { if !$0.contains($1.family) { $0.append($1.family) } }

    /// Whether `family` (compared case-insensitively, as CSS does) is a bundled family.
    public static func hasFamily(_ family: String) -> Bool {
        families.contains { FontCollection.sameFamily($0, family) }
    }

    /// The directory of the bundled files, or nil when this module's resources cannot be found.
    ///
    /// Looked up without trapping (SwiftPM's `Bundle.module` stops the process when its bundle is missing): the
    /// module's resource bundle beside the executable or in the main bundle's resources (`swift run`, `swift test`,
    /// an app), then the package's source tree (a binary built from a checkout and moved).
    public static let directory: URL? = {
        var roots: [URL] = [Bundle.main.bundleURL]
        if let resources = Bundle.main.resourceURL { roots.append(resources) }
        if let executable = Bundle.main.executableURL { roots.append(executable.deletingLastPathComponent()) }
        #if canImport(Darwin)
        let owner = Bundle(for: FontFace.self)
        roots += [owner.bundleURL, owner.resourceURL, owner.bundleURL.deletingLastPathComponent()].compactMap { $0 }
        #endif
        let manager = FileManager.default
        for root in roots {
            for name in ["SDUIKit_SDUILayout.bundle", "SDUIKit_SDUILayout.resources"] {
                let bundle = root.appendingPathComponent(name)
                for fonts in [bundle.appendingPathComponent("Fonts"), bundle.appendingPathComponent("Contents/Resources/Fonts")]
                where manager.fileExists(atPath: fonts.appendingPathComponent(faces[0].fileName).path) {
                    return fonts
                }
            }
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/Fonts")
        return manager.fileExists(atPath: source.appendingPathComponent(faces[0].fileName).path) ? source : nil
    }()

    /// The URL of a bundled face's file, or nil when the module's resources cannot be found.
    public static func url(of face: Face) -> URL? {
        directory?.appendingPathComponent(face.fileName)
    }

    /// The PostScript name of the bundled face of `family` that CSS font matching picks for `weight` (the same rule
    /// the engine and the browser use: 550 → 600, 800 → 700, 300 → 400), or nil when no bundled face has that family.
    public static func postScriptName(family: String = "Inter", weight: Int) -> String? {
        let candidates = faces.filter { $0.family == family }
        guard !candidates.isEmpty else { return nil }
        let chosen = FontCollection.matchingWeight(weight, among: candidates.map(\.weight))
        return candidates.first { $0.weight == chosen }?.postScriptName
    }

    /// The bundled face of `family` CSS font matching picks for `weight`, read (on first use) from its file; nil when
    /// the family is not bundled or its file cannot be read (`problems` says why).
    public static func face(family: String = "Inter", weight: Int) -> FontFace? {
        let candidates = faces.indices.filter { faces[$0].family == family }
        guard !candidates.isEmpty else { return nil }
        let chosen = FontCollection.matchingWeight(weight, among: candidates.map { faces[$0].weight })
        guard let index = candidates.first(where: { faces[$0].weight == chosen }) else { return nil }
        return loaded(index).face
    }

    /// Why bundled faces could not be read (empty when every one read so far was): a missing resource directory or
    /// file, or a `FontFileError`. Text whose face is missing is measured with the fallback estimates.
    public static var problems: [String] {
        faces.indices.compactMap { index -> String? in
            guard let url = url(of: faces[index]) else {
                return "\(faces[index].fileName): SDUILayout's resources (Resources/Fonts) are not beside the executable"
            }
            return loaded(index).problem.map { "\(url.path): \($0)" }
        }
    }

    /// The face at `index` of `faces`, read once (each in its own lazily made constant, so a screen of Latin text never
    /// reads the Hebrew or Arabic files).
    private static func loaded(_ index: Int) -> (face: FontFace?, problem: String?) {
        switch index {
        case 0: return Loaded.face0
        case 1: return Loaded.face1
        case 2: return Loaded.face2
        case 3: return Loaded.face3
        case 4: return Loaded.face4
        case 5: return Loaded.face5
        case 6: return Loaded.face6
        default: return Loaded.face7
        }
    }

    private enum Loaded {
        static let face0 = read(0), face1 = read(1), face2 = read(2), face3 = read(3)
        static let face4 = read(4), face5 = read(5), face6 = read(6), face7 = read(7)

        static func read(_ index: Int) -> (face: FontFace?, problem: String?) {
            guard let url = url(of: faces[index]) else { return (nil, "the bundled fonts' directory was not found") }
            guard let data = try? Data(contentsOf: url) else { return (nil, "cannot be read") }
            do {
                return (try FontFile.faces(in: [UInt8](data), file: faces[index].fileName).first, nil)
            } catch {
                return (nil, error.description)
            }
        }
    }
}
