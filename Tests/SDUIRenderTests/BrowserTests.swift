import Foundation
import Testing
import SDUIEnvironment
import SDUISchema
import SDUILayout
@testable import SDUIRender

/// Runs `Scripts/browser/check_page.py` (Python + selenium + Debian's chromium/chromium-driver) on a generated
/// preview page and checks what it measured. A missing tool is a failure with the install command, never a skip.
enum BrowserCheck {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The parsed JSON report, or an explanation of why there is none.
    static func run(page: String, name: String, extraArguments: [String] = []) -> Result<[String: Any], BrowserCheckError> {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-browser-\(name)-\(UUID().uuidString)")
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
            return .failure(BrowserCheckError(message: "cannot create \(directory.path): \(error)"))
        }
        let pageURL = directory.appendingPathComponent("page.html")
        let reportURL = directory.appendingPathComponent("report.json")
        do { try Data(page.utf8).write(to: pageURL) } catch {
            return .failure(BrowserCheckError(message: "cannot write \(pageURL.path): \(error)"))
        }
        let script = repositoryRoot.appendingPathComponent("Scripts/browser/check_page.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, pageURL.path, "--json", reportURL.path] + extraArguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch {
            return .failure(BrowserCheckError(message: "cannot start python3 (\(error)); install Python 3, `pip install selenium==4.50.0` and `apt-get install -y chromium chromium-driver`"))
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        print(text)
        if process.terminationStatus == 2 {
            return .failure(BrowserCheckError(message: "the browser check could not run — missing tools:\n\(text)"))
        }
        guard let data = FileManager.default.contents(atPath: reportURL.path),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return .failure(BrowserCheckError(message: "check_page.py exited \(process.terminationStatus) without a report:\n\(text)"))
        }
        return .success(json)
    }
}

struct BrowserCheckError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

@Suite(.serialized) struct BrowserTests {
    @Test func `in Chromium every box equals the engine's frame, no text overflows and CLS is 0 while images load late`() throws {
        let page = PreviewPage(screen: HandLayout.screen, windows: PreviewMatrix.defaultWindows(),
                               contentSizes: [.large, .accessibility2]) { _, w, t in HandLayout.layout(w, traits: t) }.html()
        let report: [String: Any]
        switch BrowserCheck.run(page: page, name: "preview") {
        case .success(let r): report = r
        case .failure(let e): Issue.record(Comment(rawValue: e.message)); return
        }
        let panels = report["panels"] as? Int ?? 0
        #expect(panels == PreviewMatrix.defaultEntries.count * 2)
        #expect((report["nodes"] as? Int ?? 0) > panels)
        #expect((report["maxBoxError"] as? Double ?? .infinity) <= 0.5)
        #expect(report["overflowingLines"] as? Int == 0)
        #expect((report["images"] as? Int ?? 0) > 0, "the page must have images for the CLS check to mean anything")
        #expect(report["cls"] as? Double == 0)
        #expect((report["naiveCLS"] as? Double ?? 0) > 0, "the naive control page must shift")
        #expect((report["failures"] as? [String])?.isEmpty == true)
    }
}
