import Foundation
import Testing

/// Font files this project has never seen — Debian's Open Sans (a `kern` table), Roboto and Noto Serif (GPOS
/// kerning, TrueType) and EB Garamond (CFF outlines, ligatures) — read with `sdui preview --font-dir`/`--font`,
/// drawn by headless Chromium from the page's `@font-face` rules, and compared line by line with the engine: every
/// single line as wide as the engine measured it (within 0.5 %), every wrapped paragraph broken at the same places.
/// None of these files is in the repository or was used to develop the reader (Scripts/test installs them).
@Suite(.serialized) struct FontBrowserTests {
    static let fontArguments = [
        "--font-dir", "/usr/share/fonts/truetype/open-sans",
        "--font-dir", "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF",
        "--font-dir", "/usr/share/fonts/opentype/ebgaramond",
        "--font", "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf",
        "--font", "/usr/share/fonts/truetype/noto/NotoSerif-Bold.ttf",
        "--font", "/usr/share/fonts/truetype/noto/NotoSerif-Italic.ttf",
    ]
    static let families = ["Open Sans", "Roboto", "Noto Serif", "EB Garamond"]

    /// Kerning pairs, accented Latin, ligature candidates, figures and punctuation.
    static let lines = [
        "AVATAR Wave To Yo LT Te Va P. F. y, r. AWAY",
        "Dvořák · Ærøskøbing · Łódź · façade naïve · Šibenik · Ñandú",
        "office affine fjord flight waffle ffi ffl fl Th",
        "$1,234.50 — 12:45 “quoted” (parens) 100% €9",
    ]
    static let paragraph = "The quick brown fox jumps over the lazy dog while a wary vixen waves away fifty-five "
        + "official flyers, naïve and sure; AVATAR, Łódź and the fjord’s waffle office wait."

