import Foundation
import SDUIEnvironment
import SDUILayout
import SDUISchema
import Testing

/// One layout fixture: a payload, a window, the frames SwiftUI gives (derived by hand in `notes`) and the
/// diagnostic codes expected.
///
/// Loading is strict: every `.json` in `Fixtures/` and `Fixtures/pending/` must be a well-formed fixture, or its
/// test case fails naming the file and what is wrong — a typo (`"expeted"`), a frame that is not four numbers or a
/// fixture that checks nothing can never turn into a test that passes without checking. The files of another
/// kind, `text-reference.json` and `rtl-text-reference.json`, are read (as strictly) by `TextMeasurerTests` and
/// `RightToLeftTextTests`.
struct LayoutFixture: Sendable {
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
    /// The root scroll's content offset (`LayoutEngine.layout(_:in:traits:scrollOffset:)`); nil: a plain layout.
    var scrollOffset: Double?
    /// An embedded layout at this proposal (`LayoutEngine.layout(_:proposal:in:traits:)`: the root at the origin, no
    /// safe area; the window or environment gives the traits only); nil: a layout in the window.
    var proposal: ProposedViewSize?
    /// A published case the engine does not reproduce yet (`Fixtures/pending/`): run, and expected to differ.
    var isPending: Bool

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let otherFixtures: Set<String> = ["text-reference.json", "rtl-text-reference.json"]
    static let keys: Set<String> = ["name", "notes", "source", "window", "environment", "payload", "expected", "diagnostics", "scrollOffset", "proposal"]

    /// What is wrong with a fixture file.
    struct Malformed: Error, CustomStringConvertible {
        var file: String
        var why: String
        var description: String { "\(file): \(why)" }
    }

    /// Every fixture file: `Fixtures/*.json` and `Fixtures/pending/*.json`, sorted. A folder that cannot be read
    /// is an error, not an empty list.
    static func files() throws -> [String] {
        let manager = FileManager.default
        var files = try manager.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") && !otherFixtures.contains($0) }
        // No pending case is no `pending/` folder (git keeps no empty folder); one that is there must be readable.
        let pending = directory.appendingPathComponent("pending").path
        if manager.fileExists(atPath: pending) {
            files += try manager.contentsOfDirectory(atPath: pending).filter { $0.hasSuffix(".json") }.map { "pending/" + $0 }
        }
        return files.sorted()
    }

    /// Loads `file` (relative to `folder`, `Fixtures/` by default).
    /// - Throws: `Malformed` naming the file and the first problem.
    static func load(_ file: String, in folder: URL = directory) throws(Malformed) -> LayoutFixture {
        func fail(_ why: String) -> Malformed { Malformed(file: file, why: why) }
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path) else { throw fail("cannot be read") }
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: data) } catch { throw fail("is not JSON: \(error)") }
        guard let object = parsed as? [String: Any] else { throw fail("is not a JSON object") }
        if let unknown = Set(object.keys).subtracting(keys).sorted().first {
            throw fail("unknown key \"\(unknown)\" (a fixture has \(keys.sorted().joined(separator: ", ")))")
        }
        guard let name = object["name"] as? String, !name.isEmpty else { throw fail("\"name\" must be a non-empty string") }
        guard let payloadObject = object["payload"] as? [String: Any] else { throw fail("\"payload\" must be an object") }
        let payload: Data
        do { payload = try JSONSerialization.data(withJSONObject: payloadObject) } catch { throw fail("\"payload\" cannot be written back: \(error)") }

        var width: Double?, height: Double?
        if let window = object["window"] {
            guard let window = window as? [String: Any], Set(window.keys) == ["width", "height"],
                  let w = window["width"] as? Double, let h = window["height"] as? Double, w > 0, h > 0 else {
                throw fail("\"window\" must be {\"width\": W, \"height\": H} with positive numbers")
            }
            width = w; height = h
        }
        var environment: [String: String] = [:]
        if let value = object["environment"] {
            guard let strings = value as? [String: String],
                  Set(strings.keys).isSubset(of: ["device", "orientation", "mode", "contentSize"]) else {
                throw fail("\"environment\" must map device, orientation, mode, contentSize to strings")
            }
            environment = strings
            if width != nil { throw fail("give \"window\" or \"environment\", not both") }
        }
        var expected: [String: [Double]] = [:]
        if let value = object["expected"] {
            guard let frames = value as? [String: Any] else { throw fail("\"expected\" must map node ids to frames") }
            for (id, frame) in frames {
                guard let numbers = frame as? [Double], numbers.count == 4, numbers.allSatisfy(\.isFinite) else {
                    throw fail("expected frame of \"\(id)\" must be [x, y, width, height]")
                }
                expected[id] = numbers
            }
        }
        var diagnostics: [String] = []
        if let value = object["diagnostics"] {
            guard let codes = value as? [String] else { throw fail("\"diagnostics\" must be an array of codes") }
            diagnostics = codes.sorted()
        }
        guard object["expected"] != nil || object["diagnostics"] != nil else {
            throw fail("checks nothing: give \"expected\" frames and/or the \"diagnostics\" codes expected")
        }
        var scrollOffset: Double?
        if let value = object["scrollOffset"] {
            guard let offset = value as? Double, offset.isFinite else { throw fail("\"scrollOffset\" must be a finite number") }
            scrollOffset = offset
        }
        var proposal: ProposedViewSize?
        if let value = object["proposal"] {
            // {"width": W or null, "height": H or null}: each side a number ≥ 0 or null (unspecified).
            func side(_ key: String) -> Double?? {
                guard let dictionary = value as? [String: Any], let side = dictionary[key] else { return nil }
                if side is NSNull { return .some(nil) }
                guard let number = side as? Double, number.isFinite, number >= 0 else { return nil }
                return .some(number)
            }
            guard let dictionary = value as? [String: Any], Set(dictionary.keys) == ["width", "height"],
                  let width = side("width"), let height = side("height") else {
                throw fail("\"proposal\" must be {\"width\": W or null, \"height\": H or null} with numbers ≥ 0")
            }
            if scrollOffset != nil { throw fail("give \"proposal\" or \"scrollOffset\", not both") }
            proposal = ProposedViewSize(width: width, height: height)
        }
        let fixture = LayoutFixture(file: file, name: name, payload: payload, width: width, height: height,
                                    device: environment["device"], orientation: environment["orientation"],
                                    mode: environment["mode"], contentSize: environment["contentSize"], expected: expected,
                                    diagnostics: diagnostics, scrollOffset: scrollOffset, proposal: proposal,
                                    isPending: file.hasPrefix("pending/"))
        do { _ = try fixture.environment() } catch { throw fail("names no window: \(error)") }
        if let size = fixture.contentSize, ContentSizeCategory(parsing: size) == nil { throw fail("unknown contentSize \"\(size)\"") }
        return fixture
    }

    func environment() throws -> WindowEnvironment {
        guard let device = DeviceCatalog.device(named: device ?? "iphone-16") else {
            throw Malformed(file: file, why: "unknown device \"\(self.device ?? "")\"")
        }
        let mode: WindowMode
        if let width, let height {
            mode = .window(Size(width: width, height: height))
        } else if let name = self.mode {
            guard let parsed = WindowMode(parsing: name) else { throw Malformed(file: file, why: "unknown mode \"\(name)\"") }
            mode = parsed
        } else {
            mode = .fullScreen
        }
        var orientation = InterfaceOrientation.portrait
        if let name = self.orientation {
            guard let parsed = InterfaceOrientation(rawValue: name) else { throw Malformed(file: file, why: "unknown orientation \"\(name)\"") }
            orientation = parsed
        }
        return try WindowEnvironment(WindowConfiguration(device: device, orientation: orientation, mode: mode))
    }
}

