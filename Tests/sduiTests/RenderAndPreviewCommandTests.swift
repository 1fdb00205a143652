import Foundation
import Testing

@Suite struct RenderAndPreviewCommandTests {
    static func outputPath(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    @Test func `preview without a file writes the built-in storefront page and says where`() throws {
        let out = try Self.outputPath("preview.html")
        let run = try sdui(["preview", "-o", out])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.contains("wrote \(URL(fileURLWithPath: out).standardizedFileURL.path)"))
        let page = try String(contentsOfFile: out, encoding: .utf8)
        #expect(page.contains("data-screen=\"storefront\""))
        #expect(page.contains("data-device=\"iphone-se-3\""))
        #expect(page.contains("data-mode=\"split-1/3\""))
        #expect(page.contains("@font-face"))
    }

    @Test func `preview without -o writes out/preview.html as the README says, a path the repository ignores`() throws {
        let directory = URL(fileURLWithPath: try Self.outputPath("x")).deletingLastPathComponent()
        let run = try sdui(["preview", "--devices", "iphone-se-3:portrait", "--content-sizes", "Large"], in: directory)
        #expect(run.exitCode == 0, "\(run.stderr)")
        let page = directory.appendingPathComponent("out/preview.html")
        #expect(FileManager.default.fileExists(atPath: page.path))
        #expect(run.stdout.contains("wrote \(page.standardizedFileURL.path)"), "\(run.stdout)")
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("swift run sdui preview") && readme.contains("→ out/preview.html"))
        // The repository's own rules ignore it (a preview run in a checkout leaves `git status` clean).
        let gitignore = try String(contentsOf: repositoryRoot.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(gitignore.split(separator: "\n").contains("/out/"))
    }

    @Test func `preview takes a device list and refuses an unknown device with exit 64`() throws {
        let out = try Self.outputPath("p.html")
        let ok = try sdui(["preview", "Examples/news-feed.json", "-o", out, "--devices", "iphone-se-3,ipad-pro-13-m4:landscape:split-2/3",
                           "--content-sizes", "Large"])
        #expect(ok.exitCode == 0, "\(ok.stderr)")
        let page = try String(contentsOfFile: out, encoding: .utf8)
        // iphone-se-3 is both its orientations (one --devices syntax with lint): three windows.
        #expect(page.components(separatedBy: "class=\"sdui-panel\"").count - 1 == 3)
        let bad = try sdui(["preview", "-o", out, "--devices", "iphone-99"])
        #expect(bad.exitCode == 64)
        #expect(bad.stderr.contains("--devices 'iphone-99': unknown device"))
        let portraitHalf = try sdui(["preview", "-o", out, "--devices", "ipad-pro-13-m4:portrait:split-1/2"])
        #expect(portraitHalf.exitCode == 64)
    }

    @Test(arguments: ["svg", "html"])
    func `render draws one window in the asked format`(_ format: String) throws {
        let run = try sdui(["render", "Examples/storefront.json", "--device", "ipad-pro-13-m4", "--orientation", "landscape",
                            "--mode", "split-1/3", "--format", format])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.contains(format == "svg" ? "<svg xmlns=\"http://www.w3.org/2000/svg\"" : "<!DOCTYPE html>"))
        #expect(run.stdout.contains("data-mode=\"split-1/3\""))
        #expect(run.stdout.contains("data-node-id=\"products\""))
    }

    @Test func `render refuses a bad format, a missing file and an invalid payload with the right exit codes`() throws {
        #expect(try sdui(["render", "Examples/storefront.json", "--format", "png"]).exitCode == 64)
        #expect(try sdui(["render"]).exitCode == 64)
        #expect(try sdui(["render", "no-such-file.json"]).exitCode == 66)
        let invalid = try temporaryFile(Array(#"{"schemaVersion": 1, "root": {"type": "image", "aspectRatio": -1}}"#.utf8))
        let run = try sdui(["render", invalid])
        #expect(run.exitCode == 65)
        #expect(run.stderr.contains("/root/aspectRatio"))
        let out = try Self.outputPath("x.svg")
        #expect(try sdui(["render", "Examples/storefront.json", "--format", "svg", "-o", out]).exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: out))
    }
}

@Test func `preview refuses a page that would be too large to open, with a way out`() throws {
    let items = (0..<20_000).map { _ in #"{"type": "color"}"# }.joined(separator: ",")
    let payload = try temporaryFile(Array(#"{"schemaVersion": 1, "root": {"type": "vstack", "children": [\#(items)]}}"#.utf8))
    let out = try RenderAndPreviewCommandTests.outputPath("big.html")
    let run = try sdui(["preview", payload, "-o", out])
    #expect(run.exitCode == 64)
    #expect(run.stderr.contains("pass fewer --devices or --content-sizes"))
    #expect(!FileManager.default.fileExists(atPath: out))
}

@Test(arguments: ["svg", "html"])
func `render streams the same bytes to a file as to standard output`(_ format: String) throws {
    let out = try RenderAndPreviewCommandTests.outputPath("streamed.\(format)")
    let arguments = ["render", "Examples/news-feed.json", "--device", "iphone-se-3", "--format", format]
    let toFile = try sdui(arguments + ["-o", out])
    #expect(toFile.exitCode == 0, "\(toFile.stderr)")
    #expect(toFile.stdout.isEmpty)
    let toStdout = try sdui(arguments)
    let file = try String(contentsOfFile: out, encoding: .utf8)
    #expect(file.hasSuffix(format == "svg" ? "</svg>\n" : "</body></html>\n"))
    #expect(file == toStdout.stdout, "the file and standard output differ")
}

@Test func `render into a directory or a missing folder is exit 73 with a plain message`() throws {
    let folder = try RenderAndPreviewCommandTests.outputPath("folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let intoFolder = try sdui(["render", "Examples/storefront.json", "-o", folder])
    #expect(intoFolder.exitCode == 73)
    #expect(intoFolder.stderr.contains("\(folder): cannot write: is a directory"))
    let missing = try sdui(["render", "Examples/storefront.json", "-o", folder + "/no/such/dir/x.html"])
    #expect(missing.exitCode == 73)
    #expect(missing.stderr.contains("cannot write"))
}

@Test func `preview counts text lines against its element budget`() throws {
    // 1 500 nodes × 39 layouts (13 windows × 3 sizes) is 58 500 node elements, well inside the budget; but every
    // text wraps into many lines (≈13 on a phone), and lines are elements too: the page is refused before anything
    // is written.
    let text = Array(repeating: "word", count: 100).joined(separator: " ")
    let items = (0..<1_500).map { _ in #"{"type": "text", "text": "\#(text)"}"# }.joined(separator: ",")
    let payload = try temporaryFile(Array(#"{"schemaVersion": 1, "root": {"type": "scroll", "children": [{"type": "vstack", "children": [\#(items)]}]}}"#.utf8))
    let out = try RenderAndPreviewCommandTests.outputPath("lines.html")
    let run = try sdui(["preview", payload, "-o", out], timeout: 120)
    #expect(run.exitCode == 64, "\(run.stderr)")
    #expect(run.stderr.contains("more than 500000 elements (nodes, text lines and diagnostics)"))
    #expect(!FileManager.default.fileExists(atPath: out))
}
