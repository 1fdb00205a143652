import Foundation
import Testing

/// Payloads with numbers that used to trap `sdui` (SIGILL in `formatSize`) or poison its frames, through
/// every command that lays out: no signal, an exit code from the documented set, and only finite frames.
@Suite struct HostileNumberCommandTests {
    /// Numbers past the payload's limits: refused with exit 65 and the pointer, never laid out.
    @Test(arguments: [
        (#"{"schemaVersion": 1, "root": {"type": "vstack", "spacing": 1e308, "children": [{"type": "color"}, {"type": "color"}]}}"#, "/root/spacing"),
        (#"{"schemaVersion": 1, "root": {"type": "vstack", "children": [{"type": "color", "frame": {"width": 1e300, "height": 1e300}}, {"type": "text", "text": "hi"}]}}"#, "/root/children/0/frame/width"),
        (#"{"schemaVersion": 1, "root": {"type": "vstack", "children": [{"type": "color", "aspectRatio": 1e-300}]}}"#, "/root/children/0/aspectRatio"),
        (#"{"schemaVersion": 1, "root": {"type": "vstack", "children": [{"type": "fancy", "price": 1e400}]}}"#, "/root/children/0/price"),
    ])
    func `numbers past the limits exit 65 with their pointer in every command`(json: String, pointer: String) throws {
        let path = try temporaryFile(Array(json.utf8))
        for command in [["validate", path], ["layout", path, "--window", "1x1"], ["layout", path, "--round"], ["lint", path, "--devices", "iphone-se-3"],
                        ["render", path], ["render", path, "--format", "svg"]] {
            let run = try sdui(command)
            #expect(run.exitCode == 65, "\(command): \(run.stderr)")
            #expect((run.stdout + run.stderr).contains(pointer), "\(command): \(run.stdout)\(run.stderr)")
        }
    }

    /// Within the limits but hard on the arithmetic: nested `fill` aspect ratios (×1000 per level), a 64-column grid
    /// in a 1-pt window, the largest spacings and paddings.
    static var withinLimits: [String] {
        var nested = #"{"type": "color"}"#
        for level in 0..<100 {
            nested = #"{"type": "zstack", "aspectRatio": \#(level % 2 == 0 ? "1000" : "0.001"), "contentMode": "fill", "children": [\#(nested)]}"#
        }
        return [
            #"{"schemaVersion": 1, "root": \#(nested)}"#,
            #"{"schemaVersion": 1, "root": {"type": "grid", "columns": 64, "children": [{"type": "text", "text": "hello world"}, {"type": "button", "title": "Buy"}, {"type": "image", "aspectRatio": 1000}]}}"#,
            #"{"schemaVersion": 1, "root": {"type": "scroll", "spacing": 100000, "children": [{"type": "vstack", "spacing": 100000, "padding": 100000, "children": [{"type": "spacer", "minLength": 100000}, {"type": "text", "text": "x", "padding": 100000}, {"type": "color", "frame": {"minHeight": 100000, "maxWidth": "infinity"}}]}, {"type": "color", "aspectRatio": 0.001}]}}"#,
        ]
    }

    @Test(arguments: withinLimits.indices)
    func `payloads within the limits lay out finite frames in every command`(payload: Int) throws {
        let path = try temporaryFile(Array(Self.withinLimits[payload].utf8))
        for window in ["1x1", "375x667", "10000x1"] {
            for extra in [[], ["--round"]] {
                let run = try sdui(["layout", path, "--window", window, "--format", "json"] + extra)
                #expect(run.exitCode == 0, "\(window) \(extra): \(run.stderr)")
                let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
                let nodes = try #require(doc["nodes"] as? [[String: Any]])
                for node in nodes {
                    let frame = try #require(node["frame"] as? [String: Any])
                    for key in ["x", "y", "width", "height"] {
                        let value = try #require(frame[key] as? Double, "\(window) \(extra): \(node)")
                        #expect(value.isFinite && abs(value) < 1e15, "\(window) \(extra): \(node)")
                    }
                }
            }
        }
        for command in [["lint", path, "--devices", "iphone-se-3,ipad-pro-13-m4"], ["render", path], ["render", path, "--format", "svg"],
                        ["preview", path, "--devices", "iphone-se-3", "-o", FileManager.default.temporaryDirectory.appendingPathComponent("sdui-\(UUID()).html").path],
                        ["simulate", path, "--steps", "rotate,content-size:AX5"]] {
            let run = try sdui(command)
            #expect([0, 1].contains(run.exitCode), "\(command): exit \(run.exitCode) \(run.stderr)")
        }
    }
}
