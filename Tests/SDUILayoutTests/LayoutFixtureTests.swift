import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema
import Testing

/// One layout fixture: a payload, a window, the frames SwiftUI gives (derived by hand in `notes`) and the
/// diagnostic codes expected.
struct LayoutFixture: CustomTestStringConvertible, Sendable {
    var file: String
    var name: String
    var payload: Data
    var width: Double?
    var height: Double?
    var device: String?
    var orientation: String?
    var mode: String?
    var contentSize: String?
    var expected: [String: [Double]]
    var diagnostics: [String]
    var testDescription: String { name }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Every `Fixtures/*.json`, sorted by name.
    static func all() -> [LayoutFixture] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted().compactMap { load($0) }
    }

    static func load(_ file: String) -> LayoutFixture? {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let payloadObject = object["payload"],
              let payload = try? JSONSerialization.data(withJSONObject: payloadObject) else { return nil }
        let window = object["window"] as? [String: Double]
        let environment = object["environment"] as? [String: String]
        let expected = (object["expected"] as? [String: [Double]]) ?? [:]
        return LayoutFixture(file: file, name: (object["name"] as? String) ?? file, payload: payload,
                             width: window?["width"], height: window?["height"], device: environment?["device"],
                             orientation: environment?["orientation"], mode: environment?["mode"],
                             contentSize: environment?["contentSize"], expected: expected,
                             diagnostics: (object["diagnostics"] as? [String]) ?? [])
    }

    func environment() throws -> WindowEnvironment {
        let device = DeviceCatalog.device(named: device ?? "iphone-16")!
        let mode: WindowMode
        if let width, let height { mode = .window(Size(width: width, height: height)) } else { mode = self.mode.flatMap(WindowMode.init(parsing:)) ?? .fullScreen }
        return try WindowEnvironment(WindowConfiguration(device: device, orientation: orientation.flatMap(InterfaceOrientation.init(rawValue:)) ?? .portrait, mode: mode))
    }
}

@Suite struct LayoutFixtureTests {
    @Test func `fixtures are present`() {
        #expect(LayoutFixture.all().count >= 25)
    }

    @Test(arguments: LayoutFixture.all())
    func `fixture frames match SwiftUI`(_ fixture: LayoutFixture) throws {
        let decoded = PayloadDecoder().decode(fixture.payload)
        let screen = try #require(decoded.screen, "\(fixture.file): \(decoded.errors.map(\.description))")
        let environment = try fixture.environment()
        let traits = environment.traitCollection(contentSize: fixture.contentSize.flatMap(ContentSizeCategory.init(parsing:)) ?? .large)
        let result = LayoutEngine().layout(screen, in: environment, traits: traits)
        for (id, values) in fixture.expected.sorted(by: { $0.key < $1.key }) {
            let frame = try #require(result.frame(id), "\(fixture.file): no node \(id)")
            let expected = Rect(x: values[0], y: values[1], width: values[2], height: values[3])
            #expect(near(frame, expected, 0.01), "\(fixture.file): \(id) is \(frame), expected \(expected)")
        }
        #expect(result.diagnostics.map(\.code).sorted() == fixture.diagnostics, "\(fixture.file): \(result.diagnostics.map(\.message))")
    }
}
