import Foundation
import Testing

/// Reviewed reference files under `Tests/SDUIRenderTests/__Snapshots__/`.
///
/// A missing reference fails (CI never records); `SDUI_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests`
/// writes the references, which are then reviewed (see docs/render.md) and committed.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    static var isRecording: Bool { ProcessInfo.processInfo.environment["SDUI_RECORD_SNAPSHOTS"] == "1" }

    /// Compares `actual` with the reference `name`, recording it in record mode.
    static func assert(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url)
            } catch {
                Issue.record("cannot record \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("""
                no reference snapshot \(url.path).
                Record it with `SDUI_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests`, review it (docs/render.md) and commit it.
                """, sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        let actualURL = FileManager.default.temporaryDirectory.appendingPathComponent(name + ".actual")
        try? Data(actual.utf8).write(to: actualURL)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(e.count, a.count)).first { e[$0] != a[$0] } ?? min(e.count, a.count)
        Issue.record("""
            \(name) differs from its reference at line \(line + 1):
              expected: \(line < e.count ? String(e[line].prefix(300)) : "<end of file>")
              actual:   \(line < a.count ? String(a[line].prefix(300)) : "<end of file>")
            The new output is in \(actualURL.path) (diff it against the reference). If the change is intended,
            re-record with `SDUI_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests`, review and commit.
            """, sourceLocation: sourceLocation)
    }
}