@Suite struct LayoutFixtureTests {
    @Test func `fixtures are present`() throws {
        #expect(try LayoutFixture.files().count >= 25)
    }

    @Test(arguments: try LayoutFixture.files())
    func `fixture frames match SwiftUI`(_ file: String) throws {
        let fixture = try LayoutFixture.load(file)
        if fixture.isPending {
            withKnownIssue("pending: the engine does not reproduce this case yet (docs/swiftui-reference-layouts.md); move it out of pending/ once it passes") {
                try check(fixture)
            }
        } else {
            try check(fixture)
        }
    }

    func check(_ fixture: LayoutFixture) throws {
        let decoded = PayloadDecoder().decode(fixture.payload)
        let screen = try #require(decoded.screen, "\(fixture.file): \(decoded.errors.map(\.description))")
        let environment = try fixture.environment()
        let traits = environment.traitCollection(contentSize: fixture.contentSize.flatMap(ContentSizeCategory.init(parsing:)) ?? .large)
        let result: LayoutResult
        if let proposal = fixture.proposal {
            result = LayoutEngine().layout(screen, proposal: proposal, in: environment, traits: traits)
        } else if let offset = fixture.scrollOffset {
            result = LayoutEngine().layout(screen, in: environment, traits: traits, scrollOffset: offset)
        } else {
            result = LayoutEngine().layout(screen, in: environment, traits: traits)
        }
        for (id, values) in fixture.expected.sorted(by: { $0.key < $1.key }) {
            let frame = try #require(result.frame(id), "\(fixture.file): no node \(id)")
            let expected = Rect(x: values[0], y: values[1], width: values[2], height: values[3])
            #expect(near(frame, expected, 0.01), "\(fixture.file): \(id) is \(frame), expected \(expected)")
        }
        #expect(result.diagnostics.map(\.code).sorted() == fixture.diagnostics, "\(fixture.file): \(result.diagnostics.map(\.message))")
    }

    @Test func `a malformed fixture fails to load, naming the file and why`() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [(String, String)] = [
            (#"{"name": "t", "payload": {}, "expeted": {}}"#, "unknown key \"expeted\""),
            (#"{"name": "t", "payload": {}, "expected": {"a": [1, 2, 3]}}"#, "expected frame of \"a\""),
            (#"{"name": "t", "payload": {}}"#, "checks nothing"),
            (#"{"name": "t", "payload": {}, "window": {"width": 0, "height": 1}, "diagnostics": []}"#, "\"window\""),
            (#"{"name": "t", "payload": {}, "environment": {"device": "iphone-99"}, "diagnostics": []}"#, "unknown device"),
            (#"[1]"#, "is not a JSON object"),
            (#"{"name": "t", "payload": {}, "proposal": {"width": -1, "height": null}, "diagnostics": []}"#, "\"proposal\""),
            (#"{"name": "t", "payload": {}, "proposal": {"width": 320}, "diagnostics": []}"#, "\"proposal\""),
        ]
        for (index, (text, why)) in cases.enumerated() {
            let file = "malformed-\(index).json"
            try Data(text.utf8).write(to: directory.appendingPathComponent(file))
            #expect(throws: LayoutFixture.Malformed.self) { try LayoutFixture.load(file, in: directory) }
            do { _ = try LayoutFixture.load(file, in: directory) } catch {
                #expect(error.description.hasPrefix(file) && error.description.contains(why), "\(error)")
            }
        }
    }
}
