import Foundation
import Testing

/// `--layout-direction` on the commands that lay out, and `sdui lint --layout-directions`.
@Suite struct LayoutDirectionCommandTests {
    static func frames(_ json: String) throws -> [String: [Double]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let nodes = try #require(object["nodes"] as? [[String: Any]])
        var frames: [String: [Double]] = [:]
        for node in nodes {
            let id = try #require(node["id"] as? String), f = try #require(node["frame"] as? [String: Double])
            frames[id] = [f["x"] ?? .nan, f["y"] ?? .nan, f["width"] ?? .nan, f["height"] ?? .nan]
        }
        return frames
    }

    @Test func `layout --layout-direction rightToLeft mirrors every frame in the window and says so`() throws {
        let ltr = try sdui(["layout", "Examples/storefront.json", "--device", "iphone-se-3"])
        let rtl = try sdui(["layout", "Examples/storefront.json", "--device", "iphone-se-3", "--layout-direction", "rightToLeft"])
        #expect(ltr.exitCode == 0 && rtl.exitCode == 0, "\(rtl.stderr)")
        #expect(rtl.stdout.contains("\"layoutDirection\" : \"rightToLeft\"") || rtl.stdout.contains("\"layoutDirection\": \"rightToLeft\""))
        let a = try Self.frames(ltr.stdout), b = try Self.frames(rtl.stdout)
        #expect(a.count == b.count && a.count > 20)
        for (id, f) in a {
            let g = try #require(b[id])
            #expect(abs(g[0] - (375 - f[0] - f[2])) < 1e-6 && g[1] == f[1] && g[2] == f[2] && g[3] == f[3], "\(id): \(f) → \(g)")
        }
        let text = try sdui(["layout", "Examples/storefront.json", "--device", "iphone-se-3", "--layout-direction", "rightToLeft",
                             "--format", "text"])
        #expect(text.stdout.split(separator: "\n").first?.hasSuffix(", right to left") == true)
    }

    @Test func `a layout direction that is not one is a usage error naming the option`() throws {
        let bad = try sdui(["layout", "Examples/storefront.json", "--layout-direction", "upsideDown"])
        #expect(bad.exitCode == 64)
        #expect(bad.stderr.contains("--layout-direction: expected leftToRight or rightToLeft, got \"upsideDown\""))
        let lint = try sdui(["lint", "Examples/storefront.json", "--layout-directions", "sideways"])
        #expect(lint.exitCode == 64)
        #expect(lint.stderr.contains("--layout-directions"))
        // Only the documented spellings: an abbreviation or another case is refused with the name to use.
        for (given, meant) in [("rtl", "rightToLeft"), ("RightToLeft", "rightToLeft"), ("ltr", "leftToRight")] {
            let run = try sdui(["layout", "Examples/storefront.json", "--layout-direction", given])
            #expect(run.exitCode == 64, "\(given)")
            #expect(run.stderr.contains("did you mean \(meant)?"), "\(run.stderr)")
        }
        #expect(try sdui(["lint", "Examples/storefront.json", "--layout-directions", "all"]).exitCode == 64)
    }

    @Test func `lint --layout-directions both lays out twice as many windows and finds the same problems`() throws {
        let one = try sdui(["lint", "Examples/news-feed.json", "--devices", "iphone-se-3,ipad-pro-13-m4", "--format", "json"])
        let both = try sdui(["lint", "Examples/news-feed.json", "--devices", "iphone-se-3,ipad-pro-13-m4", "--format", "json",
                             "--layout-directions", "both"])
        #expect(one.exitCode == both.exitCode, "\(both.stderr)")
        let a = try #require(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
        let b = try #require(try JSONSerialization.jsonObject(with: Data(both.stdout.utf8)) as? [String: Any])
        #expect((b["layouts"] as? Double) == 2 * ((a["layouts"] as? Double) ?? 0))
        let codes = { (o: [String: Any]) in ((o["diagnostics"] as? [[String: Any]]) ?? []).map { "\($0["code"] ?? "") \($0["path"] ?? "")" } }
        #expect(codes(a) == codes(b), "a mirrored layout has the same diagnostics")
    }

    @Test func `preview and render draw right-to-left panels`() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-rtl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let out = dir.appendingPathComponent("p.html").path
        let preview = try sdui(["preview", "Examples/storefront.json", "-o", out, "--devices", "iphone-se-3", "--content-sizes", "Large",
                                "--layout-direction", "rightToLeft"])
        #expect(preview.exitCode == 0, "\(preview.stderr)")
        let page = try String(contentsOfFile: out, encoding: .utf8)
        #expect(page.contains("class=\"sdui-panel\" data-device=\"iphone-se-3\""))
        #expect(page.contains(" dir=\"rtl\" data-layout-direction=\"rightToLeft\""))
        let render = try sdui(["render", "Examples/storefront.json", "--device", "iphone-se-3", "--format", "svg",
                               "--layout-direction", "rightToLeft"])
        #expect(render.exitCode == 0)
        #expect(render.stdout.contains("data-layout-direction=\"rightToLeft\""))
    }
}
