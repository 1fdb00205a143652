import Foundation
import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
@testable import SDUIRender

/// What `Scripts/browser/check_page.py` measured on one page (the fields the tests read).
struct BrowserReport: Decodable, Sendable {
    struct ImageWait: Decodable, Sendable { var images: Int?; var loaded: Int?; var failed: Int?; var timeout: Bool? }
    struct Text: Decodable, Sendable {
        var lines: Int; var max: Double; var p50: Double; var p95: Double; var over2percent: Int
        var maxAbsolutePx: Double; var differentBreaks: Int
    }
    var panels: Int
    var nodes: Int
    var lines: Int
    var images: Int
    var imageWait: ImageWait
    var maxBoxError: Double
    var overflowingLines: Int
    var controlLines: Int?
    var linesUnderControls: Int?
    var cls: Double
    var rtlPanels: Int
    var rtlPanelsStyled: Int
    var bidiLines: Int
    var bidiMisordered: Int
    var naiveCLS: Double?
    var firstContentfulPaint: Double?
    var firstImageResponse: Double?
    var text: Text?
    var failures: [String]
}

/// Runs the browser check (Python + selenium + Debian's chromium/chromium-driver) once per example page and
/// keeps the reports for the tests below. A missing tool is a failure naming the install command, never a skip.
enum BrowserCheck {
    static let repositoryRoot = Examples.root

    /// The pages the browser tests look at: every example, and the storefront laid out right to left.
    static let pages: [String] = Examples.names + [storefrontRightToLeft]
    /// The page of the storefront mirrored.
    static let storefrontRightToLeft = "storefront (right to left)"

    /// The preview page each browser test looks at: the default matrix at Large and AX3, right to left for the
    /// Hebrew and Arabic examples. The storefront has one image URL that answers 404, so the failure phase is on
    /// the page too.
    static func page(_ name: String) throws -> String {
        let example = name == storefrontRightToLeft ? "storefront" : name
        let direction = name == storefrontRightToLeft ? .rightToLeft : Examples.layoutDirection(name)
        var screen = try Examples.screen(example)
        if name == "storefront" { breakLastImage(&screen.root) }
        let engine = LayoutEngine()
        return PreviewPage(screen: screen, windows: PreviewMatrix.defaultWindows(), contentSizes: [.large, .accessibility3],
                           layoutDirection: direction) {
            engine.layout($0, in: $1, traits: $2)
        }.html()
    }

    /// Points the last image of the tree at a URL the test server answers with 404.
    @discardableResult
    static func breakLastImage(_ node: inout ComponentNode) -> Bool {
        for i in node.children.indices.reversed() where breakLastImage(&node.children[i]) { return true }
        guard node.type == .image else { return false }
        node.url = .fixed("https://img.example/broken-image.jpg")
        return true
    }

    /// Reports by example name (computed once, on first use).
    static let reports: [String: Result<BrowserReport, BrowserCheckError>] = {
        var out: [String: Result<BrowserReport, BrowserCheckError>] = [:]
        for name in pages {
            do {
                let arguments = ["--text-fidelity"] + (name == "storefront" ? [] : ["--skip-naive"])
                out[name] = run(page: try page(name), name: name.replacingOccurrences(of: " ", with: "-"), extraArguments: arguments)
            } catch {
                out[name] = .failure(BrowserCheckError(message: "\(name): cannot build the page: \(error)"))
            }
        }
        return out
    }()

    static func report(_ name: String) -> BrowserReport? {
        switch reports[name] {
        case .success(let r): return r
        case .failure(let e): Issue.record(Comment(rawValue: e.message)); return nil
        case nil: Issue.record("no browser report for \(name)"); return nil
        }
    }

