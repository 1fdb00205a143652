import Foundation
import Testing

/// `--proposal WxH` on layout, render, accessibility and lint: a payload laid out as a view embedded at a proposal.
@Suite struct ProposalCommandTests {
    static let card = "Examples/sections/product-card.json"

    static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func `layout --proposal 320xnil puts the root at the origin, 320 wide, and prints the proposal and size`() throws {
        let run = try sdui(["layout", Self.card, "--proposal", "320xnil"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let json = try Self.object(run.stdout)
        let environment = try #require(json["environment"] as? [String: Any])
        let proposal = try #require(environment["proposal"] as? [String: Any])
        #expect(proposal["width"] as? Double == 320 && proposal["height"] is NSNull)
        #expect((environment["safeArea"] as? [String: Double])?.values.allSatisfy { $0 == 0 } == true)
        let nodes = try #require(json["nodes"] as? [[String: Any]])
        let root = try #require(nodes.first?["frame"] as? [String: Double])
        #expect(root["x"] == 0 && root["y"] == 0 && root["width"] == 320)
        let window = try #require(environment["window"] as? [String: Double])
        #expect(window["width"] == 320 && window["height"] == root["height"])
        let text = try sdui(["layout", Self.card, "--proposal", "320xnil", "--format", "text"])
        let header = try #require(text.stdout.split(separator: "\n").first)
        #expect(header.contains("at proposal 320×nil, size 320×"), "\(header)")
    }

    @Test func `nilxnil gives the ideal size, and a 320-wide proposal of the ideal height gives the same height`() throws {
        let ideal = try Self.object(try sdui(["layout", Self.card, "--proposal", "nilxnil"]).stdout)
        let idealRoot = try #require((ideal["nodes"] as? [[String: Any]])?.first?["frame"] as? [String: Double])
        #expect(idealRoot["x"] == 0 && idealRoot["y"] == 0 && (idealRoot["width"] ?? 0) > 320, "one-line title: wider than a phone")
        let fitted = try Self.object(try sdui(["layout", Self.card, "--proposal", "320xnil"]).stdout)
        let height = try #require(((fitted["nodes"] as? [[String: Any]])?.first?["frame"] as? [String: Double])?["height"])
        let exact = try Self.object(try sdui(["layout", Self.card, "--proposal", "320x\(height)"]).stdout)
        let exactRoot = try #require((exact["nodes"] as? [[String: Any]])?.first?["frame"] as? [String: Double])
        #expect(exactRoot["width"] == 320 && abs((exactRoot["height"] ?? 0) - height) < 1e-9)
        let times = try sdui(["layout", Self.card, "--proposal", "320×nil"])
        #expect(times.exitCode == 0, "the spelling the text output prints is accepted: \(times.stderr)")
    }

    @Test func `render and accessibility take the proposal too`() throws {
        let html = try sdui(["render", Self.card, "--proposal", "320xnil"])
        #expect(html.exitCode == 0, "\(html.stderr)")
        #expect(html.stdout.contains("data-node-id=\"card\"") && html.stdout.contains("data-frame=\"0,0,320,"))
        let elements = try sdui(["accessibility", Self.card, "--proposal", "320xnil", "--format", "text"])
        #expect(elements.exitCode == 0, "\(elements.stderr)")
        // The card combines its children into one element at the card's frame, at the origin.
        #expect(elements.stdout.contains("(0, 0, 320, "), "\(elements.stdout)")
    }

    @Test func `lint --proposal lays the section out embedded in every configuration`() throws {
        let wide = try temporaryFile(Array("""
        {"schemaVersion": 1, "id": "wide", "root": {"type": "color", "id": "banner", "color": "red", "frame": {"width": 400, "height": 50}}}
        """.utf8))
        let embedded = try sdui(["lint", wide, "--proposal", "320xnil", "--format", "json"])
        #expect(embedded.exitCode == 1, "a 400-pt banner overflows a 320-pt section: \(embedded.stdout)")
        #expect(embedded.stdout.contains("content-overflow"))
        let ideal = try sdui(["lint", wide, "--proposal", "nilxnil"])
        #expect(ideal.exitCode == 0, "at its ideal size nothing overflows: \(ideal.stdout)")
        let card = try sdui(["lint", Self.card, "--proposal", "320xnil", "--content-sizes", "Large"])
        #expect(card.exitCode == 0, "\(card.stdout)")
    }

    @Test(arguments: ["320", "320x", "-1xnil", "nanx10", "infxnil", "320x100001", "wide x nil", "320×nil×2"])
    func `a proposal that is not WxH with points or nil is a usage error naming the option`(_ text: String) throws {
        let run = try sdui(["layout", Self.card, "--proposal", text])
        #expect(run.exitCode == 64)
        #expect(run.stderr.contains("--proposal: expected WIDTHxHEIGHT"), "\(run.stderr)")
    }

    @Test func `a proposal and a scroll offset cannot be combined`() throws {
        let run = try sdui(["layout", Self.card, "--proposal", "320xnil", "--scroll-offset", "10"])
        #expect(run.exitCode == 64)
        #expect(run.stderr.contains("--proposal and --scroll-offset cannot be combined"))
    }
}
