import Foundation
import SDUIEnvironment
@testable import SDUILayout
import SDUISchema
import Testing

/// A node this build cannot show and that has no fallback is laid out as `visible: false` and reported as
/// `node-dropped`, whatever its type: plain leaves and plain stacks take the build's short paths
/// (`SimpleLeaf`, `SimpleStack`), which must report it as the general path does.
@Suite struct DroppedNodeTests {
    static let payload = """
    {"schemaVersion": 1, "root": {"type": "vstack", "id": "column", "children": [
      {"type": "text", "id": "text", "text": "only in 99", "minimumVersion": "99.0"},
      {"type": "color", "id": "color", "minimumVersion": "1.8"},
      {"type": "image", "id": "image", "url": "https://example.com/a.png", "aspectRatio": 1.5, "minimumVersion": "2.0"},
      {"type": "spacer", "id": "spacer", "minimumVersion": "99.0"},
      {"type": "divider", "id": "divider", "minimumVersion": "99.0"},
      {"type": "vstack", "id": "vstack", "minimumVersion": "99.0", "children": [{"type": "text", "id": "inner", "text": "x"}]},
      {"type": "hstack", "id": "hstack", "minimumVersion": "99.0", "children": []},
      {"type": "button", "id": "button", "title": "Go", "minimumVersion": "99.0"},
      {"type": "hologram", "id": "unknown"},
      {"type": "text", "id": "shown", "text": "shown"}
    ]}}
    """

    @Test func `every node not shown is reported, on the short paths too`() throws {
        let decoded = PayloadDecoder().decode(Data(Self.payload.utf8))
        let screen = try #require(decoded.screen)
        let result = LayoutEngine().layout(screen, in: window(393, 852), traits: window(393, 852).traitCollection(contentSize: .large))
        let dropped = result.diagnostics.filter { $0.code == "node-dropped" }
        #expect(dropped.map(\.path) == ["text", "color", "image", "spacer", "divider", "vstack", "hstack", "button", "unknown"])
        #expect(dropped.allSatisfy { $0.severity == .warning })
        for id in ["text", "color", "image", "spacer", "divider", "vstack", "hstack", "button", "unknown"] {
            #expect(result.frame(id)?.width == 0 && result.frame(id)?.height == 0, "\(id) takes no space")
        }
        #expect(result.frame("shown")?.height == 22)
    }
}
