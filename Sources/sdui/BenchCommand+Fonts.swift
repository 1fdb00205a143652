import Dispatch
import Foundation
import SDUIDisplay
import SDUIEnvironment
import SDUIFixtures
import SDUILayout
import SDUISchema

extension BenchCommand {
    /// `cards-100-text-first-layout-custom-font`: `cards-100-text-first-layout` (measured just before it, in the same
    /// run) with the text in the bundled Inter files read as a `FontCollection` (`fontFamily: "Inter"`).
    static func customFontBenchmarks(runs: Int, selected: (String) -> Bool, in window: WindowEnvironment, traits: TraitCollection,
                                     warmUp: (Screen, WindowEnvironment, TraitCollection)) throws(CLIError) -> [Measurement] {
        let name = "cards-100-text-first-layout-custom-font"
        guard selected(name) else { return [] }
        var fonts = FontCollection()
        for face in BundledFonts.faces where face.family == "Inter" {
            guard let url = BundledFonts.url(of: face), let bytes = try? [UInt8](Data(contentsOf: url)),
                  (try? fonts.addFaces(from: bytes, file: face.fileName)) != nil else {
                throw CLIError(message: "sdui bench: the bundled \(face.fileName) is missing or unreadable", exitCode: ExitCode.software)
            }
        }
        let twins = [BenchmarkFixtures.cards(textTitles: true, fontFamily: "Inter"), BenchmarkFixtures.cards(textTitles: true, fontFamily: "Inter")]
        let engine = LayoutEngine(fonts: fonts)
        _ = engine.layout(warmUp.0, in: warmUp.1, traits: warmUp.2)  // another screen first: buffers grown
        var screen = twins[0]
        return [time(name, runs, setup: { i in
            engine.invalidate()
            screen = Screen(id: twins[i % 2].id, root: twins[i % 2].root)
        }) { _ in
            engine.layout(screen, in: window, traits: traits).nodeCount
        }]
    }

    /// The font benchmarks (see the help): reading a font file, and measuring text in a face read from one against
    /// the built-in face, measured in the same run.
    /// `files` (`--font`) are each read as `font-load-<file name>` too, beside the bundled Inter.
    static func fontBenchmarks(runs: Int, selected: (String) -> Bool, files: [String] = []) throws(CLIError) -> [Measurement] {
        let names = ["font-load-inter-regular", "text-200-measure-built-in", "text-200-measure-loaded-face"]
        guard names.contains(where: selected) || !files.isEmpty else { return [] }
        guard let face = BundledFonts.faces.first(where: { $0.postScriptName == "Inter-Regular" }),
              let url = BundledFonts.url(of: face), let bytes = try? [UInt8](Data(contentsOf: url)) else {
            throw CLIError(message: "sdui bench: the bundled Inter-Regular.otf is missing from SDUIDisplay's resources",
                           exitCode: ExitCode.software)
        }
        var results: [Measurement] = []
        if selected("font-load-inter-regular") {
            var measurement = time("font-load-inter-regular", runs / 10) { _ in
                (try? FontFile.faces(in: bytes, file: face.fileName).count) ?? 0
            }
            measurement.bytes = bytes.count
            results.append(measurement)
        }
        for path in files {
            let fileBytes = try FontOptions.readFont(path)
            let name = (path as NSString).lastPathComponent
            do {
                _ = try FontFile.faces(in: fileBytes, file: name)
            } catch {
                throw CLIError(message: "\(error.description) (\(error.code.rawValue))", exitCode: ExitCode.dataError)
            }
            var measurement = time("font-load-" + name, max(1, runs / 10)) { _ in
                (try? FontFile.faces(in: fileBytes, file: name).count) ?? 0
            }
            measurement.bytes = fileBytes.count
            results.append(measurement)
        }
        guard let loaded = try? FontFile.faces(in: bytes, file: face.fileName).first else { return results }
        // 200 strings as the text cards have them: 100 product titles, 100 prices.
        let words = ["Trail", "Runner", "Wireless", "Earbuds", "Pro", "Max", "Waterproof", "Jacket", "Ultralight", "Tent",
                     "Coffee", "Grinder", "Yoga", "Mat", "Travel", "Pillow", "AV", "Office", "Affluent", "Wave"]
        let strings = (0..<100).map { i in (0..<(2 + i % 3)).map { words[(i * 7 + $0 * 3) % words.count] }.joined(separator: " ") }
            + (0..<100).map { "$\($0 * 3 + 9).\($0 % 10)9" }
        for (name, font) in [("text-200-measure-built-in", FontSpec(size: 17, weight: 400, lineHeight: 22)),
                             ("text-200-measure-loaded-face", FontSpec(size: 17, weight: 400, lineHeight: 22, face: loaded))]
        where selected(name) {
            let measurer = TextMeasurer()
            results.append(time(name, runs / 4, setup: { _ in measurer.removeAllCachedLayouts() }) { _ in
                var lines = 0
                for string in strings { lines += measurer.measure(string, font: font, maxWidth: 160, lineLimit: 2).lines.count }
                return lines
            })
        }
        return results
    }
}
