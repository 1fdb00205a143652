import Foundation
import Testing

/// What `Scripts/browser/check_serve.py` found (the fields the tests read).
struct ServeBrowserReport: Decodable {
    var failures: [String]
    var checks: [String: Bool]
    var timings: [String: [Double]]
    var panels: Int?
}

/// Runs the serve check (Python + selenium + Debian's chromium/chromium-driver) against the built `sdui`; a missing
/// tool is a failure naming the install command, never a skip.
func runServeCheck(_ extra: [String]) throws -> ServeBrowserReport {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-serve-report-\(UUID().uuidString).json")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", repositoryRoot.appendingPathComponent("Scripts/browser/check_serve.py").path,
                         "--sdui", productsDirectory.appendingPathComponent("sdui").path, "--json", report.path] + extra
    process.currentDirectoryURL = repositoryRoot
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    print(text)
    if process.terminationStatus == 2 {
        throw ServeProcess.SDUIError(message: "the serve check could not run, a tool is missing (apt-get install -y chromium chromium-driver "
            + "&& pip install selenium==4.50.0):\n\(text)")
    }
    guard let data = FileManager.default.contents(atPath: report.path) else {
        throw ServeProcess.SDUIError(message: "check_serve.py exited \(process.terminationStatus) without a report:\n\(text)")
    }
    return try JSONDecoder().decode(ServeBrowserReport.self, from: data)
}

/// The checks every run must have made (and passed): a check that did not run is a failure, not a pass.
let requiredServeChecks = [
    "the page connects to its server", "no element is replaced by a state change", "a tap on a text field opens its editor",
    "a save changes every panel without a reload", "the state is kept across the save", "the Dynamic Type choice is kept",
    "a broken save shows its problem with a line and column", "the last good render stays under the overlay",
    "the next save clears the overlay and updates the page", "the state survives the broken save", "Host: attacker.example is refused",
    "/../../etc/passwd is refused", "/%2e%2e/%2e%2e/etc/passwd is refused", "the page's CSP allows only the server's own script",
    "no Content-Security-Policy violation is logged", "the page was never reloaded", "SIGTERM stops the server with exit 0",
]

@Suite(.serialized) struct ServeBrowserTests {
    @Test func `in Chromium a served page is interactive, live, shows broken saves and recovers`() throws {
        let report = try runServeCheck([])
        #expect(report.failures.isEmpty, "\(report.failures)")
        for name in requiredServeChecks + [
            "a tap on increment changes the same texts in every panel", "the bound text reads Count: 1 in every panel",
            "typing into name-field echoes in every panel", "the greeting bound to the field reads Hello, Zed! in every panel",
            "a state edit naming an unknown variable is refused with its pointer", "a state edit is applied to every panel",
            "a named preview can be picked", "payload markup runs nothing", "payload markup is shown as text",
        ] {
            #expect(report.checks[name] == true, "\(name)")
        }
        #expect(report.checks.keys.contains { $0.hasPrefix("only the changed elements are touched") && report.checks[$0] == true })
        #expect(report.checks.keys.contains { $0.hasPrefix("a scroll view keeps its scroll position") && report.checks[$0] == true })
        #expect((report.panels ?? 0) >= 10, "the default matrix")
    }

    @Test func `in Chromium the order example (templates, inputs, previews) is interactive and live`() throws {
        let report = try runServeCheck(["--payload", "Examples/order.json"])
        #expect(report.failures.isEmpty, "\(report.failures)")
        for name in requiredServeChecks { #expect(report.checks[name] == true, "\(name)") }
        #expect(report.checks.keys.contains { $0.hasPrefix("a tap on") && report.checks[$0] == true })
        #expect(report.checks.keys.contains { $0.hasPrefix("typing into") && report.checks[$0] == true })
    }
}