    /// Every family in regular, bold and italic at 11…34 pt; paragraphs wrapped at three widths.
    static var corpus: String {
        var nodes: [String] = []
        func quoted(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        for (f, family) in families.enumerated() {
            for (s, style) in ["", #", "weight": "bold""#, #", "italic": true"#].enumerated() {
                for size in [11, 13, 15, 17, 20, 24, 28, 34] {
                    for (k, line) in lines.enumerated() {
                        nodes.append(#"{"type": "text", "id": "f\#(f)s\#(s)z\#(size)l\#(k)", "text": \#(quoted(line)), "fontFamily": \#(quoted(family)), "fontSize": \#(size)\#(style)}"#)
                    }
                }
                for size in [13, 17, 24] {
                    for width in [150, 230, 310] {
                        nodes.append(#"{"type": "text", "id": "f\#(f)s\#(s)p\#(size)w\#(width)", "text": \#(quoted(paragraph)), "fontFamily": \#(quoted(family)), "fontSize": \#(size)\#(style), "frame": {"width": \#(width)}}"#)
                    }
                }
            }
        }
        return #"{"schemaVersion": 1, "id": "font-corpus", "root": {"type": "scroll", "children": [{"type": "vstack", "alignment": "leading", "spacing": 4, "padding": 8, "children": [\#(nodes.joined(separator: ",\n"))]}]}}"#
    }

    @Test func `text in font files never seen is as wide in Chromium as the engine measured it, and breaks alike`() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sdui-font-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let payload = directory.appendingPathComponent("font-corpus.json")
        try Data(Self.corpus.utf8).write(to: payload)
        let page = directory.appendingPathComponent("font-corpus.html")
        let run = try sdui(["preview", payload.path, "-o", page.path, "--devices", "ipad-pro-13-m4:landscape,iphone-16",
                            "--content-sizes", "Large", "--format", "json"] + Self.fontArguments, timeout: 120)
        #expect(run.exitCode == 0, "\(run.stderr)")
        // Every family was found: the page draws the files, not the built-in face.
        #expect(!run.stderr.contains("font-not-found"))
        let html = try String(contentsOf: page, encoding: .utf8)
        let notFound = html.contains("font-not-found")
        #expect(!notFound, "a family of the corpus was not found")
        // (Open Sans 1.11 names its regular face "OpenSans".)
        let missing = ["OpenSans", "OpenSans-Bold", "OpenSans-Italic", "Roboto-Regular", "Roboto-Bold", "Roboto-Italic",
                       "NotoSerif-Regular", "NotoSerif-Bold", "NotoSerif-Italic", "EBGaramond12-Regular", "EBGaramond12-Bold",
                       "EBGaramond12-Italic"].filter { !html.contains("@font-face{font-family:\"SDUI \($0)\"") }
        #expect(missing.isEmpty, "faces not embedded: \(missing)")

        let report = directory.appendingPathComponent("report.json")
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", repositoryRoot.appendingPathComponent("Scripts/browser/check_page.py").path, page.path,
                           "--json", report.path, "--text-fidelity", "--skip-naive"]
        let output = Pipe()
        check.standardOutput = output
        check.standardError = output
        try check.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        print(text)
        #expect(check.terminationStatus != 2, "the browser check needs Chromium, chromedriver and selenium (Scripts/test installs them):\n\(text)")
        let data = try Data(contentsOf: report)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let fidelity = try #require(object["text"] as? [String: Any])
        let lines = fidelity["lines"] as? Int ?? 0
        // 4 families × 3 styles × (8 sizes × 4 lines + 9 paragraphs of several lines), in two windows (some measured
        // once: the same line in the same font and width).
        #expect(lines > 4 * 3 * (8 * 4 + 9 * 3))
        #expect((fidelity["max"] as? Double ?? 1) <= 0.005, "widest error \(fidelity["worst"] ?? "")")
        #expect(fidelity["differentBreaks"] as? Int == 0, "\(fidelity["breakExamples"] ?? "")")
        #expect((object["maxBoxError"] as? Double ?? 1) <= 0.5)
        #expect(object["overflowingLines"] as? Int == 0)
        // The lines were drawn in the loaded faces (the report names each line's first family).
        let worst = fidelity["worst"] as? [[String: Any]] ?? []
        #expect(worst.allSatisfy { ($0["family"] as? String ?? "").contains("SDUI ") && !($0["family"] as? String ?? "").contains("SDUI Inter") })
    }

    @Test func `bad font files end with their exit code and reason on every command that lays out`() throws {
        let payload = try temporaryFile(Array(#"{"schemaVersion": 1, "root": {"type": "text", "text": "x", "fontFamily": "Lato"}}"#.utf8))
        let truncated = try temporaryFile(Array((try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf"))).prefix(4000)),
                                          name: "OpenSans-cut.ttf")
        for command in [["layout"], ["lint"], ["render"], ["preview", "-o", payload + ".html"], ["accessibility"], ["simulate"],
                        ["serve", "--port", "0"]] {
            let missing = try sdui(command + [payload, "--font", "/nonexistent/Brand.ttf"])
            #expect(missing.exitCode == 66, "\(command) \(missing.stderr)")
            #expect(missing.stderr.contains("/nonexistent/Brand.ttf: cannot read: no such file or directory"))
            let bad = try sdui(command + [payload, "--font", truncated])
            #expect(bad.exitCode == 65, "\(command) \(bad.stderr)")
            #expect(bad.stderr.contains("OpenSans-cut.ttf: table '"), "\(bad.stderr)")
            let notFont = try sdui(command + [payload, "--font", payload])
            #expect(notFont.exitCode == 65)
            #expect(notFont.stderr.contains("not a TrueType, OpenType or TrueType collection file"))
            let emptyFolder = try sdui(command + [payload, "--font-dir", (truncated as NSString).deletingLastPathComponent + "/none"])
            #expect(emptyFolder.exitCode == 66)
        }
    }

    @Test func `layout with --font-dir measures in the files and lint reports an unknown family`() throws {
        let payload = try temporaryFile(Array(#"{"schemaVersion": 1, "root": {"type": "vstack", "children": [{"type": "text", "id": "a", "text": "AVATAR office", "fontFamily": "Open Sans"}, {"type": "text", "id": "b", "text": "AVATAR office", "fontFamily": "Open Sanz"}]}}"#.utf8))
        let layout = try sdui(["layout", payload, "--font-dir", "/usr/share/fonts/truetype/open-sans", "--format", "text"])
        #expect(layout.exitCode == 0)
        #expect(layout.stdout.contains("warning font-not-found b: font family \"Open Sanz\" not found (did you mean \"Open Sans\"?)"))
        let bare = try sdui(["layout", payload, "--format", "text"])
        // Open Sans is wider than the built-in Inter here: the frame changes with the files.
        #expect(layout.stdout.split(separator: "\n").first { $0.contains("text a ") } != bare.stdout.split(separator: "\n").first { $0.contains("text a ") })
        let lint = try sdui(["lint", payload, "--font-dir", "/usr/share/fonts/truetype/open-sans", "--devices", "iphone-16", "--content-sizes", "Large"])
        #expect(lint.exitCode == 1)
        #expect(lint.stdout.contains("warning font-not-found at b (/root/children/1)"))
    }
}