    static func run(page: String, name: String, extraArguments: [String]) -> Result<BrowserReport, BrowserCheckError> {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-browser-\(name)-\(UUID().uuidString)")
        let pageURL = directory.appendingPathComponent("\(name).html")
        let reportURL = directory.appendingPathComponent("report.json")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(page.utf8).write(to: pageURL)
        } catch {
            return .failure(BrowserCheckError(message: "cannot write \(pageURL.path): \(error)"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repositoryRoot.appendingPathComponent("Scripts/browser/check_page.py").path,
                             pageURL.path, "--json", reportURL.path] + extraArguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch {
            return .failure(BrowserCheckError(message: "cannot start python3 (\(error)). The browser check needs: "
                + "apt-get install -y python3 chromium chromium-driver fonts-noto-color-emoji && pip install selenium==4.50.0"))
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        print(text)
        if process.terminationStatus == 2 {
            return .failure(BrowserCheckError(message: "the browser check could not run, a tool is missing:\n\(text)"))
        }
        guard let data = FileManager.default.contents(atPath: reportURL.path) else {
            return .failure(BrowserCheckError(message: "check_page.py exited \(process.terminationStatus) without a report:\n\(text)"))
        }
        do {
            return .success(try JSONDecoder().decode(BrowserReport.self, from: data))
        } catch {
            return .failure(BrowserCheckError(message: "unreadable report \(reportURL.path): \(error)"))
        }
    }
}

struct BrowserCheckError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

@Suite(.serialized) struct BrowserTests {
    @Test func `in Chromium every panel of every named state matches the engine's frames within half a point`() throws {
        // Two windows × two named states × two Dynamic Type sizes: eight panels, side by side per window.
        let windows = [try Examples.window("iphone-se-3"), try Examples.window("ipad-pro-13-m4:landscape:split-1/2")]
        let page = try PreviewStateTests.page(windows: windows).html()
        switch BrowserCheck.run(page: page, name: "named-states", extraArguments: ["--skip-naive"]) {
        case .failure(let error): Issue.record(Comment(rawValue: error.message))
        case .success(let r):
            #expect(r.panels == windows.count * 2 * 2, "every panel of every state and size measured")
            #expect(r.nodes > r.panels)
            #expect(r.maxBoxError <= 0.5)
            #expect(r.overflowingLines == 0)
            #expect(r.failures.isEmpty, "\(r.failures)")
        }
    }

    /// Toggles, steppers, a text field and a menu picker whose labels wrap beside their controls.
    static let controls = #"""
    {"schemaVersion": 1, "id": "controls", "state": {"on": true, "n": 3, "name": "", "size": 1},
     "root": {"type": "vstack", "padding": 16, "children": [
       {"type": "toggle", "id": "toggle", "isOn": "@{on}", "label": "Notifications for every new message in every channel you follow"},
       {"type": "stepper", "id": "stepper", "value": "@{n}", "label": "Guests staying with you for the whole of the long weekend"},
       {"type": "textField", "id": "field", "text": "@{name}", "placeholder": "Your name"},
       {"type": "picker", "id": "menu", "selection": "@{size}", "label": "Size", "options": [{"value": 1, "label": "Small"}, {"value": 2, "label": "Large"}]},
       {"type": "toggle", "id": "short", "isOn": "@{on}", "label": "Wi-Fi"}]}}
    """#

    @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func `in Chromium an input's label lines sit beside its control, never under it`(_ direction: LayoutDirection) throws {
        let screen = try Screen(json: Self.controls)
        let engine = LayoutEngine()
        let page = PreviewPage(screen: screen, windows: PreviewMatrix.defaultWindows(), contentSizes: [.large, .accessibility3],
                               layoutDirection: direction) { engine.layout($0, in: $1, traits: $2) }.html()
        switch BrowserCheck.run(page: page, name: "controls-\(direction)", extraArguments: ["--skip-naive"]) {
        case .failure(let error): Issue.record(Comment(rawValue: error.message))
        case .success(let r):
            #expect((r.controlLines ?? 0) > r.panels * 3, "the labels beside switches, steppers and chevrons were measured")
            #expect(r.linesUnderControls == 0)
            #expect(r.overflowingLines == 0)
            #expect(r.maxBoxError <= 0.5)
            #expect(r.failures.isEmpty, "\(r.failures)")
        }
    }

    @Test(arguments: BrowserCheck.pages)
    func `in Chromium every node's box equals the engine's frame within half a point`(_ example: String) throws {
        guard let r = BrowserCheck.report(example) else { return }
        #expect(r.panels == PreviewMatrix.defaultEntries.count * 2, "every panel of both variants measured")
        #expect(r.nodes > r.panels)
        #expect(r.maxBoxError <= 0.5)
    }

    @Test(arguments: BrowserCheck.pages)
    func `right-to-left pages are rtl in Chromium and draw every bidirectional run where the engine orders it`(_ name: String) throws {
        guard let r = BrowserCheck.report(name) else { return }
        let rightToLeft = name == BrowserCheck.storefrontRightToLeft || Examples.rightToLeft.contains(name)
        #expect(r.rtlPanels == (rightToLeft ? r.panels : 0))
        #expect(r.rtlPanelsStyled == r.rtlPanels)
        if Examples.rightToLeft.contains(name) { #expect(r.bidiLines > 0, "the Hebrew and Arabic examples mix directions") }
        #expect(r.bidiMisordered == 0)
    }

    @Test(arguments: BrowserCheck.pages)
    func `in Chromium no text line overflows its box`(_ example: String) throws {
        guard let r = BrowserCheck.report(example) else { return }
        #expect(r.lines > 0)
        #expect(r.overflowingLines == 0)
    }

    @Test func `CLS is 0 while every image loads late, and a naive page without reserved boxes measures CLS above 0`() throws {
        guard let r = BrowserCheck.report("storefront") else { return }
        #expect(r.images > 0)
        #expect((r.imageWait.loaded ?? 0) > 0, "some images load (success phase)")
        #expect((r.imageWait.failed ?? 0) > 0, "one image answers 404 (failure phase)")
        #expect(r.imageWait.timeout != true)
        let paint = try #require(r.firstContentfulPaint), firstImage = try #require(r.firstImageResponse)
        #expect(firstImage > paint, "images arrive after the first paint")
        #expect(r.cls == 0)
        #expect((r.naiveCLS ?? 0) > 0, "the control must shift, or the measurement proves nothing")
    }

    @Test func `Chromium draws every line within 2 percent of the engine's width and breaks lines at the same places`() throws {
        var lines = 0, over = 0, breaks = 0, maxError = 0.0
        for example in BrowserCheck.pages {
            guard let t = BrowserCheck.report(example)?.text else { continue }
            print("text fidelity \(example): \(t.lines) lines, max \(t.max * 100) %, p50 \(t.p50 * 100) %, p95 \(t.p95 * 100) %, "
                + "\(t.over2percent) over 2 %, \(t.differentBreaks) different breaks")
            lines += t.lines; over += t.over2percent; breaks += t.differentBreaks; maxError = max(maxError, t.max)
        }
        #expect(lines > 0)
        #expect(over == 0, "lines over 2 % (max \(maxError * 100) %)")
        #expect(breaks == 0)
    }
}
