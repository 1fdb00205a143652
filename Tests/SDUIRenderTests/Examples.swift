import Foundation
import SDUIEnvironment
import SDUISchema
import SDUILayout
import SDUIRender

/// The repository's example payloads (`Examples/*.json`), read from the source tree.
enum Examples {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The example names, sorted (`news-feed`, `product-detail`, `storefront`).
    static let names: [String] = {
        let dir = root.appendingPathComponent("Examples")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// The examples written for a right-to-left reader (Hebrew, Arabic): previewed, snapshotted and checked in
    /// Chromium right to left.
    static let rightToLeft: Set<String> = ["settings-ar", "storefront-he"]

    /// The layout direction an example is shown in.
    static func layoutDirection(_ name: String) -> LayoutDirection { rightToLeft.contains(name) ? .rightToLeft : .leftToRight }

    static func json(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("Examples/\(name).json"), encoding: .utf8)
    }

    static func screen(_ name: String) throws -> Screen { try Screen(json: json(name)) }

    static func window(_ entry: String) throws -> WindowEnvironment {
        try SDUIRender.PreviewMatrix.window(parsing: entry)
    }

    static func layout(_ screen: Screen, _ window: WindowEnvironment, contentSize: ContentSizeCategory = .large,
                       style: UserInterfaceStyle = .light, direction: LayoutDirection = .leftToRight) -> LayoutResult {
        LayoutEngine().layout(screen, in: window, traits: window.traitCollection(contentSize: contentSize, style: style,
                                                                                 layoutDirection: direction))
    }
}
