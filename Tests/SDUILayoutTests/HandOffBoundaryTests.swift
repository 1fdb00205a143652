import Foundation
import Testing

/// The stages after the build read a node's content from the records its property box carries
/// (`LayoutResult.content(at:)`, `ComponentNode.content(at:)`), never the payload model's properties: no source file
/// of those stages reads a node's boxed properties (`ComponentNode.properties(at:)`), a container's templates through
/// a payload pointer, or resolves a size-class value. Schema (which writes the records) and the build
/// (`SDUILayout/Build/`, which reads the geometry and the model to make the flat tree) are the only readers.
@Suite struct HandOffBoundaryTests {
    /// The stages after the build: their sources' folders.
    static let stages = ["SDUILayout", "SDUIDisplay", "SDUIRuntime", "SDUIRender", "SDUIUIKit", "SDUISwiftUI"]
    /// What reads the payload model's properties or resolves a value.
    static let forbidden = ["properties(at:", ".pointee.templates", ".resolved(for:"]

    @Test func `no stage after the build reads a node's properties or resolves a value`() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardized
        var files = 0
        var found: [String] = []
        for stage in Self.stages {
            let folder = sources.appendingPathComponent(stage)
            let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
            for case let path as String in enumerator where path.hasSuffix(".swift") {
                if stage == "SDUILayout" && path.hasPrefix("Build/") { continue }
                files += 1
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                for word in Self.forbidden where text.contains(word) { found.append("\(stage)/\(path): \(word)") }
            }
        }
        #expect(files > 100)
        #expect(found.isEmpty, "\(found)")
    }
}
